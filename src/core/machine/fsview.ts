// The file system as one run of a runtime's emulation sees it: real paths, lstat/stat results and folder
// listings, each asked of the system once per run. The runtimes ask again and again — OpenClaw 2026.9.6
// resolves every candidate folder's real path for the root check, then for its SKILL.md's check, then in the
// reader, and lists a grouped folder once per path that reaches it; Hermes lists every folder of a root for its
// discovery, again for skill_view's `rglob` of `*.md`, and a skill's `references/` once more for its linked
// files — but the answers depend only on the tree, which a run takes as fixed: asked once, each is what the
// runtime would get every time. On 2,000 skills this took OpenClaw's discovery from ~4 system calls per
// candidate folder to one lstat (the folder's real path follows from its parent's when the listing says it is
// a plain folder).
//
// A view lives for one run (openclaw/emulate.ts, hermes/emulate.ts) and is passed to whatever reads the tree
// for it; without one (a caller outside a run) every question goes to the system.

import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

type StatResult = fs.Stats | NodeJS.ErrnoException;
type Kind = 'dir' | 'file' | 'other';

/** Where a folder's listing answers whether a name is in it: a case-sensitive file system, as Linux's are
 *  (elsewhere a name in another case may exist although the listing spells it otherwise). */
const LISTING_ANSWERS = process.platform === 'linux';

/** A `//`, a `.` or `..` segment, or a trailing `/`: a POSIX path that `path.join` or `path.resolve` would
 *  change. */
export const NOT_NORMAL = /\/\/|\/\.\.?(?:\/|$)|.\/$/;

/** Whether `path.join(dir, name)` is `${dir}/${name}` for any name a listing gives (no `/`, not `.` or `..`):
 *  an absolute POSIX folder already in normal form, other than `/`. */
function joinsPlainly(dir: string): boolean {
  return path.sep === '/' && dir.length > 1 && dir.charCodeAt(0) === 47 && !NOT_NORMAL.test(dir);
}

function asError(err: unknown): NodeJS.ErrnoException {
  return err instanceof Error ? err : Object.assign(new Error(String(err)), { code: '' });
}

/** What `p` is, links followed, from one `stat` that throws nothing for a missing path. */
function kindOfStat(p: string): Kind | null {
  try {
    const st = fs.statSync(p, { throwIfNoEntry: false });
    return st === undefined ? null : st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'other';
  } catch {
    return null;
  }
}

/** `path.join(dir, name)` for the names a listing of `dir` gives. */
export function joinerIn(dir: string): (name: string) => string {
  if (joinsPlainly(dir)) return (name) => `${dir}/${name}`;
  return (name) => path.join(dir, name);
}

/** What a run of a runtime asked of the file system and what it got, in the order asked: enough to tell,
 *  later, whether the same run would get the same answers (`stillHolds`), and so whether what it computed
 *  still holds. Each entry is [question, path, answer]; an answer is a real path, a kind, a link's target,
 *  or a stat's identity (type, inode, size, times: anything that changes when the file is written, moved or
 *  replaced), or the error code. A folder's listing is recorded as the folder's identity, taken before it
 *  was read: adding, removing or renaming an entry changes a folder's modification time (POSIX), so an
 *  unchanged identity means an unchanged listing, and checking it is one stat instead of a read.
 *
 *  An identity whose times fall within a clock tick or two of the run cannot vouch for what the run saw (a second
 *  write in the same tick leaves it unchanged): `FsView.settled` records those by what was seen instead — a
 *  folder by its names and types (`entries`), a file read by a hash of its bytes (`content`), a stat by the
 *  type, permissions and size the run used (`shape`, `lshape`; what the file holds is its read's). */
export type FsObservation = [
  question: 'real' | 'lstat' | 'stat' | 'list' | 'kind' | 'link' | 'read' | 'entries' | 'shape' | 'lshape' | 'content',
  path: string,
  answer: string,
];

const IDENTITY = /^(\d+):\d+:(\d+):([\d.]+):([\d.]+)$/;

