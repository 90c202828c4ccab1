// analyzeSkill: SKILL.md text → diagnostics + what the runtime will read. Pure: no file system, no processes.
//
// Two views of the same file are kept apart on purpose:
// - the RUNTIME view (what nexo-rs reads: split from offset 0, strict typed deserialization, empty metadata
//   on any error) drives verdicts, banners and indexes;
// - the AUTHOR view (past a BOM, tolerant) drives diagnostics, so an author whose file the runtime ignores
//   still gets every finding about what they wrote — plus one plain statement that the runtime ignores it.

import type { Node } from 'yaml';
import { hasLoneCR, splitSkill, type SplitResult } from '../skill/frontmatter';
import { EMPTY_NEXO, readNexo, type NexoFailure, type NexoMeta } from '../runtimes/nexo/metadata';
import { NO_REQUIREMENTS, type Requirements } from '../runtimes/nexo/requirements';
import { binNameRule, binVersionRules, envNameRule, nexoRequirements } from '../runtimes/nexo/requires';
import { fieldKeysAt } from '../runtimes/fields';
import { knownKeysAt, validateFrontmatter } from '../skill/schema';
import { linkTextFindings, scanLinks, type SkillLink } from '../supporting/links';
import { LineIndex, makeDiagnostic, quoteForMessage, type DiagnosticInit } from '../skill/text';
import type { Diagnostic } from '../types';
import { isMap, isPair, isScalar, isSeq, keyText, nodeRange, parseYaml, type ParsedYaml, Scalar } from '../skill/yaml';

export interface SkillAnalysis {
  text: string;
  index: LineIndex;
  /** Folder name: the runtime's identity for the skill. */
  dirName: string | undefined;
  bom: boolean;
  /** What nexo-rs sees. */
  runtimeSplit: SplitResult;
  /** What the author wrote (past a BOM). */
  split: SplitResult;
  yaml: ParsedYaml | null;
  /** Author-view frontmatter as a plain map, when it parsed into one. */
  data: Record<string, unknown> | null;
  /** Metadata nexo-rs actually uses (empty when it ignores the frontmatter or cannot see it). */
  nexo: NexoMeta;
  nexoFailure: NexoFailure | null;
  /** True when the runtime sees a frontmatter block and uses it. */
  frontmatterEffective: boolean;
  requirements: Requirements;
  /** False when the runtime skips the file: blank, or empty body. */
  loadable: boolean;
  /** The trimmed body the runtime injects. */
  body: string;
  /** True when the text is only whitespace as JavaScript's `trim()` sees it (what the runtimes that gate
   *  nothing test for an empty file), kept so they need not load a cached analysis' text. */
  textBlank: boolean;
  /** Display name for the prompt (frontmatter name, else folder name). */
  displayName: string;
  /** Description as the runtimes read it (trimmed), or '' when none. */
  description: string;
  diagnostics: Diagnostic[];
  /** The body's supporting-file paths (src/core/supporting/links.ts), for the checks that need the disk. */
  links: SkillLink[];
}

export interface AnalyzeOptions {
  /** The folder holding SKILL.md, for `name-dir-mismatch` and the skill's identity. */
  dirName?: string;
}

const NAME_MAX = 64;
const DESCRIPTION_MAX = 1024;
const COMPATIBILITY_MAX = 500;
/** Hermes cuts index descriptions longer than this to 57 characters + "...". */
export const HERMES_INDEX_DESCRIPTION_MAX = 60;

