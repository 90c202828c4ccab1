// The paths a SKILL.md body points at inside its skill folder ("supporting files"): what the agent is told to
// read or run. Pure: text in, candidates out; src/core/supporting/files.ts checks them against the folder.
//
// What counts as a candidate (everything else in the body is prose):
// - Markdown inline links and images, `[text](dest "title")` / `![alt](dest)`, and reference definitions,
//   `[label]: dest "title"`, outside code. The destination may be written `<…>`; a title after it is not
//   part of the path; `#fragment` and `?query` are dropped; `%XX` escapes are decoded. Destinations with
//   a scheme (`https:`, `mailto:`), protocol-relative ones (`//host`) and pure anchors (`#usage`) are not
//   files of the skill; autolinks (`<https://…>`) never are.
// - In code spans (`` `…` `` on one line): every word naming a path under `references/`, `scripts/`,
//   `templates/` or `assets/` (optionally `./`-prefixed). A code span that is a command — it starts with a
//   `./scripts/…` path, or with a `scripts/…` path followed by arguments — runs that script directly; one
//   starting with an interpreter (`bash scripts/x.sh`, `python3 scripts/x.py`) runs it through it.
// - Fenced code blocks (``` or ~~~) are examples, not instructions to resolve, except their shell lines:
//   each command of a line (split on `&&`, `||`, `;`, `|`) that runs a path under the four folders, directly
//   (`./scripts/x.sh`, `scripts/x.sh`) or through an interpreter (`bash`, `sh`, `python3`, `node`, …).
//   Links inside a fence are not links.
// Indented code blocks, HTML and code spans over several lines are not recognised (they are rare in
// SKILL.md bodies; a path there is simply not checked).
//
// Work is bounded: at most MAX_LINKS candidates are kept and scanning stops at the first one past them
// (`links-unchecked` marks it); lines longer than MAX_LINE_CHARS are not scanned, and lines with no
// backtick, `]` or `~~~` are skipped without being looked at one by one.

import { type LineIndex, quoteForMessage } from '../skill/text';

/** The folders the Agent Skills spec names for a skill's supporting files. */
export const SUPPORT_FOLDERS = ['references', 'scripts', 'templates', 'assets'] as const;
export type SupportFolder = (typeof SUPPORT_FOLDERS)[number];

/** At most this many candidates are kept (and checked) per body. */
export const MAX_LINKS = 200;
/** Lines longer than this are not scanned (minified text, base64 blobs). */
export const MAX_LINE_CHARS = 10_000;

export type LinkKind = 'link' | 'image' | 'definition' | 'code' | 'command';

export interface SkillLink {
  kind: LinkKind;
  /** The path as written (between the offsets below; fragment, query and title excluded). */
  raw: string;
  /** The path the agent resolves: percent-decoded for links, as written in code. */
  path: string;
  /** Offsets of `raw` in the original text, and its 1-based positions. */
  start: number;
  end: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** The body runs it: `direct` (needs the executable bit) or through an `interpreter` (does not). */
  run?: 'direct' | 'interpreter';
}

export interface LinkScan {
  links: SkillLink[];
  /** Candidates found past MAX_LINKS on the line of the first of them (scanning stops there), and where that one is. */
  unchecked: number;
  uncheckedAt?: [number, number];
}

const INTERPRETERS = new Set([
  'bash',
  'sh',
  'zsh',
  'dash',
  'ksh',
  'fish',
  'python',
  'python3',
  'python2',
  'pypy3',
  'node',
  'deno',
  'bun',
  'tsx',
  'ts-node',
  'ruby',
  'perl',
  'php',
  'lua',
  'Rscript',
  'pwsh',
  'powershell',
  'osascript',
  'source',
  '.',
]);

/** Words that may precede the command proper: `sudo`, `env`, `exec`, `time`, `uv run`, `VAR=value`. */
const PREFIX_WORDS = new Set(['sudo', 'env', 'exec', 'time', 'nohup', 'command']);

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const WINDOWS_DRIVE = /^[A-Za-z]:[\\/]/;

