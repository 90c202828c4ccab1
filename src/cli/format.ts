// Human-readable output of `check`: one row per skill, its findings beneath, a summary line. Colour only
// when asked for or on a terminal (and never with NO_COLOR).

import * as path from 'node:path';
import { CHECK_JSON_VERSION, type Entry, type RuntimeConfigEntry } from '../core/check/entry';
import { type MatrixCell, type MatrixColumn, matrixSeverity, matrixWords, type SkillMatrix } from '../core/check/matrix';
import { RUNTIME_IDS, RUNTIME_LABELS } from '../core/runtimes/registry';
import { missingText, verdictWords } from '../core/runtimes/words';
import { inBaseline } from './baseline';

export interface Style {
  red: (s: string) => string;
  amber: (s: string) => string;
  green: (s: string) => string;
  dim: (s: string) => string;
  bold: (s: string) => string;
}

export function makeStyle(colour: boolean): Style {
  const wrap = (open: string, close: string) => (s: string) => (colour ? `\u001b[${open}m${s}\u001b[${close}m` : s);
  return { red: wrap('31', '39'), amber: wrap('33', '39'), green: wrap('32', '39'), dim: wrap('2', '22'), bold: wrap('1', '22') };
}

export function relativeTo(cwd: string, p: string): string {
  const rel = path.relative(cwd, p);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p;
}

/** Control characters from skill files never reach the terminal raw. */
export function safe(s: string): string {
  return s.replace(/[\u0000-\u0008\u000b-\u001f\u007f\u009b]/g, '�');
}

export function pad(s: string, n: number): string {
  const len = [...s].length;
  return len >= n ? s : s + ' '.repeat(n - len);
}

/**
 * `check --json`'s document, byte for byte `JSON.stringify({ version: 1, skills: entries }, null, 2)` + a line
 * end, handed to `out` a piece at a time. For 10,000 skills the document is ~9 MB of text, held once as a
 * string and once encoded for the write, which made it the largest single allocation of a check. JSON text
 * never holds a raw line end (strings escape it), so indenting an entry's own lines is exact.
 */
export function writeCheckJson(
  entries: readonly object[],
  out: (s: string) => void,
  version: number = CHECK_JSON_VERSION,
  extensions: readonly object[] = [],
  extensionsConfig: readonly object[] = [],
  runtimeConfigs: readonly object[] = [],
): void {
  // `extensions` (nexo-rs `plugin.toml`s), `extensions_config` (the agent's `config/extensions.yaml`) and
  // `runtime_configs` (a runtime's configuration it refuses) are there only when some were found, so a skills-only
  // document is unchanged.
  const member = (name: string, xs: readonly object[]): string => (xs.length ? `,\n  "${name}": ${JSON.stringify(xs, null, 2).replace(/\n/g, '\n  ')}` : '');
  const tail = `${member('extensions', extensions)}${member('extensions_config', extensionsConfig)}${member('runtime_configs', runtimeConfigs)}\n}\n`;
  if (entries.length === 0) {
    out(`{\n  "version": ${version},\n  "skills": []${tail}`);
    return;
  }
  let chunk = `{\n  "version": ${version},\n  "skills": [\n`;
  entries.forEach((e, i) => {
    chunk += `    ${JSON.stringify(e, null, 2).replace(/\n/g, '\n    ')}${i < entries.length - 1 ? ',' : ''}\n`;
    if (chunk.length >= 64 * 1024) {
      out(chunk);
      chunk = '';
    }
  });
  out(`${chunk}  ]${tail}`);
}

/** A finding's severity as the table shows it. */
export function severityWord(style: Style, severity: string): string {
  return severity === 'error' ? style.red('error') : severity === 'warning' ? style.amber('warning') : style.dim(severity === 'information' ? 'info' : 'hint');
}

/** With `baseline` (a `--baseline` run), findings already in it are dimmed and marked, and the summary
 *  says how many there are. `configs`: the configurations a runtime refuses (it then reads no skill), after the
 *  skills, their findings counted in the summary. */
