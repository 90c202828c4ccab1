// The gates Hermes applies before a skill reaches the index or skills_list: platforms, environments,
// the disabled lists of config.yaml, and conditional activation by tools and toolsets. Each function is
// the Python function it names, including where that function raises (a raise inside the index build is
// not caught: Hermes then prints no index at all).

import type { Host } from './host';
import { hashKey, isStr, PyDict, PyError, PyList, pyIter, pyStr, pyStrip, pyTruthy, type PyValue } from './pyvalue';

const PLATFORM_MAP: Record<string, string> = { macos: 'darwin', linux: 'linux', windows: 'win32' };

/** `skill_matches_platform_list(platforms)` (SU:163-208): falsy means every platform; a non-list is
 *  wrapped; each value is `str()`, lower-cased, stripped, mapped (macos → darwin, windows → win32) and
 *  matched as a PREFIX of `sys.platform`; under Termux `linux`, `termux` and `android` match too. */
export function platformMatches(platforms: PyValue | undefined, host: Pick<Host, 'sysPlatform' | 'termux'>): boolean {
  if (!pyTruthy(platforms)) return true;
  const items = platforms instanceof PyList ? platforms.items : [platforms ?? null];
  for (const p of items) {
    const normalized = pyStrip(pyStr(p).toLowerCase());
    const mapped = PLATFORM_MAP[normalized] ?? normalized;
    if (host.sysPlatform.startsWith(mapped)) return true;
    if (host.termux && (mapped === 'linux' || mapped === 'termux' || mapped === 'android')) return true;
  }
  return false;
}

export const KNOWN_ENVIRONMENTS: ReadonlySet<string> = new Set(['kanban', 'docker', 's6']);

/** `skill_matches_environment(frontmatter)` (SU:221-308): falsy means everywhere; a scalar is wrapped;
 *  blank tags are skipped (so a list of only blank tags hides the skill); an unknown tag shows the skill
 *  at once (fail-open); otherwise one active known environment is enough. */
export function environmentMatches(environments: PyValue | undefined, host: Pick<Host, 'environments'>): boolean {
  if (!pyTruthy(environments)) return true;
  const items = environments instanceof PyList ? environments.items : [environments ?? null];
  for (const e of items) {
    const normalized = pyStrip(pyStr(e).toLowerCase());
    if (!normalized) continue;
    if (!KNOWN_ENVIRONMENTS.has(normalized)) return true;
    if (host.environments.has(normalized)) return true;
  }
  return false;
}

export const CONDITION_KEYS = ['fallback_for_toolsets', 'requires_toolsets', 'fallback_for_tools', 'requires_tools'] as const;
export type ConditionKey = (typeof CONDITION_KEYS)[number];

/** `extract_skill_conditions(frontmatter)` (SU:602-616): the four lists from `metadata.hermes`, `[]` when
 *  absent, nothing when `metadata` or `hermes` is not a mapping. Values are returned raw (a null or a
 *  string stays one). */
export function extractConditions(fm: PyDict): PyDict {
  let metadata = fm.get('metadata');
  if (!(metadata instanceof PyDict)) metadata = new PyDict();
  let hermes: PyValue | undefined = metadata.get('hermes');
  if (!pyTruthy(hermes)) hermes = new PyDict();
  if (!(hermes instanceof PyDict)) hermes = new PyDict();
  const out = new PyDict();
  for (const k of ['fallback_for_toolsets', 'requires_toolsets', 'fallback_for_tools', 'requires_tools']) out.set(k, hermes.get(k, new PyList()) ?? null);
  return out;
}

/** `item in available` where `available` is a Python set of str: the item must be hashable. */
function inSet(item: PyValue, available: ReadonlySet<string>): boolean {
  hashKey(item);
  return isStr(item) && available.has(item);
}

/** `_skill_should_show(conditions, available_tools, available_toolsets)` (PB:1407-1435). Without any tool
 *  information every skill shows; otherwise a missing set is empty, a `fallback_for_*` entry that IS
 *  available hides, a `requires_*` entry that is NOT available hides. Iterating a null or a number raises
 *  TypeError, which Hermes does not catch (no index). A string is iterated letter by letter. */
export function shouldShow(conditions: PyDict, tools: ReadonlySet<string> | null, toolsets: ReadonlySet<string> | null): boolean {
  if (tools === null && toolsets === null) return true;
  const at = tools ?? new Set<string>();
  const ats = toolsets ?? new Set<string>();
  const get = (k: string): PyValue => conditions.get(k, new PyList()) ?? null;
  for (const ts of pyIter(get('fallback_for_toolsets'))) if (inSet(ts, ats)) return false;
  for (const t of pyIter(get('fallback_for_tools'))) if (inSet(t, at)) return false;
  for (const ts of pyIter(get('requires_toolsets'))) if (!inSet(ts, ats)) return false;
  for (const t of pyIter(get('requires_tools'))) if (!inSet(t, at)) return false;
  return true;
}

/** Which condition hid the skill, for the reason text (first failing, in Hermes's order). */
export function hidingCondition(
  conditions: PyDict,
  tools: ReadonlySet<string> | null,
  toolsets: ReadonlySet<string> | null,
): { key: ConditionKey; item: string } | null {
  const at = tools ?? new Set<string>();
  const ats = toolsets ?? new Set<string>();
  const checks: [ConditionKey, ReadonlySet<string>, boolean][] = [
    ['fallback_for_toolsets', ats, true],
    ['fallback_for_tools', at, true],
    ['requires_toolsets', ats, false],
    ['requires_tools', at, false],
  ];
  for (const [key, set, hideIfPresent] of checks) {
    let items: PyValue[];
    try {
      items = pyIter(conditions.get(key, new PyList()) ?? null);
    } catch {
      return null;
    }
    for (const item of items) {
      const present = isStr(item) && set.has(item);
      if (present === hideIfPresent) return { key, item: pyStr(item) };
    }
  }
  return null;
}

/** Python's message for a raise inside the index build (`TypeError: 'bool' object is not iterable`). */
export function pyErrorText(e: unknown): string {
  if (e instanceof PyError) return e.pyText;
  return `Error: ${e instanceof Error ? e.message : String(e)}`;
}
