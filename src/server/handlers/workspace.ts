// The workspace: its folders are the skill roots, scanned once into the skills model (src/server/skills.ts)
// and kept current from the client's file events; with `background` on, every SKILL.md of the roots has its
// findings published, open or not, as the model's changes come; the client's configuration section
// `skillAuthor` is read after start and on change; watched files re-judge.
//
// A client that pulls (workspace/diagnostic) is answered from the model once it is idle, and from the last
// pass over the agents files (waiting for the pass that is due when something changed since); once it has
// pulled, nothing of the roots is pushed to it any more (what was pushed is cleared), so it gets each finding
// once.

import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type ClientCapabilities,
  type Disposable,
  type FileSystemWatcher,
  type Connection,
  type Diagnostic,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type ResultProgressReporter,
  type WorkspaceDiagnosticParams,
  type WorkspaceDiagnosticReport,
  type WorkspaceDiagnosticReportPartialResult,
  type WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver';
import { documentPath, fileOf, kindOf } from '../documents';
import { toLspDiagnostic } from '../convert';
import type { Entry } from '../../core/check/entry';
import { agentsFileDiagnostics, resultIdOf } from '../features/diagnostics';
import type { SkillService } from '../service';
import { mergeSettings } from '../settings';
import { isUnder } from '../workspace';
import type { DocumentHandler } from './documents';
import { messageOf, Wakeup } from './guard';
import { collectGarbage } from '../memory';
import { ScannedNotification } from '../../shared/protocol';
import type { FileEvent, ModelChange, SkillModel } from '../skills';

/** A workspace report's items are sent (or made) this many at a time, the server answering others between. */
const CHUNK = 500;

/** The findings of one file of the roots as the last scan made them (for workspace/diagnostic). */
interface ScannedFile {
  diagnostics: Diagnostic[];
  resultId: string;
}

export class WorkspaceHandler {
  private scanning: AbortController | null = null;
  private rescan: NodeJS.Timeout | undefined;
  /** Scans asked for so far (each change that may change findings asks for one), and the last one made: its
   *  findings by URI (kept only for a client that pulls), or why it failed. */
  private scansAsked = 0;
  private lastScan: { asked: number; files: Map<string, ScannedFile> | null; error: string | null } | null = null;
  private readonly scanDone = new Wakeup();
  /** The client has pulled the workspace's findings: they are no longer pushed. */
  private workspacePulled = false;
  private disposed = false;

  constructor(
    private readonly connection: Connection,
    private readonly service: SkillService,
    private readonly docs: DocumentHandler,
    private readonly caps: ClientCapabilities,
    private readonly model: SkillModel,
  ) {
    model.onScanned = (skills, ms) => {
      void connection.sendNotification(ScannedNotification.type, { skills, ms });
      // Once the scan's frames (its catalogs) are gone.
      setTimeout(collectGarbage, 0);
    };
    // Until the new section is read and applied, the model is not idle: a client asking for its skills right
    // after changing a setting gets the skills judged with it.
    connection.onDidChangeConfiguration(() => void this.model.track(this.readConfiguration()));
    connection.onDidChangeWatchedFiles((e) => {
      const events = e.changes.flatMap((c): Array<FileEvent & { uri: string }> => {
        const file = fileOf(c.uri);
        const kind = c.type === FileChangeType.Created ? 'created' : c.type === FileChangeType.Deleted ? 'deleted' : 'changed';
        return file ? [{ file, kind, uri: c.uri }] : [];
      });
      this.model.filesChanged(events);
      // Asked once per notification: an `npm install` in a skill folder is thousands of events.
      let configs: Set<string> | undefined;
      for (const { file, kind, uri } of events) {
        // Any other file: the supporting-file findings (link-broken, script-not-executable) of the open skills
        // whose folder holds it are checked again; nothing else reads it.
        configs ??= new Set(this.service.configFiles());
        if (!kindOf(uri) && !this.service.isAgentsFile(file) && !configs.has(path.resolve(file))) {
          this.docs.supportingFileChanged(file);
          continue;
        }
        this.docs.saved(file);
        if (kind !== 'changed' || kindOf(uri) === 'skill' || kindOf(uri) === 'agents' || this.service.isAgentsFile(file)) this.scheduleScan();
      }
      // The changes are taken in: a pull now waits for the checks and the scan they started.
      this.docs.onInvalidated?.();
    });
  }

