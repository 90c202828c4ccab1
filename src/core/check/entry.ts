// One skill as `check --json` (version 2) prints it and the extension API returns it: the facts of the file,
// the verdict that speaks for it (its worst runtime's), and every applicable runtime's own verdict.
//
// Version 2 changed from version 1: `verdict` uses the shared vocabulary (`hidden` with `hidden_by` replaces
// `skipped_strict` and `unsupported_platform`; `needs_setup` is new), `runtime` names whose verdict it is,
// `missing` holds that runtime's own lists, `mode` is present only when nexo-rs applies, and `runtimes`
// lists each applicable runtime with its verdict, reasons and why it applies.

import * as path from 'node:path';
import { type EntryDiagnostic, entryDiagnostic, entryName, type EvaluatedSkill, nexoVerdictOf } from './engine';
import { checkSupportingFiles, mergeFindings } from '../supporting/files';
import type { Diagnostic, GatingMode } from '../types';
import type { JudgedSkill } from './judge';
import { worstVerdict } from './judge';
import {
  colorOfVerdict,
  type HiddenBy,
  type InstallHint,
  type RuntimeMissing,
  type RuntimeId,
  type RuntimeFinding,
  type RuntimeReport,
  type RuntimeSkillVerdict,
  type RuntimeVerdict,
} from '../runtimes/types';
import type { ListingState } from '../runtimes/listing';

export const CHECK_JSON_VERSION = 2;

export interface RuntimeEntry {
  runtime: RuntimeId;
  /** The version of the runtime the verdict speaks for (registry.ts: asked, installed here, or newest). */
  runtime_version?: string;
  verdict: RuntimeVerdict;
  color: RuntimeSkillVerdict['color'];
  hidden_by?: HiddenBy[];
  missing: RuntimeMissing;
  reasons: string[];
  /** What the runtime offers to install for missing binaries (OpenClaw). */
  install?: InstallHint[];
  /** The agent CLIs: how the skill appears in the section the model reads, and the name as listed there. */
  listing?: ListingState;
  listed_as?: string | null;
  /** Why this runtime applies to the skill. */
  applies_because: string;
}

export interface Entry {
  id: string;
  name: string;
  path: string;
  category: string;
  runtime: RuntimeId;
  /** The version of `runtime` the verdict speaks for. */
  runtime_version?: string;
  verdict: RuntimeVerdict;
  color: RuntimeSkillVerdict['color'];
  hidden_by?: HiddenBy[];
  missing: RuntimeMissing;
  /** nexo-rs's gating mode, when nexo-rs applies. */
  mode?: GatingMode;
  diagnostics: Array<EntryDiagnostic & { runtime?: RuntimeId }>;
  runtimes: RuntimeEntry[];
}

/** Findings true for some runtimes only: reported only where one of them applies. A code not listed here is
 *  about the file itself (YAML, encoding, the open format's rules) and always reported. */
export const FINDING_OWNERS: Readonly<Record<string, readonly RuntimeId[]>> = {
  'requirements-ignored': ['nexo'],
  'requires-duplicate': ['nexo'],
  'constraint-invalid': ['nexo'],
  'constraint-bare-version': ['nexo'],
  'probe-regex-invalid': ['nexo'],
  'probe-regex-capture-group': ['nexo'],
  'probe-command-whitespace': ['nexo'],
  'body-empty': ['nexo'],
  'description-index-truncated': ['hermes'],
  // Hermes and OpenClaw say what a BOM does to them in their own findings (hermes-bom, openclaw-bom).
  bom: ['nexo', 'vscode', 'agentskills'],
  // The open format's rules: Claude Code, Hermes, OpenClaw, nexo-rs and VS Code take the folder name when `name`
  // is absent. The agent CLIs and VS Code say what a missing description does to them in their own findings
  // (VS Code: the skill is not listed).
  'name-missing': ['agentskills'],
  'description-missing': ['agentskills'],
};

/** Whether a finding with this code is reported when these runtimes apply. */
export function findingApplies(code: string, runtimes: readonly RuntimeId[]): boolean {
  const owners = FINDING_OWNERS[code];
  return !owners || owners.some((r) => runtimes.includes(r));
}

/** A skill's own findings: its analysis's and those of the supporting files on disk (every runtime's agent
 *  reads the body). They need no runtime's verdict, so the CLI works them out while the tree runtimes'
 *  reports are computed. */
