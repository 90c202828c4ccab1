// Where OpenClaw's complaints about an openclaw.json lie in its text. 2026.9.6 refuses a file its schema rejects
// and names each problem by its key path ("env: Unrecognized key: \"APP_REGION\"", "skills.entries.x.enabled:
// Invalid input: …"); the CLI and the editor put each finding on that key rather than on the whole file. The file
// is JSON5 (comments, unquoted and single-quoted keys, trailing commas), which no position-aware parser in our
// dependencies reads, so a small scanner records where each property key is, by path; a complaint whose key it
// cannot find goes on the nearest key above it, else on the first line.

/** A property key of the file: its path from the root and where its token is (offsets into the text). */
interface KeyAt {
  path: string[];
  start: number;
  end: number;
}

interface Frame {
  kind: 'object' | 'array';
  /** The path of this object or array. */
  path: string[];
  /** Objects: the key whose value comes next (null while a key is expected). Arrays: the next item's index. */
  key: string | null;
  index: number;
}

const PUNCTUATION = new Set(['{', '}', '[', ']', ':', ',']);

/** Every property key of `text` with its path, in the order they appear. Never throws: text that is not JSON5 yields
 *  what could be read before it went wrong. */
export function propertyKeys(text: string): KeyAt[] {
  const out: KeyAt[] = [];
  const stack: Frame[] = [];
  let i = 0;
  // A key-or-value token just read inside an object where a key is expected: it is a key if ':' follows.
  let pending: { name: string; start: number; end: number } | null = null;
  const top = (): Frame | undefined => stack[stack.length - 1];
  const childPath = (f: Frame | undefined): string[] => (!f ? [] : f.kind === 'object' ? [...f.path, f.key ?? ''] : [...f.path, String(f.index)]);
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c) || c === '\ufeff') {
      i++;
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl + 1;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 2;
      continue;
    }
    if (PUNCTUATION.has(c)) {
      const f = top();
      if (c === ':' && pending && f?.kind === 'object') {
        f.key = pending.name;
        out.push({ path: [...f.path, pending.name], start: pending.start, end: pending.end });
      } else if (c === '{' || c === '[') stack.push({ kind: c === '{' ? 'object' : 'array', path: childPath(f), key: null, index: 0 });
      else if (c === '}' || c === ']') stack.pop();
      else if (c === ',' && f) {
        if (f.kind === 'object') f.key = null;
        else f.index++;
      }
      pending = null;
      i++;
      continue;
    }
    // A string, or a bare word (an identifier key, a number, true/false/null).
    const start = i;
    let name: string;
    if (c === '"' || c === "'") {
      let j = i + 1;
      let value = '';
      while (j < text.length && text[j] !== c) {
        if (text[j] === '\\' && j + 1 < text.length) {
          value += text[j + 1];
          j += 2;
        } else value += text[j++];
      }
      i = Math.min(text.length, j + 1);
      name = value;
    } else {
      let j = i;
      while (j < text.length && !/\s/.test(text[j] as string) && !PUNCTUATION.has(text[j] as string) && text[j] !== '"' && text[j] !== "'" && text[j] !== '/')
        j++;
      if (j === i) j++;
      name = text.slice(i, j);
      i = j;
    }
    const f = top();
    pending = f?.kind === 'object' && f.key === null ? { name, start, end: i } : null;
  }
  return out;
}

/** A complaint placed in the text: 1-based line and column of its start and end. */
export interface PlacedIssue {
  issue: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** The key path an issue names ("env.vars: …" → ['env', 'vars']; "<root>: …" → []), and the keys an "Unrecognized
 *  key(s)" complaint lists. */
function issueTarget(issue: string): { path: string[]; keys: string[] } {
  const colon = issue.indexOf(': ');
  const at = colon < 0 ? '<root>' : issue.slice(0, colon);
  const path = at === '<root>' ? [] : at.split('.');
  const rest = colon < 0 ? '' : issue.slice(colon + 2);
  const keys = /^Unrecognized keys?: /.test(rest) ? [...rest.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string) : [];
  return { path, keys };
}

const samePath = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, k) => x === b[k]);

/** Each issue on the key it names: an unrecognized key on that key, another complaint on the key of its path, else on
 *  the nearest key above it, else on the first line. */
export function placeConfigIssues(text: string, issues: readonly string[]): PlacedIssue[] {
  const keys = propertyKeys(text);
  const lineStarts = [0];
  for (let k = 0; k < text.length; k++) if (text[k] === '\n') lineStarts.push(k + 1);
  const position = (offset: number): { line: number; column: number } => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (lineStarts[lo] as number) + 1 };
  };
  return issues.map((issue) => {
    const { path, keys: unknownKeys } = issueTarget(issue);
    let found: KeyAt | undefined;
    for (const k of unknownKeys) if ((found = keys.find((x) => samePath(x.path, [...path, k])))) break;
    for (let n = path.length; !found && n > 0; n--) found = keys.find((x) => samePath(x.path, path.slice(0, n)));
    if (!found) {
      const firstLineEnd = text.indexOf('\n');
      const end = position(firstLineEnd < 0 ? text.length : firstLineEnd);
      return { issue, line: 1, column: 1, endLine: 1, endColumn: Math.max(1, end.line === 1 ? end.column : 1) };
    }
    const s = position(found.start);
    const e = position(found.end);
    return { issue, line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
  });
}
