// `ExtensionManifest::from_str` (crates/extensions/src/manifest.rs:390-403 at eec3f33; RULES.md §1): the
// structural parse (`toml::from_str`, i.e. serde over the TOML tree, walking ./fields.ts's shapes) and then
// `validate()`, which returns only the FIRST error, in its order: id, version, min_agent_version,
// description, capabilities, transport, mcp_servers. A pure function of the text: what it yields (the
// manifest with its defaults, the error in the runtime's words, where every value is written) is all an
// editor needs too.

import { compareVersions, versionParseError } from '../../../rust/semver';
import { isRustBlank } from '../../../machine/env';
import { CAPABILITY_LISTS, type Field, MANIFEST, type Shape } from './fields';
import { parseToml, type Span, type TomlEntry, type TomlNode, type TomlTable } from './toml';

/** `agent_version()` as the `agent` binary sets it (src/main.rs:956: its own CARGO_PKG_VERSION). */
export const AGENT_VERSION = '0.1.5';
export const MAX_ID_LEN = 64;
export const MAX_DESC_LEN = 512;
export const MAX_CAPABILITY_NAME_LEN = 64;
export const MAX_MCP_SERVER_NAME_LEN = 32;
export const RESERVED_IDS = ['agent', 'browser', 'core', 'email', 'heartbeat', 'memory', 'telegram', 'whatsapp'] as const;

const ID_RE = /^[a-z][a-z0-9_-]*$/;
const CAPABILITY_NAME_RE = /^[a-z][a-z0-9_]*$/;
const MCP_NAME_RE = /^[a-z][a-z0-9_-]*$/;
/** `^https?://[^/\s:?#]+(?::\d+)?(?:/.*)?$` as Rust's `regex` reads it: `\s` is Unicode White_Space, `\d`
 *  any decimal digit, `.` anything but `\n`, `$` the end of the text only. */
const HTTP_URL_RE = /^https?:\/\/[^/\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000:?#]+(?::\p{Nd}+)?(?:\/[^\n]*)?$/u;

export type TransportKind = 'stdio' | 'nats' | 'http';

export interface ExtensionManifest {
  plugin: { id: string; version: string; name: string | null; description: string | null; min_agent_version: string | null; priority: number };
  capabilities: Record<(typeof CAPABILITY_LISTS)[number], string[]>;
  transport: { kind: 'stdio'; command: string; args: string[] } | { kind: 'nats'; subject_prefix: string } | { kind: 'http'; url: string };
  meta: { author: string | null; license: string | null };
  /** BTreeMap: names in byte order. */
  mcp_servers: Record<string, Record<string, unknown> & { transport: string }>;
  context: { passthrough: boolean };
  requires: { bins: string[]; env: string[] };
  outbound_bindings: Record<string, string[]>;
}

/** `ManifestError`'s variants (manifest.rs:316-383). */
export type ManifestErrorVariant =
  | 'Read'
  | 'Parse'
  | 'EmptyId'
  | 'InvalidId'
  | 'ReservedId'
  | 'InvalidVersion'
  | 'InvalidMinAgentVersion'
  | 'AgentTooOld'
  | 'NoCapabilities'
  | 'InvalidCapabilityName'
  | 'DuplicateCapabilityName'
  | 'EmptyStdioCommand'
  | 'EmptyNatsPrefix'
  | 'InvalidHttpUrl'
  | 'DescriptionTooLong'
  | 'InvalidMcpServerName'
  | 'McpEmptyStdioCommand'
  | 'McpInvalidHttpUrl';

export interface ManifestError {
  variant: ManifestErrorVariant;
  /** The last line of the runtime's message (for `Parse`, the toml error's last line; else the whole text). */
  message: string;
  /** Where it is written. */
  span: Span;
  /** `Parse` only: what kind of structural error (for the finding's code). */
  kind?: 'syntax' | 'unknown-field' | 'missing-field' | 'invalid-type' | 'unknown-variant';
  /** A `Parse` syntax error said in the TOML parser's words: nexo-rs's toml crate words it differently. */
  parserWords?: boolean;
  /** Facts for a fix: the unknown key, the misspelt tag … */
  data?: Record<string, unknown>;
}

/** Where a value is written: its key (absent for array items) and the value. Paths are dotted (`requires.env.1`). */
export interface Located {
  key?: Span;
  value: Span;
}

export type ManifestRead = { ok: true; manifest: ExtensionManifest; at: Map<string, Located> } | { ok: false; error: ManifestError; at: Map<string, Located> };

// ---------------------------------------------------------------------------------------------------------------
// serde's words.

/** `str`'s Debug, as serde's `Unexpected::Str` prints it. */
export function rustDebugStr(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0) as number;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c === 0) out += '\\0';
    else if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cn}\p{Cs}]/u.test(ch)) out += `\\u{${c.toString(16)}}`;
    else out += ch;
  }
  return `${out}"`;
}

