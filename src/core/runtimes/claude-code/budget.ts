// The listing budget of Claude Code 2.1.332 (RULES.md §9 of ../shared/golden/claude-code, cases h01–h09, k02).
// The budget is SLASH_COMMAND_TOOL_CHAR_BUDGET when it is a non-zero number (h03; 0 is ignored, h01), else
// floor(context window × characters per token × skillListingBudgetFraction) (h04–h07). A listing's size is the
// display width of its entry lines (CJK characters count 2, h08) plus one per line break between them. When it
// does not fit, nothing is removed and no marker added: the built-in entries (but init and security-review) and
// name-only overrides keep their form, every other entry starts as `- name`, and then, most-used first (h09),
// else in listing order, an entry gets its description back when the extra width fits in what is left — a long
// one that does not fit does not stop a later shorter one (h03).

import type { ListingContext } from '../listing';
import { type ClaudeSettings, modelOf } from './settings';

let stringWidth: ((s: string) => number) | undefined;

export function widthOf(s: string): number {
  // string-width only when a width is first measured: loading it makes an Intl.Segmenter (ICU's data), which
  // a run that lists no skill for Claude Code has no use for.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  stringWidth ??= (require('string-width') as typeof import('string-width')).default;
  return stringWidth(s);
}

export interface BudgetEntry {
  name: string;
  /** The whole entry, or null for a built-in (only its width is known: `fullWidth`). */
  full: string | null;
  fullWidth?: number;
  short: string;
  /** Keeps its form whatever the budget: a built-in, a name-only override. */
  fixed: boolean;
  /** Its form is `short` (a name-only override). */
  nameOnly: boolean;
  /** Recorded uses (~/.claude.json skillUsage). */
  usage: number;
}

export interface ClaudeBudget {
  limit: number;
  /** How it was derived, in words. */
  source: string;
  model: string;
}

export function budgetOf(ctx: ListingContext, settings: ClaudeSettings): ClaudeBudget {
  const model = modelOf(ctx);
  const env = Number(ctx.env['SLASH_COMMAND_TOOL_CHAR_BUDGET'] ?? '');
  if (Number.isFinite(env) && env > 0) return { limit: Math.floor(env), source: 'SLASH_COMMAND_TOOL_CHAR_BUDGET', model: model.id };
  const limit = Math.floor(model.contextTokens * model.charsPerToken * settings.budgetFraction);
  const pct = `${+(settings.budgetFraction * 100).toFixed(4)}%`;
  const assumed = model.measured ? '' : ', assumed: a model skill-author has not measured';
  return {
    limit,
    source: `${pct} of ${model.id}'s ${model.contextTokens.toLocaleString('en-US')}-token context window × ${model.charsPerToken}${assumed}`,
    model: model.id,
  };
}

function fullWidthOf(e: BudgetEntry): number {
  return e.full !== null ? widthOf(e.full) : (e.fullWidth ?? 0);
}

/** Which entries keep their text, and the width the listing then takes. */
export function allocateBudget(entries: readonly BudgetEntry[], limit: number): { keeps: boolean[]; used: number } {
  const gaps = Math.max(0, entries.length - 1);
  const whole = entries.reduce((n, e) => n + (e.nameOnly ? widthOf(e.short) : fullWidthOf(e)), 0) + gaps;
  if (whole <= limit) return { keeps: entries.map((e) => !e.nameOnly), used: whole };
  const keeps = entries.map((e) => e.fixed && !e.nameOnly);
  let used = entries.reduce((n, e, i) => n + (keeps[i] ? fullWidthOf(e) : widthOf(e.short)), 0) + gaps;
  const order = entries
    .map((e, i) => ({ e, i }))
    .filter(({ e }) => !e.fixed)
    .sort((a, b) => b.e.usage - a.e.usage || a.i - b.i);
  for (const { e, i } of order) {
    const extra = fullWidthOf(e) - widthOf(e.short);
    if (used + extra <= limit) {
      keeps[i] = true;
      used += extra;
    }
  }
  return { keeps, used };
}
