// The budget of Codex 0.171.0's skills listing (RULES §9).
//
// Unit: tokens, estimated from UTF-8 bytes — a line costs ceil((bytes + 1) / 4), the `+ 1` being its newline.
// Pinned by: h01 (30 whole entries just inside 10000 tokens), h02/h05/h06 (the exact place every shortened
// description ends, which moves by one character when the estimate is off by one byte), h04 (how many bare
// entries fit in 200), h07 (the roots table's charge), k02 (bundled entries shortened by the same rule).
//
// Limit: `[skills] max_context_tokens` when set (h03, h04, h07, k02), else 2% of the model's context window:
// `model_context_window` when set (h05), else the model's own window — the default model `gpt-6.2-sol` has
// 500000 (h01, h02), a model the release does not know gets the fallback metadata's 272000 (h06).
//
// The skill-roots table is charged only beyond its first 142 bytes: with T = Σ (bytes + 1) of its `- \`rN\` = …`
// lines, the entries lose ceil((T − 142) / 4) tokens when T > 142 (h07: T = 146 → one token).
//
// Fitting, over the entries in listing order (built-ins included: k02):
//   1. all whole entries fit → all whole (h01);
//   2. else, when all bare entries `- <name>: (file: …)` fit, what is left is handed out one character at a time,
//      pass after pass in listing order; an entry gets its next character when the extra cost fits in what
//      remains (an entry costs ceil((b + 1 + p_k + 1) / 4) with b its bare bytes and p_k the bytes of its first
//      k characters, `+ 1` for the space before `(file:`) — short descriptions end whole, long ones end where
//      their share ends, with no marker (h02, h03, h05, h06, h07);
//   3. else bare entries are kept in order while they fit, the rest left out, with a warning (h04).

import { utf8Bytes } from './text';

export const DEFAULT_MODEL = 'gpt-6.2-sol';
/** Context windows of the models the cases show (tokens). */
export const MODEL_CONTEXT_WINDOWS: Readonly<Record<string, number>> = { 'gpt-6.2-sol': 500000 };
/** The window of a model the release has no metadata for (case h06). */
export const FALLBACK_CONTEXT_WINDOW = 272000;
/** Share of the context window given to the skills listing. */
export const BUDGET_SHARE = 0.02;
/** Bytes of the roots table that are free (case h07). */
export const FREE_ROOTS_BYTES = 142;

export function lineTokens(bytes: number): number {
  return Math.ceil((bytes + 1) / 4);
}

export interface BudgetLimit {
  tokens: number;
  source: string;
  model: string;
}

export function budgetLimit(model: string | null, contextWindow: number | null, maxContextTokens: number | null): BudgetLimit {
  const m = model ?? DEFAULT_MODEL;
  if (maxContextTokens !== null) return { tokens: Math.max(0, Math.floor(maxContextTokens)), source: '[skills] max_context_tokens in config.toml', model: m };
  const known = MODEL_CONTEXT_WINDOWS[m];
  const window = contextWindow ?? known ?? FALLBACK_CONTEXT_WINDOW;
  const why =
    contextWindow !== null
      ? `model_context_window = ${contextWindow}`
      : known !== undefined
        ? `${m}'s ${window}-token context window`
        : `the fallback ${window}-token context window of an unknown model (${m})`;
  return { tokens: Math.floor(window * BUDGET_SHARE), source: `2% of ${why}`, model: m };
}

/** The tokens the roots table takes from the budget. */
export function rootsTableTokens(lines: string[]): number {
  const t = lines.reduce((n, l) => n + utf8Bytes(l) + 1, 0);
  return t > FREE_ROOTS_BYTES ? Math.ceil((t - FREE_ROOTS_BYTES) / 4) : 0;
}

/** One entry as the budget sees it. */
export interface BudgetEntry {
  /** `- <name>: (file: …)`'s bytes. */
  bareBytes: number;
  /** Byte length of each character of the description, in order. */
  charBytes: number[];
}

export function budgetEntry(bare: string, description: string): BudgetEntry {
  return { bareBytes: utf8Bytes(bare), charBytes: Array.from(description, (c) => utf8Bytes(c)) };
}

export interface Fit {
  /** Characters of each description kept; null when the entry is left out. */
  kept: Array<number | null>;
  /** Tokens used by the entries and the roots table. */
  used: number;
  dropped: number;
}

function entryTokens(e: BudgetEntry, descBytes: number): number {
  return descBytes === 0 ? lineTokens(e.bareBytes) : lineTokens(e.bareBytes + descBytes + 1);
}

export function fitEntries(entries: BudgetEntry[], limit: number, rootsTokens: number): Fit {
  const avail = limit - rootsTokens;
  const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
  const whole = entries.map((e) => entryTokens(e, sum(e.charBytes)));
  if (sum(whole) <= avail) return { kept: entries.map((e) => e.charBytes.length), used: rootsTokens + sum(whole), dropped: 0 };
  const bare = entries.map((e) => lineTokens(e.bareBytes));
  if (sum(bare) <= avail) {
    let rem = avail - sum(bare);
    const k = entries.map(() => 0);
    const bytes = entries.map(() => 0);
    const cost = bare.slice();
    for (let progress = true; progress;) {
      progress = false;
      entries.forEach((e, i) => {
        const have = k[i] ?? 0;
        const c = e.charBytes[have];
        if (c === undefined) return;
        const next = entryTokens(e, (bytes[i] ?? 0) + c);
        const extra = next - (cost[i] ?? 0);
        if (extra > rem) return;
        rem -= extra;
        cost[i] = next;
        bytes[i] = (bytes[i] ?? 0) + c;
        k[i] = have + 1;
        progress = true;
      });
    }
    return { kept: k, used: limit - rem, dropped: 0 };
  }
  const kept: Array<number | null> = [];
  let used = rootsTokens;
  let open = true;
  for (const t of bare) {
    if (open && used + t <= limit) {
      kept.push(0);
      used += t;
    } else {
      open = false;
      kept.push(null);
    }
  }
  return { kept, used, dropped: kept.filter((x) => x === null).length };
}

export function budgetWarning(dropped: number): string {
  return `warning: Exceeded skills context budget. All skill descriptions were removed and ${dropped} additional skills were not included in the model-visible skills list.`;
}
