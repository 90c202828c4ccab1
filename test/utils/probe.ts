// A version probe as the product makes one: nexo-rs's gate checking one `bin_versions` entry, its process run
// by a ProbeRunner (the runner's spawn, then the gate's regex, normalization and semver parse).

import { dirname } from 'node:path';
import type { ProbeRunner } from '../../src/core/machine/probe';
import { gateNexoSkill, NexoVersionCache, type VersionCheck } from '../../src/core/runtimes/nexo/gate';
import { EMPTY_NEXO } from '../../src/core/runtimes/nexo/metadata';

/** The check of the binary at `file` (an absolute path) probed with `command` as its one argument and
 *  `regex` (default: the runtime's), against the constraint `*`, in a runtime process that just started (a
 *  fresh version cache: every call asks `runner`, which shares one spawn per path and command). */
export async function probeWithGate(runner: ProbeRunner, file: string, command: string, regex?: string): Promise<VersionCheck> {
  const entry = { bin: file, constraint: '*', command, regex, keyRange: null, constraintRange: null, commandRange: null, regexRange: null };
  const gate = await gateNexoSkill({ ...EMPTY_NEXO, hasRequires: true, binVersions: [entry] }, undefined, {
    env: {},
    cwd: dirname(file),
    platform: process.platform,
    runner,
    versionCache: new NexoVersionCache(),
  });
  const check = gate.versions[0];
  if (!check) throw new Error('the gate checked no version');
  return check;
}
