// The status data behind `openclaw skills list|info|check` (RULES.md §8; src/agents/skills-status.ts,
// src/shared/entry-metadata.ts, src/cli/skills-cli.format.ts at 8f8492d1) and the exact `--json` output of
// those commands. Key order matters: the JSON is compared byte for byte with OpenClaw's.

import { isBundledSkillAllowed, evaluateRequirements, resolveSkillKey, type EligibilityContext, type Requirements } from './eligibility';
import { resolveBundledAllowlist, resolveSkillConfig, resolveSkillsInstallPreferences } from './config';
import type { InstallSpec } from './metadata';
import type { SkillEntry } from './types';
import { has, OPENCLAW_BASELINE, type OpenClawVersion } from './versions';

export interface InstallOption {
  id: string;
  kind: InstallSpec['kind'];
  label: string;
  bins: string[];
}

/** `SkillStatusEntry`, fields in OpenClaw's order (undefined ones are left out of the JSON). */
export interface SkillStatusEntry {
  name: string;
  description: string;
  source: string;
  bundled: boolean;
  filePath: string;
  baseDir: string;
  skillKey: string;
  primaryEnv?: string;
  emoji?: string;
  homepage?: string;
  always: boolean;
  disabled: boolean;
  blockedByAllowlist: boolean;
  /** 2026.9.6 only (left out before): the agent's skill allow-list (`agents.list[].skills` or
   *  `agents.defaults.skills`) leaves the skill out. */
  blockedByAgentFilter?: boolean;
  eligible: boolean;
  /** 2026.9.6 only: the skill's `os` excludes this platform. */
  platformIncompatible?: boolean;
  /** 2026.9.6 only: eligible, not filtered out for the agent, and not `disable-model-invocation`. */
  modelVisible?: boolean;
  /** 2026.9.6 only: `user-invocable` (default true). */
  userInvocable?: boolean;
  /** 2026.9.6 only: eligible, not filtered out for the agent, and user-invocable. */
  commandVisible?: boolean;
  requirements: Requirements;
  missing: Requirements;
  configChecks: Array<{ path: string; satisfied: boolean }>;
  install: InstallOption[];
}

/** `resolveEmojiAndHomepage`: metadata first, then frontmatter `emoji` / `homepage`, `website`, `url`. */
function emojiAndHomepage(entry: SkillEntry): { emoji?: string; homepage?: string } {
  const fm = entry.frontmatter;
  const emoji = entry.metadata?.emoji ?? fm.emoji;
  const homepageRaw = entry.metadata?.homepage ?? fm.homepage ?? fm.website ?? fm.url;
  const homepage = homepageRaw?.trim() ? homepageRaw.trim() : undefined;
  return { ...(emoji ? { emoji } : {}), ...(homepage ? { homepage } : {}) };
}

/** `normalizeInstallOptions`: nothing when the skill's `os` excludes this platform or no spec fits it; every
 *  option when all are downloads; else one, by preference brew (preferBrew and brew on PATH), uv, node, brew
 *  (on PATH), go, download, brew, first. Ids default to `<kind>-<index among the platform's specs>`. */
export function installOptions(entry: SkillEntry, ctx: EligibilityContext): InstallOption[] {
  return installChoices(entry, ctx).map((c) => c.option);
}

/** The command OpenClaw runs for an installer (`buildInstallCommand`, src/agents/skills-install.ts), as
 *  words; a download is fetched, not run. Null when the spec lacks the field its kind needs. */
export function installCommand(spec: InstallSpec, nodeManager: string): string | null {
  switch (spec.kind) {
    case 'brew':
      return spec.formula ? `brew install ${spec.formula}` : null;
    case 'node': {
      if (!spec.package) return null;
      const manager: Record<string, string> = { pnpm: 'pnpm add -g', yarn: 'yarn global add', bun: 'bun add -g' };
      return `${manager[nodeManager] ?? 'npm install -g'} --ignore-scripts ${spec.package}`;
    }
    case 'go':
      return spec.module ? `go install ${spec.module}` : null;
    case 'uv':
      return spec.package ? `uv tool install ${spec.package}` : null;
    case 'download':
      return spec.url ? `download ${spec.url.trim()}` : null;
    default:
      return null;
  }
}

