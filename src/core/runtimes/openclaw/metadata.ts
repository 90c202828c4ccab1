// `metadata.openclaw` as OpenClaw reads it (src/shared/frontmatter.ts, src/agents/skills/frontmatter.ts,
// src/infra/npm-registry-spec.ts, src/utils/boolean.ts at 8f8492d1; RULES.md §4-5).
//
// The frontmatter value `metadata` is a STRING at this point (YAML structures were turned into JSON text by the
// frontmatter parser, or the raw line text won). OpenClaw parses that string with JSON5 and keeps the object
// under the key `openclaw`. Anything else — `clawdbot`, `OpenClaw`, a top-level `requires:`, YAML that is not
// JSON5 — is ignored without a word, which is what the findings of this profile make visible.
//
// 2026.9.6 (src/shared/frontmatter.ts `resolveOpenClawManifestBlock`, chunk `frontmatter-BdjKgRi1.mjs`;
// src/skills/loading/frontmatter.ts `resolveSkillManifestMetadata`, chunk `frontmatter-2H_F0IFB.mjs`;
// src/skills/loading/skill-entry-metadata.ts, chunk `workspace-skill-loader-*.mjs`) differs in four places:
// the text is tried as strict JSON before JSON5; the legacy key `clawdbot` is read again when `openclaw` holds
// no object (`clawdis` is not); an empty `skillKey` is no key; a download installer with a `sha256` that is not
// 64 hex digits is dropped (a valid one is kept, lower-cased); and a skill without `skillKey` takes the `slug`
// of `<skill>/.openclaw/source-origin.json` (written by installs) as its key.

import * as fs from 'node:fs';
import * as path from 'node:path';
import JSON5 from 'json5';
import type { ParsedFrontmatter } from './frontmatter';
import type { FsView } from '../../machine/fsview';
import { has, OPENCLAW_BASELINE, type OpenClawVersion } from './versions';

export type InstallKind = 'brew' | 'node' | 'go' | 'uv' | 'download';
export const INSTALL_KINDS: readonly InstallKind[] = ['brew', 'node', 'go', 'uv', 'download'];

/** One install spec after OpenClaw's validation; key order is OpenClaw's (it shows in `skills info`). */
export interface InstallSpec {
  kind: InstallKind;
  id?: string;
  label?: string;
  bins?: string[];
  os?: string[];
  formula?: string;
  package?: string;
  module?: string;
  url?: string;
  /** 2026.9.6: a download's checksum (64 hex digits, lower-cased). */
  sha256?: string;
  archive?: string;
  extract?: boolean;
  stripComponents?: number;
  targetDir?: string;
}

export interface OpenClawRequires {
  bins: string[];
  anyBins: string[];
  env: string[];
  config: string[];
}

/** `resolveOpenClawMetadata` output; undefined fields are absent when serialised, in this key order. */
export interface OpenClawMetadata {
  always?: boolean;
  emoji?: string;
  homepage?: string;
  skillKey?: string;
  primaryEnv?: string;
  os?: string[];
  requires?: OpenClawRequires;
  install?: InstallSpec[];
}

export interface InvocationPolicy {
  userInvocable: boolean;
  disableModelInvocation: boolean;
}

/** 2026.4.12 has no legacy manifest keys (src/compat/legacy-names.ts): only `openclaw` is read. */
export const MANIFEST_KEY = 'openclaw';

/** The keys `resolveOpenClawManifestBlock` tries, in order: 2026.4.24 adds `LEGACY_MANIFEST_KEYS` (`clawdbot`,
 *  src/compat/legacy-names.ts, chunk `legacy-names-*.mjs`). */
export function manifestKeys(version: OpenClawVersion = OPENCLAW_BASELINE): readonly string[] {
  return has(version, 'legacy-clawdbot-metadata') ? [MANIFEST_KEY, 'clawdbot'] : [MANIFEST_KEY];
}

/** A list, or one comma-separated string; entries `String()`-ed and trimmed, empties dropped; anything else
 *  (a number, an object, `true`) is an empty list. An object inside a list becomes "[object Object]". */
export function normalizeStringList(input: unknown): string[] {
  if (!input) return [];
  if (Array.isArray(input)) return input.map((value) => String(value).trim()).filter(Boolean);
  if (typeof input === 'string') {
    return input
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean);
  }
  return [];
}

const DEFAULT_TRUTHY = new Set(['true', '1', 'yes', 'on']);
const DEFAULT_FALSY = new Set(['false', '0', 'no', 'off']);

/** `parseBooleanValue`: booleans as they are; strings trimmed and lower-cased against true/1/yes/on and
 *  false/0/no/off; anything else is undefined (so the caller's default applies). */
