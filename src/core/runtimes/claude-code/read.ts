// How Claude Code 2.1.332 reads one SKILL.md (or a legacy command file) into what its listing shows: the
// frontmatter block, the YAML with its two repairs, the description with its fallbacks and caps. Every rule is
// what the release did on the shared golden cases (../shared/golden/claude-code, named in parentheses).

import { parse as parseYaml } from 'yaml';

/** What the listing needs of one file. */
export interface ClaudeRead {
  /** The frontmatter as read (null: none, or YAML that stayed invalid after the repairs). */
  data: Record<string, unknown> | null;
  /** Why the frontmatter was ignored (YAML still invalid after the repairs), else null. */
  yamlError: string | null;
  /** Which repair made the YAML readable, if one did. */
  repaired: 'colon' | 'tab' | null;
  /** The text after the frontmatter block (the whole text when there is none). */
  body: string;
}

/** The block runs from a first line `---` to the first `---` after it, even in the middle of a line; an
 *  unclosed block is no frontmatter (e04). A byte order mark before it is accepted (e03). */
const BLOCK = /^---[ \t]*\r?\n([\s\S]*?)---/;

export function readClaudeFile(text: string): ClaudeRead {
  const t = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const m = BLOCK.exec(t);
  if (!m) return { data: null, yamlError: null, repaired: null, body: t };
  const body = t.slice(m[0].length);
  const block = m[1] as string;
  const first = tryYaml(block);
  if (first.ok) return { data: asMap(first.value), yamlError: null, repaired: null, body };
  // YAML that fails is read once more, rewritten line by line: every `key: value` line's value quoted, and
  // leading tabs made spaces. That repairs a plain value holding `: ` (e01) and a tab indenting a nested key
  // (e05 tab-key); the line test needs the value to reach the end of the line without a carriage return, so a
  // CRLF file is not repaired (e03); and it quotes the `>` or `|` of a block text too, which then fails to
  // read — a tab anywhere in a frontmatter holding a block text leaves it unread (e05 tab-block; the release
  // run on more such files by the conformance runner).
  const rewritten = rewriteLines(block);
  if (rewritten !== block) {
    const second = tryYaml(rewritten);
    if (second.ok) return { data: asMap(second.value), yamlError: null, repaired: /^\t/m.test(block) ? 'tab' : 'colon', body };
  }
  return { data: null, yamlError: first.error, repaired: null, body };
}

function tryYaml(src: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: parseYaml(src, { prettyErrors: false, uniqueKeys: false }) };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? (e.message.split('\n')[0] ?? '') : String(e) };
  }
}

function asMap(v: unknown): Record<string, unknown> | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

const KEY_LINE = /^(\s*[\w.-]+):[ \t]+(.*)$/;

function rewriteLines(block: string): string {
  return block
    .split('\n')
    .map((raw) => {
      const line = raw.replace(/^\t+/, (tabs) => '  '.repeat(tabs.length));
      const m = KEY_LINE.exec(line);
      if (!m) return line;
      const value = m[2] as string;
      // Only a value YAML would read otherwise is quoted: one holding `: ` or ` #`, or starting with a block
      // or node indicator, and not already quoted. A flow list, `~` or plain words stay as they are (the release run on
      // `description: [a, b]` and `description: ~` with a tab beside them).
      if (/^["']/.test(value) || !(value.includes(': ') || value.includes(' #') || /^[>|*&!%@`]/.test(value))) return line;
      return `${m[1]}: "${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
    })
    .join('\n');
}

/** The description as listed before escaping and the per-entry cap, and whether a fallback cut it. */
export interface ClaudeDescription {
  text: string;
  /** The body line used was over 100 characters (d01). */
  cutLine: boolean;
  /** Where it came from. */
  from: 'description' | 'body' | 'default';
}

/** `description` when it is a usable value, else the first non-blank body line, else `Skill` (d01, d02,
 *  e04); `when_to_use` appended (d05); made one line (d03). */
export function descriptionOf(read: ClaudeRead): ClaudeDescription {
  const d = read.data?.['description'];
  let text: string | null = null;
  let from: ClaudeDescription['from'] = 'description';
  let cutLine = false;
  if (typeof d === 'string' && d.trim() !== '') text = d.trim();
  else if (typeof d === 'number' || typeof d === 'boolean') text = String(d);
  if (text === null) {
    const line = firstBodyLine(read.body);
    if (line === null) {
      text = 'Skill';
      from = 'default';
    } else {
      from = 'body';
      if (line.length > 100) {
        text = `${line.slice(0, 97)}...`;
        cutLine = true;
      } else text = line;
    }
  }
  const wtu = read.data?.['when_to_use'];
  if (typeof wtu === 'string' && wtu.trim() !== '') text = `${text} - ${wtu.trim()}`;
  else if (typeof wtu === 'number' || typeof wtu === 'boolean') text = `${text} - ${String(wtu)}`;
  return { text: oneLine(text), cutLine, from };
}

/** The first non-blank line of the body, leading `#`s and the space after them removed. */
export function firstBodyLine(body: string): string | null {
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const stripped = line.replace(/^#+\s*/, '').trim();
    if (stripped === '') continue;
    return stripped;
  }
  return null;
}

/** Line breaks, tabs and other control characters become single spaces; the ends are trimmed (d03). */
function oneLine(s: string): string {
  return s
    .replace(/\r\n/g, ' ')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim();
}

/** `<` and `>` written as entities; `&` and quotes stay (d04). */
export function escapeAngles(s: string): string {
  return s.replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Over `max` characters: the first `max - 1` and `…` (d06, d07). */
export function capDescription(s: string, max: number): { text: string; cut: boolean } {
  return s.length > max ? { text: `${s.slice(0, Math.max(0, max - 1))}…`, cut: true } : { text: s, cut: false };
}

/** `disable-model-invocation` true, `True`, "yes", `on`, 1 hide the skill; false and "no" do not (f01). */
export function disablesModelInvocation(v: unknown): boolean {
  if (v === true || v === 1) return true;
  if (typeof v === 'string') return ['true', 'yes', 'on', '1'].includes(v.trim().toLowerCase());
  return false;
}

/** A frontmatter `name` shown beside the folder: letters of any script, digits, `_ : . -`, at most 256 (c01, c02). */
export function isShowableName(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0 && v.length <= 256 && /^[\p{L}\p{N}_:.-]+$/u.test(v);
}
