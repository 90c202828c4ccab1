// Codex CLI 0.171.0 (npm `@openai/codex@0.171.0`) started in `ctx.cwd`: the skills section of its first model
// request, and the state of every SKILL.md it found. Known only from running the release against a loopback
// model endpoint (../shared/golden/codex, 36 cases; RULES.md there) — never from its code.
//
// The map of this folder, in the order a start goes through it:
//   config.ts     $CODEX_HOME/config.toml: model, budget, include_instructions, bundled skills, [[skills.config]]
//   discover.ts   the roots (repository .codex/.agents skills, $CODEX_HOME/skills, ~/.agents/skills, bundled)
//                 and the walk of each (6 levels, hidden folders skipped, linked folders followed)
//   read.ts       one SKILL.md → name and description, or the load error printed on stderr
//   yamlWords.ts  the YAML errors in libyaml's words (serde_yaml's messages)
//   policy.ts     agents/openai.yaml: implicit invocation off, or products without codex → not listed
//   budget.ts     the token budget and how entries are shortened or dropped
//   builtins.ts   the bundled skills: names and entry widths only
//   render.ts     the section's fixed lines, roots table and entries
//   text.ts       Rust's whitespace, character counts, byte order
//
// Order (RULES §8, case g01): bundled skills, then repository skills, then user skills; inside each group by
// name in byte order, equal names by path. Nothing is de-duplicated: one name in two places is listed twice
// (cases b01, k03).

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BuiltinEntry, ListedSkill, ListingBudget, ListingContext, ListingRun, ListingState } from '../listing';
import { budgetEntry, budgetLimit, budgetWarning, fitEntries, rootsTableTokens, type BudgetEntry } from './budget';
import { BUILTIN_MEASURED_ROOT, CODEX_BUILTINS } from './builtins';
import { readCodexConfig, type CodexConfig } from './config';
import { codexRoots, walkRoot, type Scope, type SkillRoot, type WalkResult } from './discover';
import { readPolicy } from './policy';
import { readSkillFile } from './read';
import { entryLine, renderSection, rootLine } from './render';
import { charCount, compareBytes } from './text';

export const CODEX_VERSION = '0.171.0';

export interface CodexOptions {
  /** The bundled skills (default: 0.171.0's, builtins.ts). */
  builtins?: readonly BuiltinEntry[];
}

/** How Codex prints a skill it could not load (cases c03, d01, d04, e02, e04; the log's timestamp left out). */
export function loadErrorLine(file: string, why: string): string {
  return `ERROR codex_core::session::session: failed to load skill ${file}: ${why}`;
}

const SCOPE_RANK: Record<Scope, number> = { system: 0, repo: 1, user: 2 };

interface Candidate {
  name: string;
  description: string;
  capped: boolean;
  root: SkillRoot;
  /** Path for sorting and for the entry: the SKILL.md as reached. */
  file: string;
  /** Index into `skills`, or -1 for a built-in. */
  skill: number;
  /** Built-in: the description's length in characters (its text is not known). */
  builtinChars?: number;
}

