// The skills of the plugins an OpenClaw installation enables: which bundled plugins are active, which skill
// folders their manifests contribute, and (2026.9.6) the `plugin-skills` links under which those skills are
// shown. Only for the installation found on this machine (registry.ts resolveVersion, `source: 'installed'`):
// the emulated release without an installation counts no plugin.
//
// What each release does, read from its dist/:
//   2026.4.12  skills-*.js `resolvePluginSkillDirs`: the manifest registry (manifest-registry-*.js
//              `loadPluginManifestRegistry`), each plugin with `skills` that `resolveEffectivePluginActivationState`
//              activates — called WITHOUT the manifest's `enabledByDefault`, so a bundled plugin counts only when
//              the config enables it (`plugins.entries.<id>.enabled`, `channels.<id>.enabled`, a slot) — then
//              acpx only while `acp.enabled !== false`, then the memory slot (`resolveMemorySlotDecision`). Each
//              `skills` path, resolved against the plugin folder, must exist and stay inside it (real paths). The
//              folders join `skills.load.extraDirs` as `openclaw-extra` roots, after the configured ones.
//   2026.9.6   plugin-skills-*.mjs `resolvePluginSkillRoots` → `resolvePluginSkillRootsInOwner`, with
//              plugin-root-contributions-*.mjs `iteratePluginRootContributions` and config-normalization-shared-*.mjs
//              `resolvePluginActivationDecisionShared` — this time WITH `enabledByDefault`, so a default install
//              counts `browser` and `canvas`. `plugins.enabled: false` counts none. The folders are `openclaw-extra`
//              roots after the configured extra folders (workspace-skill-sources-*.mjs
//              `resolveWorkspaceSkillSourcePlan`), and `publishPluginSkills` links every skill folder they hold
//              into `<stateDir>/plugin-skills/<folder name>`; workspace-skill-loader-*.mjs
//              `loadWorkspaceSkillSourceEntries` then loads those links (`loadGeneratedPluginSkillRecords`) last in
//              the extra tier, so the skill is shown (and located in the prompt) at the link's path.
// The bundled plugins folder is bundled-dir-*.{js,mjs} `resolveBundledPluginsDir`: none with
// OPENCLAW_DISABLE_BUNDLED_PLUGINS=1|true; OPENCLAW_BUNDLED_PLUGINS_DIR (2026.4.12: any existing folder;
// 2026.9.6: only a folder inside the package's own dist/extensions or dist-runtime/extensions); else the package's
// dist-runtime/extensions or dist/extensions.
//
// Not emulated, and said as a note (pluginFindings): plugins outside the installation (`plugins.load.paths`,
// `<stateDir>/extensions`, `<workspace>/.openclaw/extensions`, npm-installed plugins), acpx under 2026.9.6
// (it needs a registered ACP backend), a manifest that is not valid.

import * as fs from 'node:fs';
import * as path from 'node:path';
import JSON5 from 'json5';
import { resolveUserPath, type OpenClawConfig } from './config';
import type { LoadedSkill, RootScan, SkillSource } from './discover';
import { tryRealpath } from './read';
import type { OpenClawFinding } from './types';
import type { RuntimeContext } from '../types';
import { has, type OpenClawVersion } from './versions';

const MANIFEST_FILE = 'openclaw.plugin.json';
/** manifest-*.mjs `MAX_PLUGIN_MANIFEST_BYTES`. */
const MAX_MANIFEST_BYTES = 262_144;
/** discovery-*.mjs `SCANNED_DIRECTORY_IGNORE_NAMES` (with `.bak`, `.backup-`, `.disabled` names). */
const IGNORED_PLUGIN_DIRS = new Set(['.git', '.hg', '.svn', 'node_modules']);
/** slots-*.mjs `defaultSlotIdForKey('memory')`. */
const DEFAULT_MEMORY_SLOT = 'memory-core';

/** One plugin manifest as the manifest registry keeps it (only what skill resolution reads). */
export interface PluginRecord {
  id: string;
  rootDir: string;
  manifestPath: string;
  skills: string[];
  enabledByDefault: boolean;
  kind: string[];
  channels: string[];
  /** Other names `plugins.*` may use for it (`legacyPluginIds`, `providers`). */
  aliases: string[];
}

