// OpenClaw's words for what it did. Every verdict states OpenClaw's three facts about a skill — found (its
// loader produced the skill), ready (`openclaw skills check` calls it eligible) and visible (the prompt builder
// lists it in <available_skills>) — in the terms its own CLI and docs use.

import type { InstallHint } from '../types';
import type { Requirements } from './eligibility';
import type { PromptGate } from './eligibility';
import type { FolderFate, SkillSource } from './discover';

const SOURCE_WORDS: Record<SkillSource, string> = {
  'openclaw-workspace': 'the workspace skills folder',
  'agents-skills-project': "the workspace's .agents/skills",
  'agents-skills-personal': '~/.agents/skills',
  'openclaw-managed': 'the managed skills folder (~/.openclaw/skills)',
  'openclaw-bundled': 'the bundled skills',
  'openclaw-extra': 'skills.load.extraDirs',
  'openclaw-custodian': 'the custodian skills (beside the bundled skills)',
  'openclaw-workshop': "the agent's workshop skills",
};

export function code(text: string): string {
  return '`' + text.replace(/`/g, "'") + '`';
}

export function list(items: readonly string[]): string {
  return items.map(code).join(', ');
}

/** "bins: jq; env: TOKEN" as `openclaw skills check` summarises a missing list. */
export function missingSummary(missing: Requirements): string {
  const parts: string[] = [];
  if (missing.bins.length) parts.push(`bins: ${missing.bins.join(', ')}`);
  if (missing.anyBins.length) parts.push(`anyBins: ${missing.anyBins.join(', ')}`);
  if (missing.env.length) parts.push(`env: ${missing.env.join(', ')}`);
  if (missing.config.length) parts.push(`config: ${missing.config.join(', ')}`);
  if (missing.os.length) parts.push(`os: ${missing.os.join(', ')}`);
  return parts.join('; ');
}

export function foundFact(name: string, source: SkillSource): string {
  return `Found: OpenClaw loads the skill ${code(name)} from ${SOURCE_WORDS[source]}.`;
}

export function readyFact(p: { eligible: boolean; disabled: boolean; blocked: boolean; skillKey: string; missing: Requirements; always: boolean }): string {
  if (p.eligible) {
    return p.always
      ? 'Ready: `openclaw skills check` lists it as eligible (metadata.openclaw.always is true, so no requirement is checked).'
      : 'Ready: `openclaw skills check` lists it as eligible.';
  }
  if (p.disabled) return `Not ready: \`openclaw skills check\` lists it as disabled (skills.entries.${p.skillKey}.enabled is false in openclaw.json).`;
  if (p.blocked) return 'Not ready: `openclaw skills check` lists it as blocked by skills.allowBundled.';
  return `Not ready: \`openclaw skills check\` lists it under missing requirements (${missingSummary(p.missing)}).`;
}

/** The installers OpenClaw offers for what a skill lacks, in one sentence. */
export function installFact(hints: readonly InstallHint[]): string {
  const one = (h: InstallHint): string => `${code(h.label)} (${code(h.command)}${h.bins.length ? `, provides ${list(h.bins)}` : ''})`;
  return `Install: OpenClaw offers ${hints.map(one).join(' or ')} for what is missing.`;
}

export type NotVisibleWhy =
  | { why: 'gate'; gate: PromptGate; osList: readonly string[]; platform: string; always: boolean }
  | { why: 'agent'; agentId: string; filter: readonly string[] }
  | { why: 'invocation' }
  | { why: 'limit'; included: number; candidates: number; compact: boolean; maxSkills: number; maxChars: number };

export function visibleFact(): string {
  return 'Visible: OpenClaw offers it to the model in <available_skills>.';
}

export function notVisibleFact(r: NotVisibleWhy): string {
  const head = 'Not visible: OpenClaw leaves it out of <available_skills>';
  switch (r.why) {
    case 'gate':
      switch (r.gate) {
        case 'disabled':
          return `${head} because it is disabled in openclaw.json.`;
        case 'allowBundled':
          return `${head} because skills.allowBundled does not list it.`;
        case 'os':
          return r.always
            ? `${head}: metadata.openclaw.os (${r.osList.join(', ')}) does not include ${code(r.platform)}, and the prompt builder checks os before always (the status data still calls it eligible).`
            : `${head}: metadata.openclaw.os (${r.osList.join(', ')}) does not include ${code(r.platform)}.`;
        case 'bins':
          return `${head}: a binary of requires.bins is not on PATH (as an executable).`;
        case 'anyBins':
          return `${head}: none of requires.anyBins is on PATH (as an executable).`;
        case 'env':
          return `${head}: a variable of requires.env is unset or empty (process environment, skills.entries env, apiKey with primaryEnv).`;
        case 'config':
          return `${head}: a path of requires.config is not truthy in openclaw.json.`;
      }
      return `${head}.`;
    case 'agent':
      return r.filter.length === 0
        ? `${head}: the skill allow-list of agent ${code(r.agentId)} is empty, which hides every skill.`
        : `${head}: agent ${code(r.agentId)} only allows ${list(r.filter)} (agents.list[].skills or agents.defaults.skills).`;
    case 'invocation':
      return `${head} because of disable-model-invocation: the user can still run it by name; the model is never told about it.`;
    case 'limit':
      return `${head}: the prompt lists only the first ${r.included} of ${r.candidates} skills (skills.limits.maxSkillsInPrompt ${r.maxSkills}, maxSkillsPromptChars ${r.maxChars}${r.compact ? ', compact format' : ''}).`;
  }
}

/** Why a folder produced no skill, as one sentence in OpenClaw's terms. */
export function dropReason(fate: FolderFate): string {
  switch (fate.kind) {
    case 'no-description':
      return 'Not found: OpenClaw drops this folder without a message because its SKILL.md has no non-empty `description` in frontmatter it can read.';
    case 'unreadable':
      switch (fate.reason) {
        case 'symlink':
          return 'Not found: SKILL.md is a symlink, and OpenClaw never reads a SKILL.md that is itself a symlink (no message).';
        case 'empty':
          return 'Not found: SKILL.md is empty, so OpenClaw has no description and drops the folder (no message).';
        case 'not-a-file':
          return 'Not found: SKILL.md is not a regular file, so OpenClaw does not read it (no message).';
        case 'too-large':
          return 'Not found: SKILL.md is larger than the byte cap, so OpenClaw does not read it.';
        default:
          return 'Not found: OpenClaw could not read SKILL.md inside its root, so the folder yields no skill (no message).';
      }
    case 'oversized':
      return `Not found: SKILL.md is ${fate.size} bytes, over skills.limits.maxSkillFileBytes (${fate.limit}); OpenClaw skips it with only a log warning ("Skipping skill due to oversized SKILL.md.").`;
    case 'escapes-root':
      return `Not found: the folder or its SKILL.md resolves to ${fate.realPath}, outside the skills root; OpenClaw skips it with only a log warning ("Skipping escaped skill path outside its configured root.").`;
    case 'beyond-limit':
      return `Not found: OpenClaw loads only the first ${fate.limit} skill folders of a root (skills.limits.maxSkillsLoadedPerSource, folders in code-unit order) and never looks at this one.`;
    case 'not-scanned-nested-root':
      return `Not found: the root holds a nested skills folder with skills (${fate.nestedRoot}), so OpenClaw scans only that folder and never looks at this one.`;
    case 'not-scanned-root-skill':
      return `Not found: ${fate.rootSkillFile} makes the whole root one skill, so OpenClaw never looks at the sub-folders.`;
    case 'no-skill-md':
      return 'Not found: the folder has no file named exactly SKILL.md.';
    case 'ignored-name':
      return 'Not found: OpenClaw skips folders whose name starts with `.` and `node_modules`.';
    case 'is-nested-root':
      return 'This folder is the nested skills root OpenClaw scans instead of its parent.';
    case 'loaded':
      return 'Found.';
  }
}