export function parseBooleanValue(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  const normalized = value.trim().toLowerCase();
  if (!normalized) return undefined;
  if (DEFAULT_TRUTHY.has(normalized)) return true;
  if (DEFAULT_FALSY.has(normalized)) return false;
  return undefined;
}

function frontmatterString(frontmatter: Record<string, unknown>, key: string): string | undefined {
  const raw = frontmatter[key];
  return typeof raw === 'string' ? raw : undefined;
}

/** `disable-model-invocation` / `user-invocable`; keys are case-sensitive. */
export function resolveInvocationPolicy(frontmatter: ParsedFrontmatter): InvocationPolicy {
  const userInvocable = parseBooleanValue(frontmatterString(frontmatter, 'user-invocable'));
  const disable = parseBooleanValue(frontmatterString(frontmatter, 'disable-model-invocation'));
  return { userInvocable: userInvocable ?? true, disableModelInvocation: disable ?? false };
}

export type MetadataParse =
  | { status: 'absent' }
  | { status: 'not-json5'; text: string; error: string }
  | { status: 'no-openclaw-key'; text: string; parsed: unknown }
  | { status: 'ok'; text: string; parsed: unknown; block: Record<string, unknown>; key: string };

/** `resolveOpenClawManifestBlock`, keeping why it failed (for findings). */
export function parseManifestBlock(frontmatter: ParsedFrontmatter, version: OpenClawVersion = OPENCLAW_BASELINE): MetadataParse {
  const raw = frontmatterString(frontmatter, 'metadata');
  if (!raw) return { status: 'absent' };
  let parsed: unknown;
  try {
    if (has(version, 'metadata-json-first')) {
      // 2026.9.6's `parseJsonWithJson5Fallback` (src/utils/parse-json-compat.ts): strict JSON first.
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = JSON5.parse(raw);
      }
    } else parsed = JSON5.parse(raw);
  } catch (err) {
    return { status: 'not-json5', text: raw, error: err instanceof Error ? err.message : String(err) };
  }
  if (!parsed || typeof parsed !== 'object') return { status: 'no-openclaw-key', text: raw, parsed };
  for (const key of manifestKeys(version)) {
    const candidate = (parsed as Record<string, unknown>)[key];
    // `typeof [] === "object"`: a list under `openclaw` is accepted as the block (and then yields nothing).
    if (candidate && typeof candidate === 'object') {
      return { status: 'ok', text: raw, parsed, block: candidate as Record<string, unknown>, key };
    }
  }
  return { status: 'no-openclaw-key', text: raw, parsed };
}

// --- install specs (src/agents/skills/frontmatter.ts) ---

const BREW_FORMULA_PATTERN = /^[A-Za-z0-9][A-Za-z0-9@+._/-]*$/;
const GO_MODULE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._~+\-/]*(?:@[A-Za-z0-9][A-Za-z0-9._~+\-/]*)?$/;
const UV_PACKAGE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._\-[\]=<>!~+,]*$/;
const EXACT_SEMVER_VERSION_RE = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+([0-9A-Za-z.-]+))?$/;
const DIST_TAG_RE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** `validateRegistryNpmSpec`: null when the spec is a registry name with an optional exact version or tag. */
export function validateRegistryNpmSpec(rawSpec: string): string | null {
  const spec = rawSpec.trim();
  if (!spec) return 'missing npm spec';
  if (/\s/.test(spec)) return 'unsupported npm spec: whitespace is not allowed';
  if (spec.includes('://')) return 'unsupported npm spec: URLs are not allowed';
  if (spec.includes('#')) return 'unsupported npm spec: git refs are not allowed';
  if (spec.includes(':')) return 'unsupported npm spec: protocol specs are not allowed';
  const at = spec.lastIndexOf('@');
  const hasSelector = at > 0;
  const name = hasSelector ? spec.slice(0, at) : spec;
  const selector = hasSelector ? spec.slice(at + 1) : '';
  const nameOk = name.startsWith('@') ? /^@[a-z0-9][a-z0-9-._~]*\/[a-z0-9][a-z0-9-._~]*$/.test(name) : /^[a-z0-9][a-z0-9-._~]*$/.test(name);
  if (!nameOk) return 'unsupported npm spec: expected <name> or <name>@<version> from the npm registry';
  if (!hasSelector) return null;
  if (!selector) return 'unsupported npm spec: missing version/tag after @';
  if (/[\\/]/.test(selector)) return 'unsupported npm spec: invalid version/tag';
  if (EXACT_SEMVER_VERSION_RE.test(selector)) return null;
  if (!DIST_TAG_RE.test(selector)) return 'unsupported npm spec: use an exact version or dist-tag (ranges are not allowed)';
  return null;
}

