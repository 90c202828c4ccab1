// The extension as a client of skill-author's language server (dist/lsp.js, the process `skill-author lsp`
// runs): findings of open SKILL.md documents, hover, completion, quick fixes and go to definition come from
// the server, which analyses, probes and judges in its own process — never on the extension host's thread,
// which every other extension shares.
//
// The server is started with the settings of `skillAuthor.*` translated into its own (src/shared/protocol.ts
// ServerSettings), and told when they change. Trust is given only at start (initializationOptions): when the
// user grants it, the server is restarted so it may probe. A server that dies is restarted with a visible
// message (at most MAX_RESTARTS times in RESTART_WINDOW_MS; after that it stays down and says so).
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient, LanguageClientOptions, ServerOptions, StaticFeature } from 'vscode-languageclient/node';
import {
  AgentViewRequest,
  type AgentViewResult,
  type CheckedParams,
  CheckedNotification,
  IndexRequest,
  VersionsRequest,
  type VersionsResult,
  type IndexParams,
  type IndexResult,
  PreviewRequest,
  type PreviewResult,
  ProbedNotification,
  RefreshRequest,
  ReprobeRequest,
  ScaffoldRequest,
  type ScaffoldParams,
  type ScaffoldResult,
  type ServerSettings,
  type SkillAuthorClientCapabilities,
  SkillsChangedNotification,
  type SkillsChangedParams,
  SkillsIdleRequest,
} from '../shared/protocol';
import { type Config, resolveSettingPath } from './config';
import { type SkillAuthorContext, Slot } from './context';
import { isOrphaned, SKILL_SELECTOR } from './documents';

/** Besides every SKILL.md: the nexo-rs agents file and OpenClaw's configuration, which the server checks too. */
/** nexo-rs's agents files, OpenClaw's config, nexo-rs extension manifests (`plugin.toml`, language
 *  `nexo-plugin-toml`; a `nexo-plugin.toml`, another schema, gets the note that says so) and the nexo-rs
 *  agent's `config/extensions.yaml`. */
const CONFIG_SELECTOR = [
  { scheme: 'file', pattern: '**/{agents.yaml,agents.yml,openclaw.json}' },
  { scheme: 'file', language: 'nexo-plugin-toml' },
  { scheme: 'file', pattern: '**/{plugin.toml,nexo-plugin.toml}' },
  { scheme: 'file', pattern: '**/config/extensions.yaml' },
];

const MAX_RESTARTS = 4;

/**
 * Codes that say the same fact VS Code's own validator (owner `prompts-diagnostics-provider`) reports on
 * documents whose language id is `skill` (runtime-semantics §5): the name's characters, the name vs the
 * folder, a missing name, a missing description. On those documents we leave them to VS Code by default, so
 * the author does not read every such fact twice in the Problems panel; `skillAuthor.diagnostics.showOverlapping`
 * reports them anyway (e.g. to see our wording, or our finer rules next to VS Code's). On documents with any
 * other language id (older VS Code: markdown) nobody else reports them, so we always do.
 * Not in the list, although VS Code also flags the key: `unknown-field` — VS Code's hint says "not supported
 * by VS Code skills" for keys such as `requires`, which other runtimes do read; ours says whether ANY runtime
 * reads it, a different fact.
 */
export const OVERLAPPING_CODES: ReadonlySet<string> = new Set(['name-charset', 'name-dir-mismatch', 'name-missing', 'description-missing']);

/** The language client, provided when its feature registers. */
export const CLIENT = new Slot<SkillClient>('language client');

/** The language client (undefined before its feature registered). */
export const clientOf = (ctx: SkillAuthorContext): SkillClient | undefined => ctx.peek(CLIENT);

/** A check of an open SKILL.md, with its path. */
export type Check = CheckedParams & { file: string };

/**
 * What this client tells the server beyond the library's defaults: the command VS Code runs itself (the
 * server may then reopen the suggestions after a completion that leaves the cursor where a value goes), that
 * it mirrors the server's skills model (the Skills view, the decorations, the previews and the API read the
 * mirror: skills.ts), and no pull diagnostics: the server's findings, those of files no editor shows
 * included, reach VS Code pushed, through `handleDiagnostics` (the overlap with VS Code's own validator,
 * files deleted on disk).
 */
