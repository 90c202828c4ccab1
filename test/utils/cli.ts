// Running the built CLI (`dist/cli.js`, `npm run build`) in a real child process, as a user does. Node
// built-ins only, so it loads in the unit tests and in the VS Code extension host alike.
import { spawnSync } from 'node:child_process';
import { delimiter, join, resolve } from 'node:path';
import type { Entry } from '../../src/core/check/entry';

/** The repository (this file is compiled to out/test/utils/). */
export const REPO = resolve(__dirname, '../../..');
/** The built CLI. */
export const CLI = join(REPO, 'dist', 'cli.js');

/** A finished CLI run: exit code (null when killed), stdout and stderr. */
export interface CliRun {
  code: number | null;
  out: string;
  err: string;
}

/** `node dist/cli.js ARGS` in `cwd` with exactly `env` (and `input` on stdin), at most 30 s. */
export function cliSync(args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv; input?: string }): CliRun {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: options.cwd,
    ...(options.input !== undefined ? { input: options.input } : {}),
    encoding: 'utf8',
    env: options.env,
    timeout: 30000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The built CLI run in `dir` with a minimal PATH and `dir` as HOME: exit code and output. */
export function runCli(args: readonly string[], dir: string): CliRun {
  return cliSync(args, { cwd: dir, env: { PATH: `/usr/bin${delimiter}/bin`, HOME: dir } });
}

/** `skill-author check --json --no-probe PATH…` run in `cwd`: its skills, by absolute path. */
export function checkJson(cwd: string, env: NodeJS.ProcessEnv, targets: string[], extra: string[] = []): Map<string, Entry> {
  const r = spawnSync(process.execPath, [CLI, 'check', '--json', '--no-probe', '--no-cache', ...extra, ...targets], {
    cwd,
    env,
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  });
  if (r.status !== 0 && r.status !== 1) throw new Error(`check exited ${r.status}: ${r.stderr}`);
  const doc = JSON.parse(r.stdout) as { skills: Entry[] };
  return new Map(doc.skills.map((s) => [resolve(cwd, s.path), s]));
}

type Finding = Entry['diagnostics'][number];

/** Every finding of a `check --json` document, each with the `path` of its skill. */
export function diagnosticsOf<D extends Finding = Finding>(json: string): Array<D & { path: string }> {
  const j = JSON.parse(json) as { skills: Array<{ path: string; diagnostics: D[] }> };
  return j.skills.flatMap((e) => e.diagnostics.map((d) => ({ ...d, path: e.path })));
}
