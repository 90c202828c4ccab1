// Hostile input through the extension in the real VS Code: the corpus of test/fixtures/hostile (prepared by
// test/utils/hostile-corpus.ts, as for the CLI's test/unit/hostile.test.ts) is added as a skill root through the
// settings, with its fake binaries through `skillAuthor.path.extraDirs`. The extension must list every case
// with the verdict the CLI gives for the same files on the same PATH (the product's promise: the same
// answer in the editor as in the terminal), publish the findings, open the files without losing what the
// runtime sees, stay responsive while probes hang, and kill what a hanging probe left behind.
//
// `npm test` runs this file a second time with the workspace untrusted (run.mjs --untrusted --grep
// "Workspace trust|Hostile workspace"): then nothing may be spawned at all, and the tree must say why the
// versions are unknown.
//
// Left out here (covered for the CLI in test/unit/hostile.test.ts): re-running as the user `nobody` to see
// permissions enforced (the extension host runs as whoever started VS Code); the 100,000-entry and churning
// roots.
//
// The corpus's agents files ("agents files" below) go in turn through `skillAuthor.agentsFile`: the problems
// `check --agent` prints must reach the output channel and the Problems panel (on the agents file, where the
// CLI reports them); a valid file's agent must list in the view and the API what the CLI lists; a file that
// defines no agent must make the view say so, not fall back in silence.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Entry } from '../../src/core/check/entry';
import { RUNTIME_LABELS } from '../../src/core/runtimes/registry';
import type { ProbeLogEntry } from '../../src/core/machine/probe';
import type { RuntimeMissing } from '../../src/core/runtimes/types';
import type { SkillAuthorApi } from '../../src/extension/api';
import type { SnapshotItem, TreeSnapshot } from './host/inspect';
import { type HostileCorpus, prepareHostileCorpus, REPO } from '../utils/hostile-corpus';
import { isDead, readPid } from '../utils/proc';
import { codeOf, EXTENSION_ID, extension, inspect, nextEvent, ours } from '../utils/vscode';
import { waitFor } from '../utils/wait';

const SECRET = `s3cret-it-${process.pid}-${Date.now()}`;
/** The CLI's probe timeout (it has no option for it): the extension uses the same, so the texts agree. */
const PROBE_TIMEOUT_MS = 5000;

interface CliRun {
  code: number | null;
  out: string;
  err: string;
}

/** The built CLI on the same files, PATH and environment variables as the extension's engine. */
function runCli(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(REPO, 'dist', 'cli.js'), ...args],
      // ELECTRON_RUN_AS_NODE: under a desktop VS Code the extension host's executable is Electron.
      { cwd, env: { ...env, ELECTRON_RUN_AS_NODE: '1' }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, out: stdout, err: stderr }),
    );
  });
}

function cliEntries(r: CliRun): Map<string, Entry> {
  assert.ok(r.code === 0 || r.code === 1, `CLI exit ${r.code}: ${r.err.slice(0, 500)}`);
  const j = JSON.parse(r.out) as { version: number; skills: Entry[] };
  return new Map(j.skills.map((e) => [e.id, e]));
}

/** CPU time this thread has used (ms), when the runtime can tell (Node 23.9+): else null. */
function threadCpuMs(): number | null {
  const f = (process as unknown as { threadCpuUsage?: () => { user: number; system: number } }).threadCpuUsage;
  if (typeof f !== 'function') return null;
  const u = f.call(process);
  return (u.user + u.system) / 1000;
}

interface Lag {
  /** Longest wall-clock time between two ticks of a 10 ms timer, beyond the 10 ms (ms). */
  gapMs: number;
  /** Most CPU time the extension host's thread spent within one such gap (ms): its own blocking, whatever
   *  other processes on the machine took from it. Null where the runtime cannot tell. */
  busyMs: number | null;
}

/**
 * Samples the extension host's event loop (this test runs in it, with the extension) every 10 ms, by
 * phase. A gap is what a user's keystroke or another extension would have waited; the CPU spent in it tells
 * the host's own blocking from the CPU the machine gave to other processes (on a loaded 2-core machine a
 * thread that wants nothing can still wait 100 ms or more for its turn).
 */
class LagSampler {
  private lastWall = performance.now();
  private lastCpu = threadCpuMs();
  private worst: Lag = { gapMs: 0, busyMs: 0 };
  private readonly timer: NodeJS.Timeout;
  readonly phases: Record<string, Lag> = {};
  constructor(private readonly periodMs = 10) {
    this.timer = setInterval(() => this.tick(), periodMs);
  }
  private tick(): void {
    const wall = performance.now();
    const cpu = threadCpuMs();
    this.worst.gapMs = Math.max(this.worst.gapMs, wall - this.lastWall - this.periodMs);
    if (cpu !== null && this.lastCpu !== null && this.worst.busyMs !== null) this.worst.busyMs = Math.max(this.worst.busyMs, cpu - this.lastCpu);
    else this.worst.busyMs = null;
    this.lastWall = wall;
    this.lastCpu = cpu;
  }
  /** Ends a phase and returns its worst figures; the next phase starts now. */
  mark(phase: string): Lag {
    this.tick();
    const lag = { gapMs: Math.round(this.worst.gapMs), busyMs: this.worst.busyMs === null ? null : Math.round(this.worst.busyMs) };
    this.phases[phase] = lag;
    this.worst = { gapMs: 0, busyMs: 0 };
    return lag;
  }
  stop(): void {
    clearInterval(this.timer);
  }
}

