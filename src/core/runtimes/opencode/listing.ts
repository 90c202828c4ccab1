// OpenCode 1.18.33 (npm `opencode-ai@1.18.33`, source github.com/sst/opencode) started in `ctx.cwd` with
// `opencode run`: the skills section at the end of the system prompt of its first model request that is not the
// title request, and what became of every SKILL.md it found. The rules are read from the release's source (each
// comment names the file and function) and checked against the release itself, run on the golden cases in
// test/golden/opencode (RULES.md states each rule with its case).
//
// The map of this folder, in the order a start goes through it:
//  - flags.ts       the environment: OPENCODE_DISABLE_EXTERNAL_SKILLS, OPENCODE_DISABLE_CLAUDE_CODE[_SKILLS],
//                   OPENCODE_DISABLE_PROJECT_CONFIG, OPENCODE_CONFIG_DIR…, and the values that stop the release;
//  - config.ts      opencode.json files and their merge: `skills.paths`, `permission`, `tools`, `agent.build`;
//  - discover.ts    the places scanned (HOME and project `.claude`/`.agents`, config folders, skills.paths) and
//                   the glob walk of each (any depth, hidden folders, links, loops, guards);
//  - frontmatter.ts gray-matter's reading of the text (BOM, `---` lines, languages, its cache) and OpenCode's
//                   retry for values holding `:`;
//  - yaml.ts        js-yaml 3's typing of the values (what is a string);
//  - permission.ts  the rules that hide a skill, or the whole section;
//  - builtins.ts    the built-in skill's name and width (never its text);
//  - render.ts      the blocks, the escaping, the order, the `No skills` sentence;
//  - this file      a skill's name and description, one name one skill (a race), hiding, the ListingRun.
//
// One name, one skill — a race. OpenCode reads every file found at once (packages/opencode/src/skill/index.ts
// loadSkills: Effect.forEach with unbounded concurrency) and each finished read overwrites the skill of its name
// (add: `state.skills[name] = …`), so of two files with one name the one whose read finishes last is kept, and
// that changes between identical runs (case b01). The emulation shows the one found last (usually the one kept)
// and marks every member of the group: the shown one's `why` names the others, the others are `absent`,
// `shadowed`, with a `why` saying the choice is not determined. `races` lists the groups with the block each
// member would put in the section, and `sectionMatches` compares a release's section with this emulation's,
// taking any member of each group as right (the lead's runner should compare such cases with it). A file without
// a description takes part in the race too: when it wins, the name is not listed at all (case b01).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { gitRootOf } from '../../machine/gitRoot';
import { readSkillText } from '../../machine/skillText';
import type { AbsentBecause, BuiltinEntry, ListedSkill, ListingContext, ListingRun } from '../listing';
import { OPENCODE_BUILTINS } from './builtins';
import { readConfig } from './config';
import { scanRoots, walkRoots, type FoundFile, type LinkLoop } from './discover';
import { readFlags } from './flags';
import { readFrontmatter, type MatterCache } from './frontmatter';
import { ruleForSkill, ruleWords, skillToolDisabledBy } from './permission';
import { byName, renderSection, skillBlock, type SectionForm } from './render';

/** The name of the built-in skill (builtins.ts). */
const BUILTIN = 'customize-opencode';

/** The section form the conformance runner cuts today (render.ts SectionForm). */
export const DEFAULT_SECTION_FORM: SectionForm = 'cut';

export interface OpenCodeOptions {
  /** `cut` (default): from `<available_skills>` through `</available_skills>`, '' when the release sends none —
   *  what test/conformance/agents/oracle.mjs cuts; `whole`: the release's section from its first line. */
  section?: SectionForm;
  /** The built-in skills by name and width (default: OpenCode 1.18.33's own, builtins.ts). */
  builtins?: readonly BuiltinEntry[];
}

/** Same-named skills of which OpenCode keeps one, not known which. */
export interface RaceGroup {
  name: string;
  /** The files, in the order OpenCode found them. */
  files: string[];
  /** The one this emulation shows. */
  shown: string;
  /** The block each file would put in the section, '' when it would put none (no description, denied), in the
   *  order of `files` — the one shown last; for a group reached through a link loop, then the blocks of the
   *  longer paths the loop gives. */
  blocks: string[];
  /** Some member is also reached through a link loop, under paths the emulation does not list. */
  throughLoop?: boolean;
}

