// The `<available_skills>` block of Hermes's system prompt (`build_skills_system_prompt`,
// agent/prompt_builder.py PB:1537-1706), cold and warm.
//
// Cold (the first start after a SKILL.md or DESCRIPTION.md changed): every SKILL.md is read, gated
// (platform, environment, disabled, conditions) and grouped by category; DESCRIPTION.md files give the
// category lines; a snapshot of the entries is written to `HERMES_HOME/.skills_prompt_snapshot.json`.
// Warm (the next start, files unchanged): the block is rebuilt from that snapshot, which re-checks the
// stored platforms but NOT the environments, so an environment-gated skill reappears, with the empty
// description it was stored with; an empty stored name falls back to the folder name.
//
// A raise inside the build is not caught by Hermes (agent/system_prompt.py:315): `platforms: true` makes
// the snapshot entry iterate a bool, a null condition list is iterated by the conditions check. Then no
// block is printed at all, for the whole tree.

import type { FsView } from '../../machine/fsview';
import * as path from 'node:path';
import type { FoundFile } from './discover';
import { relParts } from './discover';
import { environmentMatches, extractConditions, platformMatches, pyErrorText, shouldShow } from './gate';
import type { Host } from './host';
import type { LoadedSkill } from './load';
import { decodeUtf8, parseFrontmatter, universalNewlines } from './read';
import type { HermesVersion } from './versions';
import { cpCompare, cpHead, cpLen, jsonToPy, PyDict, PyList, pyIter, pyStr, pyStrip, pyToJson, pyTruthy, isStr, type PyValue } from './pyvalue';

/** A folder from config.yaml `skills.external_dirs`, discovered and read like the local one. */
export interface ExternalTree {
  dir: string;
  skills: LoadedSkill[];
  descriptions: FoundFile[];
}

export type IndexExclusion = 'platform' | 'environment' | 'disabled' | 'conditions' | 'duplicate_name' | 'index_error';

/** One SKILL.md as one index build saw it. */
export interface IndexRecord {
  /** False when the build crashed before reaching this file (then name/category/description are null). */
  reached: boolean;
  name: string | null;
  category: string | null;
  description: string | null;
  inIndex: boolean;
  excludedBy: IndexExclusion | null;
}

export interface IndexBuild {
  /** The `<available_skills>` block ('' when Hermes prints none or crashed). */
  block: string;
  /** `TypeError: …` when the build raised, else null. */
  error: string | null;
  /** Index of the skill whose processing raised, or -1. */
  crashedAt: number;
  /** One record per discovered SKILL.md, in discovery order. */
  records: IndexRecord[];
  categoryDescriptions: Map<string, string>;
}

/** What the snapshot keeps of one skill (`_build_snapshot_entry`). */
interface SnapshotEntry {
  skillName: string;
  category: string;
  frontmatterName: string;
  description: string;
  platforms: string[];
  conditions: PyDict;
}

/** Index descriptions: `str(value)`, stripped, stripped of quote characters at both ends; longer than
 *  60 code points becomes the first 57 plus `...`; a falsy value gives '' (SU:771-779). */
export function indexDescription(raw: PyValue | undefined): string {
  if (!pyTruthy(raw)) return '';
  const desc = pyStrip(pyStrip(pyStr(raw ?? null)), `'"`);
  if (!desc) return '';
  return cpLen(desc) > 60 ? `${cpHead(desc, 57)}...` : desc;
}

/** The full normalised description before the cut (to tell an author what was cut). */
export function indexDescriptionFull(raw: PyValue | undefined): string {
  if (!pyTruthy(raw)) return '';
  return pyStrip(pyStrip(pyStr(raw ?? null)), `'"`);
}

/** The skill's folder name and index category from its path (PB:1354-1361): `a/b/skill/SKILL.md` → `a/b`;
 *  a folder directly in the root is its own category; a SKILL.md in the root is `general`, named after
 *  the root folder. */
export function indexPlacement(rel: string, root: string): { skillName: string; category: string } {
  const parts = relParts(rel);
  if (parts.length >= 2) {
    const skillName = parts[parts.length - 2] ?? '';
    return { skillName, category: parts.length > 2 ? parts.slice(0, -2).join('/') : (parts[0] ?? '') };
  }
  return { skillName: path.basename(path.resolve(root)), category: 'general' };
}

