// What OpenClaw drops or ignores without a word, as findings (codes `openclaw-…`) placed in the SKILL.md, each
// saying what OpenClaw does and how to fix it, with a mechanical fix (`fix`: replacement text and its range)
// where one exists. Two kinds:
//  - folder findings, from the emulation's trace: no description, BOM, no frontmatter, symlinked or oversized
//    SKILL.md, a path escaping the root, a duplicate name, folders never scanned, ignored folder names;
//  - content findings, for every SKILL.md OpenClaw parses: YAML that fell back to the line reader, metadata
//    that is not JSON5 or not under `openclaw`, requirements in the wrong place, os names Node does not use,
//    `always` as a string, install specs OpenClaw drops, invocation flags it cannot read, keys in the wrong case.
// Positions are computed on the file as read (BOM and CRLF included), so they match the editor.

import * as fs from 'node:fs';
import * as path from 'node:path';
import JSON5 from 'json5';
import YAML from 'yaml';
import { LineIndex } from '../../skill/text';
import type { Severity } from '../../types';
import type { OpenClawRun } from './emulate';
import type { FolderFate } from './discover';
import { parseFrontmatterDetailed, type FrontmatterParse } from './frontmatter';
import { normalizeStringList, parseBooleanValue, parseInstallSpecDetailed, parseManifestBlock } from './metadata';
import { readForDiagnostics } from './read';
import type { OpenClawFinding, OpenClawFix } from './types';
import { code, dropReason } from './words';
import { has, OPENCLAW_BASELINE, type OpenClawVersion } from './versions';
import { pluginFindings } from './plugins';
import { placeConfigIssues } from './configText';

/** Node's `process.platform` values: the only spellings `metadata.openclaw.os` can match. */
const NODE_PLATFORMS = ['aix', 'android', 'darwin', 'freebsd', 'haiku', 'linux', 'netbsd', 'openbsd', 'sunos', 'win32', 'cygwin'];
/** Spellings that mean exactly one platform. */
const OS_SYNONYMS: Record<string, string> = {
  macos: 'darwin',
  mac: 'darwin',
  osx: 'darwin',
  'os x': 'darwin',
  'mac os': 'darwin',
  'mac os x': 'darwin',
  apple: 'darwin',
  windows: 'win32',
  win: 'win32',
  win64: 'win32',
  'windows nt': 'win32',
};
const LINUX_DISTROS = ['ubuntu', 'debian', 'fedora', 'centos', 'rhel', 'arch', 'alpine', 'gnu/linux', 'redhat', 'suse', 'opensuse', 'mint', 'wsl'];

const REQUIRES_KEYS = ['bins', 'anyBins', 'env', 'config'];
const REQUIRES_ALIASES: Record<string, string> = {
  bin: 'bins',
  binaries: 'bins',
  binary: 'bins',
  commands: 'bins',
  anybins: 'anyBins',
  any_bins: 'anyBins',
  'any-bins': 'anyBins',
  anyBin: 'anyBins',
  anybin: 'anyBins',
  envs: 'env',
  environment: 'env',
  vars: 'env',
  configs: 'config',
};
const BLOCK_ALIASES: Record<string, string> = {
  platforms: 'os',
  platform: 'os',
  primary_env: 'primaryEnv',
  primaryenv: 'primaryEnv',
  'primary-env': 'primaryEnv',
  skill_key: 'skillKey',
  skillkey: 'skillKey',
  'skill-key': 'skillKey',
  installs: 'install',
  installers: 'install',
};
const KNOWN_TOP_KEYS = ['name', 'description', 'metadata', 'disable-model-invocation', 'user-invocable', 'homepage', 'emoji', 'website', 'url'];
const MISPLACED_TOP_KEYS = ['requires', 'bins', 'anyBins', 'os', 'always', 'primaryEnv', 'install', 'skillKey'];

/** The file as read plus the arithmetic to turn offsets of the newline-normalised text into file offsets. */
class SkillText {
  readonly index: LineIndex;
  readonly normalized: string;
  /** file offset of each normalised offset (length + 1 entries). */
  private readonly map: Int32Array;
  readonly parse: FrontmatterParse;