export interface OpenCodeListingRun extends ListingRun {
  races: RaceGroup[];
  /** What else the emulation noticed about this start (skipped paths, guards, a release that would not start). */
  notes: string[];
  /** The config files read, in order. */
  configFiles: string[];
  /** For sectionMatches: the blocks that are certain, the form, and whether a built-in block is in the section. */
  fixed: Array<{ name: string; block: string }>;
  form: SectionForm;
  builtinListed: boolean;
  toolOff: boolean;
}

interface Candidate {
  record: ListedSkill;
  name: string;
  description: string | undefined;
  found: FoundFile;
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (v instanceof Date) return 'a date';
  if (typeof v === 'object') return 'a mapping';
  return `a ${typeof v}`;
}

function isFifo(p: string): boolean {
  try {
    return fs.statSync(p).isFIFO();
  } catch {
    return false;
  }
}

function physical(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

function stoppedRun(why: string, form: SectionForm): OpenCodeListingRun {
  return {
    section: '',
    skills: [],
    stderr: [],
    budget: null,
    builtins: [],
    races: [],
    notes: [why],
    configFiles: [],
    fixed: [],
    form,
    builtinListed: false,
    toolOff: false,
  };
}

export function runOpenCode(ctx: ListingContext, options: OpenCodeOptions = {}): OpenCodeListingRun {
  const form = options.section ?? DEFAULT_SECTION_FORM;
  const builtinEntries = options.builtins ?? OPENCODE_BUILTINS;
  // The working folder as the process sees it (getcwd: links resolved); HOME as given.
  const cwd = physical(path.resolve(ctx.cwd));
  const home = path.resolve(ctx.home);
  const flagsRead = readFlags(ctx.env, home, cwd);
  if (!flagsRead.ok) return stoppedRun(flagsRead.why, form);
  const flags = flagsRead.flags;
  // The project's worktree: the folder holding `.git`, else `/` (the env block's "Workspace root folder").
  const worktree = gitRootOf(cwd) ?? path.parse(cwd).root;
  const configRead = readConfig(cwd, worktree, home, ctx.env, flags);
  if (!configRead.ok) return stoppedRun(configRead.why, form);
  const config = configRead.config;
  const notes: string[] = [];

  // 1. Find (discover.ts), then read each file (frontmatter.ts, yaml.ts).
  const walk = walkRoots(scanRoots(cwd, worktree, home, flags, config, notes), notes);
  const records: ListedSkill[] = [];
  const candidates: Candidate[] = [];
  const cache: MatterCache = new Map();
  const absent = (record: ListedSkill, why: string, because: AbsentBecause): void => {
    Object.assign(record, { listing: 'absent', listedAs: null, why, absentBecause: because });
  };
  for (const found of walk.found) {
    const record: ListedSkill = { file: found.file, dir: path.dirname(found.file), listing: 'absent', listedAs: null };
    records.push(record);
    if (isFifo(found.file)) {
      // Bun's read of a FIFO waits for a writer: the release never gets past loading its skills (probe run).
      absent(record, 'a FIFO, not a file: OpenCode waits on it for ever, so it never sends its model request at all', 'unreadable');
      notes.push(`OpenCode hangs at start on the FIFO ${found.file}: no section is sent`);
      continue;
    }
    const read = readSkillText(found.file);
    if (!read.ok) {
      absent(record, `${read.why}: OpenCode reports the skill as failed and goes on without it`, 'unreadable');
      continue;
    }
    if (read.truncated && !/^\uFEFF?---[^\n]*\n[\s\S]*?\n---/.test(read.text)) {
      absent(record, 'its frontmatter does not close within the first 1 MiB (the emulation reads no further)', 'unreadable');
      continue;
    }
    const fm = readFrontmatter(read.text, cache);
    if (!fm.ok) {
      absent(
        record,
        `its YAML frontmatter does not parse, not even after OpenCode's retry that turns values holding ":" into blocks (${fm.message}): the skill is dropped`,
        'unreadable',
      );
      continue;
    }
    const data = fm.data;
    if (fm.cachedFailure !== undefined) {
      absent(
        record,
        `its YAML frontmatter does not parse (${fm.cachedFailure}) and OpenCode's retry changes nothing, so it gets no data: the skill is dropped in silence`,
        'unreadable',
      );
      continue;
    }
    if (fm.noBlock) {
      absent(record, 'no frontmatter (the file must start with a `---` line, and `----` does not count), so no name: dropped in silence', 'unreadable');
      continue;
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data) || data instanceof Date) {
      absent(record, `its frontmatter is ${typeName(data)}, not a mapping: dropped in silence`, 'unreadable');
      continue;
    }
    const fields = data as Record<string, unknown>;
    const name = fields.name;
    if (typeof name !== 'string') {
      absent(
        record,
        name === undefined ? 'no `name` in the frontmatter: dropped in silence' : `\`name\` is ${typeName(name)}, not a string: dropped in silence`,
        'unreadable',
      );
      continue;
    }
    const description = fields.description;
    if (description !== undefined && typeof description !== 'string') {
      absent(record, `\`description\` is ${typeName(description)}, not a string: dropped in silence`, 'unreadable');
      continue;
    }
    candidates.push({ record, name, description, found });
  }
  for (const p of walk.passed)
    records.push({ file: p.file, dir: path.dirname(p.file), listing: 'absent', listedAs: null, why: p.why, absentBecause: 'not_read' });

  // 2. Who holds each name: the built-in first, then the files in the order found; the last one shown.
  const byNameGroups = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const g = byNameGroups.get(c.name);
    if (g) g.push(c);
    else byNameGroups.set(c.name, [c]);
  }
  const toolOff = skillToolDisabledBy(config.rules);
  const blockOf = (c: Candidate): string => {
    if (toolOff || c.description === undefined) return '';
    const rule = ruleForSkill(c.name, config.rules);
    if (rule && rule.action === 'deny') return '';
    return skillBlock(c.name, c.description, c.found.file);
  };
  const loopTargets = walk.loops;
  const inLoop = (file: string): LinkLoop | undefined => loopTargets.find((l) => file.startsWith(l.under + path.sep));
  const races: RaceGroup[] = [];
  const fixed: Array<{ name: string; block: string }> = [];
  for (const [name, group] of byNameGroups) {
    const shown = group[group.length - 1] as Candidate;
    const loop = group.map((c) => inLoop(c.found.file)).find((l) => l !== undefined);
    const record = shown.record;
    // 3. Hidden: the skill tool switched off, no description, or a permission rule.
    if (toolOff)
      absent(record, `the skill tool is switched off by the permission rule ${ruleWords(toolOff)}: OpenCode sends no skills section at all`, 'hidden');
    else if (shown.description === undefined)
      absent(
        record,
        'no `description`: OpenCode loads the skill (its name still counts against same-named skills) but leaves it out of the list',
        'unreadable',
      );
    else {
      const rule = ruleForSkill(name, config.rules);
      if (rule && rule.action === 'deny') absent(record, `the permission rule ${ruleWords(rule)} denies it`, 'hidden');
      else Object.assign(record, { listing: 'full', listedAs: name });
    }
    const raceWords = (others: Candidate[]): string => others.map((o) => o.record.dir).join(', ');
    if (group.length > 1 || loop) {
      const note =
        group.length > 1
          ? `one of ${group.length} skills named ${JSON.stringify(name)} (also: ${raceWords(group.slice(0, -1))}); OpenCode keeps one of them and which one changes from run to run (its reads race), this emulation shows this one`
          : '';
      const loopNote = loop
        ? `also reached through the link loop at ${loop.at}: OpenCode reads it again under up to about 40 longer paths and may list it under any of them`
        : '';
      record.why = [record.why, note, loopNote].filter((w) => w).join('; ');
      for (const other of group.slice(0, -1))
        Object.assign(other.record, {
          listing: 'absent',
          listedAs: null,
          why: `same name ${JSON.stringify(name)} as ${shown.record.dir}: OpenCode keeps one of them and which one changes from run to run (its reads race); this emulation shows the other`,
          absentBecause: 'shadowed',
          shadowedBy: shown.record.file,
        });
      const blocks = group.map(blockOf);
      // Through a loop the same file is also found as <under>/<loop>/…/<loop>/<rest>, up to about 40 times.
      if (loop)
        for (const c of group) {
          const l = inLoop(c.found.file);
          const first = blockOf(c);
          if (!l || !first) continue;
          const step = path.relative(l.under, l.at);
          const rest = path.relative(l.under, c.found.file);
          for (let k = 1; k <= 40; k++) blocks.push(skillBlock(c.name, c.description as string, path.join(l.under, ...Array(k).fill(step), rest)));
        }
      races.push({ name, files: group.map((c) => c.found.file), shown: shown.found.file, blocks, ...(loop ? { throughLoop: true } : {}) });
    } else {
      const block = blockOf(shown);
      if (block) fixed.push({ name, block });
    }
  }

  // 4. The built-in: replaced by a skill of its name on disk, denied like any other skill.
  const builtinRule = ruleForSkill(BUILTIN, config.rules);
  const builtinListed =
    !toolOff && !byNameGroups.has(BUILTIN) && !(builtinRule && builtinRule.action === 'deny') && builtinEntries.some((b) => b.name === BUILTIN);
  const builtins = builtinListed
    ? builtinEntries.filter((b) => b.name === BUILTIN).map((b) => ({ name: b.name, chars: b.chars, listing: 'full' as const }))
    : [];

  // 5. The section: the shown member of each race, the others as they are.
  const shownBlocks = [...fixed, ...races.map((r) => ({ name: r.name, block: r.blocks[r.files.length - 1] as string })).filter((e) => e.block)];
  const blocks = shownBlocks.sort((a, b) => byName(a.name, b.name)).map((e) => e.block);
  const section = toolOff ? '' : renderSection(blocks, blocks.length > 0 || builtinListed, form);
  notes.push(...walk.notes.filter((n) => !notes.includes(n)));
  return {
    section,
    skills: records,
    stderr: [], // `opencode run` prints nothing about skills (failed files are session events and log lines only)
    budget: null, // OpenCode has no listing budget
    builtins,
    races,
    notes,
    configFiles: config.files,
    fixed,
    form,
    builtinListed,
    toolOff: toolOff !== null,
  };
}

