// The analysis cache: what `analyzeSkill` produced for each SKILL.md, kept so an unchanged file is never
// read or parsed twice. Two layers share one map of entries:
// - in-process: per file, keyed by its stamp (mtime, ctime, size, inode), for one run of the CLI;
// - on disk: a snapshot per set of checked roots (`$XDG_CACHE_HOME/skill-author/`), validated entry by entry against the stamps the catalog's walk already took, so
//   a second `skill-author check` of an unchanged tree reads no SKILL.md at all. A snapshot is a folder of
//   16 shards by path, each written atomically (temp file + rename), and only the shards that changed are
//   rewritten.
//
// One source of truth: an entry holds what `analyzeSkill` returned (minus the text-sized fields), never a
// re-derivation. Analyses are handed out in the same restored form whether they were computed just now or
// loaded from disk, so a cold and a warm run print the same thing by construction. The text-sized fields
// (`text`, `index`, `yaml`, `body`) are not stored: they are rebuilt on first access by reading and
// analyzing the file again (only `index --format nexo` and `banner --render` need a body).
//
// Invalidation: a file whose stamp changed is read again; if its bytes hash the same (a `touch`, a checkout
// that rewrote identical content) the stored result is reused without parsing, else it is analyzed anew.
// A file absent from a check's catalog is dropped from that snapshot. A different engine (ANALYSIS_VERSION,
// the schema, the host's build id) invalidates every entry. A stamp is trusted only when the file was
// already older than RACY_MS when it was read: a write in the same timestamp tick as our read (coarse
// file-system clocks: 1–2 s on FAT/HFS+) could otherwise leave the stamp unchanged ("racy git").
// Version probes are never stored: a binary can change without any SKILL.md changing.
//
// Failures never stop a check: a corrupt snapshot is ignored and rebuilt; an unreadable or unwritable cache
// folder turns the disk layer off. Either is reported once through `onWarning` (the engine never prints).

import { createHash, randomBytes } from 'node:crypto';
import * as path from 'node:path';
import { analyzeSkill, type SkillAnalysis } from './analyze';
import {
  asyncIo,
  type FileStamp,
  readSkillFile,
  readSkillFileSync,
  sameStamp,
  type SkillFileRead,
  stampOf,
  type SkillFileText,
  type SkillIo,
} from '../skill/catalog';
import { EMPTY_NEXO } from '../runtimes/nexo/metadata';
import { NO_REQUIREMENTS } from '../runtimes/nexo/requirements';
import { frontmatterSchema } from '../skill/schema';
import { LineIndex, makeDiagnostic } from '../skill/text';

/** Bump whenever `analyzeSkill` (or anything it calls) may produce a different result for the same text. */
export const ANALYSIS_VERSION = 6;
const FORMAT = 'skill-author/analysis-cache';
/** A stamp within this many ms of the moment the file was read is not trusted (see the header). */
export const RACY_MS = 2000;
const SNAPSHOT_PREFIX = 'snapshot-';
const DEFAULT_MAX_SNAPSHOTS = 32;

/** What the runtime makes of a file that could be read or not: one analysis, cached or not. */
export function analyzeSkillFile(read: SkillFileText, file: string): SkillAnalysis {
  const dirName = path.basename(path.dirname(file));
  if (read.text === null || read.problem) {
    const text = read.text ?? '';
    const analysis = analyzeSkill(read.problem?.code === 'file-encoding' ? '' : text, { dirName });
    // The runtime cannot use the file at all: report that as the one finding that matters.
    const index = new LineIndex(analysis.text);
    analysis.diagnostics.length = 0;
    analysis.diagnostics.push(
      makeDiagnostic(index, {
        code: read.problem?.code ?? 'file-unreadable',
        severity: 'error',
        message: read.problem?.message ?? 'cannot be read',
        start: 0,
        end: 0,
      }),
    );
    analysis.loadable = false;
    return analysis;
  }
  return analyzeSkill(read.text, { dirName });
}

/** One SKILL.md read, hashed and analyzed, in the form that crosses a thread boundary (the CLI's worker
 *  threads, src/cli/workers.ts): what `AnalysisCache.analyze` would have made of the read, as its record. */
