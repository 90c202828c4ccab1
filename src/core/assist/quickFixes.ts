// The edits that fix a finding (the language server's code actions; `check --fix` applies the safe ones,
// ./fix.ts), computed from the analysis' parsed tree and offsets.

import type { Node } from 'yaml';
import { editDistance, type SkillAnalysis } from '../check/analyze';
import type { Diagnostic, GatingMode } from '../types';
import { isMap, isPair, isScalar, isSeq, keyText, nodeRange } from '../skill/yaml';
import { schemaAt, typesOf, pointerPath } from './schemaPaths';
import { yamlScalar, lineStartOf, lineEndOf, lineEndWithBreak, contentEnd } from './yamlText';
import { code } from './hover';

export interface EditSpec {
  /** Offsets in the analysis text. */
  start: number;
  end: number;
  text: string;
}

export interface QuickFix {
  title: string;
  edits: EditSpec[];
  preferred: boolean;
  /** True when applying it cannot change what the skill means, only make the text say it the way the runtime
   *  reads it (`bins: x` → `[x]`, an npm range → the same Cargo range, quoting a value a colon broke, the name
   *  set to the folder name the runtime already goes by): what `check --fix` applies unattended. */
  safe?: boolean;
  /** Set instead of edits when nothing can be rewritten: the explanation to show. */
  explain?: string;
}

