// VS Code's own YAML reader, as far as a SKILL.md frontmatter needs it (src/vs/base/common/yaml.ts `parse`, its
// YamlScanner and YamlParser). VS Code does not use a YAML library for prompt files: it has a small reader of its
// own that never throws. Problems (a wrong indentation, a duplicate key, a missing value) are collected as errors
// beside a tree that keeps whatever could be read, so a frontmatter VS Code cannot fully read still yields the keys
// before the trouble (RULES.md §3, cases c03–c06). What this reader reproduces, in VS Code's terms:
//  - a scanner that turns each line into tokens: indentation, plain / single-quoted / double-quoted / block (`|`,
//    `>`) scalars, `:` (only when followed by a space, a line end, or inside `{}`/`[]` a flow indicator, and only
//    once per line outside `{}`/`[]`: `description: Deploys apps: staging` is one value, case c05), `- `,
//    flow brackets and commas (commas and closing brackets only inside a flow collection), comments (`#` at the
//    start of a token or after a space), `---` / `...` at column 0;
//  - a parser that builds block maps and sequences by indentation, folds multi-line plain scalars (a line break is
//    a space, an empty line a `\n`), and stops a map at the first line that is not `key:` at its indentation.
// Every scalar is text: `42`, `true` and `null` are the strings `42`, `true`, `null`.
//
// The reader is written for this project from the behaviour of VS Code's reader (read at microsoft/vscode and
// checked against VS Code 1.139.1 through the golden cases); it is not a general YAML parser.

export type YamlNode = YamlScalar | YamlMap | YamlSeq;
export interface YamlScalar {
  kind: 'scalar';
  value: string;
  quoted: boolean;
}
export interface YamlMap {
  kind: 'map';
  entries: Array<{ key: string; value: YamlNode }>;
}
export interface YamlSeq {
  kind: 'seq';
  items: YamlNode[];
}

const enum T {
  Scalar,
  Colon,
  Dash,
  Comma,
  MapOpen,
  MapClose,
  SeqOpen,
  SeqClose,
  Newline,
  Indent,
  Comment,
  DocStart,
  DocEnd,
  End,
}

interface Tok {
  t: T;
  /** Offset of the token's first character in the input. */
  at: number;
  /** Scalars: the value as read (quotes and escapes resolved, blocks folded). */
  value: string;
  /** Scalars: whether the value was quoted or a block (not a plain scalar). */
  styled: boolean;
  /** Indent tokens: the number of blank characters. */
  width: number;
}

const tok = (t: T, at: number, value = '', styled = false, width = 0): Tok => ({ t, at, value, styled, width });
/** `list[i]`, or an end token past either end (the lists always end with one). */
const tokAt = (list: readonly Tok[], i: number): Tok => list[i] ?? tok(T.End, 0);

const isBreak = (c: string | undefined) => c === '\n' || c === '\r';
const isBlank = (c: string | undefined) => c === ' ' || c === '\t';
/** What may follow `-`, `---`, `...` or `:` for it to count as an indicator. */
const endsIndicator = (c: string | undefined) => c === undefined || isBlank(c) || isBreak(c);

/** Turns the frontmatter text into tokens, line by line (yaml.ts YamlScanner). */
class Scanner {
  private pos = 0;
  private depth = 0; // flow nesting: `,` `}` `]` are special only inside `{…}` / `[…]`
  private keyed = false; // this line already had a `key:` (outside flow): a later `: ` is text
  readonly out: Tok[] = [];

  constructor(private readonly s: string) {}

  run(): Tok[] {
    while (this.pos < this.s.length) this.line();
    this.out.push(tok(T.End, this.pos));
    return this.out;
  }

  private ch(k = 0): string | undefined {
    return this.s[this.pos + k];
  }

