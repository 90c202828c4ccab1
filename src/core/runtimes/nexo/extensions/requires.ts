// `Requires::missing()` (crates/extensions/src/manifest.rs:214-244 at eec3f33; RULES.md §3): what a stdio
// extension lacks on this machine, in declaration order, duplicates kept. Not the skills' lookup
// (../../../machine/binlookup.ts): here every bin, a path included, is `dir.join(bin).is_file()` over each
// `$PATH` entry — no PATH at all means every bin is missing, `PATH=""` is one empty entry (the working
// directory), no PATHEXT, and `.exe` (replacing an extension) only on Windows. Nothing is ever run.

import { promises as fsp } from 'node:fs';
import * as nodePath from 'node:path';
import { rustEnvVar } from '../../../machine/env';

/** The machine an extension is judged on: the agent's environment, platform and working directory. */
export interface ExtensionMachine {
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  cwd: string;
}

export interface RequiresMissing {
  bins: string[];
  env: string[];
}

/** `std::env::split_paths` (Unix: `:`; Windows: `;`, double quotes removed). An empty value is one empty entry. */
export function splitPaths(value: string, platform: NodeJS.Platform): string[] {
  if (platform === 'win32') return value.split(';').map((p) => p.replace(/"/g, ''));
  return value.split(':');
}

/** `Path::join`: an absolute `b` replaces `a`; otherwise a separator between them unless `a` is empty or ends in one. */
export function rustJoin(a: string, b: string, platform: NodeJS.Platform): string {
  const api = platform === 'win32' ? nodePath.win32 : nodePath.posix;
  if (api.isAbsolute(b) || a === '') return b;
  const seps = platform === 'win32' ? ['\\', '/'] : ['/'];
  return seps.some((s) => a.endsWith(s)) ? a + b : a + (platform === 'win32' ? '\\' : '/') + b;
}

/** `Path::with_extension("exe")`: the file name's extension (after its last `.`, not a leading one) replaced. */
export function withExeExtension(p: string, platform: NodeJS.Platform): string {
  const seps = platform === 'win32' ? /[\\/]/ : /\//;
  const parts = p.split(seps);
  const name = parts[parts.length - 1] ?? '';
  if (name === '' || name === '..' || name === '.') return p;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return p.slice(0, p.length - name.length) + `${stem}.exe`;
}

async function isFile(p: string, cwd: string, platform: NodeJS.Platform): Promise<boolean> {
  try {
    const api = platform === 'win32' ? nodePath.win32 : nodePath.posix;
    const abs = api.isAbsolute(p) ? p : rustJoin(cwd, p, platform);
    // stat follows symlinks, as `Path::is_file` does; a loop (ELOOP) or any error is "not a file".
    return (await fsp.stat(abs)).isFile();
  } catch {
    return false;
  }
}

/** One declared bin: found in some `$PATH` entry? (`null` PATH: never.) */
export async function binPresent(bin: string, machine: ExtensionMachine): Promise<boolean> {
  const path = rustEnvVar('PATH', machine.env, machine.platform);
  if (path === undefined) return false;
  for (const dir of splitPaths(path, machine.platform)) {
    const candidate = rustJoin(dir, bin, machine.platform);
    if (await isFile(candidate, machine.cwd, machine.platform)) return true;
    if (machine.platform === 'win32' && (await isFile(withExeExtension(candidate, machine.platform), machine.cwd, machine.platform))) return true;
  }
  return false;
}

/** `std::env::var_os(name)` unset or empty (a value of spaces is set). */
export function envMissing(name: string, machine: ExtensionMachine): boolean {
  const v = rustEnvVar(name, machine.env, machine.platform);
  return v === undefined || v === '';
}

export async function missingRequires(requires: { bins: readonly string[]; env: readonly string[] }, machine: ExtensionMachine): Promise<RequiresMissing> {
  const bins: string[] = [];
  for (const b of requires.bins) if (!(await binPresent(b, machine))) bins.push(b);
  return { bins, env: requires.env.filter((e) => envMissing(e, machine)) };
}
