// A new skill: the SKILL.md the "New Skill" command writes, and whether a proposed name or description may be
// used. The verdicts come from the analyzer itself (the scaffold is analyzed and its `name-*` /
// `description-*` findings are returned), so the command can never accept a name the diagnostics would then
// flag, nor reject one they accept: there is one set of name rules, in analyze.ts.

import { stringify } from 'yaml';
import { analyzeSkill } from '../check/analyze';
import type { Severity } from '../types';

export interface FieldProblem {
  code: string;
  severity: Exclude<Severity, 'hint'>;
  message: string;
}

/** The SKILL.md of a new skill: frontmatter with `name` and `description` (quoted by the YAML library only
 *  where YAML needs it, e.g. `Use when: …`), a blank line, and a heading so the body is not empty (the
 *  runtime skips a skill whose body is empty). */
export function skillScaffold(name: string, description: string): string {
  const frontmatter = stringify({ name, description: description.trim() }, { lineWidth: 0 });
  return `---\n${frontmatter}---\n\n# ${headingOf(name)}\n`;
}

/** `pdf-tools` → `Pdf tools`: the body's first heading. */
export function headingOf(name: string): string {
  const words = name.split('-').filter((w) => w !== '');
  const text = words.join(' ');
  return text ? text[0]?.toUpperCase() + text.slice(1) : name;
}

/** A placeholder description, valid by every rule, for checking a name alone. */
const SOME_DESCRIPTION = 'A skill.';
/** A name valid by every rule, for checking a description alone. */
const SOME_NAME = 'skill';

/** What the analyzer says about `name` as a new skill's name (and folder name), most severe first; empty when
 *  it may be used as is. Errors must block; warnings and information may be shown and accepted. */
export function nameProblems(name: string): FieldProblem[] {
  const problems = fieldProblems(skillScaffold(name, SOME_DESCRIPTION), name, 'name-');
  // The analyzer compares NFKC forms (`ﬁle` is `file` to it), but the folder is named exactly as typed: a
  // name that normalization changes would give a folder name the spec's validator reads differently.
  const normalized = name.normalize('NFKC');
  if (problems.length === 0 && normalized !== name) {
    problems.push({
      code: 'name-not-normalized',
      severity: 'error',
      message: `Type the name as \`${normalized}\`: that is how the spec's validator reads it, and the folder must carry the same name.`,
    });
  }
  return problems;
}

/** What the analyzer says about `description` for a new skill, most severe first. */
export function descriptionProblems(description: string): FieldProblem[] {
  return fieldProblems(skillScaffold(SOME_NAME, description), SOME_NAME, 'description-');
}

const RANK: Record<FieldProblem['severity'], number> = { error: 0, warning: 1, information: 2 };

function fieldProblems(text: string, dirName: string, prefix: string): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const d of analyzeSkill(text, { dirName }).diagnostics) {
    if (d.code.startsWith(prefix) && d.severity !== 'hint') out.push({ code: d.code, severity: d.severity, message: d.message });
  }
  return out.sort((a, b) => RANK[a.severity] - RANK[b.severity]);
}
