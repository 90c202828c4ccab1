// Open documents: analyzed after each change once the client has been quiet for `debounceMs` (longer for
// huge documents), their findings published with the document's version. A newer change cancels a check
// still running; a result for an older version is dropped. Saving a file re-judges the open skills of its
// root (Hermes and OpenClaw read the saved tree); saving a runtime's configuration re-judges all of them.
//
// Each check's findings are kept with the version they are for (and a resultId, a hash of them): a client
// that pulls (textDocument/diagnostic) gets that check, waiting for it when it is still to come, and is never
// also sent them (pushed) — one check per version either way.

import * as path from 'node:path';
import { type Connection, type Diagnostic, TextDocuments } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CheckedNotification } from '../../shared/protocol';
import { documentPath, fileOf, HUGE_CHARS, kindOf } from '../documents';
import {
  agentsDiagnostics,
  extensionsConfigDiagnostics,
  manifestDiagnostics,
  openclawDiagnostics,
  resultIdOf,
  type SkillCheck,
  skillDiagnostics,
} from '../features/diagnostics';
import type { SkillService } from '../service';
import { isUnder } from '../workspace';
import { openClawVersionOf } from '../../core/runtimes/openclaw';
import { messageOf, Wakeup } from './guard';

/** The findings of one version of an open document (or why they could not be made). */
export type DocumentResult = { version: number; diagnostics: Diagnostic[]; resultId: string } | { version: number; error: string };

/** An analysis slower than this is logged and throttles that document's next checks. */
const SLOW_MS = 50;

export class DocumentHandler {
  readonly documents = new TextDocuments(TextDocument);
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, AbortController>();
  /** Per document, how long its last analysis took (ms): a slow document waits longer before the next. */
  private readonly lastMs = new Map<string, number>();
  /** When each waiting check is due (performance.now()), to say how late its start was. */
  private readonly due = new Map<string, number>();
  /** Called after each publish (the bench and the background scan listen). */
  onPublished: ((uri: string) => void) | undefined;
  /** Per open document, its last check's findings (removed when it is to be checked again). */
  private readonly results = new Map<string, DocumentResult>();
  /** Pulls waiting for a check to end. */
  private readonly checkEnded = new Wakeup();
  /** Called when files changed on disk, the settings or the probes: clients that pull are asked to again. */
  onInvalidated: (() => void) | undefined;
  /** Told when a SKILL.md is opened, after each of its checks (once published), and when it is closed (the
   *  skills model follows open documents). */
  onSkillOpened: ((uri: string) => void) | undefined;
  onSkillChecked: ((uri: string, version: number, check: SkillCheck) => void) | undefined;
  onSkillClosed: ((uri: string) => void) | undefined;

