// Small helpers over YAML text: writing a scalar safely, and the bounds of lines, for completions and fixes.

/** Plain scalars that YAML would read as something other than the same text. */
const NOT_TEXT =
  /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|yes|no|on|off|[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|0x[0-9a-fA-F]+|0o[0-7]+|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;

/** `s` as a YAML scalar that reads back as the same text: plain when safe, else double-quoted. */
export function yamlScalar(s: string): string {
  return /^[A-Za-z0-9_./+-]+$/.test(s) && !NOT_TEXT.test(s) && !s.startsWith('-') ? s : JSON.stringify(s);
}

export function escapeSnippet(s: string): string {
  return s.replace(/[\\$}]/g, '\\$&');
}

export function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

export function lineEndOf(text: string, offset: number): number {
  let i = offset;
  while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
  return i;
}

/** The end of the line holding `offset`, including its line break. */
export function lineEndWithBreak(text: string, offset: number): number {
  const e = lineEndOf(text, offset);
  if (text[e] === '\r' && text[e + 1] === '\n') return e + 2;
  return e < text.length ? e + 1 : e;
}

/** `end` moved back over trailing whitespace (block values end where the next key starts). */
export function contentEnd(text: string, start: number, end: number): number {
  let e = end;
  while (e > start && /\s/.test(text[e - 1] ?? '')) e--;
  return e;
}
