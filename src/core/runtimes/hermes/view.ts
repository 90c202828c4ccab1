// The `skill_view(name)` tool (tools/skills_tool.py ST:1100-1632) with `preprocess=False`: how the model
// loads a skill, by folder path or by name. What an author needs from it: whether it succeeds, the
// readiness it reports, and the ways it fails —
// - a bare name matching several folders or frontmatter names is refused as ambiguous;
// - a platform mismatch answers `unsupported`; a name in `skills.disabled` answers "disabled" (Python
//   `in` on the raw config value: a list compares exactly, a single string is a substring test);
// - a file that is not UTF-8 cannot be read;
// - the answer is JSON: a YAML date in name/description/compatibility/metadata makes the encoding raise,
//   and the tool answers `Object of type date is not JSON serializable`;
// - `metadata.hermes` that is a string (or list) breaks it too (`.get` on a str).
// The environment gate and conditional activation do not apply here.

import type { Dirent } from 'node:fs';
import * as path from 'node:path';
import { FsView } from '../../machine/fsview';
import { relParts, SUPPORT_DIRS } from './discover';
import { platformMatches } from './gate';
import { getenv, loadConfigValue, type Host } from './host';
import type { LoadedSkill } from './load';
import { decodeUtf8, parseFrontmatter, universalNewlines } from './read';
import { readiness, type Readiness } from './readiness';
import { isStr, PyDict, PyError, PyList, pyIn, pyTypeName, pyStr, pyStrip, pyToJson, pyTruthy, type PyValue } from './pyvalue';

export interface ViewResult {
  /** The JSON object the tool returns, minus `content` and `usage_hint` (as the golden cases record). */
  json: Record<string, unknown>;
  success: boolean;
  /** Set on success: the readiness computed. */
  readiness: Readiness | null;
  /** The loaded skill the lookup resolved to (null when none or several). */
  resolved: LoadedSkill | null;
  /** Which failure, for verdicts: */
  failure: 'ambiguous' | 'not-found' | 'read' | 'unsupported' | 'disabled' | 'json' | 'error' | null;
}

/** What skill_view needs about the tree, computed once: the discovered skills and every `*.md` file
 *  (for the legacy `<name>.md` lookup). */
/** One folder skill_view searches (the local skills folder, then each external one). */
export interface DirIndex {
  root: string;
  skills: LoadedSkill[];
  /** `*.md` files other than SKILL.md outside support folders, with their path parts under the root. */
  mdFiles: { file: string; parts: string[] }[];
  /** The same, by file name without `.md` (the usual lookup: a bare name). */
  mdByStem: Map<string, { file: string; parts: string[] }[]>;
  /** Discovery positions of the skills by folder name, and by frontmatter name (a str equals only a str). */
  byFolder: Map<string, number[]>;
  byFmName: Map<string, number[]>;
}

export interface ViewIndex {
  /** The local skills folder (paths in answers are relative to it). */
  root: string;
  dirs: DirIndex[];
  /** Sorted skills_list names (for the not-found answer). */
  listedNames: string[];
  /** Every loaded skill by its SKILL.md path, the first of the folders in order (a lookup per skill_view). */
  byFile: Map<string, LoadedSkill>;
  /** The run's view of the file system (each folder listed, each path looked at, once). */
  fs: FsView;
}

const MAX_MD_FILES = 20_000;

/** All files and folders under `root` named `*.md`, as `rglob` sees them (it does not follow symbolic
 *  links to folders). */
export function collectMdFiles(root: string, view: FsView): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number): void => {
    if (out.length > MAX_MD_FILES || depth > 64) return;
    for (const e of view.readdir(dir) ?? []) {
      const p = path.join(dir, e.name);
      if (e.name.endsWith('.md')) out.push(p);
      if (e.isDirectory()) walk(p, depth + 1);
    }
  };
  walk(root, 0);
  return out;
}

/** `_is_skill_support_path`: under references/templates/assets/scripts of a folder holding SKILL.md. */
function isSupportPath(p: string, view: FsView): boolean {
  const parts = p.split('/');
  for (let i = 1; i < parts.length - 1; i++) {
    if (!SUPPORT_DIRS.has(parts[i] ?? '')) continue;
    if (view.exists(`${parts.slice(0, i).join('/') || '/'}/SKILL.md`)) return true;
  }
  return false;
}