  constructor(
    readonly file: string,
    readonly text: string,
    readonly version: OpenClawVersion = OPENCLAW_BASELINE,
  ) {
    this.index = new LineIndex(text);
    const map = new Int32Array(text.length + 1);
    if (text.indexOf('\r') < 0) {
      // No line end to normalise (nearly every file): the text itself, each offset its own.
      for (let i = 0; i <= text.length; i++) map[i] = i;
      this.normalized = text;
      this.map = map;
    } else {
      let n = 0;
      const parts: string[] = [];
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        map[n++] = i;
        if (c === 13) {
          parts.push('\n');
          if (text.charCodeAt(i + 1) === 10) i++;
        } else parts.push(text[i] ?? '');
      }
      map[n] = text.length;
      this.normalized = parts.join('');
      this.map = map.subarray(0, n + 1);
    }
    this.parse = parseFrontmatterDetailed(text, version);
  }

  /** Where the frontmatter block starts in `normalized` (from 2026.5.28 a BOM is stripped before slicing it). */
  get blockStart(): number {
    return this.parse.blockStart + (has(this.version, 'bom-stripped') && this.text.charCodeAt(0) === 0xfeff ? 1 : 0);
  }

  toFile(normalizedOffset: number): number {
    const o = Math.max(0, Math.min(normalizedOffset, this.map.length - 1));
    return this.map[o] ?? this.text.length;
  }

  /** The last line of the frontmatter block that starts with `key:` (the line reader keeps the last). */
  keyLine(key: string): { start: number; end: number; valueStart: number; valueEnd: number } | null {
    if (!this.parse.hasBlock) return null;
    const blockStart = this.blockStart;
    const blockEnd = blockStart + this.parse.block.length;
    const re = new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[ \\t]*:`, 'gm');
    let found: RegExpExecArray | null = null;
    re.lastIndex = blockStart;
    for (let m = re.exec(this.normalized); m && m.index < blockEnd; m = re.exec(this.normalized)) found = m;
    if (!found) return null;
    const start = found.index;
    let lineEnd = this.normalized.indexOf('\n', start);
    if (lineEnd === -1 || lineEnd > blockEnd) lineEnd = blockEnd;
    let valueStart = start + found[0].length;
    while (valueStart < lineEnd && /[ \t]/.test(this.normalized[valueStart] ?? '')) valueStart++;
    let valueEnd = lineEnd;
    if (valueStart === lineEnd) {
      // An indented block below the key.
      let next = lineEnd + 1;
      while (next < blockEnd) {
        const nl = this.normalized.indexOf('\n', next);
        const end = nl === -1 || nl > blockEnd ? blockEnd : nl;
        const line = this.normalized.slice(next, end);
        if (line.length > 0 && !line.startsWith(' ') && !line.startsWith('\t')) break;
        valueEnd = end;
        next = end + 1;
      }
      valueStart = Math.min(lineEnd + 1, valueEnd);
    }
    return { start, end: valueEnd, valueStart, valueEnd };
  }

  /** The first occurrence of `token` (optionally quoted) after `key` inside [from, to). */
  tokenAfterKey(from: number, to: number, key: string | null, token: string): { start: number; end: number; quote: string } | null {
    let pos = from;
    if (key !== null) {
      const keyRe = new RegExp(`(?<![\\w-])(["']?)${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1\\s*:`, 'g');
      keyRe.lastIndex = from;
      const k = keyRe.exec(this.normalized);
      if (!k || k.index >= to) return null;
      pos = k.index + k[0].length;
    }
    const esc = token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const re = new RegExp(`(?<![\\w-])(["']?)${esc}\\1(?![\\w-])`, 'g');
    re.lastIndex = pos;
    const m = re.exec(this.normalized);
    if (!m || m.index >= to) return null;
    return { start: m.index, end: m.index + m[0].length, quote: m[1] ?? '' };
  }
}

function finding(
  file: string,
  index: LineIndex,
  codeName: string,
  severity: Severity,
  message: string,
  start: number,
  end: number,
  fix?: OpenClawFix,
): OpenClawFinding {
  const s = index.position(start);
  const e = index.position(Math.max(end, start));
  return {
    runtime: 'openclaw',
    file,
    code: `openclaw-${codeName}`,
    severity,
    message,
    line: s.line,
    column: s.column,
    endLine: e.line,
    endColumn: e.column,
    ...(fix ? { fix } : {}),
  };
}

function wholeFile(file: string, codeName: string, severity: Severity, message: string): OpenClawFinding {
  return { runtime: 'openclaw', file, code: `openclaw-${codeName}`, severity, message, line: 1, column: 1, endLine: 1, endColumn: 1 };
}

/** A refused openclaw.json's findings: one error per complaint of the release, on the key it names
 *  (configText.ts), in the release's words. The editor says the same of an open openclaw.json. */
export function configRefusalFindings(file: string, text: string, refused: readonly string[], version: OpenClawVersion): OpenClawFinding[] {
  return placeConfigIssues(text, refused).map((p) => ({
    runtime: 'openclaw',
    file,
    code: 'openclaw-config-refused',
    severity: 'error',
    message:
      `OpenClaw ${version} refuses this config ("${p.issue}"), so its CLI exits 1 and lists no skill.` +
      (p.issue.startsWith('env: Unrecognized key') ? ' Variables go under `env.vars`.' : ''),
    line: p.line,
    column: p.column,
    endLine: p.endLine,
    endColumn: p.endColumn,
  }));
}

