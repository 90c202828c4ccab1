// What the agent does with each extension at start (`run_extension_discovery`, src/main.rs:6519-6640 at
// eec3f33; RULES.md §4): discovery (./discovery.ts), then, for each candidate, in order — nats and http ones
// are never started and their requirements never checked; a stdio one with any missing bin or env is skipped
// ("extension skipped: declared preconditions not satisfied"), so none of its tools exist; the rest are
// spawned, with the environment the secret filter leaves (./secrets.ts). The boot decision per manifest:
//   spawn · skipped_requires · not_started · invalid · duplicate · not_found
// said in the shared vocabulary too (`loaded`, `hidden`, `not_loadable`, `not_found`).

import { promises as fsp } from 'node:fs';
import * as nodePath from 'node:path';
import type { Color, Diagnostic } from '../../../types';
import { colorOfVerdict, type HiddenBy, type RuntimeVerdict } from '../../types';
import {
  DEFAULT_MAX_DEPTH,
  MANIFEST_FILENAME,
  nestedIndexes,
  OTHER_SCHEMA_FILENAME,
  pathCmp,
  walkSearchPaths,
  type DiscoveryOptions,
  type UnreadManifest,
} from './discovery';
import { analyzeManifest, diagnosticAt, type ManifestAnalysis, unreadableManifest } from './findings';
import type { ExtensionManifest, ManifestErrorVariant, TransportKind } from './manifest';
import { type ExtensionMachine, missingRequires, type RequiresMissing } from './requires';
import { ADDED_BY_AGENT, blockedBy, type EnvFilter, filterEnv } from './secrets';

export type BootDecision = 'spawn' | 'skipped_requires' | 'not_started' | 'invalid' | 'duplicate' | 'not_found';

/** Larger manifests are not read here (nexo-rs would read them; nothing sensible is that large). */
export const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;

export interface DeclaredEnv {
  name: string;
  /** Set and non-empty on this machine. */
  set: boolean;
  /** The secret-filter rule that strips it from the extension's process, or null. */
  strippedBy: string | null;
}

export interface ExtensionReport {
  /** Absolute path of the manifest. */
  file: string;
  /** As nexo-rs displays it in its logs. */
  display: string;
  id: string | null;
  boot: BootDecision;
  verdict: RuntimeVerdict;
  color: Color;
  hiddenBy: HiddenBy[];
  transport: TransportKind | null;
  manifest: ExtensionManifest | null;
  error: { variant: ManifestErrorVariant; message: string } | null;
  /** `Requires::missing()`, in declaration order (stdio and nats/http alike; the agent checks stdio only). */
  missing: RequiresMissing;
  declaredEnv: DeclaredEnv[];
  /** The declared names the filter strips. */
  envStripped: string[];
  /** What its process would receive of the agent's environment (stdio only). */
  envFilter: EnvFilter | null;
  /** What the agent does, in its words. */
  reason: string;
  diagnostics: Diagnostic[];
  /** The text analysis (an editor reuses it). */
  analysis: ManifestAnalysis | null;
}

const VERDICTS: Record<BootDecision, { verdict: RuntimeVerdict; hiddenBy: (m: RequiresMissing) => HiddenBy[] }> = {
  spawn: { verdict: 'loaded', hiddenBy: () => [] },
  skipped_requires: { verdict: 'hidden', hiddenBy: (m) => [...(m.bins.length ? (['bins'] as const) : []), ...(m.env.length ? (['env'] as const) : [])] },
  not_started: { verdict: 'hidden', hiddenBy: () => ['config'] },
  invalid: { verdict: 'not_loadable', hiddenBy: () => [] },
  duplicate: { verdict: 'hidden', hiddenBy: () => ['duplicate_name'] },
  not_found: { verdict: 'not_found', hiddenBy: () => [] },
};

function report(base: Omit<ExtensionReport, 'verdict' | 'color' | 'hiddenBy'>): ExtensionReport {
  const v = VERDICTS[base.boot];
  return { ...base, verdict: v.verdict, color: colorOfVerdict(v.verdict), hiddenBy: v.hiddenBy(base.missing) };
}

async function readText(file: string, display: string): Promise<ManifestAnalysis> {
  try {
    const st = await fsp.stat(file);
    if (st.size > MAX_MANIFEST_BYTES) return unreadableManifest(display, `larger than ${MAX_MANIFEST_BYTES / 1024 / 1024} MiB: not read by skill-author`);
    const bytes = await fsp.readFile(file);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      // `read_to_string`'s io error for bytes that are not UTF-8.
      return unreadableManifest(display, 'stream did not contain valid UTF-8');
    }
    return analyzeManifest(text);
  } catch (e) {
    return unreadableManifest(display, e instanceof Error ? e.message : String(e));
  }
}

