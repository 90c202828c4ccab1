// The language server's own messages, typed once for the server (src/server) and every client (the tests,
// editors' plugins): what only our clients show — the skills with their verdicts per runtime, what the model
// sees of one skill, a runtime's prompt index, the probe log. Standard LSP requests need nothing here.
//
// Only `vscode-languageserver-protocol`'s message types are imported, so a client can use this module
// without the server's dependencies.

import { NotificationType, RequestType, RequestType0 } from 'vscode-languageserver-protocol';
import type { Entry } from '../core/check/entry';
import type { ListingBudget } from '../core/runtimes/listing';
import type { PromptBudget, RuntimeId, RuntimeVerdict } from '../core/runtimes/types';
import type { ResolvedVersion } from '../core/runtimes/registry';
import type { ProbeLogEntry } from '../core/machine/probe';
import type { NexoStatus } from '../core/runtimes/nexo/status';
import type { FieldProblem } from '../core/assist/scaffold';
import type { BootDecision, ConfigExclusion } from '../core/runtimes/nexo/extensions/boot';
import type { Color } from '../core/types';

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
  /** The runtimes every skill is judged for (`--runtime`), each `id` or `id@version`; empty: detected per
   *  skill. A runtime without a version is judged by the version installed here when found, else the newest
   *  emulated. */
  runtimes: string[];
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
  /** Directories appended to PATH for lookups and probes (absolute, `~/…`, `${workspaceFolder}/…`, or relative
   *  to the first workspace folder), as the extension's `skillAuthor.path.extraDirs`. */
  extraPath: string[];
  /** `.env`-style files whose variable NAMES count as set (values are read only to tell blank from set, and
   *  never logged nor sent), as the extension's `skillAuthor.envFiles`. */
  envFiles: string[];
  /** Version probes run at once (default 4, 1–32). */
  probeConcurrency: number;
  /** The nexo-rs agents file (its `skill_overrides` show in hovers, its problems are published); empty: the
   *  first of `config/agents.yaml`, `agents.yaml`, `config/agents.yml` in each workspace folder. */
  agentsFile: string;
  /** Also read the personal skill folders (`~/.hermes/skills`, `~/.claude/skills`, `~/.agents/skills`,
   *  `~/.copilot/skills`) that exist, as extra roots (default false; the VS Code extension's default is true). */
  defaultRoots: boolean;
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
  extraPath: [],
  envFiles: [],
  probeConcurrency: 4,
  agentsFile: '',
  defaultRoots: false,
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
  /** What the editor's preview shows: the text the model gets when a runtime shows the skill, else a page
   *  saying which runtime keeps it from the model and why (src/core/check/modelView.ts). */
  page: string;
  /** `check --json`'s entry for the skill (the open document's text when it is open). */
  entry: Entry;
}

export interface IndexParams {
  runtime: RuntimeId;
  /** The skills folder; default: the first root. */
  root?: string;
  /** Every root of the skills model at once, as the Skills view lists them (`root` is then ignored): the
   *  tree runtimes' blocks root by root, joined; nexo-rs's and the Agent Skills list over every skill in the
   *  CLI's order, with every root's category descriptions. */
  allRoots?: boolean;
  /** One nexo-rs agent's skills, in its order with its overrides, in the engine's layout of `runtime`
   *  (`index --agent ID --format F`: nexo, agentskills → xml, hermes; not openclaw). */
  agent?: string;
}