/** The per-skill steps of the cold build, each evaluated (a raise is kept, not thrown). */
interface ColdStep {
  compatible: boolean;
  hiddenBy: 'platform' | 'environment' | null;
  fm: PyDict;
  description: string;
  entry: SnapshotEntry | null;
  /** Raised by `_build_snapshot_entry`. */
  entryError: string | null;
  disabled: boolean;
  /** Result of the conditions check; null when it raised or was not reached. */
  shown: boolean | null;
  conditionsError: string | null;
}

function parseSkillFile(skill: LoadedSkill, host: Host): { compatible: boolean; hiddenBy: 'platform' | 'environment' | null; fm: PyDict; description: string } {
  // `_parse_skill_file`: any exception (unreadable file, …) shows the skill with no frontmatter.
  if (skill.text === null) return { compatible: true, hiddenBy: null, fm: new PyDict(), description: '' };
  const fm = skill.fm.fields;
  try {
    if (!platformMatches(fm.get('platforms'), host)) return { compatible: false, hiddenBy: 'platform', fm, description: '' };
    if (!environmentMatches(fm.get('environments'), host)) return { compatible: false, hiddenBy: 'environment', fm, description: '' };
    return { compatible: true, hiddenBy: null, fm, description: indexDescription(fm.get('description')) };
  } catch {
    return { compatible: true, hiddenBy: null, fm: new PyDict(), description: '' };
  }
}

function buildEntry(rel: string, root: string, fm: PyDict, description: string): SnapshotEntry {
  const { skillName, category } = indexPlacement(rel, root);
  let platforms: PyValue = fm.get('platforms') ?? null;
  if (!pyTruthy(platforms)) platforms = new PyList();
  if (isStr(platforms)) platforms = new PyList([platforms]);
  const stored: string[] = [];
  for (const p of pyIter(platforms)) {
    const s = pyStrip(pyStr(p));
    if (s) stored.push(s);
  }
  const name = fm.get('name');
  return {
    skillName,
    category,
    frontmatterName: name === undefined ? skillName : pyStr(name),
    description,
    platforms: stored,
    conditions: extractConditions(fm),
  };
}

function coldSteps(skills: LoadedSkill[], root: string, host: Host): ColdStep[] {
  return skills.map((skill) => {
    const parsed = parseSkillFile(skill, host);
    const step: ColdStep = { ...parsed, entry: null, entryError: null, disabled: false, shown: null, conditionsError: null };
    try {
      step.entry = buildEntry(skill.found.rel, root, parsed.fm, parsed.description);
    } catch (e) {
      step.entryError = pyErrorText(e);
      return step;
    }
    if (!parsed.compatible) return step;
    step.disabled = host.disabled.has(step.entry.frontmatterName) || host.disabled.has(step.entry.skillName);
    if (step.disabled) return step;
    try {
      step.shown = shouldShow(extractConditions(parsed.fm), host.tools, host.toolsets);
    } catch (e) {
      step.conditionsError = pyErrorText(e);
    }
    return step;
  });
}

/** Category lines from DESCRIPTION.md files (later paths win; unreadable or description-less files are
 *  skipped). For external folders an existing category keeps its line (`setdefault`). */
export function categoryDescriptions(
  files: FoundFile[],
  version: HermesVersion,
  view: FsView,
  into: Map<string, string> = new Map(),
  keepExisting = false,
): Map<string, string> {
  const out = into;
  for (const f of files) {
    let buf: Buffer;
    try {
      const st = view.stat(f.file);
      if (!st.isFile() || st.size > 4 * 1024 * 1024) continue;
      buf = view.readFile(f.file);
    } catch {
      continue;
    }
    const d = decodeUtf8(buf);
    if (!d.ok) continue;
    try {
      const fm = parseFrontmatter(universalNewlines(d.text), version).fields;
      const desc = fm.get('description');
      if (!pyTruthy(desc)) continue;
      const parts = relParts(f.rel);
      const cat = parts.length > 1 ? parts.slice(0, -1).join('/') : 'general';
      if (keepExisting && out.has(cat)) continue;
      out.set(cat, pyStrip(pyStrip(pyStr(desc ?? null)), `'"`));
    } catch {
      continue;
    }
  }
  return out;
}

interface Listed {
  record: number;
  name: string;
  description: string;
}

/** External skill folders (PB:1580-1629), scanned on every build after the local tree (they are not in
 *  the snapshot): a name already listed wins over an external one, the gates apply, and any error in an
 *  external skill is caught (it never stops the index). Their DESCRIPTION.md lines never replace a local
 *  one. */