function realOr(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

function samePath(a: string, b: string): boolean {
  return path.resolve(a) === path.resolve(b) || realOr(a) === realOr(b);
}

/** The `[[skills.config]]` entry with `enabled = false` that hides a skill (case b02), or null. */
function disabledBy(config: CodexConfig, name: string, file: string): string | null {
  for (const t of config.toggles) {
    if (t.enabled) continue;
    if (t.name !== undefined && t.name === name) return `[[skills.config]] name = ${JSON.stringify(name)}, enabled = false`;
    if (t.path !== undefined && samePath(t.path, file)) return '[[skills.config]] path, enabled = false';
  }
  return null;
}

function toSlash(p: string): string {
  return p.split(path.sep).join('/');
}

export function runCodex(ctx: ListingContext, options: CodexOptions = {}): ListingRun {
  // The working folder as the process sees it (getcwd: links resolved).
  const cwd = realOr(ctx.cwd);
  const home = path.resolve(ctx.home);
  const envHome = ctx.env.CODEX_HOME;
  const codexHome = envHome !== undefined && envHome !== '' ? path.resolve(cwd, envHome) : path.join(home, '.codex');
  const config = readCodexConfig(codexHome);
  const stderr: string[] = [];
  const skills: ListedSkill[] = [];

  const roots = codexRoots({ cwd, home, codexHome, bundled: config.bundledEnabled });
  const walked: WalkResult = { files: [], linkedFiles: [], tooDeep: [], truncated: false };
  for (const r of roots) if (!r.bundled) walkRoot(r, walked);

  const absent = (file: string, because: NonNullable<ListedSkill['absentBecause']>, why: string): ListedSkill => ({
    file,
    dir: path.dirname(file),
    listing: 'absent',
    listedAs: null,
    why,
    absentBecause: because,
  });

  if (config.error !== null) {
    // Codex does not start on a config.toml it cannot read (no case shows the words).
    stderr.push(`Error loading config.toml: ${config.error}`);
    for (const f of walked.files) skills.push(absent(f.file, 'hidden', 'Codex does not start: config.toml is invalid'));
    return { section: '', skills, stderr, budget: null, builtins: [] };
  }

  const candidates: Candidate[] = [];
  for (const f of walked.files) {
    const read = readSkillFile(f.file);
    if (!read.ok) {
      stderr.push(loadErrorLine(f.file, read.error));
      skills.push(absent(f.file, 'unreadable', read.error));
      continue;
    }
    const off = disabledBy(config, read.name, f.file);
    if (off !== null) {
      skills.push(absent(f.file, 'hidden', off));
      continue;
    }
    const policy = readPolicy(path.dirname(f.file));
    if (policy.hidden) {
      skills.push(absent(f.file, 'hidden', policy.why));
      continue;
    }
    skills.push({ file: f.file, dir: path.dirname(f.file), listing: 'full', listedAs: read.name });
    candidates.push({ name: read.name, description: read.description, capped: read.capped, root: f.root, file: f.file, skill: skills.length - 1 });
  }
  for (const f of walked.linkedFiles) skills.push(absent(f, 'not_read', 'SKILL.md is a symlink (not read)'));
  for (const f of walked.tooDeep) skills.push(absent(f, 'not_read', 'too deep (more than 6 folders below the skills folder)'));

  const bundledRoot = roots.find((r) => r.bundled);
  if (bundledRoot)
    for (const b of options.builtins ?? CODEX_BUILTINS)
      candidates.push({
        name: b.name,
        description: '',
        capped: false,
        root: bundledRoot,
        file: path.join(bundledRoot.dir, b.name, 'SKILL.md'),
        skill: -1,
        // The width less `- <name>: ` and ` (file: r1/<name>/SKILL.md)` as measured (builtins.ts).
        builtinChars: b.chars - charCount(entryLine(b.name, '', `${BUILTIN_MEASURED_ROOT}/${b.name}/SKILL.md`)) - 1,
      });

  if (!config.includeInstructions) {
    // `[skills] include_instructions = false`: no section at all (case f02).
    for (const c of candidates) if (c.skill >= 0) skills[c.skill] = absent(c.file, 'hidden', 'include_instructions = false (no skills section)');
    return { section: '', skills, stderr, budget: null, builtins: [] };
  }
  if (candidates.length === 0) return { section: '', skills, stderr, budget: null, builtins: [] };

  candidates.sort((a, b) => SCOPE_RANK[a.root.scope] - SCOPE_RANK[b.root.scope] || compareBytes(a.name, b.name) || compareBytes(a.file, b.file));

  // The roots table: the roots with a skill in the listing, numbered in table order. It is built before the budget
  // (its size is charged to it), so a root whose skills the budget leaves out keeps its line (not shown by a case).
  const used = roots.filter((r) => candidates.some((c) => c.root === r));
  const label = new Map(used.map((r, i) => [r, `r${i}`]));
  const rootLines = used.map((r) => rootLine(label.get(r) as string, r.dir));
  const fileOf = (c: Candidate): string => `${label.get(c.root)}/${toSlash(path.relative(c.root.dir, c.file))}`;

  const limit = budgetLimit(config.model, config.modelContextWindow, config.maxContextTokens);
  const rootsTokens = rootsTableTokens(rootLines);
  const entries: BudgetEntry[] = candidates.map((c) => {
    const bare = entryLine(c.name, '', fileOf(c));
    if (c.builtinChars === undefined) return budgetEntry(bare, c.description);
    // A bundled description's bytes: ASCII assumed (builtins.ts).
    return { ...budgetEntry(bare, ''), charBytes: new Array<number>(Math.max(0, c.builtinChars)).fill(1) };
  });
  const fit = fitEntries(entries, limit.tokens, rootsTokens);
  if (fit.dropped > 0) stderr.push(budgetWarning(fit.dropped));

  const entryLines: string[] = [];
  const builtins: ListingRun['builtins'] = [];
  const counts = { full: 0, cut: 0, nameOnly: 0, dropped: 0 };
  const lost: string[] = [];
  let builtinTokens = 0;
  candidates.forEach((c, i) => {
    const kept = fit.kept[i] ?? null;
    const total = entries[i]?.charBytes.length ?? 0;
    const state: ListingState = kept === null ? 'absent' : kept === 0 && total > 0 ? 'name_only' : kept < total || c.capped ? 'cut' : 'full';
    if (kept !== null && kept < total) lost.push(c.name);
    if (c.skill < 0) {
      const chars = kept === null ? 0 : charCount(entryLine(c.name, '', fileOf(c))) + (kept > 0 ? kept + 1 : 0);
      if (kept !== null) builtinTokens += Math.ceil((chars + 1) / 4);
      builtins.push({ name: c.name, chars, listing: state });
      return;
    }
    if (kept === null) {
      counts.dropped++;
      skills[c.skill] = absent(c.file, 'budget', 'budget (left out)');
      return;
    }
    const description = Array.from(c.description).slice(0, kept).join('');
    entryLines.push(entryLine(c.name, description, fileOf(c)));
    const s = skills[c.skill];
    if (!s) return;
    s.listing = state;
    if (state === 'full') counts.full++;
    else if (state === 'name_only') {
      counts.nameOnly++;
      s.why = 'budget: listed without its description';
    } else {
      counts.cut++;
      s.why = kept < total ? 'budget: description shortened' : 'description over 1024 characters (1021 + "...")';
    }
  });

  const budget: ListingBudget = {
    unit: 'tokens',
    limit: limit.tokens,
    used: fit.used,
    source: limit.source,
    model: limit.model,
    ...counts,
    lost,
    builtins: builtinTokens,
  };
  return { section: renderSection(rootLines, entryLines), skills, stderr, budget, builtins };
}
