// What one run asked this machine, and whether the machine would still answer the same: the basis on which
// the CLI keeps a whole run's output and prints it again instead of running (src/cli/runMemo.ts).
//
// While a log is active, this thread's `node:fs` answers through wrappers that note each question about a path
// and its answer: a stat by the file's identity (type, permissions, inode, owner, size and times); a folder's
// listing by the folder's identity (adding, removing or renaming an entry changes a folder's times, so an
// unchanged identity means an unchanged listing), settled once per folder at the end; a read by the file's
// identity taken before the read; a file under /proc or /sys, whose stat says nothing of what it holds, by a
// hash of its bytes; real paths, link targets, existence and access by their result. The log is complete by
// construction rather than by discipline: every function of `node:fs` and `node:fs/promises` is wrapped, and
// one whose questions are not understood here (a stream, a watcher, a callback-style read) makes the run one
// that is not kept, as do a write outside the ignored folders (the cache's own), a spawned process (a probe:
// its answer is not the file system's) and a question answered two ways within the run. A file whose times
// fall within RACY_MS of the run cannot vouch for what the run saw (a second write in the same clock tick
// leaves its identity unchanged), so that run is not kept either: the next one will be.
//
// Worker threads start their own log (the runtime worker loads this module, bundled as dist/questions.js,
// only when the CLI asks) and hand their questions back with their results; the thread that keeps the run
// merges them (`QuestionLog.merge`). ./keeping.ts is what the rest of the engine sees of it.

import * as path from 'node:path';
import { KEEPING, type KeepingLog, type KeepingSettings } from './keeping';
// The module object itself (not a bundler's copy of its exports): the wrappers replace its functions.
import fsModule from 'node:fs';

/** [question, absolute path, answer]. Questions: `stat`, `lstat`, `list`, `content`, `real` (JavaScript
 *  realpath), `realn` (the native one), `link`, `exists`, `access:<mode>`. An answer is an identity, a path,
 *  `1`/`0`, `ok`, a hash, or `!<error code>`. */
export type Question = [question: string, path: string, answer: string];

/** A file changed within this many milliseconds of the run (before it began, or while it ran). */
export const RACY_MS = 2000;

type Stats = fsModule.Stats;
type AnyFn = (...args: unknown[]) => unknown;

function errorAnswer(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return `!${typeof code === 'string' ? code : '?'}`;
}

/** A stat's answer: everything a write changes (type, permissions, inode, owner, size, times). A folder's
 *  times change with every entry added, removed or renamed (POSIX), so the same answer for a folder also
 *  means the same listing: a listing is asked as the folder's stat, taken before it is read. */
function statAnswer(st: Stats): string {
  // Times to the millisecond are enough: a run is kept only when every time it saw is RACY_MS older than the
  // run, and any later write sets the change time (which nothing can set back) to after the run.
  return `${st.mode}:${st.ino}:${st.uid}:${st.gid}:${st.size}:${Math.floor(st.mtimeMs)}:${Math.floor(st.ctimeMs)}`;
}

const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;

/** Whether a stat's answer is a folder's (the mode comes first; an error's answer starts with `!`). */
function isFolder(answer: string): boolean {
  return (parseInt(answer, 10) & S_IFMT) === S_IFDIR;
}

/** Per question, path → answer. */
type Answers = Map<string, Map<string, string>>;

/** The questions another answers already, so that checking a kept run costs about one system call per
 *  folder listed and per file read:
 *  - a stat of a folder listed: the listing was asked as that stat;
 *  - a stat of a path whose lstat answered the same: a stat never answers "a link", so it was no link, and
 *    the same file was asked twice;
 *  - an lstat of a folder that is no link, when the folder's stat is asked and so is its parent's: while the
 *    parent's answer holds, its entries name the same files (a rename, a removal or a new link changes the
 *    parent's times), and a file's type never changes.
 *  Every path keeps one of its questions with the answer of those it drops: a listing is never dropped, a
 *  stat only for a listing's or a kept lstat's same answer, an lstat only for a listing's or a stat's. */