export interface FreshAnalysis {
  /** When the file was read (ms since the epoch). */
  readAt: number;
  stamp: FileStamp;
  hash: string;
  /** The analysis record as JSON, exactly as `analyze` stores it. */
  json: string;
}

/** What `analyze` does with a file it must read, done anywhere (`readSkillFileSync`). Null when the file
 *  could not be opened, or its record does not survive JSON: the caller then reads and analyzes it itself,
 *  as it always has (such files are rare, and a second read is a race the caller handles anyway). */
export function readAndAnalyze(file: string, io: SkillIo, now: () => number = Date.now): FreshAnalysis | null {
  const readAt = now();
  const got = readSkillFileSync(file, io);
  if (!got.stamp) return null;
  const fresh = analyzeSkillFile(got.read, file);
  if (!recordIsJsonSafe(fresh)) return null;
  return { readAt, stamp: got.stamp, hash: hashOf(got), json: JSON.stringify(toRecord(fresh)) };
}

function hashOf(got: SkillFileRead): string {
  return got.bytes ? createHash('sha1').update(got.bytes).digest('base64') : `${got.read.problem?.code ?? 'none'}:${got.stamp?.size}`;
}

/** Analyses made elsewhere for one `checkPaths` (the CLI's worker threads), handed to `analyze`. */
export interface OffThreadRun {
  /** Called once for a file `analyze` must read: the result made elsewhere, or null when this thread is to
   *  read and analyze it itself (the file is not in the run, is now claimed by this thread, or failed there). */
  take(file: string): Promise<FreshAnalysis | null> | null;
  /** The run is over: stop whatever is still running. */
  close(): void;
}

/** Starts an `OffThreadRun` for the files a check must read and analyze, or declines (null): too few to pay
 *  for it, or turned off. */
export interface OffThreadAnalyzer {
  start(files: readonly string[]): OffThreadRun | null;
}

// ---------------------------------------------------------------------------------------------------------
// Records: a SkillAnalysis as JSON

/** Rebuilt from the file on first access, never stored. */
type LazyKeys = ['text', 'index', 'yaml', 'body'];
/** Stored as analyzeSkill returned them. */
export const STORED_KEYS = [
  'dirName',
  'bom',
  'runtimeSplit',
  'split',
  'data',
  'nexo',
  'nexoFailure',
  'frontmatterEffective',
  'requirements',
  'loadable',
  'textBlank',
  'displayName',
  'description',
  'diagnostics',
  'links',
] as const;
type StoredKey = (typeof STORED_KEYS)[number];
type LazyKey = LazyKeys[number];
// Compile-time guard: a field added to SkillAnalysis must be listed above (stored or lazy).
const everyFieldCovered: Exclude<keyof SkillAnalysis, StoredKey | LazyKey> extends never ? true : false = true;
void everyFieldCovered;

/** The stored form. `0` marks the shared empty constants (and `split` identical to `runtimeSplit`). */
type AnalysisRecord = { [K in StoredKey]: unknown };

function toRecord(a: SkillAnalysis): AnalysisRecord {
  const r = {} as AnalysisRecord;
  for (const k of STORED_KEYS) r[k] = a[k];
  if (a.nexo === EMPTY_NEXO) r.nexo = 0;
  if (a.requirements === NO_REQUIREMENTS) r.requirements = 0;
  if (a.split === a.runtimeSplit) r.split = 0;
  return r;
}

/** True when JSON.stringify → JSON.parse gives the value back (object fields that are undefined come back
 *  absent, which reads the same): no NaN, ±Infinity, -0, bigint, undefined array items, or objects other
 *  than plain ones. Only the free-form parts need the check (the frontmatter's values, diagnostics' data);
 *  everything else is strings, booleans, nulls and integer offsets by construction. */
function jsonSafe(v: unknown, depth = 0): boolean {
  if (depth > 256) return false;
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'undefined':
      return depth > 0;
    case 'number':
      return Number.isFinite(v) && !Object.is(v, -0);
    case 'object': {
      if (v === null) return true;
      if (Array.isArray(v)) return v.every((x) => x !== undefined && jsonSafe(x, depth + 1));
      const proto = Object.getPrototypeOf(v) as unknown;
      if (proto !== Object.prototype && proto !== null) return false;
      for (const k of Object.keys(v)) if (!jsonSafe((v as Record<string, unknown>)[k], depth + 1)) return false;
      return true;
    }
    default:
      return false;
  }
}