const EMPTY: RequiresMissing = { bins: [], env: [] };

/** The findings of an extension on this machine, at the keys that declare them. */
function machineFindings(
  a: ManifestAnalysis,
  m: ExtensionManifest,
  machine: ExtensionMachine,
  missing: RequiresMissing,
  boot: BootDecision,
): { declaredEnv: DeclaredEnv[]; envFilter: EnvFilter | null; diagnostics: Diagnostic[] } {
  const at = a.read.at;
  const out: Diagnostic[] = [];
  const stdio = m.transport.kind === 'stdio';
  const span = (path: string) => at.get(path)?.value ?? at.get('plugin.id')?.value ?? { start: 0, end: 0 };
  if (stdio) {
    m.requires.bins.forEach((b, i) => {
      if (missing.bins.includes(b))
        out.push(
          diagnosticAt(
            a.lines,
            span(`requires.bins.${i}`),
            'nexo-ext-missing-bin',
            'warning',
            `\`${b}\` is not a file in any \`$PATH\` folder here: the agent skips this extension at start ("extension skipped: declared preconditions not satisfied"), so none of its tools exist.`,
          ),
        );
    });
    m.requires.env.forEach((e, i) => {
      if (missing.env.includes(e))
        out.push(
          diagnosticAt(
            a.lines,
            span(`requires.env.${i}`),
            'nexo-ext-missing-env',
            'warning',
            `\`${e}\` is unset or empty here: the agent skips this extension at start ("extension skipped: declared preconditions not satisfied"), so none of its tools exist.`,
          ),
        );
    });
  }
  const declaredEnv = m.requires.env.map((name) => ({ name, set: !missing.env.includes(name), strippedBy: blockedBy(name) }));
  declaredEnv.forEach((d, i) => {
    if (d.strippedBy === null) return;
    out.push(
      diagnosticAt(
        a.lines,
        span(`requires.env.${i}`),
        'nexo-ext-secret-stripped',
        'warning',
        `\`${d.name}\` ${d.strippedBy}: nexo-rs's secret filter strips it from the extension's environment, so its process will not receive it. Declaring it in \`requires.env\` does not change that in nexo-rs eec3f33 (the start gate checks it on the host; the process never sees it).`,
        { rule: d.strippedBy },
      ),
    );
  });
  let envFilter: EnvFilter | null = null;
  if (stdio) {
    envFilter = filterEnv(machine.env);
    if (boot === 'spawn') {
      const received = [...envFilter.passed, ...ADDED_BY_AGENT].sort();
      out.push(
        diagnosticAt(
          a.lines,
          at.get('transport.kind')?.value ?? span('plugin.id'),
          'nexo-ext-env-received',
          'information',
          `Its process receives ${received.length} variable${received.length === 1 ? '' : 's'} of the agent's environment: ${received.join(', ')}${envFilter.stripped.length ? `; the secret filter strips ${envFilter.stripped.join(', ')}` : ''}.`,
          { passed: envFilter.passed, stripped: envFilter.stripped },
        ),
      );
    }
  } else {
    out.push(
      diagnosticAt(
        a.lines,
        at.get('transport.kind')?.value ?? span('plugin.id'),
        'nexo-ext-not-started',
        'warning',
        `The agent never starts a ${m.transport.kind} extension (it logs "discovered extension" and goes on): its requirements are not checked and it registers no tools at start.`,
      ),
    );
  }
  return { declaredEnv, envFilter, diagnostics: out };
}

const UNREAD_WORDS: Record<UnreadManifest['reason'], (u: UnreadManifest, maxDepth: number) => string> = {
  too_deep: (_u, d) => `nexo-rs never reads this manifest: discovery stops ${d} levels below the search path.`,
  ignored_dir: (u) => `nexo-rs never reads this manifest: discovery skips every folder named \`${u.folder ?? ''}\`.`,
  file_name: () => 'nexo-rs never reads this manifest: discovery takes only a file named exactly `plugin.toml`.',
  symlink: () => 'nexo-rs never reads this manifest: discovery does not follow symbolic links.',
  other_schema: () => '`nexo-plugin.toml` is another schema (crates/plugin-manifest, `[plugin]` wrapper), not an extension manifest; it is not checked here.',
};

type Base = { file: string; display: string; analysis: ManifestAnalysis };

function invalid(base: Base): ExtensionReport {
  const a = base.analysis;
  const error = a.read.ok ? null : { variant: a.read.error.variant, message: a.read.error.message };
  const reason = 'extension discovery: the manifest does not load (an error is logged; the agent starts without it)';
  return report({
    ...base,
    id: null,
    boot: 'invalid',
    transport: null,
    manifest: null,
    error,
    missing: EMPTY,
    declaredEnv: [],
    envStripped: [],
    envFilter: null,
    reason,
    diagnostics: a.diagnostics,
  });
}