  /** Steps over one line break (\r\n, \n or \r); false when there is none here. */
  private skipBreak(): boolean {
    if (this.ch() === '\r' && this.ch(1) === '\n') {
      this.pos += 2;
      return true;
    }
    if (isBreak(this.ch())) {
      this.pos++;
      return true;
    }
    return false;
  }

  private breakToken(): void {
    const at = this.pos;
    if (this.skipBreak()) this.out.push(tok(T.Newline, at));
  }

  private line(): void {
    this.keyed = false;
    if (isBreak(this.ch())) return this.breakToken();
    const start = this.pos;
    while (isBlank(this.ch())) this.pos++;
    const width = this.pos - start;
    if (width > 0) this.out.push(tok(T.Indent, start, '', false, width));
    if (this.pos >= this.s.length) return;
    if (isBreak(this.ch())) return this.breakToken();
    if (width === 0 && this.s.length - this.pos >= 3 && endsIndicator(this.ch(3))) {
      const three = this.s.slice(this.pos, this.pos + 3);
      if (three === '---' || three === '...') {
        this.out.push(tok(three === '---' ? T.DocStart : T.DocEnd, this.pos));
        this.pos += 3;
        this.content();
        return this.breakToken();
      }
    }
    if (this.ch() === '#') {
      this.comment();
      return this.breakToken();
    }
    if (this.ch() === '%') {
      // a directive line (%YAML, %TAG): skipped whole
      while (this.pos < this.s.length && !isBreak(this.ch())) this.pos++;
      return this.breakToken();
    }
    this.content();
    this.breakToken();
  }

  private comment(): void {
    const at = this.pos;
    while (this.pos < this.s.length && !isBreak(this.ch())) this.pos++;
    this.out.push(tok(T.Comment, at));
  }

  /** A `:` that separates a key from its value: never a second one on a line outside `{…}`/`[…]` (so
   *  `description: Deploys apps: staging` is one value), else when followed by a blank or a line end, or, inside
   *  `{…}`/`[…]`, by `,` `}` `]`. */
  private colonHere(): boolean {
    if (this.keyed && this.depth === 0) return false;
    const next = this.ch(1);
    if (endsIndicator(next)) return true;
    return this.depth > 0 && (next === ',' || next === '}' || next === ']');
  }

  /** Inside `{…}`/`[…]`, a `:` right after a quoted scalar or a closing bracket is an indicator too. */
  private afterJsonLike(): boolean {
    for (let i = this.out.length - 1; i >= 0; i--) {
      const k = tokAt(this.out, i);
      if (k.t === T.Newline || k.t === T.Indent || k.t === T.Comment) continue;
      return (k.t === T.Scalar && k.styled) || k.t === T.MapClose || k.t === T.SeqClose;
    }
    return false;
  }

  private content(): void {
    while (this.pos < this.s.length && !isBreak(this.ch())) {
      while (isBlank(this.ch())) this.pos++;
      if (this.pos >= this.s.length || isBreak(this.ch())) break;
      const c = this.ch();
      const at = this.pos;
      if (c === '#') {
        this.comment();
        break;
      }
      if (c === '{' || c === '[') {
        this.depth++;
        this.out.push(tok(c === '{' ? T.MapOpen : T.SeqOpen, at));
        this.pos++;
      } else if ((c === '}' || c === ']') && this.depth > 0) {
        this.depth--;
        this.out.push(tok(c === '}' ? T.MapClose : T.SeqClose, at));
        this.pos++;
      } else if (c === ',' && this.depth > 0) {
        this.out.push(tok(T.Comma, at));
        this.pos++;
      } else if (c === '-' && endsIndicator(this.ch(1))) {
        this.out.push(tok(T.Dash, at));
        this.pos++;
      } else if (c === ':' && this.colonHere()) {
        this.out.push(tok(T.Colon, at));
        this.pos++;
        if (this.depth === 0) this.keyed = true;
      } else if (c === ':' && this.depth > 0 && this.afterJsonLike()) {
        this.out.push(tok(T.Colon, at));
        this.pos++;
      } else if (c === '"' || c === "'") {
        this.quoted(c);
      } else if ((c === '|' || c === '>') && this.depth === 0 && this.blockHeaderHere()) {
        this.block(c);
        break;
      } else this.plain();
    }
  }

