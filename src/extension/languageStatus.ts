// The language status item of a SKILL.md (the `{}` entry next to the language in the status bar, the
// vscode-eslint habit): what the runtimes that read the skill in the active editor will do with it on this
// machine, judged as `check` judges it — the verdict that speaks for it (its worst runtime's) in that
// runtime's words ("nexo-rs: Loaded + banner · 2 missing", "Hermes: Needs setup · 1 missing", "OpenClaw:
// Hidden (os)", …) with the severity of its colour, the reasons and the other runtimes' verdicts as detail,
// and a link to the preview of what the model sees.
//
// It shows for every file named SKILL.md whatever its language id (`skill` in VS Code 1.139, markdown in
// older releases). The verdict is computed like the preview's (the editor's text, evaluated with the shared
// engine), after 150 ms of quiet following an edit; the item is busy while probes run, and follows the
// store's events (the file changed on disk, re-probe) and engine resets (trust, PATH or env settings).
import * as vscode from 'vscode';
import type { Entry } from '../core/runtimes/entry';
import { RUNTIME_LABELS } from '../core/runtimes/judge';
import { verdictLabel, verdictWords } from '../core/runtimes/words';
import type { SkillAuthorContext } from './context';
import { evaluateSkillFile, PREVIEW_DEBOUNCE_MS } from './preview';
import { skillFileOf } from './skills';

/** The item's text for a skill: the verdict that speaks for it (its worst runtime's) in that runtime's
 *  words, `· N missing` counting what hides it, gives it a banner or asks for setup. */
export function verdictText(entry: Entry): string {
  const label = `${RUNTIME_LABELS[entry.runtime]}: ${verdictLabel(entry, entry.mode)}`;
  if (entry.verdict === 'loaded' || entry.verdict === 'skipped_disabled' || entry.verdict === 'not_loadable' || entry.verdict === 'not_found') return label;
  let missing = 0;
  for (const [key, list] of Object.entries(entry.missing)) {
    if (Array.isArray(list)) missing += key === 'versions' ? (list as Array<{ reason: string }>).filter((v) => v.reason !== 'not_probed').length : list.length;
  }
  return missing > 0 ? `${label} · ${missing} missing` : label;
}

/** The item's detail: the reasons of the runtime that speaks for the skill, then the others' verdicts. */
export function verdictDetail(entry: Entry): string {
  const own = entry.runtimes.find((r) => r.runtime === entry.runtime)?.reasons.join(' ') ?? '';
  const others = entry.runtimes
    .filter((r) => r.runtime !== entry.runtime)
    .map((r) => `${RUNTIME_LABELS[r.runtime]}: ${verdictWords(r, r.runtime === 'nexo' ? entry.mode : undefined)}`);
  return others.length ? `${own} (${others.join('; ')})` : own;
}

/** Delay after activation before the item may start the skill store's scan (as the diagnostics do). */
const STORE_DELAY_MS = 500;

const SEVERITY: Record<Entry['color'], vscode.LanguageStatusSeverity> = {
  green: vscode.LanguageStatusSeverity.Information,
  amber: vscode.LanguageStatusSeverity.Warning,
  red: vscode.LanguageStatusSeverity.Error,
};

export class SkillLanguageStatus implements vscode.Disposable {
  readonly item = vscode.languages.createLanguageStatusItem('skillAuthor.verdict', { pattern: '**/SKILL.md' });
  /** Which runtimes judge the skill and why, with the runtime picker as its link. */
  readonly runtimesItem = vscode.languages.createLanguageStatusItem('skillAuthor.runtimes', { pattern: '**/SKILL.md' });
  private readonly subscriptions: vscode.Disposable[] = [];
  private storeListener: vscode.Disposable | undefined;
  private attachTimer: NodeJS.Timeout | undefined;
  private timer: NodeJS.Timeout | undefined;
  private generation = 0;
  /** The SKILL.md the item describes (undefined when the active editor holds none). */
  file: string | undefined;