/** A stat's identity as recorded (see FsObservation). */
function identity(st: fs.Stats): string {
  return `${st.mode}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
}

function errorAnswer(err: unknown): string {
  return `!${(err as NodeJS.ErrnoException).code ?? 'error'}`;
}

/** A folder's names and types as a listing gives them. */
function listingAnswer(entries: readonly fs.Dirent[] | null): string {
  if (!entries) return '!';
  let out = '';
  for (const e of entries) out += `${e.isDirectory() ? 'd' : e.isFile() ? 'f' : e.isSymbolicLink() ? 'l' : 'o'}${e.name}\0`;
  return out;
}

const hashOf = (bytes: Buffer): string => `#${createHash('sha1').update(bytes).digest('hex')}`;

/** A folder's identity (links followed, as a listing follows them), or the error code. */
function folderAnswer(dir: string): string {
  try {
    return identity(fs.statSync(dir));
  } catch (err) {
    return errorAnswer(err);
  }
}

/** The answer the system gives now to a recorded question. */
function answerNow(question: FsObservation[0], p: string): string {
  switch (question) {
    case 'real':
      try {
        return fs.realpathSync.native(p);
      } catch {
        return '!';
      }
    case 'lstat':
    case 'stat':
      try {
        return identity(question === 'lstat' ? fs.lstatSync(p) : fs.statSync(p));
      } catch (err) {
        return errorAnswer(err);
      }
    case 'list':
      return folderAnswer(p);
    case 'kind':
      return kindOfStat(p) ?? '!';
    case 'link':
      try {
        return fs.readlinkSync(p);
      } catch (err) {
        return errorAnswer(err);
      }
    case 'read':
      return readAnswer(p);
    case 'entries':
      try {
        return listingAnswer(fs.readdirSync(p, { withFileTypes: true }));
      } catch {
        return '!';
      }
    case 'shape':
    case 'lshape':
      try {
        const st = question === 'lshape' ? fs.lstatSync(p) : fs.statSync(p);
        return `${st.mode}:${st.size}`;
      } catch (err) {
        return errorAnswer(err);
      }
    case 'content':
      try {
        return hashOf(fs.readFileSync(p));
      } catch (err) {
        return errorAnswer(err);
      }
  }
}

/** A file read whole: its stat's identity, or, for what reports no size (the kernel's /proc files, an
 *  empty file), a hash of what it holds. */
function readAnswer(p: string, bytes?: Buffer): string {
  try {
    const st = fs.statSync(p);
    if (st.size > 0 || !st.isFile()) return identity(st);
    return hashOf(bytes ?? fs.readFileSync(p));
  } catch (err) {
    return errorAnswer(err);
  }
}

/** Whether every recorded question still gets the recorded answer (asked in the recorded order; stops at the
 *  first that does not). */
export function stillHolds(observations: readonly FsObservation[]): boolean {
  for (const [question, p, answer] of observations) if (answerNow(question, p) !== answer) return false;
  return true;
}

export interface FsViewOptions {
  /** Keep every question asked of the system and its answer in `observations`. */
  record?: boolean;
}

export class FsView {
  /** With `record`: what the system was asked, in order (see FsObservation). */
  readonly observations: FsObservation[] | null;

  constructor(options: FsViewOptions = {}) {
    this.observations = options.record ? [] : null;
  }

  private note(question: FsObservation[0], p: string, answer: string): void {
    this.observations?.push([question, p, answer]);
  }

  /** With `record`: a hash of the bytes of each file read, for `settled`. */
  private readonly contents = new Map<string, string>();

  /**
   * The observations, each whose recorded times are not older than `since` (ms since the epoch) replaced by
   * what the run saw (see FsObservation); null when something seen cannot be told again (not recording).
   */
  settled(since: number): FsObservation[] | null {
    if (!this.observations) return null;
    const out: FsObservation[] = [];
    for (const o of this.observations) {
      const [question, p, answer] = o;
      const m = IDENTITY.exec(answer);
      if (!m || Math.max(Number(m[3]), Number(m[4])) < since) {
        out.push(o);
        continue;
      }
      if (question === 'list') {
        const entries = this.plainListings.get(p) ?? this.listings.get(p);
        if (entries === undefined) return null;
        out.push(['entries', p, listingAnswer(entries)]);
      } else if (question === 'stat' || question === 'lstat') {
        out.push([question === 'stat' ? 'shape' : 'lshape', p, `${m[1]}:${m[2]}`]);
      } else if (question === 'read') {
        const hash = this.contents.get(p);
        if (hash === undefined) return null;
        out.push(['content', p, hash]);
      } else return null;
    }
    return out;
  }

  /** `stat(p)` asked once: its result, or the error it threw thrown again. */
  private remembered(memo: Map<string, StatResult>, p: string, question: 'lstat' | 'stat'): fs.Stats {
    let r = memo.get(p);
    if (r === undefined) {
      try {
        r = question === 'lstat' ? fs.lstatSync(p) : fs.statSync(p);
        this.note(question, p, identity(r));
      } catch (err) {
        r = asError(err);
        this.note(question, p, errorAnswer(err));
      }
      memo.set(p, r);
    }
    if (r instanceof Error) throw r;
    return r;
  }

  /** `readdirSync` with file types asked once per key (null when it failed). */
  private listOnce(memo: Map<string, fs.Dirent[] | null>, dir: string): fs.Dirent[] | null {
    let entries = memo.get(dir);
    if (entries === undefined) {
      // Taken first: a folder changed after it still differs from what is recorded.
      if (this.observations) this.note('list', dir, folderAnswer(dir));
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        entries = null;
      }
      memo.set(dir, entries);
    }
    return entries;
  }

  /** `fs.readFileSync(p)` (asked every time; throws what it throws). */
  readFile(p: string): Buffer {
    if (!this.observations) return fs.readFileSync(p);
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(p);
    } catch (err) {
      this.note('read', p, errorAnswer(err));
      throw err;
    }
    this.note('read', p, readAnswer(p, bytes));
    this.contents.set(p, hashOf(bytes));
    return bytes;
  }

  /** `fs.readlinkSync(p)` (throws what it throws). */
  readlink(p: string): string {
    let target: string;
    try {
      target = fs.readlinkSync(p);
    } catch (err) {
      this.note('link', p, errorAnswer(err));
      throw err;
    }
    this.note('link', p, target);
    return target;
  }

  private readonly reals = new Map<string, string | null>();
  private readonly lstats = new Map<string, StatResult>();
  private readonly stats = new Map<string, StatResult>();
  private readonly listings = new Map<string, fs.Dirent[] | null>();
  private readonly plainListings = new Map<string, fs.Dirent[] | null>();
  private readonly texts = new Map<string, { text: string; size: number }>();

  /** A file the run read whole (`size` bytes), for whoever reads it again in the same run. */
  rememberText(p: string, text: string, size: number): void {
    this.texts.set(p, { text, size });
  }

  /** The text of `p` when the run read it whole and it is at most `maxBytes` long (what reading it again with
   *  that limit gives). */
  textOf(p: string, maxBytes: number): string | undefined {
    const t = this.texts.get(p);
    return t && t.size <= maxBytes ? t.text : undefined;
  }

  /** `fs.realpathSync.native`, null when it fails. */
  realpath(p: string): string | null {
    const known = this.reals.get(p);
    if (known !== undefined) return known;
    let real: string | null | undefined = this.realFromListing(p);
    if (real === undefined) {
      try {
        real = fs.realpathSync.native(p);
      } catch {
        real = null;
      }
      this.note('real', p, real ?? '!');
    }
    this.reals.set(p, real);
    return real;
  }

  /** The real path of `p` without asking the system, when its folder was listed in this run and the listing
   *  shows an entry that is not a link: the folder's real path plus the name (Hermes resolves every skill's
   *  path; its discovery has listed each folder already). Undefined when that cannot be told. */
  private realFromListing(p: string): string | undefined {
    if (!LISTING_ANSWERS || p.charCodeAt(0) !== 47 || NOT_NORMAL.test(p)) return undefined;
    const slash = p.lastIndexOf('/');
    if (slash <= 0) return undefined;
    const dir = p.slice(0, slash);
    const entries = this.plainListings.get(dir);
    const e = entries ? this.entryNamed(entries, p.slice(slash + 1)) : undefined;
    if (!e || e.isSymbolicLink()) return undefined;
    const parent = this.realpath(dir);
    if (parent === null) return undefined;
    return parent === '/' ? `/${e.name}` : `${parent}/${e.name}`;
  }

  private entryNamed(entries: fs.Dirent[], name: string): fs.Dirent | undefined {
    let names = this.byName.get(entries);
    if (!names) this.byName.set(entries, (names = new Map(entries.map((e) => [e.name, e]))));
    return names.get(name);
  }

  /** `fs.lstatSync`, throwing the error it threw. */
  lstat(p: string): fs.Stats {
    return this.remembered(this.lstats, p, 'lstat');
  }

  /** `fs.lstatSync(path.join(dir, name))` for its error code and type only (an error's message may name
   *  another spelling of the path): when `dir`'s real path is known, the entry is looked up there, so a folder
   *  reached by several paths is asked once. */
  lstatIn(dir: string, name: string): fs.Stats {
    return this.lstat(this.inReal(dir, name));
  }

  /** `fs.statSync(path.join(dir, name))` as `lstatIn` does it: for its type only. */
  statIn(dir: string, name: string): fs.Stats {
    return this.stat(this.inReal(dir, name));
  }

  /** `dir/name` inside `dir`'s real path when that is known (a real path is in normal form). */
  private inReal(dir: string, name: string): string {
    const real = this.reals.get(dir);
    return real && real.length > 1 && path.sep === '/' ? `${real}/${name}` : path.join(real ?? dir, name);
  }

  /** `fs.statSync` (links followed), throwing the error it threw; an lstat already made of something that is
   *  not a link answers it. */
  stat(p: string): fs.Stats {
    const l = this.lstats.get(p);
    if (l !== undefined && !(l instanceof Error) && !l.isSymbolicLink()) return l;
    return this.remembered(this.stats, p, 'stat');
  }

  /** `fs.readdirSync(dir, { withFileTypes: true })` of the path as given (no real path resolved), null when it
   *  fails. */
  readdir(dir: string): fs.Dirent[] | null {
    return this.listOnce(this.plainListings, dir);
  }

  /** `fs.existsSync`: whether `stat` (links followed) succeeds. */
  exists(p: string): boolean {
    return this.kind(p) !== null;
  }

  /** `Path.is_dir()`: a folder, links followed; false on any error. */
  isDir(p: string): boolean {
    return this.kind(p) === 'dir';
  }

  /** `Path.is_file()`: a regular file, links followed; false on any error. */
  isFile(p: string): boolean {
    return this.kind(p) === 'file';
  }

  private readonly kinds = new Map<string, Kind | null>();
  private readonly byName = new WeakMap<fs.Dirent[], Map<string, fs.Dirent>>();

  /** What `p` is, links followed (null: nothing there, or it cannot be looked at). A path whose folder was
   *  already listed in this run is answered from the listing (no system call, no error thrown for a missing
   *  entry); anything else is one quiet `stat`. */
  protected kind(p: string): Kind | null {
    const known = this.kinds.get(p);
    if (known !== undefined) return known;
    let k: Kind | null | undefined;
    if (LISTING_ANSWERS && p.charCodeAt(0) === 47 && !NOT_NORMAL.test(p)) {
      const slash = p.lastIndexOf('/');
      const entries = this.plainListings.get(slash === 0 ? '/' : p.slice(0, slash));
      if (entries) {
        const e = this.entryNamed(entries, p.slice(slash + 1));
        if (!e) k = null;
        else if (!e.isSymbolicLink()) k = e.isDirectory() ? 'dir' : e.isFile() ? 'file' : 'other';
      }
    }
    if (k === undefined) {
      k = kindOfStat(p);
      this.note('kind', p, k ?? '!');
    }
    this.kinds.set(p, k);
    return k;
  }

  /**
   * The entries of folder `dir` (`readdirSync` with file types) after resolving its real path, as 2026.9.6's
   * walker does; null when either fails. A folder reached by several paths (a link, a loop) is read once.
   * The real path of each plain sub-folder is derived from the folder's (a folder that is not a link
   * resolves to its parent's real path plus its name), so resolving it later costs nothing.
   */
  listDir(dir: string): fs.Dirent[] | null {
    const real = this.realpath(dir);
    if (real === null) return null;
    const entries = this.listOnce(this.listings, real);
    // POSIX only: elsewhere a drive letter or a name's case may come back from the system spelled otherwise.
    if (entries && path.sep === '/') {
      const join = joinerIn(dir);
      const realPrefix = real === '/' ? '/' : `${real}/`;
      for (const e of entries) {
        if (!e.isDirectory()) continue;
        const child = join(e.name);
        if (!this.reals.has(child)) this.reals.set(child, realPrefix + e.name);
      }
    }
    return entries;
  }
}

/** A view that remembers nothing: every question goes to the system (what the runtimes themselves do; the
 *  tests compare a run through it with one through FsView). */
export class UncachedFsView extends FsView {
  override realpath(p: string): string | null {
    try {
      return fs.realpathSync.native(p);
    } catch {
      return null;
    }
  }
  override lstat(p: string): fs.Stats {
    return fs.lstatSync(p);
  }
  override rememberText(): void {
    // remembers nothing
  }
  override textOf(): string | undefined {
    return undefined;
  }
  override lstatIn(dir: string, name: string): fs.Stats {
    return fs.lstatSync(path.join(dir, name));
  }
  override statIn(dir: string, name: string): fs.Stats {
    return fs.statSync(path.join(dir, name));
  }
  override stat(p: string): fs.Stats {
    return fs.statSync(p);
  }
  protected override kind(p: string): Kind | null {
    return kindOfStat(p);
  }
  override readdir(dir: string): fs.Dirent[] | null {
    try {
      return fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return null;
    }
  }
  override listDir(dir: string): fs.Dirent[] | null {
    try {
      fs.realpathSync.native(dir);
      return fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return null;
    }
  }
}