/** `installOptions` with the spec behind each option. */
export function installChoices(entry: SkillEntry, ctx: EligibilityContext): Array<{ option: InstallOption; spec: InstallSpec }> {
  const requiredOs = entry.metadata?.os ?? [];
  if (requiredOs.length > 0 && !requiredOs.includes(ctx.platform)) return [];
  const install = entry.metadata?.install ?? [];
  if (install.length === 0) return [];
  const filtered = install.filter((spec) => (spec.os ?? []).length === 0 || (spec.os ?? []).includes(ctx.platform));
  if (filtered.length === 0) return [];
  const prefs = resolveSkillsInstallPreferences(ctx.config);
  const toOption = (spec: InstallSpec, index: number): InstallOption => {
    const id = (spec.id ?? `${spec.kind}-${index}`).trim();
    let label = (spec.label ?? '').trim();
    if (spec.kind === 'node' && spec.package) label = `Install ${spec.package} (${prefs.nodeManager})`;
    if (!label) {
      if (spec.kind === 'brew' && spec.formula) label = `Install ${spec.formula} (brew)`;
      else if (spec.kind === 'go' && spec.module) label = `Install ${spec.module} (go)`;
      else if (spec.kind === 'uv' && spec.package) label = `Install ${spec.package} (uv)`;
      else if (spec.kind === 'download' && spec.url) {
        const url = spec.url.trim();
        const last = url.split('/').pop();
        label = `Download ${last && last.length > 0 ? last : url}`;
      } else label = 'Run installer';
    }
    return { id, kind: spec.kind, label, bins: spec.bins ?? [] };
  };
  // From 2026.9.3 `normalizeInstallOptions` (chunk `status-BSyTpTh2.mjs`) numbers default ids by the spec's place
  // in the whole install list; before, by its place among the specs for this platform.
  const wholeList = has(ctx.version, 'install-ids-whole-list');
  const placeOf = (spec: InstallSpec, i: number): number => (wholeList ? install.indexOf(spec) : i);
  if (filtered.every((spec) => spec.kind === 'download')) return filtered.map((spec, i) => ({ option: toOption(spec, placeOf(spec, i)), spec }));
  const indexed = filtered.map((spec, index) => ({ spec, index: placeOf(spec, index) }));
  const find = (kind: InstallSpec['kind']) => indexed.find((i) => i.spec.kind === kind);
  const brewAvailable = ctx.bins.has('brew');
  const pick =
    (prefs.preferBrew && brewAvailable ? find('brew') : undefined) ??
    find('uv') ??
    find('node') ??
    (brewAvailable ? find('brew') : undefined) ??
    find('go') ??
    find('download') ??
    find('brew') ??
    indexed[0];
  return pick ? [{ option: toOption(pick.spec, pick.index), spec: pick.spec }] : [];
}

/** `buildSkillStatus`. `agentSkillFilter` is the allow-list of the agent the status is for (2026.9.6 reports
 *  against it; undefined: no allow-list). */
export function buildSkillStatus(
  entry: SkillEntry,
  ctx: EligibilityContext,
  bundledNames: ReadonlySet<string> = new Set(),
  agentSkillFilter?: readonly string[],
): SkillStatusEntry {
  const version = ctx.version ?? OPENCLAW_BASELINE;
  const skillKey = resolveSkillKey(entry);
  const disabled = resolveSkillConfig(ctx.config, skillKey)?.enabled === false;
  const blockedByAllowlist = !isBundledSkillAllowed(entry, resolveBundledAllowlist(ctx.config));
  const always = entry.metadata?.always === true;
  const req = evaluateRequirements(entry, ctx);
  const { emoji, homepage } = emojiAndHomepage(entry);
  const eligible = !disabled && !blockedByAllowlist && req.requirementsSatisfied;
  // 2026.9.6 `buildSkillStatus` (chunk `status-BSyTpTh2.mjs`): `blockedByAgentFilter = agentSkillSet !== void 0
  // && !agentSkillSet.has(entry.skill.name)`; `availableToAgent = eligible && !blockedByAgentFilter`;
  // `modelVisible: availableToAgent && isSkillPromptVisible(entry)`, `commandVisible: availableToAgent &&
  // userInvocable`, with `platformIncompatible = missing.os.length > 0`. A workspace-loaded entry's `exposure`
  // (`createSkillEntry`, chunk `workspace-skill-loader-*.mjs`) is `includeInAvailableSkillsPrompt:
  // !invocation.disableModelInvocation`, `userInvocable: invocation.userInvocable ?? true`.
  const blockedByAgentFilter = agentSkillFilter !== undefined && !agentSkillFilter.includes(entry.name);
  const availableToAgent = eligible && !blockedByAgentFilter;
  const userInvocable = entry.invocation.userInvocable;
  const agentFields = has(version, 'status-for-agent')
    ? {
        blockedByAgentFilter,
        eligible,
        ...(has(version, 'status-platform-incompatible') ? { platformIncompatible: req.missing.os.length > 0 } : {}),
        modelVisible: availableToAgent && !entry.invocation.disableModelInvocation,
        userInvocable,
        commandVisible: availableToAgent && userInvocable,
      }
    : { eligible };
  // Field order is OpenClaw's; the optional fields sit after skillKey and are left out when undefined.
  return {
    name: entry.name,
    description: entry.description,
    source: entry.source,
    // `resolveBundledSkillsContext`: when the bundled folder holds skills, a skill of the same NAME counts as
    // bundled whatever its source; otherwise the source decides.
    // (From 2026.8.1: the source alone decides, `bundled` or `custodian`.)
    bundled: has(version, 'custodian-root')
      ? entry.source === 'openclaw-bundled' || (entry.source as string) === 'openclaw-custodian'
      : bundledNames.size > 0
        ? bundledNames.has(entry.name)
        : entry.source === 'openclaw-bundled',
    filePath: entry.filePath,
    baseDir: entry.baseDir,
    skillKey,
    ...(entry.metadata?.primaryEnv !== undefined ? { primaryEnv: entry.metadata.primaryEnv } : {}),
    ...(emoji !== undefined ? { emoji } : {}),
    ...(homepage !== undefined ? { homepage } : {}),
    always,
    disabled,
    blockedByAllowlist,
    ...agentFields,
    requirements: req.required,
    missing: req.missing,
    configChecks: req.configChecks,
    install: installOptions(entry, ctx),
  };
}