const snapshot = (): Promise<TreeSnapshot> => inspect().treeSnapshot();

/** The cases opened in an editor (the others are only checked through the background findings). */
const OPENED = [
  'alias-bomb',
  'deep-nesting',
  'duplicate-keys',
  'tabs',
  'lone-cr',
  'mixed-eol',
  'bom',
  'invalid-utf8',
  'many-comparators',
  'long-line',
  'supporting-paths',
];
/** Codes left to VS Code's own validator on `skill` documents (src/extension/diagnostics.ts `OVERLAPPING_CODES`). */
const OVERLAPPING = new Set(['name-charset', 'name-dir-mismatch', 'name-missing', 'description-missing']);
/** A bound on the extension host's own blocking (CPU spent by its thread within one gap of a 10 ms timer).
 *  The largest single piece of work here is the analysis of the 5 MB file (~10 ms on an idle machine, 3-7
 *  times that on this loaded 2-core one), and a few ms per probe spawn; 250 ms is where a user notices a
 *  typed character arriving late. */
const MAX_BUSY_MS = 250;
/** Wall-clock gaps also include the time other processes (VS Code itself, Chromium, other test runs, the
 *  probes' own children) had the CPU: bounded loosely, reported exactly. */
const MAX_GAP_MS = 1000;

/** A finding as the CLI reports it, as it must appear on a file VS Code shows without its BOM. */
function expectedRange(d: Entry['diagnostics'][number], bom: boolean): [number, number, number, number] {
  const col = (line: number, column: number): number => Math.max(0, column - 1 - (bom && line === 1 ? 1 : 0));
  return [d.line - 1, col(d.line, d.column), d.endLine - 1, col(d.endLine, d.endColumn)];
}

function rangeOf(d: vscode.Diagnostic): [number, number, number, number] {
  return [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character];
}

