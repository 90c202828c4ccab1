// JSON with comments, as the agent runtimes read their settings files (Gemini CLI's and Qwen Code's
// settings.json, OpenCode's opencode.json[c], VS Code's settings.json): `//` and `/* */` comments outside strings,
// and — where the runtime allows them — a trailing comma before `}` or `]`. Parsed with jsonc-parser (the
// parser VS Code and OpenCode use); any syntax error makes the whole file unreadable, as JSON.parse would.

import type { ParseError } from 'jsonc-parser';

let jsonc: typeof import('jsonc-parser') | undefined;

/** The value of `text`, or a thrown SyntaxError naming the first problem and where it is. */
export function parseJsonc(text: string, options: { trailingCommas: boolean }): unknown {
  // The parser is loaded by the first settings file read: a run that reads none does not load it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { parse, printParseErrorCode } = (jsonc ??= require('jsonc-parser') as typeof import('jsonc-parser'));
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { disallowComments: false, allowTrailingComma: options.trailingCommas, allowEmptyContent: false });
  const first = errors[0];
  if (first) throw new SyntaxError(`${printParseErrorCode(first.error)} at offset ${first.offset}`);
  return value;
}
