// The configuration OpenClaw's eligibility sees (RULES.md §6): `openclaw.json` located and loaded as
// `loadConfig` does (src/config/paths.ts, src/config/io.ts, src/config/defaults.ts,
// src/config/config-env-vars.ts, src/infra/dotenv.ts, src/infra/home-dir.ts at 8f8492d1), plus the small
// readers the skill code uses on it (skills.entries, limits, allow-lists, the default agent).
//
// What is emulated of `loadConfig`: `.env` files (cwd, then <stateDir>/.env, never overriding), JSON5,
// `env.vars` / string keys under `env` exported into the process environment (before and after `${VAR}`
// substitution, never over a non-blank value, dangerous names skipped), `${VAR}` substitution (a missing
// variable keeps its placeholder as the value, which OpenClaw logs), and the defaults the loader fills in
// (messages, logging, session, agents.defaults.maxConcurrent / subagents / compaction, context pruning, model
// entries). Each release's schema refuses an invalid file (checkParsedConfig: the parts skills authors meet).
// Not emulated: `$include`, talk-config normalisation, path normalisation (neither changes truthiness).

import * as fs from 'node:fs';
import * as path from 'node:path';
import JSON5 from 'json5';
import * as dotenv from 'dotenv';
import { has, OPENCLAW_BASELINE, since, type OpenClawVersion } from './versions';

/** OpenClaw's config is untyped JSON5 to this emulation; accessing it with JS semantics is the point. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OpenClawConfig = { [key: string]: any };
import { exists, resolveEffectiveHome, resolveStateDir, resolveConfigFile, type MutableEnv } from './home';

export { compactHomePrefixes, resolveConfigFile, resolveEffectiveHome, resolveStateDir, resolveUserPath, type MutableEnv } from './home';

export interface ConfigLoad {
  /** The file OpenClaw reads (whether or not it exists). */
  path: string;
  exists: boolean;
  /** The runtime config after defaults; `{}` when the file is missing or unreadable. */
  config: OpenClawConfig;
  /** Why the file could not be used ('' when it could). */
  error: string;
  /** The process environment after `.env` files and the config's `env` were applied. */
  env: MutableEnv;
  /** 2026.9.6: the schema's complaints when it refuses the file ("- <path>: <message>" lines of "Invalid
   *  config at <file>:"); the CLI then exits 1 and lists nothing. Absent when the file is accepted. */
  refused?: string[];
  /** The file's text, when it was refused (its findings are placed in it). */
  text?: string;
  /** 2026.9.6: what the config migrations said ("Moved agents.list to keyed agents.entries."). */
  migrations?: string[];
  /** The `${VAR}` placeholders whose variable is unset or empty, each with the dotted path of its value:
   *  OpenClaw logs `missing env var "X" at <path>` and keeps the placeholder's text as the value. */
  missingEnv?: Array<{ name: string; at: string }>;
}

// --- environment ---

/** A subset of OpenClaw's host-env security policy (src/infra/host-env-security-policy.json): config `env`
 *  entries with these names are never exported. The exact list of the snapshot is not known to us. */
const BLOCKED_KEYS = new Set(
  (
    'NODE_OPTIONS NODE_PATH PYTHONHOME PYTHONPATH PERL5LIB PERL5OPT RUBYLIB RUBYOPT BASH_ENV ENV BROWSER GIT_EDITOR ' +
    'GIT_EXTERNAL_DIFF GIT_DIR GIT_WORK_TREE GIT_COMMON_DIR GIT_EXEC_PATH GIT_INDEX_FILE GIT_OBJECT_DIRECTORY ' +
    'GIT_ALTERNATE_OBJECT_DIRECTORIES GIT_NAMESPACE GIT_SEQUENCE_EDITOR GIT_TEMPLATE_DIR GIT_SSL_NO_VERIFY GIT_SSL_CAINFO ' +
    'GIT_SSL_CAPATH SHELL SHELLOPTS PS4 GCONV_PATH IFS SSLKEYLOGFILE JAVA_TOOL_OPTIONS _JAVA_OPTIONS JDK_JAVA_OPTIONS ' +
    'HOME ZDOTDIR GIT_SSH_COMMAND GIT_SSH GIT_PROXY_COMMAND GIT_ASKPASS SSH_ASKPASS LESSOPEN LESSCLOSE PAGER MANPAGER ' +
    'GIT_PAGER EDITOR VISUAL PROMPT_COMMAND HISTFILE OPENSSL_CONF PYTHONSTARTUP HTTP_PROXY HTTPS_PROXY ALL_PROXY NO_PROXY ' +
    'NODE_TLS_REJECT_UNAUTHORIZED NODE_EXTRA_CA_CERTS SSL_CERT_FILE SSL_CERT_DIR REQUESTS_CA_BUNDLE CURL_CA_BUNDLE DOCKER_HOST'
  ).split(' '),
);
const BLOCKED_PREFIXES = ['DYLD_', 'LD_', 'BASH_FUNC_', 'GIT_CONFIG_', 'NPM_CONFIG_'];

function isBlockedEnvName(key: string): boolean {
  const upper = key.toUpperCase();
  return BLOCKED_KEYS.has(upper) || BLOCKED_PREFIXES.some((p) => upper.startsWith(p));
}

