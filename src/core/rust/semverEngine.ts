// Cargo's version requirements (./semver.ts), loaded when a constraint or a version is first read: a run that
// reads none (no `bin_versions`, no version probed, no `constraint` command) does not load it.

let engine: typeof import('./semver') | undefined;

export function semverEngine(): typeof import('./semver') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (engine ??= require('./semver') as typeof import('./semver'));
}
