// Human-readable output of `check`: one row per skill, its findings beneath, a summary line. Colour only
// when asked for or on a terminal (and never with NO_COLOR).

import * as path from 'node:path';
import type { Entry } from '../core/engine';
import type { Verdict } from '../core/types';

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

const VERDICT_WORDS: Record<Verdict, string> = {
  loaded: 'loaded',
  loaded_with_banner: 'loaded + banner',
  skipped_strict: 'hidden (strict)',
  skipped_disabled: 'disabled',
  not_loadable: 'not loadable',
  unsupported_platform: 'other platform',
  not_found: 'not found',
};

/** One item of the MISSING column: a 10,000-comparator constraint is quoted in full by --json and the
 *  banner, not in a table row. */
function clip(s: string, max = 60): string {
  const chars = [...s];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : s;
}

function missingText(e: Entry): string {
  const parts: string[] = [];
  if (e.missing.bins.length) parts.push(`bins: ${e.missing.bins.map((b) => clip(b)).join(', ')}`);
  if (e.missing.env.length) parts.push(`env: ${e.missing.env.map((v) => clip(v)).join(', ')}`);
  for (const v of e.missing.versions) {
    const why = v.reason === 'constraint_unsatisfied' ? `found ${v.found ?? '?'}` : v.reason.replace(/_/g, ' ');
    parts.push(`${clip(v.bin)} ${clip(v.required)} (${why})`);
  }
  return parts.join('; ');
}

/** Control characters from skill files never reach the terminal raw. */
function safe(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u0008\u000b-\u001f\u007f\u009b]/g, '�');
}

function pad(s: string, n: number): string {
  const len = [...s].length;
  return len >= n ? s : s + ' '.repeat(n - len);
}

/**
 * `check --json`'s document, byte for byte `JSON.stringify({ version: 1, skills: entries }, null, 2)` + a line
 * end, handed to `out` a piece at a time. For 10,000 skills the document is ~9 MB of text, held once as a
 * string and once encoded for the write, which made it the largest single allocation of a check. JSON text
 * never holds a raw line end (strings escape it), so indenting an entry's own lines is exact.
 */
export function writeCheckJson(entries: readonly Entry[], out: (s: string) => void): void {
  if (entries.length === 0) {
    out(`${JSON.stringify({ version: 1, skills: [] }, null, 2)}\n`);
    return;
  }
  let chunk = '{\n  "version": 1,\n  "skills": [\n';
  entries.forEach((e, i) => {
    chunk += `    ${JSON.stringify(e, null, 2).replace(/\n/g, '\n    ')}${i < entries.length - 1 ? ',' : ''}\n`;
    if (chunk.length >= 64 * 1024) {
      out(chunk);
      chunk = '';
    }
  });
  out(`${chunk}  ]\n}\n`);
}

export function formatCheckTable(entries: readonly Entry[], style: Style, verbose = false): string {
  if (entries.length === 0) return '';
  const paint = (e: Entry, s: string): string => (e.color === 'green' ? style.green(s) : e.color === 'amber' ? style.amber(s) : style.red(s));
  const dot = (e: Entry): string => paint(e, e.color === 'green' ? '●' : e.color === 'amber' ? '▲' : '■');
  const idW = Math.min(40, Math.max(5, ...entries.map((e) => [...safe(e.id)].length)));
  const catW = Math.min(30, Math.max(8, ...entries.map((e) => [...safe(e.category)].length)));
  const verdictW = 16;
  const lines: string[] = [];
  lines.push(style.bold(`  ${pad('SKILL', idW)}  ${pad('CATEGORY', catW)}  ${pad('VERDICT', verdictW)}  ${pad('MODE', 7)}  MISSING`));
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  for (const e of entries) {
    lines.push(`${dot(e)} ${pad(safe(e.id), idW)}  ${pad(safe(e.category), catW)}  ${paint(e, pad(VERDICT_WORDS[e.verdict], verdictW))}  ${pad(e.mode, 7)}  ${safe(missingText(e))}`);
    for (const d of e.diagnostics) {
      if (d.severity === 'error') errors++;
      else if (d.severity === 'warning') warnings++;
      else infos++;
      // Information and hints stay out of the table unless asked for (`--verbose`); JSON has them all.
      if (!verbose && d.severity !== 'error' && d.severity !== 'warning') continue;
      const sev = d.severity === 'error' ? style.red('error') : d.severity === 'warning' ? style.amber('warning') : style.dim(d.severity === 'information' ? 'info' : 'hint');
      lines.push(`    ${style.dim(`${e.path}:${d.line}:${d.column}`)} ${sev} ${style.dim(d.code)} ${safe(d.message)}`);
    }
  }
  const count = (v: (e: Entry) => boolean): number => entries.filter(v).length;
  const loaded = count((e) => e.verdict === 'loaded');
  const banner = count((e) => e.verdict === 'loaded_with_banner');
  const hidden = entries.length - loaded - banner;
  lines.push('');
  lines.push(
    `${entries.length} skill${entries.length === 1 ? '' : 's'}: ${style.green(`${loaded} loaded`)}, ${style.amber(`${banner} with banner`)}, ${style.red(`${hidden} not shown to the model`)} · ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}${infos ? `, ${infos} note${infos === 1 ? '' : 's'}${verbose ? '' : ' (--verbose shows them)'}` : ''}`,
  );
  return `${lines.join('\n')}\n`;
}