/** `collectConfigEnvVars`: `env.vars.*` (non-empty) and plain string keys under `env` (non-blank), portable
 *  names only, dangerous names skipped. */
export function collectConfigEnvVars(cfg: OpenClawConfig | undefined, version: OpenClawVersion = OPENCLAW_BASELINE): Record<string, string> {
  const envConfig = cfg?.env;
  if (!envConfig || typeof envConfig !== 'object') return {};
  const entries: Record<string, string> = {};
  const add = (rawKey: string, value: string): void => {
    const key = rawKey.trim();
    if (!key || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) || isBlockedEnvName(key)) return;
    entries[key] = value;
  };
  if (envConfig.vars && typeof envConfig.vars === 'object') {
    for (const [rawKey, value] of Object.entries(envConfig.vars as Record<string, unknown>)) {
      // Up to 2026.4.27 only an empty value is skipped (a blank one is exported); from 2026.4.29 a value must be a
      // non-blank string.
      if (has(version, 'env-vars-nonblank') ? typeof value !== 'string' || !value.trim() : !value) continue;
      add(rawKey, value as string);
    }
  }
  for (const [rawKey, value] of Object.entries(envConfig as Record<string, unknown>)) {
    if (rawKey === 'shellEnv' || rawKey === 'vars') continue;
    if (typeof value !== 'string' || !value.trim()) continue;
    add(rawKey, value);
  }
  return entries;
}

/** `applyConfigEnvVars`: only where the variable is unset or blank. */
export function applyConfigEnvVars(cfg: OpenClawConfig | undefined, env: MutableEnv, version: OpenClawVersion = OPENCLAW_BASELINE): void {
  for (const [key, value] of Object.entries(collectConfigEnvVars(cfg, version))) {
    if (env[key]?.trim()) continue;
    // process.env stores strings; a number in `env.vars` arrives as its text.
    env[key] = String(value);
  }
}

/** `loadDotEnv({ quiet: true })`: `<cwd>/.env`, then `<stateDir>/.env`, neither overriding a set variable. */
function loadDotEnvFiles(env: MutableEnv, cwd: string, stateDir: string): void {
  for (const file of [path.join(cwd, '.env'), path.join(stateDir, '.env')]) {
    let raw: Buffer;
    try {
      const st = fs.statSync(file);
      if (!st.isFile() || st.size > 1_000_000) continue;
      raw = fs.readFileSync(file);
    } catch {
      continue;
    }
    const parsed = dotenv.parse(raw);
    for (const [key, value] of Object.entries(parsed)) {
      if (!Object.prototype.hasOwnProperty.call(env, key)) env[key] = value;
    }
  }
}

const ENV_VAR_NAME = /^[A-Z_][A-Z0-9_]*$/;

/** `${VAR}` substitution in every string of the config (`$${VAR}` escapes). An unset or empty variable leaves
 *  the placeholder as it is written (so the value is the text `${VAR}`), and is noted in `missing`: every release
 *  from 2026.4.12 to 2026.9.6 logs it and reads on. */
function substituteString(value: string, env: MutableEnv, missing: string[]): string {
  if (!value.includes('$')) return value;
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i] ?? '';
    if (ch !== '$') {
      out += ch;
      continue;
    }
    const next = value[i + 1];
    if (next === '$' && value[i + 2] === '{') {
      const end = value.indexOf('}', i + 3);
      const name = end === -1 ? '' : value.slice(i + 3, end);
      if (end !== -1 && ENV_VAR_NAME.test(name)) {
        out += '${' + name + '}';
        i = end;
        continue;
      }
    }
    if (next === '{') {
      const end = value.indexOf('}', i + 2);
      const name = end === -1 ? '' : value.slice(i + 2, end);
      if (end !== -1 && ENV_VAR_NAME.test(name)) {
        const v = env[name];
        if (v === undefined || v === '') {
          missing.push(name);
          out += '${' + name + '}';
        } else out += v;
        i = end;
        continue;
      }
    }
    out += ch;
  }
  return out;
}