/** Python `Path.with_suffix('.md')`. */
function withMdSuffix(p: string): string {
  const base = path.basename(p);
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return path.join(path.dirname(p), `${stem}.md`);
}

/** fnmatch for one path component (`*`, `?`, `[...]`), case-sensitive as on POSIX, compiled once: a test of
 *  a name against it. Plain text compares as text. */
function fnmatcher(pattern: string): (name: string) => boolean {
  if (!/[*?[]/.test(pattern)) return (name) => name === pattern;
  let re = '^';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] ?? '';
    if (c === '*') re += '[\\s\\S]*';
    else if (c === '?') re += '[\\s\\S]';
    else if (c === '[') {
      const close = pattern.indexOf(']', i + 2);
      if (close < 0) re += '\\[';
      else {
        let body = pattern.slice(i + 1, close);
        if (body.startsWith('!')) body = `^${body.slice(1)}`;
        re += `[${body.replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else re += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  let compiled: RegExp;
  try {
    compiled = new RegExp(`${re}$`, 'u');
  } catch {
    return () => false;
  }
  return (name) => compiled.test(name);
}

function realKey(p: string, view: FsView): string {
  return view.realpath(p) ?? path.resolve(p);
}

/** The candidate SKILL.md files for `name` across skill_view's three strategies (direct path, folder or
 *  frontmatter name, legacy `<name>.md`), each file once. */
function candidates(name: string, index: ViewIndex, localCategory: string | null): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const view = index.fs;
  const record = (smd: string): void => {
    const key = realKey(smd, view);
    if (seen.has(key)) return;
    seen.add(key);
    found.push(smd);
  };
  for (const dir of index.dirs) {
    const direct = (rel: string): void => {
      const d = path.join(dir.root, rel);
      if (!isSupportPath(d, view) && view.isDir(d) && view.exists(path.join(d, 'SKILL.md'))) record(path.join(d, 'SKILL.md'));
      else {
        const md = withMdSuffix(d);
        if (view.exists(md) && !isSupportPath(md, view)) record(md);
      }
    };
    direct(name);
    if (localCategory) direct(localCategory);
    // Strategy 2, in discovery order: a folder named `name`, or a frontmatter `name` equal to it.
    const hits = [...new Set([...(dir.byFolder.get(name) ?? []), ...(dir.byFmName.get(name) ?? [])])].sort((a, b) => a - b);
    for (const i of hits) {
      const s = dir.skills[i];
      if (s) record(s.found.file);
    }
    // Legacy flat files: rglob(f"{name}.md"), a pattern whose parts may hold `/` and glob characters. Its
    // answer, not its cost: when the last part is plain text (a bare name, `category/name`), only the files
    // of that stem can match, found in the index in rglob's order; only a glob in the last part scans them all.
    const pattern = `${name}.md`.split('/').filter((p) => p && p !== '.');
    const last = pattern[pattern.length - 1];
    if (last !== undefined) {
      const pool = /[*?[]/.test(last) || !last.endsWith('.md') ? dir.mdFiles : (dir.mdByStem.get(last.slice(0, -3)) ?? []);
      const matchers = pattern.map(fnmatcher);
      for (const f of pool) {
        if (f.parts.length < pattern.length) continue;
        const at = f.parts.length - pattern.length;
        if (matchers.every((m, i) => m(f.parts[at + i] ?? ''))) record(f.file);
      }
    }
  }
  return found;
}

function fail(json: Record<string, unknown>, failure: ViewResult['failure']): ViewResult {
  return { json, success: false, readiness: null, resolved: null, failure };
}

/** `_parse_tags`: a list as strings, or a `[a, b]` / `a, b` string split at commas. */
function parseTags(v: PyValue | undefined): string[] {
  if (!pyTruthy(v)) return [];
  if (v instanceof PyList) return v.items.filter((t) => pyTruthy(t)).map((t) => pyStrip(pyStr(t)));
  let s = pyStrip(pyStr(v ?? null));
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  return s
    .split(',')
    .filter((t) => pyStrip(t))
    .map((t) => pyStrip(pyStrip(t), `"'`));
}

/** `_is_skill_disabled(name)`: `load_config()` raw values with Python `in`; any error means "not
 *  disabled". */
function isDisabledForView(name: PyValue, host: Host): boolean {
  try {
    const skills = loadConfigValue(host, 'skills', new PyDict());
    if (!(skills instanceof PyDict)) return false;
    const platform = getenv(host, 'HERMES_PLATFORM') || getenv(host, 'HERMES_SESSION_PLATFORM') || '';
    let pd: PyValue | undefined;
    if (platform) {
      const all = skills.get('platform_disabled');
      pd = all instanceof PyDict ? all.get(platform) : undefined;
    }
    const inPlatform = pd !== undefined && pd !== null && pyIn(name, pd);
    return inPlatform || pyIn(name, skills.get('disabled', new PyList()) ?? null);
  } catch {
    return false;
  }
}

/** Linked files of a skill folder (ST:1407-1473): references/*.md, templates/** of some extensions,
 *  assets/** files, scripts/* of script extensions; in filesystem order. */
export function linkedFiles(skillDir: string, view: FsView): Record<string, string[]> | null {
  const rel = (p: string): string => path.relative(skillDir, p);
  const list = (dir: string): Dirent[] => view.readdir(dir) ?? [];
  const rglob = (dir: string, out: string[] = [], depth = 0): string[] => {
    if (depth > 32 || out.length > 5000) return out;
    for (const e of list(dir)) {
      const p = path.join(dir, e.name);
      out.push(p);
      if (e.isDirectory()) rglob(p, out, depth + 1);
    }
    return out;
  };
  const isDir = (p: string): boolean => view.isDir(p);
  const linked: Record<string, string[]> = {};
  const refs = path.join(skillDir, 'references');
  if (isDir(refs)) {
    const r = list(refs)
      .filter((e) => e.name.endsWith('.md'))
      .map((e) => rel(path.join(refs, e.name)));
    if (r.length) linked.references = r;
  }
  const tpl = path.join(skillDir, 'templates');
  if (isDir(tpl)) {
    const all = rglob(tpl);
    const r: string[] = [];
    for (const ext of ['.md', '.py', '.yaml', '.yml', '.json', '.tex', '.sh']) r.push(...all.filter((p) => path.basename(p).endsWith(ext)).map(rel));
    if (r.length) linked.templates = r;
  }
  const assets = path.join(skillDir, 'assets');
  if (isDir(assets)) {
    const r = rglob(assets)
      .filter((p) => view.isFile(p))
      .map(rel);
    if (r.length) linked.assets = r;
  }
  const scripts = path.join(skillDir, 'scripts');
  if (isDir(scripts)) {
    const names = list(scripts).map((e) => e.name);
    const r: string[] = [];
    for (const ext of ['.py', '.sh', '.bash', '.js', '.ts', '.rb']) r.push(...names.filter((n) => n.endsWith(ext)).map((n) => rel(path.join(scripts, n))));
    if (r.length) linked.scripts = r;
  }
  return Object.keys(linked).length ? linked : null;
}

function toolError(message: string): Record<string, unknown> {
  return { error: message, success: false };
}

/** `skill_view(name)`. */
export function skillView(name: string, index: ViewIndex, host: Host): ViewResult {
  try {
    return skillViewInner(name, index, host);
  } catch (e) {
    return fail(toolError(e instanceof Error ? e.message : String(e)), 'error');
  }
}

function skillViewInner(name: string, index: ViewIndex, host: Host): ViewResult {
  const trimmed = pyStrip(name);
  if (trimmed.startsWith('/') || /^[A-Za-z]:/.test(trimmed)) {
    return fail(
      {
        success: false,
        error: 'Skill name must be a relative path within the skills directory.',
        hint: 'Use a skill name or relative path within the skills directory.',
      },
      'error',
    );
  }
  if (trimmed.split(/[\\/]/).includes('..')) {
    return fail(
      {
        success: false,
        error: "Skill name cannot contain '..' path traversal components.",
        hint: 'Use a skill name or relative path within the skills directory.',
      },
      'error',
    );
  }
  let localCategory: string | null = null;
  if (name.includes(':')) {
    // A qualified `plugin:skill` name; with no plugin of that name it falls through to `plugin/skill`.
    const at = name.indexOf(':');
    const ns = name.slice(0, at);
    const bare = name.slice(at + 1);
    if (!/^[a-zA-Z0-9_-]+$/.test(ns))
      return fail({ success: false, error: `Invalid namespace '${ns}' in '${name}'. Namespaces must match [a-zA-Z0-9_-]+.` }, 'error');
    if (bare) localCategory = `${ns}/${bare}`;
  }
  if (index.dirs.length === 0) return fail({ success: false, error: 'Skills directory does not exist yet. It will be created on first install.' }, 'not-found');
  const found = candidates(name, index, localCategory);
  if (found.length > 1) {
    return fail(
      {
        success: false,
        error: `Ambiguous skill name '${name}': ${found.length} skills match across your local skills dir and external_dirs. Refusing to guess — load one explicitly by its categorized path.`,
        matches: found,
        hint: "Pass the full relative path instead of the bare name (e.g., 'category/skill-name'), or rename one of the colliding skills so each name is unique.",
      },
      'ambiguous',
    );
  }
  const skillMd = found[0];
  if (skillMd === undefined || !index.fs.exists(skillMd)) {
    return fail(
      {
        success: false,
        error: `Skill '${name}' not found.`,
        available_skills: index.listedNames.slice(0, 20),
        hint: 'Use skills_list to see all available skills',
      },
      'not-found',
    );
  }
  const isSkillDir = path.basename(skillMd) === 'SKILL.md';
  const skillDir = isSkillDir ? path.dirname(skillMd) : null;
  const loaded = index.byFile.get(skillMd) ?? null;
  // Read as the tool does: strict UTF-8 with universal newlines.
  let content: string;
  if (loaded) {
    if (loaded.text === null) return fail({ success: false, error: `Failed to read skill '${name}': ${loaded.readError ?? 'unreadable'}` }, 'read');
    content = loaded.text;
  } else {
    try {
      const d = decodeUtf8(index.fs.readFile(skillMd));
      if (!d.ok) return fail({ success: false, error: `Failed to read skill '${name}': ${d.error}` }, 'read');
      content = universalNewlines(d.text);
    } catch (e) {
      return fail({ success: false, error: `Failed to read skill '${name}': ${(e as Error).message}` }, 'read');
    }
  }
  const fm = loaded ? loaded.fm.fields : parseFrontmatter(content, host.version).fields;
  if (!platformMatches(fm.get('platforms'), host)) {
    return fail({ success: false, error: `Skill '${name}' is not supported on this platform.`, readiness_status: 'unsupported' }, 'unsupported');
  }
  const resolvedName = fm.get('name', path.basename(path.dirname(skillMd))) ?? null;
  if (isDisabledForView(resolvedName, host)) {
    return fail(
      { success: false, error: `Skill '${pyStr(resolvedName)}' is disabled. Enable it with \`hermes skills\` or inspect the files directly on disk.` },
      'disabled',
    );
  }
  const linked = skillDir ? linkedFiles(skillDir, index.fs) : null;
  const metadata = fm.get('metadata');
  let hermesMeta: PyValue = new PyDict();
  if (metadata instanceof PyDict) {
    const h = metadata.get('hermes', new PyDict());
    hermesMeta = pyTruthy(h) ? (h ?? null) : new PyDict();
  }
  if (!(hermesMeta instanceof PyDict)) throw new PyError('AttributeError', `'${pyTypeName(hermesMeta)}' object has no attribute 'get'`);
  const tagsRaw = pyTruthy(hermesMeta.get('tags')) ? hermesMeta.get('tags') : fm.get('tags', '');
  const relatedRaw = pyTruthy(hermesMeta.get('related_skills')) ? hermesMeta.get('related_skills') : fm.get('related_skills', '');
  const tags = parseTags(tagsRaw);
  const related = parseTags(relatedRaw);
  // An external skill's path is given relative to its own parent folder.
  const underRoot = !path.relative(index.root, skillMd).startsWith('..');
  const relPath = underRoot ? path.relative(index.root, skillMd) : path.relative(path.dirname(path.dirname(skillMd)), skillMd);
  const skillName = fm.get('name', isSkillDir ? path.basename(skillDir ?? '') : path.basename(skillMd, '.md')) ?? null;
  const r = readiness(fm, host);
  const result = new PyDict();
  const set = (k: string, v: PyValue): void => result.set(k, v);
  set('success', true);
  set('name', skillName);
  set('description', fm.get('description', '') ?? null);
  set('tags', new PyList(tags));
  set('related_skills', new PyList(related));
  set('path', relPath);
  set('skill_dir', skillDir);
  set('linked_files', linked ? linkedDict(linked) : null);
  set('required_environment_variables', new PyList(r.required.map(varDict)));
  set('required_commands', new PyList());
  set('missing_required_environment_variables', new PyList(r.missingEnv));
  set('missing_credential_files', new PyList(r.missingFiles));
  set('missing_required_commands', new PyList());
  set('setup_needed', r.setupNeeded);
  set('setup_skipped', false);
  set('readiness_status', r.setupNeeded ? 'setup_needed' : 'available');
  if (r.setupHelp) set('setup_help', r.setupHelp);
  if (r.gatewayHint) set('gateway_setup_hint', r.gatewayHint);
  if (r.setupNote) set('setup_note', r.setupNote);
  const compat = fm.get('compatibility');
  if (pyTruthy(compat)) set('compatibility', compat ?? null);
  if (metadata instanceof PyDict) set('metadata', metadata);
  let json: unknown;
  try {
    json = pyToJson(result);
  } catch (e) {
    return fail(toolError(e instanceof Error ? e.message : String(e)), 'json');
  }
  return { json: json as Record<string, unknown>, success: true, readiness: r, resolved: loaded, failure: null };
}

function linkedDict(linked: Record<string, string[]>): PyDict {
  const d = new PyDict();
  for (const [k, v] of Object.entries(linked)) d.set(k, new PyList(v));
  return d;
}

function varDict(v: { name: string; prompt: string; help?: string; required_for?: string; optional?: true }): PyDict {
  const d = new PyDict();
  d.set('name', v.name);
  d.set('prompt', v.prompt);
  if (v.help !== undefined) d.set('help', v.help);
  if (v.required_for !== undefined) d.set('required_for', v.required_for);
  if (v.optional) d.set('optional', true);
  return d;
}

/** Appends `value` to the list under `key` (in place: a name shared by thousands of files stays linear). */
function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function dirIndex(root: string, skills: LoadedSkill[], view: FsView): DirIndex {
  const mdFiles = collectMdFiles(root, view)
    .filter((f) => path.basename(f) !== 'SKILL.md' && !isSupportPath(f, view))
    .map((file) => ({ file, parts: relParts(path.relative(root, file)) }));
  const mdByStem = new Map<string, { file: string; parts: string[] }[]>();
  for (const f of mdFiles) addTo(mdByStem, path.basename(f.file).slice(0, -3), f);
  const byFolder = new Map<string, number[]>();
  const byFmName = new Map<string, number[]>();
  skills.forEach((s, i) => {
    const parts = relParts(s.found.rel);
    addTo(byFolder, parts.length >= 2 ? (parts[parts.length - 2] ?? '') : path.basename(root), i);
    const n = s.text !== null ? s.fm.fields.get('name') : undefined;
    if (isStr(n)) addTo(byFmName, n, i);
  });
  return { root, skills, mdFiles, mdByStem, byFolder, byFmName };
}

/** What skill_view searches: the local folder (when it exists) and the external folders, in that order. */
export function viewIndex(
  root: string,
  skills: LoadedSkill[],
  listed: PyValue[],
  externals: { dir: string; skills: LoadedSkill[] }[] = [],
  view: FsView = new FsView(),
): ViewIndex {
  const dirs: DirIndex[] = [];
  if (view.isDir(root)) dirs.push(dirIndex(root, skills, view));
  for (const e of externals) dirs.push(dirIndex(e.dir, e.skills, view));
  const byFile = new Map<string, LoadedSkill>();
  for (const d of dirs) for (const s of d.skills) if (!byFile.has(s.found.file)) byFile.set(s.found.file, s);
  return { root, dirs, listedNames: listed.filter(isStr), byFile, fs: view };
}