const CLIENT_CAPABILITIES: StaticFeature = {
  fillClientCapabilities(capabilities) {
    const ours: SkillAuthorClientCapabilities = { clientCommands: ['editor.action.triggerSuggest'], skillsModel: true };
    capabilities.experimental = { ...(capabilities.experimental as object | undefined), skillAuthor: ours };
    if (capabilities.textDocument) delete capabilities.textDocument.diagnostic;
  },
  initialize() {},
  getState: () => ({ kind: 'static' }),
  clear() {},
};
const RESTART_WINDOW_MS = 3 * 60_000;

type ClientModule = typeof import('vscode-languageclient/node');

/** The extension's settings as the server's (paths resolved here, where `${workspaceFolder}` is known). */
export function serverSettings(config: Config): Partial<ServerSettings> {
  const s = config.skills;
  const r = config.runtimes;
  const resolved = (list: readonly string[]): string[] => list.map((p) => resolveSettingPath(p)).filter((p): p is string => p !== null);
  const one = (p: string): string => (p ? (resolveSettingPath(p) ?? '') : '');
  return {
    probes: s.probes,
    probeTimeoutMs: s.probeTimeoutMs,
    runtimes: [...r.pinned],
    tools: r.tools ? [...r.tools] : null,
    toolsets: r.toolsets ? [...r.toolsets] : null,
    environments: r.environments ? [...r.environments] : null,
    hermesHome: one(r.hermesHome),
    openclawConfig: one(r.openclawConfig),
    roots: resolved(s.roots),
    defaultRoots: s.defaultRoots,
    agentsFile: one(s.agentsFile),
    extraPath: resolved(s.extraPath),
    envFiles: resolved(s.envFiles),
    probeConcurrency: s.probeConcurrency,
    background: config.diagnostics.background,
    debounceMs: config.diagnostics.debounceMs,
  };
}

