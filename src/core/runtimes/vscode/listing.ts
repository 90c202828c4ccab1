// VS Code 1.139.1 (with its built-in GitHub Copilot Chat 0.67.0): the skills section of an agent-mode chat, as sent
// to the model, and what became of every SKILL.md. Golden cases: test/golden/vscode/ (recorded from the real VS
// Code by test/conformance/vscode/run.mjs); the rules: test/golden/vscode/RULES.md.
//
// The map — one file per stage, each citing VS Code's source (microsoft/vscode, src/vs/workbench/contrib/chat/
// common/promptSyntax/ unless said otherwise):
//   ./settings.ts  user and workspace settings (chat.useAgentSkills, chat.agentSkillsLocations, the skill tool,
//                  the adherence header, parent repositories)                         config/config.ts PromptsConfig
//   ./discover.ts  the folders and their order, the SKILL.md files in them     utils/promptFilesLocator.ts
//   ./read.ts      reading a file, finding its frontmatter                          promptFileParser.ts
//   ./yaml.ts      VS Code's own YAML reader                                        src/vs/base/common/yaml.ts
//   (here)         name = folder, first of a name wins, the description cleaned and cut, what is hidden
//                                               service/promptsServiceImpl.ts computeSkillDiscoveryInfo,
//                                               computeAutomaticInstructions.ts _getCustomizationsIndex
//   ./builtins.ts  Copilot's own skills (names and widths only)
//   ./render.ts    the section: header, entries, the budget with the skill tool       computeAutomaticInstructions.ts
//
// The section is the one VS Code sends without Copilot's built-in entries (which the runner leaves out by their
// location); built-ins named on the `Additional skills available` line stay there, as they are only names.

import * as path from 'node:path';
import type { ListedSkill, ListingBudget, ListingContext, ListingRun, ListingState } from '../listing';
import { builtinFile, COPILOT_BUILTINS, vscodeAppRoot } from './builtins';
import { DEFAULT_FOLDERS, discover } from './discover';
import { readSkill } from './read';
import { ENTRY_BUDGET, escapeXml, NAMES_BUDGET, render, type Listable } from './render';
import { readSettings } from './settings';

/** promptsServiceImpl.ts truncateAgentSkillDescription: descriptions are cut to this many UTF-16 units. */
export const MAX_DESCRIPTION = 1024;
/** promptTypes.ts TROUBLESHOOT_SKILL_PATH: a skill whose path contains this is listed only with file logging on. */
export const TROUBLESHOOT_PATH = 'troubleshoot/SKILL.md';

/** promptsServiceImpl.ts sanitizeAgentSkillText: every `<…>` tag removed. */
export function sanitize(text: string): string {
  return text.replace(/<[^>]+>/g, '');
}

interface Candidate {
  file: string;
  dir: string;
  /** The name VS Code lists it under: its folder's name (computeSkillDiscoveryInfo replaces any other). */
  name: string;
  state: ListingState;
  why?: string;
  absentBecause?: ListedSkill['absentBecause'];
  shadowedBy?: string;
  description?: string;
  builtin?: boolean;
  width?: number;
}

function emptyRun(): ListingRun {
  return { section: '', skills: [], stderr: [], budget: null, builtins: [] };
}

export function runVsCode(ctx: ListingContext): ListingRun {
  try {
    return run(ctx);
  } catch {
    // Not expected (every file access is guarded); an emulation never throws.
    return emptyRun();
  }
}