/** Whether `p` (as written) names something under one of the four folders, optionally `./`-prefixed. */
export function isSupportPath(p: string): boolean {
  const rest = p.replace(/^(?:\.[\\/])+/, '');
  const sep = rest.search(/[\\/]/);
  return sep > 0 && (SUPPORT_FOLDERS as readonly string[]).includes(rest.slice(0, sep));
}

/** Percent-decoding as a browser resolves a link; text that is not valid escapes is kept as written. */
export function percentDecode(p: string): string {
  if (!p.includes('%')) return p;
  try {
    return decodeURIComponent(p);
  } catch {
    return p.replace(/(?:%[0-9A-Fa-f]{2})+/g, (m) => {
      try {
        return decodeURIComponent(m);
      } catch {
        return m;
      }
    });
  }
}

/** What a link destination means: `null` when it is not a file of the skill (URL, anchor, empty). */
function destinationPath(dest: string): { raw: string; skip: boolean } {
  if (dest === '' || dest.startsWith('#') || dest.startsWith('//') || dest.startsWith('\\\\')) return { raw: dest, skip: true };
  if (SCHEME.test(dest) && !WINDOWS_DRIVE.test(dest)) return { raw: dest, skip: true };
  const cut = dest.search(/[?#]/);
  const raw = cut >= 0 ? dest.slice(0, cut) : dest;
  return { raw, skip: raw === '' };
}

interface Span {
  start: number;
  end: number;
}

/** Code spans of one line: [start, end) of their content (backticks excluded), and the spans to mask. */
function codeSpans(line: string): Array<Span & { open: number; close: number }> {
  const out: Array<Span & { open: number; close: number }> = [];
  let i = 0;
  while (i < line.length) {
    if (line[i] === '\\' && line[i + 1] === '`') {
      i += 2;
      continue;
    }
    if (line[i] !== '`') {
      i++;
      continue;
    }
    let n = 0;
    while (line[i + n] === '`') n++;
    const ticks = '`'.repeat(n);
    let j = i + n;
    let close = -1;
    while (j < line.length) {
      const k = line.indexOf(ticks, j);
      if (k < 0) break;
      let m = 0;
      while (line[k + m] === '`') m++;
      if (m === n) {
        close = k;
        break;
      }
      j = k + m;
    }
    if (close < 0) {
      i += n; // an unmatched run is literal text
      continue;
    }
    out.push({ open: i, close: close + n, start: i + n, end: close });
    i = close + n;
  }
  return out;
}

/** Parses a link destination starting at `i` (just after `(`, or after `]:` and spaces). Returns its raw
 *  bounds (inside `<…>` when so written) and where it ends, or null when there is no valid destination. */
function parseDestination(line: string, i: number): { start: number; end: number } | null {
  if (line[i] === '<') {
    let j = i + 1;
    while (j < line.length && line[j] !== '>' && line[j] !== '<') {
      if (line[j] === '\\') j++;
      j++;
    }
    return line[j] === '>' ? { start: i + 1, end: j } : null;
  }
  let j = i;
  let depth = 0;
  while (j < line.length) {
    const c = line[j] as string;
    if (c === '\\' && j + 1 < line.length) {
      j += 2;
      continue;
    }
    if (c === ' ' || c === '\t' || c.charCodeAt(0) < 0x20) break;
    if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) break;
      depth--;
    }
    j++;
  }
  return { start: i, end: j };
}

/** The words of a shell command line with their offsets; quotes are stripped from a word's bounds. */
function words(s: string, base: number): Array<{ text: string; start: number }> {
  const out: Array<{ text: string; start: number }> = [];
  const re = /"([^"]*)"|'([^']*)'|([^\s"']+)/g;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const text = m[1] ?? m[2] ?? m[3] ?? '';
    out.push({ text, start: base + m.index + (m[3] !== undefined ? 0 : 1) });
  }
  return out;
}

