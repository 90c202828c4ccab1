// `check --fix`: the quick fixes the editor offers (src/core/assist/assist.ts `quickFixes`, the same code) that are
// marked `safe` — they cannot change what the skill means — applied to a SKILL.md's text. Pure: text in, text
// out; the CLI reads and writes the files (src/cli/fix.ts).
//
// One pass applies every safe fix whose edits overlap no fix applied before it (in the order of the findings;
// an overlapping one waits for the next pass), from the end of the text backwards, then re-analyzes. A pass
// whose result has an error the text before it did not have (a new `yaml-syntax` error, or any new error
// code) is thrown away and fixing stops there. Up to three passes, for fixes that make others possible.
//
// With a scope (the CLI's, from `--runtime` or detection): only the findings of the runtimes that apply to the
// skill are fixed, and the runtime profiles' own safe fixes (OpenClaw's, src/core/assist/runtimeFixes.ts) join them; a
// pass that brings in a runtime finding the text did not have is thrown away too.
import type { SkillAnalysis } from '../check/analyze';
import { type EditSpec, type QuickFix, quickFixes } from './quickFixes';
import { runtimeErrorCodes, runtimeFixes } from './runtimeFixes';
import { findingApplies } from '../check/entry';
import type { RuntimeId } from '../runtimes/types';

export interface AppliedFix {
  code: string;
  /** 1-based, in the text of the pass that applied it (earlier passes may have moved it). */
  line: number;
  column: number;
  title: string;
}

export interface FixResult {
  /** The fixed text (the input when nothing was applied). */
  text: string;
  /** The analysis of `text`. */
  analysis: SkillAnalysis;
  applied: AppliedFix[];
  /** Set when a pass was thrown away: why. */
  refused?: string;
}

export const MAX_FIX_PASSES = 3;

function overlaps(a: EditSpec, b: EditSpec): boolean {
  if (a.start < b.end && b.start < a.end) return true;
  // An insertion at the same point as, or at the edge of, another edit: the order would matter, so it waits.
  const inserts = a.start === a.end || b.start === b.end;
  return inserts && a.start <= b.end && b.start <= a.end;
}

function sameEdits(a: readonly EditSpec[], b: readonly EditSpec[]): boolean {
  return a.length === b.length && a.every((e, i) => e.start === b[i]?.start && e.end === b[i]?.end && e.text === b[i]?.text);
}

/** `text` with `edits` (non-overlapping) applied from the end backwards; inserted line breaks follow the
 *  text's own (CRLF in a CRLF file). */
export function applyEdits(text: string, edits: readonly EditSpec[]): string {
  const crlf = /\r\n/.test(text);
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start || b.end - a.end)) {
    const insert = crlf ? e.text.replace(/\r?\n/g, '\r\n') : e.text;
    out = out.slice(0, e.start) + insert + out.slice(e.end);
  }
  return out;
}

function errorCodes(a: SkillAnalysis): Set<string> {
  return new Set(a.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code));
}

/** Which runtimes' findings are fixed. */
export interface FixScope {
  /** The SKILL.md's path (the runtime profiles' findings name it). */
  file: string;
  /** The runtimes that apply to the skill as this analysis declares it (a fix may change what it declares). */
  runtimes(analysis: SkillAnalysis): readonly RuntimeId[];
}

interface Candidate {
  code: string;
  line: number;
  column: number;
  start: number;
  end: number;
  fixes: () => QuickFix[];
}

function candidates(analysis: SkillAnalysis, scope: FixScope | undefined): Candidate[] {
  const runtimes = scope?.runtimes(analysis);
  const out: Candidate[] = analysis.diagnostics
    .filter((d) => !runtimes || findingApplies(d.code, runtimes))
    .map((d) => ({ code: d.code, line: d.line, column: d.column, start: d.start, end: d.end, fixes: () => quickFixes(analysis, d) }));
  if (scope && runtimes) {
    for (const r of runtimeFixes(analysis, scope.file, runtimes)) {
      const e = r.fix.edits[0];
      out.push({ code: r.finding.code, line: r.finding.line, column: r.finding.column, start: e?.start ?? 0, end: e?.end ?? 0, fixes: () => [r.fix] });
    }
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** One pass: the safe fixes of `analysis` that can go together, and their edits. */
export function safeFixesOf(analysis: SkillAnalysis, scope?: FixScope): { applied: AppliedFix[]; edits: EditSpec[] } {
  const applied: AppliedFix[] = [];
  const taken: EditSpec[][] = [];
  const edits: EditSpec[] = [];
  for (const d of candidates(analysis, scope)) {
    for (const f of d.fixes()) {
      if (!f.safe || f.explain !== undefined || f.edits.length === 0) continue;
      // The same edit offered for two findings (`bins: x` is both a schema and a nexo-rs finding) is applied once.
      if (taken.some((t) => sameEdits(t, f.edits))) break;
      if (f.edits.some((e) => e.start < 0 || e.end > analysis.text.length || edits.some((x) => overlaps(x, e)))) continue;
      taken.push(f.edits);
      edits.push(...f.edits);
      applied.push({ code: d.code, line: d.line, column: d.column, title: f.title });
      break;
    }
  }
  return { applied, edits };
}

/** Applies the safe fixes to `text` (see the file comment); `analyze` is the engine's analysis of a text for
 *  this file (its folder name matters). */
export function fixText(text: string, analyze: (text: string) => SkillAnalysis, options: { maxPasses?: number; scope?: FixScope } = {}): FixResult {
  const { maxPasses = MAX_FIX_PASSES, scope } = options;
  let current = text;
  let analysis = analyze(text);
  const applied: AppliedFix[] = [];
  const runtimeCodes = (a: SkillAnalysis): Set<string> => (scope ? runtimeErrorCodes(a.text, scope.file, scope.runtimes(a)) : new Set());
  for (let pass = 0; pass < maxPasses; pass++) {
    const step = safeFixesOf(analysis, scope);
    if (step.edits.length === 0) break;
    const next = applyEdits(current, step.edits);
    if (next === current) break;
    const after = analyze(next);
    const before = new Set([...errorCodes(analysis), ...runtimeCodes(analysis)]);
    const added = [...errorCodes(after), ...runtimeCodes(after)].filter((c) => !before.has(c));
    if (added.length) {
      const what = step.applied.map((f) => `${f.code} at ${f.line}:${f.column}`).join(', ');
      return { text: current, analysis, applied, refused: `fixing ${what} would bring in ${added.map((c) => `\`${c}\``).join(', ')}; left as it is` };
    }
    applied.push(...step.applied);
    current = next;
    analysis = after;
  }
  return { text: current, analysis, applied };
}
