// Gemini CLI 0.61.0 (npm `@google/gemini-cli@0.61.0`) started in `ctx.cwd` with `-p`: the skills section of
// the system instruction of its first model request, and what became of every SKILL.md it found. The rules
// are read from the release's public source (github.com/google-gemini/gemini-cli; each comment names the file
// and function) and checked against the release itself: the golden cases in test/golden/gemini-cli
// (RULES.md states the rules; each comment names the case that shows one).
//
// The map of this folder, in the order a start goes through it:
//  - settings.ts    the settings files (system defaults, user, workspace, system): `skills.enabled`,
//                   `skills.disabled`, `$VAR` expansion; whether the folder is trusted;
//  - builtins.ts    the built-in skills' names and widths (never their text);
//  - extensions.ts  the extensions of ~/.gemini/extensions and their `skills` folders;
//  - discover.ts    the user and project skills folders, and what glob finds in one (SKILL.md and */SKILL.md,
//                   in glob's order), plus the files it passes by;
//  - frontmatter.ts the `---` block, js-yaml with the line-based second try, the name's unsafe characters;
//  - render.ts      the section's text and the model family's sentence;
//  - this file      one name one skill (the later folder wins, in the earlier one's place, with a line on
//                   stderr), hiding, and the ListingRun.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AbsentBecause, BuiltinEntry, ListedSkill, ListingContext, ListingRun, ListingState } from '../listing';
import { isRegularFile, readSkillText } from '../../machine/skillText';
import { GEMINI_CLI_BUILTINS } from './builtins';
import { otherAgentsFolders, parentFolders, reportFolder, scanSkillsFolder, skillsFolders, type FoundFile, type PassedFile } from './discover';
import { hydrate, loadExtensions } from './extensions';
import { readFrontmatter } from './frontmatter';
import { DEFAULT_MODEL, renderSection, skillBlock } from './render';
import { geminiHome, readSettings } from './settings';

export interface GeminiCliOptions {
  /** The model the release is started with (`-m`); the section's sentence depends on its family (render.ts).
   *  Default: gemini-2.5-flash, as the runner starts it. */
  model?: string;
  /** The built-in skills, by name and width, in listing order (default: 0.61.0's own, builtins.ts). */
  builtins?: readonly BuiltinEntry[];
}

/** One entry of the release's skill map (skillManager.ts `skills`, a Map in insertion order). */
interface Entry {
  name: string;
  description: string;
  location: string;
  builtin: BuiltinEntry | null;
  record: ListedSkill | null;
  /** Words for a skill that was replaced: where it came from. */
  from: string;
}

/** Whether a prompt section is switched off by its variable (packages/core/src/prompts/utils.ts
 *  isSectionEnabled: GEMINI_PROMPT_<KEY> of `0` or `false`). */
function sectionOff(env: ListingContext['env'], key: string): boolean {
  const v = env[`GEMINI_PROMPT_${key.toUpperCase()}`]?.trim().toLowerCase();
  return v === '0' || v === 'false';
}

/** GEMINI_SYSTEM_MD (packages/core/src/prompts/promptProvider.ts getCoreSystemPrompt, utils.ts
 *  resolvePathFromEnv): null when unset or switched off; else the template file and whether it holds
 *  `${AgentSkills}` (the only way the section gets into a custom system prompt). */
function systemTemplate(cwd: string, home: string, env: ListingContext['env']): { file: string; hasSkills: boolean | null } | null {
  const raw = env.GEMINI_SYSTEM_MD?.trim();
  if (!raw) return null;
  const lower = raw.toLowerCase();
  if (lower === '0' || lower === 'false') return null;
  let file: string;
  if (lower === '1' || lower === 'true') file = path.resolve(cwd, '.gemini', 'system.md');
  else if (raw === '~') file = home;
  else if (raw.startsWith('~/')) file = path.resolve(path.join(home, raw.slice(2)));
  else file = path.resolve(cwd, raw);
  const r = readSkillText(file);
  return { file, hasSkills: r.ok ? r.text.includes('${AgentSkills}') : null };
}

function realCwd(cwd: string): string {
  try {
    return fs.realpathSync(cwd); // process.cwd() is the physical path
  } catch {
    return path.resolve(cwd);
  }
}

