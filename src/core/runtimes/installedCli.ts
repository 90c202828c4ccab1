// Which release of an agent CLI (Claude Code, Codex, Copilot CLI) is installed here, found the way a shell finds
// it: its command on PATH, followed through links to the npm package that holds it (its package.json names the
// version) or to a native installer's `versions/<version>` folder. Nothing is run: a few file-system calls, safe
// in an untrusted workspace.

import * as fs from 'node:fs';
import * as path from 'node:path';

export interface CliInstall {
  /** The npm package's name. */
  pkg: string;
  /** The commands it installs. */
  bins: readonly string[];
}

function packageVersion(dir: string, pkg: string): string | null {
  try {
    const file = path.join(dir, 'package.json');
    if (fs.statSync(file).size > 1_000_000) return null;
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
    return json.name === pkg && typeof json.version === 'string' && json.version.trim() ? json.version.trim() : null;
  } catch {
    return null;
  }
}

export function findInstalledCli(
  spec: CliInstall,
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform,
): { version: string; at: string } | null {
  const sep = platform === 'win32' ? ';' : ':';
  for (const d of (env['PATH'] ?? '').split(sep)) {
    if (!d || !path.isAbsolute(d)) continue;
    for (const bin of spec.bins) {
      let real: string;
      try {
        real = fs.realpathSync.native(path.join(d, bin));
      } catch {
        continue;
      }
      // A native installer keeps each release in `…/versions/<version>` (a file or a folder).
      const native = /[\\/]versions[\\/](\d+\.\d+\.\d+)(?:[\\/]|$)/.exec(real);
      if (native) return { version: native[1] as string, at: real };
      // npm: <prefix>/bin/<bin> → <prefix>/lib/node_modules/<pkg>/…; the package is a few folders up.
      let dir = path.dirname(real);
      for (let i = 0; i < 6; i++) {
        const v = packageVersion(dir, spec.pkg);
        if (v) return { version: v, at: dir };
        const up = path.dirname(dir);
        if (up === dir) break;
        dir = up;
      }
      const beside = path.join(path.dirname(d), 'lib', 'node_modules', spec.pkg);
      const v = packageVersion(beside, spec.pkg);
      if (v) return { version: v, at: beside };
    }
  }
  return null;
}
