// The supporting-file paths of a SKILL.md body (links.ts) checked against its skill folder on disk:
// `link-broken`, `link-escapes` through a symbolic link, `script-not-executable`.
//
// Never cached with the analysis: the files change without the SKILL.md changing, so these findings are
// computed at every check from the stored candidates (as version probes are run at every check).
//
// Resolution walks the path one segment at a time from the skill folder's real path with lstat: a symbolic
// link is read (readlink) and its target resolved as text; a target outside the skill folder is reported
// and never looked at, a chain of more than MAX_HOPS links is a loop. Nothing outside the folder is ever
// stat'ed, and nothing is opened or run. Work is bounded: each distinct path is resolved once, at most
// MAX_LINKS of them (links.ts), each in at most MAX_HOPS + its segments lstat calls.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { quoteForMessage } from '../skill/text';
import type { Diagnostic } from '../types';
import { pathShape, type SkillLink } from './links';

/** Symbolic links followed in one path before it counts as a loop (Linux's ELOOP limit). */
export const MAX_HOPS = 40;

export type Resolution =
  | { kind: 'file' | 'directory' | 'other'; real: string; mode: number }
  | { kind: 'missing'; /** The longest existing prefix, as a path relative to the skill folder ('' the folder). */ existing: string; missing: string }
  | { kind: 'escapes'; via: string; target: string }
  | { kind: 'loop'; via: string }
  | { kind: 'unknown' };

function inside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Resolves `segments` (already free of `.`/`..` and separators) under the real folder `root`. */
export function resolveInside(root: string, segments: readonly string[]): Resolution {
  const queue = [...segments];
  let cur = root;
  let hops = 0;
  while (queue.length) {
    const seg = queue.shift() as string;
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      cur = path.dirname(cur);
      if (!inside(cur, root)) return { kind: 'escapes', via: '..', target: cur };
      continue;
    }
    const p = path.join(cur, seg);
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing', existing: path.relative(root, cur), missing: seg };
      return { kind: 'unknown' }; // no permission, I/O error: nothing to say
    }
    if (st.isSymbolicLink()) {
      const via = path.relative(root, p);
      if (++hops > MAX_HOPS) return { kind: 'loop', via };
      let target: string;
      try {
        target = fs.readlinkSync(p);
      } catch {
        return { kind: 'unknown' };
      }
      const next = path.resolve(cur, target);
      if (!inside(next, root)) return { kind: 'escapes', via, target };
      queue.unshift(
        ...path
          .relative(root, next)
          .split(path.sep)
          .filter((s) => s !== ''),
      );
      cur = root;
      continue;
    }
    if (queue.some((s) => s !== '' && s !== '.') && !st.isDirectory()) {
      return { kind: 'missing', existing: path.relative(root, p), missing: queue.find((s) => s !== '' && s !== '.') as string };
    }
    cur = p;
  }
  let st: fs.Stats;
  try {
    st = fs.statSync(cur);
  } catch {
    return { kind: 'unknown' };
  }
  return { kind: st.isFile() ? 'file' : st.isDirectory() ? 'directory' : 'other', real: cur, mode: st.mode };
}

/** A name in `dir` equal to `name` but for case, for "did you mean". */
function caseTwin(dir: string, name: string): string | undefined {
  try {
    const lower = name.toLowerCase();
    return fs.readdirSync(dir).find((n) => n !== name && n.toLowerCase() === lower);
  } catch {
    return undefined;
  }
}

function interpreterFor(file: string): string {
  const ext = path.posix.extname(file).toLowerCase();
  return ext === '.py' ? 'python3' : ext === '.js' || ext === '.mjs' || ext === '.cjs' ? 'node' : ext === '.rb' ? 'ruby' : ext === '.pl' ? 'perl' : 'bash';
}

export interface FileCheckOptions {
  /** Default: this process's. On Windows there is no executable bit to check. */
  platform?: NodeJS.Platform;
}

/**
 * The findings of the skill folder `skillDir` for the candidates `links` of its SKILL.md: paths that do not
 * resolve, that leave the folder through a symbolic link, and scripts the body runs directly that lack the
 * executable bit. Empty when the folder itself cannot be resolved (a SKILL.md that is not on disk).
 */
export function checkSupportingFiles(links: readonly SkillLink[], skillDir: string, options: FileCheckOptions = {}): Diagnostic[] {
  if (links.length === 0) return [];
  let root: string;
  try {
    root = fs.realpathSync.native(skillDir);
  } catch {
    return [];
  }
  const platform = options.platform ?? process.platform;
  const resolved = new Map<string, Resolution>();
  const out: Diagnostic[] = [];
  for (const l of links) {
    const shape = pathShape(l.path);
    if (shape.kind !== 'inside' || shape.segments.length === 0) continue;
    const key = shape.segments.join('/');
    let r = resolved.get(key);
    if (!r) resolved.set(key, (r = resolveInside(root, shape.segments)));
    const at = { line: l.line, column: l.column, endLine: l.endLine, endColumn: l.endColumn, start: l.start, end: l.end };
    const written = l.path.replace(/\\/g, '/');
    switch (r.kind) {
      case 'missing': {
        const gone = [r.existing.split(path.sep).join('/'), r.missing].filter((s) => s !== '').join('/');
        const twin = caseTwin(path.join(root, r.existing), r.missing);
        const hint = twin
          ? ` Did you mean ${quoteForMessage([r.existing, twin].filter((s) => s !== '').join('/'))}? File names are case-sensitive on Linux.`
          : ' Create it, or fix the path.';
        out.push({
          code: 'link-broken',
          severity: 'warning',
          message: `${quoteForMessage(written, 80)} is not in the skill folder${gone !== key ? ` (there is no ${quoteForMessage(gone, 80)})` : ''}: the agent that follows it finds nothing.${hint}`,
          ...at,
        });
        break;
      }
      case 'loop':
        out.push({
          code: 'link-broken',
          severity: 'warning',
          message: `${quoteForMessage(written, 80)} runs into a loop of symbolic links at ${quoteForMessage(r.via)}: the agent cannot open it.`,
          ...at,
        });
        break;
      case 'escapes':
        out.push({
          code: 'link-escapes',
          severity: 'warning',
          message: `${quoteForMessage(written, 80)} leads outside the skill folder through the symbolic link ${quoteForMessage(r.via)}: a skill is installed, copied and shared as its folder, so the file may not be there for the agent. Put the file itself in the skill.`,
          ...at,
        });
        break;
      case 'file':
        if (l.run === 'direct' && platform !== 'win32' && (r.mode & 0o111) === 0) {
          out.push({
            code: 'script-not-executable',
            severity: 'warning',
            message: `The body runs ${quoteForMessage(written, 80)} directly, but the file is not executable: the agent's shell answers "Permission denied". Make it executable (\`chmod +x ${written.replace(/^\.\//, '')}\`, and commit the mode), or run it through its interpreter (e.g. \`${interpreterFor(written)} ${written}\`).`,
            ...at,
          });
        }
        break;
      default:
        break;
    }
  }
  return out;
}

/** `a` and `b` merged in the order the analysis sorts its findings (offset, end, code). */
export function mergeFindings<D extends Pick<Diagnostic, 'start' | 'end' | 'code'>>(a: readonly D[], b: readonly D[]): D[] {
  if (b.length === 0) return [...a];
  return [...a, ...b].sort((x, y) => x.start - y.start || x.end - y.end || x.code.localeCompare(y.code));
}