  constructor(private readonly ctx: SkillAuthorContext) {
    this.item.name = 'Skill Author: what the agent does with this skill';
    this.item.text = 'Skill';
    this.runtimesItem.name = 'Skill Author: the runtimes this skill is judged for';
    this.runtimesItem.text = 'Runtimes';
    this.runtimesItem.command = { title: 'Select Runtimes', tooltip: 'Pin the runtimes every skill is judged for', command: 'skillAuthor.selectRuntimes' };
    this.subscriptions.push(
      this.item,
      this.runtimesItem,
      vscode.window.onDidChangeActiveTextEditor(() => this.follow()),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0 && this.file !== undefined && skillFileOf(e.document.uri) === this.file) this.schedule(PREVIEW_DEBOUNCE_MS);
      }),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (this.file !== undefined && skillFileOf(doc.uri) === this.file) this.schedule(0);
      }),
      ctx.onDidResetEngine(() => this.schedule(0)),
    );
    this.follow();
    // The store's events (file changed on disk, re-probe) matter only while a SKILL.md is described; its
    // scan is not started during activation (the diagnostics feature's delay).
    this.attachTimer = setTimeout(() => {
      this.attachTimer = undefined;
      if (this.file !== undefined) this.attachStore(true);
    }, STORE_DELAY_MS);
  }

  private attachStore(create: boolean): void {
    if (this.storeListener) return;
    const store = create ? this.ctx.store : this.ctx.storeIfCreated;
    this.storeListener = store?.onDidChange((c) => {
      if (this.file !== undefined && (c.all || c.changed.some((r) => r.file === this.file) || c.removed.includes(this.file)))
        this.schedule(PREVIEW_DEBOUNCE_MS);
    });
  }

  /** The active editor changed: describe its SKILL.md (if it holds none, VS Code hides the item anyway). */
  private follow(): void {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const file = uri ? skillFileOf(uri) : undefined;
    if (file === this.file) return;
    this.file = file;
    if (file) this.schedule(0);
  }

  private schedule(delayMs: number): void {
    // Busy from now on: what the item shows is about to be replaced.
    this.item.busy = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.update();
    }, delayMs);
  }

  private async update(): Promise<void> {
    const file = this.file;
    if (!file) return;
    const generation = ++this.generation;
    this.item.busy = true;
    try {
      this.attachStore(this.attachTimer === undefined);
      const skill = await evaluateSkillFile(this.ctx, file);
      if (generation !== this.generation) return;
      if (!skill) {
        this.show('Not on disk', `${file} does not exist.`, vscode.LanguageStatusSeverity.Warning, file);
        return;
      }
      const [entry] = await this.ctx.runtimes.entries([skill]);
      if (generation !== this.generation || !entry) return;
      this.show(verdictText(entry), verdictDetail(entry), SEVERITY[entry.color], file);
      this.showRuntimes(entry);
    } catch (err) {
      if (generation !== this.generation) return;
      this.ctx.output.error(`checking ${file} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      this.show('Check failed', err instanceof Error ? err.message : String(err), vscode.LanguageStatusSeverity.Error, file);
    }
  }

  private showRuntimes(entry: Entry): void {
    const pinned = this.ctx.config.runtimes.pinned.length > 0;
    this.runtimesItem.text = `$(server-environment) ${entry.runtimes.map((r) => RUNTIME_LABELS[r.runtime]).join(', ')}`;
    this.runtimesItem.detail = pinned
      ? 'pinned by skillAuthor.runtimes'
      : 'detected: ' + entry.runtimes.map((r) => `${RUNTIME_LABELS[r.runtime]} (${r.applies_because})`).join('; ');
    this.runtimesItem.accessibilityInformation = {
      label: `Runtimes: ${entry.runtimes.map((r) => RUNTIME_LABELS[r.runtime]).join(', ')}, ${this.runtimesItem.detail}`,
    };
  }

  private show(text: string, detail: string, severity: vscode.LanguageStatusSeverity, file: string): void {
    this.item.text = text;
    this.item.detail = detail;
    this.item.severity = severity;
    this.item.busy = false;
    this.item.command = { title: 'Preview', tooltip: 'Preview what the model sees', command: 'skillAuthor.previewBanner', arguments: [file] };
    this.item.accessibilityInformation = { label: `Skill: ${text}. ${detail}` };
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.attachTimer) clearTimeout(this.attachTimer);
    this.storeListener?.dispose();
    for (const d of this.subscriptions.splice(0)) d.dispose();
  }
}

export function register(ctx: SkillAuthorContext): vscode.Disposable {
  const status = new SkillLanguageStatus(ctx);
  ctx.languageStatus = status;
  return status;
}
