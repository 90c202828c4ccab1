// nexo-rs's version regex (./regex.ts: Rust's regex grammar carried onto RE2, with re2js some 300 KB of code),
// loaded when a pattern is first compiled: a run that compiles none (no `bin_versions` regex, no version
// probed) does not load it.

let engine: typeof import('./regex') | undefined;

export function regexEngine(): typeof import('./regex') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (engine ??= require('./regex') as typeof import('./regex'));
}