export function formatCheckTable(
  entries: readonly Entry[],
  style: Style,
  verbose = false,
  baseline = false,
  configs: readonly RuntimeConfigEntry[] = [],
): string {
  if (entries.length === 0) return '';
  const paint = (color: Entry['color'], s: string): string => (color === 'green' ? style.green(s) : color === 'amber' ? style.amber(s) : style.red(s));
  const dot = (color: Entry['color']): string => paint(color, color === 'green' ? '●' : color === 'amber' ? '▲' : '■');
  const idW = Math.min(40, Math.max(5, ...entries.map((e) => [...safe(e.id)].length)));
  const catW = Math.min(30, Math.max(8, ...entries.map((e) => [...safe(e.category)].length)));
  const rtW = Math.max(7, ...entries.flatMap((e) => e.runtimes.map((r) => r.runtime.length)));
  const verdictW = 18;
  const lines: string[] = [];
  lines.push(style.bold(`  ${pad('SKILL', idW)}  ${pad('CATEGORY', catW)}  ${pad('RUNTIME', rtW)}  ${pad('VERDICT', verdictW)}  MISSING`));
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  let known = 0;
  for (const e of entries) {
    // One line per applicable runtime; the skill's own columns only on the first.
    e.runtimes.forEach((r, i) => {
      const head = i === 0 ? `${dot(e.color)} ${pad(safe(e.id), idW)}  ${pad(safe(e.category), catW)}` : `  ${pad('', idW)}  ${pad('', catW)}`;
      lines.push(
        `${head}  ${pad(r.runtime, rtW)}  ${paint(r.color, pad(verdictWords(r, r.runtime === 'nexo' ? e.mode : undefined), verdictW))}  ${safe(missingText(r.missing))}`,
      );
    });
    for (const d of e.diagnostics) {
      if (d.severity === 'error') errors++;
      else if (d.severity === 'warning') warnings++;
      else infos++;
      const old = inBaseline(d);
      if (old) known++;
      // Information and hints stay out of the table unless asked for (`--verbose`); JSON has them all.
      if (!verbose && d.severity !== 'error' && d.severity !== 'warning') continue;
      const who = d.runtime && !d.message.startsWith(RUNTIME_LABELS[d.runtime]) ? `${RUNTIME_LABELS[d.runtime]}: ` : '';
      if (old) {
        // Already in the baseline: dimmed, in one colour, and marked so it reads without colour too.
        const word = d.severity === 'information' ? 'info' : d.severity;
        lines.push(style.dim(`    ${e.path}:${d.line}:${d.column} ${word} ${d.code} (baseline) ${who}${safe(d.message)}`));
        continue;
      }
      const sev = severityWord(style, d.severity);
      lines.push(`    ${style.dim(`${e.path}:${d.line}:${d.column}`)} ${sev} ${style.dim(d.code)} ${who}${safe(d.message)}`);
    }
  }
  for (const c of configs) {
    lines.push(`${style.red('■')} ${safe(c.path)}  ${style.red(`refused by ${RUNTIME_LABELS[c.runtime]} ${c.runtime_version}: it reads no skill`)}`);
    for (const d of c.diagnostics) {
      if (d.severity === 'error') errors++;
      else if (d.severity === 'warning') warnings++;
      lines.push(`    ${style.dim(`${safe(c.path)}:${d.line}:${d.column}`)} ${severityWord(style, d.severity)} ${style.dim(d.code)} ${safe(d.message)}`);
    }
  }
  const count = (v: (e: Entry) => boolean): number => entries.filter(v).length;
  const green = count((e) => e.color === 'green');
  const amber = count((e) => e.color === 'amber');
  const red = entries.length - green - amber;
  lines.push('');
  // The versions the verdicts speak for, once per runtime that judged something (registry order).
  const versions = new Map<string, string>();
  for (const e of entries)
    for (const r of e.runtimes) if (r.runtime_version !== undefined && !versions.has(r.runtime)) versions.set(r.runtime, r.runtime_version);
  if (versions.size)
    lines.push(
      style.dim(
        `Judged by ${RUNTIME_IDS.filter((id) => versions.has(id))
          .map((id) => `${RUNTIME_LABELS[id]} ${versions.get(id)}`)
          .join(', ')}`,
      ),
    );
  lines.push(
    `${entries.length} skill${entries.length === 1 ? '' : 's'}: ${style.green(`${green} loaded`)}, ${style.amber(`${amber} loaded with a warning or needing setup`)}, ${style.red(`${red} not shown to the model by some runtime`)} · ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}${infos ? `, ${infos} note${infos === 1 ? '' : 's'}${verbose ? '' : ' (--verbose shows them)'}` : ''}${baseline ? ` · ${known} in the baseline` : ''}`,
  );
  return `${lines.join('\n')}\n`;
}

