// A verdict and what is missing, in words, the same in the CLI's table, the Skills view, its tooltips and
// the language status: one place, so a skill reads alike wherever it is shown.

import type { RuntimeEntry } from './entry';
import type { PromptBudget, RuntimeMissing } from './types';

/** A verdict in the words of the runtime it is for: nexo-rs hides by mode, Hermes asks for setup, the
 *  others hide by what `hidden_by` names. */
export function verdictWords(r: Pick<RuntimeEntry, 'runtime' | 'verdict' | 'hidden_by'>, mode?: string): string {
  switch (r.verdict) {
    case 'loaded':
      return 'loaded';
    case 'loaded_with_banner':
      return 'loaded + banner';
    case 'needs_setup':
      return 'needs setup';
    case 'hidden':
      if (r.runtime === 'nexo' && mode) return `hidden (${mode})`;
      return `hidden (${(r.hidden_by ?? []).join(', ').replace(/_/g, ' ') || 'by the runtime'})`;
    case 'skipped_disabled':
      return 'disabled';
    case 'not_loadable':
      return 'not loadable';
    default:
      return 'not found';
  }
}

/** One item of the MISSING column: a 10,000-comparator constraint is quoted in full by --json and the
 *  banner, not in a table row. */
export function clip(s: string, max = 60): string {
  const chars = [...s];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : s;
}

/** The MISSING column from a runtime's own lists: names as they are, nexo-rs versions with their reason. */
export function missingText(missing: RuntimeMissing): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(missing)) {
    if (!Array.isArray(value) || value.length === 0) continue;
    if (key === 'versions') {
      for (const v of value as Array<{ bin: string; required: string; found: string | null; reason: string }>) {
        const why = v.reason === 'constraint_unsatisfied' ? `found ${v.found ?? '?'}` : v.reason.replace(/_/g, ' ');
        parts.push(`${clip(v.bin)} ${clip(v.required)} (${why})`);
      }
    } else parts.push(`${key}: ${value.map((x) => clip(String(x))).join(', ')}`);
  }
  return parts.join('; ');
}

/** Whether a runtime keeps the skill from the model (a banner or a setup request still shows it). */
export function isHiddenVerdict(verdict: RuntimeEntry['verdict']): boolean {
  return verdict !== 'loaded' && verdict !== 'loaded_with_banner' && verdict !== 'needs_setup';
}

/** How much of a runtime's prompt budget the skills use, in one sentence. */
export function budgetWords(b: PromptBudget): string {
  const n = (x: number): string => x.toLocaleString('en-US');
  const parts = [`${n(b.skills)} of ${n(b.maxSkills)} skills, ${n(b.chars)} of ${n(b.maxChars)} characters`];
  if (b.format === 'compact') parts.push('in the compact form (names and locations only): the full descriptions did not fit');
  if (b.truncated) parts.push(`${n(b.candidates - b.skills)} of ${n(b.candidates)} skills left out`);
  return parts.join('; ');
}

/** The same, short (a tree item's description). */
export function budgetShort(b: PromptBudget): string {
  const k = (x: number): string => (x >= 1000 ? `${(x / 1000).toFixed(1)}k` : String(x));
  return `${b.skills}/${b.maxSkills} skills · ${k(b.chars)}/${k(b.maxChars)} chars${b.format === 'compact' ? ' (compact)' : ''}${b.truncated ? ' (truncated)' : ''}`;
}
