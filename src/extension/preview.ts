// "Preview What the Model Sees" and "Preview Prompt Index": virtual documents (the rust-analyzer status-document
// habit) from a TextDocumentContentProvider with its own scheme, refreshed through its change event.
//
// What the documents hold:
// - A skill's preview of a VISIBLE skill is exactly the text the model gets for it, with nothing added: the
//   runtime's MISSING DEPS banner byte for byte, a blank line and the body, `max_chars` applied (the engine's
//   `contentFor`, which `skill-author banner PATH --render` prints). So it can be copied or diffed as is.
//   For a HIDDEN skill there is no such text; the document then says so in a short Markdown page: the verdict,
//   its summary, the mode and where the mode comes from, and what is missing.
// - The prompt index is the engine's `renderIndex` of the visible skills in one format, as
//   `skill-author index --format F ROOT…` prints it (without the trailing newline the CLI adds). Without an
//   agent it covers every skill of the store, all roots together: Hermes groups by category across roots (a
//   `tools` category in two roots is one category), a category's description comes from the first root (by
//   path) whose `tools/DESCRIPTION.md` exists, and skills are ordered as the CLI orders several roots
//   (category, folder name, path) — the CLI run on the same roots prints the same bytes. With an agent it is
//   the agent's skills in its order, overrides applied, as `index --agent ID` prints them (no category
//   descriptions there: the CLI reads none for an agent either).
//
// Both documents have a `.md` path, so VS Code gives them the `markdown` language and the built-in Markdown
// preview can render them.
//
// Freshness: a skill's preview is the language server's page for it (src/core/check/modelView.ts): of the open
// document's latest check — the same check its findings come from, once per edit — or of the file on disk.
// It follows each check of that document, the store's events (the file changed on disk, re-probe), and
// engine resets (trust, PATH or env settings). The index follows the store's events. A document whose text
// did not change fires no change event.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { RuntimeId } from '../core/runtimes/types';
import { INDEX_FORMATS, type IndexFormat } from './config';
import { RUNTIME_LABELS } from '../core/runtimes/registry';
import type { SkillAuthorContext } from './context';
import { existingStore, skillFileOf, type StoreChange, storeOf } from './skills';
import { clientOf } from './client';

export const PREVIEW_SCHEME = 'skill-author-preview';
const BANNER = 'banner';
const INDEX = 'index';
/** Quiet time after a change of the store (a file changed on disk) before the previews follow it. */
const PREVIEW_DEBOUNCE_MS = 150;
type Target = { kind: 'banner'; file: string } | { kind: 'index'; format: IndexFormat; agent: string | undefined };

/** The preview document of the skill whose SKILL.md is `file`: `skill-author-preview://banner/<dir>/<id> (model view).md`. */
export function bannerUri(file: string): vscode.Uri {
  const dir = vscode.Uri.file(path.dirname(file));
  return vscode.Uri.from({ scheme: PREVIEW_SCHEME, authority: BANNER, path: `${dir.path}/${path.basename(dir.path)} (model view).md` });
}

/** The prompt index document for a format (and agent). */
export function indexUri(format: IndexFormat, agent?: string, version?: string): vscode.Uri {
  const query = new URLSearchParams({ format });
  if (agent !== undefined) query.set('agent', agent);
  // The title names the runtime's version the index speaks for (`Prompt index (openclaw 2026.9.6).md`).
  const named = version ? `${format} ${version.replace(/[\\/]/g, '_')}` : format;
  const title = agent === undefined ? named : `${named}, agent ${agent.replace(/[\\/]/g, '_')}`;
  return vscode.Uri.from({ scheme: PREVIEW_SCHEME, authority: INDEX, path: `/Prompt index (${title}).md`, query: query.toString() });
}

function targetOf(uri: vscode.Uri): Target | undefined {
  if (uri.scheme !== PREVIEW_SCHEME) return undefined;
  if (uri.authority === BANNER) {
    const dir = vscode.Uri.from({ scheme: 'file', path: path.posix.dirname(uri.path) }).fsPath;
    return { kind: 'banner', file: path.join(dir, 'SKILL.md') };
  }
  if (uri.authority === INDEX) {
    const q = new URLSearchParams(uri.query);
    const format = q.get('format');
    if (!isIndexFormat(format)) return undefined;
    return { kind: 'index', format, agent: q.get('agent') ?? undefined };
  }
  return undefined;
}

export function isIndexFormat(v: unknown): v is IndexFormat {
  return typeof v === 'string' && (INDEX_FORMATS as readonly string[]).includes(v);
}

class PreviewDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  /** Text computed by a refresh, handed to VS Code when it asks after the change event. */
  private readonly fresh = new Map<string, string>();
  /** Text VS Code holds now. */
  private readonly shown = new Map<string, string>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Per document: the latest render's number, so a slow older render never replaces a newer one. */
  private readonly generation = new Map<string, number>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private storeListener: vscode.Disposable | undefined;

  constructor(private readonly ctx: SkillAuthorContext) {
    this.subscriptions.push(
      this.changed,
      // The language server checked an open SKILL.md (after an edit, once quiet): its preview shows that check.
      clientOf(ctx)?.onDidCheck((c) => this.scheduleBanners((f) => f === c.file, 0)) ?? new vscode.Disposable(() => undefined),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (doc.uri.scheme === PREVIEW_SCHEME) return this.forget(doc.uri);
        // An editor closed without saving: back to the file on disk.
        const file = skillFileOf(doc.uri);
        if (file) this.scheduleBanners((f) => f === file, 0);
      }),
    );
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const key = uri.toString();
    const ready = this.fresh.get(key);
    if (ready !== undefined) {
      this.fresh.delete(key);
      this.shown.set(key, ready);
      return ready;
    }
    const generation = this.nextGeneration(key);
    const text = await this.render(uri);
    if (this.generation.get(key) === generation) this.shown.set(key, text);
    return text;
  }

  private nextGeneration(key: string): number {
    const g = (this.generation.get(key) ?? 0) + 1;
    this.generation.set(key, g);
    return g;
  }

  private openPreviews(): vscode.TextDocument[] {
    return vscode.workspace.textDocuments.filter((d) => d.uri.scheme === PREVIEW_SCHEME && !d.isClosed);
  }

  private scheduleBanners(which: (file: string) => boolean, delayMs: number): void {
    for (const doc of this.openPreviews()) {
      const t = targetOf(doc.uri);
      if (t?.kind === 'banner' && which(t.file)) this.schedule(doc.uri, delayMs);
    }
  }

  private onStoreChange(change: StoreChange): void {
    const touched = new Set([...change.changed.map((r) => r.file), ...change.removed]);
    for (const doc of this.openPreviews()) {
      const t = targetOf(doc.uri);
      if (t?.kind === 'index' || (t?.kind === 'banner' && (change.all || touched.has(t.file)))) this.schedule(doc.uri, PREVIEW_DEBOUNCE_MS);
    }
  }

  schedule(uri: vscode.Uri, delayMs: number): void {
    const key = uri.toString();
    const prev = this.timers.get(key);
    if (prev) clearTimeout(prev);
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        void this.refresh(uri);
      }, delayMs),
    );
  }

  private async refresh(uri: vscode.Uri): Promise<void> {
    const key = uri.toString();
    const generation = this.nextGeneration(key);
    const text = await this.render(uri);
    if (this.generation.get(key) !== generation || !this.openPreviews().some((d) => d.uri.toString() === key)) return;
    if (text === this.shown.get(key)) return;
    this.fresh.set(key, text);
    this.changed.fire(uri);
  }

  private async render(uri: vscode.Uri): Promise<string> {
    const target = targetOf(uri);
    try {
      if (!target) return `Skill Author cannot show ${uri.toString()}.`;
      // The store's events keep the documents current; it is created (and scans) only once a preview opens.
      this.storeListener ??= storeOf(this.ctx).onDidChange((c) => this.onStoreChange(c));
      return target.kind === 'banner' ? await this.renderSkill(target.file) : await this.renderIndex(target.format, target.agent);
    } catch (err) {
      this.ctx.output.error(`preview ${uri.toString()} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      return `Skill Author could not build this preview: ${err instanceof Error ? err.message : String(err)}`;
    }
  }

  private async renderSkill(file: string): Promise<string> {
    const open = vscode.workspace.textDocuments.some((d) => !d.isClosed && skillFileOf(d.uri) === file);
    if (!open && !fs.existsSync(file)) return `# No SKILL.md\n\n\`${file}\` does not exist.`;
    // The language server's page for the skill: of the open document's latest check, else of the file.
    const client = clientOf(this.ctx);
    if (!client) throw new Error('the language server is not registered');
    const result = await client.preview(file);
    return result ? result.page : `# No SKILL.md\n\n\`${file}\` is not a skill the language server reads.`;
  }

  private async renderIndex(format: IndexFormat, agentId: string | undefined): Promise<string> {
    const client = clientOf(this.ctx);
    if (!client) throw new Error('the language server is not registered');
    await storeOf(this.ctx).whenIdle();
    const runtime = runtimeOfFormat(format);
    if (agentId !== undefined && (format === 'hermes' || format === 'xml' || format === 'nexo')) {
      if (
        !storeOf(this.ctx)
          .agents()
          .some((a) => a.id === agentId)
      )
        return `# No agent \`${agentId}\`\n\nNo agents file of this workspace defines it.`;
      return (await client.index({ runtime, agent: agentId })).index;
    }
    // Every root of the model, as the Skills view lists them: the tree runtimes' blocks root by root (with
    // the settings' context: the reports the verdicts come from), the others over every skill in the CLI's
    // order.
    const result = await client.index({ runtime, allRoots: true });
    // The CLI prints nothing then (the reason goes to stderr): say why rather than show an empty page.
    if (result.error !== null && result.index === '') return [`# ${RUNTIME_LABELS[runtime]} prints no index`, '', result.error].join('\n');
    return result.index;
  }

  private forget(uri: vscode.Uri): void {
    const key = uri.toString();
    const t = this.timers.get(key);
    if (t) clearTimeout(t);
    this.timers.delete(key);
    this.fresh.delete(key);
    this.shown.delete(key);
    this.generation.delete(key);
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.storeListener?.dispose();
    for (const d of this.subscriptions.splice(0)) d.dispose();
  }
}

/** Opens a preview document beside the active editor, keeping the focus where it is. */
async function showBeside(uri: vscode.Uri): Promise<vscode.Uri> {
  let doc = await vscode.workspace.openTextDocument(uri);
  if (doc.languageId !== 'markdown') doc = await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
  await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: false });
  return uri;
}