  private plain(): void {
    const start = this.pos;
    let end = start;
    while (this.pos < this.s.length) {
      const c = this.ch();
      if (isBreak(c)) break;
      if (this.depth > 0 && (c === ',' || c === '}' || c === ']' || c === '{' || c === '[')) break;
      if (c === ':' && this.colonHere()) break;
      if (c === '#' && this.pos > start && isBlank(this.s[this.pos - 1])) break;
      this.pos++;
      if (!isBlank(c)) end = this.pos;
    }
    this.out.push(tok(T.Scalar, start, this.s.slice(start, end)));
  }

  private quoted(q: '"' | "'"): void {
    const start = this.pos;
    this.pos++;
    let v = '';
    let trailing = 0; // blanks written from the source at the end of `v` (not from escapes)
    while (this.pos < this.s.length) {
      const c = this.s[this.pos];
      if (c === q) {
        if (q === "'" && this.ch(1) === "'") {
          v += "'";
          this.pos += 2;
          trailing = 0;
          continue;
        }
        this.pos++;
        this.out.push(tok(T.Scalar, start, v, true));
        return;
      }
      if (q === '"' && c === '\\') {
        const n = this.ch(1);
        if (isBreak(n)) {
          // an escaped line break joins the lines without a space
          this.pos++;
          this.skipBreak();
          while (isBlank(this.ch())) this.pos++;
          trailing = 0;
          continue;
        }
        const hex = (len: number): boolean => {
          const digits = this.s.slice(this.pos + 2, this.pos + 2 + len);
          const code = parseInt(digits, 16);
          if (digits.length !== len || Number.isNaN(code)) {
            v += `\\${n}`;
            this.pos += 2;
            return true;
          }
          // a code point past U+10FFFF throws here, as in VS Code: the file then fails to read (parseYaml)
          v += len === 2 ? String.fromCharCode(code) : String.fromCodePoint(code);
          this.pos += 2 + len;
          return true;
        };
        if (n === 'x' || n === 'u' || n === 'U') {
          hex(n === 'x' ? 2 : n === 'u' ? 4 : 8);
          trailing = 0;
          continue;
        }
        v += ESCAPES[n ?? ''] ?? `\\${n ?? ''}`;
        this.pos += 2;
        trailing = 0;
        continue;
      }
      if (isBreak(c)) {
        // a line break inside quotes folds: one break is a space, each empty line a \n
        if (trailing > 0) v = v.slice(0, v.length - trailing);
        trailing = 0;
        this.skipBreak();
        let empty = 0;
        while (this.pos < this.s.length) {
          while (isBlank(this.ch())) this.pos++;
          if (isBreak(this.ch())) {
            empty++;
            this.skipBreak();
          } else break;
        }
        v += empty > 0 ? '\n'.repeat(empty) : ' ';
        continue;
      }
      trailing = isBlank(c) ? trailing + 1 : 0;
      v += c;
      this.pos++;
    }
    // never closed: what was read up to the end
    this.out.push(tok(T.Scalar, start, v, true));
  }

  /** `|` or `>` followed by indicators, blanks and then a line end or a comment. */
  private blockHeaderHere(): boolean {
    let p = this.pos + 1;
    while (p < this.s.length && /[1-9+-]/.test(this.s[p] ?? '')) p++;
    while (isBlank(this.s[p])) p++;
    return p >= this.s.length || isBreak(this.s[p]) || this.s[p] === '#';
  }