export function analyzeSkill(text: string, options: AnalyzeOptions = {}): SkillAnalysis {
  const index = new LineIndex(text);
  const diags: Diagnostic[] = [];
  const add = (init: DiagnosticInit): void => {
    diags.push(makeDiagnostic(index, init));
  };
  const bom = text.charCodeAt(0) === 0xfeff;
  const runtimeSplit = splitSkill(text, 0);
  const split = bom ? splitSkill(text, 1) : runtimeSplit;
  const dirName = options.dirName;

  const result: SkillAnalysis = {
    text,
    index,
    dirName,
    bom,
    runtimeSplit,
    split,
    yaml: null,
    data: null,
    nexo: EMPTY_NEXO,
    nexoFailure: null,
    frontmatterEffective: false,
    requirements: NO_REQUIREMENTS,
    loadable: runtimeSplit.state !== 'blank' && runtimeSplit.bodyEnd > runtimeSplit.bodyStart,
    body: text.slice(runtimeSplit.bodyStart, runtimeSplit.bodyEnd),
    textBlank: text.trim() === '',
    displayName: dirName ?? '',
    description: '',
    diagnostics: diags,
    links: [],
  };

  if (split.state === 'blank') {
    add({
      code: 'file-empty',
      severity: 'error',
      message:
        'SKILL.md is empty. The runtime skips a blank file: the skill is never loaded. Add a frontmatter block with `name` and `description`, then instructions.',
      start: 0,
      end: text.length,
    });
    return result;
  }

  if (bom) {
    add({
      code: 'bom',
      severity: 'warning',
      message:
        'The file starts with a byte-order mark (BOM). A runtime that does not skip it (nexo-rs reads bytes as they are) sees no `---` at the start: the whole frontmatter is read as body text and none of its fields (name, description, requirements) apply. Save the file as UTF-8 without BOM.',
      start: 0,
      end: 1,
    });
  }

  if (split.state === 'missing') {
    add({
      code: 'frontmatter-missing',
      severity: 'error',
      message:
        'No frontmatter: SKILL.md must start with a `---` line, then YAML with at least `name` and `description`, then a closing `---` line. Without it the runtime has no name, description or requirements for this skill.',
      start: split.bodyStart,
      end: index.lineEnd(split.bodyStart),
    });
  } else if (split.state === 'unclosed' || split.state === 'single-line') {
    const loneCR = hasLoneCR(text, split.frontmatter?.openStart ?? split.bodyStart, text.length);
    const single = split.state === 'single-line';
    add({
      code: 'frontmatter-unclosed',
      severity: 'error',
      message: loneCR
        ? 'The frontmatter is never closed as a runtime splitting lines at LF reads it: this file uses lone CR line ends, so the whole file is one line after `---`, the body is empty and the skill is never loaded. Convert the line ends to LF (or CRLF).'
        : single
          ? 'The file is a single `---` line: everything after the opening line is read as the frontmatter and there is no body, so the skill is never loaded. Add the YAML, a closing `---` line and the instructions.'
          : 'The frontmatter opened with `---` is never closed: add a line with only `---` after the YAML. Until then the runtime reads the whole file as body and ignores every field.',
      start: split.bodyStart,
      end: index.lineEnd(split.bodyStart),
    });
  }

  // With lone-CR line ends the "text after `---`" is the rest of the file: `frontmatter-unclosed` already
  // names the cause, and a second finding about the same bytes would point the author at the wrong fix.
  if (split.openTrailing && !hasLoneCR(text, ...split.openTrailing)) {
    add({
      code: 'frontmatter-fence-text',
      severity: 'warning',
      message: `Text after the opening \`---\` (${quoteForMessage(text.slice(...split.openTrailing))}) is ignored by the runtime. Put only \`---\` on the first line.`,
      start: split.openTrailing[0],
      end: split.openTrailing[1],
    });
  }

  const fm = split.frontmatter;
  if (fm) {
    analyzeFrontmatter(result, add, fm.yamlStart, fm.yamlEnd, [fm.openStart, fm.openEnd]);
  }

  // The runtime's view decides what applies.
  const runtimeSees = !bom && runtimeSplit.state === 'ok';
  result.frontmatterEffective = runtimeSees && result.nexoFailure === null && result.yaml !== null && result.data !== null;
  if (!runtimeSees) {
    result.nexo = EMPTY_NEXO;
    result.requirements = NO_REQUIREMENTS;
  }
  result.displayName = result.nexo.name ?? dirName ?? '';
  result.description = runtimeSees ? (result.nexo.description ?? stringField(result.data, 'description') ?? '').trim() : '';

  if (fm && !bom && result.loadable === false) {
    add({
      code: 'body-empty',
      severity: 'error',
      message:
        'The skill has no instructions after the frontmatter. The runtime skips a skill whose body is empty: it is never loaded. Write the instructions below the closing `---`.',
      start: fm.closeStart,
      end: fm.closeEnd,
    });
  }

  // Supporting files: the paths the body points at. What the text alone says is reported here; whether the
  // files exist is asked at every check (src/core/supporting/files.ts), never cached with this analysis.
  const scan = scanLinks(text, split.bodyStart, index);
  result.links = scan.links;
  for (const f of linkTextFindings(scan)) add(f);

  diags.sort((a, b) => a.start - b.start || a.end - b.end || a.code.localeCompare(b.code));
  return result;
}

