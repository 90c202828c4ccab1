// Version probes, run the way nexo-rs runs them (§1 step 8):
//  - `<resolved path> <command>` with `command` as ONE argv element: never split on spaces, never a shell;
//  - stdin is the null device (Rust's `Command::output()` does not inherit it); stdout and stderr captured;
//  - the exit status is ignored;
//  - the process is waited for until its output pipes close, with a 5 s timeout: a forked grandchild that
//    keeps stdout open keeps the probe waiting until the timeout, here as there;
//  - output = `stdout + "\n" + stderr`, each decoded as lossy UTF-8 (`String::from_utf8_lossy`).
// What the output is searched for (the regex's whole match, normalized, parsed as semver) is nexo-rs's gate's
// (runtimes/nexo/gate.ts), which runs its probes through a ProbeRunner.
// Differences we add on purpose: output is capped per stream (we keep draining, so memory stays flat under a
// flood; a version printed after the first MiB would be missed — `truncated` says so); on timeout we kill the
// whole process group, not only the child; on Windows `.cmd`/`.bat` are never run (running them needs a shell).
//
// Spawning binaries named by a file the user opened is the one dangerous thing this engine does, so every
// spawn comes from a runner its user chose to make (the CLI without `--no-probe`, the language server in a
// trusted workspace; otherwise the engine has none), is logged through `onLog`, is bounded in number
// (`concurrency`) and in time, and is shared: one spawn per (path, command) until `clear()`.
//
// Note: the runtime caches probe results per binary path only, so two skills probing one binary with
// different commands both get the first result. We cache per (path, command), which is what an author
// editing one skill expects; the runtime's first-wins order is the gate's `NexoVersionCache`.

import type { ChildProcess } from 'node:child_process';
import { constants as fsConstants, promises as fsp } from 'node:fs';
import * as nodePath from 'node:path';

/** node:child_process, loaded by the first spawn: a run that probes nothing does not load it (with the
 *  streams it brings, a few milliseconds of every start). */
function childProcess(): typeof import('node:child_process') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('node:child_process') as typeof import('node:child_process');
}

export interface ProbeLogEntry {
  bin: string;
  resolvedPath: string;
  command: string;
  durationMs: number;
  outcome: 'ok' | 'timeout' | 'spawn_failed' | 'not_probed';
  exitCode: number | null;
  /** Bytes received on stdout + stderr, including what was dropped beyond the cap. */
  bytes: number;
}

export interface ProbeOptions {
  /** Default 5000 (the runtime's timeout). */
  timeoutMs?: number;
  /** Probes running at once. Default 4. */
  concurrency?: number;
  /** Cap per stream. Default 1 MiB. */
  maxOutputBytes?: number;
  /** Environment of the probed process. Default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Working directory of the probed process. Default `process.cwd()`. */
  cwd?: string;
  onLog?: (e: ProbeLogEntry) => void;
  /** Platform rules to apply (`.cmd`/`.bat` refusal on win32). Default `process.platform`. For tests. */
  platform?: NodeJS.Platform;
}

export type ProbeOutput =
  | { ok: true; output: string; exitCode: number | null; truncated: boolean; durationMs: number }
  | { ok: false; reason: 'spawn_failed' | 'timeout' | 'not_probed'; message: string; durationMs: number };

const DEFAULT_TIMEOUT_MS = 5000;
/** By absolute path: Windows searches the working directory (a workspace) before PATH for a bare name. */
const TASKKILL = nodePath.win32.join(process.env['SystemRoot'] ?? 'C:\\Windows', 'System32', 'taskkill.exe');
const DEFAULT_CONCURRENCY = 4;
const DEFAULT_MAX_OUTPUT = 1024 * 1024;

const CANCELLED = Symbol('cancelled');
type JobResult = ProbeOutput | typeof CANCELLED;

interface Job {
  key: string;
  resolvedPath: string;
  command: string | null;
  promise: Promise<JobResult>;
  settle: (r: JobResult) => void;
  waiters: number;
  state: 'queued' | 'running' | 'done';
  /** Set while running: kills the process group and settles the job as cancelled. */
  abort?: () => void;
}

function abortError(signal: AbortSignal): unknown {
  if (signal.reason !== undefined) return signal.reason;
  const e = new Error('The operation was aborted');
  e.name = 'AbortError';
  return e;
}

