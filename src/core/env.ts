// Environment-variable requirements, judged the way each runtime judges them. Values are only ever tested
// (set? blank?), never returned, stored or logged: a `requires.env` entry is often a secret.

/** Unicode White_Space, which is what Rust's `str::trim` strips (JS `trim` differs: it strips U+FEFF and
 *  keeps U+0085). */
const RUST_BLANK = /^[\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*$/;

/** True when `s` is empty after Rust's `str::trim`. */
export function isRustBlank(s: string): boolean {
  return RUST_BLANK.test(s);
}

/** Hermes: env var names are only valid as `^[A-Za-z_][A-Za-z0-9_]*$` (an invalid one counts as missing and
 *  must never reach a shell). */
export function isEnvNameValid(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name);
}

/** Reads a variable the way the OS does: names are case-insensitive on Windows. */
function lookup(name: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string | undefined {
  if (Object.prototype.hasOwnProperty.call(env, name)) return env[name];
  if (platform === 'win32') {
    const upper = name.toUpperCase();
    for (const k of Object.keys(env)) if (k.toUpperCase() === upper) return env[k];
  }
  return undefined;
}

/**
 * nexo-rs (§1 step 7): an entry is missing when the variable is unset or its value is blank after trimming.
 *
 * Unlike `requires.bins` (where "a blank entry counts as present"), a blank env NAME is missing: the runtime
 * calls `std::env::var(name)`, and Rust returns `NotPresent` for an empty name, or one containing `=` or NUL
 * (checked with rustc 1.95 on Linux), so those are missing too. Any other name, valid-looking or not, is
 * simply looked up.
 * Not modelled: Rust also treats a value that is not valid UTF-8 as an error (so, missing); Node decodes the
 * environment lossily and cannot tell.
 */
export function envMissing(name: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): boolean {
  if (name === '' || name.includes('=') || name.includes('\0')) return true;
  const v = lookup(name, env, platform);
  return v === undefined || isRustBlank(v);
}

/**
 * Hermes (§2): the variable must be set and non-empty. The name must match `^[A-Za-z_][A-Za-z0-9_]*$`; an
 * invalid name counts as missing without being looked up. The value is not trimmed: Hermes only asks for
 * "non-empty", so a value of spaces counts as set.
 */
export function hermesEnvMissing(name: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): boolean {
  if (!isEnvNameValid(name)) return true;
  const v = lookup(name, env, platform);
  return v === undefined || v === '';
}