/** Findings about one SKILL.md that OpenClaw parses. */
export function analyzeSkillText(file: string, text: string, version: OpenClawVersion = OPENCLAW_BASELINE): OpenClawFinding[] {
  const t = new SkillText(file, text, version);
  const out: OpenClawFinding[] = [];
  const at = (codeName: string, severity: Severity, message: string, nStart: number, nEnd: number, fix?: OpenClawFix) =>
    out.push(finding(file, t.index, codeName, severity, message, t.toFile(nStart), t.toFile(nEnd), fix));

  // From 2026.5.28 a BOM is stripped (frontmatter.ts): nothing to say then.
  if (text.charCodeAt(0) === 0xfeff && !has(version, 'bom-stripped')) {
    const fm =
      text
        .slice(1)
        .replace(/^\r?\n?/, '')
        .startsWith('---') || text.slice(1).startsWith('---');
    out.push(
      finding(
        file,
        t.index,
        'bom',
        'error',
        'The file starts with a UTF-8 byte-order mark. OpenClaw does not strip it, so the text does not start with `---`: ' +
          (fm ? 'the frontmatter is not read, the skill has no description, and OpenClaw drops it without a message. ' : '') +
          'Save the file as UTF-8 without BOM.',
        0,
        1,
        { start: 0, end: 1, replacement: '', title: 'Remove the byte-order mark' },
      ),
    );
    return out;
  }
  const p = t.parse;
  if (!p.hasBlock || !p.block) {
    const lead = /^\s+---/.exec(t.normalized);
    if (lead) {
      const end = lead[0].length - 3;
      at(
        'no-frontmatter',
        'error',
        'OpenClaw reads frontmatter only when the file starts with `---` (no blank line or space before it); here it finds none, so the skill has no description and is dropped without a message.',
        0,
        end,
        { start: 0, end: t.toFile(end), replacement: '', title: 'Remove what precedes the opening ---' },
      );
    } else if (t.normalized.startsWith('---')) {
      at(
        'no-frontmatter',
        'error',
        p.hasBlock
          ? 'The frontmatter block is empty; OpenClaw finds no description and drops the skill without a message.'
          : 'The frontmatter has no closing `---` line; OpenClaw then reads no frontmatter at all, finds no description and drops the skill without a message.',
        0,
        3,
      );
    } else {
      out.push(
        wholeFile(
          file,
          'no-frontmatter',
          'error',
          'SKILL.md has no frontmatter (the file must start with a `---` line and have a closing `---` line); OpenClaw finds no description and drops the skill without a message.',
        ),
      );
    }
    return out;
  }

  const fm = p.result;
  const blockStart = t.blockStart;
  // YAML failed: OpenClaw used the line reader alone.
  if (p.yamlError !== null) {
    let pos = blockStart;
    let endPos = blockStart + 1;
    try {
      const doc = YAML.parseDocument(p.block, { schema: 'core', logLevel: 'error' });
      const e = doc.errors[0];
      if (e) {
        pos = blockStart + e.pos[0];
        endPos = blockStart + Math.max(e.pos[1], e.pos[0] + 1);
      }
    } catch {
      // position stays at the block start
    }
    const lost = Object.entries(p.lineEntries)
      .filter(([, e]) => e.kind === 'multiline')
      .map(([k]) => k);
    let fix: OpenClawFix | undefined;
    const lineStart = t.normalized.lastIndexOf('\n', pos - 1) + 1;
    const lineEndRaw = t.normalized.indexOf('\n', pos);
    const lineEnd = lineEndRaw === -1 ? t.normalized.length : lineEndRaw;
    const m = /^([\w-]+):[ \t]+(.*\S)[ \t]*$/.exec(t.normalized.slice(lineStart, lineEnd));
    if (m && m[2] && /: /.test(m[2]) && !/^["'[{|>]/.test(m[2])) {
      const valueStart = lineStart + t.normalized.slice(lineStart, lineEnd).indexOf(m[2], (m[1] ?? '').length + 1);
      fix = {
        start: t.toFile(valueStart),
        end: t.toFile(valueStart + m[2].length),
        replacement: JSON.stringify(m[2]),
        title: `Quote the value of ${m[1]}`,
      };
    }
    if (has(version, 'frontmatter-issues')) {
      at(
        'yaml-invalid',
        'error',
        `The frontmatter is not valid YAML (${p.issues[0]?.code ?? 'YAML'}: ${p.yamlError}). OpenClaw ${version} skips the skill with a warning ("Skipping invalid skill: … error=invalid frontmatter: …"). Fix the YAML (quote a value that contains \`: \`).`,
        pos,
        endPos,
        fix,
      );
      return out;
    }
    at(
      'yaml-invalid',
      'warning',
      `The frontmatter is not valid YAML (${p.yamlError}). OpenClaw then reads only single \`key: value\` lines` +
        (lost.length
          ? `: the indented value of ${lost.map(code).join(', ')} reaches it as raw text` +
            (lost.includes('metadata') ? ', which is not JSON5, so every requirement in metadata.openclaw is silently ignored' : '')
          : '') +
        '. Fix the YAML (quote a value that contains `: `).',
      pos,
      endPos,
      fix,
    );
  }

  // Description.
  const description = typeof fm.description === 'string' ? fm.description.trim() : '';
  if (!description) {
    const line = t.keyLine('description');
    // Up to 2026.7.35 it is dropped silently; from 2026.8.1 with "Skipping invalid skill … error=description is required".
    const drops = has(version, 'invalid-skill-warnings')
      ? `drops the skill with a warning ("Skipping invalid skill: … error=description is required")`
      : 'drops the skill without a message';
    const msg = line
      ? `The description is empty. OpenClaw ${version} requires a non-empty description and ${drops}.`
      : `There is no \`description\`. OpenClaw ${version} requires a non-empty description and ${drops}.`;
    if (line) at('no-description', 'error', msg, line.start, line.end);
    else at('no-description', 'error', msg, 0, 3);
  }

  // Keys in the wrong case (`Description`, `DISABLE-MODEL-INVOCATION` …): OpenClaw's keys are case-sensitive.
  for (const key of Object.keys(p.lineEntries)) {
    const lower = key.toLowerCase();
    if (key !== lower && KNOWN_TOP_KEYS.includes(lower) && !(lower in p.lineEntries)) {
      const line = t.keyLine(key);
      if (!line) continue;
      at(
        'key-case',
        'warning',
        `OpenClaw reads frontmatter keys case-sensitively: ${code(key)} is ignored. Write ${code(lower)}.`,
        line.start,
        line.start + key.length,
        { start: t.toFile(line.start), end: t.toFile(line.start + key.length), replacement: lower, title: `Rename to ${lower}` },
      );
    }
  }

  // disable-model-invocation / user-invocable values OpenClaw cannot read.
  for (const key of ['disable-model-invocation', 'user-invocable']) {
    const value = fm[key];
    if (typeof value !== 'string' || parseBooleanValue(value) !== undefined) continue;
    const line = t.keyLine(key);
    if (!line) continue;
    const def = key === 'disable-model-invocation' ? 'false (the model is told about the skill)' : 'true';
    at(
      'invocation-value',
      'warning',
      `OpenClaw reads ${code(key)} as true/false, yes/no, on/off or 1/0; ${code(value)} is none of them, so the default ${def} applies.`,
      line.valueStart,
      line.valueEnd,
    );
  }

  // Requirements outside metadata.openclaw.
  for (const key of MISPLACED_TOP_KEYS) {
    if (!(key in p.lineEntries) && !Object.prototype.hasOwnProperty.call(fm, key)) continue;
    const line = t.keyLine(key);
    if (!line) continue;
    at(
      'requires-misplaced',
      'warning',
      `OpenClaw ignores a top-level ${code(key)}: it reads ${key === 'requires' ? 'requires.bins/anyBins/env/config' : code(key)} only inside metadata.openclaw, so this skill counts as eligible whatever is installed. Move it to \`metadata: {"openclaw": {${key === 'requires' ? '"requires": {…}' : `"${key}": …`}}}\`.`,
      line.start,
      line.start + key.length,
    );
  }

  // metadata.
  const metaLine = t.keyLine('metadata');
  const meta = parseManifestBlock(fm);
  const metaFrom = metaLine?.valueStart ?? blockStart;
  const metaTo = metaLine?.valueEnd ?? blockStart + p.block.length;
  if (meta.status === 'not-json5' && metaLine) {
    let fix: OpenClawFix | undefined;
    let why: string;
    const entry = p.lineEntries.metadata;
    if (p.lineWon.includes('metadata')) {
      why =
        'YAML reads it as a mapping, but because the line contains `:`, OpenClaw keeps the raw line text and parses it as JSON5, which fails (strings such as bin names must be quoted)';
      try {
        const asYaml = YAML.parse(entry?.rawInline ?? '', { schema: 'core', logLevel: 'error' }) as unknown;
        if (asYaml && typeof asYaml === 'object') {
          fix = {
            start: t.toFile(metaLine.valueStart),
            end: t.toFile(metaLine.valueEnd),
            replacement: JSON.stringify(asYaml),
            title: 'Write metadata as JSON',
          };
        }
      } catch {
        // no mechanical fix
      }
    } else if (entry?.kind === 'multiline' && p.yamlError !== null) {
      why = 'the YAML of the frontmatter is invalid, so this indented block reaches OpenClaw as raw text, which is not JSON5';
    } else {
      why = `OpenClaw parses it with JSON5, which fails (${meta.error.split('\n')[0] ?? meta.error})`;
    }
    at(
      'metadata-not-json5',
      'error',
      `metadata is ignored: ${why}. Every requirement, os and install spec in it is lost without a message.`,
      metaLine.start,
      metaLine.end,
      fix,
    );
  } else if (meta.status === 'no-openclaw-key' && metaLine && meta.parsed && typeof meta.parsed === 'object' && !Array.isArray(meta.parsed)) {
    const keys = Object.keys(meta.parsed as Record<string, unknown>);
    const near = keys.find(
      (k) =>
        k !== 'openclaw' &&
        (k.toLowerCase() === 'openclaw' || ['clawdbot', 'clawdis', 'moltbot', 'moldbot', 'open-claw', 'open_claw'].includes(k.toLowerCase())),
    );
    const value = (meta.parsed as Record<string, unknown>).openclaw;
    if (near) {
      const tok = t.tokenAfterKey(metaFrom, metaTo, null, near);
      const fix =
        tok && !keys.includes('openclaw')
          ? { start: t.toFile(tok.start + tok.quote.length), end: t.toFile(tok.end - tok.quote.length), replacement: 'openclaw', title: 'Rename to openclaw' }
          : undefined;
      at(
        'metadata-wrong-key',
        'warning',
        `OpenClaw reads only \`metadata.openclaw\` (lower case; this version reads no legacy key): ${code(near)} is ignored, so none of its requirements apply.`,
        tok?.start ?? metaLine.start,
        tok?.end ?? metaLine.end,
        fix,
      );
    } else if (value !== undefined) {
      at('metadata-wrong-key', 'warning', '`metadata.openclaw` must be an object; OpenClaw ignores it here.', metaLine.start, metaLine.end);
    } else {
      const misplaced = keys.filter((k) => MISPLACED_TOP_KEYS.includes(k));
      if (misplaced.length) {
        at(
          'requires-misplaced',
          'warning',
          `OpenClaw reads ${misplaced.map(code).join(', ')} only inside metadata.openclaw; at the top of metadata it is ignored.`,
          metaLine.start,
          metaLine.end,
        );
      }
    }
  } else if (meta.status === 'ok') {
    const found = blockFindings(t, meta.block, metaFrom, metaTo, metaLine?.start ?? blockStart, metaLine?.end ?? blockStart);
    const move = metaLine ? moveUnderRequires(t, meta.parsed, meta.block, metaLine) : undefined;
    for (const f of found) if (move && f.code === 'openclaw-requires-misplaced' && !f.fix) f.fix = move;
    out.push(...found);
  }
  return out;
}

/** `{"a": [1, 2]}`: JSON with a space after `:` and `,`, which every YAML parser reads as the same flow map
 *  (PyYAML wants the space after a colon). */
function flowJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(flowJson).join(', ')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${JSON.stringify(k)}: ${flowJson(x)}`)
      .join(', ')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** `metadata.openclaw.bins` (and anyBins, env, config) moved under `metadata.openclaw.requires`, when metadata
 *  is one line of plain JSON(5) OpenClaw reads as written: no comments, nothing JSON cannot say, no key that
 *  `requires` already has. The whole value is rewritten as JSON (the other keys unchanged). */
function moveUnderRequires(
  t: SkillText,
  parsed: unknown,
  block: Record<string, unknown>,
  line: { valueStart: number; valueEnd: number },
): OpenClawFix | undefined {
  if (Array.isArray(block) || !parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const raw = t.normalized.slice(line.valueStart, line.valueEnd);
  if (raw.includes('\n') || /\/[/*]|\b(?:NaN|Infinity)\b/.test(raw) || !raw.trimStart().startsWith('{')) return undefined;
  let again: unknown;
  try {
    again = JSON5.parse(raw);
  } catch {
    return undefined;
  }
  if (JSON.stringify(again) !== JSON.stringify(parsed)) return undefined;
  const moved = Object.keys(block).filter((k) => REQUIRES_KEYS.includes(k));
  const requires = block.requires ?? {};
  if (!moved.length || typeof requires !== 'object' || requires === null || Array.isArray(requires)) return undefined;
  if (moved.some((k) => Object.prototype.hasOwnProperty.call(requires, k))) return undefined;
  const next: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(block)) if (!moved.includes(k) && k !== 'requires') next[k] = v;
  next.requires = { ...(requires as Record<string, unknown>), ...Object.fromEntries(moved.map((k) => [k, block[k]])) };
  const whole = Object.fromEntries(Object.entries(parsed as Record<string, unknown>).map(([k, v]) => [k, k === 'openclaw' ? next : v]));
  return { start: t.toFile(line.valueStart), end: t.toFile(line.valueEnd), replacement: flowJson(whole), title: `Move ${moved.join(', ')} under requires` };
}

/** Findings inside a parsed `metadata.openclaw` object. */
function blockFindings(t: SkillText, block: Record<string, unknown>, from: number, to: number, lineStart: number, lineEnd: number): OpenClawFinding[] {
  const out: OpenClawFinding[] = [];
  const at = (codeName: string, severity: Severity, message: string, range: { start: number; end: number } | null, fix?: OpenClawFix) =>
    out.push(finding(t.file, t.index, codeName, severity, message, t.toFile(range?.start ?? lineStart), t.toFile(range?.end ?? lineEnd), fix));
  const keyRange = (key: string) => t.tokenAfterKey(from, to, null, key);

  if (Array.isArray(block)) {
    at('metadata-wrong-key', 'warning', '`metadata.openclaw` is a list; OpenClaw expects an object and finds no field in it.', null);
    return out;
  }
  // Fields under the wrong name.
  for (const key of Object.keys(block)) {
    const target = BLOCK_ALIASES[key] ?? (REQUIRES_KEYS.includes(key) ? `requires.${key}` : undefined);
    if (!target) continue;
    const r = keyRange(key);
    const fix =
      r && !target.includes('.') && !(target in block)
        ? { start: t.toFile(r.start + r.quote.length), end: t.toFile(r.end - r.quote.length), replacement: target, title: `Rename to ${target}` }
        : undefined;
    at(
      target.startsWith('requires.') ? 'requires-misplaced' : 'metadata-unknown-key',
      'warning',
      `OpenClaw ignores metadata.openclaw.${key}; it reads ${code(target)}.`,
      r,
      fix,
    );
  }
  // requires.
  const requires = block.requires;
  if (requires !== undefined) {
    if (typeof requires !== 'object' || requires === null || Array.isArray(requires)) {
      at(
        'requires-not-object',
        'warning',
        '`requires` must be an object such as `{"bins": ["jq"]}`; OpenClaw ignores this one, so the skill counts as eligible whatever is installed.',
        keyRange('requires'),
      );
    } else {
      for (const [key, value] of Object.entries(requires as Record<string, unknown>)) {
        if (REQUIRES_KEYS.includes(key)) {
          if (value !== undefined && value !== null && typeof value !== 'string' && !Array.isArray(value)) {
            at(
              'requires-value',
              'warning',
              `requires.${key} must be a list or a comma-separated string; OpenClaw reads this one as an empty list.`,
              t.tokenAfterKey(from, to, 'requires', key),
            );
          }
          continue;
        }
        const target = REQUIRES_ALIASES[key] ?? REQUIRES_ALIASES[key.toLowerCase()];
        const r = t.tokenAfterKey(from, to, 'requires', key);
        const fix =
          target && r && !(target in (requires as Record<string, unknown>))
            ? { start: t.toFile(r.start + r.quote.length), end: t.toFile(r.end - r.quote.length), replacement: target, title: `Rename to ${target}` }
            : undefined;
        at(
          'requires-unknown-key',
          'warning',
          `OpenClaw reads only requires.bins, anyBins, env and config: ${code(`requires.${key}`)} is ignored${target ? `; did you mean ${code(`requires.${target}`)}?` : '.'}`,
          r,
          fix,
        );
      }
    }
  }
  // os.
  for (const value of normalizeStringList(block.os)) {
    if (NODE_PLATFORMS.includes(value)) continue;
    const lower = value.toLowerCase();
    const target = NODE_PLATFORMS.includes(lower) ? lower : OS_SYNONYMS[lower];
    const r = t.tokenAfterKey(from, to, 'os', value);
    const fix =
      target && r
        ? { start: t.toFile(r.start + r.quote.length), end: t.toFile(r.end - r.quote.length), replacement: target, title: `Use ${target}` }
        : undefined;
    const distro = LINUX_DISTROS.includes(lower);
    at(
      'os-value',
      'warning',
      `OpenClaw compares os values exactly with Node's platform names (darwin, linux, win32, …): ${code(value)} matches no platform${target ? `. Write ${code(target)}` : distro ? '. Write `linux` (OpenClaw cannot tell distributions apart)' : ''}.`,
      r,
      fix,
    );
  }
  // always.
  if (block.always !== undefined && typeof block.always !== 'boolean') {
    const text = String(block.always);
    const asBool = parseBooleanValue(text);
    const r = t.tokenAfterKey(from, to, 'always', text);
    const fix =
      asBool !== undefined && r
        ? { start: t.toFile(r.start), end: t.toFile(r.end), replacement: String(asBool), title: `Use the boolean ${String(asBool)}` }
        : undefined;
    at(
      'always-not-boolean',
      'warning',
      `OpenClaw honours \`always\` only as the boolean true; ${code(JSON.stringify(block.always))} is ignored, so every requirement is still checked.${asBool !== undefined ? ` Write ${code(String(asBool))} without quotes.` : ''}`,
      r ?? keyRange('always'),
      fix,
    );
  }
  if (block.always === true && normalizeStringList(block.os).length > 0) {
    at(
      'always-vs-os',
      'information',
      '`always: true` does not override `os`: on a platform not listed, `openclaw skills check` calls the skill eligible, but the prompt builder checks os first and leaves it out.',
      keyRange('always'),
    );
  }
  // install specs.
  if (block.install !== undefined && !Array.isArray(block.install)) {
    at('install-invalid', 'warning', '`install` must be a list of specs; OpenClaw ignores it.', keyRange('install'));
  } else if (Array.isArray(block.install)) {
    block.install.forEach((spec, i) => {
      const res = parseInstallSpecDetailed(spec);
      if ('spec' in res) return;
      let why: string;
      if (res.problem === 'not-an-object') why = 'it is not an object';
      else if (res.problem === 'unknown-kind')
        why = res.kind ? `kind ${code(res.kind)} is not one of brew, node, go, uv, download` : 'it has no `kind` (brew, node, go, uv or download)';
      else if (res.problem === 'bad-sha256') why = 'its `sha256` is not 64 hexadecimal digits';
      else {
        const needs: Record<string, string> = {
          formula: 'a `formula` (or `cask`): a Homebrew name such as `ffmpeg`',
          package:
            res.kind === 'node'
              ? 'a `package`: an npm registry name, optionally with an exact version or tag'
              : 'a `package`: a PyPI requirement such as `ruff`',
          module: 'a `module`: a Go module path such as `example.com/tool@latest`',
          url: 'a `url` starting with http:// or https://',
        };
        why = `a ${res.kind} spec needs ${needs[res.field] ?? res.field}`;
      }
      const r = findNthObject(t, from, to, 'install', i);
      at(
        'install-invalid',
        'warning',
        `OpenClaw drops install spec ${i + 1} without a message: ${why}. \`openclaw skills info\` then offers no installer for it.`,
        r,
      );
    });
  }
  return out;
}

