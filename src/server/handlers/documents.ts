// Open documents: analyzed after each change once the client has been quiet for `debounceMs` (longer for
// huge documents), their findings published with the document's version. A newer change cancels a check
// still running; a result for an older version is dropped. Saving a file re-judges the open skills of its
// root (Hermes and OpenClaw read the saved tree); saving a runtime's configuration re-judges all of them.

import * as path from 'node:path';
import { type Connection, type Diagnostic, TextDocuments } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CheckedNotification } from '../../shared/protocol';
import { documentPath, fileOf, HUGE_CHARS, kindOf } from '../documents';
import { agentsDiagnostics, openclawDiagnostics, type SkillCheck, skillDiagnostics } from '../features/diagnostics';
import type { SkillService } from '../service';
import { messageOf } from './guard';

/** An analysis slower than this is logged and throttles that document's next checks (the extension's rule). */
const SLOW_MS = 50;

export class DocumentHandler {
  readonly documents = new TextDocuments(TextDocument);
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, AbortController>();
  /** Per document, how long its last analysis took (ms): a slow document waits longer before the next. */
  private readonly lastMs = new Map<string, number>();
  /** Called after each publish (the bench and the background scan listen). */
  onPublished: ((uri: string) => void) | undefined;

  constructor(
    private readonly connection: Connection,
    private readonly service: SkillService,
  ) {
    const docs = this.documents;
    docs.onDidOpen((e) => {
      if (!kindOf(e.document.uri)) return;
      service.documents.markClean(e.document);
      this.schedule(e.document, 0);
    });
    docs.onDidChangeContent((e) => {
      // didOpen also fires a content change: the open handler scheduled it already.
      if (!kindOf(e.document.uri) || e.document.version === this.openedVersion(e.document)) return;
      this.schedule(e.document);
    });
    docs.onDidSave((e) => {
      if (!kindOf(e.document.uri)) return;
      service.documents.markClean(e.document);
      this.saved(documentPath(e.document.uri));
    });
    docs.onDidClose((e) => {
      this.cancel(e.document.uri);
      this.lastMs.delete(e.document.uri);
      service.documents.forget(e.document.uri);
      service.forgetCheck(e.document.uri);
      if (kindOf(e.document.uri)) void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
    });
    docs.listen(connection);
  }

  private readonly opened = new Map<string, number>();

  private openedVersion(doc: TextDocument): number | undefined {
    return this.opened.get(doc.uri);
  }

  /** A file on disk changed (saved here, or elsewhere): re-judge what depends on it. */
  saved(file: string): void {
    const abs = path.resolve(file);
    if (this.service.configFiles().includes(abs) || kindOf(abs) === 'openclaw' || kindOf(abs) === 'agents' || this.service.isAgentsFile(abs)) {
      this.service.invalidate();
      this.recheckAll();
    } else {
      this.service.invalidate([abs]);
      this.recheckAll((doc) => {
        const f = fileOf(doc.uri);
        return f !== null && this.service.workspace.rootOf(f) === this.service.workspace.rootOf(abs);
      });
    }
  }

  /** A file that is no SKILL.md changed on disk: the open skills whose folder holds it are checked again
   *  (their supporting-file findings read the folder). */
  supportingFileChanged(file: string): void {
    const abs = path.resolve(file);
    this.recheckAll((doc) => {
      if (kindOf(doc.uri) !== 'skill') return false;
      const f = fileOf(doc.uri);
      if (!f) return false;
      const rel = path.relative(path.dirname(path.resolve(f)), abs);
      return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
    });
  }

  /** Whether a document's check is waiting or running (the roots' scan waits for them: an opened file's
   *  findings come first). */
  busy(): boolean {
    return this.timers.size > 0 || this.running.size > 0;
  }

  /** Resolves once no document's check waits or runs. */
  async settled(): Promise<void> {
    while (this.busy()) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  recheckAll(which: (doc: TextDocument) => boolean = () => true): void {
    for (const doc of this.documents.all()) if (kindOf(doc.uri) && which(doc)) this.schedule(doc);
  }

  private cancel(uri: string): void {
    const t = this.timers.get(uri);
    if (t) clearTimeout(t);
    this.timers.delete(uri);
    this.running.get(uri)?.abort();
    this.running.delete(uri);
  }

  /** Checks the document after `delay` ms (0: on open; default: the debounce). As the extension does, a
   *  huge document is never checked at once, not even on open (at least 1000 ms), and one whose last
   *  analysis took over SLOW_MS waits twice that long, so analysis takes at most a third of the time. */
  schedule(doc: TextDocument, delay?: number): void {
    if (delay === 0) this.opened.set(doc.uri, doc.version);
    this.cancel(doc.uri);
    const base = this.service.settings.debounceMs;
    let wait = delay ?? base;
    const last = this.lastMs.get(doc.uri) ?? 0;
    const huge = doc.getText().length > HUGE_CHARS;
    if (huge || last > SLOW_MS) wait = Math.max(base, 2 * last, huge ? 1000 : 0);
    this.timers.set(
      doc.uri,
      setTimeout(() => {
        this.timers.delete(doc.uri);
        void this.check(doc.uri, doc.version);
      }, wait),
    );
  }

  private async check(uri: string, version: number): Promise<void> {
    const doc = this.documents.get(uri);
    if (!doc || doc.version !== version) return;
    const abort = new AbortController();
    this.running.set(uri, abort);
    let diagnostics: Diagnostic[];
    let checked: SkillCheck | null = null;
    try {
      if (kindOf(uri) === 'skill') {
        checked = await skillDiagnostics(this.service, doc, abort.signal);
        diagnostics = checked.diagnostics;
        this.lastMs.set(uri, checked.analysisMs);
        if (checked.analysisMs > SLOW_MS)
          this.connection.console.warn(`analysis of ${documentPath(uri)} (${doc.getText().length} characters) took ${Math.round(checked.analysisMs)} ms`);
      } else diagnostics = await this.diagnose(doc);
    } catch (e) {
      if (!abort.signal.aborted) this.connection.console.error(`checking ${uri} failed: ${messageOf(e)}`);
      return;
    } finally {
      if (this.running.get(uri) === abort) this.running.delete(uri);
    }
    if (abort.signal.aborted || this.documents.get(uri)?.version !== version) return;
    await this.connection.sendDiagnostics({ uri, version, diagnostics });
    if (checked) {
      this.service.rememberCheck(uri, version, checked.entry, checked.skill);
      await this.connection.sendNotification(CheckedNotification.type, {
        uri,
        version,
        entry: checked.entry,
        status: checked.skill.status,
        ms: Math.round(checked.ms * 10) / 10,
      });
    }
    this.onPublished?.(uri);
  }

  private async diagnose(doc: TextDocument): Promise<Diagnostic[]> {
    switch (kindOf(doc.uri)) {
      case 'agents':
        return agentsDiagnostics(this.service, doc);
      case 'openclaw':
        return openclawDiagnostics(doc);
      default:
        return [];
    }
  }
}
