// `skill-author`: the engine's verdicts for terminals and CI. This file reads the command line, makes the
// run's context once (./context.ts) and hands it to the command (./commands/: one file each); every verdict
// comes from src/core.
//
// Exit codes: 0 no error diagnostics · 1 error diagnostics, or nothing found · 2 usage error / bad path.

import { existsSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { RUNTIME_IDS, RUNTIMES } from '../core/runtimes/registry';
import { keepingLog } from '../core/machine/keeping';
import { cacheDir } from './cacheDir';
import { requireWithCodeCache } from './codeCache';
import { CliRun, type Command, type Io, type RunSetup, UsageError, type Values, VERSION } from './context';
import { banner } from './commands/banner';
import { check } from './commands/check';
import { constraint } from './commands/constraint';
import { promptIndex } from './commands/promptIndex';

/** The commands, by name (`lsp` aside: it starts the language server, which reads no options of these). */
const COMMANDS: Record<string, Command> = Object.fromEntries([check, banner, promptIndex, constraint].map((c) => [c.name, c]));

const MAIN_HELP = `skill-author ${VERSION} — what your agent will do with each SKILL.md on this machine

Usage:
  skill-author check [PATH…] [--runtime R[,R…]] [--format text|json|sarif|github] [--baseline FILE] [--fail-on error|warning|never] [--fix [--dry-run]] [--agent ID [--agents-file FILE]] [--no-probe] [--no-cache]
  skill-author banner PATH [--runtime nexo] [--agent ID [--agents-file FILE]] [--render] [--no-probe] [--no-cache]
  skill-author index [PATH…] [--runtime R | --format hermes|xml|nexo] [--agent ID [--agents-file FILE]] [--no-probe] [--no-cache]
  skill-author constraint REQ [VERSION…]
  skill-author constraint --batch < lines
  skill-author lsp --stdio [--trusted]      (the language server; see docs/lsp.md)

Runtimes (R): ${RUNTIME_IDS.join(', ')}; R@VERSION picks a version (${versionsLine()}).
Without --runtime each skill is judged by the runtimes that apply to it (where it lives, the fields it uses;
else agentskills). A runtime is judged by the version installed here when found (OpenClaw), else the newest
emulated; an unknown version by the nearest older one emulated, with a note on stderr.
Hermes context: --tools a,b  --toolsets x,y  --environments kanban,docker,s6  --hermes-home DIR
OpenClaw context: --openclaw-config FILE

Run \`skill-author COMMAND --help\` for details. Exit codes: 0 ok, 1 errors found, 2 usage error.`;

const COMMON: ParseArgsConfig['options'] = {
  help: { type: 'boolean', short: 'h' },
  json: { type: 'boolean' },
  agent: { type: 'string' },
  'agents-file': { type: 'string' },
  'no-probe': { type: 'boolean' },
  'no-cache': { type: 'boolean' },
  render: { type: 'boolean' },
  format: { type: 'string' },
  batch: { type: 'boolean' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  verbose: { type: 'boolean', short: 'v' },
  runtime: { type: 'string' },
  tools: { type: 'string' },
  toolsets: { type: 'string' },
  environments: { type: 'string' },
  'hermes-home': { type: 'string' },
  'openclaw-config': { type: 'string' },
  baseline: { type: 'string' },
  'fail-on': { type: 'string' },
  fix: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  matrix: { type: 'boolean' },
};

const RUNTIME_OPTIONS = ['runtime', 'tools', 'toolsets', 'environments', 'hermes-home', 'openclaw-config'];

/** Runs one command line. `setup`: what the launcher already worked out (the cache folder); else worked out here. */
export async function main(argv: string[], io: Io, setup?: RunSetup): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
    io.out(`${MAIN_HELP}\n`);
    return command === undefined ? 2 : 0;
  }
  if (command === '--version' || command === '-V') {
    io.out(`${VERSION}\n`);
    return 0;
  }
  if (command === 'lsp') return lsp(rest, io, setup?.cacheDir ?? cacheDir(io.env));
  const cmd = COMMANDS[command];
  if (!cmd) throw new UsageError(`unknown command \`${command}\` (expected check, banner, index, constraint or lsp; see --help)`);
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: COMMON, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e instanceof Error ? e.message : String(e)).replace(/^Unknown option/, 'unknown option').split('\n')[0] ?? 'bad arguments');
  }
  const values = parsed.values as Values;
  for (const k of Object.keys(values)) {
    if (values[k] !== undefined && !cmd.options.includes(k) && !(cmd.runtimeOptions && RUNTIME_OPTIONS.includes(k)))
      throw new UsageError(`\`--${k}\` does not apply to \`${command}\``);
  }
  if (values['help']) {
    io.out(`${cmd.help}\n`);
    return 0;
  }
  const positionals = parsed.positionals;
  if (command !== 'constraint')
    refuseKeepingInside([...positionals, ...['baseline', 'agents-file', 'hermes-home', 'openclaw-config'].map((k) => values[k])], io);
  const run = new CliRun(io, values, positionals, setup ?? { cacheDir: cacheDir(io.env), buildId: buildId() });
  return cmd.run(run);
}