function addExternals(byCategory: Map<string, Listed[]>, descriptions: Map<string, string>, externals: ExternalTree[], host: Host): void {
  const seen = new Set<string>();
  for (const list of byCategory.values()) for (const it of list) seen.add(it.name);
  for (const ext of externals) {
    for (const skill of ext.skills) {
      try {
        const parsed = parseSkillFile(skill, host);
        if (!parsed.compatible) continue;
        const entry = buildEntry(skill.found.rel, ext.dir, parsed.fm, parsed.description);
        if (seen.has(entry.frontmatterName)) continue;
        if (host.disabled.has(entry.frontmatterName) || host.disabled.has(entry.skillName)) continue;
        if (!shouldShow(extractConditions(parsed.fm), host.tools, host.toolsets)) continue;
        seen.add(entry.frontmatterName);
        const list = byCategory.get(entry.category) ?? [];
        list.push({ record: -1, name: entry.frontmatterName, description: entry.description });
        byCategory.set(entry.category, list);
      } catch {
        continue;
      }
    }
    categoryDescriptions(ext.descriptions, host.version, host.fs, descriptions, true);
  }
}

/** Renders the block (PB:1653-1706): categories sorted; per category a stable sort by name and the first
 *  entry of a name kept; `  category: text` or `  category:`; `    - name: desc` or `    - name`. */
function renderBlock(byCategory: Map<string, Listed[]>, descriptions: Map<string, string>, records: IndexRecord[]): string {
  if (byCategory.size === 0) return '';
  const lines: string[] = [];
  for (const category of [...byCategory.keys()].sort(cpCompare)) {
    const text = descriptions.get(category) ?? '';
    lines.push(text ? `  ${category}: ${text}` : `  ${category}:`);
    const seen = new Set<string>();
    const items = [...(byCategory.get(category) ?? [])].sort((a, b) => cpCompare(a.name, b.name));
    for (const it of items) {
      const rec = records[it.record];
      if (seen.has(it.name)) {
        if (rec) {
          rec.inIndex = false;
          rec.excludedBy = 'duplicate_name';
        }
        continue;
      }
      seen.add(it.name);
      if (rec) rec.inIndex = true;
      lines.push(it.description ? `    - ${it.name}: ${it.description}` : `    - ${it.name}`);
    }
  }
  return `<available_skills>\n${lines.join('\n')}\n</available_skills>`;
}

function crashed(records: IndexRecord[], at: number, error: string, descriptions: Map<string, string>): IndexBuild {
  for (const r of records) {
    r.inIndex = false;
    r.excludedBy = 'index_error';
  }
  return { block: '', error, crashedAt: at, records, categoryDescriptions: descriptions };
}

export interface ColdResult {
  build: IndexBuild;
  /** The snapshot Hermes writes, or null when the build crashed or the snapshot cannot be written
   *  (a condition value JSON cannot encode). */
  snapshot: { entries: SnapshotEntry[]; descriptions: Map<string, string> } | null;
  /** Per skill: what hid it (ignoring a crash elsewhere), for verdicts. */
  own: (IndexExclusion | null)[];
  /** Per skill: the Python error its own processing raises, if any. */
  ownErrors: (string | null)[];
}