/** The trimmed path of a word that names a support file (trailing punctuation of prose dropped). */
function supportWord(w: string): string | null {
  const t = w.replace(/[.,:;!?)\]}>]+$/, '');
  if (!isSupportPath(t)) return null;
  // Patterns and placeholders are not paths: `scripts/*.py`, `references/<topic>.md`, `assets/${NAME}`.
  if (/[*?[\]{}<>$`|&;()]/.test(t)) return null;
  return t;
}

/** A script a shell command runs: the first command word (past `$ `, `sudo`, `VAR=x`) and how. */
function commandRun(cmd: Array<{ text: string; start: number }>): { word: { text: string; start: number }; run: 'direct' | 'interpreter' } | null {
  let k = 0;
  if (cmd[k]?.text === '$' || cmd[k]?.text === '>') k++;
  while (k < cmd.length && (PREFIX_WORDS.has(cmd[k]?.text ?? '') || /^[A-Za-z_][A-Za-z0-9_]*=/.test(cmd[k]?.text ?? ''))) k++;
  // A launcher (`uv run x.py`, `poetry run python x.py`, `npx tsx x.ts`), then the command; a file right after
  // one is interpreted (uv runs a `.py` with Python), not executed.
  let launched = false;
  if (/^(uv|poetry|pipenv|pdm|hatch)$/.test(cmd[k]?.text ?? '') && cmd[k + 1]?.text === 'run') {
    k += 2;
    launched = true;
  } else if (/^(npx|bunx|pnpx)$/.test(cmd[k]?.text ?? '')) {
    k += 1;
    launched = true;
  }
  const first = cmd[k];
  if (!first) return null;
  const name = first.text.replace(/^.*\//, '');
  if (INTERPRETERS.has(first.text) || INTERPRETERS.has(name)) {
    let j = k + 1;
    while (j < cmd.length && (cmd[j]?.text ?? '').startsWith('-')) j++;
    const target = cmd[j];
    return target && supportWord(target.text) === target.text ? { word: target, run: 'interpreter' } : null;
  }
  return supportWord(first.text) === first.text ? { word: first, run: launched ? 'interpreter' : 'direct' } : null;
}

/** The commands of one shell line, split on `&&`, `||`, `;`, `|` outside quotes. */
function commands(s: string, base: number): Array<Array<{ text: string; start: number }>> {
  const out: Array<Array<{ text: string; start: number }>> = [];
  let from = 0;
  let quote: string | null = null;
  const flush = (to: number): void => {
    out.push(words(s.slice(from, to), base + from));
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === ';' || c === '|' || (c === '&' && s[i + 1] === '&')) {
      flush(i);
      if (s[i + 1] === c) i++;
      from = i + 1;
    } else if (c === '#' && (i === 0 || /\s/.test(s[i - 1] ?? ''))) {
      break; // a comment
    }
  }
  if (from < s.length) flush(s.length);
  return out;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** What every candidate of a code span or a shell line holds (`isSupportPath` needs a folder name and a
 *  separator): text without it is not split into commands and words at all, which is most of a long body. */
const SUPPORT_MENTION = /(?:references|scripts|templates|assets)[\\/]/;

/**
 * The supporting-file candidates of the body starting at `bodyStart` in `text` (the author's view: past a BOM
 * and the frontmatter). Offsets are into `text`; `index` gives their positions.
 */
export function scanLinks(text: string, bodyStart: number, index: LineIndex): LinkScan {
  const links: SkillLink[] = [];
  let unchecked = 0;
  let uncheckedAt: [number, number] | undefined;
  // One line's candidates, added in the order they appear once the line is scanned.
  let pending: Array<[LinkKind, number, number, 'direct' | 'interpreter' | undefined]> = [];
  const add = (kind: LinkKind, start: number, end: number, run?: 'direct' | 'interpreter'): void => {
    pending.push([kind, start, end, run]);
  };
  const flush = (): void => {
    pending.sort((a, b) => a[1] - b[1]);
    for (const [kind, start, end, run] of pending) keep(kind, start, end, run);
    pending = [];
  };
  const keep = (kind: LinkKind, start: number, end: number, run?: 'direct' | 'interpreter'): void => {
    if (links.length >= MAX_LINKS) {
      if (unchecked++ === 0) uncheckedAt = [start, end];
      return;
    }
    const raw = text.slice(start, end);
    const s = index.position(start);
    const e = index.position(end);
    // Only a link destination is a URL (percent-encoded); a code span holds the file name itself.
    const decoded = kind === 'link' || kind === 'image' || kind === 'definition' ? percentDecode(raw) : raw;
    const link: SkillLink = { kind, raw, path: decoded, start, end, line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
    if (run) link.run = run;
    links.push(link);
  };

  let fence: { char: string; len: number } | null = null;
  let pos = bodyStart;
  // Without a carriage return in the body, lines end at `\n` alone and are found with indexOf.
  const noCR = text.indexOf('\r', bodyStart) < 0;
  // Outside a fence only lines with a backtick, a `]` or a `~~~` can hold a candidate: the prose between
  // them (most of a long body) is skipped with indexOf, never copied. Each `next` moves forward only.
  const next = { tick: -1, bracket: -1, tilde: -1 };
  const ahead = (k: keyof typeof next, needle: string): number => {
    if (next[k] !== text.length && next[k] < pos) {
      const i = text.indexOf(needle, pos);
      next[k] = i < 0 ? text.length : i;
    }
    return next[k];
  };
  while (pos < text.length) {
    flush();
    if (!fence) {
      const at = Math.min(ahead('tick', '`'), ahead('bracket', ']'), ahead('tilde', '~~~'));
      if (at >= text.length) break;
      let lineStart = at;
      if (noCR) lineStart = at > pos ? Math.max(pos, text.lastIndexOf('\n', at - 1) + 1) : pos;
      else while (lineStart > pos && text.charCodeAt(lineStart - 1) !== 10 && text.charCodeAt(lineStart - 1) !== 13) lineStart--;
      pos = lineStart;
    }
    let eol = pos;
    if (noCR) {
      eol = text.indexOf('\n', pos);
      if (eol < 0) eol = text.length;
    } else while (eol < text.length && text.charCodeAt(eol) !== 10 && text.charCodeAt(eol) !== 13) eol++;
    const base = pos;
    pos = eol + (text.charCodeAt(eol) === 13 && text.charCodeAt(eol + 1) === 10 ? 2 : 1);
    if (eol - base > MAX_LINE_CHARS) continue;
    // Past the cap nothing more is kept: stop (the finding says from where paths are not checked).
    if (unchecked > 0) break;
    const line = text.slice(base, eol);

    const f = FENCE.exec(line);
    if (fence) {
      if (f && f[1]?.[0] === fence.char && (f[1]?.length ?? 0) >= fence.len && line.slice(f[0].length).trim() === '') fence = null;
      else if (SUPPORT_MENTION.test(line))
        for (const cmd of commands(line, base)) {
          const r = commandRun(cmd);
          if (r) add('command', r.word.start, r.word.start + r.word.text.length, r.run);
        }
      continue;
    }
    if (f && !(f[1]?.[0] === '`' && line.slice(f[0].length).includes('`'))) {
      fence = { char: f[1]?.[0] ?? '`', len: f[1]?.length ?? 3 };
      continue;
    }

    const spans = codeSpans(line);
    // Code spans: paths under the four folders, and the script a command span runs.
    for (const sp of spans) {
      const content = line.slice(sp.start, sp.end);
      if (!SUPPORT_MENTION.test(content)) continue;
      const cmds = commands(content, base + sp.start);
      const runs = new Map<number, 'direct' | 'interpreter'>();
      for (const cmd of cmds) {
        const r = commandRun(cmd);
        if (!r) continue;
        // A lone `scripts/x.py` names the file; `./scripts/x.sh` or `scripts/x.sh --flag` runs it.
        if (r.run === 'direct' && cmd.length === 1 && !r.word.text.startsWith('./')) continue;
        runs.set(r.word.start, r.run);
      }
      for (const w of words(content, base + sp.start)) {
        const p = supportWord(w.text);
        if (p) add(runs.has(w.start) ? 'command' : 'code', w.start, w.start + p.length, runs.get(w.start));
      }
    }
    // Links, outside code spans.
    const masked = spans.length ? maskSpans(line, spans) : line;
    const def = /^ {0,3}\[((?:[^\]\\]|\\.)+)\]:[ \t]*/.exec(masked);
    if (def) {
      const d = parseDestination(masked, def[0].length);
      if (d && d.end > d.start) linkAt(masked, d, base, 'definition');
      continue;
    }
    for (let i = masked.indexOf(']('); i >= 0; i = masked.indexOf('](', i + 2)) {
      if (!hasOpeningBracket(masked, i)) continue;
      const d = parseDestination(masked, i + 2);
      if (!d) continue;
      // After the destination: optional spaces and title, then `)`.
      const rest = masked.slice(d.end);
      if (!/^(?:[ \t]+(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\)))?[ \t]*\)/.test(rest)) continue;
      const open = masked.lastIndexOf('[', i);
      linkAt(masked, d, base, open > 0 && masked[open - 1] === '!' ? 'image' : 'link');
    }
  }
  flush();
  return uncheckedAt !== undefined ? { links, unchecked, uncheckedAt } : { links, unchecked };

  function linkAt(line: string, d: Span, base: number, kind: LinkKind): void {
    const { raw, skip } = destinationPath(line.slice(d.start, d.end));
    if (skip) return;
    add(kind, base + d.start, base + d.start + raw.length);
  }
}