/** The fixes for one of the analysis's findings, computed from the engine's offsets and `data`. */
export function quickFixes(analysis: SkillAnalysis, d: Diagnostic): QuickFix[] {
  const data = d.data ?? {};
  const replacement = typeof data.replacement === 'string' ? data.replacement : undefined;
  const replace = (title: string, text: string, start = d.start, end = d.end): QuickFix => ({ title, edits: [{ start, end, text }], preferred: true });
  switch (d.code) {
    case 'name-dir-mismatch':
      return replacement !== undefined ? [{ ...replace(`Set \`name\` to the folder name \`${replacement}\``, yamlScalar(replacement)), safe: true }] : [];
    case 'name-charset': {
      const fixes = replacement !== undefined ? [replace(`Change \`name\` to \`${replacement}\``, yamlScalar(replacement))] : [];
      const dir = analysis.dirName;
      if (dir && dir !== replacement && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(dir))
        fixes.push({ ...replace(`Set \`name\` to the folder name \`${dir}\``, dir), preferred: fixes.length === 0 });
      return fixes;
    }
    case 'name-missing':
      return replacement !== undefined ? nameMissingFix(analysis, replacement) : [];
    case 'yaml-syntax': {
      const { replaceStart, replaceEnd } = data;
      if (replacement === undefined || typeof replaceStart !== 'number' || typeof replaceEnd !== 'number') return [];
      // Safe unless the value holds ` #`: quoted, a comment the author wrote would become part of the value.
      return [{ ...replace(`Quote the value: ${replacement}`, replacement, replaceStart, replaceEnd), safe: !/\s#/.test(replacement) }];
    }
    case 'constraint-invalid': {
      if (data.kind === 'npm-or') {
        return [{ title: 'Why `||` has no Cargo equivalent (nothing to rewrite)', edits: [], preferred: false, explain: d.message }];
      }
      const { replaceStart, replaceEnd } = data;
      if (replacement === undefined || typeof replaceStart !== 'number' || typeof replaceEnd !== 'number') return [];
      // The engine suggests a rewrite only when it means exactly what the author's text means (constraint.ts).
      return [
        { ...replace(`Use Cargo syntax: \`${replacement}\``, data.quote ? JSON.stringify(replacement) : replacement, replaceStart, replaceEnd), safe: true },
      ];
    }
    case 'requirements-ignored':
    case 'type-mismatch':
    case 'enum-invalid':
      return typeof data.pointer === 'string' ? pointerFixes(analysis, data.pointer) : [];
    case 'requires-duplicate':
      return typeof data.pointer === 'string' && typeof data.removeIndex === 'number' ? removeListItem(analysis, data.pointer, data.removeIndex) : [];
    case 'duplicate-key':
      return removeDuplicateKey(analysis, d.start);
    case 'scalar-not-string':
      return replacement !== undefined ? [replace(`Quote it: ${replacement}`, replacement)] : [];
    case 'unknown-field':
      return replacement !== undefined ? [replace(`Rename to \`${replacement}\``, replacement)] : [];
    case 'probe-regex-capture-group':
      return replacement !== undefined ? [replace(`Match only the version: ${replacement}`, replacement)] : [];
    case 'link-backslash':
      // `\` is a separator only on Windows; `/` is one everywhere (and the only one in a Markdown link).
      return replacement !== undefined ? [{ ...replace(`Use \`/\`: \`${replacement}\``, replacement), safe: true }] : [];
    default:
      return [];
  }
}

function nameMissingFix(analysis: SkillAnalysis, folder: string): QuickFix[] {
  const yaml = analysis.yaml;
  const fm = analysis.split.frontmatter;
  if (!yaml || !fm) return [];
  const title = `Add \`name: ${folder}\` (the folder name)`;
  const keyNode = yaml.keys.get('/name');
  const kr = nodeRange(keyNode, yaml.base);
  if (kr) {
    const valueNode = yaml.nodes.get('/name');
    const vr = nodeRange(valueNode, yaml.base);
    if (vr && vr[1] > vr[0]) return [{ title, edits: [{ start: vr[0], end: vr[1], text: yamlScalar(folder) }], preferred: true, safe: true }];
    const colon = analysis.text.indexOf(':', kr[1]);
    if (colon === -1) return [];
    return [{ title, edits: [{ start: colon + 1, end: lineEndOf(analysis.text, colon), text: ` ${yamlScalar(folder)}` }], preferred: true, safe: true }];
  }
  return [{ title, edits: [{ start: fm.yamlStart, end: fm.yamlStart, text: `name: ${yamlScalar(folder)}\n` }], preferred: true, safe: true }];
}

/** Fixes for a value of the wrong shape at `pointer`: a scalar where a list belongs, a misspelt enum value,
 *  a number or boolean where text belongs. */
function pointerFixes(analysis: SkillAnalysis, pointer: string): QuickFix[] {
  const yaml = analysis.yaml;
  const node = yaml?.nodes.get(pointer);
  const path = pointerPath(pointer);
  const schema = schemaAt(path);
  if (!yaml || !schema || !isScalar(node) || node.value === null) return [];
  const r = nodeRange(node, yaml.base);
  if (!r) return [];
  const raw = analysis.text.slice(r[0], r[1]);
  if (raw.includes('\n') || raw.includes('\r')) return [];
  const t = typesOf(schema);
  const field = path[path.length - 1] ?? '';
  if (t.includes('array') && !t.includes('string')) {
    // Safe when `[raw]` reads back as the one item written (no `,`, brackets, braces or comment in a plain scalar).
    const oneItem = /^(?:"[^"\\]*"|'[^']*')$/.test(raw) || (!/[,[\]{}]|\s#/.test(raw) && !/^[&*!|>%@`'"]/.test(raw));
    return [{ title: `Make \`${field}\` a list: [${raw}]`, edits: [{ start: r[0], end: r[1], text: `[${raw}]` }], preferred: true, safe: oneItem }];
  }
  if (schema.enum && typeof node.value === 'string') {
    const written = node.value;
    const ranked = schema.enum.map((v) => ({ v, d: editDistance(written.toLowerCase(), v, 3) })).sort((a, b) => a.d - b.d);
    return ranked.map(({ v, d }, i) => ({ title: `Change to \`${v}\``, edits: [{ start: r[0], end: r[1], text: v }], preferred: i === 0 && d <= 2 }));
  }
  if (t.includes('string') && (typeof node.value === 'number' || typeof node.value === 'boolean' || typeof node.value === 'bigint')) {
    const quoted = JSON.stringify(raw);
    return [{ title: `Quote it: ${quoted}`, edits: [{ start: r[0], end: r[1], text: quoted }], preferred: true }];
  }
  return [];
}

function removeListItem(analysis: SkillAnalysis, pointer: string, index: number): QuickFix[] {
  const yaml = analysis.yaml;
  const seq = yaml?.nodes.get(pointer);
  if (!yaml || !isSeq(seq) || index < 1) return [];
  const item = nodeRange(seq.items[index] as Node, yaml.base);
  const prev = nodeRange(seq.items[index - 1] as Node, yaml.base);
  if (!item || !prev) return [];
  const text = analysis.text;
  const value = text.slice(item[0], item[1]);
  const title = `Remove the repeated ${code(value)}`;
  if (seq.flow) return [{ title, edits: [{ start: prev[1], end: item[1], text: '' }], preferred: true }];
  const start = lineStartOf(text, item[0]);
  if (!/^\s*-\s*$/.test(text.slice(start, item[0]))) return [];
  return [{ title, edits: [{ start, end: lineEndWithBreak(text, item[1]), text: '' }], preferred: true }];
}