  async initialized(): Promise<void> {
    if (this.caps.workspace?.workspaceFolders) {
      this.connection.workspace.onDidChangeWorkspaceFolders((e) => {
        this.service.workspace.addFolders(e.added, e.removed);
        this.service.applyRoots();
        this.service.invalidate();
        this.model.foldersChanged();
        void this.watch();
        this.docs.recheckAll();
        this.scheduleScan();
        this.docs.onInvalidated?.();
      });
    }
    // The model's first scan waits until the client watches files (the configuration read first: it names
    // the runtimes' configuration files), so no skill created meanwhile is missed.
    let watching!: () => void;
    this.model.startAfter(new Promise<void>((resolve) => (watching = resolve)), 300);
    try {
      await this.readConfiguration();
      await this.watch();
    } finally {
      watching();
    }
    // A moment for the client to open its first documents: their findings come before the roots' scan.
    this.scheduleScan(300);
  }

  /** What the client watches for this server, as last registered (JSON), and its registration. */
  private watched = '';
  private watching: Promise<Disposable | null> | null = null;

  /**
   * Asks a client that watches files for its servers to watch every file of the workspace folders (a
   * supporting file created, deleted or made executable changes the findings of the skill whose folder holds
   * it), of the other skill roots (the `roots` setting's, the personal ones: outside the workspace, a plain
   * glob would not reach them), and the runtimes' configuration files (Hermes's config.yaml and .env,
   * openclaw.json) wherever they are. Registered again when those change.
   */
  private async watch(): Promise<void> {
    const caps = this.caps.workspace?.didChangeWatchedFiles;
    if (!caps?.dynamicRegistration) return;
    const folders = this.service.workspace.folderPaths();
    const outside = this.service.workspace.roots().filter((r) => !folders.some((f) => r === f || isUnder(r, f)));
    const watchers: FileSystemWatcher[] = [
      { globPattern: '**/*' },
      ...outside.map((r): FileSystemWatcher => ({
        globPattern: caps.relativePatternSupport ? { baseUri: pathToFileURL(r).href, pattern: '**/*' } : `${r.split(path.sep).join('/')}/**/*`,
      })),
      ...this.service.configFiles().map((f): FileSystemWatcher => ({ globPattern: f })),
    ];
    const key = JSON.stringify(watchers);
    if (key === this.watched) return;
    this.watched = key;
    const before = this.watching;
    this.watching = this.connection.client.register(DidChangeWatchedFilesNotification.type, { watchers }).catch((e: unknown) => {
      this.connection.console.warn(`watching files failed: ${messageOf(e)}`);
      return null;
    });
    (await before)?.dispose();
    await this.watching;
  }

  /** The client's `skillAuthor` section over the initialization options (never `trusted`). */
  async readConfiguration(): Promise<void> {
    if (!this.caps.workspace?.configuration) return;
    try {
      const section: unknown = await this.connection.workspace.getConfiguration('skillAuthor');
      if (section === null || section === undefined) return;
      const problems: string[] = [];
      const before = this.service.settings;
      const next = mergeSettings(before, section, false, problems);
      for (const p of problems) this.connection.console.warn(p);
      this.service.configure(next);
      if (JSON.stringify(before) !== JSON.stringify(next)) {
        const rootKeys = (s: typeof next): string => JSON.stringify([s.roots, s.defaultRoots, s.agentsFile]);
        this.model.settingsChanged(rootKeys(before) !== rootKeys(next));
        // Other roots, or other runtime configuration files, to watch (once watching began).
        if (this.watching) await this.watch();
      }
      this.docs.recheckAll();
      this.scheduleScan();
      this.docs.onInvalidated?.();
    } catch (e) {
      this.connection.console.warn(`reading the skillAuthor configuration failed: ${messageOf(e)}`);
    }
  }

  scheduleScan(delay = 500): void {
    this.scansAsked++;
    if (this.rescan) clearTimeout(this.rescan);
    this.rescan = setTimeout(() => void this.scan(), delay);
  }

  /** The agents files' pass after a change (their problems, which name listed skills that are missing, read
   *  the disk): the skills' findings come from the model, which the roots are scanned into once. */
  private async scan(): Promise<void> {
    this.rescan = undefined;
    // The documents the user opened come first.
    if (this.docs.busy()) {
      if (this.rescan) clearTimeout(this.rescan);
      this.rescan = setTimeout(() => void this.scan(), 100);
      return;
    }
    this.scanning?.abort();
    const abort = (this.scanning = new AbortController());
    const asked = this.scansAsked;
    try {
      const files = await this.agentsFiles(abort.signal);
      if (abort.signal.aborted) return;
      this.scanned({ asked, files, error: null });
    } catch (e) {
      if (!abort.signal.aborted) {
        this.connection.console.error(`reading the agents files failed: ${messageOf(e)}`);
        this.scanned({ asked, files: null, error: messageOf(e) });
      }
    } finally {
      if (this.scanning === abort) this.scanning = null;
    }
  }

