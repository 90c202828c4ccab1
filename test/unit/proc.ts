// Helpers for tests that watch real processes. No fixed sleeps: `until()` polls a condition with a deadline.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Polls `cond` until it holds or `ms` pass. */
export async function until(cond: () => boolean, ms = 3000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Gone, or a zombie nobody has reaped yet (it no longer runs). */
export function isDead(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return true;
  }
}

export function readPid(file: string): number {
  return Number(readFileSync(file, 'utf8').trim());
}

/** The built CLI (`dist/cli.js`) run in `dir` with a minimal PATH and `dir` as HOME: exit code and output. */
export function runCli(args: readonly string[], dir: string): { code: number | null; out: string; err: string } {
  const cli = join(__dirname, '..', '..', '..', 'dist', 'cli.js');
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: dir, encoding: 'utf8', env: { PATH: `/usr/bin${delimiter}/bin`, HOME: dir }, timeout: 30000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
