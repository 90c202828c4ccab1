// What the runtimes that apply to a skill read in its frontmatter, merged per key path from their field tables
// (src/core/runtimes/<runtime>/fields.ts): the words completion items and hovers show — each runtime in its
// own terms, with where it documents or implements the field — and the types, enums and value hints.
//
// Which runtimes: a `FieldScope`, from src/core/runtimes/detect.ts (`applicableRuntimes`) with the user's
// pinned runtimes (the `skillAuthor.runtimes` setting, the CLI's `--runtime`). When nothing is pinned, the keys
// that would make another runtime apply (`platforms` → Hermes, `metadata.openclaw` → OpenClaw, …) are offered
// too, marked with the runtime they bring in (`impliedBy`).

import { applicableRuntimes, type DetectInput, runtimesImpliedBy } from '../runtimes/detect';
import { FIELDS_BY_RUNTIME } from '../runtimes/fields';
import { RUNTIME_LABELS } from '../runtimes/registry';
import { RUNTIME_IDS } from '../runtimes/registry';
import type { RuntimeField, RuntimeId } from '../runtimes/types';

/** The runtimes whose fields a skill's editor help speaks of. */
export interface FieldScope {
  /** The runtimes that apply to the skill, in RUNTIME_IDS order. */
  applicable: readonly RuntimeId[];
  /** The user chose them (setting or `--runtime`): nothing else is offered. */
  pinned: boolean;
}

/** Every runtime, unpinned: the scope when the caller knows nothing about the skill. */
export const ALL_RUNTIMES: FieldScope = { applicable: RUNTIME_IDS, pinned: false };

/** The scope of a skill: its applicable runtimes (detected from where it lives and what it declares, or
 *  pinned). */
export function fieldScope(input: DetectInput): FieldScope {
  return { applicable: applicableRuntimes(input).map((a) => a.runtime), pinned: (input.pinned?.length ?? 0) > 0 };
}

/** One runtime's entry for a key. */
export interface FieldReader {
  runtime: RuntimeId;
  field: RuntimeField;
}

/** What the runtimes say about one key path. */
export interface FieldHelp {
  /** The key (last segment of the path). */
  key: string;
  /** Applicable runtimes that read it, in RUNTIME_IDS order. */
  readers: FieldReader[];
  /** Runtimes that read it but do not apply to this skill. */
  others: FieldReader[];
  /** Runtimes writing this key would make apply (only when nothing is pinned and they do not apply yet). */
  impliedBy: RuntimeId[];
}

const matches = (pattern: readonly string[], path: readonly string[]): boolean =>
  pattern.length === path.length && pattern.every((p, i) => p === '*' || p === path[i]);

/** A runtime's own entry for a concrete path: the exact one before a `*` one. */
function entryOf(runtime: RuntimeId, path: readonly string[]): RuntimeField | undefined {
  const fields = FIELDS_BY_RUNTIME[runtime];
  const found = fields.filter((f) => matches(f.path, path));
  return found.find((f) => f.path[f.path.length - 1] !== '*') ?? found[0];
}

/** Every runtime's entry for `path` (keys from the top; list indices and map keys match `*`), split by the
 *  scope. Null when no runtime reads anything there. */
export function fieldHelp(path: readonly string[], scope: FieldScope): FieldHelp | null {
  const readers: FieldReader[] = [];
  const others: FieldReader[] = [];
  for (const runtime of RUNTIME_IDS) {
    const field = entryOf(runtime, path);
    if (!field) continue;
    (scope.applicable.includes(runtime) ? readers : others).push({ runtime, field });
  }
  if (!readers.length && !others.length) return null;
  return { key: path[path.length - 1] ?? '', readers, others, impliedBy: impliedBy(path, scope) };
}

function impliedBy(path: readonly string[], scope: FieldScope): RuntimeId[] {
  return scope.pinned ? [] : runtimesImpliedBy(path).filter((r) => !scope.applicable.includes(r));
}

/** The keys to offer directly under `path`: those an applicable runtime reads, then (unpinned) those that would
 *  bring in another runtime. In the field tables' order, first runtime first. */
export function fieldsUnder(path: readonly string[], scope: FieldScope): FieldHelp[] {
  const keys: string[] = [];
  for (const runtime of RUNTIME_IDS) {
    for (const f of FIELDS_BY_RUNTIME[runtime]) {
      const key = f.path[f.path.length - 1] as string;
      if (key === '*' || f.path.length !== path.length + 1 || !matches(f.path.slice(0, -1), path) || keys.includes(key)) continue;
      keys.push(key);
    }
  }
  const out: FieldHelp[] = [];
  for (const key of keys) {
    const help = fieldHelp([...path, key], scope);
    if (help && (help.readers.length || help.impliedBy.length)) out.push(help);
  }
  return out;
}

/** The entries that speak for a key: its readers, or, for a key only runtimes that would be brought in read,
 *  theirs. */
function speakers(h: FieldHelp): FieldReader[] {
  if (h.readers.length) return h.readers;
  return h.others.filter((o) => h.impliedBy.includes(o.runtime));
}

/** The types the speaking runtimes accept (their union). */
export function fieldTypes(h: FieldHelp): string[] {
  return [...new Set(speakers(h).flatMap((r) => r.field.type))];
}