function essentialOf(answers: Answers): string {
  const none = new Map<string, string>();
  const lists = answers.get('list') ?? none;
  const stats = answers.get('stat') ?? none;
  const lstats = answers.get('lstat') ?? none;
  const droppedLstats = new Set<string>();
  for (const [p, a] of lstats) {
    if ((lists.get(p) === a || stats.get(p) === a) && isFolder(a)) {
      const slash = p.lastIndexOf('/');
      if (slash <= 0) continue;
      const parent = p.slice(0, slash);
      const up = lists.get(parent) ?? stats.get(parent) ?? lstats.get(parent);
      if (up !== undefined && isFolder(up)) droppedLstats.add(p);
    }
  }
  const droppedReals = impliedRealPaths(answers, lists);
  const out: string[] = [];
  for (const [q, m] of answers) {
    for (const [p, a] of m) {
      if (q === 'stat' && (lists.get(p) === a || (lstats.get(p) === a && a.charCodeAt(0) !== 33 && !droppedLstats.has(p)))) continue;
      if (q === 'lstat' && droppedLstats.has(p)) continue;
      if (q === 'realn' && droppedReals.has(p)) continue;
      out.push(q, p, a);
    }
  }
  return out.join('\0');
}

/** The real paths their parent's answers: when a folder is listed, its real path is R and an entry's real path
 *  is R/name, that entry was no link (a link's real path is its target's), and while the listing holds the
 *  name is the same entry. The parent's real path is asked once more now, and becomes a question of its own,
 *  when the run did not ask it (the answers must agree, or nothing is dropped). */
function impliedRealPaths(answers: Answers, lists: Map<string, string>): Set<string> {
  const reals = answers.get('realn');
  const dropped = new Set<string>();
  if (!reals) return dropped;
  const byParent = new Map<string, string[]>();
  for (const [p, a] of reals) {
    const slash = p.lastIndexOf('/');
    if (slash <= 0 || a.charCodeAt(0) === 33) continue;
    const parent = p.slice(0, slash);
    const l = lists.get(parent);
    if (l === undefined || !isFolder(l)) continue;
    let children = byParent.get(parent);
    if (!children) byParent.set(parent, (children = []));
    children.push(p);
  }
  for (const [parent, children] of byParent) {
    let parentReal = reals.get(parent);
    if (parentReal === undefined) {
      if (children.length < 2) continue;
      try {
        parentReal = real.realpathNative(parent);
      } catch {
        continue;
      }
    }
    if (parentReal.charCodeAt(0) === 33) continue;
    const base = parentReal === '/' ? '' : parentReal;
    let any = false;
    for (const p of children) {
      if (reals.get(p) === `${base}/${p.slice(parent.length + 1)}`) {
        dropped.add(p);
        any = true;
      }
    }
    if (any && !reals.has(parent)) reals.set(parent, parentReal);
  }
  return dropped;
}

/** `essentialOf` for a list of questions (the first answer of each), encoded (`decodeQuestions` reads it). */
export function essential(questions: readonly Question[]): string {
  const answers: Answers = new Map();
  for (const [q, p, a] of questions) {
    let m = answers.get(q);
    if (!m) answers.set(q, (m = new Map()));
    if (!m.has(p)) m.set(p, a);
  }
  return essentialOf(answers);
}

/** Files whose stat says nothing about what they hold. */
function isPseudo(p: string): boolean {
  return p.startsWith('/proc/') || p.startsWith('/sys/');
}

function hashOf(bytes: Buffer): string {
  // Loaded only when needed: checking a kept run must start fast, and rarely hashes anything.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  return createHash('sha1').update(bytes).digest('base64');
}

/** What every copy of this module in one thread shares (the CLI's launcher and its bundle each carry one), at
 *  ./keeping.ts's symbol: the active log, and the functions as Node made them, taken before any wrapper
 *  replaced them. */
interface Shared {
  log: QuestionLog | null;
  real: {
    statSync: typeof fsModule.statSync;
    lstatSync: typeof fsModule.lstatSync;
    readFileSync: typeof fsModule.readFileSync;
    existsSync: typeof fsModule.existsSync;
    accessSync: typeof fsModule.accessSync;
    realpathSync: typeof fsModule.realpathSync;
    realpathNative: typeof fsModule.realpathSync.native;
    readlinkSync: typeof fsModule.readlinkSync;
  };
}
const shared: Shared = ((globalThis as Record<symbol, unknown>)[KEEPING] as Shared | undefined) ?? {
  log: null,
  real: {
    statSync: fsModule.statSync,
    lstatSync: fsModule.lstatSync,
    readFileSync: fsModule.readFileSync,
    existsSync: fsModule.existsSync,
    accessSync: fsModule.accessSync,
    realpathSync: fsModule.realpathSync,
    realpathNative: fsModule.realpathSync.native,
    readlinkSync: fsModule.readlinkSync,
  },
};
(globalThis as Record<symbol, unknown>)[KEEPING] = shared;
const real = shared.real;