function stringField(data: Record<string, unknown> | null, key: string): string | undefined {
  const v = data?.[key];
  return typeof v === 'string' ? v : undefined;
}

type Add = (init: DiagnosticInit) => void;

function analyzeFrontmatter(result: SkillAnalysis, add: Add, yamlStart: number, yamlEnd: number, fence: [number, number]): void {
  const text = result.text;
  const yaml = parseYaml(text.slice(yamlStart, yamlEnd), yamlStart);
  result.yaml = yaml;

  let runtimeIgnores: string | null = null;
  for (const issue of yaml.issues) {
    if (issue.kind === 'duplicate-key') {
      add({
        code: 'duplicate-key',
        severity: 'error',
        message: `${quoteForMessage(text.slice(issue.start, issue.end).trim() || 'this key')} appears twice in the same map. YAML parsers disagree on which one wins, and a strict reader (nexo-rs) rejects a duplicated known field and then ignores the whole frontmatter. Keep one.`,
        start: issue.start,
        end: issue.end,
      });
      continue;
    }
    const { message, data } = yamlSyntaxMessage(text, issue.message, issue.start, result.index);
    add({ code: 'yaml-syntax', severity: 'error', message, start: issue.start, end: issue.end, ...(data ? { data } : {}) });
    runtimeIgnores ??= issue.kind === 'alias-budget' ? 'its aliases expand without bound' : 'the YAML does not parse';
  }

  if (runtimeIgnores === null && yaml.doc) {
    const root = yaml.doc.contents;
    if (root && !isMap(root) && !(isScalar(root) && root.value === null)) {
      const r = nodeRange(root as Node, yamlStart) ?? fence;
      add({
        code: 'frontmatter-not-mapping',
        severity: 'error',
        message: `The frontmatter must be a map of \`key: value\` fields; this is ${isSeq(root) ? 'a list' : 'a single value'}. Write one field per line, e.g. \`name: my-skill\`.`,
        start: r[0],
        end: r[1],
      });
    }
    const { meta, failure } = readNexo(yaml.doc, yamlStart, fence);
    result.nexo = meta;
    result.nexoFailure = failure;
    if (failure) {
      add({
        code: 'requirements-ignored',
        severity: 'error',
        message: `nexo-rs ignores the entire frontmatter when ${failure.reason} — none of this skill's requirements are enforced, and it loads as if it declared nothing (no name, no description, no mode).`,
        start: failure.start,
        end: failure.end,
        // Where the runtime gave up, for quick fixes (`bins: ffmpeg` → a list, `mode: warnn`, `ffmpeg: 4.0`).
        data: { pointer: failure.pointer },
      });
    }
  }
  if (runtimeIgnores !== null) {
    add({
      code: 'requirements-ignored',
      severity: 'error',
      message: `nexo-rs ignores the entire frontmatter when ${runtimeIgnores} — none of this skill's requirements are enforced, and it loads as if it declared nothing.`,
      start: fence[0],
      end: fence[1],
    });
  }

  const value = yaml.value;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    result.data = value as Record<string, unknown>;
  }
  if (runtimeIgnores !== null || !yaml.doc) return;

  // Schema errors (type, enum, range) mapped to nodes; the rules below say the rest more precisely.
  if (result.data) schemaDiagnostics(result, add);
  rules(result, add, fence);
  result.requirements = nexoRequirements(result.nexo);
}