/** Removes the map entry whose key starts at `keyStart` (the repeat the parser reported), block maps only. */
function removeDuplicateKey(analysis: SkillAnalysis, keyStart: number): QuickFix[] {
  const yaml = analysis.yaml;
  const root = yaml?.doc?.contents;
  if (!yaml || !root) return [];
  const text = analysis.text;
  const stack: unknown[] = [root];
  while (stack.length) {
    const node = stack.pop();
    if (isSeq(node)) stack.push(...node.items);
    if (!isMap(node)) continue;
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      stack.push(pair.value);
      const kr = nodeRange(pair.key as Node, yaml.base);
      if (!kr || kr[0] !== keyStart) continue;
      if (node.flow) return [];
      const start = lineStartOf(text, kr[0]);
      if (text.slice(start, kr[0]).trim() !== '') return [];
      const vr = nodeRange(pair.value as Node, yaml.base);
      const end = contentEnd(text, kr[0], vr ? Math.max(vr[1], kr[1]) : kr[1]);
      return [
        {
          title: `Remove the repeated ${code(keyText(pair.key))} (keep the first)`,
          edits: [{ start, end: lineEndWithBreak(text, end), text: '' }],
          preferred: true,
        },
      ];
    }
  }
  return [];
}

/** Where the "use mode: warn" action is offered: the `requires` (or `prerequisites`) entry, key to value. */
export function modeAnchors(analysis: SkillAnalysis): Array<[number, number]> {
  const yaml = analysis.yaml;
  if (!yaml) return [];
  const out: Array<[number, number]> = [];
  for (const key of ['requires', 'prerequisites']) {
    const kr = nodeRange(yaml.keys.get(`/${key}`), yaml.base);
    if (!kr) continue;
    const vr = nodeRange(yaml.nodes.get(`/${key}`), yaml.base);
    out.push([kr[0], vr ? contentEnd(analysis.text, kr[0], Math.max(vr[1], kr[1])) : kr[1]]);
  }
  return out;
}

/** The edit that sets `requires.mode` (adding the key, or the whole `requires` block, when absent). */
export function setModeEdit(analysis: SkillAnalysis, mode: GatingMode, unit = 2): EditSpec | null {
  const yaml = analysis.yaml;
  const fm = analysis.split.frontmatter;
  if (!yaml || !fm || !yaml.doc) return null;
  const text = analysis.text;
  const modeNode = yaml.nodes.get('/requires/mode');
  const modeRange = nodeRange(modeNode, yaml.base);
  if (isScalar(modeNode) && modeRange && modeRange[1] > modeRange[0]) return { start: modeRange[0], end: modeRange[1], text: mode };
  const req = yaml.nodes.get('/requires');
  const keyRange = nodeRange(yaml.keys.get('/requires'), yaml.base);
  if (isMap(req)) {
    const r = nodeRange(req, yaml.base);
    if (!r) return null;
    if (req.flow) {
      const close = text.lastIndexOf('}', r[1]);
      if (close < r[0]) return null;
      return { start: close, end: close, text: `${req.items.length ? ', ' : ''}mode: ${mode}` };
    }
    const pairs = req.items.filter(isPair);
    const first = pairs[0];
    const last = pairs[pairs.length - 1];
    const fr = first ? nodeRange(first.key as Node, yaml.base) : null;
    const lr = last ? nodeRange(last.key as Node, yaml.base) : null;
    if (!last || !fr || !lr) return null;
    const indent = fr[0] - lineStartOf(text, fr[0]);
    const vr = nodeRange(last.value as Node, yaml.base);
    const end = lineEndOf(text, contentEnd(text, lr[0], vr ? Math.max(vr[1], lr[1]) : lr[1]));
    return { start: end, end, text: `\n${' '.repeat(indent)}mode: ${mode}` };
  }
  if (keyRange) {
    // `requires:` with nothing (or `~`) after it.
    const colon = text.indexOf(':', keyRange[1]);
    if (colon === -1 || (req !== undefined && !(isScalar(req) && req.value === null))) return null;
    return { start: colon + 1, end: lineEndOf(text, colon), text: `\n${' '.repeat(unit)}mode: ${mode}` };
  }
  return { start: fm.yamlEnd, end: fm.yamlEnd, text: `requires:\n${' '.repeat(unit)}mode: ${mode}\n` };
}
