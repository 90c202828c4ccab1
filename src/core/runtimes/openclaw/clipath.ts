// The PATH bootstrap of OpenClaw's CLI and Gateway (`ensureOpenClawCliOnPath`, src/infra/path-env.ts): before
// any command runs, the process PATH gets node's folder, /usr/bin and /bin in front and Homebrew's and the
// usual per-user tool folders behind, so a `requires.bins` check sees more than the PATH the user started
// OpenClaw with. Code that imports the skill modules directly (the golden data of ../shared/golden/openclaw)
// does not do this; the run option `cliPath` says which of the two a run emulates.
//
//  - 2026.4.12 (chunk `path-env-BWPe0Dyi.js`, with `resolveBrewPathDirs` of `brew-UNWQW-UX.js`): prepend
//    node's folder, /usr/bin, /bin; append $HOMEBREW_PREFIX/bin and /sbin (when set), ~/.linuxbrew/bin and
//    /sbin, /home/linuxbrew/.linuxbrew/bin and /sbin, /opt/homebrew/bin, /usr/local/bin, the mise shims
//    ($MISE_DATA_DIR or ~/.local/share/mise, + /shims), ~/Library/pnpm (darwin), $XDG_BIN_HOME, ~/.local/bin,
//    ~/.local/share/pnpm, ~/.bun/bin, ~/.yarn/bin. Only existing folders are added.
//  - 2026.9.6 (chunk `path-env-BDj_xdCK.mjs`, `brew-CKug8a_A.mjs`): the same prepend; append no
//    $HOMEBREW_PREFIX (on darwin the linuxbrew folders only when already on PATH), then $PNPM_HOME and its bin,
//    $NPM_CONFIG_PREFIX/bin (absolute, not /proc, not inside a project cwd), the mise shims ($MISE_DATA_DIR, else
//    $XDG_DATA_HOME/mise, else ~/.local/share/mise), ~/Library/pnpm/bin and ~/Library/pnpm (darwin),
//    $XDG_BIN_HOME, ~/.local/bin, ~/.npm-global/bin, ~/.local/share/pnpm/bin, ~/.local/share/pnpm, ~/.bun/bin,
//    ~/.yarn/bin. A folder is added when it exists or is already on PATH.
// Both: nothing happens when OPENCLAW_PATH_BOOTSTRAPPED is truthy; otherwise it is set to "1". The merged
// PATH keeps each entry once (trimmed, first place wins). `node_modules/.bin` of the cwd is added only with
// OPENCLAW_ALLOW_PROJECT_LOCAL_BIN and an `openclaw` there.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { MutableEnv } from './config';
import { parseBooleanValue } from './metadata';
import { has, type OpenClawVersion } from './versions';

