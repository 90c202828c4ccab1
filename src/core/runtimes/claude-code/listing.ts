// Claude Code 2.1.332 started in a working folder: the skills section of its first model request, byte for byte,
// and the state of every SKILL.md it found (RULES.md of ../shared/golden/claude-code; cases in parentheses).
// Order: user skills, project skills from the working folder outward, legacy commands, then the release's own
// skills (g02, a09, k01). One name, one entry: the first found wins in silence (b01, b02); a skill named like a
// bundled skill takes its place (b04). The budget (./budget.ts) then decides which entries keep their text.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ListedSkill, ListingContext, ListingRun, ListingState } from '../listing';
import { shownPath } from '../location';
import { allocateBudget, budgetOf, type BudgetEntry, widthOf } from './budget';
import { CLAUDE_API_OFF, CLAUDE_CODE_BUILTINS } from './builtins';
import { commandsIn, type FoundFile, projectDirs, skillsIn } from './discover';
import { capDescription, descriptionOf, disablesModelInvocation, escapeAngles, isShowableName, readClaudeFile } from './read';
import { readClaudeSettings } from './settings';

export const SECTION_HEADER = 'The following skills are available for use with the Skill tool:';

interface Candidate {
  found: FoundFile;
  /** The entry's name before the frontmatter name is added. */
  folder: string;
  name: unknown;
  description: string;
  cut: string | null;
  hidden: string | null;
  hiddenBecause: ListedSkill['absentBecause'];
  nameOnly: string | null;
}

function readFile(f: FoundFile): string | null {
  try {
    return fs.readFileSync(f.file, 'utf8');
  } catch {
    return null;
  }
}

export function runClaudeCode(ctx: ListingContext): ListingRun {
  const settings = readClaudeSettings(ctx);
  const userSkills = skillsIn(path.join(settings.configDir, 'skills'), 'user');
  const dirs = projectDirs(ctx.cwd);
  const projectSkills = dirs.flatMap((d) => (path.join(d, '.claude') === settings.configDir ? [] : skillsIn(path.join(d, '.claude', 'skills'), 'project')));
  const commands = [
    ...commandsIn(path.join(settings.configDir, 'commands'), 'user'),
    ...dirs.flatMap((d) => (path.join(d, '.claude') === settings.configDir ? [] : commandsIn(path.join(d, '.claude', 'commands'), 'project'))),
  ];
  const skills: ListedSkill[] = [];
  const winners = new Map<string, FoundFile>();
  const candidates: Candidate[] = [];
  const consider = (f: FoundFile): void => {
    const prior = winners.get(f.folder);
    if (prior) {
      if (f.kind === 'skill')
        skills.push({
          file: f.file,
          dir: f.dir,
          listing: 'absent',
          listedAs: null,
          why: `shadowed by ${shownPath(prior.dir, ctx.home)}: Claude Code lists the first skill named \`${f.folder}\` it finds and drops this one without a word`,
          absentBecause: 'shadowed',
          shadowedBy: prior.file,
        });
      return;
    }
    if (f.problem) {
      skills.push({ file: f.file, dir: f.dir, listing: 'absent', listedAs: null, why: `Claude Code skips it: ${f.problem}`, absentBecause: 'unreadable' });
      return;
    }
    const text = readFile(f);
    if (text === null) {
      skills.push({ file: f.file, dir: f.dir, listing: 'absent', listedAs: null, why: 'Claude Code cannot read it', absentBecause: 'unreadable' });
      return;
    }
    winners.set(f.folder, f);
    candidates.push(candidateOf(f, text, settings));
  };
  // Commands come after every skill, sorted by name across user and project (a09).
  for (const f of [...userSkills, ...projectSkills]) consider(f);
  for (const f of [...commands].sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0))) consider(f);

  // The names shown in parentheses: valid, differing from the folder, not another entry's folder name, not
  // already shown (b03, c01, c02).
  const folders = new Set(candidates.filter((c) => !c.hidden).map((c) => c.folder));
  const shown = new Set<string>();
  const entries: Array<BudgetEntry & { candidate?: Candidate; builtin?: string }> = [];
  for (const c of candidates) {
    if (c.hidden) {
      if (c.found.kind === 'skill')
        skills.push({ file: c.found.file, dir: c.found.dir, listing: 'absent', listedAs: null, why: c.hidden, absentBecause: c.hiddenBecause ?? 'hidden' });
      continue;
    }
    let listed = c.folder;
    if (c.found.kind === 'skill' && isShowableName(c.name) && c.name !== c.folder && !folders.has(c.name) && !shown.has(c.name)) {
      listed = `${c.folder} (${c.name})`;
      shown.add(c.name);
    }
    const short = `- ${listed}`;
    const full = `${short}: ${c.description}`;
    entries.push({
      name: listed,
      full,
      short,
      fixed: c.nameOnly !== null,
      nameOnly: c.nameOnly !== null,
      usage: settings.usage.get(c.folder) ?? 0,
      candidate: c,
    });
  }
  // The release's own skills, after everything, unless turned off or replaced by a skill of the same name (b04, k01, k03).
  for (const b of CLAUDE_CODE_BUILTINS) {
    if (b.offBy.env && ctx.env[b.offBy.env] === '1') continue;
    if (b.offBy.plugin && settings.enabledPlugins[b.offBy.plugin] === false) continue;
    if (b.name === 'claude-api' && ctx.env[CLAUDE_API_OFF] === '1') continue;
    if (winners.has(b.name)) continue;
    const short = `- ${b.name}`;
    entries.push({ name: b.name, full: null, fullWidth: b.chars, short, fixed: !b.cuttable, nameOnly: false, usage: 0, builtin: b.name });
  }

  const budget = budgetOf(ctx, settings);
  const allocation = allocateBudget(entries, budget.limit);
  const lines: string[] = [];
  const builtins: ListingRun['builtins'] = [];
  const lost: string[] = [];
  for (const [i, e] of entries.entries()) {
    const keeps = allocation.keeps[i] as boolean;
    if (e.builtin) {
      builtins.push({ name: e.builtin, chars: keeps ? (e.fullWidth ?? 0) : widthOf(e.short), listing: keeps ? 'full' : 'name_only' });
      continue;
    }
    const c = e.candidate as Candidate;
    lines.push(keeps ? (e.full as string) : e.short);
    if (c.found.kind !== 'skill') continue;
    let listing: ListingState = 'full';
    let why: string | undefined;
    if (!keeps) {
      listing = 'name_only';
      if (c.nameOnly) why = c.nameOnly;
      else {
        why = `the listing holds ${budget.limit.toLocaleString('en-US')} characters (${budget.source}) and is full`;
        lost.push(e.name);
      }
    } else if (c.cut) {
      listing = 'cut';
      why = c.cut;
    }
    skills.push({ file: c.found.file, dir: c.found.dir, listing, listedAs: e.name, ...(why !== undefined ? { why } : {}) });
  }
  // Built-in entries alone: the section holds them, and without them it is its first line (conformance runner).
  const section = !entries.length ? '' : lines.length ? `${SECTION_HEADER}\n\n${lines.join('\n')}` : SECTION_HEADER;
  const count = (s: ListingState): number => skills.filter((x) => x.listing === s).length;
  return {
    section,
    skills,
    stderr: [],
    builtins,
    budget: {
      unit: 'columns',
      limit: budget.limit,
      used: allocation.used,
      source: budget.source,
      model: budget.model,
      full: count('full'),
      cut: count('cut'),
      nameOnly: count('name_only'),
      dropped: 0,
      lost,
      builtins: builtins.reduce((n, b) => n + b.chars, 0),
    },
  };
}