describe('Hostile workspace', function () {
  this.timeout(90_000);
  const trusted = vscode.workspace.isTrusted;
  let corpus: HostileCorpus;
  let api: SkillAuthorApi;
  let cli: Map<string, Entry>;
  let mine: Map<string, Entry>;
  let lag: LagSampler;
  /** Where and with what environment the CLI runs for comparison (set in `before`). */
  let cliDir: string;
  let cliEnv: NodeJS.ProcessEnv;
  const figures: Record<string, unknown> = {};
  const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('skillAuthor');
  const SETTINGS = ['roots', 'path.extraDirs', 'envFiles', 'probes.timeoutMs'] as const;

  before(async function () {
    if (process.platform === 'win32') return this.skip(); // FIFOs, symbolic links and `#!/bin/sh` binaries
    api = (await extension().activate()) as SkillAuthorApi;
    await api.skills(); // the workspace settled first: what follows is the corpus's doing
    corpus = await prepareHostileCorpus({ prefix: 'skill-author-hostile-it-' });
    // A case for the editor only: CRLF line ends and one lone CR inside the frontmatter. VS Code shows the lone
    // CR as a line break of its own kind, so every offset after it is one unit off the file's: the findings
    // must still land where the CLI reports them.
    mkdirSync(path.join(corpus.root, 'mixed-eol'));
    writeFileSync(
      path.join(corpus.root, 'mixed-eol', 'SKILL.md'),
      '---\r\nname: mixed-eol\r\ndescription: Mostly CRLF line ends,\r  one lone CR.\r\ncolour: blue\r\n---\r\nBody.\r\n',
    );
    const envFile = path.join(corpus.tmp, 'hostile.env');
    writeFileSync(envFile, `HOSTILE_SECRET_TOKEN=${SECRET}\nHOSTILE_BLANK_VAR="   "\n`);
    lag = new LagSampler();
    const started = performance.now();
    // The CLI's timeout, so that the texts agree and the hanging probe ends within the test.
    await config().update('probes.timeoutMs', PROBE_TIMEOUT_MS, vscode.ConfigurationTarget.Global);
    await config().update('envFiles', [envFile], vscode.ConfigurationTarget.Global);
    await config().update('path.extraDirs', [corpus.binDir], vscode.ConfigurationTarget.Global);
    await config().update('roots', [corpus.root], vscode.ConfigurationTarget.Global);
    const under = (e: Entry): boolean => e.path.startsWith(corpus.root + path.sep);
    const entries = await waitFor(
      'the corpus root scanned and probed',
      async () => {
        const all = await api.skills();
        return all.some(under) && all;
      },
      60_000,
      100,
    );
    figures['scanAndProbeMs'] = Math.round(performance.now() - started);
    lag.mark('scan and probes');
    mine = new Map(entries.filter(under).map((e) => [e.id, e]));

    // The CLI on the same files, after the extension's scan (so it takes no CPU from it), with what the engine
    // gets: the extension host's PATH with the extra folder appended, and the env file's two variables. Its
    // fake binaries log elsewhere, so the extension's spawn log stays its own. Untrusted, the extension spawns
    // nothing: its answer is the CLI's --no-probe one, with its own reason.
    cliDir = path.join(corpus.tmp, 'cli');
    mkdirSync(cliDir);
    const env: NodeJS.ProcessEnv = (cliEnv = {
      PATH: [process.env['PATH'] ?? '', corpus.binDir].filter(Boolean).join(path.delimiter),
      HOME: corpus.tmp,
      XDG_CACHE_HOME: path.join(corpus.tmp, 'cache'),
      HOSTILE_SECRET_TOKEN: SECRET,
      HOSTILE_BLANK_VAR: '   ',
      SPAWN_LOG: path.join(cliDir, 'spawn.log'),
      PIDDIR: cliDir,
    });
    cli = cliEntries(await runCli(['check', '--json', '--no-cache', ...(trusted ? [] : ['--no-probe']), corpus.root], env, cliDir));
    lag.mark('CLI run (the test’s own)');
  });

  after(async () => {
    lag?.stop();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const key of SETTINGS) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
    if (api) await api.skills();
    corpus?.cleanup();
    console.log(`hostile workspace figures (${trusted ? 'trusted' : 'untrusted'}): ${JSON.stringify({ ...figures, lag: lag?.phases })}`);
  });

  it('lists every case of the corpus, each with the verdict and findings the CLI gives', () => {
    const expected = trusted ? cli : new Map([...cli].map(([id, e]) => [id, untrustedFromNoProbe(e)]));
    assert.deepEqual([...mine.keys()].sort(), [...expected.keys()].sort());
    for (const c of corpus.committedCases) assert.ok(mine.has(c), `${c} is not listed`);
    for (const [id, e] of expected) assert.deepEqual(mine.get(id), e, id);
    // Files the runtime cannot use are listed as such, not skipped.
    for (const id of ['skill-md-is-dir', 'dangling-link', 'link-loop', 'fifo', 'invalid-utf8', 'empty-file'])
      assert.equal(mine.get(id)?.verdict, 'not_loadable', id);
  });

  it('scanning and probing the corpus never blocked the extension host', () => {
    const scan = lag.phases['scan and probes'] as Lag;
    if (scan.busyMs !== null) assert.ok(scan.busyMs <= MAX_BUSY_MS, `the host's thread ran ${scan.busyMs} ms without a break`);
    assert.ok(scan.gapMs <= MAX_GAP_MS, `a ${scan.gapMs} ms gap in the host's event loop`);
  });

  it('the Skills tree shows every case under the corpus root, in its category, with its verdict', async () => {
    const s = await waitFor(
      'the tree settled on the corpus',
      async () => {
        const x = await snapshot();
        const root = x.items.find((i) => i.label === corpus.root);
        return root && !JSON.stringify(root).includes('loading~spin') && x;
      },
      20_000,
      100,
    );
    const root = s.items.find((i) => i.label === corpus.root) as SnapshotItem;
    assert.deepEqual(
      root.children.map((c) => c.label),
      [...new Set([...mine.values()].map((e) => e.category))].sort(),
    );
    const shown = new Map<string, SnapshotItem>();
    for (const category of root.children) {
      for (const item of category.children) {
        const file = vscode.Uri.parse(item.resourceUri ?? '').fsPath;
        const id = path.basename(path.dirname(file));
        assert.equal(mine.get(id)?.category, category.label, `${id} under ${category.label}`);
        shown.set(id, item);
      }
    }
    assert.deepEqual([...shown.keys()].sort(), [...mine.keys()].sort());
    for (const [id, e] of mine) {
      const item = shown.get(id) as SnapshotItem;
      assert.deepEqual(
        [item.label, item.contextValue, item.icon?.id],
        [e.name, `skill.${e.verdict}`, { green: 'pass-filled', amber: 'warning', red: 'error' }[e.color]],
        id,
      );
    }
    // A skill whose versions could not be checked says which and why (its summary counts only what was).
    for (const [id, e] of mine) {
      const unknown = (e.missing.versions ?? []).filter((v) => v.reason === 'not_probed');
      if (unknown.length === 0) continue;
      const line = `Version${unknown.length === 1 ? '' : 's'} not checked (an unknown version hides nothing): ${unknown.map((v) => `${v.bin} (${v.detail})`).join(', ')}`;
      assert.ok(unescapeMd(shown.get(id)?.tooltip).split('\n').includes(line), `${id}: no line ${JSON.stringify(line)} in ${shown.get(id)?.tooltip}`);
    }
    if (trusted) assert.equal(s.message, '');
    assert.ok(!JSON.stringify(s).includes(SECRET), 'an environment value reached the tree');
  });

  it('publishes the findings of every case file nobody opened, where the CLI reports them', async () => {
    for (const [id, e] of mine) {
      const uri = vscode.Uri.file(e.path);
      // The runtime profiles' own findings (hermes-*, openclaw-*) included.
      const want = e.diagnostics.map((d) => [d.code, d.message, expectedRange(d, id === 'bom')]);
      const got = (): unknown[] => ours(uri).map((d) => [codeOf(d), d.message, rangeOf(d)]);
      await waitFor(`background findings of ${id}`, () => JSON.stringify(got()) === JSON.stringify(want), 10_000).catch(() => undefined);
      assert.deepEqual(got(), want, id);
    }
  });

  it('opened in an editor, a hostile file shows the findings the runtime would cause, where the CLI reports them', async () => {
    // With the background findings off, whatever we publish on these files comes from the live analysis of
    // the open document (else the file's own findings would already be there, and prove nothing).
    const background = vscode.workspace.getConfiguration('skillAuthor.diagnostics');
    const first = vscode.Uri.file((mine.get(OPENED[0] as string) as Entry).path);
    await background.update('background', false, vscode.ConfigurationTarget.Global);
    try {
      await waitFor('the background findings cleared', () => ours(first).length === 0, 10_000);
      for (const id of OPENED) {
        const e = mine.get(id) as Entry;
        const uri = vscode.Uri.file(e.path);
        const want = e.diagnostics.filter((d) => !OVERLAPPING.has(d.code)).map((d) => [d.code, d.message, expectedRange(d, id === 'bom')]);
        assert.ok(want.length > 0, `${id}: a case with findings, so that their arrival can be waited for`);
        const published = nextEvent(
          `live findings of ${id}`,
          vscode.languages.onDidChangeDiagnostics,
          (c) => c.uris.some((u) => u.toString() === uri.toString()) && ours(uri).length > 0,
          20_000,
        );
        await vscode.commands.executeCommand('vscode.open', uri);
        const editor = vscode.window.activeTextEditor;
        assert.ok(editor && editor.document.uri.toString() === uri.toString(), `${id} is not open in a text editor`);
        assert.equal(editor.document.languageId, 'skill', id);
        await published.catch((err: Error) => assert.fail(`${err.message}; VS Code shows ${JSON.stringify(editor.document.getText().slice(0, 80))}`));
        assert.deepEqual(
          ours(uri).map((d) => [codeOf(d), d.message, rangeOf(d)]),
          want,
          id,
        );
        if (id === 'invalid-utf8' || id === 'lone-cr') {
          // VS Code shows these otherwise than the runtime reads them (replacement characters; lone CRs turned
          // into line breaks): the status bar gives the runtime's verdict too.
          const status = await waitFor(`the language status of ${id}`, async () => {
            const st = inspect().languageStatus();
            return st.file === e.path && !st.busy && st;
          });
          // The verdict that speaks for the skill, in its runtime's words (as the CLI's table words it).
          const words: Record<string, string> = { not_loadable: 'Not loadable', loaded: 'Loaded' };
          assert.equal(status.text, `${RUNTIME_LABELS[e.runtime]}: ${words[e.verdict] ?? e.verdict}`, id);
        }
        await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      }
    } finally {
      await background.update('background', undefined, vscode.ConfigurationTarget.Global);
    }
    await waitFor('the background findings back', () => ours(first).length > 0, 10_000);
  });

  it('the tree’s Open command: a pipe, a folder or a broken link is not opened (it says why), binary bytes go to VS Code’s own editor', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const id of ['fifo', 'skill-md-is-dir', 'dangling-link', 'link-loop']) {
      const uri = vscode.Uri.file((mine.get(id) as Entry).path);
      const t0 = performance.now();
      await vscode.commands.executeCommand('skillAuthor.tree.open', uri);
      const ms = performance.now() - t0;
      assert.ok(ms < 1000, `${id}: the command took ${ms} ms`);
      assert.equal(vscode.window.tabGroups.all.flatMap((g) => g.tabs).length, 0, `${id}: an editor was opened`);
    }
    const binary = vscode.Uri.file((mine.get('binary-bytes') as Entry).path);
    await vscode.commands.executeCommand('skillAuthor.tree.open', binary);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.equal((tab?.input as { uri?: vscode.Uri } | undefined)?.uri?.toString(), binary.toString());
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a 5 MB SKILL.md gets its findings after each edit; hovers never analyze it themselves', async () => {
    const e = mine.get('big-body') as Entry;
    const uri = vscode.Uri.file(e.path);
    // Our hover on the `description` key: the words of the runtimes that read it (`**Runtime:** …`).
    const ourHover = /^\*\*[^*\n]+:\*\* /;
    const hovers = async (u: vscode.Uri): Promise<boolean> =>
      ((await vscode.commands.executeCommand('vscode.executeHoverProvider', u, new vscode.Position(2, 3))) as vscode.Hover[]).some((h) =>
        h.contents.some((c) => ourHover.test(typeof c === 'string' ? c : c.value)),
      );
    const small = vscode.Uri.file((mine.get('crlf') as Entry).path);
    await vscode.commands.executeCommand('vscode.open', small);
    assert.ok(await hovers(small), 'no schema hover on an ordinary file');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

    lag.mark('before the 5 MB document');
    const t0 = performance.now();
    await vscode.commands.executeCommand('vscode.open', uri);
    let editor = vscode.window.activeTextEditor;
    assert.ok(editor && editor.document.uri.toString() === uri.toString(), 'the 5 MB file is not open in a text editor');
    assert.equal(editor.document.languageId, 'skill');
    assert.ok(editor.document.getText().length > 5_000_000);
    figures['hugeOpenMs'] = Math.round(performance.now() - t0);
    // As plain text, so that only our providers answer below (VS Code's markdown support also serves `skill`
    // documents, and its hover on 5 MB takes long enough to hide the timing this test is about). Our features
    // follow the file name, whatever the language.
    await vscode.languages.setTextDocumentLanguage(editor.document, 'plaintext');
    editor = await waitFor('the 5 MB document as plain text', () => {
      const ed = vscode.window.activeTextEditor;
      return ed?.document.uri.toString() === uri.toString() && ed.document.languageId === 'plaintext' && ed;
    });
    figures['hugeDocumentOpen'] = lag.mark('the 5 MB document: open (VS Code’s markdown support included)');
    // Over HUGE_CHARS (1,000,000 UTF-16 units, src/extension/documents.ts) the diagnostics analyze a document
    // only after the debounce, even on open; hovers, completions and quick fixes, asked at every cursor move,
    // never analyze it themselves: they use an analysis of the current version when one was made, and offer
    // nothing until then.
    const debounceMs = vscode.workspace.getConfiguration('skillAuthor.diagnostics').get<number>('debounceMs', 150);
    let windows = 0;
    const edits: number[] = [];
    for (let round = 0; round < 4; round++) {
      const adding = round % 2 === 0;
      const has = (): boolean => ours(uri).some((d) => codeOf(d) === 'unknown-field') === adding;
      const settled = nextEvent(
        `findings of edit ${round} of the 5 MB document`,
        vscode.languages.onDidChangeDiagnostics,
        (c) => c.uris.some((u) => u.toString() === uri.toString()) && has(),
        20_000,
      );
      const t1 = performance.now();
      const target = editor;
      assert.ok(await target.edit((b) => (adding ? b.insert(new vscode.Position(3, 0), 'colour: blue\n') : b.delete(new vscode.Range(3, 0, 4, 0)))));
      const hovered = await hovers(uri);
      if (!has()) {
        windows++;
        assert.equal(hovered, false, `edit ${round}: a hover analyzed the 5 MB document itself`);
      }
      await settled;
      edits.push(Math.round(performance.now() - t1));
      assert.ok((edits[round] as number) >= debounceMs, `edit ${round}: findings after ${edits[round]} ms, within the ${debounceMs} ms debounce`);
      assert.deepEqual(
        ours(uri).map((d) => [codeOf(d), rangeOf(d)]),
        adding ? [['unknown-field', [3, 0, 3, 6]]] : [],
      );
      assert.equal(await hovers(uri), true, `edit ${round}: no hover once the diagnostics analyzed the current version`);
    }
    assert.ok(windows > 0, 'every hover came after the analysis: the rule was not observed');
    figures['hugeEditToFindingsMs'] = edits;
    figures['hugeDocumentEdits'] = lag.mark('the 5 MB document: 4 edits, analyses, hovers');
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('stays responsive while probes hang: a command answers within a second, the tree shows the probe under way', async function () {
    if (!trusted) return this.skip();
    const hang = path.join(corpus.binDir, 'hang');
    const logged = api.probeLog().length;
    const spawned = corpus.spawned().length;
    lag.mark('before re-probe');
    const t0 = performance.now();
    const reprobe = vscode.commands.executeCommand('skillAuthor.reprobe');
    await waitFor('the hanging binary started again', () => corpus.spawned().slice(spawned).includes(hang), 10_000, 10);
    // Under way: it logged its start, and the engine has no outcome for it yet.
    assert.deepEqual(
      api
        .probeLog()
        .slice(logged)
        .filter((e) => e.bin === 'hang'),
      [],
    );
    const c0 = performance.now();
    const stats = inspect().stats();
    const statsMs = performance.now() - c0;
    assert.ok(stats.skills !== null && stats.skills >= mine.size);
    // The binary starts as soon as its skill is evaluated; the view hears of the evaluation under way with the
    // model's next batch (a burst window and the judging after it), so the tree is read until it shows it.
    let treeMs = 0;
    const icon = (): Promise<string | undefined> => {
      const s0 = performance.now();
      return snapshot().then((tree) => {
        treeMs = performance.now() - s0;
        return tree.items
          .find((i) => i.label === corpus.root)
          ?.children.flatMap((c) => c.children)
          .find((i) => i.label === 'probe-hang')?.icon?.id;
      });
    };
    await waitFor('probe-hang shown as being checked', async () => (await icon()) === 'loading~spin', 3000, 50).catch(() => undefined);
    assert.equal(await icon(), 'loading~spin', 'probe-hang is shown as being checked');
    const inFlight = performance.now() - t0;
    assert.ok(inFlight < PROBE_TIMEOUT_MS, `the checks took ${inFlight} ms: the probe may have ended meanwhile`);
    assert.deepEqual(
      api
        .probeLog()
        .slice(logged)
        .filter((e) => e.bin === 'hang'),
      [],
      'the probe ended during the checks',
    );
    await reprobe;
    const reprobeMs = performance.now() - t0;
    // The outcome came only when the timeout killed it.
    const outcome = api
      .probeLog()
      .slice(logged)
      .filter((e) => e.bin === 'hang');
    assert.deepEqual(
      outcome.map((e) => [e.resolvedPath, e.outcome]),
      [[hang, 'timeout']],
    );
    assert.ok((outcome[0] as ProbeLogEntry).durationMs >= PROBE_TIMEOUT_MS - 50, `${(outcome[0] as ProbeLogEntry).durationMs} ms`);
    const reprobeLag = lag.mark('re-probe with hanging probes');
    Object.assign(figures, { statsMs: Math.round(statsMs), treeSnapshotMs: Math.round(treeMs), reprobeMs: Math.round(reprobeMs) });
    assert.ok(statsMs < 1000, `inspect().stats() took ${statsMs} ms`);
    if (reprobeLag.busyMs !== null) assert.ok(reprobeLag.busyMs <= MAX_BUSY_MS, `the host's thread ran ${reprobeLag.busyMs} ms without a break`);
    assert.ok(reprobeLag.gapMs <= MAX_GAP_MS, `a ${reprobeLag.gapMs} ms gap in the host's event loop`);
    assert.ok(treeMs < 1000, `the tree snapshot took ${treeMs} ms`);
    assert.deepEqual(
      (await api.skills()).find((x) => x.id === 'probe-hang'),
      cli.get('probe-hang'),
    );
  });

  it('kills what a hanging probe started, and spawns only the binaries found, by absolute path, with one argument', async function () {
    if (!trusted) return this.skip();
    for (const f of ['hang.pid', 'forker.pid']) {
      const pid = readPid(path.join(corpus.pidDir, f));
      assert.ok(isDead(pid), `${f}: process ${pid} still runs after its probe ended`);
    }
    const spawned = corpus.spawned();
    for (const p of spawned) assert.equal(path.dirname(p), corpus.binDir, `spawned ${p}`);
    assert.deepEqual([...new Set(spawned.map((p) => path.basename(p)))].sort(), [
      'aaaa',
      'exit7',
      'flood',
      'flooda',
      'forker',
      'hang',
      'meta;tool $(touch pwned-v)',
    ]);
    const [argv0, argc, arg1] = readFileSync(path.join(corpus.pidDir, 'meta.args'), 'utf8').split('\n');
    assert.deepEqual(
      [argv0, argc, arg1],
      [path.join(corpus.binDir, 'meta;tool $(touch pwned-v)'), '1', '--version; touch pwned-cmd $(touch pwned-cmd2) `touch pwned-cmd3`'],
    );
  });

  it('in an untrusted workspace, spawns nothing and says why versions are unknown', async function () {
    if (trusted) return this.skip();
    await vscode.commands.executeCommand('skillAuthor.reprobe');
    await api.skills();
    assert.equal(existsSync(corpus.spawnLog), false, `spawned: ${corpus.spawned().join(', ')}`);
    assert.deepEqual(
      api.probeLog().filter((e) => e.outcome !== 'not_probed'),
      [],
    );
    // Every version whose binary is on PATH, with a valid constraint and a usable regex, is not probed, and
    // says why; none hides its skill.
    const unknown = [...mine.values()].flatMap((e) => (e.missing.versions ?? []).filter((v) => v.reason === 'not_probed').map((v) => [e.id, v.bin, v.detail]));
    assert.deepEqual(
      unknown
        .filter(([, , d]) => d === 'not probed: workspace not trusted')
        .map(([id, bin]) => `${id}:${bin}`)
        .sort(),
      [
        'probe-exit:exit7',
        'probe-flood:flood',
        'probe-forker:forker',
        'probe-hang:hang',
        'probe-noexec:noexec',
        'regex-blowup:flooda',
        'regex-huge:aaaa',
        'regex-redos:aaaa',
        'shell-names:meta;tool $(touch pwned-v)',
      ],
    );
    const s = await snapshot();
    const item = s.items
      .find((i) => i.label === corpus.root)
      ?.children.flatMap((c) => c.children)
      .find((i) => i.label === 'probe-hang');
    assert.ok(item);
    assert.deepEqual(
      item.children.map((c) => [c.label, c.description, c.icon?.id]),
      [['hang >=1', 'version · not probed: workspace not trusted', 'question']],
    );
    const tooltip = unescapeMd(item.tooltip);
    assert.match(
      tooltip,
      /^\*\*nexo-rs: Loaded\*\* \(verdict `loaded`\)\n\nLoaded: every requirement is met\.\n\n_Judged for nexo-rs: [^\n]*_\n\nVersion not checked \(an unknown version hides nothing\): hang \(not probed: workspace not trusted\)$/m,
    );
    assert.match(tooltip, /^- \? version hang >=1: not probed: workspace not trusted$/m);
    // The view says it once for all: no binary runs, so these versions are unknown.
    const n = unknown.filter(([, , d]) => d === 'not probed: workspace not trusted').length;
    assert.ok((s.message ?? '').includes(`Restricted Mode: no binary is run in an untrusted workspace, so `), s.message);
    assert.ok(n >= 8 && (s.message ?? '').includes(' version requirements are unknown'), s.message);
  });

  it('the output channel has no stack trace and no environment value', async function () {
    const log = ourLogFile();
    if (!log) return this.skip(); // found through /proc/self/fd: Linux only
    // A refresh makes the language server log one more "found N skills in 2 root(s)" line at its end: once
    // it is in the file, the file holds everything logged before it.
    const rounds = (): number => (readFileSync(log, 'utf8').match(/found \d+ skills? in 2 root\(s\)/g) ?? []).length;
    const before = rounds();
    await vscode.commands.executeCommand('skillAuthor.refresh');
    await waitFor('the refresh logged', () => rounds() > before, 10_000);
    // Every line but the one about the server a Live diagnostics test kills on purpose (SIGKILL).
    const text = readFileSync(log, 'utf8')
      .split('\n')
      .filter((l) => !/\[error\] Server process exited with signal SIGKILL\.$/.test(l))
      .join('\n');
    assert.doesNotMatch(text, /^\s+at \S/m, 'a stack trace in the output channel');
    assert.doesNotMatch(text, /\[error\]/);
    assert.ok(!text.includes(SECRET), 'an environment value in the output channel');
    assert.ok(text.includes('HOSTILE_SECRET_TOKEN'), 'the env file is logged (its names)');
  });

  // The corpus's agents files (test/fixtures/hostile/agents, README "Agents files"), each in turn as the
  // `skillAuthor.agentsFile` setting, with the corpus root (their skills_dir) already a root: a valid one
  // first, so that a broken one after it shows whether the view keeps stale data.
  describe('agents files', () => {
    interface AgentsCase {
      file: string;
      /** The CLI's exit status for `check --agent kate`. */
      exit: number;
      /** The names kate lists, in her order (undefined: the file defines no agent, or is refused). */
      skills?: string[];
      /** nexo-rs refuses the file as a whole. */
      refused?: boolean;
    }
    const CASES: AgentsCase[] = [
      // nexo-rs refuses a whole agents file for a bad override value or an unknown key (and a missing
      // `model:`): it starts no agent, so nothing is loaded and the view falls back to the roots.
      { file: 'unknown-mode.yaml', exit: 1, refused: true },
      { file: 'malformed.yaml', exit: 2 },
      { file: 'missing-skills.yaml', exit: 0, skills: ['crlf', 'ghost', '../../etc', '__proto__', 'proto-keys'] },
      { file: 'deep.yaml', exit: 2 },
      { file: 'alias-bomb.yaml', exit: 1, refused: true },
    ];
    /** A bound on how long the extension takes to take a new agents file in (rescan of the corpus included). */
    const SETTLE_MS = 5000;
    type Problem = [severity: string, line: number, column: number, message: string];

    before(function () {
      if (!corpus) return this.skip();
      // Generated, as in test/unit/hostile.test.ts: 20,000 nested `[` where kate's skills should be.
      writeFileSync(path.join(corpus.root, 'agents', 'deep.yaml'), `agents:\n  - id: kate\n    skills: ${'['.repeat(20_000)}\n`);
    });

    after(async () => {
      await config().update('agentsFile', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('skillAuthor.tree.groupByRoot');
      await api?.skills();
    });

    for (const c of CASES) {
      it(`${c.file}: the CLI's problems in the output and the Problems panel, ${c.skills ? "kate's skills in the view and the API as the CLI lists them" : 'the view says the file is broken'}`, async () => {
        const file = path.join(corpus.root, 'agents', c.file);
        const uri = vscode.Uri.file(file);
        const log = ourLogFile();
        const logStart = log ? readFileSync(log, 'utf8').length : 0;

        // The CLI on the same file: its exit status, its problems (stderr), its entries (stdout).
        const run = await runCli(
          ['check', '--json', '--no-cache', ...(trusted ? [] : ['--no-probe']), '--agent', 'kate', '--agents-file', file, corpus.root],
          cliEnv,
          cliDir,
        );
        assert.equal(run.code, c.exit, run.err);
        assert.doesNotMatch(run.err, /^\s+at \S/m);
        const cliProblems: Problem[] = [];
        for (const line of run.err.split('\n')) {
          const m = /^(.+?):(\d+):(\d+): (error|warning): (.*)$/.exec(line);
          if (m) cliProblems.push([m[4] as string, Number(m[2]), Number(m[3]), m[5] as string]);
        }
        assert.ok(cliProblems.length > 0, run.err);

        const t0 = performance.now();
        await config().update('agentsFile', file, vscode.ConfigurationTarget.Global);
        // Taken in: kate's list is the file's, or the view says the file defines no agent.
        const expectedMessage = (p: Problem): string =>
          `The agents file ${vscode.workspace.asRelativePath(file)} ${c.refused ? 'is refused by nexo-rs (it starts no agent)' : 'defines no agent'}, so skills are grouped by root: line ${p[1]}, column ${p[2]}: ${p[3]}${moreErrors(cliProblems)}`;
        const s = await waitFor(
          `${c.file} taken in`,
          async () => {
            const x = await snapshot();
            const ok = c.skills
              ? x.context['skillAuthor.hasAgents'] === true &&
                (await api.skills({ agent: 'kate' }).catch(() => [])).map((e) => e.id).join('\n') === c.skills.join('\n')
              : x.context['skillAuthor.hasAgents'] === false && (x.message ?? '').split('\n')[0] === expectedMessage(cliProblems[0] as Problem);
            return ok && x;
          },
          30_000,
          50,
        );
        const settleMs = performance.now() - t0;
        const a0 = performance.now();
        await snapshot();
        const apiAnswer = await api.skills(c.skills ? { agent: 'kate' } : undefined);
        const answerMs = performance.now() - a0;
        figures[`agents ${c.file}`] = { settleMs: Math.round(settleMs), snapshotAndApiMs: Math.round(answerMs) };
        assert.ok(settleMs < SETTLE_MS, `${c.file} took ${Math.round(settleMs)} ms to be taken in`);
        assert.ok(answerMs < SETTLE_MS, `the tree snapshot and the API took ${Math.round(answerMs)} ms`);

        if (c.skills) {
          // The API gives kate's entries as the CLI does (not_found ones included, overrides applied).
          const want = JSON.parse(run.out) as { skills: Entry[] };
          const expected = trusted ? want.skills : want.skills.map(untrustedFromNoProbe);
          assert.deepEqual(apiAnswer, expected);
          // The view, grouped by agent: her skills in her order, the missing ones as such.
          await vscode.commands.executeCommand('skillAuthor.selectAgent', 'kate');
          const tree = await waitFor(
            `kate's view of ${c.file}`,
            async () => {
              const x = await snapshot();
              return (
                x.groupBy === 'agent' &&
                x.agent === 'kate' &&
                x.items.map((i) => i.label).join('\n') === expected.map((e) => e.name).join('\n') &&
                !JSON.stringify(x.items).includes('loading~spin') &&
                x
              );
            },
            10_000,
            50,
          );
          assert.deepEqual(
            tree.items.map((i) => [i.label, i.contextValue]),
            expected.map((e) => [e.name, e.verdict === 'not_found' ? 'missingSkill' : `skill.${e.verdict}`]),
          );
          if (trusted) assert.equal(tree.message, '');
          const missing = expected.filter((e) => e.verdict === 'not_found').map((e) => e.id);
          assert.deepEqual(missing, c.file === 'missing-skills.yaml' ? ['ghost', '../../etc', '__proto__'] : []);
        } else {
          // No agent: grouped by root whatever the preference, the corpus still listed, and the view says why.
          assert.equal(s.groupBy, 'root');
          // Untrusted, the Restricted Mode line follows.
          if (trusted) assert.equal(s.message, expectedMessage(cliProblems[0] as Problem));
          else assert.match(s.message ?? '', /\nRestricted Mode: /);
          assert.ok(
            s.items.some((i) => i.label === corpus.root),
            'the corpus root is not listed',
          );
          await assert.rejects(api.skills({ agent: 'kate' }), { message: `no agent \`kate\` in ${file}` });
          // Asking for the agent grouping says why there is none: the broken file and its first error (it
          // said "no agents file found").
          assert.equal(await vscode.commands.executeCommand('skillAuthor.tree.groupByAgent'), `Skill Author: ${expectedMessage(cliProblems[0] as Problem)}`);
        }

        // The same problems, at the same places, in the Problems panel on the agents file.
        const published = (): Problem[] =>
          ours(uri).map((d) => [
            d.severity === vscode.DiagnosticSeverity.Error ? 'error' : 'warning',
            d.range.start.line + 1,
            d.range.start.character + 1,
            d.message,
          ]);
        await waitFor(`the Problems panel on ${c.file}`, () => JSON.stringify(published()) === JSON.stringify(cliProblems), 10_000).catch(() => undefined);
        assert.deepEqual(published(), cliProblems);

        // And in the output channel, logged when the file was read.
        if (process.platform !== 'linux') return; // the log file is found through /proc/self/fd
        assert.ok(log, "the output channel's log file was not found");
        const logged = (): Problem[] => {
          const out: Problem[] = [];
          for (const line of readFileSync(log, 'utf8').slice(logStart).split('\n')) {
            const at = line.indexOf(`] ${file}:`);
            const sev = /\[(error|warning)\]/.exec(line);
            if (at < 0 || !sev) continue;
            const m = /^(\d+):(\d+): (.*)$/.exec(line.slice(at + file.length + 3));
            if (m) out.push([sev[1] as string, Number(m[1]), Number(m[2]), m[3] as string]);
          }
          return out;
        };
        await waitFor(`the output channel on ${c.file}`, () => JSON.stringify(logged()) === JSON.stringify(cliProblems), 10_000).catch(() => undefined);
        assert.deepEqual(logged(), cliProblems);
      });
    }
  });
});