function substituteEnv(value: unknown, env: MutableEnv, missing: Array<{ name: string; at: string }>, at = '', depth = 0): unknown {
  if (depth > 200) return value;
  if (typeof value === 'string') {
    const names: string[] = [];
    const out = substituteString(value, env, names);
    for (const name of names) missing.push({ name, at: at || '<root>' });
    return out;
  }
  if (Array.isArray(value)) return value.map((v, i) => substituteEnv(v, env, missing, at ? `${at}.${i}` : String(i), depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = substituteEnv(v, env, missing, at ? `${at}.${k}` : k, depth + 1);
    return out;
  }
  return value;
}

// --- defaults (src/config/defaults.ts), in loadConfig's order ---

const DEFAULT_AGENT_MAX_CONCURRENT = 4;
const DEFAULT_SUBAGENT_MAX_CONCURRENT = 8;
const DEFAULT_CONTEXT_TOKENS = 200_000;
const DEFAULT_MODEL_MAX_TOKENS = 8192;

function applyMessageDefaults(cfg: OpenClawConfig): OpenClawConfig {
  if (cfg.messages?.ackReactionScope !== undefined) return cfg;
  return { ...cfg, messages: { ...(cfg.messages ?? {}), ackReactionScope: 'group-mentions' } };
}

function applyLoggingDefaults(cfg: OpenClawConfig): OpenClawConfig {
  if (!cfg.logging || cfg.logging.redactSensitive) return cfg;
  return { ...cfg, logging: { ...cfg.logging, redactSensitive: 'tools' } };
}

function applySessionDefaults(cfg: OpenClawConfig): OpenClawConfig {
  const session = cfg.session;
  if (!session || typeof session.mainKey !== 'string') return cfg;
  const trimmed = session.mainKey.trim();
  return { ...cfg, session: { ...session, mainKey: trimmed ? trimmed.toLowerCase() : 'main' } };
}

function applyAgentDefaults(cfg: OpenClawConfig): OpenClawConfig {
  const defaults = cfg.agents?.defaults;
  const hasMax = typeof defaults?.maxConcurrent === 'number' && Number.isFinite(defaults.maxConcurrent);
  const hasSubMax = typeof defaults?.subagents?.maxConcurrent === 'number' && Number.isFinite(defaults.subagents.maxConcurrent);
  if (hasMax && hasSubMax) return cfg;
  const nextDefaults = defaults ? { ...defaults } : {};
  if (!hasMax) nextDefaults.maxConcurrent = DEFAULT_AGENT_MAX_CONCURRENT;
  const nextSub = defaults?.subagents ? { ...defaults.subagents } : {};
  if (!hasSubMax) nextSub.maxConcurrent = DEFAULT_SUBAGENT_MAX_CONCURRENT;
  return { ...cfg, agents: { ...cfg.agents, defaults: { ...nextDefaults, subagents: nextSub } } };
}

/** Context pruning and heartbeat defaults apply only when Anthropic auth is detected (profiles or env). The
 *  per-model `cacheRetention` part is not emulated. */
function applyContextPruningDefaults(cfg: OpenClawConfig, env: MutableEnv): OpenClawConfig {
  const defaults = cfg.agents?.defaults;
  if (!defaults) return cfg;
  const profiles: Record<string, { provider?: string; mode?: string }> = cfg.auth?.profiles ?? {};
  let mode: 'api_key' | 'oauth' | null = null;
  for (const id of (cfg.auth?.order?.anthropic ?? []) as string[]) {
    const p = profiles[id];
    if (!p || p.provider !== 'anthropic') continue;
    if (p.mode === 'api_key') mode = 'api_key';
    else if (p.mode === 'oauth' || p.mode === 'token') mode = 'oauth';
    if (mode) break;
  }
  if (!mode) {
    const anth = Object.values(profiles).filter((p) => p?.provider === 'anthropic');
    const hasKey = anth.some((p) => p.mode === 'api_key');
    const hasOauth = anth.some((p) => p.mode === 'oauth' || p.mode === 'token');
    if (hasKey && !hasOauth) mode = 'api_key';
    else if (hasOauth && !hasKey) mode = 'oauth';
    else if (env.ANTHROPIC_OAUTH_TOKEN?.trim()) mode = 'oauth';
    else if (env.ANTHROPIC_API_KEY?.trim()) mode = 'api_key';
  }
  if (!mode) return cfg;
  const next = { ...defaults };
  if (defaults.contextPruning?.mode === undefined) {
    next.contextPruning = { ...(defaults.contextPruning ?? {}), mode: 'cache-ttl', ttl: defaults.contextPruning?.ttl ?? '1h' };
  }
  if (defaults.heartbeat?.every === undefined) {
    next.heartbeat = { ...(defaults.heartbeat ?? {}), every: mode === 'oauth' ? '1h' : '30m' };
  }
  return { ...cfg, agents: { ...cfg.agents, defaults: next } };
}

function applyCompactionDefaults(cfg: OpenClawConfig): OpenClawConfig {
  const defaults = cfg.agents?.defaults;
  if (!defaults || defaults.compaction?.mode) return cfg;
  return { ...cfg, agents: { ...cfg.agents, defaults: { ...defaults, compaction: { ...defaults.compaction, mode: 'safeguard' } } } };
}

const DEFAULT_MODEL_ALIASES: Record<string, string> = {
  opus: 'anthropic/claude-opus-4-6',
  sonnet: 'anthropic/claude-sonnet-4-6',
  gpt: 'openai/gpt-5.4',
  'gpt-mini': 'openai/gpt-5-mini',
  gemini: 'google/gemini-3.1-pro-preview',
  'gemini-flash': 'google/gemini-3-flash-preview',
  'gemini-flash-lite': 'google/gemini-3.1-flash-lite-preview',
};

function positive(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0;
}

/** Model entries get reasoning/input/cost/contextWindow/maxTokens; configured default models get aliases. */
function applyModelDefaults(cfg: OpenClawConfig): OpenClawConfig {
  let next = cfg;
  const providers = cfg.models?.providers;
  if (providers && typeof providers === 'object') {
    const nextProviders: Record<string, unknown> = { ...providers };
    for (const [id, provider] of Object.entries(providers as Record<string, OpenClawConfig>)) {
      const models = provider?.models;
      if (!Array.isArray(models) || models.length === 0) continue;
      const api = provider.api ?? (id.trim().toLowerCase() === 'anthropic' ? 'anthropic-messages' : undefined);
      nextProviders[id] = {
        ...provider,
        ...(api ? { api } : {}),
        models: models.map((m: OpenClawConfig) => {
          const contextWindow = positive(m.contextWindow) ? m.contextWindow : DEFAULT_CONTEXT_TOKENS;
          const rawMax = positive(m.maxTokens) ? m.maxTokens : Math.min(DEFAULT_MODEL_MAX_TOKENS, contextWindow);
          const c = m.cost ?? {};
          return {
            ...m,
            reasoning: typeof m.reasoning === 'boolean' ? m.reasoning : false,
            input: m.input ?? ['text'],
            cost: {
              input: typeof c.input === 'number' ? c.input : 0,
              output: typeof c.output === 'number' ? c.output : 0,
              cacheRead: typeof c.cacheRead === 'number' ? c.cacheRead : 0,
              cacheWrite: typeof c.cacheWrite === 'number' ? c.cacheWrite : 0,
            },
            contextWindow,
            maxTokens: Math.min(rawMax, contextWindow),
            api: m.api ?? api,
          };
        }),
      };
    }
    next = { ...next, models: { ...next.models, providers: nextProviders } };
  }
  const agentDefaults = next.agents?.defaults;
  const models = agentDefaults?.models;
  if (models && typeof models === 'object' && Object.keys(models).length > 0) {
    const nextModels: Record<string, OpenClawConfig> = { ...models };
    for (const [alias, target] of Object.entries(DEFAULT_MODEL_ALIASES)) {
      const entry = nextModels[target];
      if (!entry || entry.alias !== undefined) continue;
      nextModels[target] = { ...entry, alias };
    }
    next = { ...next, agents: { ...next.agents, defaults: { ...agentDefaults, models: nextModels } } };
  }
  return next;
}

/** `ensureOwnerDisplaySecret`: hash mode gets a generated secret (random in OpenClaw; any non-blank text here,
 *  which is all `requires.config` can observe). */
function applyOwnerDisplaySecret(cfg: OpenClawConfig): OpenClawConfig {
  if (cfg.commands?.ownerDisplay !== 'hash') return cfg;
  const secret = cfg.commands?.ownerDisplaySecret;
  if (typeof secret === 'string' && secret.trim()) return cfg;
  return { ...cfg, commands: { ...cfg.commands, ownerDisplay: 'hash', ownerDisplaySecret: '<generated>' } };
}

export function applyLoaderDefaults(cfg: OpenClawConfig, env: MutableEnv): OpenClawConfig {
  let out = applyMessageDefaults(cfg);
  out = applyLoggingDefaults(out);
  out = applySessionDefaults(out);
  out = applyAgentDefaults(out);
  out = applyContextPruningDefaults(out, env);
  out = applyCompactionDefaults(out);
  out = applyModelDefaults(out);
  return out;
}

/** What a release makes of a parsed openclaw.json before using it: from 2026.8.1 it migrates the agents roster,
 *  then validates with the 2026.8 schema; before, it validates with its own (validateConfigBefore81). Any
 *  complaint refuses the file (`refused`, its "<path>: <message>" lines). The editor checks an open
 *  openclaw.json's text with this too. */
export function checkParsedConfig(parsed: unknown, version: OpenClawVersion): { config: unknown; refused: string[]; migrations: string[] } {
  if (!has(version, 'agents-entries')) return { config: parsed, refused: validateConfigBefore81(parsed, version), migrations: [] };
  let config = parsed;
  let migrations: string[] = [];
  if (isPlainObject(parsed)) {
    const migrated = migrateAgentRoster96(parsed);
    config = migrated.config;
    migrations = migrated.diagnostics;
  }
  return { config, refused: validateConfig96(config, version), migrations };
}

/** The release's own words when it refuses `file` (the CLI prints them and exits 1). */
export function refusalWords(file: string, refused: readonly string[]): string {
  return `Invalid config at ${file}:\n${refused.map((i) => `- ${i}`).join('\n')}`;
}

/** `loadConfig()` as the CLI and the agent run call it. */
export function loadOpenClawConfig(params: { env: MutableEnv; home: string; cwd: string; explicitPath?: string; version?: OpenClawVersion }): ConfigLoad {
  const env = params.env;
  const home = resolveEffectiveHome(env, params.home);
  const file = resolveConfigFile(env, home, params.explicitPath);
  loadDotEnvFiles(env, params.cwd, resolveStateDir(env, home));
  const out: ConfigLoad = { path: file, exists: exists(file), config: {}, error: '', env };
  if (!out.exists) return out;
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) throw new Error('not a regular file');
    // A config file of tens of megabytes is not a config file; refuse rather than stall the editor.
    if (st.size > 16 * 1024 * 1024) throw new Error('file too large');
    const raw = fs.readFileSync(file, 'utf8');
    const checked = checkParsedConfig(JSON5.parse(raw) as unknown, params.version ?? OPENCLAW_BASELINE);
    const parsed = checked.config;
    if (checked.migrations.length > 0) out.migrations = checked.migrations;
    if (checked.refused.length > 0) {
      out.refused = checked.refused;
      out.text = raw;
      out.error = refusalWords(file, checked.refused);
      return out;
    }
    if (parsed && typeof parsed === 'object' && 'env' in parsed) applyConfigEnvVars(parsed as OpenClawConfig, env, params.version);
    const missingEnv: Array<{ name: string; at: string }> = [];
    const resolved = substituteEnv(parsed, env, missingEnv);
    if (missingEnv.length > 0) out.missingEnv = missingEnv;
    if (typeof resolved !== 'object' || resolved === null || Array.isArray(resolved)) {
      out.error = 'the file does not hold an object';
      return out;
    }
    let cfg = applyLoaderDefaults(resolved as OpenClawConfig, env);
    applyConfigEnvVars(cfg, env, params.version);
    cfg = applyOwnerDisplaySecret(cfg);
    out.config = cfg;
  } catch (err) {
    out.error = err instanceof Error ? err.message : String(err);
    out.config = {};
  }
  return out;
}