/** Whether the key is a switch for some runtime reading it (its main type is boolean): `true` / `false` are
 *  offered. A name or description that merely tolerates a boolean is not. */
export function isSwitch(h: FieldHelp): boolean {
  return speakers(h).some((r) => r.field.type[0] === 'boolean');
}

/** The values to offer for the key (or, for a list, its items): enums of the runtimes that fix them, else the
 *  values their documentation names. `items`: the list's entries (`platforms: [|]`). */
export function fieldValues(h: FieldHelp, itemHelp?: FieldHelp | null): string[] {
  const values: string[] = [];
  for (const source of [itemHelp, h]) {
    if (!source) continue;
    for (const r of speakers(source))
      for (const v of [...(r.field.enum ?? []), ...(r.field.examples ?? [])]) if (typeof v === 'string' && !values.includes(v)) values.push(v);
    if (values.length) break;
  }
  return values;
}

/** Runtimes whose entry says the skill is refused or dropped without the key. */
export function requiredBy(h: FieldHelp): RuntimeId[] {
  return h.readers.filter((r) => r.field.required).map((r) => r.runtime);
}

export const runtimeNames = (ids: readonly RuntimeId[]): string => {
  const names = ids.map((r) => RUNTIME_LABELS[r]);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
};

/** A short type summary for a completion item's detail: `text`, `list`, `map`, `strict | warn | disable`, … */
export function fieldTypeSummary(h: FieldHelp, itemHelp?: FieldHelp | null): string {
  const enums = speakers(h).flatMap((r) => r.field.enum ?? []);
  if (enums.length) return [...new Set(enums.map(String))].join(' | ');
  const t = fieldTypes(h);
  const itemEnums = itemHelp ? speakers(itemHelp).flatMap((r) => r.field.enum ?? []) : [];
  if (t.includes('array') && itemEnums.length) return `list of ${[...new Set(itemEnums.map(String))].join(' | ')}`;
  if (t.includes('array') && t.includes('string')) return 'list (or text)';
  if (t.includes('array') && t.includes('object')) return 'list or map';
  if (t.includes('array')) return 'list';
  if (t.includes('object') && t.includes('string')) return 'text, or a map';
  if (t.includes('object')) return 'map';
  if (t.includes('string')) return 'text';
  if (t.includes('boolean')) return 'true | false';
  if (t.includes('integer')) return 'whole number';
  if (t.includes('number')) return 'number';
  return 'text';
}

/** The completion item's one-line detail: type, who reads it, what it brings in. */
export function fieldDetail(h: FieldHelp, itemHelp?: FieldHelp | null): string {
  const required = requiredBy(h);
  const who = h.readers.length ? runtimeNames(h.readers.map((r) => r.runtime)) : '';
  const parts = [
    ...(required.length ? [`required by ${runtimeNames(required)}`] : []),
    fieldTypeSummary(h, itemHelp),
    ...(h.impliedBy.length ? [`makes ${runtimeNames(h.impliedBy)} apply`] : who ? [who] : []),
  ];
  return parts.join(' · ');
}

function sourceLink(source: string): string {
  if (/^https?:\/\//.test(source)) return `[${source.replace(/^https?:\/\//, '')}](${source})`;
  const m = /^([\w.-]+\/[\w.-]+) (\S+)$/.exec(source);
  return m ? `[${m[1]} ${m[2]}](https://github.com/${m[1]}/blob/HEAD/${m[2]})` : source;
}

function runtimeParagraph(r: FieldReader): string {
  const def = r.field.default !== undefined ? ` Default: \`${String(r.field.default)}\`.` : '';
  return `**${RUNTIME_LABELS[r.runtime]}:** ${r.field.description}${def} — ${sourceLink(r.field.source)}`;
}

/** Markdown for a completion item or a hover: each runtime that reads the key, in its own words. A key the
 *  applicable runtimes do not read says so, and which runtimes would read it. */
export function fieldMarkdown(h: FieldHelp, scope: FieldScope): string {
  const parts: string[] = [];
  if (h.impliedBy.length) parts.push(`Writing \`${h.key}\` makes ${runtimeNames(h.impliedBy)} apply to this skill.`);
  if (h.readers.length) parts.push(...h.readers.map(runtimeParagraph));
  else {
    const applying = scope.applicable.length ? runtimeNames(scope.applicable) : 'none';
    if (!h.impliedBy.length)
      parts.push(
        `Not read by the ${scope.applicable.length === 1 ? 'runtime that applies' : 'runtimes that apply'} to this skill (${applying}), so it has no effect here. ${runtimeNames(h.others.map((o) => o.runtime))} would read it:`,
      );
    parts.push(...h.others.map(runtimeParagraph));
  }
  return parts.join('\n\n');
}

/** The scope for help at `path`: unpinned, a key on the way that brings in a runtime (`metadata.openclaw` while
 *  the text does not parse yet) adds it, so its nested keys are offered. */
export function scopeAt(path: readonly string[], scope: FieldScope): FieldScope {
  if (scope.pinned) return scope;
  const extra = path.flatMap((_, i) => runtimesImpliedBy(path.slice(0, i + 1))).filter((r) => !scope.applicable.includes(r));
  return extra.length ? { applicable: RUNTIME_IDS.filter((r) => scope.applicable.includes(r) || extra.includes(r)), pinned: false } : scope;
}