function now(): number {
  return performance.now();
}

/** First bytes of files the kernel executes directly. */
function isExecFormat(head: Buffer): boolean {
  if (head.length >= 2 && head[0] === 0x23 && head[1] === 0x21) return true; // #!
  if (head.length < 4) return false;
  const magic = head.readUInt32BE(0);
  return (
    magic === 0x7f454c46 || // ELF
    magic === 0xfeedface ||
    magic === 0xfeedfacf ||
    magic === 0xcefaedfe ||
    magic === 0xcffaedfe || // Mach-O
    magic === 0xcafebabe ||
    magic === 0xbebafeca // universal binaries
  );
}

/**
 * Why spawning `path` would fail at once (POSIX: no execute bit, or neither `#!` nor a binary the kernel
 * runs), or null when it would start. Rust's `Command::spawn` reports these failures synchronously, so a
 * runtime emulation can order them before anything else it does (nexo-rs caches them at once).
 */
export async function spawnFailure(path: string, platform: NodeJS.Platform = process.platform): Promise<string | null> {
  if (platform === 'win32' || process.platform === 'win32') return null;
  try {
    await fsp.access(path, fsConstants.X_OK);
  } catch (e) {
    return `cannot run ${path}: ${(e as NodeJS.ErrnoException).code ?? 'not executable'}`;
  }
  return (await wouldFailWithEnoexec(path)) ? `cannot execute ${path}: Exec format error (no #! line and not a binary the kernel runs)` : null;
}

/**
 * POSIX only: would exec(2) fail with ENOEXEC? Rust's `Command` (posix_spawn) then fails, so the runtime
 * reports `probe_failed`; but libuv execs with `execvp`, which on ENOEXEC silently runs the file with
 * `/bin/sh` — a shebang-less script would "work" here and not there. Only checked for files we may execute
 * (otherwise the spawn fails with EACCES anyway); unreadable files are left to the spawn.
 * (binfmt_misc formats, e.g. registered interpreters for jars, are not recognized here.)
 */
async function wouldFailWithEnoexec(path: string): Promise<boolean> {
  try {
    await fsp.access(path, fsConstants.X_OK);
  } catch {
    return false;
  }
  let fh: fsp.FileHandle | undefined;
  try {
    fh = await fsp.open(path, 'r');
    const buf = Buffer.alloc(4);
    const { bytesRead } = await fh.read(buf, 0, 4, 0);
    return !isExecFormat(buf.subarray(0, bytesRead));
  } catch {
    return false;
  } finally {
    await fh?.close().catch(() => undefined);
  }
}

export class ProbeRunner {
  private readonly timeoutMs: number;
  private readonly concurrency: number;
  private readonly maxOutputBytes: number;
  private readonly platform: NodeJS.Platform;
  private cache = new Map<string, Job>();
  private readonly queue: Job[] = [];
  private readonly running = new Set<Job>();
  private spawned = 0;
  private disposed = false;

