// The language server's own messages, typed once for the server (src/server) and every client (the tests,
// editors' plugins): what only our clients show — the skills with their verdicts per runtime, what the model
// sees of one skill, a runtime's prompt index, the probe log. Standard LSP requests need nothing here.
//
// Only `vscode-languageserver-protocol`'s message types are imported, so a client can use this module
// without the server's dependencies.

import { NotificationType, RequestType, RequestType0 } from 'vscode-languageserver-protocol';
import type { Entry } from '../core/runtimes/entry';
import type { RuntimeId } from '../core/runtimes/types';
import type { ProbeLogEntry } from '../core/probe';

/** The settings a client may pass as `initializationOptions`, or as the `skillAuthor` section of
 *  `workspace/configuration` (where `trusted` is ignored: only the client that starts the server says it). */
export interface ServerSettings {
  /** The client says the workspace is trusted: only then may the server run `<bin> --version` probes.
   *  Default false (also set by `skill-author lsp --stdio --trusted`). */
  trusted: boolean;
  /** Run version probes when trusted (default true). */
  probes: boolean;
  /** Milliseconds a probe may run (default 5000). */
  probeTimeoutMs: number;
  /** The runtimes every skill is judged for (`--runtime`); empty: detected per skill. */
  runtimes: RuntimeId[];
  /** Hermes: `--tools`, `--toolsets`, `--environments`, `--hermes-home`. */
  tools: string[] | null;
  toolsets: string[] | null;
  environments: string[] | null;
  hermesHome: string;
  /** OpenClaw: `--openclaw-config`. */
  openclawConfig: string;
  /** Extra skill roots besides the workspace folders (absolute, `~/…`, or relative to the first folder). */
  roots: string[];
  /** Publish the findings of every SKILL.md of the roots, not only of open documents (default false). */
  background: boolean;
  /** Milliseconds a document must stay unchanged before it is checked again (default 150). */
  debounceMs: number;
}

export const DEFAULT_SETTINGS: Readonly<ServerSettings> = Object.freeze({
  trusted: false,
  probes: true,
  probeTimeoutMs: 5000,
  runtimes: [],
  tools: null,
  toolsets: null,
  environments: null,
  hermesHome: '',
  openclawConfig: '',
  roots: [],
  background: false,
  debounceMs: 150,
});

export interface SkillsParams {
  /** Only the skills under these roots (paths); default: every root of the workspace. */
  roots?: string[];
}

/** The skills of the roots, as `check --json` (version 2) prints them, open documents' text included. */
export interface SkillsResult {
  version: number;
  roots: string[];
  skills: Entry[];
}

export interface PreviewParams {
  /** A SKILL.md's URI (open or not). */
  uri: string;
}

/** What the model sees of one skill under nexo-rs: the MISSING DEPS banner, and banner + body. */
export interface PreviewResult {
  uri: string;
  /** The skill's verdict (check --json's top-level one). */
  verdict: Entry['verdict'];
  /** False when no runtime shows the skill to the model. */
  visible: boolean;
  banner: string;
  content: string;
}

export interface IndexParams {
  runtime: RuntimeId;
  /** The skills folder; default: the first root. */
  root?: string;
}

/** A runtime's prompt index for a root, as `skill-author index --runtime R ROOT` prints it. */
export interface IndexResult {
  runtime: RuntimeId;
  root: string;
  index: string;
  /** Why the runtime prints no index, when it fails building it. */
  error: string | null;
}

export interface ProbeLogResult {
  /** The version probes run (or refused) since the server started, oldest first (at most 500). */
  entries: ProbeLogEntry[];
  /** Whether the server may run probes (trusted and probes on). */
  probing: boolean;
}

export const SkillsRequest = { method: 'skillAuthor/skills', type: new RequestType<SkillsParams, SkillsResult, void>('skillAuthor/skills') } as const;

export const PreviewRequest = {
  method: 'skillAuthor/preview',
  type: new RequestType<PreviewParams, PreviewResult | null, void>('skillAuthor/preview'),
} as const;

export const IndexRequest = { method: 'skillAuthor/index', type: new RequestType<IndexParams, IndexResult, void>('skillAuthor/index') } as const;

export const ProbeLogRequest = { method: 'skillAuthor/probeLog', type: new RequestType0<ProbeLogResult, void>('skillAuthor/probeLog') } as const;

/** The diagnostics' `source`. */
export const SOURCE = 'skill-author';

/** Sent by the server after each scan of the roots (at start, and after files changed). */
export interface ScannedParams {
  skills: number;
  ms: number;
}

export const ScannedNotification = { method: 'skillAuthor/scanned', type: new NotificationType<ScannedParams>('skillAuthor/scanned') } as const;