/** The answer this machine gives now to `question` about `p`, as recorded. */
function answerNow(question: string, p: string): string {
  try {
    switch (question) {
      // A listing is asked as the folder's stat.
      case 'stat':
      case 'list':
      case 'lstat': {
        const st = (question === 'lstat' ? real.lstatSync : real.statSync)(p, { throwIfNoEntry: false });
        return st === undefined ? '!ENOENT' : statAnswer(st);
      }
      case 'content':
        return hashOf(real.readFileSync(p));
      case 'real':
        return real.realpathSync(p);
      case 'realn':
        return real.realpathNative(p);
      case 'link':
        return real.readlinkSync(p);
      case 'exists':
        return real.existsSync(p) ? '1' : '0';
      default:
        if (question.startsWith('access:')) {
          real.accessSync(p, Number(question.slice(7)));
          return 'ok';
        }
        return '!unknown-question';
    }
  } catch (e) {
    return errorAnswer(e);
  }
}

/** Whether every question gets the answer it got then. Stops at the first that does not. */
export function stillAnswered(questions: readonly Question[]): boolean {
  for (const [q, p, a] of questions) if (answerNow(q, p) !== a) return false;
  return true;
}

/** Questions travel and are kept as one string, NUL-separated (no path or answer holds a NUL): read back
 *  several times faster than the same questions as arrays. Its parts, or null when it is not such a string. */
function partsOf(text: string): string[] | null {
  if (text === '') return [];
  const parts = text.split('\0');
  return parts.length % 3 === 0 ? parts : null;
}

export function decodeQuestions(text: string): Question[] | null {
  const parts = partsOf(text);
  if (parts === null) return null;
  const out: Question[] = [];
  for (let i = 0; i < parts.length; i += 3) out.push([parts[i] as string, parts[i + 1] as string, parts[i + 2] as string]);
  return out;
}

/** The questions of one run on one thread, or merged from several. */
export class QuestionLog implements KeepingLog {
  /** Every question noted, flat (question, path, answer, …), repeats included: folded once, at the end
   *  (`fold`), which costs less than a lookup per question while the run goes on. */
  private readonly flat: string[] = [];
  /** Where the last `drain` stopped. */
  private drained = 0;
  /** Folders listed whose identity is not noted yet (`settle`). */
  private readonly unsettled = new Set<string>();
  /** Why this run may not be kept (the first reason), or null. */
  refused: string | null = null;

  constructor(
    /** When the run began (ms since the epoch): files changed after `since − RACY_MS` refuse it. */
    readonly since: number,
    /** Folders whose contents do not count (the cache's own): questions about them are not recorded. */
    readonly ignored: readonly string[],
    /** The file a worker thread loads to note its own questions (dist/questions.js, this module bundled). */
    readonly recorder = '',
  ) {}

  /** What a worker thread needs to start a log of its own for the same run. */
  settings(): KeepingSettings {
    return { since: this.since, ignored: [...this.ignored], recorder: this.recorder };
  }

  refuse(reason: string): void {
    this.refused ??= reason;
  }

  isIgnored(p: string): boolean {
    for (const d of this.ignored) if (p.startsWith(d) && (p.length === d.length || p.charCodeAt(d.length) === 47)) return true;
    return false;
  }

  /** Notes one question and its answer (a different answer to the same question refuses the run). */
  add(question: string, p: string, answer: string): void {
    if (!this.isIgnored(p)) this.flat.push(question, p, answer);
  }

  /** Notes a stat's answer, refusing the run when the file changed within RACY_MS of it. */
  addStat(question: string, p: string, st: Stats, answer: string): void {
    if (this.isIgnored(p)) return;
    this.refuseIfRecent(p, st);
    this.flat.push(question, p, answer);
  }