export interface CliPathInputs {
  version: OpenClawVersion;
  /** The emulated process environment; PATH and OPENCLAW_PATH_BOOTSTRAPPED are updated in place. */
  env: MutableEnv;
  /** `os.homedir()` of the OpenClaw process. */
  home: string;
  cwd: string;
  platform: NodeJS.Platform;
  /** The folder of the node binary running OpenClaw (`dirname(process.execPath)`); unknown: not added. */
  nodeDir?: string;
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function isExecutable(p: string): boolean {
  try {
    fs.accessSync(p, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `isPathInside` of path-guards: `candidate` is `root` or below it. */
function isPathInside(root: string, candidate: string): boolean {
  const rel = path.relative(path.resolve(root), path.resolve(candidate));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function realpathExisting(candidate: string): string | undefined {
  const suffix: string[] = [];
  let current = candidate;
  for (;;) {
    try {
      return path.resolve(fs.realpathSync.native(current), ...suffix.slice().reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return undefined;
      suffix.push(path.basename(current));
      current = parent;
    }
  }
}

/** `normalizeTrustedPackageManagerRoot` (2026.9.6): an absolute folder not under /proc and, when OpenClaw runs
 *  from a project folder (not the home, not the filesystem root), not inside that folder. */
function trustedPackageManagerRoot(value: string | undefined, cwd: string, home: string): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed || !path.isAbsolute(trimmed)) return undefined;
  const normalized = path.normalize(trimmed);
  if (normalized === '/proc' || normalized.startsWith(`/proc${path.sep}`)) return undefined;
  if (!cwd) return normalized;
  const resolvedCwd = path.resolve(cwd);
  const homeDir = path.resolve(home);
  const isRoot = (d: string): boolean => path.dirname(d) === d;
  if (resolvedCwd === homeDir || isRoot(resolvedCwd)) return normalized;
  if (isPathInside(resolvedCwd, normalized)) return undefined;
  const realCandidate = realpathExisting(normalized);
  const realCwd = realpathExisting(resolvedCwd);
  const realHome = realpathExisting(homeDir);
  if (realCwd && realCwd !== realHome && !isRoot(realCwd) && realCandidate && isPathInside(realCwd, realCandidate)) return undefined;
  return normalized;
}

function brewDirs(p: CliPathInputs, existing: ReadonlySet<string>): string[] {
  const dirs: string[] = [];
  // Up to 2026.4.29 `$HOMEBREW_PREFIX/bin|sbin` come first.
  if (!has(p.version, 'cli-path-no-homebrew-prefix')) {
    const prefix = p.env.HOMEBREW_PREFIX?.trim();
    if (prefix) dirs.push(path.join(prefix, 'bin'), path.join(prefix, 'sbin'));
  }
  dirs.push(path.join(p.home, '.linuxbrew', 'bin'), path.join(p.home, '.linuxbrew', 'sbin'));
  dirs.push('/home/linuxbrew/.linuxbrew/bin', '/home/linuxbrew/.linuxbrew/sbin');
  dirs.push('/opt/homebrew/bin', '/usr/local/bin');
  // From 2026.5.22 a macOS PATH keeps the linuxbrew folders only when they are on it already.
  if (!has(p.version, 'cli-path-known-dirs') || p.platform !== 'darwin') return dirs;
  return dirs.filter((d) => !d.split(path.sep).includes('.linuxbrew') || existing.has(d));
}

/** The mise shims folder: `MISE_DATA_DIR`, else (from 2026.8.1) under `XDG_DATA_HOME` (`LOCALAPPDATA` on
 *  Windows), else ~/.local/share/mise. */
function miseShims(p: CliPathInputs): string {
  if (p.env.MISE_DATA_DIR !== undefined) return path.join(p.env.MISE_DATA_DIR, 'shims');
  if (has(p.version, 'cli-path-mise-xdg')) {
    if (p.env.XDG_DATA_HOME !== undefined) return path.join(p.env.XDG_DATA_HOME, 'mise', 'shims');
    if (p.platform === 'win32') return path.join(p.env.LOCALAPPDATA ?? path.join(p.home, 'AppData', 'Local'), 'mise', 'shims');
  }
  return path.join(p.home, '.local', 'share', 'mise', 'shims');
}

/** The folders `candidateBinDirs` would put before and after the PATH: from 2026.5.22 a folder counts when it
 *  exists or is on PATH already (before, only when it exists); from 2026.7.1 the package managers' folders
 *  (`PNPM_HOME`, `NPM_CONFIG_PREFIX`, ~/.npm-global/bin …) join them. */
export function cliPathCandidates(p: CliPathInputs, existingPath: string): { prepend: string[]; append: string[] } {
  const existing = new Set(
    existingPath
      .split(path.delimiter)
      .map((s) => s.trim())
      .filter(Boolean),
  );
  const prepend: string[] = [];
  const append: string[] = [];
  if (p.nodeDir) prepend.push(p.nodeDir);
  const truthy = (v: string | undefined): boolean => parseBooleanValue(v) === true;
  if (truthy(p.env.OPENCLAW_ALLOW_PROJECT_LOCAL_BIN) && p.cwd) {
    const local = path.join(p.cwd, 'node_modules', '.bin');
    if (isExecutable(path.join(local, 'openclaw'))) append.push(local);
  }
  prepend.push('/usr/bin', '/bin');
  append.push(...brewDirs(p, existing));
  const known = has(p.version, 'cli-path-known-dirs') ? (d: string): boolean => existing.has(d) || isDirectory(d) : isDirectory;
  const managers = has(p.version, 'cli-path-package-managers');
  if (managers) {
    const pnpmHome = trustedPackageManagerRoot(p.env.PNPM_HOME, p.cwd, p.home);
    if (pnpmHome) append.push(pnpmHome, path.join(pnpmHome, 'bin'));
    const npmPrefix = trustedPackageManagerRoot(p.env.NPM_CONFIG_PREFIX, p.cwd, p.home);
    if (npmPrefix) append.push(path.join(npmPrefix, 'bin'));
  }
  append.push(miseShims(p));
  if (p.platform === 'darwin') append.push(...(managers ? [path.join(p.home, 'Library', 'pnpm', 'bin')] : []), path.join(p.home, 'Library', 'pnpm'));
  if (p.env.XDG_BIN_HOME) append.push(p.env.XDG_BIN_HOME);
  append.push(
    path.join(p.home, '.local', 'bin'),
    ...(managers ? [path.join(p.home, '.npm-global', 'bin'), path.join(p.home, '.local', 'share', 'pnpm', 'bin')] : []),
    path.join(p.home, '.local', 'share', 'pnpm'),
    path.join(p.home, '.bun', 'bin'),
    path.join(p.home, '.yarn', 'bin'),
  );
  return { prepend: prepend.filter(known), append: append.filter(known) };
}

/** `ensureOpenClawCliOnPath()` on the emulated environment. Returns the PATH it set, or null when it left
 *  PATH alone. */
export function ensureOpenClawCliOnPath(p: CliPathInputs): string | null {
  if (parseBooleanValue(p.env.OPENCLAW_PATH_BOOTSTRAPPED) === true) return null;
  p.env.OPENCLAW_PATH_BOOTSTRAPPED = '1';
  const existing = p.env.PATH ?? '';
  const { prepend, append } = cliPathCandidates(p, existing);
  if (prepend.length === 0 && append.length === 0) return null;
  const seen = new Set<string>();
  const merged: string[] = [];
  for (const part of [...prepend, ...existing.split(path.delimiter), ...append]) {
    const t = part.trim();
    if (!t || seen.has(t)) continue;
    seen.add(t);
    merged.push(t);
  }
  const value = merged.join(path.delimiter);
  if (!value) return null;
  p.env.PATH = value;
  return value;
}