function rustFloat(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n < 0 ? '-inf' : 'inf';
  let s = String(n);
  if (/e/i.test(s)) s = Math.abs(n) >= 1 ? BigInt(Math.trunc(n)).toString() : n.toFixed(20).replace(/0+$/, '');
  return s.includes('.') ? s : `${s}.0`;
}

function unexpected(node: TomlNode): string {
  switch (node.kind) {
    case 'string':
      return `string ${rustDebugStr(node.value)}`;
    case 'integer':
      return `integer \`${node.value}\``;
    case 'float':
      return `floating point \`${rustFloat(node.value)}\``;
    case 'boolean':
      return `boolean \`${node.value}\``;
    case 'array':
      return 'sequence';
    default:
      // a table, and a datetime (toml hands serde a datetime as a map)
      return 'map';
  }
}

function expecting(shape: Shape): string {
  switch (shape.t) {
    case 'string':
      return 'a string';
    case 'bool':
      return 'a boolean';
    case 'i32':
      return 'i32';
    case 'strings':
      return 'a sequence';
    case 'struct':
      return `struct ${shape.name}`;
    case 'tagged':
      return `internally tagged enum ${shape.name}`;
    default:
      return 'a map';
  }
}

/** serde's `OneOf`. */
function oneOf(names: readonly string[], what: 'fields' | 'variants'): string {
  const q = names.map((n) => `\`${n}\``);
  if (q.length === 0) return `there are no ${what}`;
  if (q.length === 1) return `expected ${q[0]}`;
  if (q.length === 2) return `expected ${q[0]} or ${q[1]}`;
  return `expected one of ${q.join(', ')}`;
}