/**
 * The SKILL.md a command argument names: a SKILL.md or skill-folder URI (explorer, editor title), a path, an
 * object with `resourceUri` (a tree item) or `file` (a skill record), or one of our own previews.
 */
export function skillFileFromArg(arg: unknown): string | undefined {
  let uri: vscode.Uri | undefined;
  if (arg instanceof vscode.Uri) uri = arg;
  else if (typeof arg === 'string') uri = vscode.Uri.file(arg);
  else if (arg && typeof arg === 'object') {
    const o = arg as { resourceUri?: unknown; file?: unknown };
    if (o.resourceUri instanceof vscode.Uri) uri = o.resourceUri;
    else if (typeof o.file === 'string') uri = vscode.Uri.file(o.file);
  }
  if (!uri) return undefined;
  const t = targetOf(uri);
  if (t?.kind === 'banner') return t.file;
  if (uri.scheme !== 'file') return undefined;
  const p = path.resolve(uri.fsPath);
  if (path.basename(p) === 'SKILL.md') return p;
  try {
    if (fs.statSync(p).isDirectory()) return path.join(p, 'SKILL.md');
  } catch {
    // not there: fall through
  }
  return undefined;
}

/** The SKILL.md of the active editor (or of the active skill preview). */
function activeSkillFile(): string | undefined {
  const uri = vscode.window.activeTextEditor?.document.uri;
  return uri ? skillFileFromArg(uri) : undefined;
}

async function pickSkill(ctx: SkillAuthorContext): Promise<string | undefined> {
  const store = storeOf(ctx);
  if (!store.ready) await store.whenIdle();
  const picked = await vscode.window.showQuickPick(
    store.all().map((r) => ({ label: r.id, description: r.status.summary, detail: vscode.workspace.asRelativePath(r.file), file: r.file })),
    { title: 'Preview What the Model Sees', placeHolder: 'Which skill?', matchOnDetail: true },
  );
  return picked?.file;
}

