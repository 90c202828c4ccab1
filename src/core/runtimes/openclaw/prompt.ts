// The skills prompt OpenClaw hands the model (RULES.md §9; src/agents/skills/skill-contract.ts,
// src/agents/skills/workspace.ts, src/agents/system-prompt.ts at 8f8492d1): three instruction lines and an
// `<available_skills>` XML list, in map order, with home paths written `~/…`. Limits: the first
// `maxSkillsInPrompt` (150) skills; if the text is longer than `maxSkillsPromptChars` (30,000) the compact form
// (names and locations) is used when it fits in the budget minus 150, else the longest prefix whose compact
// form fits. A one-line warning is prepended when the format was downgraded or skills were dropped.
// Lengths are JavaScript string lengths (UTF-16 code units), as OpenClaw measures them.
//
// The releases after it (each switch is a change of versions.ts): from 2026.4.15 the skills are sorted by name
// (`localeCompare(b, 'en')`) and the budget is 18,000; 2026.6.6–7.35 measure the whole text, note included,
// and give each entry a `<version>` hash; from 2026.8.1 (src/skills/loading/skill-prompt-limits.ts and
// skill-contract.ts; dist chunks `skill-prompt-limits-*.mjs` prepareSkillsForPrompt, `skill-contract-*.mjs`
// formatSkillCatalog) the compact form keeps each description whitespace-collapsed and cut to the longest length
// (4…220) that fits, and omits descriptions only when even 4 characters do not fit; when no compact prefix fits
// with the note, the note is dropped. The system prompt section went through five wordings (systemPromptSection;
// system-prompt-params-*.mjs buildSkillsSection), the catalog's loading line through two (2026.9.2).

import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { normalizeAgentId, type OpenClawConfig, type SkillsLimits } from './config';
import { has, OPENCLAW_BASELINE, type OpenClawVersion } from './versions';

export interface PromptSkill {
  name: string;
  description: string;
  /** The location as it appears in the prompt (home already written `~/`). */
  filePath: string;
  /** 2026.6.6–7.35: `sha256:` and the first 16 hex digits of the SKILL.md's SHA-256 (promptVersionOf), printed
   *  as the entry's `<version>`. */
  version?: string;
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
  /** Length of what is measured against the budget: the skills block alone (without the warning line) up
   *  to 2026.4.12, the whole text (note included) from 2026.9.6. */
  blockLength: number;
  /** The skills the prompt lists, in prompt order (the same objects as the candidates). */
  skills: readonly PromptSkill[];
  /** The compact form's description cut (2026.9.6): 0 when descriptions are omitted (and in the full form). */
  descriptionMaxChars: number;
}

export const COMPACT_WARNING_OVERHEAD = 150;

