// GitHub Copilot CLI 1.0.102 (npm `@github/copilot@1.0.102`) started in `ctx.cwd`: the skills section it puts
// into its first request to the model, and what became of every SKILL.md it found. Everything here is known
// from running that release against a loopback model endpoint — the golden cases in
// ../shared/golden/copilot-cli (RULES.md states the rules; each comment names the case that shows one) —
// never from its code.
//
// The map of this folder, in the order a start goes through it:
//  - settings.ts   ~/.copilot/settings.json: disabledSkills, skillDirectories, ignoredSkillsLocations;
//  - discover.ts   the skills folders and their order (project walk up to the git root, user, custom), and the
//                  walk of one folder (depth, hidden folders, a skill's own folder, symlinks, loop guards);
//  - read.ts       reading a file without hanging or throwing (FIFOs, links, size cap, binary bytes);
//  - frontmatter.ts the `---` block and its strict YAML, errors in the release's words;
//  - load.ts       name, description (and its body fallback), disable-model-invocation: a skill or the reason
//                  `copilot skill list` gives for a file that fails to load;
//  - builtins.ts   the built-in skills' names and widths (never their text);
//  - render.ts     the blocks, the escaping, the budget and the `Additional skills` line;
//  - this file     order, one name one skill, hiding, and the ListingRun.

import * as path from 'node:path';
import type { AbsentBecause, BuiltinEntry, ListedSkill, ListingContext, ListingRun, ListingState } from '../listing';
import { COPILOT_CLI_BUILTINS } from './builtins';
import { MAX_FOLDERS, MAX_UNREACHED_FOLDERS, skillsFolders, walkSkillsFolder, type FoundFile, type SkillsFolder, type UnreachedFile } from './discover';
import { loadSkill, type LoadedSkill } from './load';
import { budgetOf, escapeXml, fitBudget, renderSection, skillBlock, type Entry } from './render';
import { readSettings } from './settings';

export interface CopilotCliOptions {
  /** The built-in skills, by name and width, in listing order (default: Copilot CLI 1.0.102's own, builtins.ts). */
  builtins?: readonly BuiltinEntry[];
}

interface Candidate {
  record: ListedSkill;
  skill: LoadedSkill;
  folder: SkillsFolder;
}

/** Code-unit order (case g01: `10x`, `9x`, `Alpha`, `Beta`, `Z_z`, `a-b`, `a.b`, `a_b`, `ab`, `beta`, `zeta`). */
function byName(a: Candidate, b: Candidate): number {
  return a.skill.name < b.skill.name ? -1 : a.skill.name > b.skill.name ? 1 : 0;
}