// --- `--json` output of the CLI (skills-cli.format.ts) ---

const OSC8 = /\x1b\]8;;.*?\x1b\\|\x1b\]8;;\x1b\\/g;
const ANSI_CSI = /\x1b\[[\x20-\x3f]*[\x40-\x7e]/g;
const REMAINING_ESC = /\u001b(?:[@-Z\\-_]|\[[0-?]*[ -/]*[@-~])/g;
const JSON_CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/g;

/** In `--json` mode every string loses ANSI escapes and all control characters (newlines included). */
export function sanitizeJsonString(value: string): string {
  return value.replace(OSC8, '').replace(ANSI_CSI, '').replace(REMAINING_ESC, '').replace(JSON_CONTROL_CHARS, '');
}

// 2026.9.6 `sanitizeJsonString` (chunk `skills-cli-*.mjs`): `JSON_CONTROL_CHAR_REGEX` is
// `[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]`: tab, newline and carriage return are kept (JSON
// escapes them). Its ANSI stripping (`stripAnsi`, chunk `ansi-*.mjs`, a parser of escape sequences) is
// emulated with 2026.4.12's expressions.
const JSON_CONTROL_CHARS_96 = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

function sanitizeJsonString96(value: string): string {
  return value.replace(OSC8, '').replace(ANSI_CSI, '').replace(REMAINING_ESC, '').replace(JSON_CONTROL_CHARS_96, '');
}

export function sanitizeJsonValue(value: unknown, sanitize: (s: string) => string = sanitizeJsonString): unknown {
  if (typeof value === 'string') return sanitize(value);
  if (Array.isArray(value)) return value.map((v) => sanitizeJsonValue(v, sanitize));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sanitizeJsonValue(v, sanitize)]));
  }
  return value;
}

export interface StatusReport {
  /** The release whose output format the `format*` functions print (absent: the baseline, 2026.4.12). */
  version?: OpenClawVersion;
  workspaceDir: string;
  managedSkillsDir: string;
  /** 2026.9.6: the agent the status is for, and its skill allow-list (undefined: none). */
  agentId?: string;
  agentSkillFilter?: string[] | undefined;
  skills: SkillStatusEntry[];
}

/** From 2026.5.2 the CLI's status is for an agent: its JSON gains the agent fields and the check's layout. */
function isAgentReport(report: StatusReport): boolean {
  return has(report.version, 'status-for-agent');
}

/** The CLI's JSON strings: from 2026.9.3 tab, newline and carriage return are kept. */
function sanitizerOf(report: StatusReport): (s: string) => string {
  return has(report.version, 'status-json-keeps-newlines') ? sanitizeJsonString96 : sanitizeJsonString;
}

/** stdout of `openclaw skills list --json` (with its trailing newline). 2026.9.6 (`formatSkillsList`, chunk
 *  `skills-cli-*.mjs`): `--eligible` keeps the skills `eligible && !blockedByAgentFilter`, four fields follow
 *  `blockedByAllowlist`, and strings keep tab, newline and carriage return. */
