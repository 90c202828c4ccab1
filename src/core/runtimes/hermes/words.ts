// The sentences this profile shows an author, in Hermes's own terms: its index (`<available_skills>` in the
// system prompt), its tools (`skills_list`, `skill_view`), its config (`config.yaml`, `.env` under
// HERMES_HOME). One place, so the wording stays consistent and reviewable.

import { quoteForMessage } from '../../skill/text';

export const q = (s: string, max = 60): string => quoteForMessage(s, max);

export const reasons = {
  loaded: (name: string, category: string): string => `Hermes lists ${q(name)} in its skills index under ${q(category)}, and skill_view loads it.`,
  notUtf8: (error: string): string =>
    `Hermes reads SKILL.md as UTF-8 and this file is not (${error}): the index lists it by folder name without a description, skills_list leaves it out, and skill_view cannot read it.`,
  unreadable: (error: string): string => `Hermes cannot read this SKILL.md (${error}); the index lists it by folder name only and skill_view fails.`,
  tooLarge: (): string => 'This SKILL.md is too large to check; Hermes would read it whole.',
  indexError: (error: string): string =>
    `Hermes's index build raises ${error}, so its system prompt has no skills index at all — for every skill in this folder.`,
  platform: (value: string, sysPlatform: string): string =>
    `Hidden from the index and skills_list: \`platforms: ${value}\` does not match this machine (\`sys.platform\` is ${q(sysPlatform)}); skill_view answers "unsupported".`,
  environment: (value: string, active: string[]): string =>
    `Hidden from the index and skills_list: \`environments: ${value}\` names no active environment (active: ${active.length ? active.join(', ') : 'none of kanban, docker, s6'}); skill_view still loads it when asked by name.`,
  disabled: (name: string, byFolder: boolean, platform: string | null): string => {
    const where = platform ? `config.yaml \`skills.platform_disabled.${platform}\`` : 'config.yaml `skills.disabled`';
    return byFolder
      ? `Hidden from the index: its folder name ${q(name)} is in ${where} (skills_list and skill_view compare only the frontmatter name, so they still offer it).`
      : `Disabled: ${q(name)} is in ${where}; the index and skills_list leave it out and skill_view refuses it.`;
  },
  conditions: (key: string, item: string): string =>
    key.startsWith('fallback_for')
      ? `Hidden from the index: \`metadata.hermes.${key}\` lists ${q(item)}, which is available, so this fallback is not needed.`
      : `Hidden from the index: \`metadata.hermes.${key}\` needs ${q(item)}, which is not available in this session.`,
  duplicate: (name: string, category: string): string =>
    `Hidden from the index: another skill in category ${q(category)} comes first with the same name ${q(name)} (Hermes keeps the first by path).`,
  setup: (env: string[], files: string[]): string =>
    `Listed, but skill_view reports setup_needed: missing ${[...env.map((e) => `env $${e}`), ...files.map((f) => `file ${f}`)].join(', ')}. Hermes still offers the skill; the model is told what to set up.`,
  viewFails: (error: string): string => `Listed in the index, but skill_view fails: ${q(error, 120)}, so the model cannot load it.`,
};
