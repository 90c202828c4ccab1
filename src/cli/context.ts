// One run of the CLI, as every command sees it: what it was asked (its options and paths), where it reads
// and writes, and what a run works out once and hands down: the cache folder (null with --no-cache), the
// runtime options and the runtime context, the engine. The commands (./commands/) take a `CliRun` and
// nothing else; ./main.ts makes it once from the arguments.

import { statSync } from 'node:fs';
import * as path from 'node:path';
import { AnalysisCache } from '../core/check/cache';
import { Engine } from '../core/check/engine';
import { blockingIo } from '../core/skill/catalog';
import { parseRuntimeList } from '../core/runtimes/detect';
import { runtimeContext, type RuntimeChoices } from '../core/runtimes';
import { RUNTIME_IDS } from '../core/runtimes/registry';
import type { RuntimeContext } from '../core/runtimes/types';
import { refuseKeeping } from '../core/machine/keeping';
import { relativeTo } from './format';
import { type CliAnalyzer, RUNTIME_WORKER_SCRIPT, WORKER_SCRIPT, workerAnalyzer, workersSetting } from './workers';

export const VERSION = '0.1.0';

/** A mistake in the command line: one line on stderr and exit code 2. */
export class UsageError extends Error {}

/** Where a run prints and what it runs in. */
export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
  isTTY: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdin: () => AsyncIterable<string | Buffer>;
}

export type Values = Record<string, string | boolean | undefined>;

/** What the process knows before the command line is read: the cache folder (the launcher works it out to
 *  look for a kept run; null with --no-cache or without a home), and this build's identity. */
export interface RunSetup {
  cacheDir: string | null;
  buildId: string;
}

/** One command of the CLI: its name, the options it takes, its help, and what it does with a run. */
export interface Command {
  name: string;
  /** The options it takes (COMMON in ./main.ts defines them all). */
  options: readonly string[];
  /** Whether it takes the runtime options too (--runtime, --tools, --toolsets, --environments, --hermes-home,
   *  --openclaw-config). */
  runtimeOptions: boolean;
  help: string;
  run(r: CliRun): Promise<number>;
}

export class CliRun {
  private choicesMemo: RuntimeChoices | undefined;
  private ctxMemo: RuntimeContext | undefined;

  constructor(
    readonly io: Io,
    /** The options given, by name (`no-cache`, `runtime`, …). */
    readonly values: Values,
    /** The paths and arguments after the options. */
    readonly positionals: string[],
    private readonly setup: RunSetup,
  ) {}

  /** The cache folder, or null: --no-cache, or no home to put it in. */
  get cacheDir(): string | null {
    return this.values['no-cache'] ? null : this.setup.cacheDir;
  }

  /** The runtime options (--runtime, Hermes's and OpenClaw's context), the same for check, index and banner so
   *  a verdict and the index agree. One object per run: check narrows `pinned` for --agent and --matrix. */
  get choices(): RuntimeChoices {
    this.choicesMemo ??= runtimeChoices(this.values, this.io);
    return this.choicesMemo;
  }

  /** The runtime context (machine, home, versions judged by), with Hermes's read cache next to the analysis
   *  cache when there is one. Worked out on first use, once. */
  get ctx(): RuntimeContext {
    this.ctxMemo ??= this.withReadCache(runtimeContext(this.io.env, this.io.cwd, this.choices));
    return this.ctxMemo;
  }

  /** A path as the output shows it: relative to the working folder. */
  readonly show = (p: string): string => relativeTo(this.io.cwd, p);

  /** Whether the table is coloured: --color, else a terminal without NO_COLOR (--no-color: never). */
  get colour(): boolean {
    return this.values['color'] === true || (this.values['no-color'] !== true && this.io.isTTY && !this.io.env['NO_COLOR']);
  }