export function ownFindings(s: EvaluatedSkill): Diagnostic[] {
  return s.analysis ? mergeFindings(s.analysis.diagnostics, checkSupportingFiles(s.analysis.links, s.location.dir)) : [];
}

/** `own`: the skill's `ownFindings`, when already worked out. */
export function toRuntimeEntry(s: EvaluatedSkill, judged: JudgedSkill, showPath: (p: string) => string = (p) => p, own: Diagnostic[] = ownFindings(s)): Entry {
  const applying = judged.verdicts.map((v) => v.runtime);
  const diagnostics: Entry['diagnostics'] = own.filter((d) => findingApplies(d.code, applying)).map(entryDiagnostic);
  for (const f of judged.findings) {
    if (path.resolve(f.file) !== path.resolve(s.location.file)) continue;
    diagnostics.push(findingDiagnostic(f));
  }
  // A skill a runtime loads although its file has errors is amber, whichever runtime loads it.
  const hasErrors = diagnostics.some((d) => d.severity === 'error');
  // So is one an agent CLI lists without its whole description (cut, or by name only).
  const verdicts = judged.verdicts.map(
    (v) =>
      ({
        ...v,
        color: v.verdict === 'loaded' ? (hasErrors || v.listing === 'cut' || v.listing === 'name_only' ? 'amber' : 'green') : colorOfVerdict(v.verdict),
      }) as RuntimeSkillVerdict,
  );
  const worst = worstVerdict(verdicts) ?? nexoVerdictOf(s);
  const why = new Map(judged.applicable.map((x) => [x.runtime, x.why]));
  return {
    id: s.id,
    name: entryName(s),
    path: showPath(s.location.file),
    category: s.location.category,
    runtime: worst.runtime,
    ...(worst.version !== undefined ? { runtime_version: worst.version } : {}),
    verdict: worst.verdict,
    color: worst.color,
    ...(worst.hiddenBy.length ? { hidden_by: worst.hiddenBy } : {}),
    missing: worst.missing,
    ...(judged.verdicts.some((v) => v.runtime === 'nexo') ? { mode: s.status.mode } : {}),
    diagnostics,
    runtimes: verdicts.map((v) => ({
      runtime: v.runtime,
      ...(v.version !== undefined ? { runtime_version: v.version } : {}),
      verdict: v.verdict,
      color: v.color,
      ...(v.hiddenBy.length ? { hidden_by: v.hiddenBy } : {}),
      missing: v.missing,
      reasons: v.reasons,
      ...(v.install?.length ? { install: v.install } : {}),
      ...(v.listing !== undefined ? { listing: v.listing, listed_as: v.listedAs ?? null } : {}),
      applies_because: why.get(v.runtime) ?? '',
    })),
  };
}

/** A runtime's own configuration that keeps it from reading any skill (`check --json`'s `runtime_configs`):
 *  OpenClaw 2026.9.6 refusing an openclaw.json its schema rejects. */
export interface RuntimeConfigEntry {
  path: string;
  runtime: RuntimeId;
  runtime_version: string;
  /** The runtime's own words when it refuses the file. */
  error: string;
  diagnostics: Array<EntryDiagnostic & { runtime: RuntimeId }>;
}

/** The refused configurations of `reports` (each file once, the first report's words), with that report's findings
 *  on the file. */
export function runtimeConfigEntries(reports: readonly RuntimeReport[], show: (p: string) => string = (p) => p): RuntimeConfigEntry[] {
  const out: RuntimeConfigEntry[] = [];
  const seen = new Set<string>();
  for (const r of reports) {
    if (!r.refusal) continue;
    const file = path.resolve(r.refusal.file);
    const key = `${r.runtime}\0${file}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      path: show(file),
      runtime: r.runtime,
      runtime_version: r.refusal.version,
      error: r.refusal.message,
      diagnostics: r.findings.filter((f) => path.resolve(f.file) === file).map(findingDiagnostic),
    });
  }
  return out;
}

/** A runtime's finding as an entry's diagnostic. */
function findingDiagnostic(f: RuntimeFinding): EntryDiagnostic & { runtime: RuntimeId } {
  const { code, severity, message, line, column, endLine, endColumn, runtime } = f;
  return { code, severity, message, line, column, endLine, endColumn, runtime };
}