async function pickIndex(ctx: SkillAuthorContext): Promise<{ format: IndexFormat; agent: string | undefined } | undefined> {
  const preferred = ctx.config.skills.indexFormat;
  const descriptions: Record<IndexFormat, string> = {
    hermes: 'Hermes: the categorized <available_skills> index',
    xml: 'Agent Skills: the <available_skills> XML with locations',
    nexo: 'nexo-rs: the # SKILLS block with every skill’s content',
    openclaw: 'OpenClaw: the skills section of its system prompt, within its limits',
    'claude-code': 'Claude Code: the skills listing it sends the model from the workspace folder, within its budget',
    codex: 'Codex: the <skills_instructions> section it sends the model from the workspace folder',
    'copilot-cli': 'Copilot CLI: the <available_skills> section it sends the model from the workspace folder',
    'gemini-cli': 'Gemini CLI: the Available Agent Skills section of its system instruction from the workspace folder',
    opencode: 'OpenCode: the <available_skills> section of its system prompt from the workspace folder',
    'qwen-code': 'Qwen Code: the <available_skills> reminder it sends the model from the workspace folder',
    vscode: 'VS Code: the skills listing its own chat sends the model from this workspace',
  };
  const formats = INDEX_FORMATS.map((f) => ({ label: f, description: f === preferred ? '(default)' : '', detail: descriptions[f], format: f }));
  const fq = vscode.window.createQuickPick<(typeof formats)[number]>();
  const format = await new Promise<IndexFormat | undefined>((resolve) => {
    fq.title = 'Preview Prompt Index';
    fq.placeholder = 'Format';
    fq.items = formats;
    fq.activeItems = formats.filter((f) => f.format === preferred);
    fq.onDidAccept(() => resolve(fq.selectedItems[0]?.format ?? fq.activeItems[0]?.format));
    fq.onDidHide(() => resolve(undefined));
    fq.show();
  }).finally(() => fq.dispose());
  // Agents are nexo-rs's: OpenClaw's prompt is always the whole root's.
  if (!format || (format !== 'hermes' && format !== 'xml' && format !== 'nexo')) return format && { format, agent: undefined };
  const store = storeOf(ctx);
  if (!store.ready) await store.whenIdle();
  const agents = store.agents();
  if (agents.length === 0) return { format, agent: undefined };
  const items = [
    { label: 'All skills (no agent)', description: 'every visible skill of the workspace and skill roots', agent: undefined as string | undefined },
    ...agents.map((a) => ({
      label: a.id,
      description: `${a.skills.length} skill${a.skills.length === 1 ? '' : 's'}, in its order, overrides applied`,
      agent: a.id as string | undefined,
    })),
  ];
  const picked = await vscode.window.showQuickPick(items, { title: `Preview Prompt Index (${format})`, placeHolder: 'For which agent?' });
  return picked ? { format, agent: picked.agent } : undefined;
}

/** Hermes's tool conditions as settings: null = none given (conditions not applied, as the CLI without flags). */
interface HermesTools {
  tools: string[] | null;
  toolsets: string[] | null;
}

function isNameList(v: unknown): v is string[] | null {
  return v === null || (Array.isArray(v) && v.every((x) => typeof x === 'string' && x.trim() !== ''));
}

/** The tool and toolset names the workspace's skills put in Hermes's conditions (`metadata.hermes`). */
function conditionNames(ctx: SkillAuthorContext): { tools: Set<string>; toolsets: Set<string> } {
  const out = { tools: new Set<string>(), toolsets: new Set<string>() };
  for (const r of existingStore(ctx)?.all() ?? []) {
    const hermes = r.hermes;
    if (!hermes || typeof hermes !== 'object') continue;
    for (const [key, into] of [
      ['requires_tools', out.tools],
      ['fallback_for_tools', out.tools],
      ['requires_toolsets', out.toolsets],
      ['fallback_for_toolsets', out.toolsets],
    ] as const) {
      const v = hermes[key];
      for (const name of Array.isArray(v) ? v : []) if (typeof name === 'string' && name.trim()) into.add(name.trim());
    }
  }
  return out;
}

/**
 * Which tools and toolsets Hermes has when it builds its index (`skillAuthor.hermes.tools` / `.toolsets`, the
 * CLI's `--tools` / `--toolsets`): skills with `requires_*` need them, `fallback_for_*` skills step aside for
 * them. The pick offers the names the workspace's skills use in those conditions. `arg` ({tools, toolsets},
 * each a list or null) skips the pick. Written to the workspace's settings (the user's without a folder).
 */