/** The log file of our output channel (a log channel: VS Code writes it under the extension host's logs
 *  folder and keeps it open), or undefined where it cannot be found. */
function ourLogFile(): string | undefined {
  const suffix = `${path.sep}${EXTENSION_ID}${path.sep}Skill Author.log`;
  try {
    for (const fd of readdirSync('/proc/self/fd')) {
      try {
        const target = readlinkSync(`/proc/self/fd/${fd}`);
        if (target.endsWith(suffix)) return target;
      } catch {
        // closed meanwhile
      }
    }
  } catch {
    // no /proc
  }
  return undefined;
}

/** Markdown escapes undone, to compare tooltip text. */
function unescapeMd(md: string | undefined): string {
  return (md ?? '').replace(/\\(.)/g, '$1');
}

/** The view's note on the errors of an agents file beyond the first, as it words it. */
function moreErrors(problems: ReadonlyArray<readonly [string, number, number, string]>): string {
  const more = problems.filter((p) => p[0] === 'error').length - 1;
  return more > 0 ? ` (and ${more} more error${more === 1 ? '' : 's'}, see the output)` : '';
}

/** A `--no-probe` CLI entry as the extension reports it in an untrusted workspace. */
function untrustedFromNoProbe(e: Entry): Entry {
  const untrusted = (m: RuntimeMissing): RuntimeMissing =>
    m.versions
      ? { ...m, versions: m.versions.map((v) => (v.detail === 'not probed (--no-probe)' ? { ...v, detail: 'not probed: workspace not trusted' } : v)) }
      : m;
  return { ...e, missing: untrusted(e.missing), runtimes: e.runtimes.map((r) => ({ ...r, missing: untrusted(r.missing) })) };
}
