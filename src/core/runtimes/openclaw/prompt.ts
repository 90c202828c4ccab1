// The skills prompt OpenClaw hands the model (RULES.md §9; src/agents/skills/skill-contract.ts,
// src/agents/skills/workspace.ts, src/agents/system-prompt.ts at 8f8492d1): three instruction lines and an
// `<available_skills>` XML list, in map order, with home paths written `~/…`. Limits: the first
// `maxSkillsInPrompt` (150) skills; if the text is longer than `maxSkillsPromptChars` (30,000) the compact form
// (names and locations) is used when it fits in the budget minus 150, else the longest prefix whose compact
// form fits. A one-line warning is prepended when the format was downgraded or skills were dropped.
// Lengths are JavaScript string lengths (UTF-16 code units), as OpenClaw measures them.

import * as path from 'node:path';

export interface PromptSkill {
  name: string;
  description: string;
  /** The location as it appears in the prompt (home already written `~/`). */
  filePath: string;
}

export interface PromptLimits {
  maxSkillsInPrompt: number;
  maxSkillsPromptChars: number;
}

export interface PromptResult {
  /** Exactly `buildWorkspaceSkillsPrompt(...)`: '' when no skill is offered. */
  text: string;
  format: 'full' | 'compact' | 'none';
  /** How many skills the prompt lists (a prefix of the candidates, in order). */
  included: number;
  /** How many candidates there were (eligible, allowed for the agent, not disable-model-invocation). */
  candidates: number;
  truncated: boolean;
  compact: boolean;
  /** Length of the skills block alone (without the warning line), as measured against the budget. */
  blockLength: number;
}

export const COMPACT_WARNING_OVERHEAD = 150;

const INSTRUCTIONS =
  'The following skills provide specialized instructions for specific tasks.\n' +
  "Use the read tool to load a skill's file when the task matches its description.\n" +
  'When a skill file references a relative path, resolve it against the skill directory (parent of SKILL.md / dirname of the path) and use that absolute path in tool commands.';

const COMPACT_INSTRUCTIONS = INSTRUCTIONS.replace('matches its description.', 'matches its name.');

export function escapeXml(str: string): string {
  return str.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** `formatSkillsForPrompt`. */
export function formatSkillsForPrompt(skills: readonly PromptSkill[]): string {
  if (skills.length === 0) return '';
  const lines = [`\n\n${INSTRUCTIONS}`, '', '<available_skills>'];
  for (const skill of skills) {
    lines.push('  <skill>');
    lines.push(`    <name>${escapeXml(skill.name)}</name>`);
    lines.push(`    <description>${escapeXml(skill.description)}</description>`);
    lines.push(`    <location>${escapeXml(skill.filePath)}</location>`);
    lines.push('  </skill>');
  }
  lines.push('</available_skills>');
  return lines.join('\n');
}

/** `formatSkillsCompact`: names and locations only. */
export function formatSkillsCompact(skills: readonly PromptSkill[]): string {
  if (skills.length === 0) return '';
  const lines = [`\n\n${COMPACT_INSTRUCTIONS}`, '', '<available_skills>'];
  for (const skill of skills) {
    lines.push('  <skill>');
    lines.push(`    <name>${escapeXml(skill.name)}</name>`);
    lines.push(`    <location>${escapeXml(skill.filePath)}</location>`);
    lines.push('  </skill>');
  }
  lines.push('</available_skills>');
  return lines.join('\n');
}

/** `compactHomePath`: the first (longest) home whose `home + sep` prefixes the path becomes `~/`. */
export function compactHomePath(filePath: string, homes: readonly string[]): string {
  for (const home of homes) {
    const prefixes = [home.endsWith(path.sep) ? home : home + path.sep];
    if (home.includes('\\') && !home.endsWith('\\')) prefixes.push(home + '\\');
    for (const prefix of prefixes) {
      if (filePath.startsWith(prefix)) {
        const rest = filePath.slice(prefix.length);
        return '~/' + (prefix.includes('\\') ? rest.replace(/\\/g, '/') : rest);
      }
    }
  }
  return filePath;
}

/** `applySkillsPromptLimits` + the note, as `resolveWorkspaceSkillPromptState` assembles them. */
export function buildSkillsPrompt(candidates: readonly PromptSkill[], limits: PromptLimits): PromptResult {
  const total = candidates.length;
  let skills = candidates.slice(0, Math.max(0, limits.maxSkillsInPrompt));
  let truncated = total > skills.length;
  let compact = false;
  const fitsFull = (s: readonly PromptSkill[]): boolean => formatSkillsForPrompt(s).length <= limits.maxSkillsPromptChars;
  const compactBudget = limits.maxSkillsPromptChars - COMPACT_WARNING_OVERHEAD;
  const fitsCompact = (s: readonly PromptSkill[]): boolean => formatSkillsCompact(s).length <= compactBudget;
  if (!fitsFull(skills)) {
    compact = true;
    if (!fitsCompact(skills)) {
      // Binary search for the largest prefix whose compact form fits.
      let lo = 0;
      let hi = skills.length;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (fitsCompact(skills.slice(0, mid))) lo = mid;
        else hi = mid - 1;
      }
      skills = skills.slice(0, lo);
      truncated = true;
    }
  }
  const note = truncated
    ? `⚠️ Skills truncated: included ${skills.length} of ${total}${compact ? ' (compact format, descriptions omitted)' : ''}. Run \`openclaw skills check\` to audit.`
    : compact
      ? '⚠️ Skills catalog using compact format (descriptions omitted). Run `openclaw skills check` to audit.'
      : '';
  const block = compact ? formatSkillsCompact(skills) : formatSkillsForPrompt(skills);
  const text = [note, block].filter(Boolean).join('\n');
  return {
    text,
    format: block ? (compact ? 'compact' : 'full') : 'none',
    included: skills.length,
    candidates: total,
    truncated,
    compact,
    blockLength: block.length,
  };
}

/** The `## Skills (mandatory)` section `buildAgentSystemPrompt` inserts (read tool `read`), '' when the run
 *  has no skills prompt. The run trims the prompt first. */
export function systemPromptSection(prompt: string): string {
  const trimmed = prompt.trim();
  if (!trimmed) return '';
  return [
    '## Skills (mandatory)',
    'Before replying: scan <available_skills> <description> entries.',
    '- If exactly one skill clearly applies: read its SKILL.md at <location> with `read`, then follow it.',
    '- If multiple could apply: choose the most specific one, then read/follow it.',
    '- If none clearly apply: do not read any SKILL.md.',
    'Constraints: never read more than one skill up front; only read after selecting.',
    '- When a skill drives external API writes, assume rate limits: prefer fewer larger writes, avoid tight one-item loops, serialize bursts when possible, and respect 429/Retry-After.',
    trimmed,
    '',
  ].join('\n');
}