/** `check --matrix`: one row per skill, one column per agent runtime (its version; `*` when it is the one
 *  installed here), each cell the skill's state in that runtime's section; a legend and the count of skills
 *  some runtime does not list in full. */
export function formatMatrixTable(m: SkillMatrix, style: Style): string {
  if (m.columns.length === 0) return 'No agent runtime that lists skills to the model reads these skills (choose some with --runtime).\n';
  const heads = m.columns.map((c) => `${c.label}${c.version ? ` ${c.version}` : ''}${c.installed ? '*' : ''}`);
  const names = m.rows.map((r) => safe(r.path));
  const first = Math.max(5, ...names.map((n) => [...n].length));
  const widths = heads.map((h, i) => Math.max([...h].length, ...m.rows.map((r) => matrixWords((r.cells[i] as MatrixCell).state).length)));
  const paint = (s: MatrixCell['state'], text: string): string => {
    const sev = matrixSeverity(s);
    return sev === 0 ? style.green(text) : sev === 1 ? style.amber(text) : s === 'not_read' ? style.dim(text) : style.red(text);
  };
  const lines = [style.bold([pad('skill', first), ...heads.map((h, i) => pad(h, widths[i] as number))].join('  ').trimEnd())];
  m.rows.forEach((r, k) => {
    const cells = r.cells.map((c, i) => paint(c.state, pad(matrixWords(c.state), widths[i] as number)));
    lines.push([pad(names[k] as string, first), ...cells].join('  ').trimEnd());
  });
  const partial = m.rows.filter((r) => r.cells.some((c) => c.state !== 'full' && c.state !== 'not_read')).length;
  lines.push('');
  lines.push(
    `${m.rows.length} skill${m.rows.length === 1 ? '' : 's'}, ${m.columns.length} runtime${m.columns.length === 1 ? '' : 's'}: ` +
      (partial ? `${partial} not listed in full by some runtime that reads it.` : 'every runtime that reads a skill lists it in full.'),
  );
  if (m.columns.some((c) => c.installed)) lines.push(style.dim('* the version installed here'));
  lines.push(
    style.dim(
      'full: whole description · cut: description shortened · name only · shadowed: a same-named skill wins · absent · not read: not in a folder it reads',
    ),
  );
  return `${lines.join('\n')}\n`;
}

/** `check --matrix --json`: `{ "version": 1, "runtimes": [...], "skills": [{ path, name, cells: { runtime: cell } }] }`. */
export function matrixJson(m: SkillMatrix): string {
  return (
    JSON.stringify(
      {
        version: 1,
        runtimes: m.columns.map((c) => ({ runtime: c.runtime, ...(c.version ? { version: c.version } : {}), installed: c.installed })),
        skills: m.rows.map((r) => ({
          path: r.path,
          name: r.name,
          cells: Object.fromEntries(r.cells.map((c, i) => [(m.columns[i] as MatrixColumn).runtime, c])),
        })),
      },
      null,
      2,
    ) + '\n'
  );
}