class DeError extends Error {
  constructor(
    message: string,
    readonly span: Span,
    readonly kind: NonNullable<ManifestError['kind']>,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

const I32_MIN = -(2n ** 31n);
const I32_MAX = 2n ** 31n - 1n;

class Deserializer {
  readonly at = new Map<string, Located>();

  value(shape: Shape, node: TomlNode, path: string): unknown {
    const bad = (): never => {
      throw new DeError(`invalid type: ${unexpected(node)}, expected ${expecting(shape)}`, node.span, 'invalid-type');
    };
    switch (shape.t) {
      case 'string':
        return node.kind === 'string' ? node.value : bad();
      case 'bool':
        return node.kind === 'boolean' ? node.value : bad();
      case 'i32':
        if (node.kind !== 'integer') return bad();
        if (node.value < I32_MIN || node.value > I32_MAX)
          throw new DeError(`invalid value: integer \`${node.value}\`, expected i32`, node.span, 'invalid-type');
        return Number(node.value);
      case 'strings':
        if (node.kind !== 'array') return bad();
        return node.items.map((item, i) => {
          this.at.set(`${path}.${i}`, { value: item.span });
          return this.value({ t: 'string' }, item, `${path}.${i}`);
        });
      case 'stringMap':
      case 'stringsMap':
      case 'map': {
        if (node.kind !== 'table') return bad();
        const inner: Shape = shape.t === 'map' ? shape.value : shape.t === 'stringMap' ? { t: 'string' } : { t: 'strings' };
        const out: Record<string, unknown> = {};
        for (const [k, e] of node.entries) {
          this.at.set(`${path}.${k}`, { key: e.key, value: e.value.span });
          out[k] = this.value(inner, e.value, `${path}.${k}`);
        }
        // A BTreeMap: keys in byte order (UTF-8 order equals code point order).
        return Object.fromEntries(Object.entries(out).sort(([a], [b]) => cmpCodePoints(a, b)));
      }
      case 'struct':
        if (node.kind === 'array') return this.structFromSeq(shape.name, shape.fields, node.items, path);
        if (node.kind !== 'table') return bad();
        return this.struct(shape.fields, node.entries, node.span, path);
      case 'tagged':
        return node.kind === 'table' ? this.tagged(shape, node, path) : bad();
    }
  }

  private struct(fields: readonly Field[], entries: ReadonlyMap<string, TomlEntry>, span: Span, path: string): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const keys = fields.map((f) => f.key);
    for (const [k, e] of entries) {
      const field = fields.find((f) => f.key === k);
      const here = path ? `${path}.${k}` : k;
      if (!field) throw new DeError(`unknown field \`${k}\`, ${oneOf(keys, 'fields')}`, e.key, 'unknown-field', { key: k, table: path, expected: keys });
      this.at.set(here, { key: e.key, value: e.value.span });
      out[k] = this.value(field.shape, e.value, here);
    }
    for (const f of fields) {
      if (f.key in out) continue;
      if (f.required) throw new DeError(`missing field \`${f.key}\``, span, 'missing-field', { key: f.key, table: path });
      out[f.key] = defaultOf(f);
    }
    return out;
  }

  /** serde's derived `visit_seq`: a struct written as an array, its fields in declaration order. */
  private structFromSeq(name: string, fields: readonly Field[], items: readonly TomlNode[], path: string): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    fields.forEach((f, i) => {
      const item = items[i];
      if (item === undefined) {
        if (f.required) throw new DeError(`invalid length ${i}, expected struct ${name} with ${fields.length} elements`, { start: 0, end: 0 }, 'invalid-type');
        out[f.key] = defaultOf(f);
        return;
      }
      out[f.key] = this.value(f.shape, item, `${path}.${f.key}`);
    });
    return out;
  }

  private tagged(shape: Extract<Shape, { t: 'tagged' }>, node: TomlTable, path: string): Record<string, unknown> {
    const tag = node.entries.get(shape.tag);
    const names = shape.variants.map((v) => v.name);
    if (!tag) {
      const data: Record<string, unknown> = { key: shape.tag, table: path };
      // The docs' `type = "stdio"`: the key nexo-rs reads is the tag.
      const typeKey = node.entries.get('type');
      if (typeKey) data['typeKey'] = { key: typeKey.key, value: typeKey.value.span };
      throw new DeError(`missing field \`${shape.tag}\``, node.span, 'missing-field', data);
    }
    this.at.set(`${path}.${shape.tag}`, { key: tag.key, value: tag.value.span });
    if (tag.value.kind !== 'string') throw new DeError(`invalid type: ${unexpected(tag.value)}, expected variant identifier`, tag.value.span, 'invalid-type');
    const variant = shape.variants.find((v) => v.name === (tag.value as { value: string }).value);
    if (!variant)
      throw new DeError(`unknown variant \`${tag.value.value}\`, ${oneOf(names, 'variants')}`, tag.value.span, 'unknown-variant', {
        value: tag.value.value,
        expected: names,
      });
    const rest = new Map([...node.entries].filter(([k]) => k !== shape.tag));
    return { [shape.tag]: variant.name, ...this.struct(variant.fields, rest, node.span, path) };
  }
}