export class SkillClient implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private starting: Promise<LanguageClient | undefined> | undefined;
  private readonly restarts: number[] = [];
  private readonly subscriptions: vscode.Disposable[] = [];
  private disposed = false;
  private readonly checked = new vscode.EventEmitter<Check>();
  /** The server checked an open SKILL.md (after each edit, once quiet): its entry as `check --json` gives
   *  it, and nexo-rs's evaluation. The language status, the previews and the Skills view follow this one
   *  result: an edit is analysed once, in the server. */
  readonly onDidCheck: vscode.Event<Check> = this.checked.event;
  /** Per open SKILL.md (path), its latest check. */
  private readonly checks = new Map<string, Check>();
  private readonly skillsChanged = new vscode.EventEmitter<SkillsChangedParams>();
  /** The server's skills model changed (in the order the server sent the changes): skills.ts mirrors it. */
  readonly onDidChangeSkills: vscode.Event<SkillsChangedParams> = this.skillsChanged.event;
  private readonly serverStarted = new vscode.EventEmitter<void>();
  /** A server (re)started: its model is rebuilt from scratch, and sent again. */
  readonly onDidStartServer: vscode.Event<void> = this.serverStarted.event;

  constructor(private readonly ctx: SkillAuthorContext) {
    this.subscriptions.push(
      this.checked,
      this.skillsChanged,
      this.serverStarted,
      // Trust is read by the server only when it starts.
      vscode.workspace.onDidGrantWorkspaceTrust(() => void this.restart('workspace trusted')),
      ctx.config.onDidChange(() => {
        void this.client?.sendNotification('workspace/didChangeConfiguration', { settings: null });
        // The server checks the open documents again on this notification, and publishes: `showOverlapping`
        // is applied to what it publishes (see `shown`).
      }),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (doc.uri.scheme === 'file') this.checks.delete(doc.uri.fsPath);
      }),
    );
  }

  /** The findings the server published (undefined until it started). The rule for files deleted on disk
   *  that no tab shows is applied to them on publish (`shown`) and when tabs close (diagnostics.ts). */
  get diagnostics(): vscode.DiagnosticCollection | undefined {
    return this.client?.diagnostics;
  }

  /** The latest check of the open SKILL.md at `file`, if the server checked it since it was opened. */
  checkOf(file: string): Check | undefined {
    return this.checks.get(file);
  }

  /** What the model sees of the skill at `file` (the open document's text when it is open), from the
   *  server: the check of the document's current version when there is one. */
  async preview(file: string): Promise<PreviewResult | null> {
    const client = await this.running();
    return client.sendRequest(PreviewRequest.type, { uri: client.code2ProtocolConverter.asUri(vscode.Uri.file(file)) });
  }

  /** Forget the server's probe results; resolves once the open documents and the skills model were
   *  evaluated again. */
  async reprobe(): Promise<void> {
    const client = await this.start();
    if (client) await client.sendRequest(ReprobeRequest.type);
  }

  /** Resolves once the server's model is idle and every change of it reached `onDidChangeSkills`. */
  async skillsIdle(): Promise<void> {
    const client = await this.start();
    if (client) await client.sendRequest(SkillsIdleRequest.type);
  }

  /** The server rescans every root; resolves once idle. */
  async refresh(): Promise<void> {
    const client = await this.start();
    if (client) await client.sendRequest(RefreshRequest.type);
  }

  /** One nexo-rs agent's skills as `check --agent` judges them (null: no such agent). */
  async agentView(agent: string | undefined): Promise<AgentViewResult | null> {
    const client = await this.start();
    if (!client) return null;
    return client.sendRequest(AgentViewRequest.type, agent === undefined ? {} : { agent });
  }

  /** The analyzer's verdict on a new skill's name and description, and its SKILL.md ("New Skill…"). */
  async scaffold(params: ScaffoldParams): Promise<ScaffoldResult> {
    return (await this.running()).sendRequest(ScaffoldRequest.type, params);
  }

  /** The version each runtime is judged by (asked, installed on the server's machine, or newest). */
  async versions(): Promise<VersionsResult> {
    return (await this.running()).sendRequest(VersionsRequest.type);
  }

  /** A runtime's prompt index, as `index --runtime R` prints it. */
  async index(params: IndexParams): Promise<IndexResult> {
    return (await this.running()).sendRequest(IndexRequest.type, params);
  }

  /** The running client, or why there is none (requests whose answer is shown). */
  private async running(): Promise<LanguageClient> {
    const client = await this.start();
    if (!client) throw new Error('the language server is not running (see the output)');
    return client;
  }

  /** The running client, started on first use. */
  start(): Promise<LanguageClient | undefined> {
    this.starting ??= this.create();
    return this.starting;
  }

  private async create(): Promise<LanguageClient | undefined> {
    const started = performance.now();
    const lc = require('vscode-languageclient/node') as ClientModule;
    const module = this.ctx.extension.asAbsolutePath(path.join('dist', 'lsp.js'));
    const serverOptions: ServerOptions = {
      run: { module, transport: lc.TransportKind.ipc },
      debug: { module, transport: lc.TransportKind.ipc },
    };
    const ctx = this.ctx;
    const clientOptions: LanguageClientOptions = {
      documentSelector: [...(SKILL_SELECTOR as vscode.DocumentFilter[]), ...CONFIG_SELECTOR] as NonNullable<LanguageClientOptions['documentSelector']>,
      diagnosticCollectionName: 'skill-author',
      outputChannel: levelled(ctx.output),
      revealOutputChannelOn: lc.RevealOutputChannelOn.Never,
      initializationOptions: { ...serverSettings(ctx.config), trusted: vscode.workspace.isTrusted },
      errorHandler: {
        error: () => ({ action: lc.ErrorAction.Continue, handled: true }),
        closed: () => this.closed(lc),
      },
      middleware: {
        workspace: {
          // The server asks for its section `skillAuthor`: answer with its own settings' shape.
          configuration: (params, token, next) =>
            params.items.some((i) => i.section === 'skillAuthor')
              ? params.items.map((i) => (i.section === 'skillAuthor' ? serverSettings(ctx.config) : null))
              : next(params, token),
        },
        handleDiagnostics: (uri, diagnostics, next) => next(uri, this.shown(uri, diagnostics)),
      },
    };
    const client = new lc.LanguageClient('skillAuthor', 'Skill Author', serverOptions, clientOptions);
    client.registerFeature(CLIENT_CAPABILITIES);
    client.onNotification(CheckedNotification.type, (p) => {
      const uri = vscode.Uri.parse(p.uri);
      if (uri.scheme !== 'file') return;
      const check: Check = { ...p, file: uri.fsPath };
      this.checks.set(check.file, check);
      this.checked.fire(check);
    });
    client.onNotification(SkillsChangedNotification.type, (p) => this.skillsChanged.fire(p));
    client.onNotification(ProbedNotification.type, (e) => {
      const log = ctx.probeLog;
      log.push(e);
      if (log.length > 1000) log.splice(0, log.length - 1000);
    });
    client.onDidChangeState((e) => {
      if (e.newState === lc.State.Running) this.serverStarted.fire();
    });
    this.client = client;
    try {
      await client.start();
    } catch (err) {
      ctx.output.error(`the language server did not start: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
    if (this.disposed) {
      await client.dispose();
      return undefined;
    }
    ctx.output.info(`language server ready in ${(performance.now() - started).toFixed(0)} ms`);
    return client;
  }

  /** The server's findings as shown in this editor: none for a deleted file no tab shows, and not those
   *  VS Code's own validator already reports on `skill` documents (unless the setting asks for them). */
  private shown(uri: vscode.Uri, diagnostics: vscode.Diagnostic[]): vscode.Diagnostic[] {
    if (isOrphaned(uri)) return [];
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (doc?.languageId !== 'skill' || this.ctx.config.diagnostics.showOverlapping) return diagnostics;
    return diagnostics.filter((d) => !OVERLAPPING_CODES.has(codeOf(d)));
  }

  private closed(lc: ClientModule): { action: number; message?: string; handled?: boolean } {
    if (this.disposed) return { action: lc.CloseAction.DoNotRestart, handled: true };
    const now = Date.now();
    this.restarts.push(now);
    while (this.restarts.length && (this.restarts[0] as number) < now - RESTART_WINDOW_MS) this.restarts.shift();
    if (this.restarts.length > MAX_RESTARTS) {
      const message = `Skill Author: the language server stopped ${this.restarts.length} times in 3 minutes and will not be restarted. Findings, hovers and completions are off until you run "Developer: Reload Window". See the output for why.`;
      void vscode.window.showErrorMessage(message, 'Show Output').then((a) => a && this.ctx.output.show(true));
      return { action: lc.CloseAction.DoNotRestart, message, handled: true };
    }
    const message = 'Skill Author: the language server stopped unexpectedly and was restarted.';
    this.ctx.output.warn(message);
    void vscode.window.showWarningMessage(message, 'Show Output').then((a) => a && this.ctx.output.show(true));
    return { action: lc.CloseAction.Restart, message, handled: true };
  }

  /** Stop and start again (trust granted): the server reads trust only at start. */
  async restart(why: string): Promise<void> {
    const client = await this.starting;
    if (!client || this.disposed) return;
    this.ctx.output.info(`restarting the language server: ${why}`);
    client.clientOptions.initializationOptions = { ...serverSettings(this.ctx.config), trusted: vscode.workspace.isTrusted };
    await client.restart();
  }

  dispose(): void {
    this.disposed = true;
    for (const d of this.subscriptions.splice(0)) d.dispose();
    void this.client?.dispose();
  }
}

/**
 * The output channel the language client writes to: our log channel, each of the server's lines at its own
 * level. The client writes `[Error - 1:54:41 PM] text` with `appendLine` (which a log channel files as info);
 * here the prefix becomes the level, so the server's errors and warnings are filtered and coloured as such.
 */
function levelled(out: vscode.LogOutputChannel): vscode.OutputChannel {
  const LINE = /^\[(Error|Warn|Info|Debug|Trace) *- [^\]]*\] ([\s\S]*)$/;
  return {
    name: out.name,
    append: (value) => out.append(value),
    appendLine: (value) => {
      const m = LINE.exec(value);
      const text = m?.[2] ?? value;
      switch (m?.[1]) {
        case 'Error':
          return out.error(text);
        case 'Warn':
          return out.warn(text);
        case 'Debug':
          return out.debug(text);
        case 'Trace':
          return out.trace(text);
        default:
          return out.info(text);
      }
    },
    replace: (value) => out.replace(value),
    clear: () => out.clear(),
    show: (a?: vscode.ViewColumn | boolean, b?: boolean) => (typeof a === 'boolean' || a === undefined ? out.show(a) : out.show(b)),
    hide: () => out.hide(),
    // The channel is the context's: it outlives a client restart.
    dispose: () => undefined,
  };
}

function codeOf(d: vscode.Diagnostic): string {
  const c = d.code;
  return typeof c === 'object' && c !== null ? String(c.value) : String(c ?? '');
}

/** Starts the language server a moment after activation (activation itself stays cheap). */
export function register(ctx: SkillAuthorContext): vscode.Disposable {
  const client = new SkillClient(ctx);
  ctx.provide(CLIENT, client);
  const timer = setImmediate(() => void client.start());
  return vscode.Disposable.from(client, { dispose: () => clearImmediate(timer) });
}