/** Whether the `]` at `close` ends a bracketed text (an unescaped `[` before it on the line). */
function hasOpeningBracket(line: string, close: number): boolean {
  let depth = 0;
  for (let i = close - 1; i >= 0; i--) {
    const c = line[i];
    if (line[i - 1] === '\\') continue;
    if (c === ']') depth++;
    else if (c === '[') {
      if (depth === 0) return true;
      depth--;
    }
  }
  return false;
}

function maskSpans(line: string, spans: ReadonlyArray<{ open: number; close: number }>): string {
  let out = '';
  let at = 0;
  for (const s of spans) {
    out += line.slice(at, s.open) + ' '.repeat(s.close - s.open);
    at = s.close;
  }
  return out + line.slice(at);
}

// ---------------------------------------------------------------------------------------------------------
// What the path says before the file system is asked

export type PathShape = { kind: 'absolute' } | { kind: 'escapes'; normalized: string } | { kind: 'inside'; segments: string[]; backslash: boolean };

/** The path of a link as the agent reads it: absolute, escaping the skill folder with `..`, or inside it
 *  (its segments, `\` read as a separator, `.` and `..` resolved). */
export function pathShape(p: string): PathShape {
  if (p.startsWith('/') || p.startsWith('~') || WINDOWS_DRIVE.test(p) || p.startsWith('\\')) return { kind: 'absolute' };
  const backslash = p.includes('\\');
  const segments: string[] = [];
  for (const seg of p.split(/[\\/]/)) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (segments.length === 0) return { kind: 'escapes', normalized: p.replace(/\\/g, '/') };
      segments.pop();
    } else segments.push(seg);
  }
  return { kind: 'inside', segments, backslash };
}