  /** The paths given (default: the working folder), absolute; a missing one is a usage error. */
  paths(given: string[] = this.positionals.length ? this.positionals : ['.']): string[] {
    const abs = given.map((p) => path.resolve(this.io.cwd, p));
    for (let i = 0; i < abs.length; i++) {
      try {
        // Blocking, as the CLI's reads are (the engine's blockingIo): nothing else is waiting.
        statSync(abs[i] as string);
      } catch {
        throw new UsageError(`path does not exist: ${given[i]}`);
      }
    }
    return abs;
  }

  /** The engine of this run, with the analysis cache (in the cache folder, or for this run only) and, when
   *  there are enough files, analysis workers (`analyzer` hears of them). */
  engine(analyzer?: (a: CliAnalyzer) => void): Engine {
    const io = this.io;
    // The CLI has nothing else to do while it reads files, so it uses blocking file-system calls (several
    // times faster for thousands of small files). With --no-cache the cache still lives for this run (each
    // file analyzed once, analyses kept compact), but nothing is read from or written to disk.
    const cache = new AnalysisCache({
      dir: this.cacheDir,
      io: blockingIo,
      salt: this.setup.buildId,
      onWarning: (m) => {
        // A run whose cache warned is not kept: what it printed depends on the cache, not only on the files.
        refuseKeeping('the analysis cache warned');
        io.err(`skill-author: warning: ${m}\n`);
      },
    });
    // Files to analyze are shared with worker threads when there are enough of them (./workers.ts).
    const workers = workersSetting(io.env);
    const offThread = workers === 0 ? undefined : workerAnalyzer({ script: WORKER_SCRIPT, workers });
    if (offThread) analyzer?.(offThread);
    return new Engine({
      env: io.env,
      cwd: io.cwd,
      probe: !this.values['no-probe'],
      notProbedReason: 'not probed (--no-probe)',
      cache,
      ...(offThread ? { offThread } : {}),
    });
  }

  /** The context with Hermes's read cache (next to the analysis cache; not with --no-cache). Its salt is the
   *  identity of both bundles that may run the emulation: this one and the runtime worker's. */
  private withReadCache(ctx: RuntimeContext): RuntimeContext {
    const dir = this.cacheDir;
    if (!dir) return ctx;
    let worker = 'none';
    try {
      const st = statSync(RUNTIME_WORKER_SCRIPT);
      worker = `${st.size}:${st.mtimeMs}`;
    } catch {
      // no worker bundle (an unbundled run): the emulation runs in this one
    }
    return { ...ctx, readCache: { dir, salt: `${this.setup.buildId}:${worker}`, warnings: 'stderr' } };
  }
}

/** The runtime options of check, index and banner: the same for all three, so a verdict and the index agree. */
function runtimeChoices(values: Values, io: Io): RuntimeChoices {
  const choices: RuntimeChoices = {};
  if (typeof values['runtime'] === 'string') {
    const { runtimes, versions, unknown, conflicts } = parseRuntimeList(values['runtime']);
    if (unknown.length || runtimes.length === 0)
      throw new UsageError(`--runtime takes ${RUNTIME_IDS.join(', ')}, each optionally @version (got \`${unknown.join(', ') || values['runtime']}\`)`);
    if (conflicts.length) throw new UsageError(`--runtime names ${conflicts.join(', ')} with two versions; judge by one version of each per run`);
    choices.pinned = runtimes;
    if (Object.keys(versions).length) choices.versions = versions;
  }
  const tools = listOption(values, 'tools');
  if (tools) choices.tools = tools;
  const toolsets = listOption(values, 'toolsets');
  if (toolsets) choices.toolsets = toolsets;
  const environments = listOption(values, 'environments');
  if (environments) choices.environments = environments;
  if (typeof values['hermes-home'] === 'string') choices.hermesHome = path.resolve(io.cwd, values['hermes-home']);
  if (typeof values['openclaw-config'] === 'string') choices.openclawConfig = path.resolve(io.cwd, values['openclaw-config']);
  return choices;
}

/** `a,b` → ['a', 'b'] (blank items dropped); absent → undefined. */
function listOption(values: Values, key: string): string[] | undefined {
  const v = values[key];
  return typeof v === 'string'
    ? v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : undefined;
}