const COLON_IN_VALUE = /^(\s*(?:-\s+)?[^\s:#'"][^:#]*?:\s+)([^'"|>{[&*!#\s].*?:(?:\s.*)?)$/;

function yamlSyntaxMessage(
  text: string,
  raw: string,
  at: number,
  index: LineIndex,
): { message: string; data?: { replacement: string; replaceStart: number; replaceEnd: number } } {
  const reason = raw.replace(/\s+at line \d+, column \d+:?\s*$/, '').replace(/:$/, '');
  const { line } = index.position(at);
  const lineStart = at - (index.position(at).column - 1);
  const lineText = text.slice(lineStart, index.lineEnd(lineStart));
  const m = COLON_IN_VALUE.exec(lineText);
  if (m && m[1] && m[2]) {
    const value = m[2].trimEnd();
    const quoted = JSON.stringify(value);
    return {
      message: `YAML syntax error on line ${line}: ${reason}. The value contains \`: \`, which YAML reads as a nested key — the most common SKILL.md breakage. Quote the value: ${m[1].trim()} ${quoted}`,
      data: { replacement: quoted, replaceStart: lineStart + m[1].length, replaceEnd: lineStart + m[1].length + value.length },
    };
  }
  return { message: `YAML syntax error: ${reason}.` };
}

// ---------------------------------------------------------------------------------------------------------
// Schema errors

const HANDLED_BY_RULES: ReadonlyArray<[string, string]> = [
  ['/name', 'pattern'],
  ['/name', 'minLength'],
  ['/name', 'maxLength'],
  ['/description', 'minLength'],
  ['/description', 'maxLength'],
  ['/compatibility', 'maxLength'],
  ['/requires/mode', 'enum'],
  ['', 'required'],
];

function pointerLabel(pointer: string): string {
  if (!pointer) return 'the frontmatter';
  const parts = pointer
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let out = '';
  for (const p of parts) out += /^\d+$/.test(p) ? `[${p}]` : out ? `.${p}` : p;
  return `\`${out}\``;
}

function schemaDiagnostics(result: SkillAnalysis, add: Add): void {
  const yaml = result.yaml;
  if (!yaml) return;
  const failurePointer = result.nexoFailure?.pointer;
  for (const err of validateFrontmatter(result.data)) {
    if (HANDLED_BY_RULES.some(([p, k]) => p === err.pointer && k === err.keyword)) continue;
    // The runtime's own rejection of this node is already reported, with its consequence.
    if (failurePointer !== undefined && (err.pointer === failurePointer || err.pointer.startsWith(`${failurePointer}/`))) continue;
    const node = yaml.nodes.get(err.pointer);
    const r = nodeRange(node, yaml.base) ?? nodeRange(yaml.keys.get(err.pointer), yaml.base);
    if (!r) continue;
    const label = pointerLabel(err.pointer);
    const expected = String(err.params['type'] ?? '');
    if (err.keyword === 'type') {
      if (isScalar(node) && node.value === null && (err.pointer === '/name' || err.pointer === '/description')) continue;
      if (expected.startsWith('string') && isScalar(node) && (typeof node.value === 'number' || typeof node.value === 'boolean')) {
        const written = typeof node.source === 'string' ? node.source : String(node.value);
        const note = written !== String(node.value) ? ` (YAML reads \`${written}\` as ${String(node.value)})` : '';
        add({
          code: 'scalar-not-string',
          severity: 'warning',
          message: `${label} should be text but YAML reads \`${written}\` as a ${typeof node.value}${note}. Runtimes written in Python or JavaScript get a ${typeof node.value}, not the text you wrote. Quote it: "${written}".`,
          start: r[0],
          end: r[1],
          data: { replacement: JSON.stringify(written) },
        });
        continue;
      }
      const what =
        isScalar(node) && node.value === null ? 'empty' : isSeq(node) ? 'a list' : isMap(node) ? 'a map' : `a ${typeof (isScalar(node) ? node.value : node)}`;
      add({
        code: 'type-mismatch',
        severity: 'error',
        message: `${label} must be ${typeWords(expected)}, but it is ${what}.`,
        start: r[0],
        end: r[1],
        data: { pointer: err.pointer },
      });
    } else if (err.keyword === 'enum') {
      const allowed = (err.params['allowedValues'] as unknown[] | undefined)?.join(', ') ?? '';
      add({ code: 'enum-invalid', severity: 'error', message: `${label} must be one of: ${allowed}.`, start: r[0], end: r[1], data: { pointer: err.pointer } });
    } else if (err.keyword === 'required' || err.keyword === 'oneOf') {
      const missing = err.params['missingProperty'];
      add({
        code: 'schema-invalid',
        severity: 'error',
        message: missing
          ? `${label} needs \`${String(missing)}\`.`
          : `${label} must be a constraint string or a map with \`constraint\`, \`command\`, \`regex\`.`,
        start: r[0],
        end: r[1],
      });
    } else {
      add({ code: 'schema-invalid', severity: 'error', message: `${label} ${err.message}.`, start: r[0], end: r[1] });
    }
  }
}

function typeWords(t: string): string {
  switch (t) {
    case 'string':
      return 'text';
    case 'array':
      return 'a list';
    case 'object':
      return 'a map';
    case 'integer':
      return 'a whole number';
    case 'boolean':
      return '`true` or `false`';
    case 'string,array':
      return 'text or a list';
    default:
      return t;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Rules beyond the schema

function rules(result: SkillAnalysis, add: Add, fence: [number, number]): void {
  const yaml = result.yaml;
  const data = result.data;
  if (!yaml || !data) return;
  const rangeOf = (pointer: string): [number, number] | null => nodeRange(yaml.nodes.get(pointer), yaml.base);
  const keyRangeOf = (pointer: string): [number, number] | null => nodeRange(yaml.keys.get(pointer), yaml.base);

  nameRules(result, add, fence, rangeOf, keyRangeOf);

  // description
  const desc = data['description'];
  const descRange = rangeOf('/description') ?? keyRangeOf('/description') ?? fence;
  // Only text (or a number, as written) is measured. A map or a list is reported as its type (the schema's
  // `type-mismatch`, or nexo-rs' `requirements-ignored`); and `String()` of a null-prototype map throws.
  const descText = typeof desc === 'string' ? desc : desc == null ? '' : typeof desc === 'object' ? null : String(desc);
  if (descText === null) {
    // nothing to measure
  } else if (descText.trim() === '') {
    add({
      code: 'description-missing',
      severity: 'error',
      message:
        '`description` is missing or empty. The Agent Skills format requires it (its reference library, skills-ref, refuses the skill), and agents decide from it whether to use the skill. Say what the skill does and when to use it.',
      start: descRange[0],
      end: descRange[1],
    });
  } else {
    const len = [...descText].length;
    if (len > DESCRIPTION_MAX) {
      add({
        code: 'description-too-long',
        severity: 'error',
        message: `\`description\` is ${len} characters; the Agent Skills spec allows at most ${DESCRIPTION_MAX}. Move detail into the body.`,
        start: descRange[0],
        end: descRange[1],
      });
    }
    const trimmed = descText.trim();
    if (trimmed.length > HERMES_INDEX_DESCRIPTION_MAX) {
      add({
        code: 'description-index-truncated',
        severity: 'information',
        message: `Hermes shows only the first 57 characters in its skill index: "${trimmed.slice(0, 57)}...". Put what matters first.`,
        start: descRange[0],
        end: descRange[1],
      });
    }
  }

  const compat = data['compatibility'];
  if (typeof compat === 'string' && [...compat].length > COMPATIBILITY_MAX) {
    const r = rangeOf('/compatibility') ?? fence;
    add({
      code: 'compatibility-too-long',
      severity: 'error',
      message: `\`compatibility\` is ${[...compat].length} characters; the spec allows at most ${COMPATIBILITY_MAX}.`,
      start: r[0],
      end: r[1],
    });
  }

  unknownFields(yaml, add);
  requirementRules(result, add, rangeOf);
}

function nameRules(
  result: SkillAnalysis,
  add: Add,
  fence: [number, number],
  rangeOf: (p: string) => [number, number] | null,
  keyRangeOf: (p: string) => [number, number] | null,
): void {
  const data = result.data;
  if (!data) return;
  const raw = data['name'];
  const r = rangeOf('/name') ?? keyRangeOf('/name') ?? fence;
  const nameNode = result.yaml?.nodes.get('/name');
  const written =
    isScalar(nameNode) && nameNode.value !== null
      ? String(nameNode.type === Scalar.PLAIN && nameNode.source !== undefined ? nameNode.source : nameNode.value)
      : '';
  if (raw == null || written.trim() === '') {
    const folder = result.dirName;
    add({
      code: 'name-missing',
      severity: 'error',
      message: `\`name\` is missing or empty. The Agent Skills spec requires it, and it must equal the folder name${folder ? ` (\`${folder}\`)` : ''}.`,
      start: r[0],
      end: r[1],
      ...(folder ? { data: { replacement: folder, insertKey: 'name' } } : {}),
    });
    return;
  }
  // The reference validator compares NFKC-normalized text; so do we, and report on what it would see.
  const name = written.normalize('NFKC');
  const chars = [...name];
  if (chars.length > NAME_MAX) {
    add({
      code: 'name-too-long',
      severity: 'error',
      message: `\`name\` is ${chars.length} characters; at most ${NAME_MAX} are allowed.`,
      start: r[0],
      end: r[1],
    });
  }
  const upper = chars.filter((c) => /[\p{Lu}\p{Lt}]/u.test(c));
  const badAscii = chars.filter((c) => c.charCodeAt(0) < 128 && !/[a-z0-9-]/.test(c));
  const otherNonAscii = chars.filter((c) => c.charCodeAt(0) >= 128 && !/[\p{Lu}\p{Lt}]/u.test(c));
  const nonAsciiAlnum = otherNonAscii.filter((c) => /[\p{L}\p{N}]/u.test(c));
  const nonAsciiOther = otherNonAscii.filter((c) => !/[\p{L}\p{N}]/u.test(c));
  const suggestion = slugify(name);
  if (upper.length || badAscii.length || nonAsciiOther.length) {
    const bad = [...new Set([...upper, ...badAscii, ...nonAsciiOther])].map((c) => quoteForMessage(c)).join(', ');
    add({
      code: 'name-charset',
      severity: 'error',
      message: `\`name\` may contain only lowercase letters a–z, digits and hyphens; found ${bad}.${suggestion && suggestion !== name ? ` Try \`${suggestion}\`.` : ''}`,
      start: r[0],
      end: r[1],
      ...(suggestion && suggestion !== name ? { data: { replacement: suggestion } } : {}),
    });
  } else if (nonAsciiAlnum.length) {
    add({
      code: 'name-non-ascii',
      severity: 'warning',
      message: `\`name\` contains non-ASCII letters (${[...new Set(nonAsciiAlnum)].map((c) => quoteForMessage(c)).join(', ')}). The reference validator accepts them, but VS Code and most runtimes accept only a–z, 0–9 and \`-\`.`,
      start: r[0],
      end: r[1],
    });
  }
  if (name.startsWith('-') || name.endsWith('-')) {
    add({ code: 'name-hyphen', severity: 'error', message: '`name` must not start or end with a hyphen.', start: r[0], end: r[1] });
  }
  if (name.includes('--')) {
    add({ code: 'name-double-hyphen', severity: 'error', message: '`name` must not contain consecutive hyphens (`--`).', start: r[0], end: r[1] });
  }
  const dir = result.dirName;
  if (dir !== undefined && name !== dir.normalize('NFKC')) {
    add({
      code: 'name-dir-mismatch',
      severity: 'warning',
      message: `\`name\` is \`${name}\` but the folder is \`${dir}\`. The open format requires them to match: runtimes that go by the folder know the skill as \`${dir}\`, those that go by \`name\` as \`${name}\`, and a strict one refuses it.`,
      start: r[0],
      end: r[1],
      data: { replacement: dir },
    });
  }
}

function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, NAME_MAX)
    .replace(/-+$/, '');
}

/** Where unknown keys are worth reporting (maps whose keys the runtimes define). */
const CHECKED_MAPS: ReadonlyArray<string[]> = [
  [],
  ['requires'],
  ['prerequisites'],
  ['metadata', 'hermes'],
  ['metadata', 'openclaw'],
  ['metadata', 'openclaw', 'requires'],
];

/** The keys known at a checked place: in the schema, or read by some runtime (each profile's field table).
 *  Both tables are fixed, so each place is worked out once per process. */
interface KnownKeys {
  pointer: string;
  list: string[];
  set: ReadonlySet<string>;
}
let checkedMaps: Array<KnownKeys & { path: string[] }> | null = null;
const BIN_VERSION_KEYS = ['constraint', 'command', 'regex'];
const BIN_VERSION_SET = new Set(BIN_VERSION_KEYS);

function knownAtCheckedMaps(): Array<KnownKeys & { path: string[] }> {
  checkedMaps ??= CHECKED_MAPS.map((path) => {
    const list = [...new Set([...(knownKeysAt(path) ?? []), ...fieldKeysAt(path)])];
    return { path, pointer: path.map((p) => `/${p}`).join(''), list, set: new Set(list) };
  }).filter((m) => m.list.length > 0);
  return checkedMaps;
}

function unknownFields(yaml: ParsedYaml, add: Add): void {
  const check = (path: string[], pointer: string, known: readonly string[], knownSet: ReadonlySet<string>): void => {
    const node = path.length === 0 ? yaml.doc?.contents : yaml.nodes.get(pointer);
    if (!isMap(node)) return;
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const key = keyText(pair.key);
      if (knownSet.has(key)) continue;
      const r = nodeRange(pair.key as Node, yaml.base);
      if (!r) continue;
      const near = closest(key, known);
      const where = path.length ? `\`${path.join('.')}\`` : 'the frontmatter';
      if (near) {
        // A near-miss of a known key is almost always a typo, and a typo in `requires` silently drops every
        // requirement: worth more than a faded hint.
        add({
          code: 'unknown-field',
          severity: 'warning',
          message: `\`${key}\` is not a field of ${where}; did you mean \`${near}\`? As written, no runtime reads it.`,
          start: r[0],
          end: r[1],
          data: { replacement: near },
        });
      } else {
        add({
          code: 'unknown-field',
          severity: 'information',
          message: `\`${key}\` is not read by any known runtime (nexo-rs, Hermes, OpenClaw, Claude Code, VS Code, Agent Skills clients) in ${where}; it is ignored.`,
          start: r[0],
          end: r[1],
          unnecessary: true,
        });
      }
    }
  };
  for (const m of knownAtCheckedMaps()) check(m.path, m.pointer, m.list, m.set);
  // Long-form bin_versions entries: constraint / command / regex.
  const bv = yaml.nodes.get('/requires/bin_versions');
  if (isMap(bv)) {
    for (const pair of bv.items) {
      if (!isPair(pair) || !isMap(pair.value)) continue;
      const path = ['requires', 'bin_versions', keyText(pair.key)];
      check(path, path.map((p) => `/${p}`).join(''), BIN_VERSION_KEYS, BIN_VERSION_SET);
    }
  }
}

