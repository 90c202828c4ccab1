// The Skills view and the explorer decorations in the real VS Code. The tree is read through the provider
// the extension registered (the internal `skillAuthor.internal.treeSnapshot` command walks it as the view
// does: getChildren, getTreeItem, resolveTreeItem) and the decorations through
// `skillAuthor.internal.fileDecorations` (VS Code has no API to read either). Every wait polls a snapshot
// with a deadline or waits on a command's promise; nothing sleeps.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Entry } from '../../src/core/check/entry';
import type { LanguageStatusState, SnapshotItem, TreeSnapshot } from './host/inspect';
import { checkJson, extension, fixturePath, fixtureUri, inspect, openSkill, runCli, runner, withEnvFile, workspaceSettingsCleanup } from '../utils/vscode';
import { waitFor } from '../utils/wait';

interface Decorations {
  fired: Array<{ seq: number; uris: string[] }>;
  decorations: Array<{ uri: string; badge?: string; tooltip?: string; color?: string; propagate?: boolean }>;
}
interface ApiEntry {
  name: string;
  verdict: string;
}

const BIN = path.resolve(fixturePath(), '..', 'bin');
const TOOLS = ['skills', 'tools'];

const snapshot = (): Promise<TreeSnapshot> => inspect().treeSnapshot();
const decorations = async (...uris: vscode.Uri[]): Promise<Decorations> => (await inspect().fileDecorations(uris.map((u) => u.toString()))) as Decorations;

async function apiSkills(): Promise<ApiEntry[]> {
  const api = (await extension().activate()) as { skills(): Promise<ApiEntry[]> };
  return api.skills();
}

/** The latest snapshot once `predicate` holds for it (polled; the tree follows the store within ~50 ms). */
async function snapshotWhen(what: string, predicate: (s: TreeSnapshot) => boolean, timeoutMs = 20_000): Promise<TreeSnapshot> {
  let last: TreeSnapshot | undefined;
  try {
    return await waitFor(
      what,
      async () => {
        last = await snapshot();
        return predicate(last) && last;
      },
      timeoutMs,
      50,
    );
  } catch (err) {
    throw new Error(`${(err as Error).message}\nlast snapshot: ${JSON.stringify(last?.items.map(brief), null, 1)}`, { cause: err });
  }
}

/** Waits until the file events sent before this call have reached the Skills view: a skill created and then deleted
 *  here, in the tools category, appears and goes (file events are delivered in order, so the events of earlier
 *  writes are handled before these). Waiting for this state, not for a quiet spell, holds on a busy machine. */
async function fileEventBarrier(): Promise<void> {
  const dir = fixtureUri(...TOOLS, 'tree-barrier');
  const label = (x: TreeSnapshot): boolean => !!toolSkill(x, 'tree-barrier');
  await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(dir, 'SKILL.md'), Buffer.from('---\nname: tree-barrier\ndescription: d\n---\nBody.\n'));
  await snapshotWhen('the barrier skill shown', label);
  await vscode.workspace.fs.delete(dir, { recursive: true });
  await snapshotWhen('the barrier skill gone', (x) => !label(x));
}

function brief(i: SnapshotItem): unknown {
  return { label: i.label, icon: i.icon?.id, children: i.children.filter((c) => c.children.length || c.contextValue?.startsWith('skill')).map(brief) };
}

/** Markdown escapes undone, to compare tooltip text. */
const unescape = (md: string | undefined): string => (md ?? '').replace(/\\(.)/g, '$1');

function child(items: readonly SnapshotItem[] | undefined, label: string): SnapshotItem | undefined {
  return items?.find((i) => i.label === label);
}

/** The category `tools` under the root `skills` (root grouping). */
const tools = (s: TreeSnapshot): SnapshotItem[] | undefined => child(child(s.items, 'skills')?.children, 'tools')?.children;
const toolSkill = (s: TreeSnapshot, label: string): SnapshotItem | undefined => child(tools(s), label);
/** Every skill item of the root grouping. */
const skillItems = (s: TreeSnapshot): SnapshotItem[] => s.items.flatMap((r) => r.children.flatMap((c) => c.children));

const GREEN = { id: 'pass-filled', color: 'testing.iconPassed' };
const AMBER = { id: 'warning', color: 'list.warningForeground' };
const RED = { id: 'error', color: 'list.errorForeground' };
const CHECK = { id: 'check', color: 'testing.iconPassed' };
const CROSS = { id: 'close', color: 'list.errorForeground' };
const SPINNER = { id: 'loading~spin', color: undefined };

const settled = (s: TreeSnapshot): boolean => s.context['skillAuthor.ready'] === true && !JSON.stringify(s.items).includes('loading~spin');
/** Kept from the model by a runtime that reads it (a banner or a setup request still shows it). */
const isHidden = (verdict: string): boolean => verdict !== 'loaded' && verdict !== 'loaded_with_banner' && verdict !== 'needs_setup';

function skillUri(...segments: string[]): vscode.Uri {
  return fixtureUri(...segments, 'SKILL.md');
}

