// `check`'s nexo-rs extensions (`plugin.toml`): the `extensions` array of `check --json`, the table's
// section, and the entries SARIF and GitHub annotations are made from. Every verdict comes from
// src/core/runtimes/nexo/extensions.

import { entryDiagnostic, type EntryDiagnostic } from '../core/check/engine';
import type { BootDecision, ConfigExclusion, ExtensionReport, ExtensionsConfigFile } from '../core/runtimes/nexo/extensions';
import { runtimeTitle } from '../core/runtimes/registry';
import type { RuntimeId } from '../core/runtimes/types';
import type { Diagnostic } from '../core/types';
import { pad, safe, severityWord, type Style } from './format';

/** One extension in `check --json` (docs/cli.md). */
export interface ExtensionEntry {
  path: string;
  /** Always nexo-rs: the runtime whose extensions these are, and the version its verdict speaks for. */
  runtime: 'nexo';
  runtime_version: string;
  id: string | null;
  boot: BootDecision;
  /** Why the agent's `extensions.yaml` keeps it from starting (with `boot: not_started`), or null. */
  excluded_by: ConfigExclusion | null;
  verdict: ExtensionReport['verdict'];
  color: ExtensionReport['color'];
  missing: { bins: string[]; env: string[] };
  env_stripped: string[];
  error: { variant: string; message: string } | null;
  diagnostics: Array<EntryDiagnostic & { runtime: RuntimeId }>;
}

/** Findings as `check --json` writes them, each naming nexo-rs as the runtime it speaks for. */
function nexoFindings(ds: readonly Diagnostic[]): Array<EntryDiagnostic & { runtime: RuntimeId }> {
  return ds.map((d) => ({ ...entryDiagnostic(d), runtime: 'nexo' as const }));
}

export function toExtensionEntry(r: ExtensionReport, show: (p: string) => string, version: string): ExtensionEntry {
  return {
    path: show(r.file),
    runtime: 'nexo',
    runtime_version: version,
    id: r.id,
    boot: r.boot,
    excluded_by: r.excludedBy,
    verdict: r.verdict,
    color: r.color,
    missing: { bins: r.missing.bins, env: r.missing.env },
    env_stripped: r.envStripped,
    error: r.error,
    diagnostics: nexoFindings(r.diagnostics),
  };
}

/** The agent's `config/extensions.yaml` in `check --json`'s `extensions_config` (docs/cli.md). */
export interface ExtensionsConfigEntry {
  path: string;
  runtime: 'nexo';
  runtime_version: string;
  /** Why nexo-rs refuses its configuration (it then starts nothing), or null. */
  error: string | null;
  diagnostics: Array<EntryDiagnostic & { runtime: RuntimeId }>;
}

export function toConfigEntry(c: ExtensionsConfigFile, show: (p: string) => string, version: string): ExtensionsConfigEntry {
  return {
    path: show(c.path),
    runtime: 'nexo',
    runtime_version: version,
    error: c.error,
    diagnostics: nexoFindings(c.diagnostics),
  };
}

/** Why the configuration keeps an extension from starting, in a few words. */
const EXCLUSION_WORDS: Record<ConfigExclusion, string> = {
  config_refused: 'not started: configuration refused',
  system_disabled: 'not started: extensions disabled',
  disabled: 'not started: disabled in config',
  not_allowlisted: 'not started: not in allowlist',
};

/** What the agent does at start, in nexo-rs's words. */
export const BOOT_WORDS: Record<BootDecision, string> = {
  spawn: 'spawned',
  skipped_requires: 'skipped: preconditions not satisfied',
  not_started: 'not started (not stdio)',
  invalid: 'not loaded: invalid manifest',
  duplicate: 'duplicate id: first kept',
  not_found: 'never discovered',
};

/** The table's section: a line per extension with its boot decision and what it lacks, its findings beneath. */
export function formatExtensionsTable(
  entries: readonly ExtensionEntry[],
  style: Style,
  verbose = false,
  configs: readonly ExtensionsConfigEntry[] = [],
): string {
  if (entries.length === 0 && configs.length === 0) return '';
  const paint = (color: ExtensionEntry['color'], s: string): string => (color === 'green' ? style.green(s) : color === 'amber' ? style.amber(s) : style.red(s));
  const dot = (color: ExtensionEntry['color']): string => paint(color, color === 'green' ? '●' : color === 'amber' ? '▲' : '■');
  const name = (e: ExtensionEntry): string => safe(e.id ?? e.path);
  const idW = Math.min(40, Math.max(9, ...entries.map((e) => [...name(e)].length)));
  const bootW = 36;
  const lines = [style.bold(`  ${pad('EXTENSION', idW)}  ${pad('AT START (nexo-rs)', bootW)}  MISSING`)];
  let errors = 0;
  let warnings = 0;
  // A file's findings beneath its line (errors and warnings; information too with --verbose), counted.
  const findings = (f: { path: string; diagnostics: ExtensionEntry['diagnostics'] }): void => {
    for (const d of f.diagnostics) {
      if (d.severity === 'error') errors++;
      else if (d.severity === 'warning') warnings++;
      if (!verbose && d.severity !== 'error' && d.severity !== 'warning') continue;
      lines.push(`    ${style.dim(`${f.path}:${d.line}:${d.column}`)} ${severityWord(style, d.severity)} ${style.dim(d.code)} ${safe(d.message)}`);
    }
  };
  for (const e of entries) {
    const missing = [...e.missing.bins.map((b) => `bin ${b}`), ...e.missing.env.map((v) => `env ${v}`)].join(', ');
    const words = e.excluded_by
      ? EXCLUSION_WORDS[e.excluded_by]
      : e.boot === 'invalid' && e.error
        ? `${BOOT_WORDS.invalid} (${e.error.variant})`
        : BOOT_WORDS[e.boot];
    lines.push(`${dot(e.color)} ${pad(name(e), idW)}  ${paint(e.color, pad(words, bootW))}  ${safe(missing)}`);
    findings(e);
  }
  for (const c of configs) {
    lines.push(
      `${c.error ? style.red('■') : style.green('●')} ${safe(c.path)}  ${c.error ? style.red('refused: the agent does not start') : 'read by the agent at start'}`,
    );
    findings(c);
  }
  const spawned = entries.filter((e) => e.boot === 'spawn').length;
  lines.push('');
  lines.push(
    `${entries.length} extension${entries.length === 1 ? '' : 's'}: ${style.green(`${spawned} started`)}, ${style.red(`${entries.length - spawned} not started by the agent`)} · ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`,
  );
  const versions = [...new Set([...entries, ...configs].map((e) => e.runtime_version))];
  lines.push(style.dim(`Judged by ${runtimeTitle('nexo', versions.join(', '))}`));
  return `${lines.join('\n')}\n`;
}
