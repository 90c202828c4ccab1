// An on-disk cache of what the OpenClaw emulation derives from a SKILL.md's text alone, so that a check of an
// unchanged tree does not parse its files again: the frontmatter parse of a release (frontmatter.ts, YAML's
// `parseDocument` twice for 2026.9.6 — most of a 2026.9.6 run on a large tree, as its parser runs cold in a
// fresh process) and the findings about the text (findings.ts `analyzeSkillText`).
//
// Keyed by a SHA-256 of the text, so an entry can never be stale: a changed file is another key. The files
// are still listed, stat'ed and read as OpenClaw reads them; only the parsing is remembered. One file per
// release (the releases parse differently) under the CLI's cache folder (`ctx.readCache.dir`), valid only for
// one format and build salt (a rebuilt CLI trusts nothing an older build stored). A value is stored only when
// JSON gives it back identical (strings, finite numbers, booleans, null, arrays and plain objects, no
// `__proto__` key), it is not a stack overflow's (whose message depends on the stack at the time) and its JSON
// is at most MAX_ENTRY_CHARS long (a huge frontmatter is parsed again rather than read back by every run). At most
// MAX_ENTRIES are kept, those used by the last run first. Written to a temporary file and renamed into place,
// only when something was added. A missing, corrupt or foreign file is ignored and rebuilt; nothing here
// throws out.

import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomically } from '../../machine/atomicWrite';
import type { FrontmatterParse, ParseStore } from './frontmatter';
import type { OpenClawFinding } from './types';
import type { OpenClawVersion } from './versions';

const FORMAT = 'openclaw-read-1';
const MAX_ENTRIES = 20_000;
/** A larger value (a huge frontmatter) is not kept: every run would read it back whether it needs it or not. */
const MAX_ENTRY_CHARS = 32_768;

interface Entry {
  /** The frontmatter parse of the release. */
  p?: FrontmatterParse;
  /** The findings about the text (each names the file it was computed for; callers put theirs). */
  f?: OpenClawFinding[];
}

export interface ReadCacheSettings {
  dir: string;
  salt: string;
}

/** Whether JSON round-trips `v` to an identical value. */
function jsonExact(v: unknown, depth = 0): boolean {
  if (depth > 64) return false;
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0);
  if (Array.isArray(v)) return v.every((x) => jsonExact(x, depth + 1));
  if (typeof v !== 'object') return false;
  // JSON gives back plain objects: one without a prototype would come back with one.
  if (Object.getPrototypeOf(v) !== Object.prototype) return false;
  for (const key of Object.keys(v)) {
    if (key === '__proto__') return false;
    if (!jsonExact((v as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

export class OpenClawReadCache implements ParseStore {
  private readonly file: string;
  private entries: Map<string, Entry> | null = null;
  private readonly used = new Set<string>();
  private dirty = false;

  constructor(
    private readonly settings: ReadCacheSettings,
    readonly version: OpenClawVersion,
  ) {
    this.file = path.join(settings.dir, `openclaw-read-${version}.json`);
  }

  private readonly keys = new Map<string, string>();

  /** The key of a text (its SHA-256), computed once per text and run. */
  keyOf(text: string): string {
    let key = this.keys.get(text);
    if (key === undefined) {
      key = createHash('sha256').update(text).digest('base64');
      this.keys.set(text, key);
    }
    return key;
  }

  private load(): Map<string, Entry> {
    if (this.entries) return this.entries;
    this.entries = new Map();
    try {
      const data = JSON.parse(fs.readFileSync(this.file, 'utf8')) as { format?: unknown; salt?: unknown; entries?: unknown };
      if (data.format === FORMAT && data.salt === this.settings.salt && Array.isArray(data.entries)) {
        for (const item of data.entries as unknown[]) {
          if (!Array.isArray(item) || typeof item[0] !== 'string' || typeof item[1] !== 'object' || item[1] === null) continue;
          this.entries.set(item[0], item[1] as Entry);
        }
      }
    } catch {
      // none yet, or unreadable: rebuilt
    }
    return this.entries;
  }

  private get(key: string): Entry | undefined {
    const e = this.load().get(key);
    if (e) this.used.add(key);
    return e;
  }

  private set(key: string, part: keyof Entry, value: unknown): void {
    if (!jsonExact(value)) return;
    const json = JSON.stringify(value);
    if (json.length > MAX_ENTRY_CHARS || json.includes('call stack')) return;
    const entries = this.load();
    const e = entries.get(key) ?? {};
    (e as Record<string, unknown>)[part] = value;
    entries.set(key, e);
    this.used.add(key);
    this.dirty = true;
  }

  parse(key: string): FrontmatterParse | undefined {
    return this.get(key)?.p;
  }

  setParse(key: string, parse: FrontmatterParse): void {
    this.set(key, 'p', parse);
  }

  findings(key: string): OpenClawFinding[] | undefined {
    return this.get(key)?.f;
  }

  setFindings(key: string, findings: OpenClawFinding[]): void {
    this.set(key, 'f', findings);
  }

  /** Writes the file when something was added: the entries this run used, then older ones, MAX_ENTRIES at most. */
  save(): void {
    if (!this.dirty || !this.entries) return;
    this.dirty = false;
    const out: Array<[string, Entry]> = [];
    for (const key of this.used) {
      const e = this.entries.get(key);
      if (e) out.push([key, e]);
    }
    for (const [key, e] of this.entries) {
      if (out.length >= MAX_ENTRIES) break;
      if (!this.used.has(key)) out.push([key, e]);
    }
    try {
      fs.mkdirSync(this.settings.dir, { recursive: true });
      writeFileAtomically(this.file, JSON.stringify({ format: FORMAT, salt: this.settings.salt, entries: out.slice(0, MAX_ENTRIES) }));
    } catch {
      // not kept this time: the next run parses again
    }
  }
}