  /** Per file, the resultId of the findings background pushed for it (to send only what changed, and to clear
   *  them when the skill goes). */
  private pushed = new Map<string, string>();

  /** A batch of the skills model's changes: the binaries completion offers, and with `background` the findings
   *  of each changed skill no editor has open (an open one's come from its own checks). */
  async modelChanged(change: ModelChange): Promise<void> {
    if (change.changed.length || change.removed.length || change.all) this.service.knownBinsFrom(() => this.model.knownBins());
    const push = this.service.settings.background && !this.workspacePulled;
    const clear = async (file: string): Promise<void> => {
      if (this.pushed.delete(file) && !this.docs.documents.get(pathToFileURL(file).href))
        await this.connection.sendDiagnostics({ uri: pathToFileURL(file).href, diagnostics: [] });
    };
    if (!push) {
      for (const file of [...this.pushed.keys()]) await clear(file);
      return;
    }
    for (const file of change.removed) await clear(file);
    if (change.all) for (const file of [...this.pushed.keys()]) if (!this.model.get(file)) await clear(file);
    // Every skill once background is turned on or after a rescan; else those of the batch.
    const records = change.all ? this.model.all() : change.changed;
    let n = 0;
    for (const r of records) {
      const uri = pathToFileURL(r.file).href;
      if (this.docs.documents.get(uri)) {
        // Open: its checks publish it; once closed, the model's reading of the file is pushed again.
        this.pushed.delete(r.file);
        continue;
      }
      if (!r.entry) continue;
      const diagnostics = fileDiagnostics(r);
      const resultId = resultIdOf(diagnostics);
      if (this.pushed.get(r.file) === resultId) continue;
      this.pushed.set(r.file, resultId);
      await this.connection.sendDiagnostics({ uri, diagnostics });
      if (++n % CHUNK === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** The findings of every skill of the model, once it is idle (open documents are answered from their
   *  checks; these are what the files on disk hold). */
  private async modelFiles(signal: AbortSignal): Promise<Map<string, ScannedFile>> {
    await Promise.race([this.model.whenIdle(), new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }))]);
    if (signal.aborted) throw new Error('cancelled');
    const out = new Map<string, ScannedFile>();
    for (const r of this.model.all()) {
      if (!r.entry) continue;
      const diagnostics = fileDiagnostics(r);
      out.set(pathToFileURL(r.file).href, { diagnostics, resultId: resultIdOf(diagnostics) });
    }
    return out;
  }

  /** Agents files published (to clear them when they are no longer in use). */
  private agentsPublished = new Set<string>();

  /** Reads the agents files in use again and publishes the problems of those no editor has open (an open one's
   *  come from its text, with the other documents'), unless the client pulls them. Returns every agents
   *  file's problems as the file on disk has them (for workspace/diagnostic). */
  private async agentsFiles(signal: AbortSignal): Promise<Map<string, ScannedFile>> {
    const out = new Map<string, ScannedFile>();
    try {
      await this.service.loadAgentsFiles();
    } catch (e) {
      this.connection.console.warn(`reading the agents files failed: ${messageOf(e)}`);
      return out;
    }
    const now = new Set<string>();
    // With their agents.d/ drop-ins: a drop-in's problems are published on it.
    for (const file of this.service.agentsConfigFiles()) {
      const uri = pathToFileURL(file.path).href;
      const open = this.docs.documents.get(uri) !== undefined && kindOf(uri) === 'agents';
      if (open && !this.docs.pull) continue;
      const diagnostics = await agentsFileDiagnostics(this.service, file);
      if (signal.aborted) return out;
      out.set(uri, { diagnostics, resultId: resultIdOf(diagnostics) });
      if (open || this.workspacePulled) continue;
      now.add(uri);
      await this.connection.sendDiagnostics({ uri, diagnostics });
    }
    for (const uri of this.agentsPublished) if (!now.has(uri) && !this.docs.documents.get(uri)) await this.connection.sendDiagnostics({ uri, diagnostics: [] });
    this.agentsPublished = now;
    return out;
  }

  private scanned(scan: NonNullable<WorkspaceHandler['lastScan']>): void {
    this.lastScan = scan;
    this.scanDone.wake();
  }

  /** The findings of the last scan, once no change since asks for another (waiting for that one). */
  private async scanResult(signal: AbortSignal): Promise<Map<string, ScannedFile>> {
    for (;;) {
      if (signal.aborted) throw new Error('cancelled');
      const last = this.lastScan;
      if (last && last.asked === this.scansAsked) {
        if (last.files) return last.files;
        throw new Error(`scanning the skill roots failed: ${last.error ?? 'unknown'}`);
      }
      // A scan is due (every change asks for one): wait until it is made.
      if (this.disposed) throw new Error('the server is shutting down');
      if (!this.rescan && !this.scanning) this.scheduleScan(0);
      await this.scanDone.wait(signal);
    }
  }

