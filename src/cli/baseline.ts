// `check --baseline FILE`: which of this run's findings were already in a previous `check --json` output.
// Those do not count toward the exit status; the others are new. The matching is a pure function of the two
// documents; only `readBaseline` touches the disk.
//
// A baseline holds each finding's code, message and range, not the text at the range, so findings are
// matched by what they say rather than where they are, in passes over (file, code) groups, each baseline
// finding consumed at most once (a second identical new finding is new):
//   1. the same message (messages quote the offending key or value, so they survive edits elsewhere);
//   2. the same message once line and column numbers in it are masked (`YAML syntax error on line 7`);
//   3. the same start line, whatever the message (the value at that spot reworded in place).
// Within a pass the baseline finding nearest in lines is taken. Lines inserted above a finding, in the body or
// the frontmatter, change its range but not its message: the baseline still holds.
//
// Files: a baseline path is as that run printed it, relative to its working directory or absolute. A relative
// one is resolved against this run's working directory (take the baseline and check from the same directory,
// e.g. the repository root in CI). A file with no baseline path resolving to it is matched by the longest
// unambiguous trailing run of path segments, at least the skill folder and `SKILL.md`, so a baseline taken
// from another directory still applies.

import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Entry } from '../core/check/entry';

export interface BaselineFinding {
  code: string;
  message: string;
  line: number;
}

export interface Baseline {
  /** The document's file paths as printed, each with its findings. */
  files: Array<{ path: string; findings: BaselineFinding[] }>;
}

type Diagnostic = Entry['diagnostics'][number];
export type MarkedDiagnostic = Diagnostic & { baseline?: true };
export type MarkedEntry = Omit<Entry, 'diagnostics'> & { diagnostics: MarkedDiagnostic[] };

/** Whether a diagnostic matched the baseline. */
export function inBaseline(d: object): boolean {
  return (d as { baseline?: unknown }).baseline === true;
}

/** A `check --json` document (version 1 or 2) as a baseline, or why it is not one. */
export function parseBaseline(text: string): Baseline | string {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  const d = doc as { version?: unknown; skills?: unknown };
  if (!d || typeof d !== 'object' || (d.version !== 1 && d.version !== 2) || !Array.isArray(d.skills)) {
    return 'not a `check --json` document (version 1 or 2)';
  }
  const files: Baseline['files'] = [];
  for (const s of d.skills as unknown[]) {
    const skill = s as { path?: unknown; diagnostics?: unknown };
    if (!skill || typeof skill !== 'object' || typeof skill.path !== 'string' || !Array.isArray(skill.diagnostics)) {
      return 'not a `check --json` document (a skill without `path` or `diagnostics`)';
    }
    const findings: BaselineFinding[] = [];
    for (const x of skill.diagnostics as unknown[]) {
      const f = x as { code?: unknown; message?: unknown; line?: unknown };
      if (!f || typeof f !== 'object' || typeof f.code !== 'string' || typeof f.message !== 'string' || typeof f.line !== 'number') {
        return 'not a `check --json` document (a diagnostic without `code`, `message` or `line`)';
      }
      findings.push({ code: f.code, message: f.message, line: f.line });
    }
    files.push({ path: skill.path, findings });
  }
  return { files };
}

/** Read and parse FILE; throws an Error with a one-line message when it is missing or not a baseline. */
export async function readBaseline(file: string, shown: string): Promise<Baseline> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(`cannot read the baseline ${shown}${code === 'ENOENT' ? ': no such file' : code ? ` (${code})` : ''}`, { cause: e });
  }
  const parsed = parseBaseline(text);
  if (typeof parsed === 'string') throw new Error(`the baseline ${shown} is ${parsed}`);
  return parsed;
}

const segments = (p: string): string[] => p.split(/[\\/]+/).filter(Boolean);

/** How many trailing segments two paths share. */
function sharedTail(a: string[], b: string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/** Mask line and column numbers a message quotes, which move with edits elsewhere in the file. */
export function maskPositions(message: string): string {
  return message.replace(/\b(lines?|columns?|col)(\s+)\d+/gi, '$1$2#').replace(/:\d+:\d+\b/g, ':#:#');
}

/** Each baseline file's findings, by the absolute path of the current entry they belong to. */
function assignFiles(entries: readonly { path: string }[], baseline: Baseline, cwd: string): Map<string, BaselineFinding[]> {
  const byAbs = new Map<string, BaselineFinding[]>();
  for (const f of baseline.files) {
    const abs = path.resolve(cwd, f.path);
    byAbs.set(abs, [...(byAbs.get(abs) ?? []), ...f.findings]);
  }
  const out = new Map<string, BaselineFinding[]>();
  const unclaimed = new Set(byAbs.keys());
  const current = [...new Set(entries.map((e) => path.resolve(cwd, e.path)))];
  for (const abs of current) {
    const exact = byAbs.get(abs);
    if (exact) {
      out.set(abs, exact);
      unclaimed.delete(abs);
    }
  }
  // The rest by trailing segments (at least the skill folder and SKILL.md), when the longest overlap is unique.
  for (const abs of current) {
    if (out.has(abs)) continue;
    const mine = segments(abs);
    let best = 1;
    let pick: string | null = null;
    let tie = false;
    for (const b of unclaimed) {
      const n = sharedTail(mine, segments(b));
      if (n > best) [best, pick, tie] = [n, b, false];
      else if (n === best && pick !== null) tie = true;
    }
    if (pick && !tie) {
      out.set(abs, byAbs.get(pick) as BaselineFinding[]);
      unclaimed.delete(pick);
    }
  }
  return out;
}

/**
 * This run's entries with `baseline: true` on each diagnostic that matched a baseline finding. `cwd` is this
 * run's working directory, against which entry paths (as printed) and relative baseline paths resolve.
 */
export function applyBaseline(entries: readonly Entry[], baseline: Baseline, cwd: string): MarkedEntry[] {
  const files = assignFiles(entries, baseline, cwd);
  const used = new Set<BaselineFinding>();
  const marked: MarkedEntry[] = entries.map((e) => ({ ...e, diagnostics: e.diagnostics.map((d) => ({ ...d })) }));
  const passes: Array<(d: Diagnostic, b: BaselineFinding) => boolean> = [
    (d, b) => d.message === b.message,
    (d, b) => maskPositions(d.message) === maskPositions(b.message),
    (d, b) => d.line === b.line,
  ];
  for (const same of passes) {
    for (const e of marked) {
      const pool = files.get(path.resolve(cwd, e.path));
      if (!pool) continue;
      for (const d of e.diagnostics) {
        if (d.baseline) continue;
        let pick: BaselineFinding | null = null;
        for (const b of pool) {
          if (used.has(b) || b.code !== d.code || !same(d, b)) continue;
          if (!pick || Math.abs(b.line - d.line) < Math.abs(pick.line - d.line)) pick = b;
        }
        if (pick) {
          used.add(pick);
          d.baseline = true;
        }
      }
    }
  }
  // `baseline` goes last in each diagnostic, after the fields `check --json` always prints.
  return marked.map((e) => ({ ...e, diagnostics: e.diagnostics.map(({ baseline, ...d }) => (baseline ? { ...d, baseline } : d)) }));
}
