// The skills section VS Code 1.139.1 writes into the system message (RULES.md §5–§7, cases f01–f05).
// src/vs/workbench/contrib/chat/common/promptSyntax/computeAutomaticInstructions.ts
// ComputeAutomaticInstructions._getCustomizationsIndex builds it; Copilot Chat 0.67.0 sends it as part of the first
// message, with the tool references (`#tool:…`) written as the tools' names in quotes ('read_file', 'skill').
//
// - `<skills>`, then a header: without the skill tool three lines naming 'read_file'; with it two lines naming
//   'skill'; with chat.experimental.useSkillAdherencePrompt the longer "BLOCKING REQUIREMENT" header (its wording
//   and examples also depend on the skill tool);
// - one entry per listed skill: `<skill>`, `<name>` (escaped), `<description>` (escaped), `<file>` (the path as
//   it is, not escaped), `</skill>`, one line each;
// - with the skill tool only, a budget: entries are added while their total (each entry's lines joined by line
//   breaks, plus one) stays within 15,000 characters; from the first that does not fit on, the skills are named on
//   one line `Additional skills available (invoke by name): a, b, …` as long as the names and their `, ` stay
//   within 5,000 characters, and `... and N more` counts the rest;
// - `</skills>`. (VS Code adds two empty lines after it; the section compared ends at `</skills>`.)
// Escaping (escapeXml): `&`, `<`, `>` only; quotes are left as they are (case c04).

export const ENTRY_BUDGET = 15_000;
export const NAMES_BUDGET = 5_000;

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The header lines after `<skills>`. */
export function headerLines(skillTool: boolean, adherence: boolean): string[] {
  const load = skillTool ? "'skill'" : "'read_file'";
  if (adherence) {
    return [
      'Skills provide specialized capabilities, domain knowledge, and refined workflows for producing high-quality outputs. Each skill folder contains tested instructions for specific domains like testing strategies, API design, or performance optimization. Multiple skills can be combined when a task spans different domains.',
      skillTool
        ? "BLOCKING REQUIREMENT: When a skill applies to the user's request, you MUST invoke it IMMEDIATELY as your first action, BEFORE generating any other response or taking action on the task. Use 'skill' with the skill name to load the relevant skill(s)."
        : "BLOCKING REQUIREMENT: When a skill applies to the user's request, you MUST load and read the SKILL.md file IMMEDIATELY as your first action, BEFORE generating any other response or taking action on the task. Use 'read_file' to load the relevant skill(s).",
      'NEVER just mention or reference a skill in your response without actually loading it first. If a skill is relevant, load it before proceeding.',
      'How to determine if a skill applies:',
      "1. Review the available skills below and match their descriptions against the user's request",
      "2. If any skill's domain overlaps with the task, load that skill immediately",
      '3. When multiple skills apply (e.g., a flowchart in documentation), load all relevant skills',
      'Examples:',
      `- "Help me write unit tests for this module" -> Load the testing skill via ${load} FIRST, then proceed`,
      `- "Optimize this slow function" -> Load the performance-profiling skill via ${load} FIRST, then proceed`,
      '- "Add a discount code field to checkout" -> Load both the checkout-flow and form-validation skills FIRST',
      'Available skills:',
    ];
  }
  if (skillTool)
    return [
      'Here is a list of skills that contain domain specific knowledge on a variety of topics.',
      "When a user asks you to perform a task that falls within the domain of a skill, use the 'skill' tool with the skill name to load it.",
    ];
  return [
    'Here is a list of skills that contain domain specific knowledge on a variety of topics.',
    'Each skill comes with a description of the topic and a file path that contains the detailed instructions.',
    "When a user asks you to perform a task that falls within the domain of a skill, use the 'read_file' tool to acquire the full instructions from the file URI.",
  ];
}

/** One skill as it goes into the section. */
export interface Listable {
  name: string;
  description: string;
  file: string;
  /** A Copilot built-in: its entry is left out of the section compared (by location), its name is not. */
  builtin: boolean;
  /** Its entry's width when it is not known from its text (a built-in: width without path + path length). */
  width?: number | undefined;
}

export type Placement = 'entry' | 'named' | 'counted';

export interface Rendered {
  /** The section without the built-ins' entries, from `<skills>` through `</skills>`. */
  section: string;
  /** Per listable, in order: an entry, named on the Additional line, or only counted in `... and N more`. */
  placement: Placement[];
  /** Characters of entries used (built-ins included). */
  used: number;
  /** Of those, the built-ins'. */
  builtinsUsed: number;
}

function entryLines(s: Listable): string[] {
  return ['<skill>', `<name>${escapeXml(s.name)}</name>`, `<description>${escapeXml(s.description)}</description>`, `<file>${s.file}</file>`, '</skill>'];
}

export function render(skills: readonly Listable[], skillTool: boolean, adherence: boolean): Rendered {
  const lines = ['<skills>', ...headerLines(skillTool, adherence)];
  const placement: Placement[] = [];
  let used = 0;
  let builtinsUsed = 0;
  let cutAt = skills.length;
  for (const [i, skill] of skills.entries()) {
    const entry = entryLines(skill);
    const width = skill.width ?? entry.join('\n').length + 1;
    if (skillTool && used + width > ENTRY_BUDGET) {
      cutAt = i;
      break;
    }
    used += width;
    placement.push('entry');
    if (skill.builtin) builtinsUsed += width;
    else lines.push(...entry);
  }
  if (cutAt < skills.length) {
    const names: string[] = [];
    let length = 0;
    for (const s of skills.slice(cutAt)) {
      const name = escapeXml(s.name);
      const add = (names.length ? 2 : 0) + name.length;
      if (length + add > NAMES_BUDGET) break;
      length += add;
      names.push(name);
    }
    for (let i = cutAt; i < skills.length; i++) placement.push(i - cutAt < names.length ? 'named' : 'counted');
    const more = skills.length - cutAt - names.length;
    lines.push(`Additional skills available (invoke by name): ${names.join(', ')}${more > 0 ? `... and ${more} more` : ''}`);
  }
  lines.push('</skills>');
  return { section: lines.join('\n'), placement, used, builtinsUsed };
}
