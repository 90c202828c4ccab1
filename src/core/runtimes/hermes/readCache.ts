// An on-disk cache of what Hermes's emulation derives from each SKILL.md it reads, so that a check of an
// unchanged tree neither reads nor re-parses its files (the PyYAML 1.1 emulation is most of a Hermes run).
//
// What is kept per file is the smallest thing that lets the rest of the emulation run unchanged: the text
// as Hermes reads it (findings place themselves in it, skill_view answers from it) and the outcome of each
// YAML load `parseFrontmatter` asked for (the whole file's, and skills_list's first 4000 characters' when
// that is a different text): the Python value and the keys' layout, or PyYAML's error. The fences, body and
// the fallback line splitter are re-derived from the text: they are cheap and deterministic.
//
// Python values get an explicit encoding (`encodePy`): arbitrary-precision ints as decimal strings, floats
// as JS's shortest round-trip text (NaN, ±inf and -0 included), dates, datetimes, bytes (base64), and
// lists, tuples, dicts and sets as containers numbered in first-visit order, so a value reached twice (a
// YAML alias) is one object again and a list that contains itself is rebuilt as that cycle.
//
// Keyed by the file's absolute path and stamp (mtime, ctime, size, inode, as src/core/check/cache.ts) and valid only
// for one format version, build salt and Hermes version (./versions.ts: the versions read a file
// differently, e.g. 780e0980 strips a leading BOM, so what one stored is never served to another). A stamp
// within RACY_MS of the moment the file was read is not trusted (a second write in the same timestamp tick
// would go unseen). Per local skills root and Hermes version a folder (so checking with two versions in
// turn does not make them evict each other) of 16 JSON shards (by a hash of the path), each written to a
// temporary file and renamed into place, only when one of its entries changed. A corrupt or foreign shard
// or entry is ignored (a warning) and rebuilt; an unreadable or unwritable folder turns the cache off for
// the run. Nothing here ever throws out.

import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomically } from '../../machine/atomicWrite';
import type { KeyLayout, KeyLayoutItem, YamlOutcome } from './read';
import { PyBytes, PyDate, PyDateTime, PyDict, PyFloat, PyInt, PyList, PySet, PyTuple, type PyValue } from './pyvalue';
import { HERMES_BASELINE, type HermesVersion } from './versions';
import { refuseKeeping } from '../../machine/keeping';

/** Bump when what the emulation derives from a file changes (read.ts, yaml11.ts, pyvalue.ts semantics). */
export const HERMES_READ_VERSION = 3;
/** The layout of the shards themselves. */
const FORMAT = 'hermes-read-1';
/** As ANALYSIS's cache (src/core/check/cache.ts RACY_MS): a stamp this close to the read is not trusted. */
export const RACY_MS = 2000;
const SHARDS = 16;
const PREFIX = 'hermes-read-';
const MAX_FOLDERS = 32;

export interface ReadCacheSettings {
  /** The cache folder (the CLI's `$XDG_CACHE_HOME/skill-author`). */
  dir: string;
  /** The build's identity: a different build never trusts what another one stored. */
  salt: string;
  /** `stderr`: warnings are printed as `skill-author: warning: …`; otherwise they are dropped. */
  warnings?: 'stderr';
}

export interface FileStamp {
  mtimeMs: number;
  ctimeMs: number;
  size: number;
  ino: number;
}

/** One file as stored: its text and the YAML loads parseFrontmatter asked for, in the order asked. */
export interface CachedRead {
  text: string;
  loads: YamlOutcome[];
}

/** A read as the cache keeps it: with the stamp it was read at, and its loads encoded. */
interface StoredRead {
  stamp: FileStamp;
  readAt: number;
  text: string;
  /** Encoded loads (JSON-ready), kept so an unchanged entry is written back without re-encoding. */
  loads: unknown[];
}

// ── Python values ──────────────────────────────────────────────────────────────────────────────────────