function run(ctx: ListingContext): ListingRun {
  const settings = readSettings(
    ctx.cwd,
    ctx.home,
    ctx.env,
    ctx.platform,
    DEFAULT_FOLDERS.map((f) => f.key),
  );
  const { found, notRead } = discover(ctx.cwd, ctx.home, settings.locations, settings.parentRepos);
  const appRoot = vscodeAppRoot(ctx.env, ctx.platform, ctx.home);

  // computeSkillDiscoveryInfo: in order, each file read; its name is its folder's; the first of a name wins (even
  // when it is then hidden); a file that fails to read is skipped without taking its name.
  const byName = new Map<string, string>();
  const all: Candidate[] = [];
  for (const f of found) {
    const name = path.basename(f.dir);
    const c: Candidate = { file: f.file, dir: f.dir, name, state: 'absent' };
    all.push(c);
    const r = readSkill(f.file);
    if (!r.ok) {
      c.why = r.why;
      c.absentBecause = 'unreadable';
      continue;
    }
    const first = byName.get(name);
    if (first !== undefined) {
      c.why = `another skill named "${name}" was found first (${first}); VS Code keeps the first of a name`;
      c.absentBecause = 'shadowed';
      c.shadowedBy = first;
      continue;
    }
    byName.set(name, f.file);
    const h = r.header;
    // skillsFromDiscoveryInfo / truncateAgentSkillDescription: no description stays none; tags removed, then cut.
    const raw = h.description;
    const clean = raw ? sanitize(raw) : undefined;
    const description = clean !== undefined && clean.length > MAX_DESCRIPTION ? clean.slice(0, MAX_DESCRIPTION) : clean;
    // _getCustomizationsIndex: listed only with a description, without disable-model-invocation, and not a
    // troubleshoot skill unless file logging is on.
    if (!description) {
      c.why = !h.hasHeader
        ? 'it has no frontmatter (the first line is not ---), so no description; VS Code lists only skills with one'
        : raw
          ? 'its description is empty once VS Code removes the XML tags; VS Code lists only skills with one'
          : 'it has no description (VS Code lists only skills with one)';
      c.absentBecause = 'hidden';
      continue;
    }
    if (h.disableModelInvocation === true) {
      c.why = 'disable-model-invocation: true keeps it from the model';
      c.absentBecause = 'hidden';
      continue;
    }
    if (!settings.fileLogging && f.file.split(path.sep).join('/').includes(TROUBLESHOOT_PATH)) {
      c.why = `VS Code leaves out a skill whose path ends in ${TROUBLESHOOT_PATH} unless github.copilot.chat.agentDebugLog.fileLogging.enabled is on`;
      c.absentBecause = 'hidden';
      continue;
    }
    c.description = description;
    const changes: string[] = [];
    if (clean !== raw) changes.push('VS Code removed the XML tags from its description');
    if (description !== clean) changes.push(`its description was cut to ${MAX_DESCRIPTION} characters`);
    c.state = changes.length ? 'cut' : 'full';
    if (changes.length) c.why = changes.join('; ');
  }

  // Copilot's built-ins come last, unless a skill of the same name came first.
  const builtins: Candidate[] = [];
  for (const b of COPILOT_BUILTINS) {
    if (byName.has(b.name)) continue;
    const file = builtinFile(appRoot, b.name, ctx.platform);
    builtins.push({ file, dir: path.dirname(file), name: b.name, state: 'full', builtin: true, width: b.chars + file.length, description: '' });
  }

  const listable = [...all.filter((c) => c.state === 'full' || c.state === 'cut'), ...builtins];
  const notReadSkills: ListedSkill[] = notRead.map((n) => ({
    file: n.file,
    dir: n.dir,
    listing: 'absent',
    listedAs: null,
    why: n.why,
    absentBecause: 'not_read',
  }));

  if (!settings.useAgentSkills) {
    // findAgentSkills returns nothing at all: no section (case d02).
    const skills: ListedSkill[] = [
      ...all.map((c): ListedSkill => ({
        file: c.file,
        dir: c.dir,
        listing: 'absent',
        listedAs: null,
        why: 'chat.useAgentSkills is off',
        absentBecause: 'hidden',
      })),
      ...notReadSkills,
    ];
    return { section: '', skills, stderr: [], budget: null, builtins: [] };
  }
  if (listable.length === 0) return { section: '', skills: [...all.map(toListed), ...notReadSkills], stderr: [], budget: null, builtins: [] };

  const out = render(
    listable.map((c): Listable => ({ name: c.name, description: c.description ?? '', file: c.file, builtin: !!c.builtin, width: c.width })),
    settings.skillTool,
    settings.adherence,
  );
  const lost: string[] = [];
  listable.forEach((c, i) => {
    const place = out.placement[i];
    if (place === 'named') {
      c.state = 'name_only';
      c.why = `past the ${ENTRY_BUDGET.toLocaleString('en-US')} characters of entries VS Code allows with the skill tool on: named on the "Additional skills available" line only`;
      if (!c.builtin) lost.push(c.name);
    } else if (place === 'counted') {
      c.state = 'absent';
      c.absentBecause = 'budget';
      c.why = `past both budgets of the skill tool (${ENTRY_BUDGET.toLocaleString('en-US')} characters of entries, ${NAMES_BUDGET.toLocaleString('en-US')} of names): only counted in "... and N more"`;
      if (!c.builtin) lost.push(c.name);
    }
  });

  const mine = all.map(toListed);
  let budget: ListingBudget | null = null;
  if (settings.skillTool) {
    budget = {
      unit: 'characters',
      limit: ENTRY_BUDGET,
      used: out.used,
      source: `VS Code lists skill entries up to ${ENTRY_BUDGET.toLocaleString('en-US')} characters when Copilot's skill tool is on (github.copilot.chat.skillTool.enabled), then names up to ${NAMES_BUDGET.toLocaleString('en-US')} characters`,
      full: mine.filter((s) => s.listing === 'full').length,
      cut: mine.filter((s) => s.listing === 'cut').length,
      nameOnly: mine.filter((s) => s.listing === 'name_only').length,
      dropped: mine.filter((s) => s.absentBecause === 'budget').length,
      lost,
      builtins: out.builtinsUsed,
    };
  }
  return {
    section: out.section,
    skills: [...mine, ...notReadSkills],
    stderr: [],
    budget,
    builtins: builtins
      .filter((b) => b.state !== 'absent')
      .map((b) => ({ name: b.name, chars: b.state === 'name_only' ? escapeXml(b.name).length : (b.width ?? 0) - b.file.length, listing: b.state })),
  };
}

function toListed(c: Candidate): ListedSkill {
  const listed = c.state !== 'absent';
  return {
    file: c.file,
    dir: c.dir,
    listing: c.state,
    listedAs: listed ? escapeXml(c.name) : null,
    ...(c.why ? { why: c.why } : {}),
    ...(c.state === 'absent' && c.absentBecause ? { absentBecause: c.absentBecause } : {}),
    ...(c.shadowedBy ? { shadowedBy: c.shadowedBy } : {}),
  };
}
