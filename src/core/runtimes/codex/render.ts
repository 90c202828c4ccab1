// The skills section as Codex 0.171.0 sends it (RULES §1; the fixed lines are copied from case a01's listing):
// `<skills_instructions>`, `## Skills`, one introduction line, `### Skill roots` with a line per root that has a
// listed skill (``- `rN` = `<absolute folder>` ``, numbered in table order), `### Available skills`, the entries,
// `</skills_instructions>`, joined by `\n`, no newline at the end. Nothing is escaped (case d05).

export const SECTION_OPEN = '<skills_instructions>';
export const SECTION_CLOSE = '</skills_instructions>';
export const SKILLS_HEADING = '## Skills';
export const SKILLS_INTRO =
  'A skill is a set of local instructions to follow that is stored in a `SKILL.md` file. Below is the list of skills that can be used. Each entry includes a name, description, and a short path that can be expanded into an absolute path using the skill roots table.';
export const ROOTS_HEADING = '### Skill roots';
export const ENTRIES_HEADING = '### Available skills';

export function rootLine(label: string, dir: string): string {
  return `- \`${label}\` = \`${dir}\``;
}

/** `- <name>: <description> (file: rN/<path>/SKILL.md)`, or without description `- <name>: (file: …)` (case h04). */
export function entryLine(name: string, description: string, file: string): string {
  return description === '' ? `- ${name}: (file: ${file})` : `- ${name}: ${description} (file: ${file})`;
}

export function renderSection(rootLines: string[], entryLines: string[]): string {
  return [SECTION_OPEN, SKILLS_HEADING, SKILLS_INTRO, ROOTS_HEADING, ...rootLines, ENTRIES_HEADING, ...entryLines, SECTION_CLOSE].join('\n');
}