/** The range of the n-th `{…}` after `key` (a best effort for flow-style JSON5; null for YAML blocks). */
function findNthObject(t: SkillText, from: number, to: number, key: string, n: number): { start: number; end: number } | null {
  const k = t.tokenAfterKey(from, to, null, key);
  if (!k) return null;
  let i = t.normalized.indexOf('[', k.end);
  if (i === -1 || i >= to) return k;
  let depth = 0;
  let count = -1;
  let start = -1;
  let quote = '';
  for (i = i + 1; i < to; i++) {
    const c = t.normalized[i] ?? '';
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '{' || c === '[') {
      if (depth === 0) {
        count++;
        start = i;
      }
      depth++;
    } else if (c === '}' || c === ']') {
      if (depth === 0) break;
      depth--;
      if (depth === 0 && count === n) return { start, end: i + 1 };
    } else if (depth === 0 && c !== ',' && !/\s/.test(c) && count < n) {
      // a scalar entry counts too
      count++;
      if (count === n) {
        let e = i;
        while (e < to && !/[,\]\s]/.test(t.normalized[e] ?? '')) e++;
        return { start: i, end: e };
      }
      while (i + 1 < to && !/[,\]]/.test(t.normalized[i + 1] ?? '')) i++;
    }
  }
  return k;
}