  constructor(private readonly opts: ProbeOptions = {}) {
    this.timeoutMs = Math.max(1, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    this.concurrency = Math.max(1, Math.floor(opts.concurrency ?? DEFAULT_CONCURRENCY));
    this.maxOutputBytes = Math.max(0, opts.maxOutputBytes ?? DEFAULT_MAX_OUTPUT);
    this.platform = opts.platform ?? process.platform;
  }

  /** Processes actually spawned since construction. */
  get spawnCount(): number {
    return this.spawned;
  }

  /**
   * Runs (or reuses) the probe of `command` on `resolvedPath`; a null `command` runs the binary with no
   * argument at all (nexo-rs does that for a blank `command`). Rejects only when `signal` aborts (with the
   * signal's reason); every other failure is a `ProbeOutput` with `ok: false`.
   */
  run(resolvedPath: string, command: string | null, signal?: AbortSignal): Promise<ProbeOutput> {
    if (signal?.aborted) return Promise.reject(abortError(signal));
    const t0 = now();
    const refuse = (message: string): Promise<ProbeOutput> => {
      const out: ProbeOutput = { ok: false, reason: 'not_probed', message, durationMs: now() - t0 };
      this.log(resolvedPath, command, out, null, 0);
      return Promise.resolve(out);
    };
    if (this.disposed) return refuse('the probe runner was disposed');
    if (this.platform === 'win32' && /\.(cmd|bat)$/i.test(resolvedPath)) {
      return refuse('`.cmd`/`.bat` files are run by cmd.exe, a shell; they are never probed');
    }

    const key = command === null ? `${resolvedPath}\0-` : `${resolvedPath}\0+${command}`;
    let job = this.cache.get(key);
    if (!job) {
      job = this.newJob(key, resolvedPath, command);
      this.cache.set(key, job);
      this.queue.push(job);
      this.pump();
    }
    return this.wait(job, signal);
  }

  /** Forget every result; the next `run` spawns again. Probes under way finish for their current callers. */
  clear(): void {
    this.cache = new Map();
  }

  /** Kills every running probe, drops the queue; callers waiting get `not_probed`. Later runs are refused. */
  dispose(): void {
    this.disposed = true;
    const disposedOut = (): ProbeOutput => ({ ok: false, reason: 'not_probed', message: 'the probe runner was disposed', durationMs: 0 });
    for (const job of this.queue.splice(0)) job.settle(disposedOut());
    for (const job of [...this.running]) {
      job.abort?.();
      job.settle(disposedOut());
    }
    this.cache = new Map();
  }

  private newJob(key: string, resolvedPath: string, command: string | null): Job {
    let resolve: (r: JobResult) => void = () => undefined;
    const promise = new Promise<JobResult>((r) => {
      resolve = r;
    });
    const job: Job = {
      key,
      resolvedPath,
      command,
      promise,
      waiters: 0,
      state: 'queued',
      // First settlement wins (dispose() may settle before the killed process reports back).
      settle: (r) => {
        if (job.state === 'done') return;
        job.state = 'done';
        resolve(r);
      },
    };
    return job;
  }

  private wait(job: Job, signal?: AbortSignal): Promise<ProbeOutput> {
    return new Promise<ProbeOutput>((resolve, reject) => {
      job.waiters++;
      let done = false;
      const onAbort = (): void => {
        if (done) return;
        done = true;
        job.waiters--;
        if (job.waiters === 0 && job.state !== 'done') this.cancel(job);
        reject(abortError(signal as AbortSignal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      void job.promise.then((r) => {
        if (done) return;
        done = true;
        job.waiters--;
        signal?.removeEventListener('abort', onAbort);
        if (r === CANCELLED) {
          // Only reachable by a waiter that joined a job being cancelled; treat as not probed.
          resolve({ ok: false, reason: 'not_probed', message: 'the probe was cancelled', durationMs: 0 });
        } else resolve(r);
      });
    });
  }

  /** Nobody waits any more: stop the job and forget it (a cancelled probe is not a result). */
  private cancel(job: Job): void {
    if (this.cache.get(job.key) === job) this.cache.delete(job.key);
    if (job.state === 'queued') {
      const i = this.queue.indexOf(job);
      if (i >= 0) this.queue.splice(i, 1);
      job.settle(CANCELLED);
    } else if (job.state === 'running') {
      job.abort?.();
    }
  }

  private pump(): void {
    while (this.running.size < this.concurrency && this.queue.length > 0) {
      const job = this.queue.shift() as Job;
      if (job.state !== 'queued') continue;
      job.state = 'running';
      this.running.add(job);
      void this.execute(job)
        .then((r) => job.settle(r))
        .finally(() => {
          this.running.delete(job);
          this.pump();
        });
    }
  }

  private log(resolvedPath: string, command: string | null, out: ProbeOutput, exitCode: number | null, bytes: number): void {
    if (!this.opts.onLog) return;
    try {
      this.opts.onLog({
        bin: nodePath.basename(resolvedPath),
        resolvedPath,
        command: command ?? '',
        durationMs: Math.round(out.durationMs),
        outcome: out.ok ? 'ok' : out.reason,
        exitCode,
        bytes,
      });
    } catch {
      // A faulty logger must not break probing.
    }
  }

  private async execute(job: Job): Promise<JobResult> {
    const t0 = now();
    const { resolvedPath, command } = job;
    const fail = (reason: 'spawn_failed' | 'timeout', message: string, exitCode: number | null = null, bytes = 0): ProbeOutput => {
      const out: ProbeOutput = { ok: false, reason, message, durationMs: now() - t0 };
      this.log(resolvedPath, command, out, exitCode, bytes);
      return out;
    };

    let cancelledEarly = false;
    job.abort = () => {
      cancelledEarly = true;
    };
    if (this.platform !== 'win32' && process.platform !== 'win32' && (await wouldFailWithEnoexec(resolvedPath))) {
      return fail('spawn_failed', `cannot execute ${resolvedPath}: Exec format error (no #! line and not a binary the kernel runs)`);
    }
    if (cancelledEarly || job.state === 'done') return CANCELLED;

    const posix = process.platform !== 'win32';
    let child: ChildProcess;
    try {
      child = childProcess().spawn(resolvedPath, command === null ? [] : [command], {
        shell: false,
        // Own process group, so a timeout can kill what the probe spawned too.
        detached: posix,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: this.opts.env ?? process.env,
        cwd: this.opts.cwd ?? process.cwd(),
        windowsHide: true,
      });
    } catch (e) {
      return fail('spawn_failed', `cannot run ${resolvedPath}: ${e instanceof Error ? e.message : String(e)}`);
    }
    this.spawned++;

    return new Promise<JobResult>((resolve) => {
      const cap = this.maxOutputBytes;
      const streams = { out: [] as Buffer[], err: [] as Buffer[], outLen: 0, errLen: 0 };
      let bytes = 0;
      let truncated = false;
      let finished = false;
      // Declared before the handlers that clear it; set once the child is running.
      // eslint-disable-next-line prefer-const
      let timer: NodeJS.Timeout | undefined;

      const collect =
        (which: 'out' | 'err') =>
        (chunk: Buffer): void => {
          bytes += chunk.length;
          const have = which === 'out' ? streams.outLen : streams.errLen;
          if (have >= cap) {
            truncated = true;
            return; // keep draining, drop the data
          }
          const take = chunk.length <= cap - have ? chunk : chunk.subarray(0, cap - have);
          if (take.length < chunk.length) truncated = true;
          // Copy when slicing so the dropped remainder of a large chunk can be freed.
          (which === 'out' ? streams.out : streams.err).push(take === chunk ? chunk : Buffer.from(take));
          if (which === 'out') streams.outLen += take.length;
          else streams.errLen += take.length;
        };
      child.stdout?.on('data', collect('out'));
      child.stderr?.on('data', collect('err'));
      // Stream errors (e.g. after destroy) are not interesting; 'close' or the timer settles the job.
      child.stdout?.on('error', () => undefined);
      child.stderr?.on('error', () => undefined);

      const killTree = (): void => {
        const pid = child.pid;
        if (pid !== undefined) {
          if (posix) {
            try {
              process.kill(-pid, 'SIGKILL');
            } catch {
              // group already gone
            }
          } else {
            try {
              childProcess()
                .spawn(TASKKILL, ['/pid', String(pid), '/T', '/F'], { windowsHide: true, stdio: 'ignore' })
                .on('error', () => undefined);
            } catch {
              // fall back below
            }
          }
        }
        try {
          child.kill('SIGKILL');
        } catch {
          // already gone
        }
        child.stdout?.destroy();
        child.stderr?.destroy();
      };

      const finish = (r: JobResult): void => {
        if (finished) return;
        finished = true;
        if (timer) clearTimeout(timer);
        delete job.abort;
        resolve(r);
      };

      job.abort = () => {
        killTree();
        finish(CANCELLED);
      };
      if (cancelledEarly) {
        job.abort();
        return;
      }

      timer = setTimeout(() => {
        killTree();
        finish(fail('timeout', `no answer within ${this.timeoutMs} ms (the process, or a process it started, kept its output open); killed`, null, bytes));
      }, this.timeoutMs);

      child.on('error', (e) => {
        // Spawn failures (ENOENT, EACCES for a file without the execute bit, ...).
        killTree();
        finish(fail('spawn_failed', `cannot run ${resolvedPath}: ${e.message}`, null, bytes));
      });

      // 'close' = the process exited AND its stdout/stderr closed: exactly what the runtime waits for.
      child.on('close', (code) => {
        if (finished) return;
        const decode = (parts: Buffer[], len: number): string => Buffer.concat(parts, len).toString('utf8');
        const output = `${decode(streams.out, streams.outLen)}\n${decode(streams.err, streams.errLen)}`;
        const out: ProbeOutput = { ok: true, output, exitCode: code, truncated, durationMs: now() - t0 };
        this.log(resolvedPath, command, out, code, bytes);
        finish(out);
      });
    });
  }
}