// --- readers used by the skill code ---

export interface SkillsLimits {
  maxCandidatesPerRoot: number;
  maxSkillsLoadedPerSource: number;
  maxSkillsInPrompt: number;
  maxSkillsPromptChars: number;
  maxSkillFileBytes: number;
}

/** `resolveSkillsLimits` (workspace.ts): 300 / 200 / 150 / 30,000 / 256,000 unless `skills.limits` says. */
export function resolveSkillsLimits(config: OpenClawConfig): SkillsLimits {
  const limits = config?.skills?.limits;
  return {
    maxCandidatesPerRoot: limits?.maxCandidatesPerRoot ?? 300,
    maxSkillsLoadedPerSource: limits?.maxSkillsLoadedPerSource ?? 200,
    maxSkillsInPrompt: limits?.maxSkillsInPrompt ?? 150,
    maxSkillsPromptChars: limits?.maxSkillsPromptChars ?? 30_000,
    maxSkillFileBytes: limits?.maxSkillFileBytes ?? 256_000,
  };
}

/** `resolveSkillConfig`: `skills.entries[skillKey]` when it is an object. */
export function resolveSkillConfig(config: OpenClawConfig, skillKey: string): OpenClawConfig | undefined {
  const entries = config?.skills?.entries;
  if (!entries || typeof entries !== 'object') return undefined;
  const entry = entries[skillKey];
  if (!entry || typeof entry !== 'object') return undefined;
  return entry as OpenClawConfig;
}