function recordIsJsonSafe(a: SkillAnalysis): boolean {
  return jsonSafe(a.data) && a.diagnostics.every((d) => d.data === undefined || jsonSafe(d.data, 1));
}

/** YAML maps become null-prototype objects (see yaml.ts); JSON.parse gives ordinary ones back. */
function nullProto(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(nullProto);
  const out = Object.create(null) as Record<string, unknown>;
  for (const k of Object.keys(v)) out[k] = nullProto((v as Record<string, unknown>)[k]);
  return out;
}

function looksLikeRecord(r: unknown): r is AnalysisRecord {
  if (r === null || typeof r !== 'object') return false;
  const x = r as Record<string, unknown>;
  const obj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';
  const diags = x['diagnostics'];
  const nexo = x['nexo'];
  const req = x['requirements'];
  return (
    Array.isArray(diags) &&
    diags.every(
      (d) => obj(d) && typeof d['code'] === 'string' && typeof d['message'] === 'string' && typeof d['line'] === 'number' && typeof d['start'] === 'number',
    ) &&
    Array.isArray(x['links']) &&
    typeof x['loadable'] === 'boolean' &&
    typeof x['textBlank'] === 'boolean' &&
    typeof x['bom'] === 'boolean' &&
    typeof x['frontmatterEffective'] === 'boolean' &&
    typeof x['displayName'] === 'string' &&
    typeof x['description'] === 'string' &&
    obj(x['runtimeSplit']) &&
    typeof x['runtimeSplit']['state'] === 'string' &&
    (x['split'] === 0 || obj(x['split'])) &&
    (nexo === 0 || (obj(nexo) && Array.isArray(nexo['bins']) && Array.isArray(nexo['env']) && Array.isArray(nexo['binVersions']))) &&
    (req === 0 || (obj(req) && Array.isArray(req['bins']) && Array.isArray(req['env']) && Array.isArray(req['versions']))) &&
    (x['data'] === null || obj(x['data']))
  );
}

/**
 * A SkillAnalysis rebuilt from a record. The stored fields are own properties; `text`, `index`, `yaml` and
 * `body` are getters on the prototype that read and analyze the file on first access (so they are not
 * copied by a spread or JSON.stringify). Treat it as read-only: the cache hands the same object out again.
 */
class CachedAnalysis implements SkillAnalysis {
  dirName: SkillAnalysis['dirName'];
  bom: boolean;
  runtimeSplit: SkillAnalysis['runtimeSplit'];
  split: SkillAnalysis['split'];
  data: SkillAnalysis['data'];
  nexo: SkillAnalysis['nexo'];
  nexoFailure: SkillAnalysis['nexoFailure'];
  frontmatterEffective: boolean;
  requirements: SkillAnalysis['requirements'];
  loadable: boolean;
  textBlank: boolean;
  displayName: string;
  description: string;
  diagnostics: SkillAnalysis['diagnostics'];
  links: SkillAnalysis['links'];
  readonly #file: string;
  readonly #io: SkillIo;
  #full: SkillAnalysis | null = null;

  constructor(r: AnalysisRecord, file: string, io: SkillIo) {
    const x = r as Record<StoredKey, never>;
    this.dirName = x.dirName;
    this.bom = x.bom;
    this.runtimeSplit = x.runtimeSplit;
    this.split = r.split === 0 ? x.runtimeSplit : x.split;
    this.data = nullProto(r.data) as SkillAnalysis['data'];
    this.nexo = r.nexo === 0 ? EMPTY_NEXO : x.nexo;
    this.nexoFailure = x.nexoFailure;
    this.frontmatterEffective = x.frontmatterEffective;
    this.requirements = r.requirements === 0 ? NO_REQUIREMENTS : x.requirements;
    this.loadable = x.loadable;
    this.textBlank = x.textBlank;
    this.displayName = x.displayName;
    this.description = x.description;
    this.diagnostics = x.diagnostics;
    this.links = x.links;
    this.#file = file;
    this.#io = io;
  }