/** A run asked to read inside the cache folder (or the build's) is not kept: no question about those folders
 *  is noted, so a kept run could not tell when what it read there changed. */
function refuseKeepingInside(paths: unknown[], io: Io): void {
  const log = keepingLog();
  if (!log) return;
  const { ignored } = log.settings();
  for (const p of paths) {
    if (typeof p !== 'string') continue;
    const a = path.resolve(io.cwd, p);
    if (log.isIgnored(a) || ignored.some((d) => d.startsWith(`${a}${path.sep}`))) log.refuse(`${p} holds the cache folder or is inside it`);
  }
}

/** `lsp`: the language server, loaded only now (dist/lsp.js beside this bundle; src/server unbundled), so
 *  the other commands never load it. Runs until the client says `exit`. */
function lsp(args: string[], io: Io, dir: string | null): Promise<number> {
  const entry = [path.join(__dirname, 'lsp.js'), path.join(__dirname, '..', 'server', 'main.js')].find((f) => existsSync(f));
  if (!entry) throw new Error('the language server (lsp.js) is missing from this installation');
  const { runLsp } = requireWithCodeCache(entry, dir) as typeof import('../server/main');
  const code = runLsp(args, io, VERSION);
  return code === null ? new Promise<number>(() => undefined) : Promise.resolve(code);
}

/** `openclaw 2026.4.12 … 2026.9.6 (48 releases); hermes 306e2d23, 780e0980; …`: the versions each profile
 *  emulates (a long run of releases as its ends). */
function versionsLine(): string {
  return RUNTIMES.map((r) => {
    const v = r.versions.map((x) => x.version);
    return `${r.id} ${v.length > 4 ? `${v[0]} … ${v.at(-1)} (${v.length} releases)` : v.join(', ')}`;
  }).join('; ');
}

/** This build's identity: a rebuilt CLI never trusts what an older build cached. */
export function buildId(): string {
  try {
    const st = statSync(__filename);
    return `${VERSION}:${st.size}:${st.mtimeMs}`;
  } catch {
    return VERSION;
  }
}

export async function run(argv: string[], setup?: RunSetup): Promise<number> {
  const io: Io = {
    out: (s) => process.stdout.write(s),
    err: (s) => process.stderr.write(s),
    isTTY: Boolean(process.stdout.isTTY),
    env: process.env,
    cwd: process.cwd(),
    stdin: () => process.stdin,
  };
  try {
    return await main(argv, io, setup);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`skill-author: ${e.message}\n`);
      return 2;
    }
    // Never a stack trace: one line, and a hint that this is a bug.
    io.err(`skill-author: internal error: ${e instanceof Error ? e.message : String(e)} (please report this)\n`);
    return 3;
  }
}

/** The command as a process runs it: the arguments after the script, the exit code set when it ends;
 *  `done` hears the code once everything is printed (the launcher keeps the run, ./runMemo.ts); `dir` is the
 *  cache folder the launcher worked out (null: none, or --no-cache), so the run does not work it out again. */
export function start(done?: (code: number) => void, dir?: string | null): void {
  // Flush stdout before exiting (large JSON on a pipe), and exit quietly on EPIPE (`| head`).
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
  });
  void run(process.argv.slice(2), dir === undefined ? undefined : { cacheDir: dir, buildId: buildId() }).then((code) => {
    process.exitCode = code;
    done?.(code);
  });
}

// Run directly (the unbundled build under out/, or cli-main.js given to node): start here.
if (require.main === module) start();
