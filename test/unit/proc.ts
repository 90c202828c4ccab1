// Helpers for tests that watch real processes. No fixed sleeps: `until()` polls a condition with a deadline.
import { readFileSync } from 'node:fs';

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
