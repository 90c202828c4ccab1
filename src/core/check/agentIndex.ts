// The index of an agent's skills as the engine evaluated them (`index --agent`, the extension's index
// previews): the Hermes `<available_skills>` layout (runtime-semantics §2) and the Agent Skills XML index
// (§3). The nexo-rs banner and `# SKILLS` block are its profile's (runtimes/nexo/render.ts).
// Byte-exact: tests compare these strings to the runtime's layout character by character.

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
