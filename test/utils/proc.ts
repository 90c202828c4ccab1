// Helpers for tests that watch real processes (wait for them with `until()` from wait.ts: no fixed sleeps).
import { readFileSync } from 'node:fs';

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
