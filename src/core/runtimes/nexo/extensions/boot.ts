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
  DEFAULT_SEARCH_PATHS,
  MANIFEST_FILENAME,
  nestedIndexes,
  OTHER_SCHEMA_FILENAME,
  pathCmp,
  walkSearchPaths,
  type UnreadManifest,
} from './discovery';
import { LineIndex } from '../../../skill/text';
import { analyzeManifest, diagnosticAt, type ManifestAnalysis, unreadableManifest } from './findings';
import { type ExtensionsConfigFile, parseExtensionsConfig, readExtensionsConfig } from './config';
import { agentFolderOfConfig, isAgentFolder } from './locate';
import type { ExtensionManifest, ManifestErrorVariant, TransportKind } from './manifest';
import { type ExtensionMachine, missingRequires, type RequiresMissing } from './requires';
import { ADDED_BY_AGENT, blockedBy, type EnvFilter, filterEnv } from './secrets';

/** A loadable extension the configuration keeps from starting: the configuration is refused, the extension
 *  system is off (`enabled: false`), its id is in `disabled`, or not in a non-empty `allowlist`. */
export type ConfigExclusion = 'config_refused' | 'system_disabled' | 'disabled' | 'not_allowlisted';

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
  /** Why the agent's extensions configuration keeps a loadable extension from starting, or null. */
  excludedBy: ConfigExclusion | null;
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

function report(base: Omit<ExtensionReport, 'verdict' | 'color' | 'hiddenBy' | 'excludedBy'> & { excludedBy?: ConfigExclusion | null }): ExtensionReport {
  const v = VERDICTS[base.boot];
  return { ...base, excludedBy: base.excludedBy ?? null, verdict: v.verdict, color: colorOfVerdict(v.verdict), hiddenBy: v.hiddenBy(base.missing) };
}

/** The analyses of manifests read from disk, by file and stamp: an editor judging one manifest among the
 *  others at each edit reads theirs again only when they changed. */
const READ = new Map<string, { stamp: string; display: string; analysis: ManifestAnalysis }>();
const READ_MAX = 4096;