  /** The column of the token that owns a block scalar: the key before `:`, the `-`, or -1 at the document's top. */
  private ownerIndent(): number {
    const skip = (k: Tok) => k.t === T.Newline || k.t === T.Comment || k.t === T.Indent;
    for (let i = this.out.length - 1; i >= 0; i--) {
      const k = tokAt(this.out, i);
      if (skip(k)) continue;
      if (k.t === T.Colon) {
        for (let j = i - 1; j >= 0; j--) if (!skip(tokAt(this.out, j))) return this.column(tokAt(this.out, j).at);
        return 0;
      }
      if (k.t === T.Dash) return this.column(k.at);
      if (k.t === T.DocStart) return -1;
      return 0;
    }
    return 0;
  }

  private column(offset: number): number {
    let col = 0;
    for (let p = offset - 1; p >= 0 && !isBreak(this.s[p]); p--) col++;
    return col;
  }

  private block(style: '|' | '>'): void {
    const start = this.pos;
    this.pos++;
    let explicit = 0;
    let chomp: 'clip' | 'strip' | 'keep' = 'clip';
    for (let i = 0; i < 2; i++) {
      const c = this.ch();
      if (c !== undefined && c >= '1' && c <= '9' && explicit === 0) {
        explicit = Number(c);
        this.pos++;
      } else if (c === '-' && chomp === 'clip') {
        chomp = 'strip';
        this.pos++;
      } else if (c === '+' && chomp === 'clip') {
        chomp = 'keep';
        this.pos++;
      }
    }
    while (isBlank(this.ch())) this.pos++;
    if (this.ch() === '#') while (this.pos < this.s.length && !isBreak(this.ch())) this.pos++;
    this.skipBreak();
    const owner = this.ownerIndent();
    let indent = explicit > 0 ? owner + explicit : 0;
    const lines: string[] = [];
    let trailingEmpty = 0;
    while (this.pos < this.s.length) {
      const lineStart = this.pos;
      let spaces = 0;
      while (this.ch() === ' ') {
        spaces++;
        this.pos++;
      }
      if (this.pos >= this.s.length || isBreak(this.ch())) {
        if (indent > 0 && spaces >= indent) {
          const kept = this.s.slice(lineStart + indent, this.pos);
          lines.push(kept);
          trailingEmpty = kept === '' ? trailingEmpty + 1 : 0;
        } else {
          lines.push('');
          trailingEmpty++;
        }
        this.skipBreak();
        continue;
      }
      if (spaces === 0 && this.s.length - this.pos >= 3 && endsIndicator(this.ch(3))) {
        const three = this.s.slice(this.pos, this.pos + 3);
        if (three === '---' || three === '...') {
          this.pos = lineStart;
          break;
        }
      }
      if (indent === 0) {
        if (spaces <= owner) {
          this.pos = lineStart;
          break;
        }
        indent = spaces;
      }
      if (spaces < indent) {
        this.pos = lineStart;
        break;
      }
      while (this.pos < this.s.length && !isBreak(this.ch())) this.pos++;
      lines.push(this.s.slice(lineStart + indent, this.pos));
      trailingEmpty = 0;
      this.skipBreak();
    }
    let v = style === '|' ? lines.join('\n') : fold(lines);
    if (trailingEmpty > 0) v = v.replace(/\n+$/, '');
    const hasText = lines.some((l) => l !== '');
    if (chomp === 'clip' && hasText) v += '\n';
    else if (chomp === 'keep') v = hasText ? v + '\n'.repeat(trailingEmpty + 1) : '\n'.repeat(trailingEmpty);
    this.out.push(tok(T.Scalar, start, v, true));
  }
}

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  '\\': '\\',
  '"': '"',
  '/': '/',
  r: '\r',
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  v: '\v',
  f: '\f',
  ' ': ' ',
  _: '\xa0',
};

/** The lines of a folded (`>`) block joined: neighbouring lines by a space, empty lines as `\n`, lines indented
 *  deeper than the block keep their breaks. */
