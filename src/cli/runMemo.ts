// A whole run of `check`, `index` or `banner`, kept: what it printed (stdout and stderr, in order), its exit
// code, and every question it asked the file system with the answer (src/core/machine/questions.ts). The
// next run with the same arguments, working folder, environment and build asks the same questions again —
// one stat per folder listed and per file read — and, when every answer is the same, prints what was kept
// instead of running: nothing it read has changed, so the run would print the same bytes.
//
// A run is kept only when all it depended on is a question of the file system: a run that started a process
// (a probe), wrote outside the cache folder, read a stream, changed a file while it ran, or saw a file written
// within two seconds of it is not (`QuestionLog.refused`), and neither is one whose cache warned. `--no-cache`
// reads and writes none of it. The kept runs live in the cache folder as `run-<key>.bin`, at most MAX_RUNS.
import * as fs from 'node:fs';
import { homedir } from 'node:os';
import * as path from 'node:path';
import { writeFileAtomically } from '../core/machine/atomicWrite';
import { decodeQuestions, type QuestionLog, startQuestionLog, stillAnswered } from '../core/machine/questions';

/** node:v8 (its serializer), loaded only to read or write a kept run: a run that keeps nothing (in CI, with
 *  --no-cache) does not load it. */
function v8(): typeof import('node:v8') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('node:v8') as typeof import('node:v8');
}

/** Changes whenever what a kept run holds changes shape. */
const FORMAT = 1;
/** Kept runs in the cache folder; the least recently used go first. */
const MAX_RUNS = 16;
/** A run that printed more than this is not kept. */
const MAX_OUTPUT = 64 * 1024 * 1024;
const PREFIX = 'run-';

interface Header {
  format: number;
  /** `runKey` of the run. */
  key: string;
  /** The run's questions and answers, encoded (`decodeQuestions` reads them). */
  questions: string;
  /** [1 (stdout) or 2 (stderr), byte length] in the order printed. */
  chunks: Array<[number, number]>;
  code: number;
}

/** The commands whose run may be kept: those that only read (not --fix, not --help), and not in CI (`CI`
 *  set, as GitHub Actions, GitLab CI and most others set it): a fresh checkout's files never match a kept
 *  run, so noting the questions would only cost time. */
export function keepable(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  const ci = env['CI'];
  if (ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0') return false;
  const [command, ...rest] = argv;
  if (command !== 'check' && command !== 'index' && command !== 'banner') return false;
  return !rest.some((a) => a === '--fix' || a === '--dry-run' || a === '-h' || a === '--help' || a === '--no-cache');
}

/** What a kept run must have been run with: this command line, here, in this environment, by this build (the
 *  bundles beside the launcher). */
export function runKey(argv: readonly string[], bundles: readonly string[]): string {
  const parts: string[] = [String(FORMAT)];
  for (const f of bundles) {
    const st = fs.statSync(f, { throwIfNoEntry: false });
    parts.push(st ? `${f}:${st.size}:${st.mtimeMs}:${st.ino}` : `${f}:-`);
  }
  parts.push(`${process.version}:${process.platform}:${process.arch}:${process.execPath}:${process.execArgv.join('\0')}`);
  parts.push(`${process.getuid?.() ?? ''}:${process.getgid?.() ?? ''}:${safeHomedir()}`);
  parts.push(process.cwd());
  parts.push(`${Boolean(process.stdout.isTTY)}:${Boolean(process.stderr.isTTY)}:${process.stdout.columns ?? ''}`);
  parts.push(JSON.stringify(argv));
  const env = process.env;
  for (const k of Object.keys(env).sort()) parts.push(`${k}=${env[k] ?? ''}`);
  return parts.join('\0');
}

/** The file of the kept run for `key`: named by a quick hash of it (the key itself is kept inside, and
 *  compared, so two keys with one name only miss). */
export function runFile(dir: string, key: string): string {
  // FNV-1a, twice with two offsets: 64 bits, without loading node:crypto before the kept run is printed.
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 13);
  }
  const hex = (n: number): string => (n >>> 0).toString(16).padStart(8, '0');
  return path.join(dir, `${PREFIX}${hex(a)}${hex(b)}.bin`);
}

function safeHomedir(): string {
  try {
    return homedir();
  } catch {
    return '';
  }
}

/** Prints the kept run in `file` and sets the exit code, when every question it asked gets the same answer.
 *  False (nothing printed) when there is none, it is unreadable, or anything changed. */
