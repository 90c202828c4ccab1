// The skills section of Gemini CLI 0.61.0's system instruction (RULES.md §6).
//
// packages/core/src/prompts/snippets.legacy.ts and snippets.ts renderAgentSkills: a heading, one sentence, and
// `<available_skills>` holding one block per skill, joined by `\n`:
//   `  <skill>\n    <name>NAME</name>\n    <description>DESCRIPTION</description>\n    <location>PATH</location>\n  </skill>`
// Nothing is escaped and nothing is cut: names and descriptions go in exactly as read, `<`, `&` and line
// breaks included (case d02); PATH is the SKILL.md's absolute path. There is no budget: every skill is listed
// whole, however many and however long (case h01). With no skill at all (built-ins included) there is no
// section (case e01).
//
// The sentence depends on the model family (packages/core/src/prompts/promptProvider.ts getCoreSystemPrompt:
// supportsModernFeatures picks snippets.ts, else snippets.legacy.ts; packages/core/src/config/models.ts):
//  - Gemini 2.x and other Gemini models (the runner's `-m gemini-2.5-flash`, every case): "… you can call the
//    `activate_skill` tool …";
//  - Gemini 3 models (`gemini-3…`, and the aliases `auto`, `pro`, `flash`, `flash-lite`, `auto-gemini-3`, which
//    resolve to one) and any model whose name does not start with `gemini-` (a "custom" model): "… call the
//    `activate_skill` tool …". Not observed: the runner always starts the release with gemini-2.5-flash.
//
// The oracle cuts the section from `# Available Agent Skills` through `</available_skills>` and leaves out the
// built-in skills' blocks (their location is inside the install); so does renderSection.

export const DEFAULT_MODEL = 'gemini-2.5-flash';

const HEADING = '# Available Agent Skills';
const LEGACY_SENTENCE =
  "You have access to the following specialized skills. To activate a skill and receive its detailed instructions, you can call the `activate_skill` tool with the skill's name.";
const MODERN_SENTENCE =
  "You have access to the following specialized skills. To activate a skill and receive its detailed instructions, call the `activate_skill` tool with the skill's name.";

/** models.ts resolveModel, for the aliases only (with access to preview models, as a key user has by default). */
function resolveAlias(model: string): string {
  const m = model.trim();
  switch (m) {
    case 'auto':
    case 'pro':
    case 'auto-gemini-3':
      return 'gemini-3-pro-preview';
    case 'auto-gemini-2.5':
      return 'gemini-2.5-pro';
    case 'flash':
      return 'gemini-3-flash-preview';
    case 'flash-lite':
      return 'gemini-3.1-flash-lite';
    default:
      return m;
  }
}

/** models.ts supportsModernFeatures: a Gemini 3 model, or a model that is not Gemini-branded. */
export function isModernModel(model: string): boolean {
  const resolved = resolveAlias(model);
  return /^gemini-3(\.|-|$)/.test(resolved) || !resolved.startsWith('gemini-');
}

export function skillBlock(name: string, description: string, location: string): string {
  return `  <skill>\n    <name>${name}</name>\n    <description>${description}</description>\n    <location>${location}</location>\n  </skill>`;
}

/** The section with `blocks` (the built-ins' already left out); `anySkill`: whether the release lists any skill
 *  at all, built-ins included (without one it sends no section). */
export function renderSection(blocks: string[], anySkill: boolean, model: string): string {
  if (!anySkill) return '';
  const sentence = isModernModel(model) ? MODERN_SENTENCE : LEGACY_SENTENCE;
  return `${HEADING}\n\n${sentence}\n\n<available_skills>\n${blocks.map((b) => `${b}\n`).join('')}</available_skills>`;
}
