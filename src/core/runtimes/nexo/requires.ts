// The author's findings about nexo-rs's `requires`: binary and variable names as the runtime looks them
// up (shared with Hermes's `prerequisites`, which name them alike), and `bin_versions` — the Cargo
// constraint, the probe's `command` and `regex` as the runtime runs them (../../rust/). Also what the gate
// checks (`nexoRequirements`), from the metadata nexo-rs reads (./metadata.ts).

import type { Node } from 'yaml';
import type { Comparator, ConstraintError, VersionReq } from '../../rust/semver';
import { semverEngine } from '../../rust/semverEngine';
import { regexEngine } from '../../rust/regexEngine';
import { type DiagnosticInit, quoteForMessage } from '../../skill/text';
import { isMap, isPair, isScalar, keyText, nodeRange, type ParsedYaml, Scalar } from '../../skill/yaml';
import type { NexoMeta } from './metadata';
import type { Requirements } from './requirements';

type Add = (init: DiagnosticInit) => void;

/** What the rules read of an analysis: the parsed frontmatter and the file's text. */
export interface RequiresView {
  yaml: ParsedYaml | null;
  text: string;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SHELL_META = /[\s;&|<>()$`\\"'*?[\]{}!#~]/;

export function envNameRule(value: string, r: [number, number], label: string, add: Add): void {
  if (ENV_NAME.test(value)) return;
  add({
    code: 'env-name-invalid',
    severity: 'error',
    message: `${quoteForMessage(value)} in ${label} is not a valid environment variable name (letters, digits and \`_\`, not starting with a digit). It can never be set, so it always counts as missing.`,
    start: r[0],
    end: r[1],
  });
}

export function binNameRule(value: string, r: [number, number], label: string, add: Add): void {
  if (value.trim() === '') {
    add({
      code: 'bin-name-invalid',
      severity: 'warning',
      message: `A blank entry in ${label} counts as present at run time: it checks nothing. Remove it.`,
      start: r[0],
      end: r[1],
    });
    return;
  }
  if (SHELL_META.test(value) || /[\u0000-\u001f]/.test(value)) {
    add({
      code: 'bin-name-invalid',
      severity: 'error',
      message: `${quoteForMessage(value)} in ${label} is not a binary name: it contains whitespace or shell characters. The runtime looks for a file with exactly this name on PATH (no shell), so it will never be found. List the binary alone, e.g. \`ffmpeg\`.`,
      start: r[0],
      end: r[1],
    });
    return;
  }
  if (value.includes('/') || value.includes('\\')) {
    add({
      code: 'bin-name-invalid',
      severity: 'warning',
      message: `${quoteForMessage(value)} in ${label} is a path: the runtime checks that this exact file exists (relative paths from the agent's working directory) instead of searching PATH. It works on one machine only; prefer the bare binary name.`,
      start: r[0],
      end: r[1],
    });
  }
}

export function binVersionRules(result: RequiresView, add: Add): void {
  const yaml = result.yaml;
  const node = yaml?.nodes.get('/requires/bin_versions');
  if (!yaml || !isMap(node)) return;
  for (const pair of node.items) {
    if (!isPair(pair)) continue;
    const bin = keyText(pair.key);
    const keyR = nodeRange(pair.key as Node, yaml.base);
    if (keyR) binNameRule(bin, keyR, '`requires.bin_versions`', add);
    let constraintNode: unknown = pair.value;
    if (isMap(pair.value)) {
      constraintNode = undefined;
      for (const p of pair.value.items) {
        if (!isPair(p)) continue;
        const k = keyText(p.key);
        if (k === 'constraint') constraintNode = p.value;
        else if (k === 'command') commandRule(p.value, yaml.base, add);
        else if (k === 'regex') regexRule(p.value, yaml.base, add);
      }
    }
    if (isScalar(constraintNode) && typeof constraintNode.value === 'string') constraintRule(result, constraintNode, yaml.base, add);
  }
}

function commandRule(node: unknown, base: number, add: Add): void {
  if (!isScalar(node) || typeof node.value !== 'string') return;
  const r = nodeRange(node, base);
  if (!r || !/\s/.test(node.value.trim())) return;
  add({
    code: 'probe-command-whitespace',
    severity: 'warning',
    message: `The runtime passes \`command\` to the binary as ONE argument, never split on spaces: the binary receives the single argument ${quoteForMessage(node.value)}. Most programs reject that. Use a single flag such as \`--version\`.`,
    start: r[0],
    end: r[1],
  });
}