  /** A file changed within RACY_MS of the run cannot vouch for what the run saw: the run is not kept. */
  private refuseIfRecent(p: string, st: Stats): void {
    if (Math.max(st.mtimeMs, st.ctimeMs) >= this.since - RACY_MS) this.refuse(`${p} changed within ${RACY_MS / 1000} s of the run`);
  }

  /** Notes that the folder `p` was listed. Its identity is taken later (`settle`), once per folder, from a
   *  stat the run asked anyway or else from one stat then. Either way it vouches for the listing: a folder
   *  changed before its stat and after its listing answers another identity from then on (a kept run is
   *  never printed again), and one changed after its stat has times within the run (it is not kept). */
  listed(p: string): void {
    if (!this.isIgnored(p)) this.unsettled.add(p);
  }

  /** Questions another thread asked for this run (`drain` there). */
  merge(questions: string, refused: string | null): void {
    if (refused) this.refuse(refused);
    const parts = partsOf(questions);
    if (parts === null) return this.refuse('questions a worker handed back could not be read');
    for (const x of parts) this.flat.push(x);
  }

  /** Per question, path → answer; a question answered two ways refuses the run. */
  private fold(): Answers {
    const answers: Answers = new Map();
    const flat = this.flat;
    for (let i = 0; i < flat.length; i += 3) {
      const q = flat[i] as string;
      const p = flat[i + 1] as string;
      const a = flat[i + 2] as string;
      let m = answers.get(q);
      if (!m) answers.set(q, (m = new Map()));
      const had = m.get(p);
      if (had === undefined) m.set(p, a);
      else if (had !== a) this.refuse(`${p} changed during the run`);
    }
    return answers;
  }

  /** Answers the listings noted since the last call, in `answers` and in the log. */
  private settle(answers: Answers): void {
    if (this.unsettled.size === 0) return;
    let lists = answers.get('list');
    if (!lists) answers.set('list', (lists = new Map()));
    const stats = answers.get('stat');
    for (const p of this.unsettled) {
      if (lists.has(p)) continue;
      let answer = stats?.get(p);
      if (answer === undefined || !isFolder(answer)) {
        const st = real.statSync(p, { throwIfNoEntry: false });
        // Listed, then gone: what the run printed came from a folder no question can vouch for.
        if (st === undefined || !st.isDirectory()) {
          this.refuse(`${p} was listed and then removed`);
          continue;
        }
        this.refuseIfRecent(p, st);
        answer = statAnswer(st);
      }
      lists.set(p, answer);
      this.flat.push('list', p, answer);
    }
    this.unsettled.clear();
  }

  /** The questions noted since the last call, encoded (what a worker hands back with a result). */
  drain(): string {
    if (this.unsettled.size > 0) this.settle(this.fold());
    const out = this.flat.slice(this.drained).join('\0');
    this.drained = this.flat.length;
    return out;
  }

  /** The questions no other answers (`essentialOf`), encoded (`decodeQuestions` reads it). */
  essential(): string {
    const answers = this.fold();
    this.settle(answers);
    return essentialOf(answers);
  }
}

/** Starts noting this thread's questions (once per thread; later calls return the same log). */
export function startQuestionLog(options: { since?: number; ignored?: readonly string[]; recorder?: string } = {}): QuestionLog {
  if (shared.log) return shared.log;
  const log = new QuestionLog(
    options.since ?? Date.now(),
    (options.ignored ?? []).map((d) => path.resolve(d)),
    options.recorder ?? '',
  );
  shared.log = log;
  wrapFs(log);
  wrapChildProcess(log);
  return log;
}

// ---------------------------------------------------------------------------------------------------------

/** While a wrapper runs, the calls Node makes inside it (readFileSync opens through fs.openSync) go through. */
let depth = 0;

/** A `//`, a `.` or `..` segment, or a trailing `/`: a path `path.resolve` would change. */
const NOT_NORMAL = /\/\/|\/\.\.?(?:\/|$)|.\/$/;

function abs(p: unknown): string | null {
  if (typeof p === 'string') return p.charCodeAt(0) === 47 && !NOT_NORMAL.test(p) ? p : path.resolve(p);
  if (p instanceof URL && p.protocol === 'file:') return path.resolve(decodeURIComponent(p.pathname));
  if (Buffer.isBuffer(p)) return path.resolve(p.toString('utf8'));
  return null;
}