/** A Python value as JSON: see the header. Throws on anything that is not a PyValue. */
export function encodePy(root: PyValue): unknown {
  const ids = new Map<object, number>();
  const enc = (v: PyValue): unknown => {
    if (v === null || typeof v === 'boolean' || typeof v === 'string') return v;
    if (v instanceof PyInt) return ['i', v.value.toString()];
    if (v instanceof PyFloat) return ['f', Object.is(v.value, -0) ? '-0' : String(v.value)];
    if (v instanceof PyDate) return ['d', v.year, v.month, v.day];
    if (v instanceof PyDateTime) return ['t', v.year, v.month, v.day, v.hour, v.minute, v.second, v.microsecond, v.tzMinutes];
    if (v instanceof PyBytes) return ['b', Buffer.from(v.bytes).toString('base64')];
    const seen = ids.get(v);
    if (seen !== undefined) return ['r', seen];
    const id = ids.size;
    if (v instanceof PyList || v instanceof PyTuple || v instanceof PySet) {
      ids.set(v, id);
      return [v instanceof PyList ? 'L' : v instanceof PyTuple ? 'T' : 'S', v.items.map(enc)];
    }
    if (v instanceof PyDict) {
      ids.set(v, id);
      const kv: unknown[] = [];
      for (let i = 0; i < v.keys.length; i++) kv.push(enc(v.keys[i] ?? null), enc(v.values[i] ?? null));
      return ['D', kv];
    }
    throw new Error(`not a Python value: ${Object.prototype.toString.call(v)}`);
  };
  return enc(root);
}

class Corrupt extends Error {}

function num(v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Corrupt('a number was expected');
  return v;
}

/** The inverse of `encodePy`. Throws `Corrupt` on anything it did not write. Containers are numbered as
 *  the encoder numbered them (first visit, depth first), and created before their items are decoded, so a
 *  reference back to an enclosing container finds it. */
export function decodePy(root: unknown): PyValue {
  const objs: PyValue[] = [];
  const dec = (x: unknown): PyValue => {
    if (x === null || typeof x === 'boolean' || typeof x === 'string') return x;
    if (!Array.isArray(x) || typeof x[0] !== 'string') throw new Corrupt('malformed value');
    const a = x as unknown[];
    switch (a[0]) {
      case 'i':
        if (typeof a[1] !== 'string' || !/^-?\d+$/.test(a[1])) throw new Corrupt('malformed int');
        return new PyInt(BigInt(a[1]));
      case 'f': {
        if (typeof a[1] !== 'string') throw new Corrupt('malformed float');
        const f = Number(a[1]);
        if (Number.isNaN(f) && a[1] !== 'NaN') throw new Corrupt('malformed float');
        return new PyFloat(f);
      }
      case 'd':
        return new PyDate(num(a[1]), num(a[2]), num(a[3]));
      case 't':
        return new PyDateTime(num(a[1]), num(a[2]), num(a[3]), num(a[4]), num(a[5]), num(a[6]), num(a[7]), a[8] === null ? null : num(a[8]));
      case 'b':
        if (typeof a[1] !== 'string') throw new Corrupt('malformed bytes');
        return new PyBytes(new Uint8Array(Buffer.from(a[1], 'base64')));
      case 'r': {
        const i = a[1];
        if (typeof i !== 'number' || !(i in objs)) throw new Corrupt('dangling reference');
        return objs[i] ?? null;
      }
      case 'L':
      case 'T':
      case 'S': {
        if (!Array.isArray(a[1])) throw new Corrupt('malformed container');
        const items: PyValue[] = [];
        const c = a[0] === 'L' ? new PyList(items) : a[0] === 'T' ? new PyTuple(items) : new PySet(items);
        objs.push(c);
        for (const it of a[1] as unknown[]) items.push(dec(it));
        return c;
      }
      case 'D': {
        const kv = a[1];
        if (!Array.isArray(kv) || kv.length % 2) throw new Corrupt('malformed dict');
        const d = new PyDict();
        objs.push(d);
        for (let i = 0; i < kv.length; i += 2) {
          const k = dec(kv[i]);
          d.set(k, dec(kv[i + 1]));
        }
        if (d.keys.length * 2 !== kv.length) throw new Corrupt('a dict with repeated keys');
        return d;
      }
      default:
        throw new Corrupt('unknown value tag');
    }
  };
  return dec(root);
}

function encodeOutcome(o: YamlOutcome): unknown {
  return o.ok ? { v: encodePy(o.value), l: o.layout } : { e: o.message, o: o.offset };
}

function isRange(r: unknown): boolean {
  return r === null || (Array.isArray(r) && r.length === 2 && typeof r[0] === 'number' && typeof r[1] === 'number');
}

function checkLayout(l: unknown, depth = 0): KeyLayout {
  if (!Array.isArray(l) || depth > 10_000) throw new Corrupt('malformed layout');
  for (const it of l as unknown[]) {
    const i = it as Partial<KeyLayoutItem> | null;
    if (!i || typeof i !== 'object' || typeof i.key !== 'string' || !isRange(i.keyRange) || !isRange(i.valueRange)) throw new Corrupt('malformed layout');
    if (i.value !== null) checkLayout(i.value, depth + 1);
  }
  return l as KeyLayout;
}

