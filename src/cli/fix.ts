// `check --fix [--dry-run]`: the files side of src/core/assist/fix.ts. Only the SKILL.md files the catalog finds
// under the given paths are read, and only those whose real path lies under one of them are written; the
// bytes are decoded as the runtime reads them (BOM kept, line breaks untouched) and written back as UTF-8,
// so everything a fix does not edit stays byte for byte the same.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { SkillAnalysis } from '../core/check/analyze';
import { decodeSkill, findSkills } from '../core/skill/catalog';
import type { Engine, EvaluatedSkill } from '../core/check/engine';
import { type AppliedFix, fixText } from '../core/assist/fix';
import type { RuntimeId } from '../core/runtimes/types';

export interface FixedFile {
  file: string;
  before: string;
  after: string;
  /** The analysis of `after`. */
  analysis: SkillAnalysis;
  applied: AppliedFix[];
  refused?: string;
}

async function realOrNull(p: string): Promise<string | null> {
  try {
    return await fs.realpath(p);
  } catch {
    return null;
  }
}

function inside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Computes the fixes for every SKILL.md under `targets` (absolute) and, unless `dryRun`, writes the files that
 *  changed. `report` gets one line per applied fix and per refusal. */
export async function fixPaths(
  engine: Engine,
  targets: readonly string[],
  options: {
    dryRun: boolean;
    show: (file: string) => string;
    report: (line: string) => void;
    /** The runtimes that apply to a skill (its file, its frontmatter as written): only their findings are fixed. */
    runtimes: (file: string, data: Readonly<Record<string, unknown>> | null) => readonly RuntimeId[];
  },
): Promise<FixedFile[]> {
  const roots = (await Promise.all(targets.map(realOrNull))).filter((r): r is string => r !== null);
  const files = new Set<string>();
  for (const t of targets) for (const s of (await findSkills(t)).skills) files.add(s.file);
  const out: FixedFile[] = [];
  for (const file of [...files].sort()) {
    const real = await realOrNull(file);
    if (!real || !roots.some((r) => inside(real, r))) continue;
    let bytes: Buffer;
    try {
      const st = await fs.stat(real);
      if (!st.isFile()) continue;
      bytes = await fs.readFile(real);
    } catch {
      continue;
    }
    const read = decodeSkill(bytes);
    if (read.text === null || read.problem) continue;
    const before = read.text;
    const result = fixText(before, (t) => engine.analyzeText(t, file), { scope: { file, runtimes: (a) => options.runtimes(file, a.data) } });
    const shown = options.show(file);
    for (const f of result.applied) options.report(`${shown}: ${options.dryRun ? 'would fix' : 'fixed'} ${f.code} at ${f.line}:${f.column} (${f.title})`);
    if (result.refused) options.report(`${shown}: not fixed: ${result.refused}`);
    if (result.text === before) continue;
    if (!options.dryRun) await fs.writeFile(real, Buffer.from(result.text, 'utf8'));
    out.push({ file, before, after: result.text, analysis: result.analysis, applied: result.applied, ...(result.refused ? { refused: result.refused } : {}) });
  }
  return out;
}

/** A unified diff of one fixed file (`--- a/PATH`, `+++ b/PATH`), PATH as shown to the user. */
export function fixDiff(f: FixedFile, shown: string): string {
  const name = shown.split(path.sep).join('/');
  // Without the `====` line jsdiff puts first: a plain `--- a/… / +++ b/…` patch, as `git diff` prints.
  // jsdiff only now: only --dry-run prints a diff.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createTwoFilesPatch } = require('diff') as typeof import('diff');
  return createTwoFilesPatch(`a/${name}`, `b/${name}`, f.before, f.after, undefined, undefined, { context: 3 }).replace(/^=+\r?\n/, '');
}

/** `skills` with the analyses (and verdicts) of the fixed texts in place of the files' (for --dry-run). */
export async function withFixes(engine: Engine, skills: EvaluatedSkill[], fixed: readonly FixedFile[]): Promise<EvaluatedSkill[]> {
  const byFile = new Map(fixed.map((f) => [f.file, f]));
  return Promise.all(
    skills.map(async (s) => {
      const f = byFile.get(s.location.file);
      return f ? { ...s, analysis: f.analysis, status: await engine.evaluate(f.analysis) } : s;
    }),
  );
}