export function runGeminiCli(ctx: ListingContext, options: GeminiCliOptions = {}): ListingRun {
  const cwd = realCwd(ctx.cwd);
  const home = path.resolve(ctx.home);
  const gHome = geminiHome(home, ctx.env);
  const model = options.model ?? DEFAULT_MODEL;
  const settings = readSettings(cwd, home, ctx.env);
  const records: ListedSkill[] = [];
  const byFile = new Map<string, ListedSkill>();
  const stderr: string[] = [];

  const note = (f: FoundFile, listing: ListingState, why?: string, because?: AbsentBecause): ListedSkill => {
    const r: ListedSkill = { file: f.file, dir: f.dir, listing, listedAs: null };
    if (why !== undefined) r.why = why;
    if (because !== undefined) r.absentBecause = because;
    records.push(r);
    byFile.set(f.file, r);
    return r;
  };
  const passedBy = (passed: PassedFile[]): void => {
    for (const p of passed) if (!byFile.has(p.file)) note(p, 'absent', p.why, 'not_read');
  };

  // The folders, in the release's order (skillManager.ts discoverSkills). Extensions first, then user, project.
  const { extensions, fatal: extensionsFatal } = loadExtensions(gHome, cwd);
  const folders = skillsFolders(cwd, gHome, settings.trusted);
  const parents = parentFolders(cwd);

  // Nothing is read when the release stops at start-up, or when skills are off (config.ts initialize).
  const fatal = settings.fatal ?? extensionsFatal;
  const stop = fatal
    ? `the release stops before any request: ${fatal}`
    : !settings.skillsEnabled
      ? `skills.enabled is false (${settings.enabledFrom ?? 'settings'})`
      : null;
  if (stop) {
    const passed: PassedFile[] = [];
    for (const e of extensions) reportFolder(path.join(e.dir, 'skills'), stop, passed);
    for (const f of folders) reportFolder(f.dir, stop, passed);
    // A folder whose trust nobody decided yet is a step of setup (Gemini CLI asks when started interactively),
    // not a folder it never reads.
    const because = !fatal ? 'hidden' : settings.fatal === fatal && settings.trustUndecided ? 'setup' : 'not_read';
    for (const p of passed) if (!byFile.has(p.file)) note(p, 'absent', p.why, because);
    return { section: '', skills: records, stderr, budget: null, builtins: [] };
  }

  // 1. Built-ins first (skillManager.ts discoverBuiltinSkills): they hold the first places.
  const skills = new Map<string, Entry>();
  for (const b of options.builtins ?? GEMINI_CLI_BUILTINS)
    skills.set(b.name, { name: b.name, description: '', location: '', builtin: b, record: null, from: 'built-in' });

  // skillManager.ts addSkillsWithPrecedence: a later skill of a known name replaces the earlier one in its
  // place (Map.set keeps the key's position), with a line on stderr unless it is the same file (cases b03, k02).
  const add = (entry: Entry): void => {
    const before = skills.get(entry.name);
    if (before && before.location !== entry.location) {
      if (before.builtin) stderr.push(`Skill "${entry.name}" from "${entry.location}" is overriding the built-in skill.`);
      else stderr.push(`Skill conflict detected: "${entry.name}" from "${entry.location}" is overriding the same skill from "${before.location}".`);
      if (before.record)
        Object.assign(before.record, {
          listing: 'absent',
          listedAs: null,
          why: `replaced by ${entry.location} (same name, read later)`,
          absentBecause: 'shadowed',
          shadowedBy: entry.location,
        });
    }
    if (before && before.location === entry.location && before.record && entry.record && before.record !== entry.record) {
      // The same file read twice (the working folder is the home folder): one record.
      entry.record = before.record;
    }
    skills.set(entry.name, entry);
  };

  /** Reads one skills folder (skillLoader.ts loadSkillsFromDir) and adds its skills in glob order. */
  const readFolder = (dir: string, variables: Record<string, string> | null, inactive: string | null): void => {
    const found: FoundFile[] = [];
    const passed: PassedFile[] = [];
    scanSkillsFolder(dir, found, passed);
    for (const f of found) {
      const already = byFile.get(f.file);
      const r = readSkillText(f.file);
      if (!r.ok) {
        // readFile fails: dropped in silence (case c03). A FIFO would make the release wait for a writer for ever.
        if (!already)
          note(f, 'absent', r.why === 'not a regular file' ? 'not a regular file (a FIFO or socket: the release would wait on it)' : r.why, 'unreadable');
        continue;
      }
      const fm = readFrontmatter(r.text);
      if (!fm.ok) {
        if (!already) note(f, 'absent', r.truncated ? `${fm.why} (within the first MiB read here)` : fm.why, 'unreadable');
        continue;
      }
      const name = variables ? hydrate(fm.name, variables) : fm.name;
      const description = variables ? hydrate(fm.description, variables) : fm.description;
      const location = variables ? hydrate(f.file, variables) : f.file;
      const record = already ?? note(f, 'absent');
      if (inactive) {
        Object.assign(record, { why: inactive, absentBecause: 'hidden' });
        continue;
      }
      if (fm.reader === 'lines')
        record.why = 'read by the line-based fallback (js-yaml refused the block or gave a field that is not a string): values kept raw';
      add({ name, description, location, builtin: null, record, from: location });
    }
    passedBy(passed);
  };

  // 2. Extensions (only active ones are added; skillManager.ts: `extension.isActive && extension.skills`).
  for (const e of extensions) {
    if (e.skipped) {
      const passed: PassedFile[] = [];
      reportFolder(path.join(e.dir, 'skills'), e.skipped, passed);
      passedBy(passed);
      continue;
    }
    readFolder(path.join(e.dir, 'skills'), e.variables, e.active ? null : `the extension ${e.name} is disabled for this folder (extension-enablement.json)`);
  }

  // 3, 4. User, then project folders (the project's only when trusted).
  for (const f of folders) {
    if (f.skippedBecause) {
      const passed: PassedFile[] = [];
      reportFolder(f.dir, f.skippedBecause, passed);
      passedBy(passed);
      continue;
    }
    readFolder(f.dir, null, null);
  }
  // Other agents' folders, and a SKILL.md lying in ~/.gemini itself, which Gemini CLI never reads (case a01).
  const homeFile = path.join(gHome, '.gemini', 'SKILL.md');
  if (!byFile.has(homeFile) && isRegularFile(homeFile))
    note({ file: homeFile, dir: path.dirname(homeFile) }, 'absent', 'directly in ~/.gemini: skills are read from ~/.gemini/skills', 'not_read');
  for (const dir of otherAgentsFolders(cwd, gHome)) {
    const passed: PassedFile[] = [];
    reportFolder(dir, 'not a folder Gemini CLI reads skills from (it reads .gemini/skills and .agents/skills)', passed);
    passedBy(passed);
  }
  for (const dir of parents) {
    const passed: PassedFile[] = [];
    reportFolder(dir, "in a parent folder of the working folder: only the working folder's own .gemini/skills and .agents/skills are read", passed);
    passedBy(passed);
  }

  // 5. skills.disabled, without case (skillManager.ts setDisabledSkills), case e02.
  const disabled = new Set(settings.disabled.map((n) => n.toLowerCase()));
  const enabled = [...skills.values()].filter((s) => {
    if (!disabled.has(s.name.toLowerCase())) return true;
    if (s.record) Object.assign(s.record, { listing: 'absent', listedAs: null, why: 'skills.disabled setting', absentBecause: 'hidden' });
    return false;
  });

  // 6. The section: the prompt's own variable can switch it off; a custom system prompt holds it only where it
  // says `${AgentSkills}` (promptProvider.ts getCoreSystemPrompt).
  const template = systemTemplate(cwd, gHome, ctx.env);
  let why: string | null = null;
  if (template) {
    if (template.hasSkills === null) why = `GEMINI_SYSTEM_MD names ${template.file}, which cannot be read: the release stops`;
    else if (!template.hasSkills) why = `the custom system prompt ${template.file} (GEMINI_SYSTEM_MD) has no \${AgentSkills}`;
  } else if (sectionOff(ctx.env, 'agentSkills')) why = 'GEMINI_PROMPT_AGENTSKILLS switches the skills section off';

  const blocks: string[] = [];
  const builtins: ListingRun['builtins'] = [];
  for (const s of enabled) {
    if (s.builtin) {
      if (!why) builtins.push({ name: s.name, chars: s.builtin.chars, listing: 'full' });
      continue;
    }
    if (!s.record) continue;
    if (why) {
      Object.assign(s.record, { listing: 'absent', listedAs: null, why, absentBecause: 'hidden' });
      continue;
    }
    blocks.push(skillBlock(s.name, s.description, s.location));
    s.record.listing = 'full';
    s.record.listedAs = s.name;
    if (s.record.absentBecause) delete s.record.absentBecause;
  }
  return {
    section: why ? '' : renderSection(blocks, enabled.length > 0, model),
    skills: records,
    stderr,
    budget: null, // no budget, no cap (case h01)
    builtins,
  };
}