describe('Skills view', () => {
  before(async () => {
    await vscode.commands.executeCommand('workbench.view.extension.skillAuthor');
    await vscode.commands.executeCommand('skillAuthor.tree.groupByRoot');
    await vscode.commands.executeCommand('skillAuthor.tree.showAll');
    await apiSkills();
  });

  after(async () => {
    await vscode.commands.executeCommand('skillAuthor.tree.groupByRoot');
    await vscode.commands.executeCommand('skillAuthor.tree.showAll');
    // Left showing the tree by root and category: the runner's screenshot has it in the side bar.
    await vscode.commands.executeCommand('workbench.view.extension.skillAuthor');
  });

  it('is shown in its activity-bar container and reports itself ready', async () => {
    const s = await snapshotWhen('the view to be visible and ready', (x) => x.visible && settled(x));
    assert.equal(s.groupBy, 'root');
    assert.equal(s.context['skillAuthor.hasSkills'], true);
    assert.equal(s.context['skillAuthor.hasAgents'], true);
    assert.equal(s.context['skillAuthor.groupBy'], 'root');
    const root = child(s.items, 'skills');
    assert.ok(root, `no root "skills" among ${JSON.stringify(s.items.map((i) => i.label))}`);
    assert.deepEqual([root.contextValue, root.collapsible, root.icon?.id], ['root', 'expanded', 'root-folder']);
    const category = child(root.children, 'tools');
    assert.ok(category);
    assert.deepEqual([category.contextValue, category.collapsible, category.description], ['category', 'expanded', `${category.children.length} skills`]);
  });

  it('shows a green skill with its requirements, found version and resolved path', async () => {
    const s = await snapshotWhen('probe-ok evaluated', (x) => toolSkill(x, 'probe-ok')?.icon?.id === 'pass-filled');
    const item = toolSkill(s, 'probe-ok') as SnapshotItem;
    const file = skillUri(...TOOLS, 'probe-ok');
    const ffmpeg = path.join(BIN, 'sa-fake-ffmpeg');
    assert.deepEqual(
      { ...item, tooltip: undefined, children: undefined },
      {
        id: `skill:${file.fsPath}`,
        label: 'probe-ok',
        description: 'Converts media with a tool whose version satisfies the cons…',
        icon: GREEN,
        tooltip: undefined,
        contextValue: 'skill.loaded',
        resourceUri: file.toString(),
        command: { command: 'skillAuthor.tree.open', arguments: [file.toString()] },
        collapsible: 'collapsed',
        children: undefined,
      },
    );
    assert.deepEqual(
      item.children.map((c) => [c.label, c.description, c.icon, c.contextValue]),
      [
        ['sa-fake-ffmpeg', `bin · ${ffmpeg}`, CHECK, 'requirement.bin'],
        ['sa-fake-ffmpeg >=4.0, <5', `version · found 4.4.2 at ${ffmpeg}`, CHECK, 'requirement.version'],
      ],
    );
    assert.equal(
      unescape(item.tooltip),
      [
        '**probe-ok** · tools/probe-ok',
        '',
        'Converts media with a tool whose version satisfies the constraint.',
        '',
        // The runtime that judges it (the only one: it declares `requires`), its verdict and why it applies.
        '**nexo-rs: Loaded** (verdict `loaded`)',
        '',
        'Loaded: every requirement is met.',
        '',
        '_Judged for nexo-rs: it declares `requires`, which nexo-rs reads._',
        '',
        'Mode (nexo-rs): strict: the default (no requires.mode the runtime reads)',
        '',
        'Requirements:',
        '',
        `- ✓ bin sa-fake-ffmpeg: ${ffmpeg}`,
        `- ✓ version sa-fake-ffmpeg >=4.0, <5: found 4.4.2 at ${ffmpeg}`,
        '',
        // The version the verdict speaks for.
        '_Judged by nexo-rs eec3f33._',
        '',
        'skills/tools/probe-ok/SKILL.md',
      ].join('\n'),
    );
  });

  it('shows amber and red skills with what is missing and why', async () => {
    const s = await snapshotWhen('the tools skills evaluated', (x) =>
      ['probe-old', 'needs-env', 'strict-missing'].every((l) => toolSkill(x, l)?.icon && toolSkill(x, l)?.icon?.id !== 'loading~spin'),
    );
    const old = toolSkill(s, 'probe-old') as SnapshotItem;
    const oldBin = path.join(BIN, 'sa-fake-old');
    assert.deepEqual([old.icon, old.contextValue, old.description], [AMBER, 'skill.loaded_with_banner', 'Needs a newer sa-fake-old than the one installed.']);
    assert.deepEqual(
      old.children.map((c) => [c.label, c.description, c.icon]),
      [
        ['sa-fake-old', `bin · ${oldBin}`, CHECK],
        ['sa-fake-old >=1.0', `version · found 0.9.0 at ${oldBin}, required >=1.0`, CROSS],
      ],
    );
    const oldTip = unescape(old.tooltip);
    assert.ok(
      oldTip.includes(
        '**nexo-rs: Loaded + banner** (verdict `loaded_with_banner`)\n\nLoaded with a MISSING DEPS banner (warn): sa-fake-old version not satisfied.',
      ),
      oldTip,
    );
    assert.ok(oldTip.includes('Mode (nexo-rs): warn: from requires.mode in the frontmatter'), oldTip);
    assert.ok(oldTip.includes(`- ✗ version sa-fake-old >=1.0: found 0.9.0 at ${oldBin}, required >=1.0`), oldTip);

    const env = toolSkill(s, 'needs-env') as SnapshotItem;
    assert.deepEqual([env.icon, env.contextValue], [AMBER, 'skill.loaded_with_banner']);
    assert.deepEqual(
      env.children.map((c) => [c.label, c.description, c.icon]),
      [['SA_TEST_API_KEY', 'env · unset', CROSS]],
    );

    const strict = toolSkill(s, 'strict-missing') as SnapshotItem;
    assert.deepEqual([strict.icon, strict.contextValue], [RED, 'skill.hidden']);
    assert.deepEqual(
      strict.children.map((c) => [c.label, c.description, c.icon]),
      [['sa-definitely-missing-tool', 'bin · not found on PATH', CROSS]],
    );
    const strictTip = unescape(strict.tooltip);
    assert.ok(strictTip.includes('**nexo-rs: Hidden (strict)** (verdict `hidden`)\n\nHidden (strict): bin sa-definitely-missing-tool not found.'), strictTip);
    assert.ok(strictTip.includes('- ✗ bin sa-definitely-missing-tool: not found on PATH'), strictTip);
  });

  it('counts the skills hidden from the model in the view badge', async () => {
    const entries = await apiSkills();
    const hidden = entries.filter((e) => isHidden(e.verdict)).length;
    assert.ok(hidden >= 1, 'strict-missing at least is hidden');
    const s = await snapshotWhen(`a badge of ${hidden}`, (x) => x.badge?.value === hidden);
    assert.deepEqual(s.badge, { value: hidden, tooltip: `${hidden} skill${hidden === 1 ? '' : 's'} hidden from the model by a runtime that reads it` });
  });

  it('filters to hidden skills only, remembers it, and shows all again', async () => {
    await vscode.commands.executeCommand('skillAuthor.tree.showHiddenOnly');
    const entries = await apiSkills();
    const expected = entries
      .filter((e) => isHidden(e.verdict))
      .map((e) => e.name)
      .sort();
    const s = await snapshotWhen('only hidden skills', (x) => x.hiddenOnly && settled(x));
    assert.deepEqual(
      skillItems(s)
        .map((i) => i.label)
        .sort(),
      expected,
    );
    assert.ok(
      skillItems(s).every((i) => i.icon?.id === 'error'),
      'a listed skill is not red',
    );
    assert.ok(expected.includes('strict-missing'));
    assert.deepEqual([s.persisted.hiddenOnly, s.context['skillAuthor.hiddenOnly']], [true, true]);

    await vscode.commands.executeCommand('skillAuthor.tree.showAll');
    const all = await snapshotWhen('every skill again', (x) => !x.hiddenOnly && !!toolSkill(x, 'probe-ok'));
    assert.deepEqual([all.persisted.hiddenOnly, all.context['skillAuthor.hiddenOnly']], [false, false]);
    assert.equal(skillItems(all).length, entries.length);
  });

  it('turns needs-env green once its variable is set, and amber again once unset', async () => {
    // From an env file: the language server keeps the environment it started with, as a runtime would.
    const restore = await withEnvFile('SA_TEST_API_KEY=set-by-the-tree-test\n');
    try {
      const s = await snapshotWhen('needs-env green', (x) => toolSkill(x, 'needs-env')?.icon?.id === 'pass-filled');
      const env = toolSkill(s, 'needs-env') as SnapshotItem;
      assert.deepEqual([env.icon, env.contextValue], [GREEN, 'skill.loaded']);
      assert.deepEqual(
        env.children.map((c) => [c.label, c.description, c.icon]),
        [['SA_TEST_API_KEY', 'env · set', CHECK]],
      );
    } finally {
      await restore();
    }
    const s = await snapshotWhen('needs-env amber again', (x) => toolSkill(x, 'needs-env')?.icon?.id === 'warning');
    assert.deepEqual(
      toolSkill(s, 'needs-env')?.children.map((c) => c.description),
      ['env · unset'],
    );
  });

  it('follows settings: with probes off, probe-old loads (version not probed)', async () => {
    const probes = vscode.workspace.getConfiguration('skillAuthor.probes');
    try {
      await probes.update('enabled', false, vscode.ConfigurationTarget.Global);
      const s = await snapshotWhen('probe-old green with probes off', (x) => toolSkill(x, 'probe-old')?.icon?.id === 'pass-filled');
      const version = toolSkill(s, 'probe-old')?.children[1];
      assert.deepEqual(
        [version?.label, version?.description, version?.icon],
        ['sa-fake-old >=1.0', 'version · not probed: probes are off', { id: 'question', color: undefined }],
      );
    } finally {
      await probes.update('enabled', undefined, vscode.ConfigurationTarget.Global);
    }
    await snapshotWhen('probe-old amber with probes on again', (x) => toolSkill(x, 'probe-old')?.icon?.id === 'warning');
  });

  it('decorates SKILL.md files and their folders (not the category) with the verdict', async () => {
    await snapshotWhen('the tree settled', settled);
    const uris = [
      skillUri(...TOOLS, 'probe-ok'),
      fixtureUri(...TOOLS, 'probe-ok'),
      skillUri(...TOOLS, 'probe-old'),
      fixtureUri(...TOOLS, 'probe-old'),
      skillUri(...TOOLS, 'strict-missing'),
      fixtureUri(...TOOLS, 'strict-missing'),
      fixtureUri(...TOOLS),
      fixtureUri('README.md'),
    ];
    const d = await decorations(...uris);
    // The colour of the verdict that speaks for the skill, and that runtime's reasons.
    const green = { badge: '✓', color: 'testing.iconPassed', tooltip: 'Skill Author: nexo-rs: Loaded: every requirement is met.', propagate: false };
    const amber = {
      badge: '!',
      color: 'list.warningForeground',
      tooltip: 'Skill Author: nexo-rs: Loaded with a MISSING DEPS banner (warn): sa-fake-old version not satisfied.',
      propagate: false,
    };
    const red = {
      badge: '✗',
      color: 'list.errorForeground',
      tooltip: 'Skill Author: nexo-rs: Hidden (strict): bin sa-definitely-missing-tool not found.',
      propagate: false,
    };
    assert.deepEqual(
      d.decorations,
      [green, green, amber, amber, red, red, {}, {}].map((x, i) => ({ uri: (uris[i] as vscode.Uri).toString(), ...x })),
    );
  });

  it('re-evaluates only the skill whose SKILL.md is created, changed or deleted', async () => {
    const dir = fixtureUri(...TOOLS, 'tree-lifecycle');
    const file = vscode.Uri.joinPath(dir, 'SKILL.md');
    const item = (s: TreeSnapshot): SnapshotItem | undefined => toolSkill(s, 'tree-lifecycle');
    const skillKey = `skill:${file.fsPath}`;
    const categoryKey = `category:${fixturePath('skills')}:tools`;
    const own = new Set([file.toString(), dir.toString()]);
    // Every file event of the earlier tests handled (they reach the server in order, behind a skill this test
    // creates and deletes first), every evaluation finished and announced: the refreshes from here on are this
    // test's, however late a busy machine delivers the earlier ones.
    await fileEventBarrier();
    await apiSkills();
    const before = await snapshotWhen('the tree settled', settled);
    const seq0 = before.refreshes.at(-1)?.seq ?? 0;
    const fired0 = (await decorations()).fired.at(-1)?.seq ?? 0;
    const refreshesSince = (s: TreeSnapshot, seq: number): Array<string[] | 'all'> => s.refreshes.filter((r) => r.seq > seq).map((r) => r.keys);
    try {
      // `sleep 1.5` as its version probe: the item shows a spinner while it runs, then red (no version in
      // the output, strict mode).
      await vscode.workspace.fs.writeFile(
        file,
        Buffer.from(
          '---\nname: tree-lifecycle\ndescription: Written by the tree tests.\nrequires:\n  bin_versions:\n    sleep: { constraint: ">=1", command: "1.5" }\n---\nBody.\n',
        ),
      );
      const probing = await snapshotWhen('the new skill with a spinner', (x) => item(x)?.icon?.id === 'loading~spin');
      assert.deepEqual([item(probing)?.icon, item(probing)?.contextValue], [SPINNER, 'skill.checking']);
      await snapshotWhen('the new skill red', (x) => item(x)?.icon?.id === 'error');
      await apiSkills();
      const red = await snapshot();
      const created = item(red) as SnapshotItem;
      assert.equal(created.contextValue, 'skill.hidden');
      assert.match(created.children[0]?.description ?? '', /^version · no version found at \/\S+\/sleep: no match for /);
      for (const keys of refreshesSince(red, seq0)) {
        assert.notEqual(keys, 'all', 'a created skill refreshed the whole tree');
        for (const k of keys) assert.ok(k === skillKey || k === categoryKey, `refreshed ${k}`);
      }
      assert.deepEqual(
        (await decorations(file, dir)).decorations.map((x) => x.badge),
        ['✗', '✗'],
      );

      // Changed so that its verdict changes: only its item is refreshed, and only its URIs re-decorated.
      const seq1 = red.refreshes.at(-1)?.seq ?? 0;
      const fired1 = (await decorations()).fired.at(-1)?.seq ?? 0;
      await vscode.workspace.fs.writeFile(file, Buffer.from('---\nname: tree-lifecycle\ndescription: Now needs nothing.\n---\nBody.\n'));
      await snapshotWhen('the changed skill green', (x) => item(x)?.icon?.id === 'pass-filled');
      await apiSkills();
      const green = await snapshot();
      assert.deepEqual([item(green)?.description, item(green)?.collapsible], ['Now needs nothing.', 'none']);
      const since1 = refreshesSince(green, seq1);
      assert.ok(since1.length > 0);
      assert.deepEqual([...new Set(since1.flatMap((k) => (k === 'all' ? ['all'] : k)))], [skillKey]);
      const fired = (await decorations(file)).fired.filter((f) => f.seq > fired1);
      assert.ok(fired.length > 0);
      for (const f of fired) for (const u of f.uris) assert.ok(own.has(u), `re-decorated ${u}`);
      const greenDecorations = await decorations(file, dir);
      assert.deepEqual(
        greenDecorations.decorations.map((x) => x.badge),
        ['✓', '✓'],
      );
      assert.ok(greenDecorations.fired.filter((f) => f.seq > fired0).every((f) => f.uris.every((u) => own.has(u))));
    } finally {
      const seq2 = (await snapshot()).refreshes.at(-1)?.seq ?? 0;
      await vscode.workspace.fs.delete(dir, { recursive: true });
      const gone = await snapshotWhen(
        'the deleted skill gone, its category refreshed',
        (x) => !item(x) && refreshesSince(x, seq2).flat().includes(categoryKey),
      );
      // Its item may be refreshed again (a write can reach the watcher as two events), nothing else.
      for (const k of new Set(refreshesSince(gone, seq2).flat())) assert.ok(k === skillKey || k === categoryKey, `refreshed ${k}`);
    }
    assert.deepEqual((await decorations(file)).decorations, [{ uri: file.toString() }]);
  });

  it('follows unsaved edits through the language server’s check of the editor’s text, and the file again after a revert', async () => {
    const dir = fixtureUri(...TOOLS, 'tree-edits');
    const file = vscode.Uri.joinPath(dir, 'SKILL.md');
    const item = (s: TreeSnapshot): SnapshotItem | undefined => toolSkill(s, 'tree-edits');
    await vscode.workspace.fs.writeFile(
      file,
      Buffer.from('---\nname: tree-edits\ndescription: Edited by the tree tests.\nrequires:\n  bins: [sa-definitely-missing-tool]\n---\nBody.\n'),
    );
    try {
      await snapshotWhen('tree-edits red on disk', (x) => item(x)?.icon?.id === 'error');
      const editor = await vscode.window.showTextDocument(file);
      // Unsaved: the requirement goes. The item turns green from the server's check of this very version.
      assert.ok(await editor.edit((b) => b.delete(new vscode.Range(3, 0, 5, 0))));
      await snapshotWhen('tree-edits green while unsaved', (x) => item(x)?.icon?.id === 'pass-filled');
      // Its latest check (other open documents may be checked meanwhile).
      const check = inspect().stats().checks[file.toString()];
      assert.deepEqual(check?.version, editor.document.version, 'the verdict is the check of the edited version');
      // Without `requires`, nexo-rs no longer reads it: the open format speaks for it.
      assert.equal(inspect().languageStatus().text, 'Agent Skills clients: Loaded');
      // Reverted: the file on disk decides again.
      await vscode.commands.executeCommand('workbench.action.files.revert');
      await snapshotWhen('tree-edits red again after the revert', (x) => item(x)?.icon?.id === 'error');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(dir, { recursive: true });
    }
  });

  it('judges each skill by the runtimes that apply to it, as `check` does, and the runtime picker pins them', async () => {
    // Hermes reads `platforms`, OpenClaw `metadata.openclaw`: on this Linux machine both hide the skill, and
    // each says so in its own terms. Pinned to Claude Code (which gates nothing), it is green; unpinned, red.
    if (process.platform === 'darwin') return;
    // Directly under the skills root, where OpenClaw looks (one level down).
    const dir = fixtureUri('skills', 'tree-runtimes');
    const file = vscode.Uri.joinPath(dir, 'SKILL.md');
    const item = (x: TreeSnapshot): SnapshotItem | undefined => skillItems(x).find((i) => i.label === 'tree-runtimes');
    const rootItem = (x: TreeSnapshot): SnapshotItem | undefined =>
      x.items.find((i) => i.contextValue === 'root' && (i.tooltip ?? '').split('\n')[0] === fixturePath('skills'));
    const cli = async (...args: string[]): Promise<Entry | undefined> =>
      (await checkJson([...args, fixturePath('skills')])).find((e) => e.path === file.fsPath);
    const entry = async (): Promise<Entry | undefined> => ((await apiSkills()) as unknown as Entry[]).find((e) => e.path === file.fsPath);
    const status = async (): Promise<LanguageStatusState> => inspect().languageStatus();
    const config = vscode.workspace.getConfiguration('skillAuthor');
    // The picker writes the workspace's settings: the folder it creates goes afterwards.
    const cleanUpSettings = await workspaceSettingsCleanup();
    try {
      await vscode.workspace.fs.writeFile(
        file,
        Buffer.from(
          '---\nname: tree-runtimes\ndescription: Written by the tree tests for macOS only.\nplatforms: [macos]\nmetadata:\n  openclaw:\n    os: [darwin]\n---\nBody.\n',
        ),
      );
      const red = await snapshotWhen('tree-runtimes red', (x) => item(x)?.icon?.id === 'error');
      const judged = await entry();
      assert.deepEqual(judged, await cli());
      assert.deepEqual([judged?.runtime, judged?.verdict, judged?.hidden_by], ['hermes', 'hidden', ['platform']]);
      assert.deepEqual(
        judged?.runtimes.map((r) => [r.runtime, r.verdict, r.hidden_by]),
        [
          ['hermes', 'hidden', ['platform']],
          ['openclaw', 'hidden', ['os']],
        ],
      );
      assert.equal(item(red)?.contextValue, 'skill.hidden');
      // OpenClaw reads this root: its item shows OpenClaw's prompt budget, counting the skills its prompt lists.
      const listed = (await runCli(['index', '--runtime', 'openclaw', fixturePath('skills')])).stdout.split('<skill>').length - 1;
      const budgetRoot = await snapshotWhen("the root shows OpenClaw's budget", (x) => /OpenClaw /.test(rootItem(x)?.description ?? ''));
      assert.match(rootItem(budgetRoot)?.description ?? '', new RegExp(`^OpenClaw ${listed}/150 skills · [\\d.]+k?/18\\.0k chars$`));
      assert.ok(unescape(rootItem(budgetRoot)?.tooltip).includes(`OpenClaw's skills prompt: ${listed} of 150 skills, `), rootItem(budgetRoot)?.tooltip);
      const tip = unescape(item(red)?.tooltip);
      assert.ok(tip.includes('**Hermes: Hidden (platform)** (verdict `hidden`)'), tip);
      // Each runtime named with the version it is judged by (the newest emulated: none is installed here).
      assert.ok(tip.includes('- Hermes 780e0980: **hidden (platform)**'), tip);
      assert.ok(tip.includes('- OpenClaw 2026.9.6: **hidden (os)**'), tip);
      assert.ok(tip.includes('_Judged by Hermes 780e0980, OpenClaw 2026.9.6._'), tip);
      assert.ok(!tip.includes('Mode (nexo-rs)'), tip);
      assert.deepEqual(
        (await decorations(file)).decorations.map((x) => x.badge),
        ['✗'],
      );
      await openSkill('skills', 'tree-runtimes', 'SKILL.md');
      await waitFor('the language status of tree-runtimes', async () => {
        const st = await status();
        return st.file === file.fsPath && !st.busy && st.text === 'Hermes: Hidden (platform)' && st.runtimes.text === '$(server-environment) Hermes, OpenClaw';
      });

      // Pinned through the picker's command (the quick pick's result): every verdict is the open format's (Claude Code would say
      // it never lists a skill outside its folders: a pin judges every skill by that runtime alone).
      await vscode.commands.executeCommand('skillAuthor.selectRuntimes', ['agentskills']);
      assert.deepEqual(config.inspect('runtimes')?.workspaceValue, ['agentskills']);
      await snapshotWhen('tree-runtimes green for the Agent Skills clients', (x) => item(x)?.icon?.id === 'pass-filled');
      assert.deepEqual(await entry(), await cli('--runtime', 'agentskills'));
      const pinned = await waitFor('the language status pinned', async () => {
        const st = await status();
        return st.file === file.fsPath && !st.busy && st.text === 'Agent Skills clients: Loaded' && st;
      });
      assert.deepEqual(pinned.runtimes, {
        text: '$(server-environment) Agent Skills clients',
        detail: 'pinned by skillAuthor.runtimes: Agent Skills clients spec-874e339c',
      });
      // Every skill of the view, not only this one.
      assert.deepEqual(
        ((await apiSkills()) as unknown as Entry[]).map((e) => e.runtimes.map((r) => r.runtime)),
        ((await apiSkills()) as unknown as Entry[]).map(() => ['agentskills']),
      );

      // An unknown runtime is refused with a message; nothing changes.
      await vscode.commands.executeCommand('skillAuthor.selectRuntimes', ['agentskill']);
      assert.deepEqual(config.inspect('runtimes')?.workspaceValue, ['agentskills']);

      // None picked: detected per skill again.
      await vscode.commands.executeCommand('skillAuthor.selectRuntimes', []);
      assert.equal(config.inspect('runtimes')?.workspaceValue, undefined);
      await snapshotWhen('tree-runtimes red again', (x) => item(x)?.icon?.id === 'error');
    } finally {
      await config.update('runtimes', undefined, vscode.ConfigurationTarget.Workspace);
      await cleanUpSettings();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(dir, { recursive: true });
    }
    await snapshotWhen('tree-runtimes gone', (x) => !item(x));
    // No skill of the root is OpenClaw's any more: its budget goes with the last one.
    await snapshotWhen('the root without a budget', (x) => rootItem(x) !== undefined && !/OpenClaw/.test(rootItem(x)?.description ?? ''));
  });

  it('says a configuration OpenClaw refuses: each skill it reads is config refused, and the open file shows why', async () => {
    // OpenClaw 2026.9.6 (the newest, none installed here) refuses plain keys under `env`: its CLI exits 1 and
    // reads no skill. The view says so of the skill, as `check` does; the editor puts the error on the key.
    const dir = fixtureUri('skills', 'tree-refused');
    const file = vscode.Uri.joinPath(dir, 'SKILL.md');
    const configDir = fixtureUri('oc-refused');
    const configFile = vscode.Uri.joinPath(configDir, 'openclaw.json');
    const item = (x: TreeSnapshot): SnapshotItem | undefined => skillItems(x).find((i) => i.label === 'tree-refused');
    const entry = async (): Promise<Entry | undefined> => ((await apiSkills()) as unknown as Entry[]).find((e) => e.path === file.fsPath);
    const config = vscode.workspace.getConfiguration('skillAuthor');
    const cleanUpSettings = await workspaceSettingsCleanup();
    try {
      await vscode.workspace.fs.writeFile(
        file,
        Buffer.from('---\nname: tree-refused\ndescription: Written by the tree tests.\nmetadata:\n  openclaw:\n    os: [linux]\n---\nBody.\n'),
      );
      await vscode.workspace.fs.writeFile(configFile, Buffer.from('{\n  env: { APP_REGION: "eu" },\n}\n'));
      await config.update('openclaw.config', configFile.fsPath, vscode.ConfigurationTarget.Workspace);
      const red = await snapshotWhen('tree-refused red', (x) => item(x)?.icon?.id === 'error');
      assert.ok(unescape(item(red)?.tooltip).includes('**OpenClaw: Config refused** (verdict `hidden`)'), item(red)?.tooltip);
      const judged = await entry();
      assert.deepEqual(
        judged?.runtimes.filter((r) => r.runtime === 'openclaw').map((r) => [r.verdict, r.hidden_by]),
        [['hidden', ['config_refused']]],
      );
      assert.deepEqual(
        judged,
        (await checkJson(['--openclaw-config', configFile.fsPath, fixturePath('skills')])).find((e) => e.path === file.fsPath),
      );
      assert.ok(unescape(item(red)?.tooltip).includes('refuses its configuration'), item(red)?.tooltip);
      // The file itself, opened: the release's complaint on the key it names.
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(configFile));
      const diags = await waitFor('the refusal on openclaw.json', () => {
        const ours = vscode.languages.getDiagnostics(configFile).filter((d) => d.source === 'skill-author');
        return ours.length > 0 && ours;
      });
      assert.deepEqual(
        diags.map((d) => [typeof d.code === 'object' ? d.code.value : d.code, d.severity, d.range.start.line, d.range.start.character, d.range.end.character]),
        [['openclaw-config-refused', vscode.DiagnosticSeverity.Error, 1, 9, 19]],
      );
      assert.match(diags[0]?.message ?? '', /^OpenClaw 2026\.9\.6 refuses this config \("env: Unrecognized key: "APP_REGION""\)/);
      // Set right, the skill is OpenClaw's again.
      await vscode.workspace.fs.writeFile(configFile, Buffer.from('{\n  env: { vars: { APP_REGION: "eu" } },\n}\n'));
      await snapshotWhen('tree-refused read again', (x) => unescape(item(x)?.tooltip).includes('**OpenClaw: Loaded**'));
    } finally {
      await config.update('openclaw.config', undefined, vscode.ConfigurationTarget.Workspace);
      await cleanUpSettings();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(dir, { recursive: true });
      await vscode.workspace.fs.delete(configDir, { recursive: true });
    }
    await snapshotWhen('tree-refused gone', (x) => !item(x));
  });

  it("shows Claude Code's listing: a skill its budget lists by name only is amber, and the root says the budget", async () => {
    // The working folder's .claude/settings.json makes the listing's budget tiny: Claude Code's own skills fill
    // it, so the project's skills are listed by name only.
    const claude = fixtureUri('.claude');
    const skillsRoot = fixturePath('.claude', 'skills');
    const names = ['cc-alpha', 'cc-beta'];
    const files = names.map((n) => vscode.Uri.joinPath(claude, 'skills', n, 'SKILL.md'));
    const item = (x: TreeSnapshot, n: string): SnapshotItem | undefined => skillItems(x).find((i) => i.label === n);
    const rootItem = (x: TreeSnapshot): SnapshotItem | undefined =>
      x.items.find((i) => i.contextValue === 'root' && (i.tooltip ?? '').split('\n')[0] === skillsRoot);
    try {
      await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(claude, 'settings.json'), Buffer.from('{"skillListingBudgetFraction": 0.00001}\n'));
      for (const [i, f] of files.entries())
        await vscode.workspace.fs.writeFile(
          f,
          Buffer.from(`---\nname: ${names[i]}\ndescription: Written by the tree tests for Claude Code's listing.\n---\nBody.\n`),
        );
      const amber = await snapshotWhen(
        'both Claude Code skills amber, and the root with its budget',
        (x) => names.every((n) => item(x, n)?.icon?.id === 'warning') && /Claude Code /.test(rootItem(x)?.description ?? ''),
      );
      assert.match(rootItem(amber)?.description ?? '', /Claude Code [\d.]+k?\/30 chars · 2 name only/);
      assert.match(unescape(rootItem(amber)?.tooltip), /Claude Code's skills listing, started in .*: .* of 30 characters \(0\.001% of claude-opus-5-5's/);
      const tip = unescape(item(amber, 'cc-alpha')?.tooltip);
      assert.ok(tip.includes('**Claude Code: Listed, name only** (verdict `loaded`)'), tip);
      assert.ok(tip.includes('Claude Code 2.1.332 lists it as `cc-alpha` by name only: the listing holds 30 characters'), tip);
      const api = ((await apiSkills()) as unknown as Entry[]).find((e) => e.path === files[0]?.fsPath);
      assert.deepEqual(
        api?.runtimes.filter((r) => r.runtime === 'claude-code').map((r) => [r.runtime, r.listing, r.listed_as]),
        [['claude-code', 'name_only', 'cc-alpha']],
      );
      assert.deepEqual(
        api,
        (await checkJson([skillsRoot])).find((e) => e.path === files[0]?.fsPath),
      );
      await vscode.commands.executeCommand('workbench.view.extension.skillAuthor');
      await runner.screenshot('claude-code-listing', {
        expect: [
          { selector: '.monaco-list-row', text: '2 name only' },
          { selector: '.monaco-list-row', text: 'cc-alpha' },
        ],
      });
    } finally {
      await vscode.workspace.fs.delete(claude, { recursive: true, useTrash: false });
    }
    await snapshotWhen('the Claude Code skills gone', (x) => names.every((n) => !item(x, n)));
  });

  it('shows, under a skill that several agent runtimes read, how each of them lists it, side by side', async () => {
    // The same skill name in .agents/skills and .claude/skills: each agent CLI that reads both folders keeps one
    // of the two; the item's children say, per runtime, how that runtime lists this one.
    const agents = fixtureUri('.agents');
    const claude = fixtureUri('.claude');
    const agentsFile = vscode.Uri.joinPath(agents, 'skills', 'mx-shared', 'SKILL.md');
    const claudeFile = vscode.Uri.joinPath(claude, 'skills', 'mx-shared', 'SKILL.md');
    const text = (where: string): Uint8Array => Buffer.from(`---\nname: mx-shared\ndescription: Written by the tree tests, in ${where}.\n---\nBody.\n`);
    const itemOf = (x: TreeSnapshot, file: vscode.Uri): SnapshotItem | undefined => skillItems(x).find((i) => i.resourceUri === file.toString());
    const rows = (i: SnapshotItem | undefined): Record<string, string> =>
      Object.fromEntries(
        (i?.children ?? []).filter((c) => c.contextValue?.startsWith('listing.')).map((c) => [c.label.replace(/ [\d.]+$/, ''), c.description ?? '']),
      );
    try {
      await vscode.workspace.fs.writeFile(agentsFile, text('.agents/skills'));
      await vscode.workspace.fs.writeFile(claudeFile, text('.claude/skills'));
      const s = await snapshotWhen(
        'both mx-shared items with their runtimes’ listing rows',
        (x) => Object.keys(rows(itemOf(x, agentsFile))).length >= 2 && Object.keys(rows(itemOf(x, claudeFile))).length >= 2,
      );
      const fromAgents = rows(itemOf(s, agentsFile));
      const fromClaude = rows(itemOf(s, claudeFile));
      assert.equal(fromAgents['Codex'], 'full · mx-shared', JSON.stringify(fromAgents));
      assert.equal(fromAgents['Copilot CLI'], 'full · mx-shared', JSON.stringify(fromAgents));
      assert.equal(fromClaude['Claude Code'], 'full · mx-shared', JSON.stringify(fromClaude));
      // Copilot CLI reads .agents/skills before .claude/skills and keeps the first of a name, in silence.
      assert.equal(fromClaude['Copilot CLI'], 'shadowed', JSON.stringify(fromClaude));
      const shadowRow = itemOf(s, claudeFile)?.children.find((c) => c.contextValue === 'listing.shadowed');
      assert.equal(shadowRow?.icon?.id, 'error');
      assert.match(shadowRow?.tooltip ?? '', /Copilot CLI 1\.0\.102 does not list it/);
      const tip = unescape(itemOf(s, claudeFile)?.tooltip);
      assert.ok(tip.includes('| Agent runtime | Lists it | As |'), tip);
      assert.match(tip, /\| Copilot CLI 1\.0\.102 \| shadowed \| {2}\|/);
      // The rows are the verdicts check gives: the same runtimes, the same states.
      const api = ((await apiSkills()) as unknown as Entry[]).find((e) => e.path === claudeFile.fsPath);
      assert.deepEqual(
        Object.fromEntries((api?.runtimes ?? []).filter((r) => r.listing !== undefined).map((r) => [r.runtime, r.listing])),
        Object.fromEntries(
          (await checkJson([fixturePath('.claude', 'skills')]))
            .find((e) => e.path === claudeFile.fsPath)
            ?.runtimes.filter((r) => r.listing !== undefined)
            .map((r) => [r.runtime, r.listing]) ?? [],
        ),
      );
      await vscode.commands.executeCommand('workbench.view.extension.skillAuthor');
      await runner.screenshot('skill-matrix', { expect: [{ selector: '.monaco-list-row', text: 'mx-shared' }] });
    } finally {
      await vscode.workspace.fs.delete(agents, { recursive: true, useTrash: false });
      await vscode.workspace.fs.delete(claude, { recursive: true, useTrash: false });
    }
    await snapshotWhen('the mx-shared skills gone', (x) => !itemOf(x, agentsFile) && !itemOf(x, claudeFile));
  });

  it('copies a missing-dependencies report for an item', async () => {
    await snapshotWhen('the tree settled', settled);
    await vscode.commands.executeCommand('skillAuthor.tree.copyReport', skillUri(...TOOLS, 'probe-old'));
    assert.equal(
      await vscode.env.clipboard.readText(),
      [
        'Skill: probe-old',
        'File: skills/tools/probe-old/SKILL.md',
        'Verdict: loaded_with_banner: Loaded with a MISSING DEPS banner (warn): sa-fake-old version not satisfied.',
        'Mode: warn: from requires.mode in the frontmatter',
        'Missing:',
        '  - version sa-fake-old >=1.0: found 0.9.0, required >=1.0',
        '',
      ].join('\n'),
    );
    await vscode.commands.executeCommand('skillAuthor.tree.copyReport', skillUri(...TOOLS, 'probe-ok'));
    assert.equal(
      await vscode.env.clipboard.readText(),
      'Skill: probe-ok\nFile: skills/tools/probe-ok/SKILL.md\nVerdict: loaded: Loaded: every requirement is met.\nMode: strict: the default (no requires.mode the runtime reads)\nMissing: nothing\n',
    );
  });

  it('opens the SKILL.md of an item on click', async () => {
    const s = await snapshotWhen('probe-old listed', (x) => !!toolSkill(x, 'probe-old'));
    const command = toolSkill(s, 'probe-old')?.command;
    assert.ok(command);
    await vscode.commands.executeCommand(command.command, ...command.arguments.map((a) => vscode.Uri.parse(a)));
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, skillUri(...TOOLS, 'probe-old').fsPath);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('forwards "Preview What the Model Sees" to skillAuthor.previewBanner with the SKILL.md', async () => {
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('skillAuthor.tree.previewBanner'));
    if (commands.includes('skillAuthor.previewBanner')) return; // the preview's own tests cover it
    const received: unknown[] = [];
    const stub = vscode.commands.registerCommand('skillAuthor.previewBanner', (...args: unknown[]) => received.push(...args));
    try {
      const file = skillUri(...TOOLS, 'strict-missing');
      await vscode.commands.executeCommand('skillAuthor.tree.previewBanner', file.with({ query: 'agent=kate' }));
      assert.equal(received.length, 1);
      assert.equal((received[0] as vscode.Uri).toString(), file.toString());
    } finally {
      stub.dispose();
    }
  });

  describe('grouped by agent', () => {
    before(async () => {
      await vscode.commands.executeCommand('skillAuthor.selectAgent', 'kate');
    });
    after(async () => {
      await vscode.commands.executeCommand('skillAuthor.selectAgent', 'kate');
      await vscode.commands.executeCommand('skillAuthor.tree.groupByRoot');
    });

    const agentItems = (s: TreeSnapshot): string[] => s.items.map((i) => i.label);
    const kateSettled = (x: TreeSnapshot): boolean => x.agent === 'kate' && agentItems(x).length === 4 && settled(x);

    it("lists kate's skills in her order, her override applied, the missing one red", async () => {
      const s = await snapshotWhen("kate's view", kateSettled);
      assert.deepEqual([s.groupBy, s.description, s.context['skillAuthor.groupBy'], s.persisted.groupBy], ['agent', 'agent kate', 'agent', 'agent']);
      assert.deepEqual(agentItems(s), ['probe-ok', 'strict-missing', 'needs-env', 'ghost-skill']);
      assert.deepEqual(
        s.items.map((i) => [i.icon, i.contextValue]),
        [
          [GREEN, 'skill.loaded'],
          [AMBER, 'skill.loaded_with_banner'],
          [AMBER, 'skill.loaded_with_banner'],
          [RED, 'missingSkill'],
        ],
      );
      const strict = s.items[1] as SnapshotItem;
      const strictFile = skillUri(...TOOLS, 'strict-missing');
      assert.equal(strict.resourceUri, strictFile.with({ query: 'agent=kate' }).toString());
      const tip = unescape(strict.tooltip);
      assert.ok(tip.includes("Mode (nexo-rs): warn: set by agent kate's skill_overrides (an override beats the frontmatter)"), tip);
      assert.ok(tip.includes('Agent: kate (config/agents.yaml)'), tip);
      assert.ok(
        tip.includes(
          '**nexo-rs: Loaded + banner** (verdict `loaded_with_banner`)\n\nLoaded with a MISSING DEPS banner (warn): bin sa-definitely-missing-tool not found.',
        ),
        tip,
      );

      const ghost = s.items[3] as SnapshotItem;
      const toolsDir = fixturePath(...TOOLS);
      assert.deepEqual([ghost.description, ghost.command, ghost.collapsible], ['not found in tools', undefined, 'none']);
      const ghostTip = unescape(ghost.tooltip);
      assert.ok(
        ghostTip.includes('**nexo-rs: Not found** (verdict `not_found`)\n\nListed by the agent, but no SKILL.md was found in its skills_dir.'),
        ghostTip,
      );
      assert.ok(
        ghostTip.includes(`- ${path.join(toolsDir, '__global__', 'ghost-skill', 'SKILL.md')}\n- ${path.join(toolsDir, 'ghost-skill', 'SKILL.md')}`),
        ghostTip,
      );
      // Only ghost-skill is hidden from kate's model.
      assert.deepEqual(s.badge, { value: 1, tooltip: '1 skill hidden from the model' });

      const d = await decorations(strictFile.with({ query: 'agent=kate' }), strictFile);
      assert.deepEqual(
        d.decorations.map((x) => x.badge),
        ['!', '✗'],
        "the agent's item is amber, the file itself red",
      );
    });

    it("copies the report of an agent's entry, and of a missing one", async () => {
      await snapshotWhen("kate's view", kateSettled);
      const strictFile = skillUri(...TOOLS, 'strict-missing');
      await vscode.commands.executeCommand('skillAuthor.tree.copyReport', strictFile.with({ query: 'agent=kate' }));
      assert.equal(
        await vscode.env.clipboard.readText(),
        [
          'Skill: strict-missing',
          'File: skills/tools/strict-missing/SKILL.md',
          'Agent: kate (config/agents.yaml)',
          'Verdict: loaded_with_banner: Loaded with a MISSING DEPS banner (warn): bin sa-definitely-missing-tool not found.',
          "Mode: warn: set by agent kate's skill_overrides (an override beats the frontmatter)",
          'Missing:',
          '  - bin sa-definitely-missing-tool: not found on PATH',
          '',
        ].join('\n'),
      );
      const toolsDir = fixturePath(...TOOLS);
      await vscode.commands.executeCommand('skillAuthor.tree.copyReport', skillUri(...TOOLS, 'ghost-skill').with({ query: 'agent=kate' }));
      assert.equal(
        await vscode.env.clipboard.readText(),
        [
          'Skill: ghost-skill',
          'File: skills/tools/ghost-skill/SKILL.md',
          'Agent: kate (config/agents.yaml)',
          'Verdict: not_found: Listed by the agent, but no SKILL.md was found in its skills_dir.',
          'Looked for:',
          `  - ${path.join(toolsDir, '__global__', 'ghost-skill', 'SKILL.md')}`,
          `  - ${path.join(toolsDir, 'ghost-skill', 'SKILL.md')}`,
          '',
        ].join('\n'),
      );
    });

    it('switches agents by id and through the quick pick', async () => {
      await vscode.commands.executeCommand('skillAuthor.selectAgent', 'ops');
      const ops = await snapshotWhen("ops's view", (x) => x.agent === 'ops' && settled(x));
      assert.deepEqual(ops.description, 'agent ops');
      assert.deepEqual(
        ops.items.map((i) => [i.label, i.icon, i.contextValue]),
        [
          ['probe-old', RED, 'skill.skipped_disabled'],
          ['probe-ok', GREEN, 'skill.loaded'],
        ],
      );
      assert.ok(unescape(ops.items[0]?.tooltip).includes("Mode (nexo-rs): disable: set by agent ops's skill_overrides"));
      assert.deepEqual(ops.badge, { value: 1, tooltip: '1 skill hidden from the model' });

      // No arguments: the quick pick, whose first item (kate) is accepted once it is showing.
      let done = false;
      const picking = Promise.resolve(vscode.commands.executeCommand('skillAuthor.selectAgent')).finally(() => (done = true));
      await waitFor('the agent quick pick to be accepted', async () => {
        if (!done) await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
        return done;
      });
      await picking;
      await snapshotWhen("kate's view after the quick pick", kateSettled);
    });

    it('follows the agents file: an override changed, then restored byte for byte', async () => {
      const agentsFile = fixtureUri('config', 'agents.yaml');
      const original = await vscode.workspace.fs.readFile(agentsFile);
      const text = Buffer.from(original).toString('utf8');
      assert.ok(text.includes('strict-missing: warn'));
      await snapshotWhen("kate's view", kateSettled);
      try {
        await vscode.workspace.fs.writeFile(agentsFile, Buffer.from(text.replace('strict-missing: warn', 'strict-missing: strict')));
        const s = await snapshotWhen('strict-missing red for kate', (x) => x.agent === 'kate' && x.items[1]?.icon?.id === 'error');
        assert.deepEqual([s.items[1]?.label, s.items[1]?.contextValue], ['strict-missing', 'skill.hidden']);
        assert.ok(unescape(s.items[1]?.tooltip).includes("Mode (nexo-rs): strict: set by agent kate's skill_overrides"));
        assert.deepEqual(s.badge, { value: 2, tooltip: '2 skills hidden from the model' });
      } finally {
        await vscode.workspace.fs.writeFile(agentsFile, original);
      }
      assert.deepEqual(Buffer.from(await vscode.workspace.fs.readFile(agentsFile)), Buffer.from(original));
      await snapshotWhen('strict-missing amber for kate again', (x) => x.agent === 'kate' && x.items[1]?.icon?.id === 'warning');
    });

    it('switches between root and agent grouping from the view menu', async () => {
      await vscode.commands.executeCommand('skillAuthor.tree.groupByRoot');
      const s = await snapshotWhen('root grouping', (x) => x.groupBy === 'root' && !!toolSkill(x, 'probe-ok'));
      assert.deepEqual([s.description, s.context['skillAuthor.groupBy'], s.persisted.groupBy], ['', 'root', 'root']);
      // Back to the agent grouping: the agent selected before (kate) again.
      await vscode.commands.executeCommand('skillAuthor.tree.groupByAgent');
      const a = await snapshotWhen("kate's view again", kateSettled);
      assert.deepEqual([a.groupBy, a.description, a.persisted.groupBy], ['agent', 'agent kate', 'agent']);
      await vscode.commands.executeCommand('skillAuthor.tree.groupByRoot');
      await snapshotWhen('root grouping again', (x) => x.groupBy === 'root' && !!toolSkill(x, 'probe-ok'));
    });
  });
});