  #load(): SkillAnalysis {
    return (this.#full ??= analyzeSkillFile(readSkillFileSync(this.#file, this.#io).read, this.#file));
  }

  #own<K extends LazyKey>(k: K, value: SkillAnalysis[K]): void {
    Object.defineProperty(this, k, { value, writable: true, enumerable: true, configurable: true });
  }

  get text(): string {
    return this.#load().text;
  }
  set text(v: string) {
    this.#own('text', v);
  }
  get index(): SkillAnalysis['index'] {
    return this.#load().index;
  }
  set index(v: SkillAnalysis['index']) {
    this.#own('index', v);
  }
  get yaml(): SkillAnalysis['yaml'] {
    return this.#load().yaml;
  }
  set yaml(v: SkillAnalysis['yaml']) {
    this.#own('yaml', v);
  }
  get body(): string {
    return this.#load().body;
  }
  set body(v: string) {
    this.#own('body', v);
  }
}

/** The analysis without its text-sized fields (`text`, `index`, `yaml`, `body`), which are read and analyzed
 *  again from `file` on first access: for a holder of many analyses that rarely needs those (the language
 *  server's model of every skill of its roots). The other fields are shared with `a`, not copied. */
export function slimAnalysis(a: SkillAnalysis, file: string, io: SkillIo = asyncIo): SkillAnalysis {
  return new CachedAnalysis(toRecord(a), file, io);
}

// ---------------------------------------------------------------------------------------------------------
// The cache

/** What the cache knows of one SKILL.md: the stamp and hash it was read with, and its analysis. */
interface KnownFile {
  stamp: FileStamp;
  /** sha1 of the bytes read, or a marker for files that were not read (too large, not a file). */
  hash: string;
  /** When the file was read (ms since the epoch). */
  readAt: number;
  /** The record as JSON (entries analyzed in this process, until written), or as parsed from a snapshot
   *  (until first used); once `analysis` exists it is the record. */
  json: string | null;
  record: AnalysisRecord | null;
  /** False when the record does not survive JSON: kept in memory only. */
  persist: boolean;
  /** Built on first use. */
  analysis: SkillAnalysis | null;
}

interface StoredEntry {
  m: number;
  c: number;
  s: number;
  /** The inode. */
  i: number;
  h: string;
  t: number;
  a: AnalysisRecord;
}

interface Shard {
  format: string;
  version: string;
  entries: Record<string, StoredEntry>;
}

/** A snapshot is split in shards by file path, so one changed file rewrites ~1/SHARDS of it. */
const SHARDS = 16;

function shardOf(file: string): number {
  let h = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < file.length; i++) h = Math.imul(h ^ file.charCodeAt(i), 0x01000193);
  return (h >>> 0) % SHARDS;
}

const shardName = (i: number): string => `shard-${String(i).padStart(2, '0')}.json`;

export interface AnalysisCacheOptions {
  /** Folder for the on-disk snapshots; null or absent: in-process only. */
  dir?: string | null;
  /** File-system calls (default `asyncIo`; the CLI passes `blockingIo`). */
  io?: SkillIo;
  /** The host's build id (e.g. its bundle's size and mtime): any change invalidates every entry. */
  salt?: string;
  /** Told once when the disk layer fails (corrupt, unreadable or unwritable); never throws. */
  onWarning?: (message: string) => void;
  /** Snapshots kept in `dir` (one per set of checked roots); the least recently written are removed. */
  maxSnapshots?: number;
  /** For tests. */
  now?: () => number;
  /** For tests: replaces ANALYSIS_VERSION. */
  analysisVersion?: number;
}

export interface CacheCounters {
  /** SKILL.md files read (each read is also hashed). */
  reads: number;
  /** Files analyzed (parsed), i.e. not served from a stored record. */
  analyzed: number;
  /** Served from memory / from the disk snapshot without reading. */
  memoryHits: number;
  diskHits: number;
  /** Read again (stamp changed, or too recent to trust) but the bytes were the same: not parsed. */
  sameContent: number;
  /** Shard files written. */
  writes: number;
}