function fold(lines: string[]): string {
  let v = '';
  let lastDeeper = false;
  let inEmpty = false;
  let seen = false;
  lines.forEach((line, i) => {
    const deeper = line.length > 0 && isBlank(line[0]);
    if (line === '') {
      v += '\n';
      inEmpty = true;
    } else if (i === 0) {
      v = line;
      lastDeeper = deeper;
      seen = true;
    } else if (inEmpty) {
      v += (lastDeeper || deeper) && seen ? `\n${line}` : line;
      lastDeeper = deeper;
      inEmpty = false;
      seen = true;
    } else if (deeper || lastDeeper) {
      v += `\n${line}`;
      lastDeeper = deeper;
      seen = true;
    } else {
      v += ` ${line}`;
      lastDeeper = false;
      seen = true;
    }
  });
  return v;
}

const EMPTY: YamlScalar = { kind: 'scalar', value: '', quoted: false };

/** Builds the tree from the tokens (yaml.ts YamlParser). Never throws; every loop consumes a token or stops. */
class Parser {
  private i = 0;
  private readonly lineStarts: string;

  constructor(
    private readonly ts: Tok[],
    input: string,
  ) {
    this.lineStarts = input;
  }

  private cur(): Tok {
    return tokAt(this.ts, this.i);
  }
  private peek(k = 0): Tok {
    return tokAt(this.ts, Math.min(this.i + k, this.ts.length - 1));
  }
  private next(): Tok {
    const k = tokAt(this.ts, this.i);
    if (k.t !== T.End) this.i++;
    return k;
  }
  /** The current token, consumed only when it is of kind `t`. */
  private take(t: T): Tok {
    return this.cur().t === t ? this.next() : this.cur();
  }

  private column(offset: number): number {
    let col = 0;
    for (let p = offset - 1; p >= 0 && !isBreak(this.lineStarts[p]); p--) col++;
    return col;
  }

  private skipLines(): void {
    for (;;) {
      const k = this.cur();
      const blankIndent = k.t === T.Indent && [T.Newline, T.Comment, T.End].includes(this.peek(1).t);
      if (k.t === T.Newline || k.t === T.Comment || blankIndent) this.next();
      else return;
    }
  }

  private indentHere(): number {
    return this.cur().t === T.Indent ? this.cur().width : 0;
  }
  private pastIndent(): Tok {
    return this.cur().t === T.Indent ? this.peek(1) : this.cur();
  }
  private keyHere(): boolean {
    const o = this.cur().t === T.Indent ? 1 : 0;
    return this.peek(o).t === T.Scalar && this.peek(o + 1).t === T.Colon;
  }

  document(): YamlNode | undefined {
    this.skipLines();
    if (this.cur().t === T.DocStart) {
      this.next();
      this.skipLines();
    }
    if (this.cur().t === T.End || this.cur().t === T.DocEnd) return undefined;
    return this.value(-1);
  }

  private value(parent: number): YamlNode | undefined {
    this.skipLines();
    const k = this.cur();
    const flow = k.t === T.Indent ? this.peek(1) : k;
    if (flow.t === T.MapOpen || flow.t === T.SeqOpen) {
      if (k.t === T.Indent) this.next();
      return flow.t === T.MapOpen ? this.flowMap() : this.flowSeq();
    }
    const indent = this.indentHere();
    if (this.pastIndent().t === T.Dash) return this.blockSeq(indent);
    if (this.keyHere()) return this.blockMap(indent);
    if (k.t === T.Scalar || k.t === T.Indent) return this.scalar(parent);
    return undefined;
  }

  private scalar(parent: number): YamlScalar {
    if (this.cur().t === T.Indent) this.next();
    const k = this.take(T.Scalar);
    if (k.styled) return { kind: 'scalar', value: k.value, quoted: true };
    return this.plainLines(k, parent);
  }