export function runCopilotCli(ctx: ListingContext, options: CopilotCliOptions = {}): ListingRun {
  const cwd = path.resolve(ctx.cwd);
  const home = path.resolve(ctx.home);
  const settings = readSettings(home);
  const walkBudget = { folders: MAX_FOLDERS, unreached: MAX_UNREACHED_FOLDERS };

  // 1. Find and load, folder by folder. Skills are grouped into runs of neighbours with the same run key (the
  // working folder's project skills, a parent's, ~/.copilot, ~/.agents, custom); a folder without skills does
  // not break a run (case g02: a parent's .github and .agents skills form one run).
  const records: ListedSkill[] = [];
  const runs: Array<{ key: string; items: Candidate[] }> = [];
  const absent = (f: FoundFile, why: string, because: AbsentBecause): ListedSkill => {
    const r: ListedSkill = { file: f.file, dir: f.dir, listing: 'absent', listedAs: null, why, absentBecause: because };
    records.push(r);
    return r;
  };
  for (const folder of skillsFolders(cwd, home, ctx.env, settings)) {
    const found: FoundFile[] = [];
    const unreached: UnreachedFile[] = [];
    walkSkillsFolder(folder.dir, found, unreached, walkBudget);
    for (const f of found) {
      if (folder.ignoredBy !== undefined) {
        absent(f, `ignoredSkillsLocations (${folder.ignoredBy})`, 'hidden'); // case a07
        continue;
      }
      const loaded = loadSkill(f.file, f.dir);
      if (!loaded.ok) {
        absent(f, loaded.why, 'unreadable'); // `copilot skill list`'s words (cases c02, d04, d05, e01, e02, f01)
        continue;
      }
      const record: ListedSkill = { file: f.file, dir: f.dir, listing: 'absent', listedAs: null };
      records.push(record);
      const last = runs[runs.length - 1];
      const candidate = { record, skill: loaded.skill, folder };
      if (last && last.key === folder.run) last.items.push(candidate);
      else runs.push({ key: folder.run, items: [candidate] });
    }
    for (const u of unreached) absent(u, u.why, 'not_read'); // cases a05, a06
  }

  // 2. Order: each run sorted by name (stable), runs in folder order (cases g01, g02, g03, a04).
  const ordered = runs.flatMap((r) => r.items.sort(byName));

  // 3. One name, one skill: the first in that order wins, the others are dropped in silence (cases b01, b02,
  // b03); names differing in case are different (b02). A hidden skill still takes its name (not observed).
  const winners = new Map<string, Candidate>();
  const listed: Candidate[] = [];
  for (const c of ordered) {
    const first = winners.get(c.skill.name);
    if (first) {
      Object.assign(c.record, {
        why: first.record.file === c.record.file ? `read again from ${c.folder.dir} (the same file)` : `shadowed by ${first.record.dir}`,
        absentBecause: 'shadowed',
        shadowedBy: first.record.file,
      });
      continue;
    }
    winners.set(c.skill.name, c);
    // 4. Hidden: `disable-model-invocation: true` (case f01), or the name in `disabledSkills` (case f01).
    if (c.skill.hidden) Object.assign(c.record, { why: 'disable-model-invocation: true', absentBecause: 'hidden' });
    else if (settings.disabledSkills.has(c.skill.name)) Object.assign(c.record, { why: 'disabledSkills setting', absentBecause: 'hidden' });
    else listed.push(c);
  }

  // 5. Built-ins come last; a skill of the same name replaces one (case b04), `disabledSkills` hides one (k03).
  const builtins = (options.builtins ?? COPILOT_CLI_BUILTINS).filter((b) => !winners.has(b.name) && !settings.disabledSkills.has(b.name));

  // 6. The budget and the section.
  const entries: Entry[] = [
    ...listed.map((c) => {
      const block = skillBlock(c.skill.name, c.skill.description, c.folder.location);
      return { name: c.skill.name, block, width: block.length + 1 };
    }),
    ...builtins.map((b) => ({ name: b.name, block: null, width: b.chars })),
  ];
  const { limit, source } = budgetOf(ctx.env);
  const { fits, used } = fitBudget(entries, limit);
  const lost: string[] = [];
  listed.forEach((c, i) => {
    c.record.listedAs = escapeXml(c.skill.name);
    if (i < fits) {
      c.record.listing = c.skill.cut ? 'cut' : 'full';
      if (c.skill.cut) c.record.why = 'body text over 1024 characters (cut to 1024)'; // case d01
    } else {
      c.record.listing = 'name_only'; // cases h01, h02, h03
      c.record.why = 'budget';
      lost.push(c.skill.name);
    }
  });
  const builtinRows = builtins.map((b, i) => {
    const listing: ListingState = listed.length + i < fits ? 'full' : 'name_only';
    return { name: b.name, chars: listing === 'full' ? b.chars : b.name.length, listing }; // case k02: the name's width
  });
  const count = (s: ListingState): number => records.filter((r) => r.listing === s).length;
  return {
    section: renderSection(entries, fits),
    skills: records,
    stderr: [], // 1.0.102 prints nothing about skills in `-p` mode (every case)
    budget: {
      unit: 'characters',
      limit,
      used,
      source,
      full: count('full'),
      cut: count('cut'),
      nameOnly: count('name_only'),
      dropped: count('absent'),
      lost,
      builtins: builtinRows.reduce((n, b) => n + (b.listing === 'full' ? b.chars : 0), 0),
    },
    builtins: builtinRows,
  };
}