/** `skills.allowBundled` as a non-empty list, else undefined. */
export function resolveBundledAllowlist(config: OpenClawConfig): string[] | undefined {
  const input = config?.skills?.allowBundled;
  if (!input || !Array.isArray(input)) return undefined;
  const normalized = input.map((e: unknown) => String(e).trim()).filter(Boolean);
  return normalized.length > 0 ? normalized : undefined;
}

export function resolveSkillsInstallPreferences(config: OpenClawConfig): { preferBrew: boolean; nodeManager: string } {
  const raw = config?.skills?.install;
  const preferBrew = raw?.preferBrew ?? true;
  const manager = typeof raw?.nodeManager === 'string' ? raw.nodeManager.trim().toLowerCase() : '';
  return { preferBrew, nodeManager: ['pnpm', 'yarn', 'bun', 'npm'].includes(manager) ? manager : 'npm' };
}

/** `normalizeAgentId` (routing/session-key.ts). */
export function normalizeAgentId(value: unknown): string {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  if (!trimmed) return 'main';
  if (/^[a-z0-9][a-z0-9_-]{0,63}$/i.test(trimmed)) return trimmed.toLowerCase();
  return (
    trimmed
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+/, '')
      .replace(/-+$/, '')
      .slice(0, 64) || 'main'
  );
}

function agentEntries(config: OpenClawConfig): OpenClawConfig[] {
  const list = config?.agents?.list;
  if (!Array.isArray(list)) return [];
  return list.filter((e: unknown) => e !== null && typeof e === 'object');
}

/** 2026.9.6's keyed roster (`agents.entries`) as a list with ids, in key order. */
function keyedAgentEntries(config: OpenClawConfig): OpenClawConfig[] {
  const entries = config?.agents?.entries;
  if (!isPlainObject(entries)) return [];
  return Object.entries(entries)
    .filter(([, e]) => isPlainObject(e))
    .map(([id, e]) => ({ ...(e as OpenClawConfig), id }));
}

/** `resolveDefaultAgentId`: the first `default: true` agent, else the first listed, else `main` (2026.9.6:
 *  of `agents.entries`; its ownership rules for the default agent are not emulated). */
export function resolveDefaultAgentId(config: OpenClawConfig, version: OpenClawVersion = OPENCLAW_BASELINE): string {
  const agents = has(version, 'agents-entries') ? keyedAgentEntries(config) : agentEntries(config);
  if (agents.length === 0) return 'main';
  const chosen = (agents.find((a) => a?.default) ?? agents[0])?.id;
  const trimmed = typeof chosen === 'string' ? chosen.trim() : '';
  return normalizeAgentId(trimmed || 'main');
}

