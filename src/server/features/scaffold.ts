// "New Skill…" as a client asks for it: the analyzer's verdict on a name and a description as typed (one set
// of name rules, in src/core/check/analyze.ts), and the SKILL.md to write. The client keeps no analyzer of its own.

import { descriptionProblems, nameProblems, skillScaffold } from '../../core/assist/scaffold';
import type { ScaffoldParams, ScaffoldResult } from '../../shared/protocol';
import { RequestError } from './custom';

/** Longest name or description looked at (an input box's text, not a file). */
const MAX_CHARS = 10_000;

export function scaffold(params: ScaffoldParams | undefined): ScaffoldResult {
  const name = optionalText(params?.name, 'name');
  const description = optionalText(params?.description, 'description');
  return {
    nameProblems: name === undefined ? [] : nameProblems(name),
    descriptionProblems: description === undefined ? [] : descriptionProblems(description),
    text: name !== undefined && description !== undefined ? skillScaffold(name, description) : null,
  };
}

function optionalText(v: unknown, what: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new RequestError(`\`${what}\` must be a string`);
  if (v.length > MAX_CHARS) throw new RequestError(`\`${what}\` is longer than ${MAX_CHARS} characters`);
  return v;
}