/** A candidate the agent keeps: not started (nats/http), skipped (requirements) or spawned. */
async function judgeLoaded(base: Base, m: ExtensionManifest, machine: ExtensionMachine): Promise<ExtensionReport> {
  const missing = await missingRequires(m.requires, machine);
  const boot: BootDecision = m.transport.kind !== 'stdio' ? 'not_started' : missing.bins.length || missing.env.length ? 'skipped_requires' : 'spawn';
  const mf = machineFindings(base.analysis, m, machine, missing, boot);
  const reason =
    boot === 'spawn'
      ? 'started; its tools are registered'
      : boot === 'skipped_requires'
        ? 'extension skipped: declared preconditions not satisfied'
        : `discovered extension (${m.transport.kind}): the agent never starts it`;
  return report({
    ...base,
    id: m.plugin.id,
    transport: m.transport.kind,
    manifest: m,
    error: null,
    boot,
    missing,
    declaredEnv: mf.declaredEnv,
    envStripped: mf.declaredEnv.filter((d) => d.strippedBy !== null).map((d) => d.name),
    envFilter: mf.envFilter,
    reason,
    diagnostics: [...base.analysis.diagnostics, ...mf.diagnostics],
  });
}

/** A file nexo-rs never reads as an extension manifest: one finding at its start. */
function unreadReport(file: string, display: string, code: string, severity: Diagnostic['severity'], reason: string): ExtensionReport {
  const d = diagnosticAt(analyzeManifest('').lines, { start: 0, end: 0 }, code, severity, reason);
  const none = { id: null, transport: null, manifest: null, error: null, missing: EMPTY, declaredEnv: [], envStripped: [], envFilter: null };
  return report({ file, display, analysis: null, boot: 'not_found', ...none, reason, diagnostics: [d] });
}

export interface ExtensionsCheck {
  extensions: ExtensionReport[];
  /** `scanned_dirs`: the `plugin.toml` files the agent's walk reached. */
  scanned: number;
  /** The walk's own warnings (a search path not found …). */
  warnings: { path: string; message: string }[];
}

/** Every manifest under the agent's search paths, judged as the agent would at start on this machine. */
export async function checkExtensions(opts: DiscoveryOptions, machine: ExtensionMachine): Promise<ExtensionsCheck> {
  const walk = await walkSearchPaths(opts);
  const analyses = await Promise.all(walk.manifests.map((w) => readText(w.file, w.display)));
  const out: ExtensionReport[] = [];
  // Candidates: the manifests that load.
  const cand = walk.manifests.map((w, i) => ({ w, a: analyses[i] as ManifestAnalysis })).filter((c) => c.a.read.ok);
  const nested = nestedIndexes(cand.map((c) => nodePath.dirname(c.w.file)));
  const survivors = cand.filter((_, i) => !nested.has(i));
  const order = [...survivors].sort((x, y) => x.w.rootIndex - y.w.rootIndex || pathCmp(nodePath.dirname(x.w.file), nodePath.dirname(y.w.file)));
  const firstOf = new Map<string, string>();
  for (const c of order) {
    const m = (c.a.read as { manifest: ExtensionManifest }).manifest;
    if (!firstOf.has(m.plugin.id)) firstOf.set(m.plugin.id, c.w.file);
  }
  for (const [i, w] of walk.manifests.entries()) {
    const a = analyses[i] as ManifestAnalysis;
    const base = { file: w.file, display: w.display, analysis: a };
    if (!a.read.ok) {
      out.push(invalid(base));
      continue;
    }
    const m = a.read.manifest;
    const common = { ...base, id: m.plugin.id, transport: m.transport.kind, manifest: m, error: null };
    const ci = cand.findIndex((c) => c.w.file === w.file);
    if (nested.has(ci)) {
      const d = diagnosticAt(
        a.lines,
        a.read.at.get('plugin.id')?.value ?? { start: 0, end: 0 },
        'nexo-ext-not-discovered',
        'warning',
        "nexo-rs drops this extension silently: its folder is inside another extension's folder, and discovery keeps only the outer one.",
      );
      out.push(
        report({
          ...common,
          boot: 'not_found',
          missing: EMPTY,
          declaredEnv: [],
          envStripped: [],
          envFilter: null,
          reason: 'nested inside another extension: dropped silently',
          diagnostics: [...a.diagnostics, d],
        }),
      );
      continue;
    }
    if (firstOf.get(m.plugin.id) !== w.file) {
      const first = firstOf.get(m.plugin.id) as string;
      const d = diagnosticAt(
        a.lines,
        a.read.at.get('plugin.id')?.value ?? { start: 0, end: 0 },
        'nexo-ext-duplicate-id',
        'warning',
        `nexo-rs loads another extension with this id first (${nodePath.relative(nodePath.dirname(w.file), nodePath.dirname(first)) || '.'}): "duplicate extension id \`${m.plugin.id}\`; keeping first".`,
      );
      out.push(
        report({
          ...common,
          boot: 'duplicate',
          missing: EMPTY,
          declaredEnv: [],
          envStripped: [],
          envFilter: null,
          reason: `duplicate extension id \`${m.plugin.id}\`; keeping first`,
          diagnostics: [...a.diagnostics, d],
        }),
      );
      continue;
    }
    out.push(await judgeLoaded(base, m, machine));
  }
  const maxDepth = Math.max(1, opts.maxDepth ?? DEFAULT_MAX_DEPTH);
  for (const u of walk.unread) {
    if (u.reason === 'other_schema') continue; // said only when that file itself is checked
    out.push(unreadReport(u.file, u.display, 'nexo-ext-not-discovered', 'warning', UNREAD_WORDS[u.reason](u, maxDepth)));
  }
  out.sort((x, y) => pathCmp(x.file, y.file));
  return { extensions: out, scanned: walk.manifests.length, warnings: walk.warnings };
}