/** `normalizeSkillFilter`: undefined stays undefined (no allow-list), else names trimmed, empties dropped. */
export function normalizeSkillFilter(filter: unknown): string[] | undefined {
  if (filter === undefined) return undefined;
  if (!Array.isArray(filter)) return undefined;
  return filter.map((e: unknown) => String(e).trim()).filter(Boolean);
}

/** `resolveEffectiveAgentSkillFilter`: `agents.list[id].skills` when that key is present, else
 *  `agents.defaults.skills`; undefined means no allow-list. */
export function resolveAgentSkillFilter(config: OpenClawConfig, agentId: string, version: OpenClawVersion = OPENCLAW_BASELINE): string[] | undefined {
  const id = normalizeAgentId(agentId);
  const entry = (has(version, 'agents-entries') ? keyedAgentEntries(config) : agentEntries(config)).find((e) => normalizeAgentId(e.id) === id);
  if (entry && Object.prototype.hasOwnProperty.call(entry, 'skills')) return normalizeSkillFilter(entry.skills);
  return normalizeSkillFilter(config?.agents?.defaults?.skills);
}

// --- 2026.9.6: validation and the agents roster ---
//
// 2026.9.6 validates openclaw.json with its zod schema (src/config/zod-schema.root-shape.ts, chunk
// `zod-schema-*.mjs`) and REFUSES an invalid file: the CLI prints "Invalid config at <file>:" with one
// "- <path>: <message>" line per problem, exits 1 and lists no skill (2026.4.12's `loadConfig`, which the golden
// data ran, fell back to `{}`; that path stays as it was). The whole schema is thousands of lines; the
// emulation checks what a skills author meets: the root is an object of known top-level keys, `env` holds only
// `shellEnv` and `vars` (plain variables under `env` are refused: put them under `env.vars`), and the `skills`
// subtree. Messages are zod 4's, as the release prints them (observed running its CLI).

const ROOT_KEYS_96 = new Set(
  (
    '$schema meta env wizard diagnostics logging update telemetry browser ui secrets auth accessGroups acp models nodeHost agents ' +
    'worktreeRoot worktreeAcceleration tools security bindings broadcast attachments messages tts commands approvals session cron ' +
    'transcripts hooks channels discovery talk gateway cloudWorkers desktop memory mcp skills plugins surfaces proxy'
  ).split(' '),
);

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Issues = string[];

function joinPath(parts: readonly string[]): string {
  return parts.length === 0 ? '<root>' : parts.join('.');
}

function expectType(issues: Issues, at: readonly string[], value: unknown, expected: 'object' | 'string' | 'boolean' | 'number' | 'array'): boolean {
  const actual = typeName(value);
  const ok = expected === 'object' ? isPlainObject(value) : expected === 'array' ? Array.isArray(value) : actual === expected;
  if (ok) return true;
  const allowed = expected === 'boolean' ? ' (allowed: true, false)' : '';
  issues.push(`${joinPath(at)}: Invalid input: expected ${expected}, received ${actual}${allowed}`);
  return false;
}

function strictKeys(issues: Issues, at: readonly string[], value: Record<string, unknown>, known: ReadonlySet<string>): void {
  const unknown = Object.keys(value).filter((k) => !known.has(k));
  if (unknown.length === 0) return;
  const list = unknown.map((k) => JSON.stringify(k)).join(', ');
  issues.push(`${joinPath(at)}: Unrecognized key${unknown.length > 1 ? 's' : ''}: ${list}`);
}

function optional(
  issues: Issues,
  at: readonly string[],
  obj: Record<string, unknown>,
  key: string,
  check: (issues: Issues, at: readonly string[], value: unknown) => void,
): void {
  if (obj[key] === undefined) return;
  check(issues, [...at, key], obj[key]);
}

const stringList = (issues: Issues, at: readonly string[], value: unknown): void => {
  if (!expectType(issues, at, value, 'array')) return;
  (value as unknown[]).forEach((v, i) => expectType(issues, [...at, String(i)], v, 'string'));
};
const bool = (issues: Issues, at: readonly string[], value: unknown): void => void expectType(issues, at, value, 'boolean');
const stringRecord = (issues: Issues, at: readonly string[], value: unknown): void => {
  if (!expectType(issues, at, value, 'object')) return;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) expectType(issues, [...at, k], v, 'string');
};
const intMin =
  (min: number) =>
  (issues: Issues, at: readonly string[], value: unknown): void => {
    if (!expectType(issues, at, value, 'number')) return;
    const n = value as number;
    if (!Number.isInteger(n)) issues.push(`${joinPath(at)}: Invalid input: expected int, received number`);
    else if (n < min) issues.push(`${joinPath(at)}: Too small: expected number to be >=${min} (minimum: ${min})`);
  };

function validateEnv96(issues: Issues, at: readonly string[], value: unknown): void {
  if (!expectType(issues, at, value, 'object')) return;
  const env = value as Record<string, unknown>;
  strictKeys(issues, at, env, new Set(['shellEnv', 'vars']));
  optional(issues, at, env, 'shellEnv', (i, p, v) => {
    if (!expectType(i, p, v, 'object')) return;
    const o = v as Record<string, unknown>;
    strictKeys(i, p, o, new Set(['enabled', 'timeoutMs']));
    optional(i, p, o, 'enabled', bool);
    optional(i, p, o, 'timeoutMs', intMin(0));
  });
  optional(issues, at, env, 'vars', stringRecord);
}