  /** workspace/diagnostic: every SKILL.md of the roots and every agents file as the last scan found them,
   *  open documents at their version (their own check's findings); `unchanged` where the client's previous
   *  resultId still holds, an empty report for a file it had that is gone. With a partial-result token the
   *  items are streamed (open documents first, then the roots' files, CHUNK at a time); the server answers
   *  other requests between chunks, and the request's cancellation stops it. */
  async workspaceDiagnostics(
    params: WorkspaceDiagnosticParams,
    signal: AbortSignal,
    progress: ResultProgressReporter<WorkspaceDiagnosticReportPartialResult> | undefined,
  ): Promise<WorkspaceDiagnosticReport> {
    if (!this.workspacePulled) {
      this.workspacePulled = true;
      // From now on the client pulls the roots' findings: clear what was pushed of them.
      for (const file of this.pushed.keys())
        if (!this.docs.documents.get(pathToFileURL(file).href)) await this.connection.sendDiagnostics({ uri: pathToFileURL(file).href, diagnostics: [] });
      for (const uri of this.agentsPublished) await this.connection.sendDiagnostics({ uri, diagnostics: [] });
      this.pushed = new Map();
      this.agentsPublished = new Set();
    }
    const previous = new Map<string, string>();
    for (const p of Array.isArray(params?.previousResultIds) ? params.previousResultIds : [])
      if (p && typeof p.uri === 'string' && typeof p.value === 'string') previous.set(p.uri, p.value);
    const all: WorkspaceDocumentDiagnosticReport[] = [];
    const send = (items: WorkspaceDocumentDiagnosticReport[]): void => {
      if (items.length === 0) return;
      if (progress) progress.report({ items });
      else all.push(...items);
    };
    const item = (uri: string, version: number | null, r: ScannedFile): WorkspaceDocumentDiagnosticReport =>
      previous.get(uri) === r.resultId
        ? { kind: 'unchanged', uri, version, resultId: r.resultId }
        : { kind: 'full', uri, version, resultId: r.resultId, items: r.diagnostics };
    // Open documents first: at their version, from their text.
    const openFiles = new Set<string>();
    const openItems: WorkspaceDocumentDiagnosticReport[] = [];
    for (const doc of this.docs.documents.all()) {
      if (!kindOf(doc.uri)) continue;
      let r: Awaited<ReturnType<DocumentHandler['current']>>;
      try {
        r = await this.docs.current(doc.uri, signal);
      } catch (e) {
        if (signal.aborted) throw e;
        // Its check failed (said in the log when it did): the other files are still reported.
        continue;
      }
      if (!r) continue;
      openFiles.add(path.resolve(documentPath(doc.uri)));
      openItems.push(item(doc.uri, r.version, r));
    }
    send(openItems);
    const files = new Map([...(await this.scanResult(signal)), ...(await this.modelFiles(signal))]);
    const seen = new Set(openItems.map((i) => i.uri));
    let chunk: WorkspaceDocumentDiagnosticReport[] = [];
    const flush = async (): Promise<void> => {
      send(chunk);
      chunk = [];
      // Let the server answer what else came in; a cancelled request stops here.
      await new Promise((resolve) => setImmediate(resolve));
      if (signal.aborted) throw new Error('cancelled');
    };
    for (const [uri, r] of files) {
      seen.add(uri);
      const file = fileOf(uri);
      if (file && openFiles.has(path.resolve(file))) continue;
      chunk.push(item(uri, null, r));
      if (chunk.length >= CHUNK) await flush();
    }
    // What the client had that is gone (deleted, or no longer in a root): no findings.
    const none = { diagnostics: [], resultId: resultIdOf([]) };
    for (const uri of previous.keys()) if (!seen.has(uri) && kindOf(uri)) chunk.push(item(uri, null, none));
    await flush();
    return { items: progress ? [] : all };
  }

  dispose(): void {
    this.disposed = true;
    this.scanDone.wake();
    this.scanning?.abort();
    if (this.rescan) clearTimeout(this.rescan);
  }
}

/** A skill file's findings as an editor shows the file: without its byte-order mark (columns of line 1 move
 *  one to the left), as VS Code and Neovim show it. */
function fileDiagnostics(r: { entry: Entry | undefined; analysis: { bom: boolean } | undefined }): Diagnostic[] {
  const shift = r.analysis?.bom ? 1 : 0;
  return (r.entry?.diagnostics ?? []).map((d) => toLspDiagnostic(d, shift));
}
