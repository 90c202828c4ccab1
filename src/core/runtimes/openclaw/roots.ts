// The skill roots 2026.9.6 adds or changes besides the workspace (workspace-skill-sources-*.mjs
// resolveWorkspaceSkillSourcePlan; skills-root-*.mjs resolveWorkshopSkillsDir; agent-scope-config-*.mjs
// resolveEffectiveAgentDir, tryResolveAmbientOwnerAgentId; local-loader-*.mjs
// resolveAllowedSkillSymlinkTargetRealPaths). The agents roster is read from `agents.list` (and the keyed
// `agents.entries` form) the simple way; the config rules proper live in config.ts.

import * as path from 'node:path';
import { normalizeAgentId, resolveUserPath, type OpenClawConfig } from './config';
import { tryRealpath } from './read';

type AgentEntry = Record<string, unknown> & { id?: unknown };

function rosterEntries(config: OpenClawConfig): AgentEntry[] {
  const agents: unknown = config?.agents;
  if (!agents || typeof agents !== 'object') return [];
  const roster = agents as Record<string, unknown>;
  if (Object.hasOwn(roster, 'entries') && roster.entries !== undefined) {
    const entries = roster.entries;
    if (!entries || typeof entries !== 'object' || Array.isArray(entries)) return [];
    return Object.entries(entries as Record<string, unknown>)
      .filter(([, v]) => v && typeof v === 'object' && !Array.isArray(v))
      .map(([id, v]) => ({ ...(v as Record<string, unknown>), id }));
  }
  return Array.isArray(roster.list) ? (roster.list as unknown[]).filter((e): e is AgentEntry => e !== null && typeof e === 'object') : [];
}

function hasRoster(config: OpenClawConfig): boolean {
  const agents: unknown = config?.agents;
  if (!agents || typeof agents !== 'object') return false;
  const roster = agents as Record<string, unknown>;
  return (Object.hasOwn(roster, 'entries') && roster.entries !== undefined) || (Object.hasOwn(roster, 'list') && roster.list !== undefined);
}

/** `normalizeTrimmedStringList(config.skills.load.extraDirs)`. */
export function configuredExtraDirs(config: OpenClawConfig): string[] {
  const raw: unknown = config?.skills?.load?.extraDirs;
  if (!Array.isArray(raw)) return [];
  return raw.map((d: unknown) => (typeof d === 'string' ? d.trim() : '')).filter(Boolean);
}

/** `resolveAllowedSkillSymlinkTargetRealPaths`: `skills.load.allowSymlinkTargets`, home-expanded, real paths of
 *  the folders that exist, without duplicates. */
export function allowedSymlinkTargets(config: OpenClawConfig, home: string): string[] {
  const raw: unknown = config?.skills?.load?.allowSymlinkTargets;
  if (!Array.isArray(raw)) return [];
  const out: string[] = [];
  for (const d of raw) {
    const trimmed = typeof d === 'string' ? d.trim() : '';
    if (!trimmed) continue;
    const real = tryRealpath(resolveUserPath(trimmed, home));
    if (real && !out.includes(real)) out.push(real);
  }
  return out;
}

/** Whether `agentId` is the ambient owner agent (`tryResolveAmbientOwnerAgentId`): the configured
 *  `agents.defaults.systemAgent.agentId`, else the one agent marked `default: true`, else the sole agent
 *  (`main` without a roster). The custodian skills are loaded only for it. */
export function isAmbientOwner(config: OpenClawConfig, agentId: string): boolean {
  const explicit: unknown = config?.agents?.defaults?.systemAgent?.agentId;
  let owner: string | undefined;
  if (typeof explicit === 'string' && explicit.trim()) owner = normalizeAgentId(explicit);
  else {
    const entries = rosterEntries(config);
    const marked = config?.agents?.ownership === 'explicit' ? [] : entries.filter((e) => e.default === true);
    if (marked.length === 1) owner = normalizeAgentId(marked[0]!.id);
    else if (entries.length === 0) owner = hasRoster(config) ? undefined : 'main';
    else if (entries.length === 1) owner = normalizeAgentId(entries[0]!.id);
  }
  return owner !== undefined && owner === normalizeAgentId(agentId);
}

/** `resolveEffectiveAgentDir`: the agent's `agentDir` (home-expanded), else `<state>/agents/<id>/agent`; the
 *  workshop skills are its `workshop-skills` folder. */
export function resolveAgentDir(config: OpenClawConfig, agentId: string, stateDir: string, home: string): string {
  const id = normalizeAgentId(agentId);
  const entry = rosterEntries(config).find((e) => normalizeAgentId(e.id) === id);
  const configured = typeof entry?.agentDir === 'string' ? entry.agentDir.trim() : '';
  return configured ? resolveUserPath(configured, home) : path.join(stateDir, 'agents', id, 'agent');
}