export function escapeXml(str: string): string {
  return str.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** The catalog's loading line (the second): up to 2026.9.1 it names the read tool, from 2026.9.2 the listed
 *  location; `of` is what the task is matched against. */
function loadingLine(version: OpenClawVersion, of: 'description' | 'name' | 'name or description'): string {
  return has(version, 'read-line-reworded')
    ? `Read a skill's file at its listed location when the task matches its ${of}.`
    : `Use the read tool to load a skill's file when the task matches its ${of}.`;
}

const REREAD_LINE = "If a skill's <version> differs from a previous turn, re-read its SKILL.md before using it.";

/** `formatSkillCatalog` (skill-contract-*.mjs) as each release writes it: three header lines (2026.6.6–7.35 a
 *  fourth, to re-read a skill whose `<version>` changed), then one `<skill>` per entry; an entry's description
 *  is left out when `describe` gives undefined, and 2026.6.6–7.35 end it with its `<version>`. */
function formatSkillCatalog(
  skills: readonly PromptSkill[],
  version: OpenClawVersion,
  of: 'description' | 'name' | 'name or description',
  describe: (s: PromptSkill) => string | undefined,
): string {
  if (skills.length === 0) return '';
  const versions = has(version, 'prompt-version-hash') && !has(version, 'prompt-version-hash-gone');
  const lines = ['\n\nThe following skills provide specialized instructions for specific tasks.', loadingLine(version, of)];
  if (versions) lines.push(REREAD_LINE);
  lines.push(CONTEXT_LINE, '', '<available_skills>');
  for (const skill of skills) {
    lines.push('  <skill>');
    lines.push(`    <name>${escapeXml(skill.name)}</name>`);
    const description = describe(skill);
    if (description !== undefined) lines.push(`    <description>${escapeXml(description)}</description>`);
    lines.push(`    <location>${escapeXml(skill.filePath)}</location>`);
    if (versions && skill.version) lines.push(`    <version>${escapeXml(skill.version)}</version>`);
    lines.push('  </skill>');
  }
  lines.push('</available_skills>');
  return lines.join('\n');
}

/** `formatSkillsForPrompt`: names, descriptions (as written) and locations. */
export function formatSkillsForPrompt(skills: readonly PromptSkill[], version: OpenClawVersion = OPENCLAW_BASELINE): string {
  return formatSkillCatalog(skills, version, 'description', (s) => s.description);
}

/** `formatSkillsCompact` up to 2026.7.35: names and locations only. */
export function formatSkillsCompact(skills: readonly PromptSkill[], version: OpenClawVersion = OPENCLAW_BASELINE): string {
  return formatSkillCatalog(skills, version, 'name', () => undefined);
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

/**
 * `applySkillsPromptLimits` + the note, as `resolveWorkspaceSkillPromptState` assembles them. Four forms:
 *  - up to 2026.6.5 the one below: the block alone is measured, the compact one against the budget minus 150;
 *    from 2026.4.15 the skills are sorted by name first;
 *  - 2026.6.6–7.35 (buildSkillsPrompt66): the whole text, note included, is measured;
 *  - from 2026.8.1 `prepareSkillsForPrompt` (buildSkillsPrompt96): the compact form keeps cut descriptions.
 */
export function buildSkillsPrompt(candidates: readonly PromptSkill[], limits: PromptLimits, version: OpenClawVersion = OPENCLAW_BASELINE): PromptResult {
  if (has(version, 'prompt-limits-shorten')) return buildSkillsPrompt96(candidates, limits, version);
  if (has(version, 'prompt-version-hash')) return buildSkillsPrompt66(candidates, limits, version);
  const ordered = has(version, 'prompt-sorted-by-name') ? candidates.slice().sort((a, b) => a.name.localeCompare(b.name, 'en')) : candidates;
  const total = ordered.length;
  let skills = ordered.slice(0, Math.max(0, limits.maxSkillsInPrompt));
  let truncated = total > skills.length;
  let compact = false;
  const fitsFull = (s: readonly PromptSkill[]): boolean => formatSkillsForPrompt(s, version).length <= limits.maxSkillsPromptChars;
  const compactBudget = limits.maxSkillsPromptChars - COMPACT_WARNING_OVERHEAD;
  const fitsCompact = (s: readonly PromptSkill[]): boolean => formatSkillsCompact(s, version).length <= compactBudget;
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
  const block = compact ? formatSkillsCompact(skills, version) : formatSkillsForPrompt(skills, version);
  const text = [note, block].filter(Boolean).join('\n');
  return {
    text,
    format: block ? (compact ? 'compact' : 'full') : 'none',
    included: skills.length,
    candidates: total,
    truncated,
    compact,
    blockLength: block.length,
    skills,
    descriptionMaxChars: 0,
  };
}

/** The `## Skills (mandatory)` section `buildAgentSystemPrompt` inserts (read tool `read`), '' when the run
 *  has no skills prompt. The run trims the prompt first. From 2026.9.6 the section is `## Skills` and four
 *  lines (system-prompt-params-*.mjs buildSkillsSection, read tool `read`, code mode off). */
export function systemPromptSection(prompt: string, version: OpenClawVersion = OPENCLAW_BASELINE): string {
  const trimmed = prompt.trim();
  if (!trimmed) return '';
  if (has(version, 'prompt-limits-shorten')) {
    return [
      '## Skills',
      'Scan <available_skills>. Clear match: read exact <location> with `read`; obey.',
      'Several: most specific. None: read none.',
      'Up-front max one. Never invent paths.',
      'External writes: batch safely; no tight loops; honor 429/Retry-After.',
      trimmed,
      '',
    ].join('\n');
  }
  if (has(version, 'section-short')) {
    return [
      '## Skills',
      'Scan <available_skills>. If one clearly applies, read its SKILL.md at exact <location> with `read`, then follow it.',
      ...(has(version, 'prompt-version-hash') ? ["If a skill's <version> differs from a previous turn, re-read that skill before using it."] : []),
      'If several apply, choose the most specific. If none clearly apply, read none.',
      'One skill up front max. Never guess/fabricate skill paths.',
      'External API writes: batch when safe, avoid tight loops, respect 429/Retry-After.',
      trimmed,
      '',
    ].join('\n');
  }
  const exact = has(version, 'section-exact-location')
    ? ' You MUST use the exact <location> value from <available_skills>; never guess, fabricate, or hard-code a skill file path.'
    : '';
  return [
    '## Skills (mandatory)',
    'Before replying: scan <available_skills> <description> entries.',
    `- If exactly one skill clearly applies: read its SKILL.md at <location> with \`read\`, then follow it.${exact}`,
    exact
      ? `- If multiple could apply: choose the most specific one, read its SKILL.md at <location> with \`read\`, then follow it.${exact}`
      : '- If multiple could apply: choose the most specific one, then read/follow it.',
    '- If none clearly apply: do not read any SKILL.md.',
    'Constraints: never read more than one skill up front; only read after selecting.',
    '- When a skill drives external API writes, assume rate limits: prefer fewer larger writes, avoid tight one-item loops, serialize bursts when possible, and respect 429/Retry-After.',
    trimmed,
    '',
  ].join('\n');
}

// ---- 2026.9.6 ----------------------------------------------------------------------------------------------

/** 2026.9.6's default prompt budget (skill-prompt-limits-*.mjs DEFAULT_MAX_SKILLS_PROMPT_CHARS); 2026.4.12's
 *  is 30,000 (config.ts resolveSkillsLimits). */
export const DEFAULT_MAX_SKILLS_PROMPT_CHARS_96 = 18_000;
/** The compact form's shortest and longest description cut (skill-prompt-limits-*.mjs). */
const COMPACT_DESCRIPTION_MIN_CHARS = 4;
const COMPACT_DESCRIPTION_MAX_CHARS = 220;

const CONTEXT_LINE =
  'When a skill file references a relative path, resolve it against the skill directory (parent of SKILL.md / dirname of the path) and use that absolute path in tool commands.';

/** `truncateUtf16Safe` (utf16-slice-*.mjs): a prefix of at most `maxLen` code units that does not end inside a
 *  surrogate pair. */
function truncateUtf16Safe(input: string, maxLen: number): string {
  const limit = Math.max(0, Math.floor(maxLen));
  if (input.length <= limit) return input;
  let to = limit;
  const hi = input.charCodeAt(to - 1);
  const lo = input.charCodeAt(to);
  if (to > 0 && hi >= 0xd800 && hi <= 0xdbff && lo >= 0xdc00 && lo <= 0xdfff) to -= 1;
  return input.slice(0, to);
}

/** `truncateSkillDescription` (skill-contract-*.mjs): whitespace runs collapsed to one space, trimmed, and
 *  when longer than `maxChars` cut to `maxChars - 3` (end trimmed) + `...`. */
export function truncateSkillDescription(description: string, maxChars: number): string {
  const normalized = description.replace(/\s+/g, ' ').trim();
  if (normalized.length <= maxChars) return normalized;
  if (maxChars <= 3) return truncateUtf16Safe(normalized, maxChars);
  return `${truncateUtf16Safe(normalized, maxChars - 3).trimEnd()}...`;
}

/** `formatSkillsCompactForPrompt` (from 2026.8.1): descriptions cut to `descriptionMaxChars`, omitted at 0. */
export function formatSkillsCompact96(skills: readonly PromptSkill[], descriptionMaxChars: number, version: OpenClawVersion = '2026.9.6'): string {
  const max = Math.max(0, Math.floor(descriptionMaxChars));
  return formatSkillCatalog(skills, version, max > 0 ? 'name or description' : 'name', (s) =>
    max > 0 ? truncateSkillDescription(s.description, max) || undefined : undefined,
  );
}

/** The prompt budget's default for the release: `skills.limits.maxSkillsPromptChars`, else 30,000 up to
 *  2026.4.12 and 18,000 from 2026.9.6 (workspace-skill-prompt-*.mjs resolveWorkspaceSkillPromptState passes
 *  the configured value, prepareSkillsForPrompt defaults it). */
export function resolvePromptLimits(limits: SkillsLimits, config: OpenClawConfig, version: OpenClawVersion): SkillsLimits {
  if (!has(version, 'prompt-budget-18000')) return limits;
  const configured: unknown = config?.skills?.limits?.maxSkillsPromptChars;
  return {
    ...limits,
    maxSkillsPromptChars: configured === undefined || configured === null ? DEFAULT_MAX_SKILLS_PROMPT_CHARS_96 : limits.maxSkillsPromptChars,
  };
}

/** From 2026.9.6 the agent's own `skillsLimits.maxSkillsPromptChars` (a number) replaces the budget
 *  (agent-filter-*.mjs resolveEffectiveAgentSkillsLimits: the agent's entry in `agents.entries` or
 *  `agents.list`). */
export function resolveAgentPromptLimits(limits: SkillsLimits, config: OpenClawConfig, agentId: string, version: OpenClawVersion): SkillsLimits {
  if (!has(version, 'prompt-budget-18000')) return limits;
  const agents: unknown = config?.agents;
  if (!agents || typeof agents !== 'object') return limits;
  const id = normalizeAgentId(agentId);
  const roster = agents as Record<string, unknown>;
  let entry: Record<string, unknown> | undefined;
  if (has(version, 'agents-entries') && Object.hasOwn(roster, 'entries') && roster.entries !== undefined) {
    const entries = roster.entries;
    if (entries && typeof entries === 'object' && !Array.isArray(entries)) {
      for (const [key, value] of Object.entries(entries as Record<string, unknown>)) {
        if (value && typeof value === 'object' && !Array.isArray(value) && normalizeAgentId(key) === id) {
          entry = value as Record<string, unknown>;
          break;
        }
      }
    }
  } else if (Array.isArray(roster.list)) {
    entry = (roster.list as unknown[]).find(
      (e): e is Record<string, unknown> => e !== null && typeof e === 'object' && normalizeAgentId((e as Record<string, unknown>).id) === id,
    );
  }
  if (!entry || !Object.hasOwn(entry, 'skillsLimits')) return limits;
  const own = entry.skillsLimits as Record<string, unknown> | null | undefined;
  const max = own?.maxSkillsPromptChars;
  return typeof max === 'number' ? { ...limits, maxSkillsPromptChars: max } : limits;
}

type Format96 = { kind: 'full' } | { kind: 'compact'; descriptionMaxChars: number };

/** `buildSkillsLimitNote` (2026.9.6). */
function limitNote96(truncated: boolean, format: Format96, included: number, total: number): string {
  const omitted = format.kind === 'compact' && format.descriptionMaxChars > 0 ? 'descriptions shortened' : 'descriptions omitted';
  if (truncated) {
    return `⚠️ Skills truncated: included ${included} of ${total}${format.kind === 'compact' ? ` (compact format, ${omitted})` : ''}. Run \`openclaw skills check\` to audit.`;
  }
  if (format.kind === 'compact') return `⚠️ Skills catalog using compact format (${omitted}). Run \`openclaw skills check\` to audit.`;
  return '';
}

/** 2026.9.6's `prepareSkillsForPrompt` (skill-prompt-limits-*.mjs), without a remote note: the skills sorted by
 *  name, the first `maxSkillsInPrompt`; the full text if it fits the budget (note included), else the longest
 *  prefix whose compact form without descriptions fits with its note (or, when none does, without the note),
 *  then the longest description cut (4…220) that still fits. */
function buildSkillsPrompt96(candidates: readonly PromptSkill[], limits: PromptLimits, version: OpenClawVersion): PromptResult {
  const maxChars = limits.maxSkillsPromptChars;
  const ordered = candidates.slice().sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const total = ordered.length;
  const byCount = ordered.slice(0, Math.max(0, limits.maxSkillsInPrompt));
  const render = (skills: readonly PromptSkill[], format: Format96, withNote = true): string => {
    const note = withNote ? limitNote96(skills.length < total, format, skills.length, total) : '';
    const block = format.kind === 'compact' ? formatSkillsCompact96(skills, format.descriptionMaxChars, version) : formatSkillsForPrompt(skills, version);
    return [note, block].filter(Boolean).join('\n');
  };
  const fits = (text: string): boolean => text.length <= maxChars;
  const fitsCompact = (skills: readonly PromptSkill[], descriptionMaxChars: number, withNote = true): boolean =>
    fits(render(skills, { kind: 'compact', descriptionMaxChars }, withNote));
  const result = (text: string, skills: readonly PromptSkill[], format: Format96): PromptResult => ({
    text,
    format: !text.includes('<available_skills>') ? 'none' : format.kind,
    included: skills.length,
    candidates: total,
    truncated: skills.length < total,
    compact: format.kind === 'compact',
    blockLength: text.length,
    skills,
    descriptionMaxChars: format.kind === 'compact' ? format.descriptionMaxChars : 0,
  });
  const longestPrefix = (ok: (prefix: readonly PromptSkill[]) => boolean, from: readonly PromptSkill[]): number => {
    let lo = 0;
    let hi = from.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (ok(from.slice(0, mid))) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };

  const full = render(byCount, { kind: 'full' });
  if (fits(full)) return result(full, byCount, { kind: 'full' });
  let skills: readonly PromptSkill[] = byCount;
  if (!fitsCompact(skills, 0))
    skills = skills.slice(
      0,
      longestPrefix((p) => fitsCompact(p, 0), skills),
    );
  if (skills.length === 0 && byCount.length > 0) {
    const fullWithoutNote = render(byCount, { kind: 'full' }, false);
    if (fits(fullWithoutNote)) return result(fullWithoutNote, byCount, { kind: 'full' });
    const lo = longestPrefix((p) => fitsCompact(p, 0, false), byCount);
    if (lo > 0) skills = byCount.slice(0, lo);
  }
  const withNote = fitsCompact(skills, 0);
  let descriptionMaxChars = 0;
  if (skills.length > 0 && fitsCompact(skills, COMPACT_DESCRIPTION_MIN_CHARS, withNote)) {
    let lo = COMPACT_DESCRIPTION_MIN_CHARS;
    let hi = COMPACT_DESCRIPTION_MAX_CHARS;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (fitsCompact(skills, mid, withNote)) lo = mid;
      else hi = mid - 1;
    }
    descriptionMaxChars = lo;
  }
  const format: Format96 = { kind: 'compact', descriptionMaxChars };
  const rendered = render(skills, format, withNote);
  const text = fits(rendered) ? rendered : '';
  return result(text, text ? skills : [], format);
}

/** 2026.6.6–7.35's `applySkillsPromptLimits` with `buildRenderedSkillsPrompt`: the skills sorted by name, the
 *  first `maxSkillsInPrompt`; the whole text (note included) measured; the full form if it fits, else the
 *  longest prefix whose compact form (no descriptions) fits with its note — and when none does, the note alone,
 *  whatever the budget. */
function buildSkillsPrompt66(candidates: readonly PromptSkill[], limits: PromptLimits, version: OpenClawVersion): PromptResult {
  const maxChars = limits.maxSkillsPromptChars;
  const ordered = candidates.slice().sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const total = ordered.length;
  const byCount = ordered.slice(0, Math.max(0, limits.maxSkillsInPrompt));
  const render = (skills: readonly PromptSkill[], compact: boolean): string => {
    const format: Format96 = compact ? { kind: 'compact', descriptionMaxChars: 0 } : { kind: 'full' };
    const note = limitNote96(skills.length < total, format, skills.length, total);
    return [note, compact ? formatSkillsCompact(skills, version) : formatSkillsForPrompt(skills, version)].filter(Boolean).join('\n');
  };
  const result = (text: string, skills: readonly PromptSkill[], compact: boolean): PromptResult => ({
    text,
    format: !text.includes('<available_skills>') ? 'none' : compact ? 'compact' : 'full',
    included: skills.length,
    candidates: total,
    truncated: skills.length < total,
    compact,
    blockLength: text.length,
    skills,
    descriptionMaxChars: 0,
  });
  const full = render(byCount, false);
  if (full.length <= maxChars) return result(full, byCount, false);
  let lo = 0;
  let hi = byCount.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (render(byCount.slice(0, mid), true).length <= maxChars) lo = mid;
    else hi = mid - 1;
  }
  const skills = byCount.slice(0, lo);
  return result(render(skills, true), skills, true);
}

/** 2026.6.6–7.35's `computeSkillPromptVersion`: `sha256:` and the first 16 hex digits of the SHA-256 of the
 *  SKILL.md as read (UTF-8 decoded, BOM and line ends kept). */
export function promptVersionOf(raw: string): string {
  return `sha256:${createHash('sha256').update(raw).digest('hex').slice(0, 16)}`;
}
