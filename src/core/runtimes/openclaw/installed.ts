// Which OpenClaw release is installed on this machine, found the way a user's shell finds it: the `openclaw`
// command on PATH (npm installs it as a link to the package's `openclaw.mjs`), else the package in a global
// `node_modules`. The version is read from the package's own package.json: nothing is run, so finding it is
// a few file-system calls and safe in an untrusted workspace.

import * as fs from 'node:fs';
import * as path from 'node:path';

export interface InstalledOpenClaw {
  version: string;
  /** The package folder the version was read from. */
  at: string;
}

function readPackage(dir: string): InstalledOpenClaw | null {
  try {
    const text = fs.readFileSync(path.join(dir, 'package.json'), 'utf8');
    if (text.length > 1_000_000) return null;
    const pkg = JSON.parse(text) as { name?: unknown; version?: unknown };
    if (pkg.name !== 'openclaw' || typeof pkg.version !== 'string' || !pkg.version.trim()) return null;
    return { version: pkg.version.trim(), at: dir };
  } catch {
    return null;
  }
}

function realpath(p: string): string | null {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return null;
  }
}

/** Global `node_modules` folders npm uses on this machine, most specific first. */
function globalModuleDirs(env: Readonly<Record<string, string | undefined>>, home: string, pathDirs: readonly string[]): string[] {
  const dirs: string[] = [];
  const prefix = env['npm_config_prefix'] || env['NPM_CONFIG_PREFIX'];
  if (prefix && path.isAbsolute(prefix)) dirs.push(path.join(prefix, 'lib', 'node_modules'));
  // The prefix of the node on PATH: `<prefix>/bin/node` → `<prefix>/lib/node_modules`.
  for (const d of pathDirs) {
    if (fs.existsSync(path.join(d, 'node'))) {
      dirs.push(path.join(path.dirname(d), 'lib', 'node_modules'));
      break;
    }
  }
  if (home) dirs.push(path.join(home, '.npm-global', 'lib', 'node_modules'));
  dirs.push('/usr/local/lib/node_modules', '/usr/lib/node_modules', '/opt/homebrew/lib/node_modules');
  return [...new Set(dirs)];
}

/** The OpenClaw release installed here, or null when none is found. */
export function findInstalledOpenClaw(
  env: Readonly<Record<string, string | undefined>>,
  home: string,
  platform: NodeJS.Platform = process.platform,
): InstalledOpenClaw | null {
  const sep = platform === 'win32' ? ';' : ':';
  const pathDirs = (env['PATH'] ?? '').split(sep).filter((d) => d && path.isAbsolute(d));
  const names = platform === 'win32' ? ['openclaw.cmd', 'openclaw.exe', 'openclaw'] : ['openclaw'];
  for (const d of pathDirs) {
    for (const name of names) {
      const real = realpath(path.join(d, name));
      if (!real) continue;
      // npm's link: <prefix>/bin/openclaw → <prefix>/lib/node_modules/openclaw/openclaw.mjs.
      const own = readPackage(path.dirname(real));
      if (own) return own;
      const beside = readPackage(path.join(path.dirname(d), 'lib', 'node_modules', 'openclaw'));
      if (beside) return beside;
      const local = readPackage(path.join(d, '..', 'openclaw'));
      if (local) return local;
    }
  }
  for (const dir of globalModuleDirs(env, home, pathDirs)) {
    const found = readPackage(path.join(dir, 'openclaw'));
    if (found) return found;
  }
  return null;
}
