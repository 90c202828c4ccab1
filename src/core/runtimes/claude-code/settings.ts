// What Claude Code 2.1.332 reads besides the skill files: its config folder (`CLAUDE_CONFIG_DIR` or
// ~/.claude, a08), the user's and the working folder's settings.json (skillOverrides, the listing's budget and
// cap settings, enabledPlugins: f02, f03, h04, d07, k03), ~/.claude.json's skillUsage (h09) and the model the
// budget is computed for (h05–h07).

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ListingContext } from '../listing';

export type SkillOverride = 'on' | 'off' | 'name-only' | 'user-invocable-only';

export interface ClaudeSettings {
  configDir: string;
  /** skillOverrides by skill name, the working folder's settings over the user's; where each came from. */
  overrides: Map<string, { value: SkillOverride; from: 'user' | 'project' }>;
  maxDescChars: number;
  budgetFraction: number;
  enabledPlugins: Record<string, unknown>;
  /** Recorded uses per skill name (~/.claude.json skillUsage). */
  usage: Map<string, number>;
  /** The files read, for an editor to watch. */
  files: string[];
}

const MAX_SETTINGS_BYTES = 1_000_000;

function readJson(file: string): Record<string, unknown> | null {
  try {
    const st = fs.statSync(file);
    if (!st.isFile() || st.size > MAX_SETTINGS_BYTES) return null;
    const v: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function configDirOf(ctx: ListingContext): string {
  const set = ctx.env['CLAUDE_CONFIG_DIR'];
  return set ? path.resolve(ctx.cwd, set) : path.join(ctx.home, '.claude');
}

const OVERRIDES = new Set<string>(['on', 'off', 'name-only', 'user-invocable-only']);

export function readClaudeSettings(ctx: ListingContext): ClaudeSettings {
  const configDir = configDirOf(ctx);
  const userFile = path.join(configDir, 'settings.json');
  // Only the working folder's own .claude/settings.json: a repository root above it is not read (f03).
  const projectFile = path.join(ctx.cwd, '.claude', 'settings.json');
  const user = readJson(userFile) ?? {};
  const project = projectFile === userFile ? {} : (readJson(projectFile) ?? {});
  const overrides = new Map<string, { value: SkillOverride; from: 'user' | 'project' }>();
  for (const [from, s] of [
    ['user', user],
    ['project', project],
  ] as const) {
    const o = s['skillOverrides'];
    if (o && typeof o === 'object' && !Array.isArray(o)) {
      for (const [k, v] of Object.entries(o as Record<string, unknown>))
        if (typeof v === 'string' && OVERRIDES.has(v)) overrides.set(k, { value: v as SkillOverride, from });
    }
  }
  const pick = (key: string): unknown => project[key] ?? user[key];
  const maxDesc = pick('skillListingMaxDescChars');
  const fraction = pick('skillListingBudgetFraction');
  const plugins = { ...asRecord(user['enabledPlugins']), ...asRecord(project['enabledPlugins']) };
  const usage = new Map<string, number>();
  // ~/.claude.json sits beside the config folder's default place, in HOME (or in CLAUDE_CONFIG_DIR when set).
  const globalFile = ctx.env['CLAUDE_CONFIG_DIR'] ? path.join(configDir, '.claude.json') : path.join(ctx.home, '.claude.json');
  const su = asRecord(readJson(globalFile)?.['skillUsage']);
  for (const [k, v] of Object.entries(su)) {
    const n = asRecord(v)['usageCount'];
    if (typeof n === 'number' && n > 0) usage.set(k, n);
  }
  return {
    configDir,
    overrides,
    maxDescChars: typeof maxDesc === 'number' && Number.isFinite(maxDesc) && maxDesc > 0 ? Math.floor(maxDesc) : 1536,
    budgetFraction: typeof fraction === 'number' && Number.isFinite(fraction) && fraction > 0 ? fraction : 0.01,
    enabledPlugins: plugins,
    usage,
    files: [userFile, projectFile, globalFile],
  };
}

function asRecord(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** The model the listing is built for and its budget's inputs (h05–h07): the context window in tokens and the
 *  characters counted per token. Models the golden cases did not measure are said to be assumed. */
export interface ClaudeModel {
  id: string;
  contextTokens: number;
  charsPerToken: number;
  measured: boolean;
}

export const DEFAULT_MODEL = 'claude-opus-5-5';

export function modelOf(ctx: ListingContext): ClaudeModel {
  const asked = (ctx.env['ANTHROPIC_MODEL'] ?? '').trim();
  const id = asked || DEFAULT_MODEL;
  const oneM = /\[1m\]$/i.test(id);
  const base = id.replace(/\[1m\]$/i, '');
  const no1m = ctx.env['CLAUDE_CODE_DISABLE_1M_CONTEXT'] === '1' || ctx.env['CLAUDE_CODE_DISABLE_1M_CONTEXT'] === 'true';
  if (base === DEFAULT_MODEL) return { id, contextTokens: no1m ? 200_000 : 1_000_000, charsPerToken: 3, measured: true };
  if (base === 'claude-sonnet-4-5') return { id, contextTokens: oneM && !no1m ? 1_000_000 : 200_000, charsPerToken: 4, measured: true };
  return { id, contextTokens: oneM && !no1m ? 1_000_000 : 200_000, charsPerToken: 4, measured: false };
}