function decodeOutcome(x: unknown): YamlOutcome {
  const o = x as { v?: unknown; l?: unknown; e?: unknown; o?: unknown } | null;
  if (!o || typeof o !== 'object') throw new Corrupt('malformed load');
  if ('e' in o) {
    if (typeof o.e !== 'string' || typeof o.o !== 'number') throw new Corrupt('malformed load');
    return { ok: false, message: o.e, offset: o.o };
  }
  if (!('v' in o)) throw new Corrupt('malformed load');
  return { ok: true, value: decodePy(o.v), layout: checkLayout(o.l) };
}

// ── the cache ──────────────────────────────────────────────────────────────────────────────────────────

function shardOf(file: string): number {
  let h = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < file.length; i++) h = Math.imul(h ^ file.charCodeAt(i), 0x01000193);
  return (h >>> 0) % SHARDS;
}

export interface ReadCacheCounters {
  /** Files served from the cache (not read, not parsed). */
  hits: number;
  /** Files read and parsed (not in the cache, changed, or too recent to trust). */
  misses: number;
  /** Shards written. */
  writes: number;
}

export class HermesReadCache {
  readonly counters: ReadCacheCounters = { hits: 0, misses: 0, writes: 0 };
  private readonly folder: string;
  private readonly version: string;
  /** What the shards on disk hold (by shard), as loaded. */
  private readonly stored: Array<Map<string, StoredRead>> = Array.from({ length: SHARDS }, () => new Map());
  /** What this run saw: entries served or made, by file. */
  private readonly seen = new Map<string, StoredRead>();
  private off = false;
  private readonly warned = new Set<string>();

  constructor(
    private readonly settings: ReadCacheSettings,
    root: string,
    hermesVersion: HermesVersion = HERMES_BASELINE,
  ) {
    this.version = createHash('sha1').update(`${FORMAT}\0${HERMES_READ_VERSION}\0${settings.salt}\0${hermesVersion}`).digest('base64');
    const id = `${path.resolve(root)}\0${hermesVersion}`;
    this.folder = path.join(settings.dir, `${PREFIX}${createHash('sha1').update(id).digest('hex').slice(0, 20)}`);
    for (let i = 0; i < SHARDS; i++) this.loadShard(i);
  }

  private warn(kind: string, message: string): void {
    if (this.warned.has(kind)) return;
    this.warned.add(kind);
    // What the cache says is not an answer of the file system: a run that printed it is not kept.
    refuseKeeping('the read cache warned');
    if (this.settings.warnings === 'stderr') process.stderr.write(`skill-author: warning: ${message}\n`);
  }

  private shardFile(i: number): string {
    return path.join(this.folder, `shard-${String(i).padStart(2, '0')}.json`);
  }

