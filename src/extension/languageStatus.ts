// The language status item of a SKILL.md (the `{}` entry next to the language in the status bar, the
// vscode-eslint habit): what the runtimes that read the skill in the active editor will do with it on this
// machine, judged as `check` judges it — the verdict that speaks for it (its worst runtime's) in that
// runtime's words ("nexo-rs: Loaded + banner · 2 missing", "Hermes: Needs setup · 1 missing", "OpenClaw:
// Hidden (os)", …) with the severity of its colour, the reasons and the other runtimes' verdicts as detail,
// and a link to the preview of what the model sees.
//
// It shows for every file named SKILL.md whatever its language id (`skill` in VS Code 1.139, markdown in
// older releases). The verdict is the language server's check of the document — the same check its findings
// come from, made once per edit after the debounce — and the item is busy from an edit until that check
// arrives. The server checks open documents again when their files or roots change on disk, when settings
// change, on a re-probe and once trust is granted, so the item follows those too.
import * as vscode from 'vscode';
import type { Entry } from '../core/check/entry';
import { RUNTIME_LABELS, runtimeTitle } from '../core/runtimes/registry';
import { leadFacts, verdictLabel, verdictWords } from '../core/runtimes/words';
import { type SkillAuthorContext, Slot } from './context';
import { skillFileOf } from './skills';
import { clientOf } from './client';

/** The item's text for a skill: the verdict that speaks for it (its worst runtime's) in that runtime's
 *  words, `· N missing` counting what hides it, gives it a banner or asks for setup. */
export function verdictText(entry: Entry): string {
  const label = `${RUNTIME_LABELS[entry.runtime]}: ${verdictLabel(leadFacts(entry), entry.mode)}`;
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

const SEVERITY: Record<Entry['color'], vscode.LanguageStatusSeverity> = {
  green: vscode.LanguageStatusSeverity.Information,
  amber: vscode.LanguageStatusSeverity.Warning,
  red: vscode.LanguageStatusSeverity.Error,
};

/** The language status item, provided when its feature registers. */
export const LANGUAGE_STATUS = new Slot<SkillLanguageStatus>('language status item');

export class SkillLanguageStatus implements vscode.Disposable {
  readonly item = vscode.languages.createLanguageStatusItem('skillAuthor.verdict', { pattern: '**/SKILL.md' });
  /** Which runtimes judge the skill and why, with the runtime picker as its link. */
  readonly runtimesItem = vscode.languages.createLanguageStatusItem('skillAuthor.runtimes', { pattern: '**/SKILL.md' });
  private readonly subscriptions: vscode.Disposable[] = [];
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
    );
    // The language server's check of the document (after each edit, a save, a file of its folder or root
    // changed on disk, new settings, a re-probe): the item follows that one result.
    const client = clientOf(ctx);
    if (client)
      this.subscriptions.push(
        client.onDidCheck((c) => {
          if (c.file === this.file) this.show(c.entry, c.file);
        }),
        // Until the server has checked the document again, what the item shows may be outdated.
        vscode.workspace.onDidChangeTextDocument((e) => {
          if (e.contentChanges.length > 0 && this.file !== undefined && skillFileOf(e.document.uri) === this.file) this.item.busy = true;
        }),
      );
    this.follow();
  }

  /** The active editor changed: describe its SKILL.md (if it holds none, VS Code hides the item anyway). */
  private follow(): void {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const file = uri ? skillFileOf(uri) : undefined;
    if (file === this.file) return;
    this.file = file;
    if (!file) return;
    const check = clientOf(this.ctx)?.checkOf(file);
    if (check) this.show(check.entry, file);
    else this.item.busy = true; // the server checks a document as soon as it opens
  }

  private showRuntimes(entry: Entry): void {
    const pinned = this.ctx.config.runtimes.pinned.length > 0;
    this.runtimesItem.text = `$(server-environment) ${entry.runtimes.map((r) => RUNTIME_LABELS[r.runtime]).join(', ')}`;
    // The detail names the version each runtime is judged by.
    const versions = entry.runtimes.map((r) => runtimeTitle(r.runtime, r.runtime_version)).join(', ');
    this.runtimesItem.detail = pinned
      ? `pinned by skillAuthor.runtimes: ${versions}`
      : 'detected: ' + entry.runtimes.map((r) => `${runtimeTitle(r.runtime, r.runtime_version)} (${r.applies_because})`).join('; ');
    this.runtimesItem.accessibilityInformation = {
      label: `Runtimes: ${entry.runtimes.map((r) => RUNTIME_LABELS[r.runtime]).join(', ')}, ${this.runtimesItem.detail}`,
    };
  }

  private show(entry: Entry, file: string): void {
    const text = verdictText(entry);
    const detail = verdictDetail(entry);
    this.item.text = text;
    this.item.detail = detail;
    this.item.severity = SEVERITY[entry.color];
    this.item.busy = false;
    this.item.command = { title: 'Preview', tooltip: 'Preview what the model sees', command: 'skillAuthor.previewBanner', arguments: [file] };
    this.item.accessibilityInformation = { label: `Skill: ${text}. ${detail}` };
    this.showRuntimes(entry);
  }

  dispose(): void {
    for (const d of this.subscriptions.splice(0)) d.dispose();
  }
}

export function register(ctx: SkillAuthorContext): vscode.Disposable {
  const status = new SkillLanguageStatus(ctx);
  ctx.provide(LANGUAGE_STATUS, status);
  return status;
}
