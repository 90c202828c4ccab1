// The agent's extensions configuration, `<config>/extensions.yaml` (crates/config/src/types/extensions.rs and
// `AppConfig::load`/`load_optional` in crates/config/src/lib.rs at eec3f33): where discovery looks and which
// extensions it keeps. Optional: an absent file (`Path::exists`, links followed) means every default. When the
// file is there, it is read as every optional config file is — `${VAR}` placeholders substituted in the raw
// text, parsed to a YAML value, the top-level `schema_version` removed, then converted with
// `deny_unknown_fields` on the `extensions:` wrapper and on every table inside it. Any error refuses the whole
// configuration: the agent does not start, so no extension (and no skill) is loaded.
//
// What the agent does with it at start (`run_extension_discovery`, src/main.rs:6519-6560; discovery.rs:133-360):
// - `enabled: false` → "extension system disabled via config": nothing is discovered or started;
// - `search_paths` (relative to the agent's working directory), `ignore_dirs`, `max_depth` (at least 1) → the walk;
// - after duplicates are dropped, `disabled` ids are removed, then, when `allowlist` is non-empty, only its ids
//   are kept; an allowlisted id that is not (or no longer) discovered gets a Warn;
// - `follow_links` is NOT passed to the boot discovery (it builds `ExtensionDiscovery::new` without
//   `with_follow_links`): only the `agent ext …` commands follow links. The boot walk never does.
// `transport_defaults`, `watch`, `doctor` and `entries` are type-checked (an error refuses the configuration)
// and change no boot verdict here.

import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { isAlias, isMap, isScalar, isSeq, LineCounter, type Node, parseDocument, type Scalar as YamlScalar } from 'yaml';
import type { Diagnostic } from '../../../types';
import { LineIndex, makeDiagnostic } from '../../../skill/text';
import { flowDepthExceeds, MAX_DEPTH } from '../../../skill/yaml';
import { type AgentsFileOptions, substitutePlaceholders, text as scalarText, valueKind as kindOf } from '../agents';
import { serdeScalarKind, serdeUnsignedInt } from '../metadata';
import { DEFAULT_IGNORE_DIRS, DEFAULT_MAX_DEPTH, DEFAULT_SEARCH_PATHS } from './discovery';
import { EXTENSIONS_CONFIG_FILENAME } from './locate';

/** Larger files are not read here (nexo-rs would read them; no configuration is that large). */
export const MAX_CONFIG_BYTES = 4 * 1024 * 1024;
/** Nodes checked at most (aliases of aliases would otherwise multiply them). */
const MAX_CHECKED_NODES = 100_000;

/** The settings that decide which extensions the agent discovers and keeps at start. */
export interface ExtensionsSettings {
  enabled: boolean;
  searchPaths: string[];
  disabled: string[];
  allowlist: string[];
  ignoreDirs: string[];
  maxDepth: number;
  followLinks: boolean;
}

export const DEFAULT_EXTENSIONS_SETTINGS: Readonly<ExtensionsSettings> = Object.freeze({
  enabled: true,
  searchPaths: [...DEFAULT_SEARCH_PATHS],
  disabled: [],
  allowlist: [],
  ignoreDirs: [...DEFAULT_IGNORE_DIRS],
  maxDepth: DEFAULT_MAX_DEPTH,
  followLinks: false,
});

type Span = { start: number; end: number };

export interface ExtensionsConfigFile {
  /** Absolute path of the file. */
  path: string;
  /** The text as read (findings' offsets are into it). */
  text: string;
  /** The settings the agent starts with: the defaults where the file says nothing. Meaningless when `error`. */
  settings: ExtensionsSettings;
  /** Where each list entry and flag is written, for findings that point at it (`allowlist.0`, `follow_links` …). */
  at: Map<string, Span>;
  /** Findings from the text alone (the refusal and its reason, in serde's words where it has them). */
  diagnostics: Diagnostic[];
  /** Why the agent refuses its configuration (it then starts nothing), or null. */
  error: string | null;
}

/** A field's type as serde converts it from a YAML value. */
type Spec = 'bool' | 'string' | 'strings' | 'usize' | 'u64' | 'u32' | 'duration' | { struct: string; fields: Record<string, Spec> } | { map: Spec };

const NATS_DEFAULTS: Spec = {
  struct: 'NatsTransportDefaults',
  fields: {
    subject_prefix: 'string',
    call_timeout: 'duration',
    handshake_timeout: 'duration',
    heartbeat_interval: 'duration',
    heartbeat_grace_factor: 'u32',
    shutdown_grace: 'duration',
  },
};