function isSecretRefShape(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  return ['env', 'file', 'exec', 'store'].includes(String(value.source)) && typeof value.provider === 'string' && typeof value.id === 'string';
}

/** The `skills` subtree as `version`'s schema has it: `load.allowSymlinkTargets` and
 *  `install.allowUploadedArchives` from 2026.5.12, `workshop` from 2026.6.1, `load.watchDebounceMs` until 2026.7.35. */
function validateSkills96(issues: Issues, at: readonly string[], value: unknown, version: OpenClawVersion = '2026.9.6'): void {
  if (!expectType(issues, at, value, 'object')) return;
  const skills = value as Record<string, unknown>;
  const from512 = since(version, '2026.5.12');
  const keys = (all: string[], drop: string[]): Set<string> => new Set(all.filter((k) => !drop.includes(k)));
  strictKeys(issues, at, skills, keys(['allowBundled', 'load', 'install', 'limits', 'workshop', 'entries'], since(version, '2026.6.1') ? [] : ['workshop']));
  optional(issues, at, skills, 'allowBundled', stringList);
  optional(issues, at, skills, 'load', (i, p, v) => {
    if (!expectType(i, p, v, 'object')) return;
    const o = v as Record<string, unknown>;
    const debounce = !has(version, 'agents-entries');
    strictKeys(
      i,
      p,
      o,
      keys(
        ['extraDirs', 'allowSymlinkTargets', 'watch', 'watchDebounceMs'],
        [...(from512 ? [] : ['allowSymlinkTargets']), ...(debounce ? [] : ['watchDebounceMs'])],
      ),
    );
    optional(i, p, o, 'extraDirs', stringList);
    optional(i, p, o, 'allowSymlinkTargets', stringList);
    optional(i, p, o, 'watch', bool);
    if (debounce) optional(i, p, o, 'watchDebounceMs', intMin(0));
  });
  optional(issues, at, skills, 'install', (i, p, v) => {
    if (!expectType(i, p, v, 'object')) return;
    const o = v as Record<string, unknown>;
    strictKeys(i, p, o, keys(['preferBrew', 'nodeManager', 'allowUploadedArchives'], from512 ? [] : ['allowUploadedArchives']));
    optional(i, p, o, 'preferBrew', bool);
    optional(i, p, o, 'allowUploadedArchives', bool);
    optional(i, p, o, 'nodeManager', (i2, p2, v2) => {
      if (!['npm', 'pnpm', 'yarn', 'bun'].includes(v2 as string)) i2.push(`${joinPath(p2)}: Invalid input`);
    });
  });
  optional(issues, at, skills, 'limits', (i, p, v) => {
    if (!expectType(i, p, v, 'object')) return;
    const o = v as Record<string, unknown>;
    strictKeys(i, p, o, new Set(['maxCandidatesPerRoot', 'maxSkillsLoadedPerSource', 'maxSkillsInPrompt', 'maxSkillsPromptChars', 'maxSkillFileBytes']));
    optional(i, p, o, 'maxCandidatesPerRoot', intMin(1));
    optional(i, p, o, 'maxSkillsLoadedPerSource', intMin(1));
    optional(i, p, o, 'maxSkillsInPrompt', intMin(0));
    optional(i, p, o, 'maxSkillsPromptChars', intMin(0));
    optional(i, p, o, 'maxSkillFileBytes', intMin(0));
  });
  optional(issues, at, skills, 'entries', (i, p, v) => {
    if (!expectType(i, p, v, 'object')) return;
    for (const [key, entry] of Object.entries(v as Record<string, unknown>)) {
      const ep = [...p, key];
      if (!expectType(i, ep, entry, 'object')) continue;
      const e = entry as Record<string, unknown>;
      strictKeys(i, ep, e, new Set(['enabled', 'apiKey', 'env', 'config']));
      optional(i, ep, e, 'enabled', bool);
      optional(i, ep, e, 'env', stringRecord);
      optional(i, ep, e, 'config', (i2, p2, v2) => void expectType(i2, p2, v2, 'object'));
      optional(i, ep, e, 'apiKey', (i2, p2, v2) => {
        if (typeof v2 !== 'string' && !isSecretRefShape(v2)) i2.push(`${joinPath(p2)}: Invalid input`);
      });
    }
  });
}

/** The problems 2026.9.6's schema reports for `raw` (after the roster migration), in its words; empty when
 *  the parts the emulation checks are valid. */
/** The top-level keys before 2026.8.1: 2026.4.12's, then those each release added. */
const ROOT_KEYS_412 =
  '$schema meta env wizard diagnostics logging cli update browser ui secrets auth acp models nodeHost agents tools bindings broadcast ' +
  'audio media messages commands approvals session cron hooks web channels discovery canvasHost talk gateway memory mcp skills plugins';
