// What the model sees from nexo-rs (RULES.md §9, §10): the MISSING DEPS banner of a `warn` skill and the
// `# SKILLS` system block. Byte-exact: the golden tests compare these strings with the runtime's own output.

import { rustTrim, rustTrimEnd } from '../../skill/text';
import type { Missing, MissingVersion } from '../../types';

/** The banner nexo-rs prepends in warn mode (`skills.rs:454-488`); '' when nothing is missing. Lines joined
 *  by `\n`, no trailing newline; bins, then env (each in listed order, as written), then versions (key
 *  order). `skillId` is the trimmed name the agent lists (it may hold a `/`). Versions not probed (probing
 *  off) are not the runtime's and are left out. */
export function renderBanner(skillId: string, missing: Missing): string {
  const versions = missing.versions.filter((v) => v.reason !== 'not_probed');
  if (missing.bins.length + missing.env.length + versions.length === 0) return '';
  const lines = [`> ⚠️ MISSING DEPS for skill \`${skillId}\`:`];
  for (const b of missing.bins) lines.push(`>   - bin not found: ${b}`);
  for (const e of missing.env) lines.push(`>   - env unset: ${e}`);
  for (const v of versions) lines.push(`>   - version mismatch: ${v.bin} ${versionDetail(v)}`);
  lines.push('> Calls into this skill may fail.');
  return lines.join('\n');
}

function versionDetail(v: Pick<MissingVersion, 'reason' | 'required' | 'found'>): string {
  switch (v.reason) {
    case 'invalid_constraint':
      return `invalid constraint \`${v.required}\``;
    case 'bin_not_found':
      return `requires ${v.required} (bin missing)`;
    case 'probe_failed':
      return `requires ${v.required} (probe failed)`;
    case 'parse_failed':
      return `requires ${v.required} (version output unparseable)`;
    default:
      return v.found !== null ? `requires ${v.required} (found ${v.found})` : v.required;
  }
}

/** A loaded skill's content: `banner + "\n\n" + body` in warn mode with something missing, else the body
 *  (already trimmed by the loader). */
function skillContent(body: string, banner: string): string {
  return banner ? `${banner}\n\n${body}` : body;
}

/** The content as the block places it: with `max_chars = N` and more than N Unicode scalar values (banner
 *  included), the first N + `\n\n…[truncated to N chars]`; then trimmed (Rust `str::trim`, so whitespace
 *  just before the cut survives when the marker follows it). */
function blockContent(content: string, maxChars: number | undefined): string {
  let out = content;
  if (maxChars !== undefined) {
    const chars = Array.from(content);
    if (chars.length > maxChars) out = `${chars.slice(0, maxChars).join('')}\n\n…[truncated to ${maxChars} chars]`;
  }
  return rustTrim(out);
}

/** Content injected for one skill, as the block places it: the loader's trimmed body behind the banner, cut at
 *  `max_chars`. */
export function renderContent(body: string, banner: string, maxChars?: number): string {
  return blockContent(skillContent(rustTrim(body), banner), maxChars);
}

export interface SystemBlockSkill {
  /** `metadata.name` as written, else the trimmed listed name. */
  displayName: string;
  /** `metadata.description` as written ('' when none). */
  description: string;
  /** The content as the block places it (`renderContent`). */
  content: string;
}

/** The `# SKILLS` system block (`render_system_blocks`, `skills.rs:751-781`): null when no skill loaded (no
 *  block at all); skills in list order, a skill listed twice appearing twice; the heading is the name as
 *  written (`name: ""` gives `## `); the description line only when it trims to something; the whole
 *  string right-trimmed. */
export function renderSystemBlock(skills: readonly SystemBlockSkill[]): string | null {
  if (skills.length === 0) return null;
  let out = '# SKILLS\n\n';
  for (const s of skills) {
    out += `## ${s.displayName}\n`;
    const d = rustTrim(s.description);
    if (d) out += `> ${d}\n\n`;
    out += `${rustTrim(s.content)}\n\n`;
  }
  return rustTrimEnd(out);
}
