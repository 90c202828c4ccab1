// Qwen Code 0.24.4 (npm `@qwen-code/qwen-code@0.24.4`) started in `ctx.cwd` with `-p`: the skills section it
// puts into its first request to the model, and what became of every SKILL.md it found. The rules come from the
// release's source (GitHub QwenLM/qwen-code, packages/core/src/skills and packages/core/src/utils; each comment
// names the file and function) and were checked against the release itself, run on the golden cases in
// test/golden/qwen-code (RULES.md states the rules; each comment names the case that shows one).
//
// The map of this folder, in the order a start goes through it:
//  - settings.ts    settings files (system, QWEN_HOME or ~/.qwen, <cwd>/.qwen) and the environment: skills.disabled,
//                   skills.disabledLevels, skills.directories, QWEN_HOME, QWEN_CODE_SIMPLE, QWEN_CODE_SAFE_MODE;
//  - discover.ts    the levels and their folders (project, user, extension), and the reading of one skills folder;
//  - frontmatter.ts the `---` block, the YAML parser and its line-based fallback;
//  - load.ts        name, description and the optional fields: a skill, or why the file fails to load;
//  - builtins.ts    the bundled skills' names and widths (never their text);
//  - render.ts      the blocks, escaping, order and the 8,000-character threshold;
//  - this file      one name one skill across the levels, hiding, and the ListingRun.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AbsentBecause, BuiltinEntry, ListedSkill, ListingContext, ListingRun } from '../listing';
import { QWEN_CODE_BUNDLED } from './builtins';
import { extensionFolders, skillsFolders, walkSkillsFolder, type FoundFile, type SkillsFolder, type UnreachedFile } from './discover';
import { loadSkillFile, type LoadedSkill } from './load';
import { descriptionText, MAX_SKILL_LISTING_CHARS, renderedLength, renderSection, trimTowardsThreshold, type Entry } from './render';
import { readSettings, type QwenSettings, type SkillLevel } from './settings';

export interface QwenCodeOptions {
  /** The bundled skills, by name and width (default: Qwen Code 0.24.4's own, builtins.ts). */
  builtins?: readonly BuiltinEntry[];
}

interface Candidate {
  record: ListedSkill;
  skill: LoadedSkill;
  folder: SkillsFolder;
  /** The name as listed: the skill's own, or `<extension>:<name>` for an extension's. */
  name: string;
}

/** The line Qwen Code prints on stderr in safe mode (it names skills among what is turned off; case k04). */
export const SAFE_MODE_BANNER =
  '⚠ SAFE MODE — all customizations disabled (hooks, extensions, skills, MCP servers, QWEN.md). Restart without --safe-mode to resume normal operation.';

type Env = Readonly<Record<string, string | undefined>>;

/** The collation JavaScript's `localeCompare` uses in the release: ICU's default locale, taken from LC_ALL, then
 *  LC_MESSAGES, then LANG (`C`/`POSIX` or nothing: en-US). Falls back to en-US when the locale is unknown. */
export function releaseCollator(env: Env): Intl.Collator {
  const raw = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '') ?? '';
  const base = raw.split(/[.@]/)[0];
  const tag = !base || base === 'C' || base === 'POSIX' ? 'en-US' : base.replace(/_/g, '-');
  try {
    return new Intl.Collator(tag);
  } catch {
    return new Intl.Collator('en-US');
  }
}