interface LoadedSnapshot {
  /** Per shard: the entries as on disk (to know whether a save changes anything); null when the shard file
   *  is absent or was unusable. */
  shards: Array<Map<string, KnownFile> | null>;
}

export class AnalysisCache {
  readonly io: SkillIo;
  readonly dir: string | null;
  private versionHash: string | undefined;
  readonly counters: CacheCounters = { reads: 0, analyzed: 0, memoryHits: 0, diskHits: 0, sameContent: 0, writes: 0 };
  private readonly entries = new Map<string, KnownFile>();
  /** Per snapshot folder (one per set of roots). */
  private readonly loaded = new Map<string, LoadedSnapshot>();
  private diskOff: boolean;
  private warned = false;
  private readonly options: AnalysisCacheOptions;
  private readonly now: () => number;

  constructor(options: AnalysisCacheOptions = {}) {
    this.options = options;
    this.io = options.io ?? asyncIo;
    this.dir = options.dir ?? null;
    this.diskOff = this.dir === null;
    this.now = options.now ?? Date.now;
  }

  /** Hash of everything that decides what an analysis contains besides the file. Worked out when the disk is
   *  first used: it hashes the whole schema, which a run without the on-disk layer never needs. */
  get version(): string {
    return (this.versionHash ??= createHash('sha1')
      .update(`${FORMAT}\0${this.options.analysisVersion ?? ANALYSIS_VERSION}\0${JSON.stringify(frontmatterSchema)}\0${this.options.salt ?? ''}`)
      .digest('hex'));
  }

  /** True while the on-disk layer is in use. */
  get persistent(): boolean {
    return !this.diskOff;
  }

  /** Whether `analyze(file, stamp)` would read the file: nothing trusted is known of this version of it. */
  wouldRead(file: string, stamp: FileStamp): boolean {
    const known = this.entries.get(file);
    return !(known && this.trusted(known, stamp));
  }

  /** The analysis of `file`: from memory, from the snapshot, or read and analyzed. `stamp`: the stat the
   *  caller already has (the catalog's walk); without it the file is stat'ed. `offThread`: where the read
   *  and the analysis may already have been done (the CLI's workers); the result is the same either way. */
  async analyze(file: string, stamp?: FileStamp, offThread?: OffThreadRun | null): Promise<SkillAnalysis> {
    let current: FileStamp | null = stamp ?? null;
    if (!current) {
      try {
        current = stampOf(await this.io.stat(file));
      } catch {
        current = null; // the read below reports why
      }
    }
    const known = this.entries.get(file);
    if (known && current && this.trusted(known, current)) {
      if (known.analysis) this.counters.memoryHits++;
      else this.counters.diskHits++;
      return this.analysisOf(known, file);
    }
    const elsewhere = offThread?.take(file);
    const done = elsewhere ? await elsewhere : null;
    if (done) {
      this.counters.reads++;
      // The worker read by the system clock; a cache given its own clock (tests) keeps to that one.
      const readAt = this.options.now ? done.readAt + this.now() - Date.now() : done.readAt;
      if (known && known.hash === done.hash) return this.sameContent(file, known, done.stamp, readAt);
      this.counters.analyzed++;
      const entry: KnownFile = { stamp: done.stamp, hash: done.hash, readAt, json: done.json, record: null, persist: true, analysis: null };
      this.entries.set(file, entry);
      return this.analysisOf(entry, file);
    }
    const readAt = this.now();
    const got = await readSkillFile(file, this.io);
    this.counters.reads++;
    if (!got.stamp) {
      // Could not even be opened: nothing to key an entry on.
      this.entries.delete(file);
      this.counters.analyzed++;
      return analyzeSkillFile(got.read, file);
    }
    // The hash is for telling a rewritten file from a touched one later: against a snapshot on disk, or an
    // entry already in memory. A first read with no disk to keep it on has nothing to be compared with
    // (an empty hash matches no later one).
    const hash = known || !this.diskOff ? hashOf(got) : '';
    if (known && known.hash === hash) return this.sameContent(file, known, got.stamp, readAt);
    this.counters.analyzed++;
    const fresh = analyzeSkillFile(got.read, file);
    const entry: KnownFile = { stamp: got.stamp, hash, readAt, json: null, record: null, persist: recordIsJsonSafe(fresh), analysis: null };
    if (entry.persist) {
      // Through JSON and back even in memory: the copy holds its own compact strings, where the analysis'
      // strings are often slices that keep the whole file text alive (10,000 skills: ~40 MB).
      entry.json = JSON.stringify(toRecord(fresh));
    } else {
      entry.record = toRecord(fresh);
    }
    this.entries.set(file, entry);
    return this.analysisOf(entry, file);
  }