function regexRule(node: unknown, base: number, add: Add): void {
  if (!isScalar(node) || typeof node.value !== 'string') return;
  const r = nodeRange(node, base);
  if (!r) return;
  const compiled = regexEngine().compileVersionRegex(node.value);
  if (!compiled.ok && compiled.unsupported) {
    // Rust's `regex` may accept this, but our linear-time engine cannot express it: say we could not
    // check it rather than predict a failure the runtime may not have.
    add({
      code: 'probe-regex-invalid',
      severity: 'warning',
      message: `skill-author's regex engine cannot check this pattern (${compiled.message}); its version probe is reported as not probed. Prefer a short pattern of plain classes like \\d+\\.\\d+.`,
      start: r[0],
      end: r[1],
    });
    return;
  }
  if (!compiled.ok) {
    add({
      code: 'probe-regex-invalid',
      severity: 'error',
      message: `The runtime's regex engine (Rust \`regex\`: linear time, no look-around, no backreferences) rejects this pattern: ${compiled.message}. The version check then always fails (version output unparseable).`,
      start: r[0],
      end: r[1],
    });
    return;
  }
  if (compiled.regex.hasCaptureGroups) {
    const inner = singleGroupBody(node.value);
    add({
      code: 'probe-regex-capture-group',
      severity: 'warning',
      message: `The runtime uses the WHOLE match of \`regex\`, not a capture group: text matched outside the group (e.g. a \`curl \` prefix) becomes part of the version, which then fails to parse.${inner ? ` Match only the version: \`${inner}\`.` : ' Match only the version itself.'}`,
      start: r[0],
      end: r[1],
      ...(inner ? { data: { replacement: JSON.stringify(inner).replace(/^"|"$/g, "'").replace(/\\\\/g, '\\') } } : {}),
    });
  }
}

/** For `prefix (body) suffix` with exactly one capturing group, the group's body. */
function singleGroupBody(pattern: string): string | undefined {
  let depth = 0;
  let start = -1;
  let found: string | undefined;
  let groups = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '(') {
      const capturing = pattern[i + 1] !== '?';
      if (depth === 0 && capturing) {
        groups++;
        start = i + 1;
      }
      depth++;
    } else if (c === ')') {
      depth--;
      if (depth === 0 && start >= 0) {
        found = pattern.slice(start, i);
        start = -1;
      }
    }
  }
  return groups === 1 ? found : undefined;
}

function constraintRule(result: RequiresView, node: Scalar, base: number, add: Add): void {
  const r = nodeRange(node, base);
  if (!r) return;
  const value = node.value as string;
  const parsed = semverEngine().parseConstraint(value);
  // Offsets inside the scalar map onto the file only for plain and single-line quoted scalars.
  const inner = innerOffset(result.text, node, r);
  if (!parsed.ok) {
    const e: ConstraintError = parsed.error;
    let [s, t] = inner !== null ? [inner + e.start, inner + Math.max(e.end, e.start + 1)] : r;
    // A separator-only span (the space in `>=4.0 <5`) is invisible as a squiggle: mark the whole value.
    if (result.text.slice(s, t).trim() === '') [s, t] = r;
    add({
      code: 'constraint-invalid',
      severity: 'error',
      message: `Invalid version constraint ${quoteForMessage(value)}: ${sentence(e.message)} The runtime reports it as an invalid constraint, so the skill counts as missing this dependency.`,
      start: s,
      end: Math.min(t, r[1]),
      data: { kind: e.kind, ...(e.suggestion !== undefined ? { replacement: e.suggestion, replaceStart: r[0], replaceEnd: r[1], quote: true } : {}) },
    });
    return;
  }
  for (const c of parsed.req.comparators) {
    if (!c.implicitCaret) continue;
    const written = value.slice(c.start, c.end).trim();
    const [s, t] = inner !== null ? [inner + c.start, inner + c.end] : r;
    add({
      code: 'constraint-bare-version',
      severity: 'information',
      message: `\`${written}\` has no operator, which in Cargo's dialect means \`^${written}\` (${describeCaret(parsed.req, c)}); npm would read it as ${npmBareMeaning(c, written)}. Write \`^${written}\` (or \`>=${written}\`) to make the meaning explicit.`,
      start: s,
      end: t,
    });
  }
}

function npmBareMeaning(c: Comparator, written: string): string {
  if (c.minor === undefined) return `\`${written}.x\` (the same range)`;
  if (c.patch === undefined) return `\`${written}.x\` only`;
  return `exactly \`${written}\``;
}

function describeCaret(req: VersionReq, c: Comparator): string {
  return semverEngine().describeConstraint({ text: req.text, comparators: [c] });
}

/** End a message fragment with a full stop (messages from sub-parsers may end in a code span). */
function sentence(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

function innerOffset(text: string, node: Scalar, r: [number, number]): number | null {
  if (node.type === Scalar.PLAIN) return r[0];
  if ((node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE) && !text.slice(r[0], r[1]).includes('\n')) {
    const raw = text.slice(r[0] + 1, r[1] - 1);
    // Only when no escapes change lengths.
    if (raw === node.value) return r[0] + 1;
  }
  return null;
}

/** What nexo-rs checks, from the metadata it uses. Hermes `prerequisites` and `platforms` are not among
 *  them: nexo-rs reads only name, description, max_chars and requires (golden a40); the Hermes profile reads
 *  those fields in its own terms. */
export function nexoRequirements(nexo: NexoMeta): Requirements {
  return {
    mode: nexo.mode,
    bins: nexo.bins.map((b) => ({ name: b.value, source: 'requires', range: b.range })),
    env: nexo.env.map((e) => ({ name: e.value, source: 'requires', range: e.range })),
    // Already in the runtime's order (key order, a repeated key keeping its last value).
    versions: nexo.binVersions.map((v) => ({
      bin: v.bin,
      constraint: v.constraint,
      command: v.command ?? '--version',
      regex: v.regex,
      keyRange: v.keyRange,
      constraintRange: v.constraintRange,
    })),
    platforms: undefined,
  };
}
