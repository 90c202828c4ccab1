// Exactly what the model sees: the nexo-rs MISSING DEPS banner and `# SKILLS` system block
// (runtime-semantics §1), the Hermes `<available_skills>` index (§2) and the Agent Skills XML index (§3).
// Byte-exact: tests compare these strings to the runtime's layout character by character.

import type { Missing, MissingVersion } from './types';

/** The banner nexo-rs prepends in warn mode; '' when nothing is missing. Lines joined by `\n`, no trailing
 *  newline; bins, then env, then versions. `skillId` is the folder name (the runtime's identity). */
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

function versionDetail(v: MissingVersion): string {
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
      return `requires ${v.required} (found ${v.found ?? 'unknown'})`;
  }
}

/** Content injected for one skill: banner + blank line + trimmed body, or the body; cut at `max_chars`
 *  (counted in Unicode scalar values, like Rust's chars) with the runtime's marker. */
export function renderContent(body: string, banner: string, maxChars?: number): string {
  let content = banner ? `${banner}\n\n${body.trim()}` : body.trim();
  if (maxChars !== undefined) {
    const chars = Array.from(content);
    if (chars.length > maxChars) content = `${chars.slice(0, maxChars).join('')}\n\n…[truncated to ${maxChars} chars]`;
  }
  return content;
}

export interface SystemBlockSkill {
  /** Frontmatter name, else folder name. */
  displayName: string;
  description: string;
  content: string;
}

/** The `# SKILLS` system block, skills in the agent's order. */
export function renderSystemBlock(skills: readonly SystemBlockSkill[]): string {
  let out = '# SKILLS\n\n';
  for (const s of skills) {
    out += `## ${s.displayName}\n`;
    const d = s.description.trim();
    if (d) out += `> ${d}\n\n`;
    out += `${s.content.trim()}\n\n`;
  }
  return out.trimEnd();
}

export interface HermesIndexSkill {
  category: string;
  name: string;
  description: string;
}

/** Hermes' index cut: trimmed, surrounding quotes stripped, longer than 60 → first 57 + "...". */
export function hermesDescription(raw: string): string {
  let d = raw.trim();
  if (d.length >= 2 && (d[0] === '"' || d[0] === "'") && d[d.length - 1] === d[0]) d = d.slice(1, -1).trim();
  const chars = Array.from(d);
  return chars.length > 60 ? `${chars.slice(0, 57).join('')}...` : d;
}

/** The Hermes `<available_skills>` block: categories sorted, skills sorted by name within each, a repeated
 *  name listed once; `categoryDescriptions` from each category folder's DESCRIPTION.md. */
export function renderHermesIndex(skills: readonly HermesIndexSkill[], categoryDescriptions: ReadonlyMap<string, string>): string {
  const byCategory = new Map<string, Map<string, string>>();
  for (const s of skills) {
    let cat = byCategory.get(s.category);
    if (!cat) byCategory.set(s.category, (cat = new Map()));
    if (!cat.has(s.name)) cat.set(s.name, s.description);
  }
  const lines = ['<available_skills>'];
  for (const category of [...byCategory.keys()].sort(codeUnitOrder)) {
    const cd = hermesDescription(categoryDescriptions.get(category) ?? '');
    lines.push(cd ? `  ${category}: ${cd}` : `  ${category}:`);
    const entries = byCategory.get(category) ?? new Map<string, string>();
    for (const name of [...entries.keys()].sort(codeUnitOrder)) {
      const d = hermesDescription(entries.get(name) ?? '');
      lines.push(d ? `    - ${name}: ${d}` : `    - ${name}`);
    }
  }
  lines.push('</available_skills>');
  return lines.join('\n');
}

/** Python's default string sort compares code points; for the BMP that equals UTF-16 order. */
function codeUnitOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface XmlIndexSkill {
  name: string;
  description: string;
  /** Absolute path of the SKILL.md. */
  location: string;
}

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

/** The Agent Skills client index (§3). */
export function renderXmlIndex(skills: readonly XmlIndexSkill[]): string {
  const lines = ['<available_skills>'];
  for (const s of skills) {
    lines.push('  <skill>');
    lines.push(`    <name>${escapeXml(s.name)}</name>`);
    lines.push(`    <description>${escapeXml(s.description.trim())}</description>`);
    lines.push(`    <location>${escapeXml(s.location)}</location>`);
    lines.push('  </skill>');
  }
  lines.push('</available_skills>');
  return lines.join('\n');
}