/** `ExtensionsConfig` (extensions.rs:15-50) and the tables inside it, every one `deny_unknown_fields`. */
const EXTENSIONS_CONFIG: Spec = {
  struct: 'ExtensionsConfig',
  fields: {
    enabled: 'bool',
    search_paths: 'strings',
    disabled: 'strings',
    allowlist: 'strings',
    ignore_dirs: 'strings',
    max_depth: 'usize',
    transport_defaults: { struct: 'TransportDefaults', fields: { nats: NATS_DEFAULTS } },
    watch: { struct: 'ExtensionsWatchConfig', fields: { enabled: 'bool', debounce_ms: 'u64' } },
    doctor: {
      struct: 'ExtensionsDoctorConfig',
      fields: { stdio_timeout_ms: 'u64', nats_timeout_ms: 'u64', http_timeout_ms: 'u64', concurrency: 'u32' },
    },
    follow_links: 'bool',
    entries: { map: { struct: 'ExtensionEntry', fields: { capabilities_grant: 'strings', allow_external_bind: 'bool' } } },
  },
};

const INT_MAX: Record<'usize' | 'u64' | 'u32', bigint> = { usize: (1n << 64n) - 1n, u64: (1n << 64n) - 1n, u32: (1n << 32n) - 1n };

/** humantime's units (`parse_duration`): a number then a unit, repeated, spaces between. */
const HUMANTIME =
  /^\s*(?:\d+\s*(?:nsec|ns|usec|us|msec|ms|seconds|second|secs|sec|s|minutes|minute|mins|min|m|hours|hour|hrs|hr|h|days|day|d|weeks|week|w|months|month|M|years|year|y)\s*)+$/;

/** What serde_yaml's `Value` is for a node, in its `invalid type` words. */
function unexpected(node: unknown): string {
  if (node == null) return 'unit value';
  if (isMap(node)) return 'map';
  if (isSeq(node)) return 'sequence';
  if (isScalar(node)) {
    const s = node as YamlScalar;
    const raw = scalarText(s);
    if (s.tag && s.tag !== 'tag:yaml.org,2002:str') return `tagged value ${s.tag}`;
    if (s.tag || s.type !== 'PLAIN') return `string ${JSON.stringify(raw)}`;
    const k = serdeScalarKind(raw);
    if (k === 'null') return 'unit value';
    if (k === 'bool') return `boolean \`${raw.toLowerCase()}\``;
    if (k === 'int') return `integer \`${raw}\``;
    if (k === 'float') return `floating point \`${raw}\``;
    return `string ${JSON.stringify(raw)}`;
  }
  return 'value';
}

function expected(spec: Spec): string {
  if (typeof spec !== 'string') return 'struct' in spec ? `struct ${spec.struct}` : 'a map';
  return { bool: 'a boolean', string: 'a string', strings: 'a sequence', usize: 'usize', u64: 'u64', u32: 'u32', duration: 'a string' }[spec];
}