/** A verdict reason reused as a finding message, without the "Not found:" fact label. */
function plain(reason: string): string {
  const text = reason.replace(/^Not found: /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function severityOf(fate: FolderFate): Severity {
  return fate.kind === 'beyond-limit' || fate.kind === 'not-scanned-nested-root' || fate.kind === 'not-scanned-root-skill' ? 'warning' : 'error';
}

const FATE_CODES: Partial<Record<FolderFate['kind'], string>> = {
  oversized: 'file-too-large',
  'escapes-root': 'path-escapes-root',
  'beyond-limit': 'discovery-limit',
  'not-scanned-nested-root': 'not-scanned',
  'not-scanned-root-skill': 'not-scanned',
};

/** All findings of a run. */
export function collectFindings(run: OpenClawRun): OpenClawFinding[] {
  const out: OpenClawFinding[] = [];
  /** Whether `dir` holds a SKILL.md that is a file (links followed). */
  const hasSkillFile = (dir: string): boolean => {
    try {
      return run.fs.statIn(dir, 'SKILL.md').isFile();
    } catch {
      return false;
    }
  };
  const analyzed = new Set<string>();
  // What a text says depends on the text alone (the file only names where): one analysis per text, so a file
  // reached by many paths (a folder link, a loop walked 6 levels deep) or copied is analyzed once.
  const byText = new Map<string, OpenClawFinding[]>();
  const analyze = (file: string): void => {
    if (analyzed.has(file)) return;
    analyzed.add(file);
    // A file the loader read whole is that text again (read.ts loadSkillFile96).
    const text = run.fs.textOf(file, run.limits.maxSkillFileBytes) ?? readForDiagnostics(file, run.limits.maxSkillFileBytes)?.text;
    if (text === undefined) return;
    const known = byText.get(text);
    if (known) {
      for (const f of known) out.push({ ...f, file, ...(f.fix ? { fix: { ...f.fix } } : {}) });
      return;
    }
    // The CLI's on-disk cache (readCache.ts) keeps them between runs.
    const key = run.readCache ? run.readCache.keyOf(text) : '';
    const stored = run.readCache?.findings(key);
    if (stored) {
      byText.set(text, stored);
      for (const f of stored) out.push({ ...f, file, ...(f.fix ? { fix: { ...f.fix } } : {}) });
      return;
    }
    const found = analyzeSkillText(file, text, run.version);
    byText.set(text, found);
    run.readCache?.setFindings(key, found);
    out.push(...found);
  };
  const nameLines = new Map<string, { t: SkillText; l: NonNullable<ReturnType<SkillText['keyLine']>> } | null>();
  const nameLineOf = (file: string): { t: SkillText; l: NonNullable<ReturnType<SkillText['keyLine']>> } | null => {
    const read = readForDiagnostics(file, run.limits.maxSkillFileBytes);
    if (!read) return null;
    let known = nameLines.get(read.text);
    if (known === undefined) {
      const t = new SkillText(file, read.text);
      const l = t.keyLine('name');
      known = l ? { t, l } : null;
      nameLines.set(read.text, known);
    }
    return known;
  };
  // Every release refuses an openclaw.json its schema rejects: the CLI exits 1 and lists nothing (config.ts
  // checkParsedConfig).
  if (run.config.refused) out.push(...configRefusalFindings(run.config.path, run.config.text ?? '', run.config.refused, run.version));
  // The installation's plugins: what is not emulated of them (plugins.ts).
  out.push(...pluginFindings(run.plugins));
  // From 2026.8.1 OpenClaw says why it skips a SKILL.md ("Skipping invalid skill.", read.ts loadSingleSkillDirectory96).
  if (has(run.version, 'invalid-skill-warnings')) {
    for (const log of run.logs) {
      if (log.message !== 'Skipping invalid skill.' || typeof log.meta?.filePath !== 'string') continue;
      // A missing description has its own finding, placed on the frontmatter (no-description).
      if (String(log.meta.consoleMessage).endsWith('error=description is required')) continue;
      out.push(
        wholeFile(
          path.resolve(log.meta.filePath),
          'invalid-skill',
          'error',
          `OpenClaw ${run.version} skips this skill with a warning: "${String(log.meta.consoleMessage)}".`,
        ),
      );
    }
  }
  // Loaded skills (and the folders whose skill lost its name to another): their content.
  for (const o of run.entries) analyze(path.resolve(o.entry.filePath));
  for (const r of run.replaced) {
    const file = path.resolve(r.loser.filePath);
    const nameLine = nameLineOf(file);
    const msg = `Another skill folder (${r.winner.baseDir}) declares the name ${code(r.loser.name)}. OpenClaw keys skills by name and keeps only that one, so this folder produces no skill (no message). Give each skill a distinct name.`;
    if (nameLine)
      out.push(finding(file, nameLine.t.index, 'duplicate-name', 'warning', msg, nameLine.t.toFile(nameLine.l.start), nameLine.t.toFile(nameLine.l.end)));
    else out.push(wholeFile(file, 'duplicate-name', 'warning', msg));
    analyze(file);
  }
  // Folders that produced no skill.
  const loadedDirs = new Set(run.entries.map((o) => path.resolve(o.entry.baseDir)));
  const seen = new Set<string>();
  for (const trace of run.traces) {
    const dir = path.resolve(trace.dir);
    const file = path.join(dir, 'SKILL.md');
    const fate = trace.fate;
    if (loadedDirs.has(dir)) continue;
    const key = `${dir}\0${fate.kind}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (fate.kind === 'no-description') {
      analyze(file);
      continue;
    }
    if (fate.kind === 'unreadable') {
      if (fate.reason === 'symlink') {
        out.push(
          wholeFile(
            file,
            'skill-md-symlink',
            'error',
            'This SKILL.md is a symlink. OpenClaw opens SKILL.md with symlink rejection and never reads it, so the folder produces no skill (no message). Put the file itself here, or link the whole folder instead.',
          ),
        );
      } else if (fate.reason === 'empty') {
        out.push(wholeFile(file, 'no-description', 'error', 'SKILL.md is empty; OpenClaw finds no description and drops the folder without a message.'));
      } else if (fate.reason !== 'path') {
        out.push(wholeFile(file, 'unreadable', 'error', plain(dropReason(fate))));
      }
      continue;
    }
    const codeName = FATE_CODES[fate.kind];
    if (!codeName) continue;
    if ((fate.kind === 'beyond-limit' || fate.kind === 'not-scanned-nested-root' || fate.kind === 'not-scanned-root-skill') && !hasSkillFile(dir)) continue;
    out.push(wholeFile(file, codeName, severityOf(fate), plain(dropReason(fate))));
  }
  // Root entries OpenClaw passes over without looking: `.`-folders holding a SKILL.md, a lower-case skill.md.
  for (const scan of run.scans) {
    let names: string[];
    try {
      names = fs.readdirSync(scan.baseDir);
    } catch {
      continue;
    }
    for (const name of names) {
      const dir = path.join(scan.baseDir, name);
      if ((name.startsWith('.') || name === 'node_modules') && hasSkillFile(dir)) {
        out.push(
          wholeFile(
            path.join(dir, 'SKILL.md'),
            'ignored-folder',
            'information',
            `OpenClaw skips folders named ${code(name)} (names starting with \`.\` and node_modules), so this skill is never loaded.`,
          ),
        );
        continue;
      }
      if (scan.rootIsSkill) continue;
      let entries: string[] = [];
      try {
        entries = fs.readdirSync(dir);
      } catch {
        continue;
      }
      if (entries.includes('SKILL.md')) continue;
      const other = entries.find((e) => e.toLowerCase() === 'skill.md');
      if (other) {
        out.push(
          wholeFile(
            path.join(dir, other),
            'skill-md-case',
            'warning',
            `OpenClaw looks for a file named exactly SKILL.md; ${code(other)} is not found, so this folder is not a skill. Rename it to SKILL.md.`,
          ),
        );
      }
    }
  }
  return out;
}