export async function chooseHermesTools(ctx: SkillAuthorContext, arg: unknown): Promise<void> {
  let chosen: HermesTools;
  if (arg !== undefined) {
    const a = arg as Partial<HermesTools> | null;
    if (!a || typeof a !== 'object' || !isNameList(a.tools ?? null) || !isNameList(a.toolsets ?? null)) {
      return void vscode.window.showWarningMessage('Skill Author: Hermes tools and toolsets are lists of names (or null for none given).');
    }
    chosen = { tools: a.tools ?? null, toolsets: a.toolsets ?? null };
  } else {
    const now = ctx.config.runtimes;
    if (!existingStore(ctx)?.ready) await storeOf(ctx).whenIdle();
    const mode = await vscode.window.showQuickPick(
      [
        {
          label: 'Apply the tool conditions',
          detail: 'Hermes has the tools and toolsets you pick next: skills whose conditions fail are left out of its index',
          apply: true,
        },
        {
          label: 'Do not apply them',
          detail: 'as `index --runtime hermes` without --tools/--toolsets: every skill is listed whatever its conditions',
          apply: false,
        },
      ],
      {
        title: 'Hermes Tools and Toolsets',
        placeHolder:
          now.tools === null && now.toolsets === null
            ? 'Now: conditions not applied'
            : `Now: toolsets ${(now.toolsets ?? []).join(', ') || 'none'}; tools ${(now.tools ?? []).join(', ') || 'none'}`,
      },
    );
    if (!mode) return;
    if (!mode.apply) chosen = { tools: null, toolsets: null };
    else {
      const names = conditionNames(ctx);
      for (const t of now.tools ?? []) names.tools.add(t);
      for (const t of now.toolsets ?? []) names.toolsets.add(t);
      type Item = vscode.QuickPickItem & { kind2?: 'tools' | 'toolsets' };
      const group = (kind: 'tools' | 'toolsets'): Item[] => [
        { label: kind, kind: vscode.QuickPickItemKind.Separator },
        ...[...names[kind]]
          .sort()
          .map((name): Item => ({ label: name, description: kind === 'tools' ? 'tool' : 'toolset', picked: (now[kind] ?? []).includes(name), kind2: kind })),
      ];
      const picks = await vscode.window.showQuickPick([...group('toolsets'), ...group('tools')], {
        title: 'Hermes Tools and Toolsets: what Hermes has',
        placeHolder:
          names.tools.size + names.toolsets.size
            ? 'The names your skills use in metadata.hermes conditions'
            : 'No skill of this workspace uses a tool condition',
        canPickMany: true,
      });
      if (!picks) return;
      chosen = {
        tools: picks.filter((p) => p.kind2 === 'tools').map((p) => p.label),
        toolsets: picks.filter((p) => p.kind2 === 'toolsets').map((p) => p.label),
      };
    }
  }
  const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  const config = vscode.workspace.getConfiguration('skillAuthor');
  // null is the default: written as "unset" so the settings file does not grow a default.
  await config.update('hermes.tools', chosen.tools ?? undefined, target);
  await config.update('hermes.toolsets', chosen.toolsets ?? undefined, target);
}

export function register(ctx: SkillAuthorContext): vscode.Disposable {
  const documents = new PreviewDocuments(ctx);
  return vscode.Disposable.from(documents, vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, documents));
}

/** `skillAuthor.previewBanner`. Argument: a SKILL.md or skill-folder URI (or path); default the active
 *  editor's SKILL.md, else a pick. Returns the preview's URI. */
export async function previewBanner(ctx: SkillAuthorContext, arg?: unknown): Promise<vscode.Uri | undefined> {
  const file = (arg !== undefined ? skillFileFromArg(arg) : activeSkillFile()) ?? (arg === undefined ? await pickSkill(ctx) : undefined);
  if (!file) {
    if (arg !== undefined) void vscode.window.showWarningMessage('Skill Author: that is not a SKILL.md or a skill folder.');
    return undefined;
  }
  return showBeside(bannerUri(file));
}

/** `skillAuthor.previewPromptIndex`. Arguments (all optional): a format (`hermes`, `xml`, `nexo`,
 *  `openclaw`) and an agent id (not for openclaw); without a format, pick both. Returns the preview's URI. */
export async function previewPromptIndex(ctx: SkillAuthorContext, format?: unknown, agent?: unknown): Promise<vscode.Uri | undefined> {
  const chosen = isIndexFormat(format)
    ? { format, agent: typeof agent === 'string' && (format === 'hermes' || format === 'xml' || format === 'nexo') ? agent : undefined }
    : await pickIndex(ctx);
  return chosen ? showBeside(indexUri(chosen.format, chosen.agent, await versionOf(ctx, runtimeOfFormat(chosen.format)))) : undefined;
}

/** The runtime whose index a preview format is. */
function runtimeOfFormat(format: IndexFormat): RuntimeId {
  return format === 'xml' ? 'agentskills' : format;
}

/** The version the language server judges `runtime` by; undefined when it cannot say (not running). */
async function versionOf(ctx: SkillAuthorContext, runtime: RuntimeId): Promise<string | undefined> {
  try {
    return (await clientOf(ctx)?.versions())?.versions.find((v) => v.runtime === runtime)?.version;
  } catch {
    return undefined;
  }
}
