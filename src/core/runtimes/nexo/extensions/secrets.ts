// The secret filter of a stdio extension's process (crates/extensions/src/runtime/stdio.rs at eec3f33:
// `env_is_blocked` 459-467, `build_command` 676-721; RULES.md §5): the child gets the agent's whole
// environment less every name whose ASCII-upper-cased form ends in one of 13 suffixes or contains one of 4
// substrings — whatever `requires.env` declares (`build_command` never sees the manifest). Only names are
// looked at; values are never read here.

/** `DEFAULT_ENV_BLOCKLIST` (stdio.rs:26-41): matched at the end of the upper-cased name. */
export const BLOCKED_SUFFIXES = [
  '_TOKEN',
  '_KEY',
  '_SECRET',
  '_PASSWORD',
  '_PASSWD',
  '_PWD',
  '_CREDENTIAL',
  '_CREDENTIALS',
  '_PAT',
  '_AUTH',
  '_APIKEY',
  '_BEARER',
  '_SESSION',
] as const;
/** `DEFAULT_ENV_BLOCKLIST_SUBSTRS` (stdio.rs:46): matched anywhere in it. */
export const BLOCKED_SUBSTRINGS = ['PASSWORD', 'SECRET', 'CREDENTIAL', 'PRIVATE_KEY'] as const;
/** What `build_command` adds after the filter (stdio.rs:698-699). */
export const ADDED_BY_AGENT = ['AGENT_EXTENSION_ID', 'AGENT_VERSION'] as const;

/** Rust's `to_ascii_uppercase`: only a-z change. */
function asciiUpper(s: string): string {
  return s.replace(/[a-z]+/g, (m) => m.toUpperCase());
}

/** The rule that strips `name`, in words (``ends in `_TOKEN` ``, ``contains `SECRET` ``), or null when it passes. */
export function blockedBy(name: string): string | null {
  const upper = asciiUpper(name);
  const suffix = BLOCKED_SUFFIXES.find((s) => upper.endsWith(s));
  if (suffix) return `ends in \`${suffix}\``;
  const sub = BLOCKED_SUBSTRINGS.find((s) => upper.includes(s));
  return sub ? `contains \`${sub}\`` : null;
}

export interface EnvFilter {
  /** Host variable names the extension's process receives, in byte order. */
  passed: string[];
  /** Host variable names it does not, in byte order. */
  stripped: string[];
}

export function filterEnv(env: Readonly<Record<string, string | undefined>>): EnvFilter {
  const names = Object.keys(env)
    .filter((k) => env[k] !== undefined)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { passed: names.filter((n) => blockedBy(n) === null), stripped: names.filter((n) => blockedBy(n) !== null) };
}