function safeBrewFormula(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const formula = raw.trim();
  if (!formula || formula.startsWith('-') || formula.includes('\\') || formula.includes('..')) return undefined;
  return BREW_FORMULA_PATTERN.test(formula) ? formula : undefined;
}

function safeNpmSpec(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const spec = raw.trim();
  if (!spec || spec.startsWith('-')) return undefined;
  return validateRegistryNpmSpec(spec) === null ? spec : undefined;
}

function safeGoModule(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const moduleSpec = raw.trim();
  if (!moduleSpec || moduleSpec.startsWith('-') || moduleSpec.includes('\\') || moduleSpec.includes('://')) return undefined;
  return GO_MODULE_PATTERN.test(moduleSpec) ? moduleSpec : undefined;
}

function safeUvPackage(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const pkg = raw.trim();
  if (!pkg || pkg.startsWith('-') || pkg.includes('\\') || pkg.includes('://')) return undefined;
  return UV_PACKAGE_PATTERN.test(pkg) ? pkg : undefined;
}

function safeDownloadUrl(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const value = raw.trim();
  if (!value || /\s/.test(value)) return undefined;
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    return parsed.toString();
  } catch {
    return undefined;
  }
}

/** Why a spec was dropped, in OpenClaw's terms; null when it is kept. */
export type InstallSpecProblem =
  | { problem: 'not-an-object' }
  | { problem: 'unknown-kind'; kind: string }
  | { problem: 'missing-field'; kind: InstallKind; field: 'formula' | 'package' | 'module' | 'url' }
  | { problem: 'bad-sha256' };

export function parseInstallSpecDetailed(input: unknown, version: OpenClawVersion = OPENCLAW_BASELINE): { spec: InstallSpec } | InstallSpecProblem {
  if (!input || typeof input !== 'object') return { problem: 'not-an-object' };
  const raw = input as Record<string, unknown>;
  const kindRaw = typeof raw.kind === 'string' ? raw.kind : typeof raw.type === 'string' ? raw.type : '';
  const kind = kindRaw.trim().toLowerCase();
  if (!(INSTALL_KINDS as readonly string[]).includes(kind)) return { problem: 'unknown-kind', kind: kindRaw };
  const spec: InstallSpec = { kind: kind as InstallKind };
  // Common fields first (parseOpenClawManifestInstallBase + applyOpenClawManifestInstallCommonFields).
  const id = typeof raw.id === 'string' ? raw.id : undefined;
  const label = typeof raw.label === 'string' ? raw.label : undefined;
  const bins = normalizeStringList(raw.bins);
  if (id) spec.id = id;
  if (label) spec.label = label;
  if (bins.length > 0) spec.bins = bins;
  const osList = normalizeStringList(raw.os);
  if (osList.length > 0) spec.os = osList;
  const formula = safeBrewFormula(raw.formula);
  if (formula) spec.formula = formula;
  const cask = safeBrewFormula(raw.cask);
  if (!spec.formula && cask) spec.formula = cask;
  if (spec.kind === 'node') {
    const pkg = safeNpmSpec(raw.package);
    if (pkg) spec.package = pkg;
  } else if (spec.kind === 'uv') {
    const pkg = safeUvPackage(raw.package);
    if (pkg) spec.package = pkg;
  }
  const moduleSpec = safeGoModule(raw.module);
  if (moduleSpec) spec.module = moduleSpec;
  const url = safeDownloadUrl(raw.url);
  if (url) spec.url = url;
  // 2026.9.6 `parseInstallSpec` (chunk `frontmatter-2H_F0IFB.mjs`): a download's sha256 must be 64 hex digits.
  if (has(version, 'install-sha256-checked') && spec.kind === 'download' && raw.sha256 !== undefined) {
    if (typeof raw.sha256 !== 'string') return { problem: 'bad-sha256' };
    const sha256 = raw.sha256.trim().toLowerCase();
    if (!/^[a-f0-9]{64}$/u.test(sha256)) return { problem: 'bad-sha256' };
    spec.sha256 = sha256;
  }
  if (typeof raw.archive === 'string') spec.archive = raw.archive;
  if (typeof raw.extract === 'boolean') spec.extract = raw.extract;
  if (typeof raw.stripComponents === 'number') spec.stripComponents = raw.stripComponents;
  if (typeof raw.targetDir === 'string') spec.targetDir = raw.targetDir;
  if (spec.kind === 'brew' && !spec.formula) return { problem: 'missing-field', kind: 'brew', field: 'formula' };
  if (spec.kind === 'node' && !spec.package) return { problem: 'missing-field', kind: 'node', field: 'package' };
  if (spec.kind === 'go' && !spec.module) return { problem: 'missing-field', kind: 'go', field: 'module' };
  if (spec.kind === 'uv' && !spec.package) return { problem: 'missing-field', kind: 'uv', field: 'package' };
  if (spec.kind === 'download' && !spec.url) return { problem: 'missing-field', kind: 'download', field: 'url' };
  return { spec };
}

