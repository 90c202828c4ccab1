// A verdict and what is missing, in words, the same in the CLI's table, the Skills view, its tooltips and
// the language status: one place, so a skill reads alike wherever it is shown.

import type { Missing, VersionReason } from '../types';
import type { ListingBudget, ListingState } from './listing';
import type { HiddenBy, PromptBudget, RuntimeId, RuntimeMissing, RuntimeVerdict } from './types';

/** A verdict as the words below take it (`check --json`'s runtime entries have these fields). */
export interface VerdictFacts {
  runtime: RuntimeId;
  verdict: RuntimeVerdict;
  hidden_by?: HiddenBy[];
  /** The agent CLIs: how the skill appears in the section the model reads. */
  listing?: ListingState;
}

/** Why a version was not probed: the workspace is not trusted (the editor and the language server say it
 *  alike; the Skills view counts the versions it leaves unknown). */
export const NOT_PROBED_UNTRUSTED = 'not probed: workspace not trusted';

/** A verdict in the words of the runtime it is for: nexo-rs hides by mode, Hermes asks for setup, the
 *  others hide by what `hidden_by` names. */
export function verdictWords(r: VerdictFacts, mode?: string): string {
  // The agent CLIs list a skill whole, cut, or by name only; a shadowed one is dropped.
  if (r.listing === 'cut') return 'listed, cut';
  if (r.listing === 'name_only') return 'listed, name only';
  if (r.listing === 'full') return 'listed';
  if (r.listing === 'absent' && r.verdict === 'hidden' && r.hidden_by?.includes('duplicate_name')) return 'shadowed';
  switch (r.verdict) {
    case 'loaded':
      return 'loaded';
    case 'loaded_with_banner':
      return 'loaded + banner';
    case 'needs_setup':
      return 'needs setup';
    case 'hidden':
      if (r.runtime === 'nexo' && mode) return `hidden (${mode})`;
      // The runtime read no skill at all: its configuration is what to fix, not the skill.
      if (r.hidden_by?.includes('config_refused')) return 'config refused';
      return `hidden (${(r.hidden_by ?? []).join(', ').replace(/_/g, ' ') || 'by the runtime'})`;
    case 'skipped_disabled':
      return 'disabled';
    case 'not_loadable':
      return 'not loadable';
    default:
      return 'not found';
  }
}

/** The facts of the verdict that speaks for a skill (`check --json`'s top level), with how its runtime lists it
 *  when that runtime is an agent CLI: `Listed, name only` rather than `Loaded`. */
export function leadFacts(entry: VerdictFacts & { runtimes: ReadonlyArray<VerdictFacts> }): VerdictFacts {
  const listing = entry.runtimes.find((r) => r.runtime === entry.runtime)?.listing;
  return listing !== undefined
    ? { runtime: entry.runtime, verdict: entry.verdict, ...(entry.hidden_by ? { hidden_by: entry.hidden_by } : {}), listing }
    : entry;
}

/** The same, capitalised, as a label leads with it: `Hidden (strict)`, `Needs setup`. */
export function verdictLabel(r: VerdictFacts, mode?: string): string {
  const words = verdictWords(r, mode);
  return words.charAt(0).toUpperCase() + words.slice(1);
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
export function isHiddenVerdict(verdict: RuntimeVerdict): boolean {
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

/** A version requirement as checked: enough of nexo-rs's `MissingVersion` or `VersionCheck` to say it. */
export interface VersionFactInput {
  required: string;
  found: string | null;
  reason?: VersionReason | null;
  detail?: string | null;
  /** Where the binary was found, when known. */
  path?: string | null;
}

/** What the check of one version requirement found, in one clause ("found 0.9.0 at /usr/bin/x, required
 *  >=1.0"): the same in the Skills view, its reports, the previews and the hovers. */
export function versionFact(v: VersionFactInput): string {
  const at = v.path ? ` at ${v.path}` : '';
  const detail = v.detail ? `: ${v.detail}` : '';
  switch (v.reason ?? undefined) {
    case undefined:
      return `found ${v.found ?? '?'}${at}`;
    case 'constraint_unsatisfied':
      return `found ${v.found ?? '?'}${at}, required ${v.required}`;
    case 'bin_not_found':
      return 'bin not found on PATH';
    case 'invalid_constraint':
      return `invalid constraint${detail}`;
    case 'probe_failed':
      return `probe failed${at}${detail}`;
    case 'parse_failed':
      return `no version found${at}${detail}`;
    default:
      return v.detail ?? 'not probed';
  }
}

/** One missing requirement: its kind, what it names, and what is wrong with it. */
export interface MissingFact {
  kind: 'bin' | 'env' | 'version';
  label: string;
  detail: string;
}

/** nexo-rs's missing lists as facts, in its order (bins, env, versions). */
export function missingFacts(m: Missing): MissingFact[] {
  return [
    ...m.bins.map((b): MissingFact => ({ kind: 'bin', label: b, detail: 'not found on PATH' })),
    ...m.env.map((e): MissingFact => ({ kind: 'env', label: e, detail: 'unset' })),
    ...m.versions.map((v): MissingFact => ({ kind: 'version', label: `${v.bin} ${v.required}`, detail: versionFact(v) })),
  ];
}

/** The same in a few words for a tree item: `30.0k/30.0k chars · 14 name only`. */
export function listingBudgetShort(b: ListingBudget): string {
  const k = (x: number): string => (x >= 1000 ? `${(x / 1000).toFixed(1)}k` : String(x));
  const lost = [b.cut ? `${b.cut} cut` : '', b.nameOnly ? `${b.nameOnly} name only` : '', b.dropped ? `${b.dropped} dropped` : ''].filter(Boolean);
  return `${k(b.used)}/${k(b.limit)} ${b.unit === 'tokens' ? 'tokens' : 'chars'}${lost.length ? ` · ${lost.join(', ')}` : ''}`;
}

/** An agent CLI's listing budget in one sentence: what the section takes of it and who lost their text. */
export function listingBudgetWords(label: string, b: ListingBudget): string {
  const n = (x: number): string => x.toLocaleString('en-US');
  const unit = b.unit === 'tokens' ? 'tokens' : 'characters';
  const parts = [`${n(b.used)} of ${n(b.limit)} ${unit} (${b.source})`];
  if (b.builtins) parts.push(`${n(b.builtins)} of them taken by ${label}'s own skills`);
  const lost = b.nameOnly + b.cut + b.dropped;
  if (b.lost.length) {
    const first = b.lost.slice(0, 3).join(', ');
    parts.push(
      `${n(b.lost.length)} skill${b.lost.length === 1 ? '' : 's'} lost ${b.dropped ? 'their place or ' : ''}description text to it (first: ${first}${b.lost.length > 3 ? ', …' : ''})`,
    );
  } else if (!lost) parts.push('every skill listed whole');
  return parts.join('; ');
}