async function readText(file: string, display: string): Promise<ManifestAnalysis> {
  try {
    const st = await fsp.stat(file);
    const stamp = `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
    const known = READ.get(file);
    if (known && known.stamp === stamp && known.display === display) return known.analysis;
    const analysis = await readFresh(file, display, st.size);
    if (READ.size >= READ_MAX) READ.clear();
    READ.set(file, { stamp, display, analysis });
    return analysis;
  } catch (e) {
    return unreadableManifest(display, e instanceof Error ? e.message : String(e));
  }
}

async function readFresh(file: string, display: string, size: number): Promise<ManifestAnalysis> {
  try {
    if (size > MAX_MANIFEST_BYTES) return unreadableManifest(display, `larger than ${MAX_MANIFEST_BYTES / 1024 / 1024} MiB: not read by skill-author`);
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
    // Each declared requirement the machine lacks, at the place it is declared.
    const lacks = [
      { key: 'bins', declared: m.requires.bins, absent: missing.bins, code: 'nexo-ext-missing-bin', why: 'is not a file in any `$PATH` folder here' },
      { key: 'env', declared: m.requires.env, absent: missing.env, code: 'nexo-ext-missing-env', why: 'is unset or empty here' },
    ] as const;
    for (const l of lacks)
      l.declared.forEach((name, i) => {
        if (!l.absent.includes(name)) return;
        const words = `\`${name}\` ${l.why}: the agent skips this extension at start ("extension skipped: declared preconditions not satisfied"), so none of its tools exist.`;
        out.push(diagnosticAt(a.lines, span(`requires.${l.key}.${i}`), l.code, 'warning', words));
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
  too_deep: (_u, d) => `nexo-rs never reads this manifest: discovery stops ${d} level${d === 1 ? '' : 's'} below the search path.`,
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
  /** The agent's `extensions.yaml` when it has one, with what this machine adds to its findings (a search path
   *  not found, an allowlisted id never discovered). */
  config: ExtensionsConfigFile | null;
}

export interface ExtensionsOptions {
  /** The agent's working directory: relative search paths resolve here. */
  cwd: string;
  /** The agent's config folder (default `<cwd>/config`, as `agent` runs with `--config ./config`). */
  configDir?: string;
  /** The configuration already read (an editor's text); else read from `configDir`. */
  config?: ExtensionsConfigFile | null;
  /** Texts to judge in place of the files' (documents open in an editor), by absolute path. */
  texts?: ReadonlyMap<string, string>;
  /** Report only this manifest (the others are still read: its duplicates, nesting and the configuration's
   *  lists depend on them), so an editor's check of one file does not judge every extension on the machine. */
  only?: string;
}

const EXCLUSION_WORDS: Record<ConfigExclusion, (id: string, config: string) => string> = {
  config_refused: (_id, c) => `the agent refuses its configuration (${c}) and does not start, so it starts no extension`,
  system_disabled: (_id, c) => `\`enabled: false\` in ${c}: "extension system disabled via config"; nothing is discovered or started`,
  disabled: (id, c) => `\`extensions.disabled\` in ${c} lists \`${id}\`: discovery drops it`,
  not_allowlisted: (id, c) => `\`extensions.allowlist\` in ${c} does not list \`${id}\`: discovery keeps only the allowlisted ids`,
};

/** Every manifest under the agent's search paths, judged as the agent would at start on this machine, with the
 *  agent's `extensions.yaml` when it has one. */
export async function checkExtensions(opts: ExtensionsOptions, machine: ExtensionMachine): Promise<ExtensionsCheck> {
  const configDir = opts.configDir ?? nodePath.join(opts.cwd, 'config');
  const parsed =
    opts.config !== undefined ? opts.config : await readExtensionsConfig(configDir, { env: machine.env, cwd: machine.cwd, platform: machine.platform });
  // The findings this run adds go on a copy: the parsed file may be shared (an editor's analysis).
  const config = parsed ? { ...parsed, diagnostics: [...parsed.diagnostics] } : null;
  const refused = config?.error != null;
  // A refused configuration says nothing usable: its manifests are looked for where the defaults would look.
  const settings = config && !refused ? config.settings : null;
  const configName = config ? nodePath.relative(machine.cwd, config.path) || config.path : '';
  const walk = await walkSearchPaths({
    cwd: opts.cwd,
    ...(settings ? { searchPaths: settings.searchPaths, ignoreDirs: settings.ignoreDirs, maxDepth: settings.maxDepth } : {}),
  });
  if (config && settings?.enabled) {
    for (const w of walk.warnings) {
      const i = settings.searchPaths.indexOf(w.path);
      const span = config.at.get(`search_paths.${i}`) ?? config.at.get('search_paths') ?? { start: 0, end: 0 };
      config.diagnostics.push(
        diagnosticAt(
          new LineIndex(config.text),
          span,
          'nexo-ext-config-search-path',
          'warning',
          `nexo-rs warns "${w.message}" and looks nowhere else for this entry.`,
        ),
      );
    }
  }
  const analyses = await Promise.all(
    walk.manifests.map((w) => {
      const text = opts.texts?.get(w.file);
      return text !== undefined ? analyzeText(text, w.display) : readText(w.file, w.display);
    }),
  );
  const out: ExtensionReport[] = [];
  // Candidates: the manifests that load.
  const cand = walk.manifests.map((w, i) => ({ w, a: analyses[i] as ManifestAnalysis })).filter((c) => c.a.read.ok);
  const nested = nestedIndexes(cand.map((c) => nodePath.dirname(c.w.file)));
  const survivors = cand.filter((_, i) => !nested.has(i));
  const nestedFiles = new Set(cand.filter((_, i) => nested.has(i)).map((c) => c.w.file));
  const order = [...survivors].sort((x, y) => x.w.rootIndex - y.w.rootIndex || pathCmp(nodePath.dirname(x.w.file), nodePath.dirname(y.w.file)));
  const firstOf = new Map<string, string>();
  for (const c of order) {
    const m = (c.a.read as { manifest: ExtensionManifest }).manifest;
    if (!firstOf.has(m.plugin.id)) firstOf.set(m.plugin.id, c.w.file);
  }
  // After duplicates: the `disabled` ids go, then, with a non-empty allowlist, every id it does not list.
  const disabled = new Set(settings?.disabled ?? []);
  const allow = settings && settings.allowlist.length ? new Set(settings.allowlist) : null;
  const exclusion = (id: string): ConfigExclusion | null =>
    refused
      ? 'config_refused'
      : settings && !settings.enabled
        ? 'system_disabled'
        : disabled.has(id)
          ? 'disabled'
          : allow && !allow.has(id)
            ? 'not_allowlisted'
            : null;
  if (config && settings?.enabled) {
    const kept = new Set([...firstOf.keys()].filter((id) => !disabled.has(id)));
    const lines = new LineIndex(config.text);
    settings.allowlist.forEach((id, i) => {
      if (kept.has(id)) return;
      const why = firstOf.has(id) ? ' (it is also in `disabled`, which is applied first)' : '';
      config.diagnostics.push(
        diagnosticAt(
          lines,
          config.at.get(`allowlist.${i}`) ?? { start: 0, end: 0 },
          'nexo-ext-config-allowlist-unknown',
          'warning',
          `nexo-rs warns "allowlist contains \`${id}\` but no extension with that id was discovered"${why}.`,
        ),
      );
    });
    settings.disabled.forEach((id, i) => {
      if (firstOf.has(id)) return;
      config.diagnostics.push(
        diagnosticAt(
          lines,
          config.at.get(`disabled.${i}`) ?? { start: 0, end: 0 },
          'nexo-ext-config-disabled-unknown',
          'information',
          `No extension with the id \`${id}\` is discovered under the search paths: this entry changes nothing.`,
        ),
      );
    });
  }
  for (const [i, w] of walk.manifests.entries()) {
    if (opts.only !== undefined && w.file !== opts.only) continue;
    const a = analyses[i] as ManifestAnalysis;
    const base = { file: w.file, display: w.display, analysis: a };
    if (!a.read.ok) {
      out.push(invalid(base));
      continue;
    }
    const m = a.read.manifest;
    const common = { ...base, id: m.plugin.id, transport: m.transport.kind, manifest: m, error: null };
    if (nestedFiles.has(w.file)) {
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
    const excluded = exclusion(m.plugin.id);
    if (excluded) {
      const reason = EXCLUSION_WORDS[excluded](m.plugin.id, configName);
      const d = diagnosticAt(
        a.lines,
        a.read.at.get('plugin.id')?.value ?? { start: 0, end: 0 },
        'nexo-ext-config-excluded',
        'warning',
        `The agent does not start this extension: ${reason}.`,
      );
      out.push(
        report({
          ...common,
          boot: 'not_started',
          excludedBy: excluded,
          missing: await missingRequires(m.requires, machine),
          declaredEnv: [],
          envStripped: [],
          envFilter: null,
          reason,
          diagnostics: [...a.diagnostics, d],
        }),
      );
      continue;
    }
    out.push(await judgeLoaded(base, m, machine));
  }
  const maxDepth = Math.max(1, settings?.maxDepth ?? DEFAULT_MAX_DEPTH);
  for (const u of walk.unread) {
    if (u.reason === 'other_schema') continue; // said only when that file itself is checked
    if (opts.only !== undefined && u.file !== opts.only) continue;
    out.push(unreadReport(u.file, u.display, 'nexo-ext-not-discovered', 'warning', UNREAD_WORDS[u.reason](u, maxDepth)));
  }
  out.sort((x, y) => pathCmp(x.file, y.file));
  return { extensions: out, scanned: walk.manifests.length, warnings: walk.warnings, config };
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
  return judgeAnalysis({ file, display, analysis: analyzeText(text, display) }, machine);
}

/**
 * An open manifest judged where it is, as the agent run from `machine.cwd` finds it: when that folder is an
 * agent's (it holds `extensions/` or `config/extensions.yaml`), with its configuration and every other
 * manifest of its search paths (a duplicate id, a nested folder, `disabled`, the allowlist, a walk that never
 * reaches it); else alone, as `checkManifestText` judges it.
 */
export async function checkManifestInPlace(file: string, text: string | null, machine: ExtensionMachine): Promise<ExtensionReport> {
  const alone = (): Promise<ExtensionReport> => (text === null ? checkManifestFile(file, machine) : checkManifestText(file, text, machine));
  if (nodePath.basename(file) !== MANIFEST_FILENAME) return alone();
  if (!(await isAgentFolder(machine.cwd))) return alone();
  const real = await fsp.realpath(file).catch(() => nodePath.resolve(file));
  const found = await checkExtensions({ cwd: machine.cwd, only: real, ...(text === null ? {} : { texts: new Map([[real, text]]) }) }, machine);
  const mine = found.extensions.find((x) => x.file === real);
  if (mine) return { ...mine, file };
  // Outside every search path: the agent never reads it.
  const r = await alone();
  const paths = found.config && !found.config.error ? found.config.settings.searchPaths : DEFAULT_SEARCH_PATHS;
  const words = `nexo-rs run from ${machine.cwd} never reads this manifest: it is outside its search paths (${paths.join(', ')}).`;
  const d = r.analysis
    ? diagnosticAt(r.analysis.lines, r.analysis.read.at.get('plugin.id')?.value ?? { start: 0, end: 0 }, 'nexo-ext-not-discovered', 'warning', words)
    : null;
  return d ? { ...r, diagnostics: [...r.diagnostics, d] } : r;
}

/** The findings of the agent's `extensions.yaml` from an editor's text: the file as nexo-rs reads it, then
 *  what this machine adds (a search path not found, an allowlisted id never discovered). The agent runs from
 *  the folder above `config/` (from the file's own folder when that is not named `config`). */
export async function checkExtensionsConfigText(file: string, text: string, machine: Omit<ExtensionMachine, 'cwd'>): Promise<Diagnostic[]> {
  const configDir = nodePath.dirname(nodePath.resolve(file));
  const cwd = agentFolderOfConfig(file);
  const config = parseExtensionsConfig(text, file, { env: machine.env, cwd, platform: machine.platform });
  const found = await checkExtensions({ cwd, configDir, config }, { ...machine, cwd });
  return found.config?.diagnostics ?? config.diagnostics;
}

function analyzeText(text: string, display: string): ManifestAnalysis {
  return text.length > MAX_MANIFEST_BYTES
    ? unreadableManifest(display, `larger than ${MAX_MANIFEST_BYTES / 1024 / 1024} MiB: not read by skill-author`)
    : analyzeManifest(text);
}

function judgeAnalysis(base: Base, machine: ExtensionMachine): Promise<ExtensionReport> | ExtensionReport {
  const a = base.analysis;
  return a.read.ok ? judgeLoaded(base, a.read.manifest, machine) : invalid(base);
}
