// The skills section OpenCode 1.18.33 ends its system prompt with (packages/opencode/src/session/system.ts
// SystemPrompt.skills; packages/opencode/src/skill/index.ts fmt with `verbose: true`; packages/opencode/src/util/
// html.ts escapeHtml).
//
// The whole section is three parts joined by `\n`:
//   `Skills provide specialized instructions and workflows for specific tasks.`
//   `Use the skill tool to load a skill when a task matches its description.`
//   then `<available_skills>`, one block per skill, `</available_skills>` (joined by `\n`) — or, when no skill
//   with a description is left, the sentence `No skills are currently available.` (case f03).
// A block is `  <skill>\n    <name>NAME</name>\n    <description>DESCRIPTION</description>\n
//   <location>LOCATION</location>\n  </skill>`: name and description exactly as the YAML gave them, NOT escaped
// (`<b>&amp</b>` stays as written, a folded description keeps its final newline: cases c04, c05); the location is
// the SKILL.md's path as found, HTML-escaped (`&` `<` `>` `"` `'` as `&amp;` `&lt;` `&gt;` `&quot;` `&#39;`,
// case c04). Skills without a description are left out here (they still take their name, listing.ts).
// Order: by name with `localeCompare` — the ICU root collation, whatever the locale variables say (case d01 and
// the LANG/LC_ALL probes in README.md): punctuation, then digits, then letters; case and accents only break ties
// (`alpha` before `Alpha`, `ecole` before `École`).
// There is no budget: every skill is listed whole.

export const HEAD_LINES = [
  'Skills provide specialized instructions and workflows for specific tasks.',
  'Use the skill tool to load a skill when a task matches its description.',
];
export const NONE_LEFT = 'No skills are currently available.';
export const OPEN = '<available_skills>';
export const CLOSE = '</available_skills>';

/** escapeHtml: the five characters HTML escapes, `'` as `&#39;`. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;'));
}

export function skillBlock(name: string, description: string, location: string): string {
  return `  <skill>\n    <name>${name}</name>\n    <description>${description}</description>\n    <location>${escapeHtml(location)}</location>\n  </skill>`;
}

/** Made on first use: a run that sorts nothing for OpenCode does not load ICU's collation data. */
let collator: Intl.Collator | undefined;

/** `a.name.localeCompare(b.name)` as the release's runtime computes it (ICU root order). */
export function byName(a: string, b: string): number {
  return (collator ??= new Intl.Collator('und')).compare(a, b);
}

/** Which part of the section a caller wants: `whole` is the release's text from its first line; `cut` is what the
 *  conformance runner cuts today (from `<available_skills>` through `</available_skills>`, '' otherwise). */
export type SectionForm = 'whole' | 'cut';

/** The section from the blocks of the listed skills (built-ins left out by the caller). `blocksBefore` says
 *  whether any block at all is in the release's section (a built-in counts), which decides between the list and
 *  the `No skills` sentence. */
export function renderSection(blocks: readonly string[], anyListed: boolean, form: SectionForm): string {
  if (!anyListed) return form === 'whole' ? [...HEAD_LINES, NONE_LEFT].join('\n') : '';
  const list = [OPEN, ...blocks, CLOSE].join('\n');
  return form === 'whole' ? [...HEAD_LINES, list].join('\n') : list;
}
