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
 * The value `std::env::var(name)` returns on Linux, or undefined when it is an error (nexo-rs, RULES.md §6):
 * Rust hands the name to glibc's `getenv` (an interior NUL is an error first). glibc returns nothing for an
 * empty name and otherwise the first `NAME=value` entry of the environment that STARTS with the name and
 * continues with `=` — so a name containing `=` matches by prefix: `B30=X` finds the entry `B30=X=Y` and
 * reads `Y`. For a name without `=` that is exactly the entry of that name. On Windows names are
 * case-insensitive. A value that is not UTF-8 is an error in Rust; Node has already decoded the environment
 * lossily and cannot tell (not modelled).
 */
export function rustEnvVar(
  name: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  if (name === '' || name.includes('\0')) return undefined;
  if (!name.includes('=')) return lookup(name, env as NodeJS.ProcessEnv, platform);
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) continue;
    const entry = `${k}=${v}`;
    if (entry.startsWith(name) && entry.charCodeAt(name.length) === 0x3d) return entry.slice(name.length + 1);
  }
  return undefined;
}

/**
 * nexo-rs (RULES.md §6): an entry is missing when `std::env::var(name)` is not `Ok`, or its value is blank
 * after Rust's `str::trim` (Unicode White_Space: NBSP, NEL and U+3000 count as blank; U+FEFF does not).
 * The name is used as written: not trimmed, case-sensitive, `""` missing.
 *
 * Unlike `requires.bins` (where "a blank entry counts as present"), a blank env NAME is missing.
 */
export function envMissing(
  name: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: NodeJS.Platform = process.platform,
): boolean {
  const v = rustEnvVar(name, env, platform);
  return v === undefined || isRustBlank(v);
}

/**
 * Reads `NAME=value` lines of a `.env` file into `env` (later files win; `export ` prefixes, comments and
 * surrounding quotes as dotenv reads them) and returns the names. Values are kept only so the env check can
 * tell a blank value from a set one; nothing shows them.
 */
export function parseEnvFile(text: string, env: NodeJS.ProcessEnv): string[] {
  const names: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    const name = m[1] as string;
    let value = m[2] as string;
    const q = value[0];
    if ((q === '"' || q === "'") && value.length >= 2 && value.endsWith(q)) value = value.slice(1, -1);
    else value = value.replace(/\s+#.*$/, '');
    env[name] = value;
    names.push(name);
  }
  return names;
}

/**
 * `base` plus the variables of these `.env` files (absolute paths; later files win), as the extension's
 * `skillAuthor.envFiles` and the language server's `envFiles` read them. A file that is not a regular file of
 * at most 1 MiB, or cannot be read, is skipped. `log` hears only file names, variable NAMES and reasons,
 * never a value.
 */
export function withEnvFiles(
  base: NodeJS.ProcessEnv,
  files: readonly string[],
  log: { info(m: string): void; warn(m: string): void },
  read: { stat(p: string): { isFile(): boolean; size: number }; text(p: string): string },
): NodeJS.ProcessEnv {
  if (files.length === 0) return base;
  const env: NodeJS.ProcessEnv = { ...base };
  for (const abs of files) {
    try {
      const st = read.stat(abs);
      if (!st.isFile() || st.size > 1024 * 1024) throw new Error('not a regular file of at most 1 MiB');
      const names = parseEnvFile(read.text(abs), env);
      log.info(`env file ${abs}: ${names.length} variable(s): ${names.join(', ')}`);
    } catch (err) {
      log.warn(`env file ${abs} skipped: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return env;
}