function candidateOf(f: FoundFile, text: string, settings: ReturnType<typeof readClaudeSettings>): Candidate {
  const read = readClaudeFile(text);
  const desc = descriptionOf(read);
  const capped = capDescription(desc.text, settings.maxDescChars);
  let cut: string | null = null;
  if (capped.cut)
    cut =
      settings.maxDescChars === 1536
        ? `description${read.data?.['when_to_use'] !== undefined ? ' + when_to_use' : ''} over 1,536 characters: Claude Code lists the first 1,535 and "…"`
        : `description over skillListingMaxDescChars (${settings.maxDescChars}): Claude Code lists the first ${settings.maxDescChars - 1} and "…"`;
  else if (desc.cutLine) cut = 'no description: Claude Code uses the first body line, cut to 97 characters and "..." as it is over 100';
  let hidden: string | null = null;
  let hiddenBecause: ListedSkill['absentBecause'] = 'hidden';
  let nameOnly: string | null = null;
  const override = settings.overrides.get(f.folder);
  const where = override?.from === 'project' ? ' (the working folder’s .claude/settings.json)' : '';
  if (f.kind === 'skill' && disablesModelInvocation(read.data?.['disable-model-invocation']))
    hidden = 'disable-model-invocation keeps it from the model: only the user can run it, as /' + f.folder;
  else if (override?.value === 'off') hidden = `skillOverrides turns it off${where}`;
  else if (override?.value === 'user-invocable-only') hidden = `skillOverrides makes it user-invocable only${where}: the model is not told of it`;
  else if (f.kind === 'skill' && read.data?.['paths'] !== undefined && read.data['paths'] !== null) {
    hidden = 'it has `paths:`: Claude Code lists it only after a file matching them is read or edited, not at start';
    hiddenBecause = 'conditional';
  } else if (override?.value === 'name-only') nameOnly = `skillOverrides lists it by name only${where}`;
  return { found: f, folder: f.folder, name: read.data?.['name'], description: escapeAngles(capped.text), cut, hidden, hiddenBecause, nameOnly };
}
