// What an author is told about one `plugin.toml` from its text alone: the manifest nexo-rs would load (or
// its first error, at the place it is written, in the runtime's words, with a stable code per rule), and the
// notes where nexo-rs does otherwise than its docs say. Pure: text in, findings + manifest + positions out.

import type { Diagnostic, DiagnosticData } from '../../../types';
import { LineIndex, makeDiagnostic } from '../../../skill/text';
import { type ManifestError, type ManifestErrorVariant, type ManifestRead, readManifest } from './manifest';
import type { Span } from './toml';

/** A finding's code per `ManifestError` variant (a `Parse` error's code says which structural rule). */
const VARIANT_CODES: Record<Exclude<ManifestErrorVariant, 'Parse'>, string> = {
  Read: 'nexo-ext-read',
  EmptyId: 'nexo-ext-invalid-id',
  InvalidId: 'nexo-ext-invalid-id',
  ReservedId: 'nexo-ext-reserved-id',
  InvalidVersion: 'nexo-ext-invalid-version',
  InvalidMinAgentVersion: 'nexo-ext-invalid-min-agent-version',
  AgentTooOld: 'nexo-ext-agent-too-old',
  NoCapabilities: 'nexo-ext-no-capabilities',
  InvalidCapabilityName: 'nexo-ext-invalid-capability-name',
  DuplicateCapabilityName: 'nexo-ext-duplicate-capability',
  EmptyStdioCommand: 'nexo-ext-empty-command',
  EmptyNatsPrefix: 'nexo-ext-empty-subject-prefix',
  InvalidHttpUrl: 'nexo-ext-invalid-http-url',
  DescriptionTooLong: 'nexo-ext-description-too-long',
  InvalidMcpServerName: 'nexo-ext-invalid-mcp-server-name',
  McpEmptyStdioCommand: 'nexo-ext-mcp-empty-command',
  McpInvalidHttpUrl: 'nexo-ext-mcp-invalid-url',
};

const PARSE_CODES: Record<NonNullable<ManifestError['kind']>, string> = {
  syntax: 'nexo-ext-toml-syntax',
  'unknown-field': 'nexo-ext-unknown-key',
  'missing-field': 'nexo-ext-missing-key',
  'invalid-type': 'nexo-ext-invalid-type',
  'unknown-variant': 'nexo-ext-unknown-variant',
};

export function errorCode(e: ManifestError): string {
  return e.variant === 'Parse' ? PARSE_CODES[e.kind ?? 'syntax'] : VARIANT_CODES[e.variant];
}

/** Where nexo-rs's docs say otherwise, one sentence after the runtime's words. */
function docsNote(e: ManifestError): { extra: string; data?: DiagnosticData; span?: Span } {
  const d = e.data ?? {};
  if (e.kind === 'missing-field' && d['key'] === 'kind' && d['typeKey']) {
    const t = d['typeKey'] as { key: Span; value: Span };
    return { extra: ' `[transport]` is tagged by `kind`; the `type =` its docs show is refused.', data: { replacement: 'kind' }, span: t.key };
  }
  if (e.kind === 'missing-field' && d['key'] === 'transport' && String(d['table']).startsWith('mcp_servers.'))
    return { extra: ' An `[mcp_servers.<name>]` table is tagged by `transport`, not `type`.' };
  if (e.kind === 'unknown-field' && d['table'] === 'capabilities' && (d['key'] === 'admin' || d['key'] === 'http_server'))
    return { extra: ` \`[capabilities.${String(d['key'])}]\` belongs to \`nexo-plugin.toml\`, another schema.` };
  if (e.kind === 'unknown-field') return { extra: ' Every table of `plugin.toml` refuses unknown keys (but `[outbound_bindings]`).' };
  if (e.variant === 'InvalidCapabilityName') return { extra: ' Capability names take no hyphen (an id may).', ...(e.data ? { data: e.data } : {}) };
  if (e.variant === 'InvalidVersion') return { extra: ' `version` is strict semver: MAJOR.MINOR.PATCH, no `v`.', ...(e.data ? { data: e.data } : {}) };
  if (e.variant === 'InvalidMinAgentVersion') return { extra: ' `min_agent_version` is one exact version, not a range.' };
  if (e.variant === 'AgentTooOld') return { extra: ' The `agent` binary at eec3f33 is 0.1.5.' };
  return { extra: '' };
}

export interface ManifestAnalysis {
  text: string;
  lines: LineIndex;
  read: ManifestRead;
  /** Findings from the text alone. */
  diagnostics: Diagnostic[];
}

export function diagnosticAt(lines: LineIndex, span: Span, code: string, severity: Diagnostic['severity'], message: string, data?: DiagnosticData): Diagnostic {
  let { start, end } = span;
  if (end <= start) end = Math.max(start, lines.lineEnd(start));
  if (end === start && start > 0 && start >= lines.text.length) start = Math.max(0, start - 1);
  return makeDiagnostic(lines, { code, severity, message, start, end, ...(data ? { data } : {}) });
}

/** The manifest error as a finding: the runtime's words (variant and last line), then what the docs miss. */
export function errorDiagnostic(lines: LineIndex, e: ManifestError): Diagnostic {
  const note = docsNote(e);
  const words = e.parserWords ? `TOML syntax error (nexo-rs's toml crate words it differently): ${e.message}` : e.message;
  const message = `nexo-rs does not load this extension (${e.variant}): ${words}.${note.extra}`;
  return diagnosticAt(lines, note.span ?? e.span, errorCode(e), 'error', message, note.data);
}

/** Reads and judges the text of a `plugin.toml` (a leading BOM is skipped, as toml_edit skips it). */
export function analyzeManifest(text: string): ManifestAnalysis {
  const lines = new LineIndex(text);
  const read = readManifest(text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text);
  const diagnostics: Diagnostic[] = [];
  if (!read.ok) diagnostics.push(errorDiagnostic(lines, read.error));
  else {
    const pr = read.at.get('plugin.priority');
    if (pr && read.manifest.plugin.priority !== 0)
      diagnostics.push(
        diagnosticAt(
          lines,
          pr.value,
          'nexo-ext-priority-unused',
          'information',
          'nexo-rs eec3f33 reads `priority` but the agent registers extension hooks with priority 0: this value changes nothing at boot.',
        ),
      );
  }
  return { text, lines, read, diagnostics };
}

/** A manifest that could not be read as UTF-8 text (Rust's `read_to_string`). */
export function unreadableManifest(displayPath: string, reason: string): ManifestAnalysis {
  const text = '';
  const lines = new LineIndex(text);
  const error: ManifestError = { variant: 'Read', message: `failed to read manifest at ${displayPath}: ${reason}`, span: { start: 0, end: 0 } };
  return { text, lines, read: { ok: false, error, at: new Map() }, diagnostics: [errorDiagnostic(lines, error)] };
}