function resolveRequires(block: Record<string, unknown>): OpenClawRequires | undefined {
  const requiresRaw = typeof block.requires === 'object' && block.requires !== null ? (block.requires as Record<string, unknown>) : undefined;
  if (!requiresRaw) return undefined;
  return {
    bins: normalizeStringList(requiresRaw.bins),
    anyBins: normalizeStringList(requiresRaw.anyBins),
    env: normalizeStringList(requiresRaw.env),
    // This snapshot runs config entries through the same list normaliser: an object entry becomes the
    // path "[object Object]", which is then missing (newer OpenClaw skips it with a warning).
    config: normalizeStringList(requiresRaw.config),
  };
}

/** `resolveOpenClawMetadata`: undefined when there is no usable `metadata.openclaw` object. */
export function metadataFromBlock(block: Record<string, unknown>, version: OpenClawVersion = OPENCLAW_BASELINE): OpenClawMetadata {
  const requires = resolveRequires(block);
  const installRaw = Array.isArray(block.install) ? (block.install as unknown[]) : [];
  const install: InstallSpec[] = [];
  for (const entry of installRaw) {
    const parsed = parseInstallSpecDetailed(entry, version);
    if ('spec' in parsed) install.push(parsed.spec);
  }
  const os = normalizeStringList(block.os);
  const out: OpenClawMetadata = {};
  if (typeof block.always === 'boolean') out.always = block.always;
  if (typeof block.emoji === 'string') out.emoji = block.emoji;
  if (typeof block.homepage === 'string') out.homepage = block.homepage;
  // 2026.9.6 `readNonEmptyStringPreservingWhitespace`: an empty skillKey is none.
  if (typeof block.skillKey === 'string' && (block.skillKey !== '' || !has(version, 'empty-skill-key-none'))) out.skillKey = block.skillKey;
  if (typeof block.primaryEnv === 'string') out.primaryEnv = block.primaryEnv;
  if (os.length > 0) out.os = os;
  if (requires) out.requires = requires;
  if (install.length > 0) out.install = install;
  return out;
}

export function resolveOpenClawMetadata(frontmatter: ParsedFrontmatter, version: OpenClawVersion = OPENCLAW_BASELINE): OpenClawMetadata | undefined {
  const parsed = parseManifestBlock(frontmatter, version);
  return parsed.status === 'ok' ? metadataFromBlock(parsed.block, version) : undefined;
}

/** The most `readRootJsonObjectSync` reads of a source-origin file (MAX_SKILL_SOURCE_ORIGIN_BYTES). */
const MAX_SKILL_SOURCE_ORIGIN_BYTES = 16384;

/** `readSourceInstallSkillKey` (2026.9.6): the trimmed non-empty `slug` of `<skillDir>/.openclaw/
 *  source-origin.json` when that file is a JSON object of at most 16 KiB inside the skill folder. */
export function readSourceOriginSlug(skillDir: string, view?: Pick<FsView, 'realpath'>): string | undefined {
  try {
    const file = path.join(skillDir, '.openclaw', 'source-origin.json');
    // Through the run's view (fsview.ts) when there is one: a path that does not resolve is null there.
    const dirReal = view ? view.realpath(skillDir) : fs.realpathSync.native(skillDir);
    const real = view ? view.realpath(file) : fs.realpathSync.native(file);
    if (dirReal === null || real === null) return undefined;
    const rel = path.relative(dirReal, real);
    if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
    const st = fs.statSync(real);
    if (!st.isFile() || st.size > MAX_SKILL_SOURCE_ORIGIN_BYTES) return undefined;
    const value: unknown = JSON.parse(fs.readFileSync(real, 'utf8'));
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const slug = (value as Record<string, unknown>).slug;
    return typeof slug === 'string' && slug.trim() ? slug.trim() : undefined;
  } catch {
    return undefined;
  }
}

/** The metadata an entry carries: `resolveOpenClawMetadata`, and for 2026.9.6 `resolveSkillEntryMetadata`,
 *  which takes the source-origin slug as the skillKey when the metadata has none. */
export function resolveEntryMetadata(
  frontmatter: ParsedFrontmatter,
  skillDir: string,
  version: OpenClawVersion = OPENCLAW_BASELINE,
  view?: Pick<FsView, 'realpath'>,
): OpenClawMetadata | undefined {
  const metadata = resolveOpenClawMetadata(frontmatter, version);
  if (!has(version, 'source-origin-slug') || metadata?.skillKey) return metadata;
  const slug = readSourceOriginSlug(skillDir, view);
  return slug ? { ...metadata, skillKey: slug } : metadata;
}
