// The workspace: its folders are the skill roots; with `background` on, every SKILL.md of the roots has its
// findings published, open or not (a scan after start, again when files change); the client's
// configuration section `skillAuthor` is read after start and on change; watched files re-judge.

import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ClientCapabilities, type Connection, DidChangeWatchedFilesNotification, FileChangeType } from 'vscode-languageserver';
import { documentPath, fileOf, kindOf } from '../documents';
import { toLspDiagnostic } from '../convert';
import { agentsFileDiagnostics } from '../features/diagnostics';
import type { SkillService } from '../service';
import { mergeSettings } from '../settings';
import type { DocumentHandler } from './documents';
import { messageOf } from './guard';
import { collectGarbage } from '../memory';
import { ScannedNotification } from '../../shared/protocol';

export class WorkspaceHandler {
  /** Files whose findings the background scan published (to clear them when they go). */
  private published = new Set<string>();
  private scanning: AbortController | null = null;
  private rescan: NodeJS.Timeout | undefined;

  constructor(
    private readonly connection: Connection,
    private readonly service: SkillService,
    private readonly docs: DocumentHandler,
    private readonly caps: ClientCapabilities,
  ) {
    connection.onDidChangeConfiguration(() => void this.readConfiguration());
    connection.onDidChangeWatchedFiles((e) => {
      for (const c of e.changes) {
        const file = fileOf(c.uri);
        if (!file) continue;
        // Any other file: the supporting-file findings (link-broken, script-not-executable) of the open skills
        // whose folder holds it are checked again; nothing else reads it.
        if (!kindOf(c.uri) && !this.service.isAgentsFile(file) && !this.service.configFiles().includes(path.resolve(file))) {
          this.docs.supportingFileChanged(file);
          continue;
        }
        this.docs.saved(file);
        if (c.type !== FileChangeType.Changed || kindOf(c.uri) === 'skill' || kindOf(c.uri) === 'agents' || this.service.isAgentsFile(file))
          this.scheduleScan();
      }
    });
  }

  async initialized(): Promise<void> {
    if (this.caps.workspace?.workspaceFolders) {
      this.connection.workspace.onDidChangeWorkspaceFolders((e) => {
        this.service.workspace.addFolders(
          e.added.map((f) => f.uri),
          e.removed.map((f) => f.uri),
        );
        this.service.applyRoots();
        this.service.invalidate();
        this.docs.recheckAll();
        this.scheduleScan();
      });
    }
    await this.readConfiguration();
    // Clients that watch files for their servers: every SKILL.md and agents file, and the runtimes'
    // configuration files (Hermes's config.yaml and .env, openclaw.json) wherever they are.
    if (this.caps.workspace?.didChangeWatchedFiles?.dynamicRegistration) {
      // Every file, as the extension watches them: a supporting file created, deleted or made executable changes
      // the findings of the open skill whose folder holds it.
      const watchers = ['**/*', ...this.service.configFiles()].map((globPattern) => ({ globPattern }));
      this.connection.client
        .register(DidChangeWatchedFilesNotification.type, { watchers })
        .catch((e: unknown) => this.connection.console.warn(`watching files failed: ${messageOf(e)}`));
    }
    // A moment for the client to open its first documents: their findings come before the roots' scan.
    this.scheduleScan(300);
  }

  /** The client's `skillAuthor` section over the initialization options (never `trusted`). */
  async readConfiguration(): Promise<void> {
    if (!this.caps.workspace?.configuration) return;
    try {
      const section: unknown = await this.connection.workspace.getConfiguration('skillAuthor');
      if (section === null || section === undefined) return;
      const problems: string[] = [];
      const next = mergeSettings(this.service.settings, section, false, problems);
      for (const p of problems) this.connection.console.warn(p);
      this.service.configure(next);
      this.docs.recheckAll();
      this.scheduleScan();
    } catch (e) {
      this.connection.console.warn(`reading the skillAuthor configuration failed: ${messageOf(e)}`);
    }
  }

  scheduleScan(delay = 500): void {
    if (this.rescan) clearTimeout(this.rescan);
    this.rescan = setTimeout(() => void this.scan(), delay);
  }

  /** One scan of every root (on the server's own thread of work, never the editor's): the known binaries for
   *  completion, and with `background` the findings of every skill no editor has open. */
  private async scan(): Promise<void> {
    // The documents the user opened come first: their checks share the tree runtimes' reports anyway.
    if (this.docs.busy()) return this.scheduleScan(100);
    this.scanning?.abort();
    const abort = (this.scanning = new AbortController());
    const t0 = performance.now();
    try {
      await this.agentsFiles(abort.signal);
      const open = this.docs.documents.all();
      const { skills, entries } = await this.service.scan(undefined, open, abort.signal);
      if (abort.signal.aborted) return;
      this.connection.console.info(
        `scanned ${skills.length} skill${skills.length === 1 ? '' : 's'} in ${this.service.workspace.roots().length} root(s) in ${Math.round(performance.now() - t0)} ms`,
      );
      const openFiles = new Set(open.map((d) => path.resolve(documentPath(d.uri))));
      const now = new Set<string>();
      if (this.service.settings.background) {
        for (let i = 0; i < skills.length; i++) {
          const file = skills[i]?.location.file as string;
          if (openFiles.has(file)) continue;
          now.add(file);
          const entry = entries[i];
          await this.connection.sendDiagnostics({ uri: pathToFileURL(file).href, diagnostics: (entry?.diagnostics ?? []).map((d) => toLspDiagnostic(d)) });
        }
      }
      for (const gone of this.published)
        if (!now.has(gone) && !openFiles.has(gone)) await this.connection.sendDiagnostics({ uri: pathToFileURL(gone).href, diagnostics: [] });
      this.published = now;
      // Once this frame (holding the scan's skills) is gone.
      setTimeout(collectGarbage, 0);
      await this.connection.sendNotification(ScannedNotification.type, { skills: skills.length, ms: Math.round(performance.now() - t0) });
    } catch (e) {
      if (!abort.signal.aborted) this.connection.console.error(`scanning the skill roots failed: ${messageOf(e)}`);
    } finally {
      if (this.scanning === abort) this.scanning = null;
    }
  }

  /** Agents files published (to clear them when they are no longer in use). */
  private agentsPublished = new Set<string>();

  /** Reads the agents files in use again and publishes the problems of those no editor has open (an open one's
   *  come from its text, with the other documents'). */
  private async agentsFiles(signal: AbortSignal): Promise<void> {
    try {
      await this.service.loadAgentsFiles();
    } catch (e) {
      this.connection.console.warn(`reading the agents files failed: ${messageOf(e)}`);
      return;
    }
    const now = new Set<string>();
    for (const file of this.service.agentsFiles) {
      const uri = pathToFileURL(file.path).href;
      if (this.docs.documents.get(uri) && kindOf(uri) === 'agents') continue;
      const diagnostics = await agentsFileDiagnostics(this.service, file);
      if (signal.aborted) return;
      now.add(uri);
      await this.connection.sendDiagnostics({ uri, diagnostics });
    }
    for (const uri of this.agentsPublished) if (!now.has(uri) && !this.docs.documents.get(uri)) await this.connection.sendDiagnostics({ uri, diagnostics: [] });
    this.agentsPublished = now;
  }

  dispose(): void {
    this.scanning?.abort();
    if (this.rescan) clearTimeout(this.rescan);
  }
}
