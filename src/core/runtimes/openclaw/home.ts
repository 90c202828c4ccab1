// Where OpenClaw looks for its home, its state folder and its openclaw.json (the release's path resolvers), apart
// from reading the file (./config.ts): the profile names the config file of every run, which must not load
// the config reader (JSON5, dotenv) when OpenClaw judges no skill.
import * as fs from 'node:fs';
import * as path from 'node:path';

export type MutableEnv = Record<string, string | undefined>;

export function norm(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** `resolveEffectiveHomeDir`: OPENCLAW_HOME (with `~` expanded), else HOME, else USERPROFILE, else os.homedir. */
export function resolveEffectiveHome(env: MutableEnv, osHome: string): string {
  const explicit = norm(env.OPENCLAW_HOME);
  if (explicit) {
    if (explicit === '~' || explicit.startsWith('~/') || explicit.startsWith('~\\')) {
      const fallback = norm(env.HOME) ?? norm(env.USERPROFILE) ?? norm(osHome);
      if (fallback) return path.resolve(explicit.replace(/^~(?=$|[\\/])/, fallback));
    } else {
      return path.resolve(explicit);
    }
  }
  return path.resolve(norm(env.HOME) ?? norm(env.USERPROFILE) ?? norm(osHome) ?? '.');
}

/** The homes whose prefix becomes `~/` in the prompt (workspace.ts `resolveCompactHomePrefixes`), with their
 *  real paths, longest first: OpenClaw's home (OPENCLAW_HOME first) and `os.homedir()` up to 2026.4.15; the OS
 *  home (HOME, ignoring OPENCLAW_HOME) between them from 2026.4.20; from 2026.6.9 OpenClaw's own home no longer
 *  (`which` says which of the three a release uses). */
export function compactHomePrefixes(env: MutableEnv, osHome: string, which: { effective: boolean; os: boolean } = { effective: true, os: true }): string[] {
  const homes = [
    which.effective ? resolveEffectiveHome(env, osHome) : undefined,
    which.os ? (norm(env.HOME) ?? norm(env.USERPROFILE) ?? norm(osHome)) : undefined,
    norm(osHome),
  ]
    .filter((h): h is string => !!h)
    .map((h) => path.resolve(h));
  const real = homes.map((h) => {
    try {
      return fs.realpathSync.native(h);
    } catch {
      return null;
    }
  });
  return [...homes, ...real.filter((h): h is string => !!h)].filter((h, i, all) => all.indexOf(h) === i).sort((a, b) => b.length - a.length);
}

export function resolveUserPath(input: string, home: string): string {
  const trimmed = input.trim();
  if (!trimmed) return trimmed;
  if (trimmed.startsWith('~')) return path.resolve(path.normalize(trimmed.replace(/^~(?=$|[\\/])/, home)));
  return path.resolve(trimmed);
}

const STATE_DIRNAME = '.openclaw';
const LEGACY_STATE_DIRNAMES = ['.clawdbot', '.moldbot', '.moltbot'];
const CONFIG_FILENAME = 'openclaw.json';
const LEGACY_CONFIG_FILENAMES = ['clawdbot.json', 'moldbot.json', 'moltbot.json'];

export function exists(p: string): boolean {
  try {
    return fs.existsSync(p);
  } catch {
    return false;
  }
}

/** `resolveStateDir`: OPENCLAW_STATE_DIR, else ~/.openclaw when it exists, else an existing legacy folder. */
export function resolveStateDir(env: MutableEnv, home: string): string {
  const override = norm(env.OPENCLAW_STATE_DIR) ?? norm(env.CLAWDBOT_STATE_DIR);
  if (override) return resolveUserPath(override, home);
  const newDir = path.join(home, STATE_DIRNAME);
  if (exists(newDir)) return newDir;
  const legacy = LEGACY_STATE_DIRNAMES.map((d) => path.join(home, d)).find(exists);
  return legacy ?? newDir;
}

/** `createConfigIO`: the explicit path, else the first existing of the candidates, else the canonical path. */
export function resolveConfigFile(env: MutableEnv, home: string, explicit?: string): string {
  const override = explicit ?? norm(env.OPENCLAW_CONFIG_PATH) ?? norm(env.CLAWDBOT_CONFIG_PATH);
  if (override) return resolveUserPath(override, home);
  const candidates: string[] = [];
  const stateOverride = norm(env.OPENCLAW_STATE_DIR) ?? norm(env.CLAWDBOT_STATE_DIR);
  if (stateOverride) {
    const dir = resolveUserPath(stateOverride, home);
    candidates.push(path.join(dir, CONFIG_FILENAME), ...LEGACY_CONFIG_FILENAMES.map((n) => path.join(dir, n)));
  }
  for (const dirName of [STATE_DIRNAME, ...LEGACY_STATE_DIRNAMES]) {
    const dir = path.join(home, dirName);
    candidates.push(path.join(dir, CONFIG_FILENAME), ...LEGACY_CONFIG_FILENAMES.map((n) => path.join(dir, n)));
  }
  const found = candidates.find(exists);
  if (found) return found;
  const stateDir = resolveStateDir(env, home);
  return path.join(stateDir, CONFIG_FILENAME);
}