function isReadOnly(flags: unknown): boolean {
  if (flags === undefined || flags === null) return true;
  if (typeof flags === 'string') return flags === 'r' || flags === 'rs' || flags === 'sr';
  if (typeof flags === 'number')
    return (
      (flags &
        (fsModule.constants.O_WRONLY | fsModule.constants.O_RDWR | fsModule.constants.O_CREAT | fsModule.constants.O_TRUNC | fsModule.constants.O_APPEND)) ===
      0
    );
  return false;
}

/** Functions of `node:fs` that take no path (file descriptors, handles) or ask nothing: passed through. */
const PASS = new Set([
  'readSync',
  'writeSync',
  'fstatSync',
  'closeSync',
  'fsyncSync',
  'fdatasyncSync',
  'ftruncateSync',
  'futimesSync',
  'fchmodSync',
  'fchownSync',
  'readvSync',
  'writevSync',
  'read',
  'write',
  'fstat',
  'close',
  'fsync',
  'fdatasync',
  'ftruncate',
  'futimes',
  'fchmod',
  'fchown',
  'readv',
  'writev',
  'openAsBlob',
  '_toUnixTimestamp',
]);

/** Functions that change the file system, with the positions of their path arguments: allowed inside the
 *  ignored folders, else the run is not kept. */
const WRITES: Record<string, number[]> = {
  writeFile: [0],
  appendFile: [0],
  mkdir: [0],
  mkdtemp: [0],
  rename: [0, 1],
  rm: [0],
  rmdir: [0],
  unlink: [0],
  copyFile: [0, 1],
  cp: [0, 1],
  symlink: [1],
  link: [0, 1],
  chmod: [0],
  lchmod: [0],
  chown: [0],
  lchown: [0],
  utimes: [0],
  lutimes: [0],
  truncate: [0],
};

type Recorder = (log: QuestionLog, original: AnyFn) => AnyFn;

function syncStat(question: 'stat' | 'lstat'): Recorder {
  return (log, original) =>
    function (this: unknown, ...args: unknown[]) {
      const p = abs(args[0]);
      const opts = args[1] as { bigint?: boolean } | undefined;
      if (p === null || opts?.bigint) {
        log.refuse(`an fs.${question}Sync the log cannot read`);
        return original.apply(this, args);
      }
      let st: Stats | undefined;
      try {
        st = original.apply(this, args) as Stats | undefined;
      } catch (e) {
        log.add(question, p, errorAnswer(e));
        throw e;
      }
      if (st === undefined) log.add(question, p, '!ENOENT');
      else log.addStat(question, p, st, statAnswer(st));
      return st;
    };
}

/** A listing (readdir, opendir): answered by the folder's identity, taken when the log is read (`settle`). */
function listing(log: QuestionLog, p: string | null, what: string): void {
  if (p === null) return log.refuse(`an fs.${what} the log cannot read`);
  log.listed(p);
}

/** A read of `p`: the file's identity before it is read (a /proc or /sys file by a hash of its bytes). */
function reading(log: QuestionLog, p: string | null, what: string): void {
  if (p === null) return log.refuse(`an fs.${what} the log cannot read`);
  if (log.isIgnored(p)) return;
  if (isPseudo(p)) {
    log.add('content', p, answerNow('content', p));
    return;
  }
  let st: Stats | undefined;
  try {
    st = real.statSync(p, { throwIfNoEntry: false });
  } catch (e) {
    log.add('stat', p, errorAnswer(e));
    return;
  }
  if (st === undefined) return log.add('stat', p, '!ENOENT');
  if (!st.isFile() && !st.isDirectory()) log.refuse(`${p} is not a regular file`);
  log.addStat('stat', p, st, statAnswer(st));
}

function answered(question: string): Recorder {
  return (log, original) =>
    function (this: unknown, ...args: unknown[]) {
      const p = abs(args[0]);
      if (p === null) {
        log.refuse(`an fs call on a path the log cannot read`);
        return original.apply(this, args);
      }
      const q = question === 'access' ? `access:${typeof args[1] === 'number' ? args[1] : fsModule.constants.F_OK}` : question;
      let r: unknown;
      try {
        r = original.apply(this, args);
      } catch (e) {
        log.add(q, p, errorAnswer(e));
        throw e;
      }
      if (question === 'exists') log.add(q, p, r ? '1' : '0');
      else if (question === 'access') log.add(q, p, 'ok');
      else if (typeof r === 'string') log.add(q, p, r);
      else log.refuse(`an fs.${question} answer the log cannot read`);
      return r;
    };
}