  /** `pull`: the client pulls the findings of open documents (textDocument/diagnostic); none are pushed. */
  constructor(
    private readonly connection: Connection,
    private readonly service: SkillService,
    readonly pull = false,
  ) {
    const docs = this.documents;
    docs.onDidOpen((e) => {
      if (!kindOf(e.document.uri)) return;
      service.documents.markClean(e.document);
      this.opened.set(e.document.uri, e.document.version);
      if (kindOf(e.document.uri) === 'skill') this.onSkillOpened?.(e.document.uri);
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
      this.onInvalidated?.();
    });
    docs.onDidClose((e) => {
      this.cancel(e.document.uri);
      this.lastMs.delete(e.document.uri);
      this.results.delete(e.document.uri);
      this.opened.delete(e.document.uri);
      this.wake();
      service.documents.forget(e.document.uri);
      service.manifests.forget(e.document.uri);
      service.forgetCheck(e.document.uri);
      // A client that pulls forgets a closed document's findings itself.
      if (kindOf(e.document.uri) && !this.pull) void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
      if (kindOf(e.document.uri) === 'skill') this.onSkillClosed?.(e.document.uri);
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
    // A manifest or the extensions configuration: every open one is judged with the others.
    if (kindOf(abs) === 'manifest' || kindOf(abs) === 'extensions-config')
      this.recheckAll((doc) => kindOf(doc.uri) === 'manifest' || kindOf(doc.uri) === 'extensions-config');
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
      return f !== null && isUnder(abs, path.dirname(path.resolve(f)));
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
    this.due.delete(uri);
    this.running.get(uri)?.abort();
    this.running.delete(uri);
  }

  /** Checks the document after `delay` ms (0: on open; default: the debounce). A huge document is never
   *  checked at once, not even on open (at least 1000 ms), and one whose last analysis took over SLOW_MS
   *  waits twice that long, so analysis takes at most a third of the time. */
  schedule(doc: TextDocument, delay?: number): void {
    this.cancel(doc.uri);
    // What was found may no longer hold: a pull waits for this check.
    this.results.delete(doc.uri);
    const base = this.service.settings.debounceMs;
    let wait = delay ?? base;
    const last = this.lastMs.get(doc.uri) ?? 0;
    const huge = doc.getText().length > HUGE_CHARS;
    if (huge || last > SLOW_MS) wait = Math.max(base, 2 * last, huge ? 1000 : 0);
    this.due.set(doc.uri, performance.now() + wait);
    this.timers.set(
      doc.uri,
      setTimeout(() => {
        this.timers.delete(doc.uri);
        const late = performance.now() - (this.due.get(doc.uri) ?? performance.now());
        this.due.delete(doc.uri);
        void this.check(doc.uri, doc.version, late);
      }, wait),
    );
  }

  /** `lateMs`: how long after its debounce the check started (the server's thread busy with other work). */
  private async check(uri: string, version: number, lateMs = 0): Promise<void> {
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
      if (!abort.signal.aborted) {
        this.connection.console.error(`checking ${uri} failed: ${messageOf(e)}`);
        if (this.documents.get(uri)?.version === version) this.results.set(uri, { version, error: messageOf(e) });
      }
      return;
    } finally {
      if (this.running.get(uri) === abort) this.running.delete(uri);
      this.wake();
    }
    if (abort.signal.aborted || this.documents.get(uri)?.version !== version) return;
    this.results.set(uri, { version, diagnostics, resultId: resultIdOf(diagnostics) });
    this.wake();
    if (!this.pull) await this.connection.sendDiagnostics({ uri, version, diagnostics });
    if (checked) {
      this.service.rememberCheck(uri, version, checked.entry, checked.skill);
      await this.connection.sendNotification(CheckedNotification.type, {
        uri,
        version,
        entry: checked.entry,
        status: checked.skill.status,
        ms: Math.round(checked.ms * 10) / 10,
        lateMs: Math.round(lateMs * 10) / 10,
      });
      if (this.documents.get(uri)?.version === version) this.onSkillChecked?.(uri, version, checked);
    }
    this.onPublished?.(uri);
  }

  /** The findings of the open document's current version: its check's, waited for when it is still to come
   *  (started now when none is); null when the document is not open (or the server does not serve it). A
   *  change meanwhile: the findings of the newer version. */
  async current(uri: string, signal: AbortSignal): Promise<{ version: number; diagnostics: Diagnostic[]; resultId: string } | null> {
    for (;;) {
      if (signal.aborted) throw new Error('cancelled');
      const doc = this.documents.get(uri);
      if (!doc || !kindOf(uri)) return null;
      const r = this.results.get(uri);
      if (r && r.version === doc.version) {
        if ('error' in r) throw new Error(r.error);
        return r;
      }
      if (!this.timers.has(uri) && !this.running.has(uri)) this.schedule(doc, 0);
      await this.checkEnded.wait(signal);
    }
  }

  private wake(): void {
    this.checkEnded.wake();
  }

  private async diagnose(doc: TextDocument): Promise<Diagnostic[]> {
    switch (kindOf(doc.uri)) {
      case 'agents':
        return agentsDiagnostics(this.service, doc);
      case 'openclaw':
        return openclawDiagnostics(doc, openClawVersionOf(this.service.context().ctx));
      case 'manifest':
        return manifestDiagnostics(this.service, doc);
      case 'extensions-config':
        return extensionsConfigDiagnostics(this.service, doc);
      default:
        return [];
    }
  }
}
