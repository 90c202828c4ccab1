// Hovers on SKILL.md frontmatter: what each runtime that applies to the skill (`skillAuthor.runtimes`, else
// detected) does with a key, in its own words (src/core/fieldHelp.ts), and what the runtime makes of the
// hovered requirement on this machine — a binary's resolved path and version (or where it was searched), a
// constraint in plain words and whether the installed version satisfies it, whether an env var is set (never
// its value), and what the mode does with the current results.
//
// Also home of what the three language features (completion, hover, quick fixes) share: the lazily loaded
// assist helpers and the status of a skill on this machine.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SkillAnalysis } from '../core/analyze';
import type { FieldScope } from '../core/fieldHelp';
import type { SkillStatus } from '../core/status';
import type { SkillAuthorContext } from './context';
import { analysisOf, isSkillDocument, SKILL_SELECTOR } from './documents';

export type AssistModule = typeof import('../core/assist');

/** The pure helpers, loaded on first use (the engine's module graph stays out of activation). */
export function assist(): AssistModule {
  return require('../core/assist') as AssistModule;
}

/** The skill's status on this machine. Probes are cached by the engine, env and PATH are read afresh. */
export async function statusOf(ctx: SkillAuthorContext, analysis: SkillAnalysis, token: vscode.CancellationToken): Promise<SkillStatus | undefined> {
  const abort = new AbortController();
  const sub = token.onCancellationRequested(() => abort.abort());
  try {
    return await ctx.engine().evaluate(analysis, undefined, abort.signal);
  } catch (err) {
    if (!token.isCancellationRequested)
      ctx.output.error(`evaluating ${analysis.dirName ?? 'a skill'} failed: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  } finally {
    sub.dispose();
  }
}

/** The runtimes whose fields the editor offers and explains for this document: pinned by
 *  `skillAuthor.runtimes`, else those that apply to the skill (where it lives, what it declares). */
export function scopeOf(ctx: SkillAuthorContext, doc: vscode.TextDocument, analysis: SkillAnalysis | undefined): FieldScope {
  const rc = ctx.runtimes.context();
  // An unsaved SKILL.md is judged where it would be saved (its path).
  const dir = path.dirname(doc.uri.scheme === 'file' ? doc.uri.fsPath : doc.uri.path);
  return assist().fieldScope({ dir, data: analysis?.data ?? null, home: rc.home, env: rc.env, pinned: ctx.config.runtimes.pinned });
}

class SkillHoverProvider implements vscode.HoverProvider {
  constructor(private readonly ctx: SkillAuthorContext) {}

  async provideHover(doc: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    if (!isSkillDocument(doc)) return undefined;
    const a = assist();
    const analyzedDoc = analysisOf(this.ctx, doc);
    if (!analyzedDoc) return undefined;
    const { analysis, shift } = analyzedDoc;
    const hit = a.nodeAt(analysis, doc.offsetAt(position) + shift);
    if (!hit) return undefined;
    const topic = a.hoverTopic(hit);
    if (!topic) return undefined;
    const status = topic === 'schema' ? null : ((await statusOf(this.ctx, analysis, token)) ?? null);
    if (token.isCancellationRequested) return undefined;
    const engine = this.ctx.engine();
    const store = this.ctx.storeIfCreated;
    const overrides =
      store && doc.uri.scheme === 'file' ? a.agentOverridesFor(store.agents(), path.dirname(doc.uri.fsPath), (agent) => agentsFileOf(store, agent)) : [];
    const markdown = a.hoverMarkdown(analysis, hit, { status, env: engine.env, overrides, scope: scopeOf(this.ctx, doc, analysis) });
    if (!markdown) return undefined;
    // Skill text is shown as text: no HTML, no command links.
    const contents = new vscode.MarkdownString(markdown);
    contents.isTrusted = false;
    contents.supportHtml = false;
    const range = new vscode.Range(doc.positionAt(Math.max(0, hit.start - shift)), doc.positionAt(Math.max(0, hit.end - shift)));
    return new vscode.Hover(contents, range);
  }
}

function agentsFileOf(store: NonNullable<SkillAuthorContext['storeIfCreated']>, agent: import('../core/agents').AgentDef): string {
  return store.agentsFileList.find((f) => f.agents.includes(agent))?.path ?? 'agents.yaml';
}

export function register(ctx: SkillAuthorContext): vscode.Disposable {
  return vscode.languages.registerHoverProvider(SKILL_SELECTOR, new SkillHoverProvider(ctx));
}