const ROOT_KEYS_ADDED: ReadonlyArray<[OpenClawVersion, string]> = [
  ['2026.4.20', 'surfaces'],
  ['2026.4.25', 'crestodian'],
  ['2026.4.27', 'proxy'],
  ['2026.4.29', 'commitments'],
  ['2026.5.2', 'accessGroups'],
  ['2026.5.18', 'security'],
  ['2026.5.26', 'transcripts'],
  ['2026.6.6', 'tui'],
  ['2026.7.1', 'audit marketplaces'],
];

/** What a release before 2026.8.1 refuses in openclaw.json (its zod schema, the part skills authors meet):
 *  unknown top-level keys, a non-string value under `env` (plain string keys are variables there),
 *  `agents.entries` (those releases have `agents.list`), and the `skills` subtree of that release. 2026.5.18–7.35
 *  word every problem `Invalid input`. */
function validateConfigBefore81(raw: unknown, version: OpenClawVersion): string[] {
  const issues: Issues = [];
  if (expectType(issues, [], raw, 'object')) {
    const root = raw as Record<string, unknown>;
    const rootKeys = new Set(ROOT_KEYS_412.split(' '));
    for (const [from, keys] of ROOT_KEYS_ADDED) if (since(version, from)) for (const k of keys.split(' ')) rootKeys.add(k);
    strictKeys(issues, [], root, rootKeys);
    optional(issues, [], root, 'env', (i, p, v) => {
      if (!expectType(i, p, v, 'object')) return;
      for (const [k, val] of Object.entries(v as Record<string, unknown>)) {
        if (k === 'vars') stringRecord(i, [...p, k], val);
        else if (k !== 'shellEnv') expectType(i, [...p, k], val, 'string');
      }
    });
    optional(issues, [], root, 'agents', (i, p, v) => {
      if (isPlainObject(v) && Object.hasOwn(v, 'entries')) i.push(`${joinPath(p)}: Unrecognized key: "entries"`);
    });
    optional(issues, [], root, 'skills', (i, p, v) => validateSkills96(i, p, v, version));
  }
  if (!since(version, '2026.5.18')) return issues;
  return issues.map((issue) => `${issue.slice(0, issue.indexOf(': '))}: Invalid input`);
}

export function validateConfig96(raw: unknown, version: OpenClawVersion = '2026.9.6'): string[] {
  const issues: Issues = [];
  if (!expectType(issues, [], raw, 'object')) return issues;
  const root = raw as Record<string, unknown>;
  // `worktreeRoot` arrived in 2026.9.3, `worktreeAcceleration` in 2026.9.5.
  const rootKeys = new Set(ROOT_KEYS_96);
  if (!since(version, '2026.9.3')) rootKeys.delete('worktreeRoot');
  if (!since(version, '2026.9.5')) rootKeys.delete('worktreeAcceleration');
  strictKeys(issues, [], root, rootKeys);
  optional(issues, [], root, 'env', validateEnv96);
  optional(issues, [], root, 'skills', (i, p, v) => validateSkills96(i, p, v, version));
  return issues;
}

/** `migratePersistedImplicitMainRoster` (2026.9.6, src/config/legacy.roster.ts, chunk `legacy.roster-*.mjs`),
 *  the part skills see: `agents.list` becomes the keyed `agents.entries` (ids must be normalised and unique,
 *  else nothing moves), and a config without agents gets `agents.entries.main = {}` (unless
 *  `agents.ownership` is "explicit"). The default-agent markers it also rewrites are not emulated. */
export function migrateAgentRoster96(raw: OpenClawConfig): { config: OpenClawConfig; diagnostics: string[] } {
  if (Object.prototype.hasOwnProperty.call(raw, 'agents') && !isPlainObject(raw.agents)) return { config: raw, diagnostics: [] };
  let agents: OpenClawConfig = isPlainObject(raw.agents) ? raw.agents : {};
  let converted = false;
  if (agents.list !== undefined && !Object.prototype.hasOwnProperty.call(agents, 'entries')) {
    if (!Array.isArray(agents.list)) return { config: raw, diagnostics: [] };
    const entries: Array<[string, unknown]> = [];
    const ids = new Set<string>();
    for (const entry of agents.list as unknown[]) {
      if (!isPlainObject(entry)) return { config: raw, diagnostics: [] };
      const { id, ...rest } = entry;
      if (typeof id !== 'string' || !id || id.trim() !== id || normalizeAgentId(id) !== id || ids.has(id)) return { config: raw, diagnostics: [] };
      ids.add(id);
      entries.push([id, rest]);
    }
    const { list: _list, ...others } = agents;
    void _list;
    agents = { ...others, entries: Object.fromEntries(entries) };
    converted = true;
  }
  const diagnostics = converted ? ['Moved agents.list to keyed agents.entries.'] : [];
  const entries = agents.entries;
  if (entries === undefined || (isPlainObject(entries) && Object.keys(entries).length === 0)) {
    if (agents.ownership === 'explicit') return { config: converted ? { ...raw, agents } : raw, diagnostics };
    return { config: { ...raw, agents: { ...agents, entries: { main: {} } } }, diagnostics };
  }
  return { config: converted ? { ...raw, agents } : raw, diagnostics };
}