/** The working folder as the release sees it: `process.cwd()` is the physical path. */
function physical(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/** Why a level is not loaded at all, or null when it is. */
function levelOff(level: SkillLevel, settings: QwenSettings): string | null {
  if (settings.bare) return 'bare mode (QWEN_CODE_SIMPLE): no skills are loaded'; // case k03
  if (settings.safe) return level === 'bundled' ? null : 'safe mode (QWEN_CODE_SAFE_MODE): only bundled skills are loaded'; // case k04
  if (settings.disabledLevels.has(level)) return `skills.disabledLevels includes "${level}"`; // case e02
  return null;
}

export function runQwenCode(ctx: ListingContext, options: QwenCodeOptions = {}): ListingRun {
  const cwd = physical(ctx.cwd);
  const home = path.resolve(ctx.home);
  const settings = readSettings(cwd, home, ctx.env, ctx.platform);
  const disabledNames = settings.safe ? new Set<string>() : settings.disabledNames; // case k04: ignored in safe mode

  // 1. Find and load, level by level, folder by folder (discover.ts).
  const folders = [...skillsFolders(cwd, home, settings), ...extensionFolders(settings)];
  const records: ListedSkill[] = [];
  const candidates: Candidate[] = [];
  const absent = (f: { file: string; dir: string }, why: string, because: AbsentBecause): ListedSkill => {
    const r: ListedSkill = { file: f.file, dir: f.dir, listing: 'absent', listedAs: null, why, absentBecause: because };
    records.push(r);
    return r;
  };
  for (const folder of folders) {
    const found: FoundFile[] = [];
    const unreached: UnreachedFile[] = [];
    walkSkillsFolder(folder, found, unreached);
    const off = levelOff(folder.level, settings);
    for (const f of found) {
      if (folder.unread !== undefined) {
        absent(f, folder.unread, 'not_read');
        continue;
      }
      if (off) {
        absent(f, off, 'hidden');
        continue;
      }
      const loaded = loadSkillFile(f.file);
      if (!loaded.ok) {
        absent(f, loaded.why, 'unreadable'); // a file that fails to load takes no name (case b02)
        continue;
      }
      const record: ListedSkill = { file: f.file, dir: f.dir, listing: 'absent', listedAs: null };
      records.push(record);
      const name = folder.extension !== undefined ? `${folder.extension}:${loaded.skill.name}` : loaded.skill.name;
      candidates.push({ record, skill: loaded.skill, folder, name });
    }
    for (const u of unreached) absent(u, u.why, 'not_read');
  }

  // 2. One name, one skill: project before user before extension before bundled, and within a level the
  // folders in order (.qwen before .agents, then custom folders), entries in directory order (skill-manager.ts
  // listSkillsAtLevel, collectCachedSkills; case b01). The first wins even when it is then hidden: a
  // project skill with `disable-model-invocation` or `paths` keeps a user skill of its name out (case b02).
  const winners = new Map<string, Candidate>();
  const listed: Candidate[] = [];
  for (const c of candidates) {
    const first = winners.get(c.name);
    if (first) {
      Object.assign(c.record, { why: `shadowed by ${first.record.file} (${first.folder.level})`, absentBecause: 'shadowed', shadowedBy: first.record.file });
      continue;
    }
    winners.set(c.name, c);
    // 3. Hidden (packages/core/src/tools/skill-utils.ts collectAvailableSkillEntries): disable-model-invocation
    // (case d03), a `paths` skill not yet activated — none is, at start (case d03) — and skills.disabled (e01).
    if (c.skill.disableModelInvocation) Object.assign(c.record, { why: 'disable-model-invocation: true', absentBecause: 'hidden' });
    else if (c.skill.paths)
      Object.assign(c.record, {
        why: `conditional: listed only once a tool touches a file matching ${c.skill.paths.join(', ')}`,
        absentBecause: 'conditional',
      });
    else if (disabledNames.has(c.name.toLowerCase()) || (c.folder.extension !== undefined && disabledNames.has(c.skill.name.toLowerCase())))
      // An extension's skill is matched by its listed name and by its own name too (types.ts
      // skillRestrictionNames; case k05: `audit-deps` hides `security:audit-deps`).
      Object.assign(c.record, { why: 'skills.disabled setting', absentBecause: 'hidden' });
    else listed.push(c);
  }

  // 4. Bundled skills: the lowest level, replaced by any skill of the same name (case k02), hidden by
  // skills.disabled (k02) or skills.disabledLevels (every case that turns them off).
  const bundledOn = levelOff('bundled', settings) === null;
  const bundled = bundledOn ? (options.builtins ?? QWEN_CODE_BUNDLED).filter((b) => !winners.has(b.name) && !disabledNames.has(b.name.toLowerCase())) : [];

  // 5. Order by name (render.ts), the threshold, the section.
  const collator = releaseCollator(ctx.env);
  const byEntry = new Map<Entry, Candidate>();
  const entries: Entry[] = [];
  for (const c of listed) {
    const e: Entry = {
      name: c.name,
      level: c.folder.level,
      description: c.skill.description,
      ...(c.skill.whenToUse !== undefined ? { whenToUse: c.skill.whenToUse } : {}),
    };
    byEntry.set(e, c);
    entries.push(e);
  }
  for (const b of bundled) entries.push({ name: b.name, level: 'bundled', description: '', bundledChars: b.chars });
  entries.sort((a, b) => collator.compare(a.name, b.name));
  const { entries: shown, trimmed, fullLength } = trimTowardsThreshold(entries);
  const lost: string[] = [];
  shown.forEach((e, i) => {
    const full = entries[i];
    const c = full ? byEntry.get(full) : undefined;
    if (!c || !full) return;
    c.record.listedAs = e.name; // names match the pattern, so escaping leaves them as they are
    if (trimmed && descriptionText(e) !== descriptionText(full)) {
      c.record.listing = 'cut';
      c.record.why = `the section was over ${MAX_SKILL_LISTING_CHARS.toLocaleString('en-US')} characters (${fullLength.toLocaleString('en-US')}): only the description's first line is kept${full.whenToUse ? ', without when_to_use' : ''}`;
      lost.push(e.name);
    } else c.record.listing = 'full';
  });

  const builtinRows = shown
    .filter((e) => e.bundledChars !== undefined)
    .map((e) => ({ name: e.name, chars: e.bundledChars as number, listing: 'full' as const }));
  const count = (s: ListedSkill['listing']): number => records.filter((r) => r.listing === s).length;
  return {
    section: renderSection(shown),
    skills: records,
    // 0.24.4 prints nothing about skills on stderr in `-p` mode, except its safe-mode banner (case k04).
    stderr: settings.safe ? [SAFE_MODE_BANNER] : [],
    budget: {
      unit: 'characters',
      limit: MAX_SKILL_LISTING_CHARS,
      used: renderedLength(shown),
      source:
        'a fixed 8,000-character threshold on the listed blocks, bundled ones included; over it, skills keep only the first line of their description (environmentContext.ts MAX_SKILL_LISTING_CHARS)',
      full: count('full'),
      cut: count('cut'),
      nameOnly: 0,
      dropped: count('absent'),
      lost,
      builtins: builtinRows.reduce((n, b) => n + b.chars, 0),
    },
    builtins: builtinRows,
  };
}
