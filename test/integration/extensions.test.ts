// nexo-rs extension manifests (`plugin.toml`) in the real VS Code: the language `nexo-plugin-toml`, the
// language server's findings on an open manifest, and the Skills view's extensions — those the agent run from
// the workspace folder would discover in its `./extensions` — each with its boot verdict's colour, its missing
// bins and env and the secrets the filter strips. The extensions are written into the fixture workspace for
// this suite and removed after it; the variables come from an env file (`skillAuthor.envFiles`), as a user
// gives them. Every wait polls with a deadline or waits on an event; nothing sleeps.
import * as assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SnapshotItem, TreeSnapshot } from './host/inspect';
import { codeOf, fixturePath, inspect, nextEvent, ours, runner, withEnvFile } from '../utils/vscode';
import { waitFor } from '../utils/wait';

/** A stdio extension's manifest with one tool and its `[requires]` line. */
const manifest = (id: string, version: string, requires: string): string =>
  `[plugin]\nid = "${id}"\nversion = "${version}"\n\n[capabilities]\ntools = ["${id.replace('-', '_')}"]\n\n[transport]\nkind = "stdio"\ncommand = "./bin/${id}"\n\n[requires]\n${requires}\n`;
const SYNC = manifest('notes-sync', '1.0.0', 'env = ["NOTES_API_TOKEN", "NOTES_BASE_URL"]');
const SEARCH = manifest('notes-search', '0.2.0', 'bins = ["sa-no-such-notes-indexer"]');

const GREEN = { id: 'pass-filled', color: 'testing.iconPassed' };
const RED = { id: 'error', color: 'list.errorForeground' };
const unescape = (md: string | undefined): string => (md ?? '').replace(/\\(.)/g, '$1');

const extensionsNode = (s: TreeSnapshot): SnapshotItem | undefined => s.items.find((i) => i.contextValue === 'extensions');
const extensionItem = (s: TreeSnapshot, label: string): SnapshotItem | undefined => extensionsNode(s)?.children.find((c) => c.label === label);

async function snapshotWhen(what: string, predicate: (s: TreeSnapshot) => boolean): Promise<TreeSnapshot> {
  let last: TreeSnapshot | undefined;
  try {
    return await waitFor(
      what,
      async () => {
        last = await inspect().treeSnapshot();
        return predicate(last) && last;
      },
      30_000,
      50,
    );
  } catch (err) {
    throw new Error(`${(err as Error).message}\nlast snapshot: ${JSON.stringify(last?.items.map((i) => [i.label, i.children.map((c) => c.label)]))}`, {
      cause: err,
    });
  }
}