  /** A plain scalar and the lines that continue it (deeper than `parent`): a break is a space, empty lines `\n`. */
  private plainLines(first: Tok, parent: number): YamlScalar {
    let v = first.value;
    for (;;) {
      const saved = this.i;
      let empty = 0;
      let more = false;
      for (;;) {
        const k = this.cur();
        if (k.t !== T.Newline) break;
        this.next();
        const after = this.cur();
        if (after.t === T.Newline) {
          empty++;
          continue;
        }
        if (after.t === T.Indent) {
          const then = this.peek(1);
          if (then.t === T.Newline || then.t === T.End) {
            empty++;
            this.next();
            continue;
          }
          if (then.t !== T.Comment && after.width > parent) more = true;
          break;
        }
        if (after.t === T.End || after.t === T.DocStart || after.t === T.DocEnd) break;
        if (parent < 0) more = true;
        break;
      }
      if (!more) {
        this.i = saved;
        break;
      }
      if (this.cur().t === T.Indent) this.next();
      if (this.cur().t !== T.Scalar) {
        if (this.cur().t === T.Dash) {
          // a `- ` deeper than the parent continues the text
          this.next();
          let text = '-';
          if (this.cur().t === T.Scalar) text = `- ${this.next().value}`;
          v += (empty > 0 ? '\n'.repeat(empty) : ' ') + text;
          continue;
        }
        this.i = saved;
        break;
      }
      if (this.peek(1).t === T.Colon) {
        this.i = saved;
        break;
      }
      const k = this.next();
      v += (empty > 0 ? '\n'.repeat(empty) : ' ') + k.value;
    }
    return { kind: 'scalar', value: v, quoted: false };
  }

  private blockMap(base: number, firstInline = false): YamlMap {
    const entries: YamlMap['entries'] = [];
    if (firstInline) {
      const e = this.entry(base);
      if (e) entries.push(e);
    }
    while (this.cur().t !== T.End) {
      this.skipLines();
      if (this.cur().t === T.End) break;
      const indent = this.indentHere();
      // deeper lines are an error in VS Code, yet read as entries of this map
      if (indent < base) break;
      if (!this.keyHere()) break;
      const e = this.entry(base);
      if (!e) break;
      entries.push(e);
    }
    return { kind: 'map', entries };
  }

  private entry(base: number): { key: string; value: YamlNode } | undefined {
    if (this.cur().t === T.Indent) this.next();
    const key = this.take(T.Scalar);
    if (this.cur().t !== T.Colon) return undefined;
    this.next();
    return { key: key.t === T.Scalar ? key.value : '', value: this.entryValue(base) };
  }

  private entryValue(base: number): YamlNode {
    const k = this.cur();
    if (k.t === T.MapOpen) return this.flowMap();
    if (k.t === T.SeqOpen) return this.flowSeq();
    if (k.t === T.Scalar) {
      this.next();
      return k.styled ? { kind: 'scalar', value: k.value, quoted: true } : this.plainLines(k, base);
    }
    this.skipLines();
    if (this.cur().t === T.End) return EMPTY;
    const indent = this.indentHere();
    if (indent === base && this.pastIndent().t === T.Dash) return this.value(base) ?? EMPTY;
    if (indent <= base) return EMPTY;
    return this.value(base) ?? EMPTY;
  }

  private blockSeq(base: number): YamlSeq {
    const items: YamlNode[] = [];
    let first = true;
    while (this.cur().t !== T.End) {
      this.skipLines();
      if (this.cur().t === T.End) break;
      const indent = first && this.cur().t === T.Dash ? this.column(this.cur().at) : this.indentHere();
      first = false;
      if (indent < base) break;
      if (this.pastIndent().t !== T.Dash) break;
      if (this.cur().t === T.Indent) this.next();
      this.next();
      items.push(this.item(base));
    }
    return { kind: 'seq', items };
  }