const SYNC: Record<string, Recorder> = {
  statSync: syncStat('stat'),
  lstatSync: syncStat('lstat'),
  existsSync: answered('exists'),
  accessSync: answered('access'),
  readlinkSync: answered('link'),
  realpathSync: answered('real'),
  readdirSync: (log, original) =>
    function (this: unknown, ...args: unknown[]) {
      if ((args[1] as { recursive?: boolean } | undefined)?.recursive) log.refuse('a recursive readdir');
      listing(log, abs(args[0]), 'readdirSync');
      try {
        return original.apply(this, args);
      } catch (e) {
        log.refuse(`a listing of ${String(args[0])} failed (${errorAnswer(e)})`);
        throw e;
      }
    },
  opendirSync: (log, original) =>
    function (this: unknown, ...args: unknown[]) {
      listing(log, abs(args[0]), 'opendirSync');
      return original.apply(this, args);
    },
  readFileSync: (log, original) =>
    function (this: unknown, ...args: unknown[]) {
      if (typeof args[0] !== 'number') reading(log, abs(args[0]), 'readFileSync');
      return original.apply(this, args);
    },
  openSync: (log, original) =>
    function (this: unknown, ...args: unknown[]) {
      const p = abs(args[0]);
      if (p !== null && log.isIgnored(p)) return original.apply(this, args);
      if (!isReadOnly(args[1])) log.refuse(`${String(args[0])} opened for writing`);
      else reading(log, p, 'openSync');
      return original.apply(this, args);
    },
};

function asyncStat(question: 'stat' | 'lstat'): Recorder {
  return (log, original) =>
    async (...args: unknown[]) => {
      const p = abs(args[0]);
      if (p === null || (args[1] as { bigint?: boolean } | undefined)?.bigint) {
        log.refuse(`an fs.promises.${question} the log cannot read`);
        return original(...args);
      }
      try {
        const st = (await original(...args)) as Stats;
        log.addStat(question, p, st, statAnswer(st));
        return st;
      } catch (e) {
        log.add(question, p, errorAnswer(e));
        throw e;
      }
    };
}

/** The promise forms: the same questions, noted when they are asked. */
const ASYNC: Record<string, Recorder> = {
  stat: asyncStat('stat'),
  lstat: asyncStat('lstat'),
  readdir:
    (log, original) =>
    async (...args: unknown[]) => {
      if ((args[1] as { recursive?: boolean } | undefined)?.recursive) log.refuse('a recursive readdir');
      listing(log, abs(args[0]), 'promises.readdir');
      try {
        return await original(...args);
      } catch (e) {
        log.refuse(`a listing of ${String(args[0])} failed (${errorAnswer(e)})`);
        throw e;
      }
    },
  opendir:
    (log, original) =>
    async (...args: unknown[]) => {
      listing(log, abs(args[0]), 'promises.opendir');
      return original(...args);
    },
  readFile:
    (log, original) =>
    async (...args: unknown[]) => {
      if (typeof args[0] === 'string' || args[0] instanceof URL || Buffer.isBuffer(args[0])) reading(log, abs(args[0]), 'promises.readFile');
      else log.refuse('a read through a file handle the log did not open');
      return original(...args);
    },
  open:
    (log, original) =>
    async (...args: unknown[]) => {
      const p = abs(args[0]);
      if (p !== null && log.isIgnored(p)) return original(...args);
      if (!isReadOnly(args[1])) log.refuse(`${String(args[0])} opened for writing`);
      else reading(log, p, 'promises.open');
      return original(...args);
    },
  access:
    (log, original) =>
    async (...args: unknown[]) => {
      const p = abs(args[0]);
      const q = `access:${typeof args[1] === 'number' ? args[1] : fsModule.constants.F_OK}`;
      if (p === null) {
        log.refuse('an fs.promises.access the log cannot read');
        return original(...args);
      }
      try {
        const r = await original(...args);
        log.add(q, p, 'ok');
        return r;
      } catch (e) {
        log.add(q, p, errorAnswer(e));
        throw e;
      }
    },
  realpath:
    (log, original) =>
    async (...args: unknown[]) =>
      resolved(log, 'realn', abs(args[0]), () => original(...args)),
  readlink:
    (log, original) =>
    async (...args: unknown[]) =>
      resolved(log, 'link', abs(args[0]), () => original(...args)),
};