  /** Read again, but the bytes are those of the stored record: reuse it without parsing. */
  private sameContent(file: string, known: KnownFile, stamp: FileStamp, readAt: number): SkillAnalysis {
    this.counters.sameContent++;
    const entry: KnownFile = { ...known, stamp, readAt };
    this.entries.set(file, entry);
    return this.analysisOf(entry, file);
  }

  private analysisOf(entry: KnownFile, file: string): SkillAnalysis {
    if (!entry.analysis) {
      const record = entry.record ?? (JSON.parse(entry.json as string) as AnalysisRecord);
      entry.analysis = new CachedAnalysis(record, file, this.io);
      // From here on the analysis is the record (toRecord gives it back); the JSON is kept only until the
      // snapshot is written.
      if (entry.persist) entry.record = null;
      if (this.diskOff) entry.json = null;
    }
    return entry.analysis;
  }

  private trusted(e: KnownFile, s: FileStamp): boolean {
    if (!sameStamp(e.stamp, s)) return false;
    return Math.max(s.mtimeMs, s.ctimeMs) < e.readAt - RACY_MS;
  }

  private snapshotDir(roots: readonly string[]): string {
    const key = [...new Set(roots.map((r) => path.resolve(r)))].sort().join('\n');
    return path.join(this.dir ?? '', `${SNAPSHOT_PREFIX}${createHash('sha1').update(key).digest('hex').slice(0, 20)}`);
  }

  private warn(message: string): void {
    if (this.warned) return;
    this.warned = true;
    this.options.onWarning?.(message);
  }

  private disable(what: 'read' | 'write', e: unknown): void {
    const code = (e as NodeJS.ErrnoException)?.code ?? (e instanceof Error ? e.message : String(e));
    this.warn(`cannot ${what} the cache folder ${this.dir ?? ''} (${code}); continuing without the cache`);
    this.diskOff = true;
  }