function defaultOf(f: Field): unknown {
  if (f.default !== undefined) return structuredClone(f.default);
  if (f.shape.t === 'struct') {
    const out: Record<string, unknown> = {};
    for (const g of f.shape.fields) out[g.key] = defaultOf(g);
    return out;
  }
  return {};
}

function cmpCodePoints(a: string, b: string): number {
  const x = [...a].map((c) => c.codePointAt(0) as number);
  const y = [...b].map((c) => c.codePointAt(0) as number);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  return x.length - y.length;
}

// ---------------------------------------------------------------------------------------------------------------
// `validate()` (manifest.rs:415-588).

type Fail = { variant: ManifestErrorVariant; message: string; path: string; data?: Record<string, unknown> };

/** UTF-8 length, as Rust's `str::len`. */
function byteLength(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

function validate(m: ExtensionManifest): Fail | null {
  const id = m.plugin.id;
  if (id === '') return { variant: 'EmptyId', message: 'plugin.id is empty', path: 'plugin.id' };
  if (byteLength(id) > MAX_ID_LEN || !ID_RE.test(id))
    return { variant: 'InvalidId', message: `plugin.id \`${id}\` must match \`^[a-z][a-z0-9_-]*$\` (max 64 chars)`, path: 'plugin.id' };
  if ((RESERVED_IDS as readonly string[]).includes(id))
    return { variant: 'ReservedId', message: `plugin.id \`${id}\` is reserved for native plugins`, path: 'plugin.id' };

  const vErr = versionParseError(m.plugin.version);
  if (vErr !== null) {
    const data =
      /^[vV]/.test(m.plugin.version) && versionParseError(m.plugin.version.slice(1)) === null ? { replacement: m.plugin.version.slice(1) } : undefined;
    return {
      variant: 'InvalidVersion',
      message: `plugin.version \`${m.plugin.version}\` is not valid semver: ${vErr}`,
      path: 'plugin.version',
      ...(data ? { data } : {}),
    };
  }

  const required = m.plugin.min_agent_version;
  if (required !== null) {
    const e = versionParseError(required);
    if (e !== null)
      return {
        variant: 'InvalidMinAgentVersion',
        message: `plugin.min_agent_version \`${required}\` is not valid semver: ${e}`,
        path: 'plugin.min_agent_version',
      };
    if ((compareVersions(AGENT_VERSION, required) ?? 0) < 0)
      return { variant: 'AgentTooOld', message: `plugin requires agent >= ${required}, current is ${AGENT_VERSION}`, path: 'plugin.min_agent_version' };
  }

  if (m.plugin.description !== null && [...m.plugin.description].length > MAX_DESC_LEN)
    return { variant: 'DescriptionTooLong', message: 'description exceeds 512 characters', path: 'plugin.description' };

  const caps = m.capabilities;
  if (CAPABILITY_LISTS.every((l) => caps[l].length === 0))
    return { variant: 'NoCapabilities', message: 'plugin must declare at least one tool, hook, channel, or provider', path: 'capabilities' };
  for (const field of CAPABILITY_LISTS) {
    const seen = new Set<string>();
    const list = caps[field];
    for (let i = 0; i < list.length; i++) {
      const name = list[i] as string;
      if (name === '' || byteLength(name) > MAX_CAPABILITY_NAME_LEN || !CAPABILITY_NAME_RE.test(name)) {
        const fixed = name.replace(/-/g, '_');
        const data = fixed !== name && CAPABILITY_NAME_RE.test(fixed) && byteLength(fixed) <= MAX_CAPABILITY_NAME_LEN ? { replacement: fixed } : undefined;
        return {
          variant: 'InvalidCapabilityName',
          message: `${field} name \`${name}\` is invalid (expected \`^[a-z][a-z0-9_]*$\`, max 64 chars)`,
          path: `capabilities.${field}.${i}`,
          ...(data ? { data } : {}),
        };
      }
      if (seen.has(name)) return { variant: 'DuplicateCapabilityName', message: `duplicate ${field} name \`${name}\``, path: `capabilities.${field}.${i}` };
      seen.add(name);
    }
  }

  const t = m.transport;
  if (t.kind === 'stdio' && isRustBlank(t.command))
    return { variant: 'EmptyStdioCommand', message: 'transport.stdio requires non-empty `command`', path: 'transport.command' };
  if (t.kind === 'nats' && isRustBlank(t.subject_prefix))
    return { variant: 'EmptyNatsPrefix', message: 'transport.nats requires non-empty `subject_prefix`', path: 'transport.subject_prefix' };
  if (t.kind === 'http') {
    if (isRustBlank(t.url)) return { variant: 'InvalidHttpUrl', message: `transport.http url \`${t.url}\` is invalid: empty url`, path: 'transport.url' };
    if (!HTTP_URL_RE.test(t.url))
      return { variant: 'InvalidHttpUrl', message: `transport.http url \`${t.url}\` is invalid: expected http(s)://host[:port][/path]`, path: 'transport.url' };
  }

  for (const [name, server] of Object.entries(m.mcp_servers)) {
    if (name === '' || byteLength(name) > MAX_MCP_SERVER_NAME_LEN || !MCP_NAME_RE.test(name))
      return {
        variant: 'InvalidMcpServerName',
        message: `mcp server name \`${name}\` is invalid (expected \`^[a-z][a-z0-9_-]*$\`, max 32 chars)`,
        path: `mcp_servers.${name}`,
      };
    if (server.transport === 'stdio') {
      if (isRustBlank(String(server['command'])))
        return { variant: 'McpEmptyStdioCommand', message: `mcp server \`${name}\`: stdio requires non-empty command`, path: `mcp_servers.${name}.command` };
    } else {
      const url = String(server['url']);
      if (!isHttpUrl(url))
        return { variant: 'McpInvalidHttpUrl', message: `mcp server \`${name}\`: url \`${url}\` is not valid http(s)`, path: `mcp_servers.${name}.url` };
    }
  }
  return null;
}

/** `url::Url::parse(url)` succeeds with scheme http or https (WHATWG parsing, as the url crate does). */
function isHttpUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** `OutboundBindings::validate()` (manifest.rs:174-190): exists, but manifest validation never calls it. */
export function outboundBindingsProblem(m: ExtensionManifest): string | null {
  for (const [channel, accounts] of Object.entries(m.outbound_bindings)) {
    if (isRustBlank(channel)) return 'outbound_bindings has empty channel name';
    if (accounts.some((a) => isRustBlank(a))) return `outbound_bindings.${channel} contains empty account_id`;
  }
  return null;
}

/** The `plugin.toml` text as nexo-rs reads it: parsed, deserialized, validated; the first error only. */
export function readManifest(text: string): ManifestRead {
  const parsed = parseToml(text);
  if (!parsed.ok) {
    const e = parsed.error;
    return {
      ok: false,
      error: { variant: 'Parse', message: e.message, span: e.span, kind: 'syntax', ...(e.ownWords ? {} : { parserWords: true }) },
      at: new Map(),
    };
  }
  const de = new Deserializer();
  let manifest: ExtensionManifest;
  try {
    manifest = de.value(MANIFEST, parsed.root, '') as ExtensionManifest;
  } catch (e) {
    if (!(e instanceof DeError)) throw e;
    return { ok: false, error: { variant: 'Parse', message: e.message, span: e.span, kind: e.kind, ...(e.data ? { data: e.data } : {}) }, at: de.at };
  }
  const fail = validate(manifest);
  if (fail) {
    const where = de.at.get(fail.path) ?? de.at.get(fail.path.split('.').slice(0, -1).join('.'));
    const span = where?.value ?? where?.key ?? { start: 0, end: 0 };
    return { ok: false, error: { variant: fail.variant, message: fail.message, span, ...(fail.data ? { data: fail.data } : {}) }, at: de.at };
  }
  return { ok: true, manifest, at: de.at };
}