/** Something about the installation's plugins the emulation does not follow, said to the author. */
export interface PluginNote {
  file: string;
  code: string;
  message: string;
}

export interface PluginLink {
  /** The skill's folder name, the link's name. */
  name: string;
  /** `<stateDir>/plugin-skills/<name>`. */
  link: string;
  /** The plugin's skill folder the link points at. */
  target: string;
}

/** Which plugin skills one run counts. */
export interface PluginSkillPlan {
  /** The installation's package folder, when one was found. */
  install: string | null;
  /** The bundled plugins folder (null: none, or disabled). */
  bundledDir: string | null;
  disabledByEnv: boolean;
  plugins: PluginRecord[];
  /** The active plugins contributing skills, in registry order, with their skill folders. */
  active: Array<{ id: string; roots: string[] }>;
  /** Every skill folder, in order, once. */
  roots: string[];
  /** 2026.9.6: `<stateDir>/plugin-skills`. */
  pluginSkillsDir: string;
  /** 2026.9.6: the links `publishPluginSkills` makes (sorted by name, as they are loaded). */
  links: PluginLink[];
  notes: PluginNote[];
}

/** A skill loaded through a `plugin-skills` link: shown at the link, read from the plugin's folder. */
export interface LinkedSkill extends LoadedSkill {
  readFrom: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The entry at `p` (`follow`: through links), or null when there is none or it cannot be read. */
function statOf(p: string, follow = true): fs.Stats | null {
  try {
    return follow ? fs.statSync(p) : fs.lstatSync(p);
  } catch {
    return null;
  }
}

const exists = (p: string): boolean => statOf(p) !== null;
const lstat = (p: string): fs.Stats | null => statOf(p, false);
const isDir = (p: string): boolean => statOf(p)?.isDirectory() === true;

/** The entries of folder `dir` (none when it cannot be read). */
function direntsOf(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** path-safety `isPathInside`: `child` is `root` or below it. */
function inside(root: string, child: string): boolean {
  const rel = path.relative(path.resolve(root), path.resolve(child));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The installation found on this machine (the one `bundledSkillsDir` in emulate.ts reads too). */
export function installationOf(ctx: RuntimeContext): string | null {
  return ctx.resolvedVersions?.find((r) => r.runtime === 'openclaw' && r.source === 'installed')?.foundAt ?? null;
}

/** bundled-dir `areBundledPluginsDisabled` / `bundledPluginsDisabled`: "1" or "true", trimmed, any case. */
export function bundledPluginsDisabled(env: Env): boolean {
  const raw = env.OPENCLAW_DISABLE_BUNDLED_PLUGINS?.trim().toLowerCase();
  return raw === '1' || raw === 'true';
}

/** bundled-dir `hasUsableBundledPluginTree`: a sub-folder with a package.json or a plugin manifest. */
function hasUsablePluginTree(dir: string): boolean {
  return direntsOf(dir).some((e) => e.isDirectory() && (exists(path.join(dir, e.name, 'package.json')) || exists(path.join(dir, e.name, MANIFEST_FILE))));
}

/** `resolveBundledDirFromPackageRoot` for an installed (not source-checkout) package. */
function packageBundledDir(pkg: string, version: OpenClawVersion): string | null {
  const built = path.join(pkg, 'dist', 'extensions');
  const runtime = path.join(pkg, 'dist-runtime', 'extensions');
  if (!exists(built)) return null;
  if (!has(version, 'plugins-package-trust')) return exists(runtime) ? runtime : built;
  // From 2026.9.4: the first of dist-runtime, dist whose real path lies in the package's trusted roots.
  return trustedInPackage(pkg, runtime) ? runtime : trustedInPackage(pkg, built) ? built : null;
}

/** 2026.9.6 `isPluginInPackageBundledRoots`: `dir` (real path) inside the package's dist[-runtime]/extensions. */
function trustedInPackage(pkg: string, dir: string): boolean {
  const real = tryRealpath(dir);
  const realPkg = tryRealpath(pkg);
  if (!real || !realPkg) return false;
  return [path.join(pkg, 'dist', 'extensions'), path.join(pkg, 'dist-runtime', 'extensions')].some((root) => {
    const r = tryRealpath(root);
    return r !== null && inside(realPkg, r) && inside(r, real);
  });
}

/** The bundled plugins folder the release uses with this installation (`resolveBundledPluginsDir`). */
export function resolveBundledPluginsDir(version: OpenClawVersion, install: string, env: Env, home: string): { dir: string | null; notes: PluginNote[] } {
  const notes: PluginNote[] = [];
  if (bundledPluginsDisabled(env)) return { dir: null, notes };
  const override = env.OPENCLAW_BUNDLED_PLUGINS_DIR?.trim();
  if (override) {
    const resolved = resolveUserPath(override, home);
    if (!has(version, 'plugins-dir-override-trusted')) {
      // Up to 2026.4.27 any existing folder is taken; a missing one falls back to the package's own folder.
      if (exists(resolved)) return { dir: resolved, notes };
      return { dir: packageBundledDir(install, version) ?? resolved, notes };
    }
    if (exists(resolved)) {
      const real = tryRealpath(resolved);
      if (real && trustedInPackage(install, real) && hasUsablePluginTree(real)) return { dir: real, notes };
      notes.push({
        file: resolved,
        code: 'plugins-dir-untrusted',
        message: `OpenClaw ${version} ignores OPENCLAW_BUNDLED_PLUGINS_DIR=${override}: it trusts only a folder inside its own package's dist/extensions, so it loads the package's bundled plugins instead.`,
      });
    }
  }
  return { dir: packageBundledDir(install, version), notes };
}

function stringList(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((e): e is string => typeof e === 'string')
    .map((e) => e.trim())
    .filter(Boolean);
}

type ManifestRead = { ok: true; record: PluginRecord } | { ok: false; error: string };
const manifestCache = new Map<string, { key: string; read: ManifestRead }>();

/** manifest-*.{js,mjs} `loadPluginManifest`: JSON5, an object with an `id` and a `configSchema` object. Parsed
 *  manifests are kept by path, size and modification time (an installation has dozens). */
export function readPluginManifest(rootDir: string): ManifestRead | null {
  const manifestPath = path.join(rootDir, MANIFEST_FILE);
  let st: fs.Stats;
  try {
    st = fs.statSync(manifestPath);
  } catch {
    return null;
  }
  const key = `${st.size}:${st.mtimeMs}:${st.ino}`;
  const cached = manifestCache.get(manifestPath);
  if (cached?.key === key) return cached.read;
  const read = parseManifest(rootDir, manifestPath, st);
  if (manifestCache.size > 512) manifestCache.clear();
  manifestCache.set(manifestPath, { key, read });
  return read;
}

function parseManifest(rootDir: string, manifestPath: string, st: fs.Stats): ManifestRead {
  if (!st.isFile()) return { ok: false, error: 'the manifest is not a file' };
  if (st.size > MAX_MANIFEST_BYTES) return { ok: false, error: `the manifest is larger than ${MAX_MANIFEST_BYTES} bytes` };
  let raw: unknown;
  try {
    const text = fs.readFileSync(manifestPath, 'utf8');
    try {
      raw = JSON.parse(text);
    } catch {
      raw = JSON5.parse(text);
    }
  } catch (err) {
    return { ok: false, error: `failed to parse plugin manifest: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, error: 'plugin manifest must be an object' };
  const m = raw as Record<string, unknown>;
  const id = typeof m.id === 'string' ? m.id.trim() : '';
  if (!id) return { ok: false, error: 'plugin manifest requires id' };
  if (!m.configSchema || typeof m.configSchema !== 'object' || Array.isArray(m.configSchema))
    return { ok: false, error: 'plugin manifest requires configSchema' };
  const kind = typeof m.kind === 'string' ? [m.kind] : stringList(m.kind);
  return {
    ok: true,
    record: {
      id,
      rootDir,
      manifestPath,
      skills: stringList(m.skills),
      enabledByDefault: m.enabledByDefault === true,
      kind: kind.filter((k) => k === 'memory' || k === 'context-engine'),
      channels: stringList(m.channels),
      aliases: [...stringList(m.legacyPluginIds), ...stringList(m.providers)],
    },
  };
}

/** discovery `discoverInDirectory` over the bundled folder, by name: each plugin folder's manifest; the first
 *  plugin of an id is kept. Manifests that do not load are notes. */
function discoverBundledPlugins(bundledDir: string, notes: PluginNote[]): PluginRecord[] {
  let entries: string[];
  try {
    entries = fs.readdirSync(bundledDir).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  } catch {
    return [];
  }
  const realBundled = tryRealpath(bundledDir) ?? path.resolve(bundledDir);
  const out: PluginRecord[] = [];
  const ids = new Set<string>();
  for (const name of entries) {
    const lower = name.toLowerCase();
    if (!lower || IGNORED_PLUGIN_DIRS.has(lower) || lower.endsWith('.bak') || lower.includes('.backup-') || lower.includes('.disabled')) continue;
    const dir = path.join(bundledDir, name);
    if (!isDir(dir)) continue;
    const real = tryRealpath(dir);
    if (!real || !inside(realBundled, real)) continue;
    const read = readPluginManifest(dir);
    if (!read) continue;
    if (!read.ok) {
      notes.push({
        file: path.join(dir, MANIFEST_FILE),
        code: 'plugin-manifest-invalid',
        message: `OpenClaw does not load the plugin in ${dir} (${read.error}), so its skills are not counted.`,
      });
      continue;
    }
    if (ids.has(read.record.id)) continue;
    ids.add(read.record.id);
    out.push(read.record);
  }
  return out;
}

interface NormalizedPlugins {
  enabled: boolean;
  allow: string[];
  deny: string[];
  memorySlot: string | null;
  contextEngineSlot: string | undefined;
  entries: Record<string, { enabled?: boolean }>;
}

/** slots `normalizeSlotValue`: trimmed, "none" (any case) = off (null), empty = unset. */
function slotValue(v: unknown): string | null | undefined {
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  if (!t) return undefined;
  return t.toLowerCase() === 'none' ? null : t;
}

/** `normalizePluginsConfigWithResolver[Core]` with the registry's id normalizer: from 2026.5.2 an id or alias
 *  is looked up ignoring case (to the plugin's own id), from 2026.8.1 policy ids are lowercased
 *  (`normalizePluginPolicyId`); up to 2026.4.29 ids are compared exactly. */
function normalizePluginsConfig(raw: unknown, version: OpenClawVersion, plugins: PluginRecord[]): NormalizedPlugins {
  const anyCase = has(version, 'plugins-ids-any-case');
  const lowerPolicy = has(version, 'plugins-policy-lowercase');
  const key = (id: string): string => (anyCase ? id.toLowerCase() : id);
  const aliases = new Map<string, string>();
  for (const p of [...plugins].sort((a, b) => a.id.localeCompare(b.id))) {
    aliases.set(key(p.id), p.id);
    for (const a of p.aliases) if (!aliases.has(key(a))) aliases.set(key(a), p.id);
  }
  const normalizeId = (id: string): string => {
    const t = id.trim();
    const canonical = aliases.get(key(t)) ?? t;
    return lowerPolicy ? canonical.toLowerCase() : canonical;
  };
  const cfg = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const list = (v: unknown): string[] => (Array.isArray(v) ? v.map((e) => (typeof e === 'string' ? normalizeId(e) : '')).filter(Boolean) : []);
  const entries: Record<string, { enabled?: boolean }> = {};
  const rawEntries = cfg.entries;
  if (rawEntries && typeof rawEntries === 'object' && !Array.isArray(rawEntries)) {
    for (const [key, value] of Object.entries(rawEntries as Record<string, unknown>)) {
      const id = normalizeId(key);
      if (!id) continue;
      const enabled = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>).enabled : undefined;
      const was = entries[id]?.enabled;
      entries[id] = typeof enabled === 'boolean' ? { enabled } : was === undefined ? {} : { enabled: was };
    }
  }
  const slots = cfg.slots && typeof cfg.slots === 'object' ? (cfg.slots as Record<string, unknown>) : {};
  const memory = slotValue(slots.memory);
  const contextEngine = slotValue(slots.contextEngine);
  return {
    enabled: cfg.enabled !== false,
    allow: list(cfg.allow),
    deny: list(cfg.deny),
    memorySlot: memory === undefined ? DEFAULT_MEMORY_SLOT : memory,
    contextEngineSlot: contextEngine ?? undefined,
    entries,
  };
}

/** `channels.<id>.enabled` for the plugin's channels. 2026.9.6 `resolveChannelConfigEnablement`: true when one
 *  of its channels is enabled, false when all are disabled. 2026.4.12 `isBundledChannelEnabledByChannelConfig`:
 *  `channels.<plugin id>.enabled === true`, for a plugin whose id is a chat channel (here: one that declares a
 *  channel of its own id). */
function channelEnablement(config: OpenClawConfig, p: PluginRecord, version: OpenClawVersion): boolean | undefined {
  const channels: unknown = config?.channels;
  if (!channels || typeof channels !== 'object') return undefined;
  const at = (id: string): unknown => {
    const entry = (channels as Record<string, unknown>)[id];
    return entry && typeof entry === 'object' && !Array.isArray(entry) ? (entry as Record<string, unknown>).enabled : undefined;
  };
  if (!has(version, 'plugins-channel-enablement')) {
    const own = p.channels.some((c) => c.toLowerCase() === p.id.toLowerCase());
    return own && at(p.id.toLowerCase()) === true ? true : undefined;
  }
  if (p.channels.length === 0) return undefined;
  const states = p.channels.map((c) => at(c.toLowerCase()));
  if (states.includes(true)) return true;
  return states.every((s) => s === false) ? false : undefined;
}

/** `resolvePluginActivationDecisionShared` (2026.9.6) / `resolvePluginActivationState` (2026.4.12) for a bundled
 *  plugin: whether it is activated. 2026.4.12's skill resolution passes no `enabledByDefault`. */
export function pluginActivated(p: PluginRecord, plugins: NormalizedPlugins, config: OpenClawConfig, version: OpenClawVersion): boolean {
  const policyId = has(version, 'plugins-policy-lowercase') ? p.id.toLowerCase() : p.id;
  if (!plugins.enabled) return false;
  if (plugins.deny.includes(policyId)) return false;
  const entry = plugins.entries[policyId];
  if (entry?.enabled === false) return false;
  const channel = channelEnablement(config, p, version);
  if (has(version, 'plugins-channel-enablement') && channel === false) return false;
  const allowed = plugins.allow.includes(policyId);
  if (plugins.memorySlot === p.id || plugins.contextEngineSlot === p.id) return true;
  if (plugins.allow.length > 0 && !allowed) return false;
  if (entry?.enabled === true || channel === true) return true;
  return has(version, 'plugins-enabled-by-default') && p.enabledByDefault;
}

/** `resolveMemorySlotDecision[Shared]`: a memory plugin counts only as the slot's choice (the configured id,
 *  else memory-core; none when "none"); a plugin of several kinds always counts. The normalized slot is never
 *  unset, so the "first memory plugin fills it" branch does not arise. */
function memorySlotAllows(p: PluginRecord, slot: string | null): boolean {
  if (!p.kind.includes('memory')) return true;
  return slot === p.id || p.kind.length > 1;
}

/** `publishPluginSkills` → `collectSkillTargets`: a folder with its own SKILL.md is one target (its name), else
 *  each child folder holding a SKILL.md (a regular file, not a link, inside the folder); the first of a name
 *  wins. */
function collectLinkTargets(dir: string, targets: Map<string, string>): void {
  const publishable = (skillDir: string, rootDir: string): boolean => {
    const md = path.join(skillDir, 'SKILL.md');
    const st = lstat(md);
    if (!st || !st.isFile()) return false;
    const realRoot = tryRealpath(rootDir);
    const realMd = tryRealpath(md);
    return inside(rootDir, md) && realRoot !== null && realMd !== null && inside(realRoot, realMd);
  };
  if (publishable(dir, dir)) {
    const name = path.basename(dir);
    if (!targets.has(name)) targets.set(name, dir);
    return;
  }
  for (const child of direntsOf(dir)) {
    if (!child.isDirectory()) continue;
    const childPath = path.join(dir, child.name);
    if (!publishable(childPath, dir)) continue;
    if (!targets.has(child.name)) targets.set(child.name, childPath);
  }
}

/** Everything in `dir` that is neither a plugin folder nor meant to be (a lone file, an ignored name). */
function pluginFolders(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir)
      .filter((n) => !n.startsWith('.') && n !== 'node_modules' && isDir(path.join(dir, n)))
      .map((n) => path.join(dir, n));
  } catch {
    return [];
  }
}

/** Plugins OpenClaw also loads that this emulation does not: said to the author when they declare skills. */
function outsidePluginNotes(version: OpenClawVersion, config: OpenClawConfig, stateDir: string, workspaceDir: string, home: string): PluginNote[] {
  const notes: PluginNote[] = [];
  const withSkills = (dir: string): PluginRecord | null => {
    const read = readPluginManifest(dir);
    return read?.ok && read.record.skills.length > 0 ? read.record : null;
  };
  const places: Array<{ dir: string; what: string }> = [
    { dir: path.join(stateDir, 'extensions'), what: 'a plugin installed for the user' },
    { dir: path.join(workspaceDir, '.openclaw', 'extensions'), what: 'a workspace plugin' },
  ];
  for (const { dir, what } of places) {
    for (const folder of pluginFolders(dir)) {
      const p = withSkills(folder);
      if (p)
        notes.push({
          file: p.manifestPath,
          code: 'plugin-skills-not-counted',
          message: `OpenClaw ${version} may also load the skills of ${what} (${p.id}: ${p.skills.join(', ')}); this emulation counts only the installation's bundled plugins, so their names and prompt budget are not accounted for.`,
        });
    }
  }
  const loadPaths: unknown = config?.plugins?.load?.paths;
  for (const raw of stringList(loadPaths)) {
    const dir = resolveUserPath(raw, home);
    const p = withSkills(dir) ?? withSkills(path.dirname(dir));
    notes.push({
      file: p?.manifestPath ?? dir,
      code: 'plugin-skills-not-counted',
      message: `OpenClaw ${version} also loads the plugin at ${raw} (plugins.load.paths)${p ? `, whose manifest declares skills (${p.skills.join(', ')})` : ''}; this emulation counts only the installation's bundled plugins.`,
    });
  }
  return notes;
}

/** Which plugin skill folders a run counts, and (2026.9.6) the links they are shown under. */
export function resolvePluginSkills(params: {
  version: OpenClawVersion;
  ctx: RuntimeContext;
  env: Env;
  config: OpenClawConfig;
  home: string;
  stateDir: string;
  workspaceDir: string;
}): PluginSkillPlan {
  const { version, env, config, home, stateDir, workspaceDir } = params;
  const install = installationOf(params.ctx);
  const pluginSkillsDir = path.join(stateDir, 'plugin-skills');
  const plan: PluginSkillPlan = {
    install,
    bundledDir: null,
    disabledByEnv: bundledPluginsDisabled(env),
    plugins: [],
    active: [],
    roots: [],
    pluginSkillsDir,
    links: [],
    notes: [],
  };
  if (!install) return plan;
  try {
    plan.notes.push(...outsidePluginNotes(version, config, stateDir, workspaceDir, home));
    // From 2026.9.5 nothing is read when plugins are off (before, every plugin is off then).
    if (has(version, 'plugins-off-early') && config?.plugins?.enabled === false) return plan;
    const bundled = resolveBundledPluginsDir(version, install, env, home);
    plan.notes.push(...bundled.notes);
    plan.bundledDir = bundled.dir;
    if (!bundled.dir) return plan;
    plan.plugins = discoverBundledPlugins(bundled.dir, plan.notes);
    const normalized = normalizePluginsConfig(config?.plugins, version, plan.plugins);
    const acpEnabled = config?.acp?.enabled !== false;
    const seen = new Set<string>();
    for (const p of plan.plugins) {
      if (p.skills.length === 0) continue;
      if (!pluginActivated(p, normalized, config, version)) continue;
      const acpBackend = has(version, 'plugins-acpx-backend');
      if (p.id === 'acpx' && (acpBackend || !acpEnabled)) {
        // From 2026.4.25 acpx's skills count only when an ACP runtime backend is registered (`isAcpRuntimeSpawnAvailable`).
        if (acpBackend && acpEnabled)
          plan.notes.push({
            file: p.manifestPath,
            code: 'plugin-skills-not-counted',
            message: `OpenClaw ${version} counts the skills of acpx only while an ACP runtime backend is available, which this emulation cannot tell; they are not counted here.`,
          });
        continue;
      }
      if (!memorySlotAllows(p, normalized.memorySlot)) continue;
      const roots: string[] = [];
      for (const raw of p.skills) {
        const candidate = path.resolve(p.rootDir, raw);
        if (!exists(candidate)) continue;
        // The path must stay inside the plugin folder, as written and by real path.
        const realRoot = tryRealpath(p.rootDir);
        const realCandidate = tryRealpath(candidate);
        if (!inside(p.rootDir, candidate) || !realRoot || !realCandidate || !inside(realRoot, realCandidate)) {
          plan.notes.push({
            file: p.manifestPath,
            code: 'plugin-skill-path-escapes',
            message: `OpenClaw skips the skills path ${JSON.stringify(raw)} of plugin ${p.id}: it leaves the plugin folder ("plugin skill path escapes plugin root").`,
          });
          continue;
        }
        if (seen.has(candidate)) continue;
        seen.add(candidate);
        roots.push(candidate);
      }
      if (roots.length) {
        plan.active.push({ id: p.id, roots });
        plan.roots.push(...roots);
      }
    }
    if (has(version, 'plugin-skills-links')) {
      const targets = new Map<string, string>();
      for (const root of plan.roots) collectLinkTargets(root, targets);
      for (const [name, target] of [...targets].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        const link = path.join(pluginSkillsDir, name);
        // An entry of that name that is not a link is left alone ("plugin skill entry is not a generated
        // symlink") and the loader reads only links: the skill is shown at its path in the plugin instead.
        const st = lstat(link);
        if (st && !st.isSymbolicLink()) {
          plan.notes.push({
            file: link,
            code: 'plugin-skill-link-blocked',
            message: `OpenClaw ${version} cannot link the plugin skill ${name} into ${pluginSkillsDir}: ${link} exists and is not a link, so the skill is listed at its path inside the plugin (${target}) and what ${link} holds is not loaded.`,
          });
          continue;
        }
        plan.links.push({ name, link, target });
      }
    }
  } catch {
    // A hostile installation never stops the run: whatever was resolved so far counts.
  }
  return plan;
}

/** The scans the plugin skills add to the extra tier, in load order: each skill folder as an `openclaw-extra`
 *  root, then (2026.9.6) the linked skills (`loadGeneratedPluginSkillRecords`: at most
 *  `maxCandidatesPerRoot` links looked at, `maxSkillsLoadedPerSource` loaded), shown at the link. A folder
 *  skill that its link shows again is left out of the folder's scan: the link replaces it. */
export function loadPluginSkillScans(
  plan: PluginSkillPlan,
  load: (dir: string, source: SkillSource) => RootScan,
  limits: { maxCandidatesPerRoot: number; maxSkillsLoadedPerSource: number },
): RootScan[] {
  const scans = plan.roots.map((dir) => load(dir, 'openclaw-extra'));
  if (plan.links.length === 0) return scans;
  const linked: LinkedSkill[] = [];
  const maxLoaded = Math.max(0, limits.maxSkillsLoadedPerSource);
  const links = maxLoaded === 0 ? [] : plan.links.slice(0, Math.max(0, limits.maxCandidatesPerRoot));
  for (const l of links) {
    const scan = load(l.target, 'openclaw-extra');
    const skill = scan.rootIsSkill ? scan.skills[0] : undefined;
    if (skill) {
      const filePath = path.join(l.link, path.relative(skill.baseDir, skill.filePath));
      linked.push({ ...skill, filePath, baseDir: l.link, readFrom: skill.baseDir });
    }
    if (linked.length >= maxLoaded) break;
  }
  const shown = new Set(linked.map((s) => tryRealpath(path.join(s.readFrom, 'SKILL.md'))).filter((p): p is string => p !== null));
  for (const scan of scans) scan.skills = scan.skills.filter((s) => !shown.has(tryRealpath(s.filePath) ?? ''));
  const dir = plan.pluginSkillsDir;
  scans.push({ source: 'openclaw-extra', dir, baseDir: dir, nestedRoot: false, rootIsSkill: false, skills: linked });
  return scans;
}

/** The notes of a run's plugin resolution as findings (information: what OpenClaw does that is not counted). */
export function pluginFindings(plan: PluginSkillPlan | undefined): OpenClawFinding[] {
  if (!plan) return [];
  const seen = new Set<string>();
  const out: OpenClawFinding[] = [];
  for (const n of plan.notes) {
    const key = `${n.file}\0${n.code}\0${n.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      runtime: 'openclaw',
      file: n.file,
      code: `openclaw-${n.code}`,
      severity: 'information',
      message: n.message,
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 1,
    });
  }
  return out;
}