  private item(base: number): YamlNode {
    const k = this.cur();
    if (k.t === T.Comment) this.next();
    if (k.t === T.MapOpen) return this.flowMap();
    if (k.t === T.SeqOpen) return this.flowSeq();
    if (k.t === T.Dash) return this.blockSeq(this.column(k.at));
    if (k.t === T.Scalar) {
      if (this.peek(1).t === T.Colon) return this.blockMap(this.column(k.at), true);
      return this.scalar(base);
    }
    this.skipLines();
    if (this.cur().t === T.End) return EMPTY;
    if (this.indentHere() <= base) return EMPTY;
    return this.value(base) ?? EMPTY;
  }

  private skipFlowSpace(): void {
    while ([T.Newline, T.Indent, T.Comment].includes(this.cur().t)) this.next();
  }

  private flowMap(): YamlMap {
    this.next();
    const entries: YamlMap['entries'] = [];
    this.skipFlowSpace();
    while (this.cur().t !== T.MapClose && this.cur().t !== T.End) {
      if (this.cur().t !== T.Scalar) break;
      const key = this.flowScalar();
      this.skipFlowSpace();
      let value: YamlNode = EMPTY;
      if (this.cur().t === T.Colon) {
        this.next();
        this.skipFlowSpace();
        value = this.flowValue();
      }
      entries.push({ key: key.value, value });
      this.skipFlowSpace();
      if (this.cur().t === T.Comma) {
        this.next();
        this.skipFlowSpace();
      }
    }
    if (this.cur().t === T.MapClose) this.next();
    return { kind: 'map', entries };
  }

  private flowSeq(): YamlSeq {
    this.next();
    const items: YamlNode[] = [];
    this.skipFlowSpace();
    while (this.cur().t !== T.SeqClose && this.cur().t !== T.End) {
      const k = this.cur();
      if (k.t === T.MapOpen) items.push(this.flowMap());
      else if (k.t === T.SeqOpen) items.push(this.flowSeq());
      else if (k.t === T.Scalar) items.push(this.flowScalar());
      else {
        this.next();
        continue;
      }
      this.skipFlowSpace();
      if (this.cur().t === T.Comma) {
        this.next();
        this.skipFlowSpace();
      }
    }
    if (this.cur().t === T.SeqClose) this.next();
    return { kind: 'seq', items };
  }

  private flowValue(): YamlNode {
    const k = this.cur();
    if (k.t === T.MapOpen) return this.flowMap();
    if (k.t === T.SeqOpen) return this.flowSeq();
    if (k.t === T.Scalar) return this.flowScalar();
    return EMPTY;
  }

  /** A scalar inside `{…}`/`[…]`; plain ones continue over line breaks (joined by a space). */
  private flowScalar(): YamlScalar {
    const k = this.next();
    if (k.styled) return { kind: 'scalar', value: k.value, quoted: true };
    let v = k.value;
    for (;;) {
      let p = this.i;
      let broke = false;
      while (p < this.ts.length) {
        const t = tokAt(this.ts, p).t;
        if (t === T.Newline) broke = true;
        else if (t !== T.Indent && t !== T.Comment) break;
        p++;
      }
      if (!broke || p >= this.ts.length) break;
      const n = tokAt(this.ts, p);
      if (n.t !== T.Scalar || n.styled) break;
      this.i = p + 1;
      v += ` ${n.value}`;
    }
    return { kind: 'scalar', value: v, quoted: false };
  }
}

/**
 * The tree of a YAML text as VS Code reads it (undefined for an empty one), or `{ error }` when VS Code's reader
 * throws — it does on one input only, a `\U` escape past U+10FFFF (String.fromCodePoint), and VS Code then skips the
 * file as failing to parse (promptsServiceImpl.ts computeSkillDiscoveryInfo). Never throws.
 */
export function parseYaml(text: string): { node: YamlNode | undefined } | { error: string } {
  try {
    return { node: new Parser(new Scanner(text).run(), text).document() };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}