function closest(key: string, known: readonly string[]): string | undefined {
  const k = key.toLowerCase();
  let best: string | undefined;
  let bestD = Infinity;
  for (const cand of known) {
    const d = editDistance(k, cand.toLowerCase(), 3);
    if (d < bestD) [best, bestD] = [cand, d];
  }
  const limit = key.length <= 4 ? 1 : 2;
  return bestD > 0 && bestD <= limit ? best : bestD === 0 && best !== key ? best : undefined;
}

/** Levenshtein distance, or `cap + 1` once it is certainly above `cap` (also used by quick fixes). */
export function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length] ?? cap + 1;
}

// ---------------------------------------------------------------------------------------------------------
// Requirements

function requirementRules(result: SkillAnalysis, add: Add, rangeOf: (p: string) => [number, number] | null): void {
  const data = result.data;
  if (!data) return;
  const lists: Array<{ pointer: string; kind: 'bin' | 'env'; label: string }> = [
    { pointer: '/requires/bins', kind: 'bin', label: '`requires.bins`' },
    { pointer: '/requires/env', kind: 'env', label: '`requires.env`' },
    { pointer: '/prerequisites/commands', kind: 'bin', label: '`prerequisites.commands`' },
    { pointer: '/prerequisites/env_vars', kind: 'env', label: '`prerequisites.env_vars`' },
  ];
  for (const list of lists) {
    const node = result.yaml?.nodes.get(list.pointer);
    if (!isSeq(node)) continue;
    const seen = new Map<string, number>();
    node.items.forEach((item, i) => {
      const r = rangeOf(`${list.pointer}/${i}`);
      if (!r || !isScalar(item) || item.value === null) return;
      const value = String(item.type === Scalar.PLAIN && item.source !== undefined ? item.source : item.value);
      if (seen.has(value)) {
        add({
          code: 'requires-duplicate',
          severity: 'warning',
          message: `${quoteForMessage(value)} is listed twice in ${list.label}; remove the repeat.`,
          start: r[0],
          end: r[1],
          data: { removeIndex: i, pointer: list.pointer },
        });
      } else seen.set(value, i);
      if (list.kind === 'env') envNameRule(value, r, list.label, add);
      else binNameRule(value, r, list.label, add);
    });
  }
  binVersionRules(result, add);
}
