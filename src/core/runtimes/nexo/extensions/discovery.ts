// `ExtensionDiscovery::discover` (crates/extensions/src/discovery.rs:160-360 at eec3f33; RULES.md §2): which
// `plugin.toml` files the agent reads, and which of them become candidates. Each search path (default
// `./extensions`, relative to the agent's working directory) is canonicalized and walked by walkdir:
// `max_depth` 3 (the root is depth 0), symlinks not followed, siblings by file name, any folder named in
// `ignore_dirs` pruned; only a regular file named exactly `plugin.toml` counts. A manifest that does not load
// is an Error diagnostic; then a candidate inside another candidate's folder is dropped silently, and of two
// equal ids the first by (search path, folder) is kept.
//
// Beyond the agent's walk, the same tree is looked through (bounded, no symlinks) for the manifests it never
// reads — too deep, in an ignored folder, `Plugin.toml`, a symlink — so each can be said `not_found`.

import { promises as fsp } from 'node:fs';
import * as nodePath from 'node:path';

export const DEFAULT_SEARCH_PATHS = ['./extensions'] as const;
export const DEFAULT_IGNORE_DIRS = ['target', '.git', 'node_modules', 'dist', '.build'] as const;
export const DEFAULT_MAX_DEPTH = 3;
export const MANIFEST_FILENAME = 'plugin.toml';
/** `nexo-plugin.toml`: crates/plugin-manifest's schema, not an extension manifest. */
export const OTHER_SCHEMA_FILENAME = 'nexo-plugin.toml';

/** How far past the agent's walk its tree is looked through for manifests it never reads. */
const EXTRA_DEPTH = 4;
const MAX_ENTRIES = 20000;

export interface DiscoveryOptions {
  /** The agent's working directory: relative search paths resolve here. */
  cwd: string;
  searchPaths?: readonly string[];
  ignoreDirs?: readonly string[];
  maxDepth?: number;
}

export type UnreadReason = 'too_deep' | 'ignored_dir' | 'file_name' | 'symlink' | 'other_schema';

/** A manifest file the walk reached (in walk order). */
export interface WalkedManifest {
  /** Absolute path, under the canonical root. */
  file: string;
  /** As nexo-rs displays it: the search path as written + the rest. */
  display: string;
  rootIndex: number;
  /** Canonical root of the search path. */
  root: string;
}

/** A file nexo-rs never reads as an extension manifest. */
export interface UnreadManifest {
  file: string;
  display: string;
  reason: UnreadReason;
  /** The ignored folder, for `ignored_dir`. */
  folder?: string;
}

export interface WalkResult {
  manifests: WalkedManifest[];
  unread: UnreadManifest[];
  /** Warn diagnostics of the walk itself (a search path not found …), in nexo-rs's words. */
  warnings: { path: string; message: string }[];
}

function byteCmp(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** `Ord for Path`: component by component. */
export function pathCmp(a: string, b: string): number {
  const x = a.split('/').filter((c) => c !== '');
  const y = b.split('/').filter((c) => c !== '');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const c = byteCmp(x[i] as string, y[i] as string);
    if (c !== 0) return c;
  }
  return x.length - y.length;
}

/** Every search path walked as the agent walks it, plus the manifests it passes by. */
export async function walkSearchPaths(opts: DiscoveryOptions): Promise<WalkResult> {
  const searchPaths = opts.searchPaths ?? DEFAULT_SEARCH_PATHS;
  const ignore = new Set(opts.ignoreDirs ?? DEFAULT_IGNORE_DIRS);
  // `ExtensionDiscovery::new`: max_depth.max(1).
  const maxDepth = Math.max(1, opts.maxDepth ?? DEFAULT_MAX_DEPTH);
  const out: WalkResult = { manifests: [], unread: [], warnings: [] };
  let budget = MAX_ENTRIES;
  for (let rootIndex = 0; rootIndex < searchPaths.length; rootIndex++) {
    const given = searchPaths[rootIndex] as string;
    let root: string;
    try {
      root = await fsp.realpath(nodePath.resolve(opts.cwd, given));
      if (!(await fsp.stat(root)).isDirectory()) throw new Error('Not a directory (os error 20)');
    } catch (e) {
      out.warnings.push({ path: given, message: `search path not found or unreadable: ${e instanceof Error ? e.message : String(e)}` });
      continue;
    }
    // `normalize_path_for_display`: the search path as written, then the path below the canonical root.
    const display = (p: string): string => [given.replace(/\/+$/, ''), ...nodePath.relative(root, p).split(nodePath.sep)].join('/');
    // The root itself is an entry walkdir filters.
    if (ignore.has(nodePath.basename(root))) continue;
    const walk = async (dir: string, depth: number, ignoredBy: string | null): Promise<void> => {
      let entries;
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      entries.sort((a, b) => byteCmp(a.name, b.name));
      for (const e of entries) {
        if (--budget < 0) return;
        const p = nodePath.join(dir, e.name);
        const d = depth + 1;
        const lower = e.name.toLowerCase();
        const looksLikeManifest = lower === MANIFEST_FILENAME || lower === OTHER_SCHEMA_FILENAME;
        if (e.isDirectory()) {
          if (d >= maxDepth + EXTRA_DEPTH) continue;
          const nowIgnored = ignoredBy ?? (ignore.has(e.name) ? e.name : null);
          await walk(p, d, nowIgnored);
          continue;
        }
        if (!looksLikeManifest) continue;
        const unread = (reason: UnreadReason, extra: Partial<UnreadManifest> = {}): void => {
          out.unread.push({ file: p, display: display(p), reason, ...extra });
        };
        if (lower === OTHER_SCHEMA_FILENAME) unread('other_schema');
        else if (ignoredBy !== null) unread('ignored_dir', { folder: ignoredBy });
        else if (d > maxDepth) unread('too_deep');
        else if (e.isSymbolicLink()) unread('symlink');
        else if (!e.isFile()) continue;
        else if (e.name !== MANIFEST_FILENAME) unread('file_name');
        else out.manifests.push({ file: p, display: display(p), rootIndex, root });
      }
    };
    await walk(root, 0, null);
  }
  return out;
}

/** `prune_nested`: of candidates (their folders), the indexes dropped because an ancestor folder is kept. */
export function nestedIndexes(dirs: readonly string[]): Set<number> {
  const order = dirs.map((_, i) => i).sort((a, b) => pathCmp(dirs[a] as string, dirs[b] as string));
  const kept = new Set<string>();
  const dropped = new Set<number>();
  for (const i of order) {
    const dir = dirs[i] as string;
    let p = nodePath.dirname(dir);
    let nested = false;
    for (;;) {
      if (kept.has(p)) {
        nested = true;
        break;
      }
      const up = nodePath.dirname(p);
      if (up === p) break;
      p = up;
    }
    if (nested) dropped.add(i);
    else kept.add(dir);
  }
  return dropped;
}