export function buildCold(
  skills: LoadedSkill[],
  descriptionFiles: FoundFile[],
  root: string,
  host: Host,
  rootExists: boolean,
  externals: ExternalTree[] = [],
): ColdResult {
  const steps = coldSteps(skills, root, host);
  const own: (IndexExclusion | null)[] = steps.map((s) => (s.hiddenBy ? s.hiddenBy : s.disabled ? 'disabled' : s.shown === false ? 'conditions' : null));
  const ownErrors = steps.map((s) => s.entryError ?? s.conditionsError);
  const records: IndexRecord[] = steps.map(() => ({ reached: false, name: null, category: null, description: null, inIndex: false, excludedBy: null }));
  const descriptions = rootExists ? categoryDescriptions(descriptionFiles, host.version, host.fs) : new Map<string, string>();
  // Hermes prints nothing when the local folder is missing and no external folder is configured.
  if (!rootExists && externals.length === 0)
    return { build: { block: '', error: null, crashedAt: -1, records, categoryDescriptions: descriptions }, snapshot: null, own, ownErrors };
  const byCategory = new Map<string, Listed[]>();
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i];
    const rec = records[i];
    if (!s || !rec) continue;
    rec.reached = true;
    if (s.entryError !== null) return { build: crashed(records, i, s.entryError, descriptions), snapshot: null, own, ownErrors };
    const entry = s.entry;
    if (!entry) continue;
    rec.name = entry.frontmatterName;
    rec.category = entry.category;
    rec.description = entry.description;
    if (!s.compatible) {
      rec.excludedBy = s.hiddenBy;
      continue;
    }
    if (s.disabled) {
      rec.excludedBy = 'disabled';
      continue;
    }
    if (s.conditionsError !== null) return { build: crashed(records, i, s.conditionsError, descriptions), snapshot: null, own, ownErrors };
    if (s.shown === false) {
      rec.excludedBy = 'conditions';
      continue;
    }
    const list = byCategory.get(entry.category) ?? [];
    list.push({ record: i, name: entry.frontmatterName, description: entry.description });
    byCategory.set(entry.category, list);
  }
  for (const r of records) r.reached = true;
  const shown = new Map(descriptions);
  addExternals(byCategory, shown, externals, host);
  const block = renderBlock(byCategory, shown, records);
  const entries = steps.map((s) => s.entry).filter((e): e is SnapshotEntry => e !== null);
  return {
    build: { block, error: null, crashedAt: -1, records, categoryDescriptions: descriptions },
    snapshot: writeSnapshot(entries, descriptions),
    own,
    ownErrors,
  };
}

/** The snapshot goes through `json.dump` and back; a condition value JSON cannot encode (a date, a set)
 *  makes the write fail, and the next start builds cold again. */
function writeSnapshot(entries: SnapshotEntry[], descriptions: Map<string, string>): { entries: SnapshotEntry[]; descriptions: Map<string, string> } | null {
  try {
    const roundTripped = entries.map((e) => {
      const conditions = jsonToPy(pyToJson(e.conditions));
      return { ...e, conditions: conditions instanceof PyDict ? conditions : new PyDict() };
    });
    return { entries: roundTripped, descriptions: new Map(descriptions) };
  } catch {
    return null;
  }
}

/** The warm build: from the snapshot when there is one, else cold again. */
export function buildWarm(
  cold: ColdResult,
  skills: LoadedSkill[],
  descriptionFiles: FoundFile[],
  root: string,
  host: Host,
  rootExists: boolean,
  externals: ExternalTree[] = [],
): IndexBuild {
  if (!rootExists && externals.length === 0) return cold.build;
  if (!cold.snapshot) {
    if (cold.build.error !== null) return cloneBuild(cold.build);
    return buildCold(skills, descriptionFiles, root, host, rootExists, externals).build;
  }
  const { entries, descriptions } = cold.snapshot;
  // Snapshot entries exist only for skills whose entry was built, i.e. all of them when the cold build
  // did not crash; they line up with the discovered files.
  const records: IndexRecord[] = entries.map(() => ({ reached: false, name: null, category: null, description: null, inIndex: false, excludedBy: null }));
  const byCategory = new Map<string, Listed[]>();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const rec = records[i];
    if (!e || !rec) continue;
    rec.reached = true;
    const skillName = e.skillName || '';
    const category = e.category || 'general';
    const name = e.frontmatterName || skillName;
    rec.name = name;
    rec.category = category;
    rec.description = e.description;
    if (!platformMatches(new PyList(e.platforms), host)) {
      rec.excludedBy = 'platform';
      continue;
    }
    if (host.disabled.has(name) || host.disabled.has(skillName)) {
      rec.excludedBy = 'disabled';
      continue;
    }
    let shown: boolean;
    try {
      shown = shouldShow(e.conditions, host.tools, host.toolsets);
    } catch (err) {
      return crashed(records, i, pyErrorText(err), descriptions);
    }
    if (!shown) {
      rec.excludedBy = 'conditions';
      continue;
    }
    const list = byCategory.get(category) ?? [];
    list.push({ record: i, name, description: e.description });
    byCategory.set(category, list);
  }
  const shown = new Map(descriptions);
  addExternals(byCategory, shown, externals, host);
  const block = renderBlock(byCategory, shown, records);
  return { block, error: null, crashedAt: -1, records, categoryDescriptions: descriptions };
}

function cloneBuild(b: IndexBuild): IndexBuild {
  return { ...b, records: b.records.map((r) => ({ ...r })), categoryDescriptions: new Map(b.categoryDescriptions) };
}