/** Whether a release's section is one this emulation allows: the certain blocks as they are, and for each race
 *  group any one member's block (or none, for a member that lists nothing). Tries at most 4096 combinations;
 *  beyond that the race names are left out of both sides and the rest compared. */
export function sectionMatches(run: OpenCodeListingRun, releaseSection: string): boolean {
  if (run.toolOff) return releaseSection === '';
  const choices = run.races.map((r) => [...new Set(r.blocks)].map((block) => ({ name: r.name, block })));
  const total = choices.reduce((n, c) => n * Math.max(1, c.length), 1);
  const render = (picked: Array<{ name: string; block: string }>): string => {
    const all = [...run.fixed, ...picked.filter((p) => p.block)].sort((a, b) => byName(a.name, b.name)).map((e) => e.block);
    return renderSection(all, all.length > 0 || run.builtinListed, run.form);
  };
  if (total <= 4096) {
    const pick = (i: number, acc: Array<{ name: string; block: string }>): boolean => {
      if (i === choices.length) return render(acc) === releaseSection;
      for (const c of choices[i] as Array<{ name: string; block: string }>) if (pick(i + 1, [...acc, c])) return true;
      return false;
    };
    return pick(0, []);
  }
  const raced = new Set(run.races.map((r) => r.name));
  const strip = (s: string): string =>
    s.replace(/^ {2}<skill>\n {4}<name>([\s\S]*?)<\/name>\n[\s\S]*?^ {2}<\/skill>\n/gm, (b, n: string) => (raced.has(n) ? '' : b));
  return strip(`${releaseSection}\n`) === strip(`${render([])}\n`);
}