  private loadShard(i: number): void {
    if (this.off) return;
    const file = this.shardFile(i);
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      this.disable('read', e);
      return;
    }
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      this.warn('corrupt', `Hermes's read cache file ${file} is corrupt (not JSON); it was ignored and will be rebuilt`);
      return;
    }
    const d = doc as { format?: unknown; version?: unknown; entries?: unknown } | null;
    if (!d || typeof d !== 'object' || d.format !== FORMAT || typeof d.entries !== 'object' || d.entries === null || Array.isArray(d.entries)) {
      this.warn('corrupt', `Hermes's read cache file ${file} is not one of ours (or corrupt); it was ignored and will be rebuilt`);
      return;
    }
    // Another build's (or version's) entries: silently not trusted, replaced on save.
    if (d.version !== this.version) return;
    const into = this.stored[i] as Map<string, StoredRead>;
    for (const [f, raw] of Object.entries(d.entries as Record<string, unknown>)) {
      const r = raw as { m?: unknown; c?: unknown; s?: unknown; i?: unknown; t?: unknown; x?: unknown; y?: unknown } | null;
      if (
        !r ||
        typeof r !== 'object' ||
        typeof r.m !== 'number' ||
        typeof r.c !== 'number' ||
        typeof r.s !== 'number' ||
        typeof r.i !== 'number' ||
        typeof r.t !== 'number' ||
        typeof r.x !== 'string' ||
        !Array.isArray(r.y) ||
        shardOf(f) !== i
      ) {
        this.warn('corrupt', `Hermes's read cache file ${file} holds a malformed entry; it was ignored and will be rebuilt`);
        continue;
      }
      into.set(f, { stamp: { mtimeMs: r.m, ctimeMs: r.c, size: r.s, ino: r.i }, readAt: r.t, text: r.x, loads: r.y as unknown[] });
    }
  }

  private disable(what: 'read' | 'write', e: unknown): void {
    this.off = true;
    this.warn(
      `off-${what}`,
      `cannot ${what} Hermes's read cache in ${this.folder} (${(e as Error).message ?? String(e)}); files are read without it for this run`,
    );
  }

  /** The stored read of `file` when its stamp is the one stored and old enough to trust, else null. A
   *  stored entry that cannot be decoded counts as absent (with a warning). */
  lookup(file: string, stamp: FileStamp): CachedRead | null {
    const e = this.stored[shardOf(file)]?.get(file);
    if (!e) return null;
    const s = e.stamp;
    if (s.mtimeMs !== stamp.mtimeMs || s.ctimeMs !== stamp.ctimeMs || s.size !== stamp.size || s.ino !== stamp.ino) return null;
    if (!(Math.max(stamp.mtimeMs, stamp.ctimeMs) < e.readAt - RACY_MS)) return null;
    try {
      const loads = e.loads.map(decodeOutcome);
      this.seen.set(file, e);
      this.counters.hits++;
      return { text: e.text, loads };
    } catch (err) {
      if (!(err instanceof Corrupt)) throw err;
      this.warn('corrupt', `Hermes's read cache in ${this.folder} holds a malformed entry (${err.message}); it was ignored and will be rebuilt`);
      return null;
    }
  }

  /** A file just read and parsed: `stamp` taken before the read, `readAt` before the stat. A value the
   *  encoding cannot hold leaves the file out of the cache (it is read again next time). */
  store(file: string, stamp: FileStamp, readAt: number, read: CachedRead): void {
    this.counters.misses++;
    let loads: unknown[];
    try {
      loads = read.loads.map(encodeOutcome);
    } catch {
      return;
    }
    this.seen.set(file, { stamp, readAt, text: read.text, loads });
  }

  /** Writes the shards whose entries differ from what was loaded: the files of this run, no others.
   *  Never throws. */
  save(): void {
    if (this.off) return;
    const now: Array<Map<string, StoredRead>> = Array.from({ length: SHARDS }, () => new Map());
    for (const [f, e] of this.seen) now[shardOf(f)]?.set(f, e);
    let made = false;
    for (let i = 0; i < SHARDS; i++) {
      const before = this.stored[i] as Map<string, StoredRead>;
      const after = now[i] as Map<string, StoredRead>;
      if (before.size === after.size && [...after].every(([f, e]) => before.get(f) === e)) continue;
      const file = this.shardFile(i);
      try {
        if (!made) {
          fs.mkdirSync(this.folder, { recursive: true });
          made = true;
        }
        if (after.size === 0) fs.rmSync(file, { force: true });
        else writeFileAtomically(file, shardText(this.version, after));
      } catch (e) {
        this.disable('write', e);
        return;
      }
      this.counters.writes++;
      this.stored[i] = after;
    }
    if (made) this.prune();
  }

  /** Keep the most recently written folders only (best effort). */
  private prune(): void {
    try {
      const names = fs.readdirSync(this.settings.dir).filter((n) => n.startsWith(PREFIX));
      if (names.length <= MAX_FOLDERS) return;
      const dated = names.map((n) => {
        const p = path.join(this.settings.dir, n);
        let t = 0;
        try {
          t = fs.statSync(p).mtimeMs;
        } catch {
          // gone already
        }
        return { p, t };
      });
      dated.sort((a, b) => b.t - a.t);
      for (const d of dated.slice(MAX_FOLDERS)) if (d.p !== this.folder) fs.rmSync(d.p, { recursive: true, force: true });
    } catch {
      // pruning is best effort
    }
  }
}

function shardText(version: string, entries: Map<string, StoredRead>): string {
  const parts: string[] = [];
  for (const [f, e] of entries) {
    parts.push(
      `${JSON.stringify(f)}:{"m":${JSON.stringify(e.stamp.mtimeMs)},"c":${JSON.stringify(e.stamp.ctimeMs)},"s":${e.stamp.size},"i":${e.stamp.ino},"t":${e.readAt},"x":${JSON.stringify(e.text)},"y":${JSON.stringify(e.loads)}}`,
    );
  }
  return `{"format":${JSON.stringify(FORMAT)},"version":${JSON.stringify(version)},"entries":{${parts.join(',\n')}}}\n`;
}