/** A runtime's prompt index for a root, as `skill-author index --runtime R ROOT` prints it. */
export interface IndexResult {
  runtime: RuntimeId;
  root: string;
  index: string;
  /** Why the runtime prints no index, when it fails building it (with `allRoots`: one line per root,
   *  ``- `ROOT`: reason``, when no root printed a block). */
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

/** The version each runtime is judged by with the server's settings and machine: asked for
 *  (`runtimes: ["openclaw@2026.4.12"]`), installed here, or the newest emulated; `note` when it is not the
 *  one asked for or found. Previews name it in their titles. */
export interface VersionsResult {
  versions: ResolvedVersion[];
}

export const VersionsRequest = { method: 'skillAuthor/versions', type: new RequestType0<VersionsResult, void>('skillAuthor/versions') } as const;

/** Forget every probe result (the server's and its engine's caches) and check the open documents again: the
 *  client's "Re-probe Dependencies". Resolves once the open documents were checked again. */
export const ReprobeRequest = { method: 'skillAuthor/reprobe', type: new RequestType0<void, void>('skillAuthor/reprobe') } as const;

export const ProbeLogRequest = { method: 'skillAuthor/probeLog', type: new RequestType0<ProbeLogResult, void>('skillAuthor/probeLog') } as const;

/** The diagnostics' `source`. */
export const SOURCE = 'skill-author';

/** Sent by the server after each scan of the roots (at start, and after files changed). */
export interface ScannedParams {
  skills: number;
  ms: number;
}

export const ScannedNotification = { method: 'skillAuthor/scanned', type: new NotificationType<ScannedParams>('skillAuthor/scanned') } as const;

/** Sent by the server after each check of an open SKILL.md, right after that document's diagnostics were
 *  published (also when they did not change): one analysis per edit, which a client reuses instead of
 *  asking again (its verdict, its tree item, its status). */
export interface CheckedParams {
  uri: string;
  /** The document version checked. */
  version: number;
  /** Exactly `check --json` (version 2)'s entry for the document's text (absolute `path`). */
  entry: Entry;
  /** nexo-rs's evaluation on this machine (what each binary, variable and version came to). */
  status: NexoStatus;
  /** Milliseconds the analysis and the runtimes' judgement took. */
  ms: number;
  /** Milliseconds the check started after its debounce ended: the server's thread was busy with other work
   *  (a scan, another check). */
  lateMs?: number;
}

export const CheckedNotification = { method: 'skillAuthor/checked', type: new NotificationType<CheckedParams>('skillAuthor/checked') } as const;

/** What a client may announce in `capabilities.experimental.skillAuthor`. */
export interface SkillAuthorClientCapabilities {
  /** Commands the client runs itself, which the server may then put on its items: `editor.action.triggerSuggest`
   *  (VS Code: open the suggestions again after a completion that leaves the cursor where a value goes). */
  clientCommands?: string[];
  /** The client mirrors the server's skills model: the server sends it `skillsChanged` and `probed`. */
  skillsModel?: boolean;
}

/** The command of the code action that explains why a constraint has no rewrite (npm's `||`); the server
 *  executes it (`workspace/executeCommand`): a message, with a button opening the documentation's section. */
export const EXPLAIN_CONSTRAINT_COMMAND = 'skillAuthor.explainConstraint';

// ---- The skills model (the Skills view, the explorer decorations, the previews, an extension's API) ----
//
// A client that announces `experimental.skillAuthor.skillsModel: true` gets the server's model of every
// skill of the roots (scanned once, then kept current from file events and the open documents' checks):
// `skillAuthor/skillsChanged` notifications, in order, that a client applies to its mirror. The first ones
// after start carry the first scan (at most SKILLS_CHUNK skills per notification). Nothing is scanned,
// probed or judged on the client's side.

/** A skill root as the Skills view groups skills: each workspace folder, or inside it the nearest folder
 *  whose name contains "skills" (`repo/skills/media/x` → root `repo/skills`, category `media`, as
 *  `skill-author check repo/skills` reports it); the `roots` setting's folders; the personal skill folders. */
export interface SkillRootView {
  path: string;
  /** For people: `skills` (workspace-relative; `folder/skills` with several folders), `~/.claude/skills`, … */
  label: string;
  kind: 'workspace' | 'setting' | 'personal';
}

/** One skill of the model. */
export interface SkillView {
  /** Absolute path of SKILL.md: the key. */
  file: string;
  /** Folder name: the runtimes' identity. */
  id: string;
  /** Where the catalog found it: `root` is its SkillRootView's path. */
  location: { id: string; dir: string; file: string; root: string; category: string; nestedIn?: string };
  /** The skill's name as `check --json` reports it. */
  name: string;
  displayName: string;
  description: string;
  /** nexo-rs's evaluation on this machine; a placeholder (verdict `loaded`, summary "Checking…") while
   *  `evaluated` is false. */
  status: NexoStatus;
  /** True once the first evaluation finished and was judged (`status` and `entry` are real). */
  evaluated: boolean;
  /** True while an evaluation (probes) is under way. */
  probing: boolean;
  /** True when status and entry come from an open document's text (its last check), not the file's. */
  fromEditor: boolean;
  /** `check --json`'s entry (every applicable runtime's verdict); null until judged. */
  entry: Entry | null;
  /** The frontmatter's `metadata.hermes` when it is a mapping (Hermes's tool conditions), else null. */
  hermes: Record<string, unknown> | null;
  /** Why SKILL.md cannot be read (the `file-unreadable` finding's message), else null. */
  unreadable: string | null;
  /** nexo-rs's `requires` as declared (shown while the first evaluation is under way). */
  requires: { bins: string[]; env: string[]; versions: Array<{ bin: string; constraint: string }> };
}

/** A nexo-rs agent as the view shows it. */
export interface AgentDefView {
  id: string;
  /** Skill names in the agent's order. */
  skills: string[];
  /** The skills folder as the runtime resolves it ('' when blank). */
  skillsDir: string;
  tenantId: string | null;
  line: number;
}

/** An agents file in use (the `agentsFile` setting, else found in a workspace folder). */
export interface AgentsFileView {
  path: string;
  agents: AgentDefView[];
  /** The loader's problems with the file (not the listed skills that are missing). */
  problems: Array<{ severity: 'error' | 'warning'; message: string; line: number; column: number }>;
  /** Why nexo-rs refuses the whole file (it then starts no agent), or null. */
  error: string | null;
}

/** Most skills one `skillsChanged` notification carries. */
export const SKILLS_CHUNK = 500;

/** A runtime's budget for a root: OpenClaw's prompt budget, or an agent CLI's listing budget (Claude Code,
 *  Codex, Copilot CLI: `listing`, judged from the working folder `cwd`). */
export interface RootBudget {
  runtime: RuntimeId;
  budget?: PromptBudget;
  listing?: ListingBudget;
  cwd?: string;
}

export interface SkillsChangedParams {
  /** Skills added or updated. */
  changed: SkillView[];
  /** SKILL.md paths no longer in the model. */
  removed: string[];
  /** Anything may have changed (a rescan, a re-probe, new settings, an agents file): a client redraws
   *  everything; `changed` then holds every skill of the model (over as many notifications as it takes). */
  all: boolean;
  /** The roots, when they changed (always in the first notification). */
  roots?: SkillRootView[];
  /** The agents files, when they changed (always in the first notification). */
  agents?: AgentsFileView[];
  /** Per root path: the prompt budgets of the runtimes that read that root as a whole (OpenClaw's), from
   *  the last judgement; sent, whole (a root left out has none), when they changed. */
  budgets?: Record<string, RootBudget[]>;
  /** The nexo-rs extensions the agent would discover in each workspace folder's `./extensions` (and the
   *  manifests it never reads there), whole, when they changed (always in the first notification). */
  extensions?: ExtensionView[];
  /** The latest scan finished (evaluations may still be under way). */
  ready: boolean;
}

/** One nexo-rs extension manifest under a workspace folder's `./extensions`, as the agent run from that folder
 *  would treat it at start on this machine (`check --json`'s `extensions` entry, with its absolute path). */
export interface ExtensionView {
  /** Absolute path of its `plugin.toml`. */
  file: string;
  /** The workspace folder the agent runs from. */
  root: string;
  id: string | null;
  boot: BootDecision;
  /** Why the agent's `config/extensions.yaml` keeps it from starting (with `boot: not_started`), or null. */
  excludedBy: ConfigExclusion | null;
  verdict: RuntimeVerdict;
  color: Color;
  /** What the agent does, in its words. */
  reason: string;
  /** `Requires::missing()`: the bins not on `$PATH`, the variables unset or empty. */
  missing: { bins: string[]; env: string[] };
  /** The declared variables the secret filter strips, each with the rule that matches. */
  envStripped: Array<{ name: string; rule: string }>;
  /** A spawned stdio extension: the `nexo-ext-env-received` finding's words (the variables its process
   *  receives) and the host variables the filter strips; null otherwise. */
  received: { message: string; stripped: string[] } | null;
  /** An invalid manifest: the runtime's error type and last line. */
  error: { variant: string; message: string } | null;
  /** The nexo-rs version the verdict speaks for (`check --json`'s `runtime_version`). */
  runtimeVersion: string;
}

export const SkillsChangedNotification = {
  method: 'skillAuthor/skillsChanged',
  type: new NotificationType<SkillsChangedParams>('skillAuthor/skillsChanged'),
} as const;

/** Resolves once the scan and every evaluation under way finished and their `skillsChanged` notifications
 *  were sent (they precede this response): the client's mirror is then current. */
export const SkillsIdleRequest = { method: 'skillAuthor/skillsIdle', type: new RequestType0<{ skills: number }, void>('skillAuthor/skillsIdle') } as const;

/** Rescan every root from scratch (the client's "Refresh Skills"); resolves once idle, as skillsIdle. */
export const RefreshRequest = { method: 'skillAuthor/refresh', type: new RequestType0<{ skills: number }, void>('skillAuthor/refresh') } as const;

export interface AgentViewParams {
  /** The agent's id; default: the first agent of the first agents file. */
  agent?: string;
}

/** One agent's skills in its order, its overrides applied, `not_found` entries included, judged by nexo-rs
 *  as `check --agent ID` judges them (open documents' text in place of the files'). */
export interface AgentViewResult {
  file: string;
  agent: AgentDefView;
  skills: SkillView[];
  entries: Entry[];
}

export const AgentViewRequest = {
  method: 'skillAuthor/agentView',
  type: new RequestType<AgentViewParams, AgentViewResult | null, void>('skillAuthor/agentView'),
} as const;

/** Sent to a client of the skills model with each version probe run or refused, as the probe log has it. */
export const ProbedNotification = { method: 'skillAuthor/probed', type: new NotificationType<ProbeLogEntry>('skillAuthor/probed') } as const;

export interface ScaffoldParams {
  /** The new skill's name (and folder name), as typed. */
  name?: string;
  /** Its description. */
  description?: string;
}

/** What the analyzer says about a new skill's name and description (most severe first; errors must block),
 *  and the SKILL.md "New Skill…" writes when both are given. */
export interface ScaffoldResult {
  nameProblems: FieldProblem[];
  descriptionProblems: FieldProblem[];
  /** The SKILL.md text (frontmatter with both, a heading as body), when both were given. */
  text: string | null;
}

export const ScaffoldRequest = {
  method: 'skillAuthor/scaffold',
  type: new RequestType<ScaffoldParams, ScaffoldResult, void>('skillAuthor/scaffold'),
} as const;