describe('nexo-rs extensions (plugin.toml)', () => {
  const dir = fixturePath('extensions');
  const sync = path.join(dir, 'notes-sync', 'plugin.toml');
  let restoreEnv: (() => Promise<void>) | undefined;

  before(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const [file, text] of [
      [sync, SYNC],
      [path.join(dir, 'notes-search', 'plugin.toml'), SEARCH],
    ] as const) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    restoreEnv = await withEnvFile('NOTES_API_TOKEN=dummy-token\nNOTES_BASE_URL=https://notes.example\n');
    await vscode.commands.executeCommand('workbench.view.extension.skillAuthor');
    await vscode.commands.executeCommand('skillAuthor.tree.groupByRoot');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(dir, { recursive: true, force: true });
    await restoreEnv?.();
    await snapshotWhen('the extensions gone from the view', (s) => !extensionsNode(s));
  });

  it('opens plugin.toml as nexo-plugin-toml with the findings check reports: a stripped secret, the variables received', async () => {
    const uri = vscode.Uri.file(sync);
    const doc = await vscode.workspace.openTextDocument(uri);
    assert.equal(doc.languageId, 'nexo-plugin-toml');
    await vscode.window.showTextDocument(doc);
    const has = (d: vscode.Diagnostic[]): boolean =>
      d.some((x) => codeOf(x) === 'nexo-ext-secret-stripped') && d.some((x) => codeOf(x) === 'nexo-ext-env-received');
    if (!has(ours(uri)))
      await nextEvent('the manifest checked with the env file', vscode.languages.onDidChangeDiagnostics, () => has(ours(uri)), 30_000).catch(() => undefined);
    await waitFor('the secret filter and the received variables', () => has(ours(uri)), 30_000, 50);
    const diags = ours(uri);
    const stripped = diags.find((d) => codeOf(d) === 'nexo-ext-secret-stripped') as vscode.Diagnostic;
    assert.equal(stripped.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(stripped.range.start.line, 12);
    assert.match(stripped.message, /NOTES_API_TOKEN.*ends in `_TOKEN`.*will not receive it/s);
    const received = diags.find((d) => codeOf(d) === 'nexo-ext-env-received') as vscode.Diagnostic;
    assert.equal(received.severity, vscode.DiagnosticSeverity.Information);
    assert.match(received.message, /NOTES_BASE_URL/);
    assert.ok(!diags.some((d) => d.severity === vscode.DiagnosticSeverity.Error), JSON.stringify(diags));
    // Coloured by the language server's semantic tokens (VS Code has no TOML grammar): `[plugin]` is a namespace.
    const legend = await vscode.commands.executeCommand<vscode.SemanticTokensLegend>('vscode.provideDocumentSemanticTokensLegend', uri);
    const tokens = await vscode.commands.executeCommand<vscode.SemanticTokens>('vscode.provideDocumentSemanticTokens', uri);
    assert.ok(legend && tokens, 'semantic tokens for plugin.toml');
    assert.deepEqual([...tokens.data.slice(0, 4)], [0, 1, 'plugin'.length, legend.tokenTypes.indexOf('namespace')]);
  });

  it('lists the extensions the agent would discover: green started, red skipped, with what each lacks and the stripped secret', async () => {
    const s = await snapshotWhen(
      'both extensions judged with the env file',
      (x) => extensionItem(x, 'notes-sync')?.icon?.id === 'pass-filled' && extensionItem(x, 'notes-search')?.icon?.id === 'error',
    );
    const group = extensionsNode(s) as SnapshotItem;
    assert.equal(group.label, 'nexo-rs extensions');
    assert.match(group.description ?? '', /1 of 2 started/);
    const started = extensionItem(s, 'notes-sync') as SnapshotItem;
    assert.deepEqual([started.icon, started.description, started.contextValue], [GREEN, 'started', 'extension.spawn']);
    assert.deepEqual(
      started.children.map((c) => [c.label, c.description]),
      [['NOTES_API_TOKEN', 'env · stripped by the secret filter (ends in `_TOKEN`)']],
    );
    const tip = unescape(started.tooltip);
    assert.match(tip, /Stripped by the secret filter/);
    assert.match(tip, /NOTES_API_TOKEN: ends in `_TOKEN`/);
    assert.match(tip, /Its process receives .*NOTES_BASE_URL/);
    const skipped = extensionItem(s, 'notes-search') as SnapshotItem;
    assert.deepEqual([skipped.icon, skipped.description, skipped.contextValue], [RED, 'skipped at start: requirements missing', 'extension.skipped_requires']);
    assert.deepEqual(
      skipped.children.map((c) => [c.label, c.description]),
      [['sa-no-such-notes-indexer', 'bin · not a file in any $PATH folder']],
    );
    assert.match(unescape(skipped.tooltip), /Missing bins: sa-no-such-notes-indexer/);
    assert.match(unescape(skipped.tooltip), /_Judged by nexo-rs eec3f33\._/);
    await vscode.commands.executeCommand('workbench.view.extension.skillAuthor');
    await runner.screenshot('plugin-toml', {
      expect: [
        { selector: '.view-lines', text: 'NOTES_API_TOKEN' },
        { selector: '.monaco-list-row', text: 'notes-search' },
        { selector: '.monaco-list-row', text: 'skipped at start' },
      ],
    });
  });
  it("reads the agent's config/extensions.yaml: a disabled extension is never started, and the file's findings show in its editor", async () => {
    const config = fixturePath('config', 'extensions.yaml');
    writeFileSync(config, 'extensions:\n  disabled: [notes-search]\n  allowlist: [notes-sync, notes-search, notes-mail]\n');
    try {
      const s = await snapshotWhen(
        'notes-search disabled by the configuration',
        (x) => extensionItem(x, 'notes-search')?.description === 'never started: disabled in config',
      );
      const disabled = extensionItem(s, 'notes-search') as SnapshotItem;
      assert.deepEqual(disabled.icon, RED);
      assert.match(unescape(disabled.tooltip), /`extensions\.disabled` in config\/extensions\.yaml lists `notes-search`/);
      assert.equal(extensionItem(s, 'notes-sync')?.description, 'started');
      const uri = vscode.Uri.file(config);
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      const allowlist = (d: vscode.Diagnostic[]): vscode.Diagnostic[] => d.filter((x) => codeOf(x) === 'nexo-ext-config-allowlist-unknown');
      await waitFor('the allowlist warnings', () => allowlist(ours(uri)).length === 2, 30_000, 50);
      // `notes-search` is disabled first (nexo-rs then warns it is not discovered), `notes-mail` exists nowhere.
      assert.deepEqual(
        allowlist(ours(uri)).map((d) => [d.range.start.line, d.severity]),
        [
          [2, vscode.DiagnosticSeverity.Warning],
          [2, vscode.DiagnosticSeverity.Warning],
        ],
      );
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      rmSync(config, { force: true });
    }
    await snapshotWhen(
      'notes-search back to its own verdict',
      (x) => extensionItem(x, 'notes-search')?.description === 'skipped at start: requirements missing',
    );
  });
});
