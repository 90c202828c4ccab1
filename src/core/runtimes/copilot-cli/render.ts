// The skills section Copilot CLI 1.0.102 puts into its system message, and its budget (RULES.md §1, §9).
//
// `<available_skills>`, one block per skill, then — only when the budget ran out — one line
// `Additional skills available (invoke by name): a, b, …`, then `</available_skills>`, joined by `\n`
// (cases a01, h01). A block is
// `<skill>\n  <name>NAME</name>\n  <description>DESCRIPTION</description>\n  <location>LOCATION</location>\n</skill>`,
// name and description XML-escaped (`& < > " '`, case d03).
//
// The budget: blocks are taken in order while the running total of (block + its newline), counted on the
// escaped text in UTF-16 units, stays within it; the first block that does not fit and every skill after it,
// fitting or not, are only named on the `Additional skills` line (cases h01, h02, h03). 15,000 by default
// (case h01); `SKILL_CHAR_BUDGET` sets it (cases h02, h03). Built-ins, being last, count the same way and are
// the first to move to that line (case k02).

export const DEFAULT_BUDGET = 15000;
export const ADDITIONAL = 'Additional skills available (invoke by name): ';

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;'));
}

export function skillBlock(name: string, description: string, location: string): string {
  return `<skill>\n  <name>${escapeXml(name)}</name>\n  <description>${escapeXml(description)}</description>\n  <location>${location}</location>\n</skill>`;
}

/** The budget a start gets: `SKILL_CHAR_BUDGET` when it is a positive whole number, else 15,000. (Only 1000 and
 *  1500 are observed; what the release makes of `0`, a negative or a non-number is not.) */
export function budgetOf(env: Readonly<Record<string, string | undefined>>): { limit: number; source: string } {
  const raw = env.SKILL_CHAR_BUDGET;
  if (raw !== undefined && /^\s*\d+\s*$/.test(raw)) {
    const n = Number.parseInt(raw, 10);
    if (n > 0) return { limit: n, source: `SKILL_CHAR_BUDGET=${raw.trim()}` };
  }
  return { limit: DEFAULT_BUDGET, source: `${DEFAULT_BUDGET.toLocaleString('en-US')} characters (Copilot CLI's default)` };
}

/** One entry in listing order: its block width (with the newline) when known, and whether it is ours to print. */
export interface Entry {
  name: string;
  /** The block, or null for a built-in (whose text the project does not know). */
  block: string | null;
  /** block.length + 1 for a skill; the recorded width for a built-in. */
  width: number;
}

/** Which entries keep their block: the first `fits` of them (the rest go to the `Additional skills` line). */
export function fitBudget(entries: readonly Entry[], limit: number): { fits: number; used: number } {
  let used = 0;
  let fits = 0;
  for (const e of entries) {
    if (used + e.width > limit) break; // once one does not fit, later smaller ones are not tried (case h02)
    used += e.width;
    fits++;
  }
  return { fits, used };
}

/** The section as sent, without the built-ins' blocks and names (as the golden `listing.txt` leaves them out).
 *  '' when no skill at all is listed (case d05). When only built-ins are named on the `Additional skills` line,
 *  the line is left out with them (not observed). */
export function renderSection(entries: readonly Entry[], fits: number): string {
  if (entries.length === 0) return '';
  const lines = ['<available_skills>'];
  for (const e of entries.slice(0, fits)) if (e.block !== null) lines.push(e.block);
  const names = entries
    .slice(fits)
    .filter((e) => e.block !== null)
    .map((e) => escapeXml(e.name));
  if (names.length > 0) lines.push(ADDITIONAL + names.join(', '));
  lines.push('</available_skills>');
  return lines.join('\n');
}