  /** Load the snapshot of a check of `roots` (once per roots; entries already in memory win). */
  async load(roots: readonly string[]): Promise<void> {
    if (this.diskOff) return;
    const dir = this.snapshotDir(roots);
    if (this.loaded.has(dir)) return;
    const snapshot: LoadedSnapshot = { shards: new Array<Map<string, KnownFile> | null>(SHARDS).fill(null) };
    this.loaded.set(dir, snapshot);
    for (let i = 0; i < SHARDS && !this.diskOff; i++) {
      const file = path.join(dir, shardName(i));
      let raw: Buffer;
      try {
        raw = await this.io.readWhole(file);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException)?.code;
        if (code !== 'ENOENT' && code !== 'ENOTDIR') this.disable('read', e);
        continue;
      }
      snapshot.shards[i] = this.parseShard(raw, file);
    }
  }

  private parseShard(raw: Buffer, file: string): Map<string, KnownFile> | null {
    let shard: Shard;
    try {
      shard = JSON.parse(raw.toString('utf8')) as Shard;
      if (shard === null || typeof shard !== 'object' || shard.format !== FORMAT || typeof shard.version !== 'string') throw new Error('not a snapshot');
      if (shard.entries === null || typeof shard.entries !== 'object' || Array.isArray(shard.entries)) throw new Error('no entries');
    } catch (e) {
      this.warn(`the cache file ${file} is corrupt (${e instanceof Error ? e.message.split('\n')[0] : String(e)}); it was ignored and will be rebuilt`);
      return null;
    }
    if (shard.version !== this.version) return null; // another engine wrote it: everything in it is stale
    const loaded = new Map<string, KnownFile>();
    for (const f of Object.keys(shard.entries)) {
      const s = shard.entries[f];
      if (
        !s ||
        typeof s.m !== 'number' ||
        typeof s.c !== 'number' ||
        typeof s.s !== 'number' ||
        typeof s.i !== 'number' ||
        typeof s.h !== 'string' ||
        typeof s.t !== 'number' ||
        !looksLikeRecord(s.a)
      ) {
        this.warn(`the cache file ${file} is corrupt (a malformed entry); the entry was ignored and will be rebuilt`);
        continue;
      }
      const entry: KnownFile = {
        stamp: { mtimeMs: s.m, ctimeMs: s.c, size: s.s, ino: s.i },
        hash: s.h,
        readAt: s.t,
        json: null,
        record: s.a,
        persist: true,
        analysis: null,
      };
      loaded.set(f, entry);
      if (!this.entries.has(f)) this.entries.set(f, entry);
    }
    return loaded;
  }

  /** Write the snapshot of a check of `roots` that found `files`: only the shards whose entries changed.
   *  Never throws. */
  async save(roots: readonly string[], files: readonly string[]): Promise<void> {
    if (this.diskOff || !this.dir) return;
    const dir = this.snapshotDir(roots);
    const snapshot = this.loaded.get(dir) ?? { shards: new Array<Map<string, KnownFile> | null>(SHARDS).fill(null) };
    this.loaded.set(dir, snapshot);
    const byShard: Array<Array<[string, KnownFile]>> = Array.from({ length: SHARDS }, () => []);
    for (const f of files) {
      const e = this.entries.get(f);
      if (e?.persist) byShard[shardOf(f)]?.push([f, e]);
    }
    let created = false;
    for (let i = 0; i < SHARDS; i++) {
      const now = byShard[i] as Array<[string, KnownFile]>;
      const before = snapshot.shards[i] ?? null;
      const changed = before === null ? now.length > 0 : before.size !== now.length || now.some(([f, e]) => before.get(f) !== e);
      if (!changed) continue;
      const file = path.join(dir, shardName(i));
      try {
        if (!created) {
          await this.io.mkdir(dir);
          created = true;
        }
        if (now.length === 0) await this.io.unlink(file).catch(() => undefined);
        else await this.writeAtomically(file, shardText(this.version, now));
      } catch (e) {
        this.disable('write', e);
        return;
      }
      this.counters.writes++;
      snapshot.shards[i] = new Map(now);
      for (const [, e] of now) if (e.analysis || e.record) e.json = null;
    }
    if (created) await this.prune(dir);
  }

  private async writeAtomically(file: string, text: string): Promise<void> {
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await this.io.writeWhole(tmp, text);
      await this.io.rename(tmp, file);
    } catch (e) {
      await this.io.unlink(tmp).catch(() => undefined);
      throw e;
    }
  }

  /** Keep the most recently written snapshots only (best effort). */
  private async prune(current: string): Promise<void> {
    const max = this.options.maxSnapshots ?? DEFAULT_MAX_SNAPSHOTS;
    const root = this.dir as string;
    try {
      const names = (await this.io.list(root)).filter((n) => n.startsWith(SNAPSHOT_PREFIX));
      if (names.length <= max) return;
      const dated = await Promise.all(
        names.map(async (n) => {
          const p = path.join(root, n);
          return { p, t: (await this.io.stat(p).catch(() => null))?.mtimeMs ?? 0 };
        }),
      );
      dated.sort((a, b) => b.t - a.t);
      for (const d of dated.slice(max)) if (d.p !== current) await this.io.remove(d.p).catch(() => undefined);
    } catch {
      // pruning is best effort
    }
  }
}

function shardText(version: string, entries: ReadonlyArray<[string, KnownFile]>): string {
  const parts = entries.map(([f, e]) => {
    const record = e.json ?? JSON.stringify(e.record ?? toRecord(e.analysis as SkillAnalysis));
    return `${JSON.stringify(f)}:{"m":${e.stamp.mtimeMs},"c":${e.stamp.ctimeMs},"s":${e.stamp.size},"i":${e.stamp.ino},"h":${JSON.stringify(e.hash)},"t":${e.readAt},"a":${record}}`;
  });
  return `{"format":${JSON.stringify(FORMAT)},"version":${JSON.stringify(version)},"entries":{${parts.join(',')}}}`;
}