async function resolved(log: QuestionLog, question: string, p: string | null, call: () => unknown): Promise<unknown> {
  if (p === null) {
    log.refuse(`an fs.promises call on a path the log cannot read`);
    return call();
  }
  try {
    const r = await call();
    if (typeof r === 'string') log.add(question, p, r);
    else log.refuse(`an answer to ${question} the log cannot read`);
    return r;
  } catch (e) {
    log.add(question, p, errorAnswer(e));
    throw e;
  }
}

function wrapWrite(log: QuestionLog, name: string, original: AnyFn, positions: number[]): AnyFn {
  return function (this: unknown, ...args: unknown[]) {
    if (depth === 0) {
      const outside = positions.some((i) => {
        const p = abs(args[i]);
        return typeof args[i] !== 'number' && (p === null || !log.isIgnored(p));
      });
      if (outside) log.refuse(`fs.${name} of ${String(args[positions[0] ?? 0])}`);
    }
    return original.apply(this, args);
  };
}

/** Replaces every function of `target` (node:fs or node:fs/promises) by one that notes its question. */
function wrapModule(log: QuestionLog, target: Record<string, unknown>, recorders: Record<string, Recorder>, label: string, suffix: string): void {
  for (const name of Object.keys(target)) {
    const original = target[name];
    // Classes (Stats, Dirent, ReadStream …) are left as they are: `instanceof` must keep working.
    if (typeof original !== 'function' || /^[A-Z]/.test(name) || PASS.has(name)) continue;
    const base = suffix && name.endsWith(suffix) ? name.slice(0, -suffix.length) : name;
    let wrapped: AnyFn;
    const recorder = recorders[name];
    if (recorder) {
      const inner = recorder(log, original as AnyFn);
      wrapped = function (this: unknown, ...args: unknown[]) {
        // Inside another wrapper, or once the run cannot be kept: nothing more to note.
        if (depth > 0 || log.refused !== null) return (original as AnyFn).apply(this, args);
        depth++;
        try {
          return inner.apply(this, args);
        } finally {
          depth--;
        }
      };
    } else if (WRITES[base]) {
      wrapped = wrapWrite(log, `${label}${name}`, original as AnyFn, WRITES[base] as number[]);
    } else {
      wrapped = function (this: unknown, ...args: unknown[]) {
        if (depth === 0) log.refuse(`fs call ${label}${name}`);
        return (original as AnyFn).apply(this, args);
      };
    }
    // Properties hung on a function (realpathSync.native) keep theirs.
    Object.assign(wrapped, original);
    target[name] = wrapped;
  }
}

function wrapFs(log: QuestionLog): void {
  const fsTarget = fsModule as unknown as Record<string, unknown>;
  const sync: Record<string, Recorder> = { ...SYNC };
  wrapModule(log, fsTarget, sync, '', 'Sync');
  // The native realpath hangs on the JavaScript one.
  const realpathSync = fsTarget['realpathSync'] as AnyFn & { native: AnyFn };
  const native = answered('realn')(log, real.realpathNative as AnyFn);
  realpathSync.native = function (this: unknown, ...args: unknown[]) {
    if (depth > 0 || log.refused !== null) return (real.realpathNative as AnyFn).apply(this, args);
    depth++;
    try {
      return native.apply(this, args);
    } finally {
      depth--;
    }
  };
  wrapModule(log, fsModule.promises as unknown as Record<string, unknown>, ASYNC, 'promises.', '');
}

function wrapChildProcess(log: QuestionLog): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const target = require('node:child_process') as Record<string, unknown>;
  for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
    const original = target[name];
    if (typeof original !== 'function') continue;
    target[name] = function (this: unknown, ...args: unknown[]) {
      log.refuse('a process was started (its answer is not the file system’s)');
      return (original as AnyFn).apply(this, args);
    };
  }
}