/** One manifest judged on its own, as if discovered alone under the search path (`check path/plugin.toml`). */
export async function checkManifestFile(file: string, machine: ExtensionMachine, display = file): Promise<ExtensionReport> {
  if (nodePath.basename(file) === OTHER_SCHEMA_FILENAME)
    return unreadReport(
      file,
      display,
      'nexo-ext-other-schema',
      'information',
      UNREAD_WORDS.other_schema({ file, display, reason: 'other_schema' }, DEFAULT_MAX_DEPTH),
    );
  return judgeAnalysis({ file, display, analysis: await readText(file, display) }, machine);
}

/** The same for a manifest's text as an editor holds it (not yet saved): judged as `checkManifestFile`
 *  judges the file. */
export async function checkManifestText(file: string, text: string, machine: ExtensionMachine, display = file): Promise<ExtensionReport> {
  if (nodePath.basename(file) === OTHER_SCHEMA_FILENAME) return checkManifestFile(file, machine, display);
  const analysis =
    text.length > MAX_MANIFEST_BYTES
      ? unreadableManifest(display, `larger than ${MAX_MANIFEST_BYTES / 1024 / 1024} MiB: not read by skill-author`)
      : analyzeManifest(text);
  return judgeAnalysis({ file, display, analysis }, machine);
}

function judgeAnalysis(base: Base, machine: ExtensionMachine): Promise<ExtensionReport> | ExtensionReport {
  const a = base.analysis;
  return a.read.ok ? judgeLoaded(base, a.read.manifest, machine) : invalid(base);
}

/**
 * The extensions a `check PATH` judges, as the agent would find them when run from PATH: a folder holding
 * `extensions/` is the agent's working directory (its default search path `./extensions`); a folder named
 * `extensions` is that search path itself; a folder holding `plugin.toml`, or that file, is one extension.
 * Anything else holds no extension. The environment and platform are the agent's; its working directory
 * (for an empty or relative `$PATH` entry) is the folder it would run from.
 */
export async function checkExtensionsAt(target: string, machine: Omit<ExtensionMachine, 'cwd'>): Promise<ExtensionsCheck> {
  const none: ExtensionsCheck = { extensions: [], scanned: 0, warnings: [] };
  let st;
  try {
    st = await fsp.stat(target);
  } catch {
    return none;
  }
  const base = nodePath.basename(target);
  if (st.isFile()) {
    if (base !== MANIFEST_FILENAME && base !== OTHER_SCHEMA_FILENAME) return none;
    const r = await checkManifestFile(target, { ...machine, cwd: nodePath.dirname(target) });
    return { extensions: [r], scanned: 1, warnings: [] };
  }
  if (!st.isDirectory()) return none;
  const isDir = async (p: string): Promise<boolean> => (await fsp.stat(p).catch(() => null))?.isDirectory() ?? false;
  if (await isDir(nodePath.join(target, 'extensions'))) return checkExtensions({ cwd: target }, { ...machine, cwd: target });
  if (base === 'extensions') return checkExtensions({ cwd: nodePath.dirname(target) }, { ...machine, cwd: nodePath.dirname(target) });
  const own = nodePath.join(target, MANIFEST_FILENAME);
  if ((await fsp.stat(own).catch(() => null))?.isFile()) {
    const r = await checkManifestFile(own, { ...machine, cwd: target });
    return { extensions: [r], scanned: 1, warnings: [] };
  }
  return none;
}