// ---------------------------------------------------------------------------------------------------------
// Findings the text alone decides (part of the analysis, cached with it)

export interface LinkFindingInit {
  code: 'link-absolute' | 'link-escapes' | 'link-backslash' | 'links-unchecked';
  severity: 'warning' | 'information';
  message: string;
  start: number;
  end: number;
  data?: { replacement: string };
}

/** The part of an absolute path from its last support folder on (`/home/me/x/references/a.md` → `references/a.md`). */
function relativeGuess(p: string): string | undefined {
  const parts = p.split(/[\\/]/);
  for (let i = parts.length - 2; i >= 0; i--) if ((SUPPORT_FOLDERS as readonly string[]).includes(parts[i] ?? '')) return parts.slice(i).join('/');
  return undefined;
}

/** `link-absolute`, `link-escapes` (by `..`), `link-backslash` and `links-unchecked`: what the paths say as
 *  written. Whether the others exist is the file system's question (files.ts). */
export function linkTextFindings(scan: LinkScan): LinkFindingInit[] {
  const out: LinkFindingInit[] = [];
  for (const l of scan.links) {
    const shape = pathShape(l.path);
    if (shape.kind === 'absolute') {
      const guess = relativeGuess(l.path);
      out.push({
        code: 'link-absolute',
        severity: 'warning',
        message: `${quoteForMessage(l.path, 80)} is an absolute path: it exists on one machine only, and a skill is installed and shared as its folder. Write the path relative to the skill folder${guess ? `, e.g. ${quoteForMessage(guess)}` : ''}.`,
        start: l.start,
        end: l.end,
      });
    } else if (shape.kind === 'escapes') {
      out.push({
        code: 'link-escapes',
        severity: 'warning',
        message: `${quoteForMessage(l.path, 80)} leaves the skill folder: a skill is installed, copied and shared as its folder alone, so this file is not there for the agent. Move it into the skill (e.g. under \`references/\`).`,
        start: l.start,
        end: l.end,
      });
    }
    if (l.raw.includes('\\') && shape.kind !== 'absolute') {
      const fixed = l.raw.replace(/\\/g, '/');
      out.push({
        code: 'link-backslash',
        severity: 'warning',
        message: `${quoteForMessage(l.raw, 80)} uses \`\\\` as a separator: on Linux and macOS it is part of a file name, so the agent looks for a file that does not exist. Write ${quoteForMessage(fixed, 80)}.`,
        start: l.start,
        end: l.end,
        data: { replacement: fixed },
      });
    }
  }
  if (scan.unchecked > 0 && scan.uncheckedAt !== undefined) {
    out.push({
      code: 'links-unchecked',
      severity: 'information',
      message: `The body names more than ${MAX_LINKS} supporting-file paths; only the first ${MAX_LINKS} are checked: this one and those after it are not.`,
      start: scan.uncheckedAt[0],
      end: scan.uncheckedAt[1],
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// For the editor: path completion, new supporting files

/** Why `name` cannot be a new file's path under one of the support folders, or undefined when it can: a
 *  relative path with `/` separators, no `.`/`..` or empty segments, no control characters. */
export function supportFileNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'Give the file a name, e.g. `guide.md` or `forms/invoice.md`.';

  if (/[\u0000-\u001f\u007f]/.test(name)) return 'The name has control characters.';
  if (name.includes('\\')) return 'Use `/` to separate folders, not `\\`.';
  if (name.startsWith('/') || name.startsWith('~') || WINDOWS_DRIVE.test(name) || /^[A-Za-z]:/.test(name))
    return 'Give a path relative to the folder, not an absolute one.';
  const segments = name.split('/');
  if (segments.some((s) => s === '..')) return '`..` would leave the folder: give a path inside it.';
  if (segments.some((s) => s === '' || s === '.')) return 'The path has an empty or `.` segment (`//`, a leading or trailing `/`, `./`).';
  if (segments.some((s) => s !== s.trim())) return 'A segment starts or ends with a space.';
  return undefined;
}

/** `path` as a Markdown link destination: characters that would end or break it are percent-encoded. */
export function linkDestination(p: string): string {
  return p.replace(/[\s%()<>[\]#?`\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

export interface PathCompletionContext {
  /** What is typed of the path before the cursor (`references/gu`). */
  typed: string;
  /** Offset where the typed path starts. */
  start: number;
  /** In a Markdown link's parentheses (any path), or a word under one of the support folders. */
  where: 'link' | 'word';
}

/** Where the cursor at `offset` is typing a supporting-file path: in `](…` of a link on its line, or in a word
 *  that starts with `references/`, `scripts/`, `templates/` or `assets/` (code spans, commands, prose). */
export function pathCompletionContext(text: string, offset: number, bodyStart: number): PathCompletionContext | null {
  if (offset < bodyStart) return null;
  let lineStart = offset;
  while (lineStart > bodyStart && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') lineStart--;
  if (offset - lineStart > MAX_LINE_CHARS) return null;
  const before = text.slice(lineStart, offset);
  const link = /\]\(<?([^\s()<>]*)$/.exec(before);
  if (link) {
    const typed = link[1] ?? '';
    if (SCHEME.test(typed) || typed.startsWith('#') || typed.startsWith('/')) return null;
    return { typed, start: offset - typed.length, where: 'link' };
  }
  const word = /(?:^|[\s`'"=(])((?:\.\/)?[A-Za-z]+\/[^\s`'"()<>]*)$/.exec(before);
  if (word && word[1] && isSupportPath(word[1])) return { typed: word[1], start: offset - word[1].length, where: 'word' };
  return null;
}