export function replayKept(file: string, key: string): boolean {
  let buf: Buffer;
  let header: Header;
  let at: number;
  try {
    buf = fs.readFileSync(file);
    const length = buf.readUInt32LE(0);
    header = v8().deserialize(buf.subarray(4, 4 + length)) as Header;
    at = 4 + length;
    if (header.format !== FORMAT || header.key !== key || typeof header.questions !== 'string' || !Array.isArray(header.chunks)) return false;
    const questions = decodeQuestions(header.questions);
    if (questions === null || !stillAnswered(questions)) return false;
  } catch {
    return false;
  }
  // Most recently used: the last to be pruned.
  try {
    const now = new Date();
    fs.utimesSync(file, now, now);
  } catch {
    // a read-only cache folder: it is pruned sooner
  }
  for (const [fd, length] of header.chunks) {
    (fd === 1 ? process.stdout : process.stderr).write(buf.subarray(at, at + length));
    at += length;
  }
  process.exitCode = header.code;
  return true;
}

/** Notes what this run asks and prints, and keeps it at the end when nothing refused it. */
export class RunKeeper {
  private readonly log: QuestionLog;
  /** What was printed, in order: text as written (UTF-8), or bytes. */
  private readonly chunks: Array<[number, string | Buffer]> = [];
  private size = 0;

  /** `file`: where to keep it (`runFile`), for `key`; `dir`: the cache folder; `build`: the folder of the bundles, whose
   *  identity is part of the key already (questions about it would only refuse runs right after a build). */
  constructor(
    private readonly file: string,
    private readonly key: string,
    dir: string,
    build: string,
  ) {
    this.log = startQuestionLog({
      since: Date.now(),
      ignored: [...cacheFolders(dir), ...cacheFolders(build)],
      recorder: path.join(build, 'questions.js'),
    });
    this.tap(process.stdout, 1);
    this.tap(process.stderr, 2);
  }

  private tap(stream: NodeJS.WriteStream, fd: number): void {
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      // Once the run cannot be kept, nothing more is taken.
      if (this.log.refused === null) {
        const bytes =
          typeof chunk === 'string'
            ? typeof rest[0] === 'string' && rest[0] !== 'utf8'
              ? Buffer.from(chunk, rest[0] as BufferEncoding)
              : chunk
            : Buffer.from(chunk as Uint8Array);
        this.size += bytes.length;
        if (this.size > MAX_OUTPUT) this.log.refuse('the output is too large to keep');
        else this.chunks.push([fd, bytes]);
      }
      return write(chunk, ...rest);
    }) as typeof stream.write;
  }

  /** The run ended with `code`: keep it, or forget an older one of the same key that no longer holds. */
  finish(code: number): void {
    // An internal error (3) may not happen again (a file table full, a worker that died): never kept.
    if (code === 3) this.log.refuse('an internal error');
    try {
      if (this.log.refused !== null) {
        fs.rmSync(this.file, { force: true });
        return;
      }
      const printed = this.chunks.map(([fd, b]): [number, Buffer] => [fd, typeof b === 'string' ? Buffer.from(b, 'utf8') : b]);
      const header: Header = {
        format: FORMAT,
        key: this.key,
        questions: this.log.essential(),
        chunks: printed.map(([fd, b]) => [fd, b.length]),
        code,
      };
      const head = v8().serialize(header);
      const length = Buffer.alloc(4);
      length.writeUInt32LE(head.length, 0);
      writeFileAtomically(this.file, Buffer.concat([length, head, ...printed.map(([, b]) => b)]));
      prune(path.dirname(this.file));
    } catch {
      // An unusable cache folder (the analysis cache has said so already): nothing is kept.
    }
  }
}

/** A folder as given and as it really is (questions name real paths when a link led there). */
function cacheFolders(dir: string): string[] {
  const out = [path.resolve(dir)];
  try {
    const r = fs.realpathSync(dir);
    if (r !== out[0]) out.push(r);
  } catch {
    // not created yet: it will be at the path given
  }
  return out;
}

function prune(dir: string): void {
  const kept = fs
    .readdirSync(dir)
    .filter((n) => n.startsWith(PREFIX) && n.endsWith('.bin'))
    .map((n) => {
      const f = path.join(dir, n);
      return { f, t: fs.statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? 0 };
    });
  if (kept.length <= MAX_RUNS) return;
  kept.sort((a, b) => b.t - a.t);
  for (const { f } of kept.slice(MAX_RUNS)) fs.rmSync(f, { force: true });
}