/** Reads `extensions.yaml`'s text as `load_optional::<ExtensionsConfigFile>` does. */
export function parseExtensionsConfig(source: string, filePath: string, options: AgentsFileOptions = {}): ExtensionsConfigFile {
  const abs = path.resolve(filePath);
  const lines = new LineIndex(source);
  const out: ExtensionsConfigFile = { path: abs, text: source, settings: cloneDefaults(), at: new Map(), diagnostics: [], error: null };
  const name = path.basename(abs);
  const refuse = (code: string, words: string, span: Span): void => {
    const message = `nexo-rs refuses its configuration and does not start (invalid config in ${name}): ${words}`;
    out.diagnostics.push(makeDiagnostic(lines, { code, severity: 'error', message, ...lineSpan(lines, span) }));
    out.error ??= words;
  };
  if (source.length > MAX_CONFIG_BYTES) {
    const message = `larger than ${MAX_CONFIG_BYTES / 1024 / 1024} MiB: not read by skill-author`;
    out.diagnostics.push(makeDiagnostic(lines, { code: 'nexo-ext-config-read', severity: 'error', message, start: 0, end: 0 }));
    out.error = message;
    return out;
  }
  const substituted = substitutePlaceholders(source, options);
  if ('error' in substituted) {
    refuse('nexo-ext-config-placeholder', substituted.error, { start: substituted.offset, end: substituted.offset });
    return out;
  }
  const text = substituted.text;
  // Offsets in the substituted text, mapped back to the file's text by line and column.
  const subLines = text === source ? lines : new LineIndex(text);
  const back = (o: number): number => {
    if (text === source) return o;
    const at = subLines.position(o);
    return lines.offset(at.line, at.column);
  };
  const spanOf = (node: Node | null | undefined, fallback: Span = { start: 0, end: 0 }): Span =>
    node?.range ? { start: back(node.range[0]), end: back(node.range[1]) } : fallback;
  const tooDeep = flowDepthExceeds(text);
  if (tooDeep >= 0) {
    refuse('nexo-ext-config-yaml', `YAML nesting deeper than ${MAX_DEPTH} levels (not parsed here)`, { start: back(tooDeep), end: back(tooDeep) });
    return out;
  }
  const doc = parseDocument(text, { lineCounter: new LineCounter(), uniqueKeys: true, prettyErrors: false, merge: false });
  const first = doc.errors[0];
  if (first) {
    refuse('nexo-ext-config-yaml', first.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? 'YAML error', {
      start: back(first.pos[0]),
      end: back(first.pos[1]),
    });
    return out;
  }
  const root = doc.contents;
  // An empty file is a null: the wrapper's `extensions` is then missing.
  if (root != null && !isMap(root) && kindOf(root) !== 'null') {
    refuse('nexo-ext-config-type', `invalid type: ${unexpected(root)}, expected struct ExtensionsConfigFile`, spanOf(root));
    return out;
  }
  let inner: unknown;
  let found = false;
  for (const pair of isMap(root) ? root.items : []) {
    const key = isScalar(pair.key) ? scalarText(pair.key) : '';
    if (key === 'schema_version') continue;
    if (key === 'extensions') {
      found = true;
      inner = pair.value;
      continue;
    }
    refuse('nexo-ext-config-unknown-key', `unknown field \`${key}\`, expected \`extensions\``, spanOf(pair.key as Node));
  }
  if (out.error) return out;
  if (!found) {
    refuse('nexo-ext-config-missing-key', 'missing field `extensions`: the file wraps its settings in a top-level `extensions:`', spanOf(root as Node));
    return out;
  }
  // An alias stands for the node it names (serde_yaml expands it); a file of aliases of aliases is checked up to
  // a budget of nodes, not expanded without end.
  let budget = MAX_CHECKED_NODES;
  const deref = (node: unknown): unknown => {
    for (let hops = 0; isAlias(node) && hops < 64; hops++) node = node.resolve(doc);
    return isAlias(node) ? null : node;
  };
  const check = (raw: unknown, spec: Spec, where: string, keyNode: Node | null): void => {
    if (--budget < 0) return;
    const node = deref(raw);
    const at = spanOf(raw as Node, spanOf(keyNode));
    const kind = kindOf(node);
    const wrongType = (): void => refuse('nexo-ext-config-type', `\`${where}\`: invalid type: ${unexpected(node)}, expected ${expected(spec)}`, at);
    if (typeof spec !== 'string') {
      // serde_yaml converts a null to an empty table or map.
      if (kind === 'null') return;
      if (!isMap(node)) return wrongType();
      const seen = new Set<string>();
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? scalarText(pair.key) : '';
        const sub = 'struct' in spec ? spec.fields[key] : spec.map;
        if (sub === undefined) {
          const keys = Object.keys((spec as { fields: Record<string, Spec> }).fields).map((k) => `\`${k}\``);
          refuse('nexo-ext-config-unknown-key', `\`${where}\`: unknown field \`${key}\`, expected one of ${keys.join(', ')}`, spanOf(pair.key as Node));
          continue;
        }
        if ('struct' in spec && seen.has(key)) refuse('nexo-ext-config-type', `\`${where}\`: duplicate field \`${key}\``, spanOf(pair.key as Node));
        seen.add(key);
        check(pair.value, sub, `${where}.${key}`, pair.key as Node);
      }
      return;
    }
    switch (spec) {
      case 'bool':
        if (kind !== 'bool') wrongType();
        return;
      case 'string':
        if (kind !== 'str') wrongType();
        return;
      case 'duration':
        if (kind !== 'str') return wrongType();
        if (!HUMANTIME.test(scalarText(node as YamlScalar)))
          refuse(
            'nexo-ext-config-type',
            `\`${where}\`: ${JSON.stringify(scalarText(node as YamlScalar))} is not a duration (humantime: \`30s\`, \`1m 30s\`, \`2h\`)`,
            at,
          );
        return;
      case 'strings':
        if (kind === 'null') return;
        if (!isSeq(node)) return wrongType();
        node.items.forEach((item, i) => {
          if (kindOf(item) !== 'str')
            refuse('nexo-ext-config-type', `\`${where}[${i}]\`: invalid type: ${unexpected(item)}, expected a string`, spanOf(item as Node, at));
        });
        return;
      default: {
        if (kind !== 'int') return wrongType();
        const raw = scalarText(node as YamlScalar);
        // serde_yaml's `parse_unsigned_int`; null for a negative integer.
        const n = serdeUnsignedInt(raw);
        if (n === null || n > INT_MAX[spec]) refuse('nexo-ext-config-type', `\`${where}\`: invalid value: integer \`${raw}\`, expected ${spec}`, at);
      }
    }
  };
  check(inner, EXTENSIONS_CONFIG, 'extensions', null);
  if (out.error) return out;
  // The settings discovery uses, and where each is written.
  inner = deref(inner);
  if (!isMap(inner)) return out;
  for (const pair of inner.items) {
    const key = isScalar(pair.key) ? scalarText(pair.key) : '';
    const v = deref(pair.value) as Node | null;
    out.at.set(key, spanOf(v, spanOf(pair.key as Node)));
    const strings = (): string[] =>
      isSeq(v) ? v.items.map((item, i) => (out.at.set(`${key}.${i}`, spanOf(item as Node)), scalarText(item as YamlScalar))) : [];
    if (key === 'enabled') out.settings.enabled = scalarText(v as YamlScalar).toLowerCase() === 'true';
    else if (key === 'follow_links') out.settings.followLinks = scalarText(v as YamlScalar).toLowerCase() === 'true';
    else if (key === 'max_depth') out.settings.maxDepth = Math.min(Number(serdeUnsignedInt(scalarText(v as YamlScalar)) ?? 0n), Number.MAX_SAFE_INTEGER);
    else if (key === 'search_paths') out.settings.searchPaths = strings();
    else if (key === 'disabled') out.settings.disabled = strings();
    else if (key === 'allowlist') out.settings.allowlist = strings();
    else if (key === 'ignore_dirs') out.settings.ignoreDirs = strings();
  }
  if (out.settings.followLinks)
    out.diagnostics.push(
      makeDiagnostic(lines, {
        code: 'nexo-ext-config-follow-links',
        severity: 'warning',
        message:
          'The agent does not follow links at start whatever this says: its boot discovery is built without `follow_links` (only the `agent ext …` commands read it), so an extension reached through a symbolic link is never started.',
        ...lineSpan(lines, out.at.get('follow_links') ?? { start: 0, end: 0 }),
      }),
    );
  return out;
}