export function formatSkillsListJson(report: StatusReport, opts: { eligibleOnly?: boolean } = {}): string {
  const forAgent = isAgentReport(report);
  const skills = opts.eligibleOnly ? report.skills.filter((s) => s.eligible && !(forAgent && s.blockedByAgentFilter)) : report.skills;
  const json = sanitizeJsonValue(
    {
      workspaceDir: report.workspaceDir,
      managedSkillsDir: report.managedSkillsDir,
      skills: skills.map((s) => ({
        name: s.name,
        description: s.description,
        emoji: s.emoji,
        eligible: s.eligible,
        disabled: s.disabled,
        blockedByAllowlist: s.blockedByAllowlist,
        ...(forAgent
          ? { blockedByAgentFilter: s.blockedByAgentFilter, modelVisible: s.modelVisible, userInvocable: s.userInvocable, commandVisible: s.commandVisible }
          : {}),
        source: s.source,
        bundled: s.bundled,
        primaryEnv: s.primaryEnv,
        homepage: s.homepage,
        missing: s.missing,
      })),
    },
    sanitizerOf(report),
  );
  return JSON.stringify(json, null, 2) + '\n';
}

/** 2026.9.6 `formatSkillsCheck` with `--json` (chunk `skills-cli-*.mjs`): the agent and its allow-list and
 *  the directories head it; `notInjected` lists the skills eligible and not filtered out for the agent that
 *  the model is not told about, all with reason `disable-model-invocation`; `missingRequirements` keeps
 *  `hasMissingSkillRequirements` (`!eligible && !disabled && !blockedByAllowlist`, chunk `status-*.mjs`). */
function formatSkillsCheckJson96(report: StatusReport): string {
  const eligible = report.skills.filter((s) => s.eligible);
  const modelVisible = report.skills.filter((s) => s.modelVisible);
  const commandVisible = report.skills.filter((s) => s.commandVisible);
  const disabled = report.skills.filter((s) => s.disabled);
  const blocked = report.skills.filter((s) => s.blockedByAllowlist && !s.disabled);
  // 2026.5.2–7.35: an agent-filtered skill counts only when eligible, and is never among the missing.
  const strict = has(report.version, 'strict-requirements');
  const agentFiltered = report.skills.filter((s) => s.blockedByAgentFilter && (strict || s.eligible));
  const promptHidden = report.skills.filter((s) => s.eligible && !s.blockedByAgentFilter && !s.modelVisible);
  const missing = report.skills.filter((s) => !s.eligible && !s.disabled && !s.blockedByAllowlist && (strict || !s.blockedByAgentFilter));
  const json = sanitizeJsonValue(
    {
      agentId: report.agentId,
      agentSkillFilter: report.agentSkillFilter,
      workspaceDir: report.workspaceDir,
      managedSkillsDir: report.managedSkillsDir,
      summary: {
        total: report.skills.length,
        eligible: eligible.length,
        modelVisible: modelVisible.length,
        commandVisible: commandVisible.length,
        disabled: disabled.length,
        blocked: blocked.length,
        agentFiltered: agentFiltered.length,
        notInjected: promptHidden.length,
        missingRequirements: missing.length,
      },
      eligible: eligible.map((s) => s.name),
      modelVisible: modelVisible.map((s) => s.name),
      commandVisible: commandVisible.map((s) => s.name),
      disabled: disabled.map((s) => s.name),
      blocked: blocked.map((s) => s.name),
      agentFiltered: agentFiltered.map((s) => s.name),
      notInjected: promptHidden.map((s) => ({ name: s.name, reason: 'disable-model-invocation' })),
      missingRequirements: missing.map((s) => ({ name: s.name, missing: s.missing, install: s.install })),
    },
    sanitizerOf(report),
  );
  return JSON.stringify(json, null, 2) + '\n';
}

/** stdout of `openclaw skills check --json`. */
export function formatSkillsCheckJson(report: StatusReport): string {
  if (isAgentReport(report)) return formatSkillsCheckJson96(report);
  const eligible = report.skills.filter((s) => s.eligible);
  const disabled = report.skills.filter((s) => s.disabled);
  const blocked = report.skills.filter((s) => s.blockedByAllowlist && !s.disabled);
  const missing = report.skills.filter((s) => !s.eligible && !s.disabled && !s.blockedByAllowlist);
  const json = sanitizeJsonValue({
    summary: {
      total: report.skills.length,
      eligible: eligible.length,
      disabled: disabled.length,
      blocked: blocked.length,
      missingRequirements: missing.length,
    },
    eligible: eligible.map((s) => s.name),
    disabled: disabled.map((s) => s.name),
    blocked: blocked.map((s) => s.name),
    missingRequirements: missing.map((s) => ({ name: s.name, missing: s.missing, install: s.install })),
  });
  return JSON.stringify(json, null, 2) + '\n';
}

/** stdout of `openclaw skills info <name> --json`. */
export function formatSkillInfoJson(report: StatusReport, skillName: string): string {
  const skill = report.skills.find((s) => s.name === skillName || s.skillKey === skillName);
  if (!skill) return JSON.stringify({ error: 'not found', skill: skillName }, null, 2) + '\n';
  return JSON.stringify(sanitizeJsonValue(skill), null, 2) + '\n';
}
