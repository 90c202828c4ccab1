// An I/O seam for the engine's tests (src/core/skill/catalog SkillIo) that records every SKILL.md read, and can be
// told to fail the cache's writes.
import * as path from 'node:path';
import { blockingIo, type SkillIo } from '../../src/core/skill/catalog';

export function countingIo(base: SkillIo = blockingIo, failWrites?: string): SkillIo & { reads: string[] } {
  const reads: string[] = [];
  const fail = async (): Promise<never> => {
    const e = new Error(`${failWrites} (simulated)`) as NodeJS.ErrnoException;
    e.code = failWrites;
    throw e;
  };
  return {
    ...base,
    reads,
    readFile: (p, max) => {
      if (path.basename(p) === 'SKILL.md') reads.push(p);
      return base.readFile(p, max);
    },
    readFileSync: (p, max) => {
      if (path.basename(p) === 'SKILL.md') reads.push(p);
      return base.readFileSync(p, max);
    },
    ...(failWrites ? { writeWhole: fail, mkdir: fail, rename: fail } : {}),
  };
}