/** `load_optional(dir, "extensions.yaml")`: null when the file does not exist (a dangling link included). */
export async function readExtensionsConfig(configDir: string, options: AgentsFileOptions = {}): Promise<ExtensionsConfigFile | null> {
  const file = path.join(configDir, EXTENSIONS_CONFIG_FILENAME);
  let st;
  try {
    st = await fs.stat(file);
  } catch {
    return null;
  }
  let source: string;
  try {
    // A pipe or a device would block a read (nexo-rs would wait on it); a huge file is not read whole.
    if (!st.isFile()) throw Object.assign(new Error('not a regular file (a pipe, socket or device): reading it would block'), { code: 'not a regular file' });
    if (st.size > MAX_CONFIG_BYTES)
      throw Object.assign(new Error('too large'), { code: `larger than ${MAX_CONFIG_BYTES / 1024 / 1024} MiB: not read by skill-author` });
    source = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(await fs.readFile(file));
  } catch (e) {
    const words = e instanceof TypeError ? 'stream did not contain valid UTF-8' : ((e as NodeJS.ErrnoException).code ?? String(e));
    const lines = new LineIndex('');
    const message = `nexo-rs refuses its configuration and does not start: cannot read ${file}: ${words}`;
    return {
      path: path.resolve(file),
      text: '',
      settings: cloneDefaults(),
      at: new Map(),
      diagnostics: [makeDiagnostic(lines, { code: 'nexo-ext-config-read', severity: 'error', message, start: 0, end: 0 })],
      error: `cannot read ${file}: ${words}`,
    };
  }
  return parseExtensionsConfig(source, file, options);
}

function cloneDefaults(): ExtensionsSettings {
  const d = DEFAULT_EXTENSIONS_SETTINGS;
  return { ...d, searchPaths: [...d.searchPaths], disabled: [...d.disabled], allowlist: [...d.allowlist], ignoreDirs: [...d.ignoreDirs] };
}

/** An empty span grows to the rest of its line, so an editor shows it. */
function lineSpan(lines: LineIndex, span: Span): Span {
  const start = Math.max(0, Math.min(span.start, lines.text.length));
  const end = span.end > start ? span.end : Math.max(start, lines.lineEnd(start));
  return { start, end };
}
