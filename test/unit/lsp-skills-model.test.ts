// The server's skills model as a client that mirrors it sees it: `node dist/cli.js lsp --stdio` in a real
// child process announcing `experimental.skillAuthor.skillsModel`. The first scan's skills, and each skill
// after a file event or an edit, are compared with what `check --json` prints for the same files; an agent's
// view with `check --agent ID --json`; the index of every root with `index --runtime R ROOT`.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { rmSync, unlinkSync } from 'node:fs';
import * as path from 'node:path';
import { type CompletionList, CompletionRequest, DidChangeWatchedFilesNotification, FileChangeType, RegistrationRequest } from 'vscode-languageserver-protocol';
import type { Entry } from '../../src/core/check/entry';
import {
  AgentViewRequest,
  IndexRequest,
  RefreshRequest,
  ScannedNotification,
  type ScannedParams,
  type SkillsChangedParams,
  SkillsChangedNotification,
  SkillsIdleRequest,
  type SkillView,
} from '../../src/shared/protocol';
import { CLI } from '../utils/cli';
import { writeUnder } from '../utils/fs';
import { asFinding, CAPABILITIES, LspClient, tempWorkspace, uriOf } from '../utils/lsp-client';
import { waitFor } from '../utils/wait';

const MIRROR_CAPABILITIES = { ...CAPABILITIES, experimental: { skillAuthor: { skillsModel: true } } };

const SKILLS: Record<string, string> = {
  'skills/media/convert/SKILL.md': `---
name: convert
description: Converts videos with ffmpeg.
requires:
  bins: [sa-definitely-missing-tool]
  mode: warn
---

# Convert

See [usage](references/usage.md).
`,
  'skills/media/convert/references/usage.md': '# Usage\n',
  'skills/media/DESCRIPTION.md': '---\ndescription: Media tools.\n---\n',
  'skills/chat/herm/SKILL.md': `---
name: herm
description: A Hermes skill whose description is long enough to be cut in the Hermes index for sure, really long.
platforms: [linux, windows, plan9]
prerequisites:
  commands: [sa-missing-cmd]
metadata:
  hermes:
    requires_tools: [web]
---

# Herm
`,
  'skills/tools/hidden/SKILL.md': `---
name: hidden
description: Needs a tool nobody has; hidden in strict mode.
requires:
  bins: [sa-definitely-missing-tool]
---

# Hidden
`,
  'skills/plain/SKILL.md': `---
name: plain
description: A plain skill.
---

# Plain
`,
  'config/agents.yaml': `agents:
  - id: kate
    model: {provider: p, model: m}
    skills: [hidden, gone, plain]
    skills_dir: ../skills/tools
    skill_overrides:
      hidden: warn
`,
};

/** `check --json` as the CLI prints it, paths made absolute. */
function cliEntries(cwd: string, env: NodeJS.ProcessEnv, args: string[]): Entry[] {
  const r = spawnSync(process.execPath, [CLI, 'check', '--json', '--no-probe', '--no-cache', ...args], { cwd, env, encoding: 'utf8' });
  if (r.status !== 0 && r.status !== 1) throw new Error(`check exited ${r.status}: ${r.stderr}`);
  return (JSON.parse(r.stdout) as { skills: Entry[] }).skills.map((e) => ({ ...e, path: path.resolve(cwd, e.path) }));
}

/** A client's mirror of the model, built from its `skillsChanged` notifications as a client applies them. */
class Mirror {
  readonly notifications: SkillsChangedParams[] = [];
  readonly skills = new Map<string, SkillView>();

  constructor(client: LspClient) {
    client.conn.onNotification(SkillsChangedNotification.type, (p) => {
      this.notifications.push(p);
      for (const f of p.removed) this.skills.delete(f);
      for (const s of p.changed) this.skills.set(s.file, s);
    });
  }

  /** The files the notifications from `from` on changed, and removed. */
  since(from: number): { changed: Set<string>; removed: Set<string> } {
    const batch = this.notifications.slice(from);
    return { changed: new Set(batch.flatMap((n) => n.changed.map((s) => s.file))), removed: new Set(batch.flatMap((n) => n.removed)) };
  }
}

describe('lsp: the skills model (skillsChanged, skillsIdle, agentView, index of every root)', function () {
  this.timeout(60000);
  let tmp: string;
  let ws: string;
  let env: NodeJS.ProcessEnv;
  let client: LspClient;
  let mirror: Mirror;

  const put = (rel: string, text: string): string => writeUnder(ws, rel, text);
  const watched = (changes: Array<{ file: string; type: FileChangeType }>): Promise<void> =>
    client.conn.sendNotification(DidChangeWatchedFilesNotification.type, { changes: changes.map((c) => ({ uri: uriOf(c.file), type: c.type })) });
  const idle = (): Promise<{ skills: number }> => client.conn.sendRequest(SkillsIdleRequest.type);
  const cliEntry = (file: string): Entry | undefined => cliEntries(ws, env, ['skills']).find((e) => e.path === file);

  before(async () => {
    ({ tmp, ws, env } = tempWorkspace('sa-model-', SKILLS));
    client = LspClient.start({ cwd: ws, env });
    mirror = new Mirror(client);
    await client.initialize(ws, undefined, MIRROR_CAPABILITIES);
  });

  after(() => {
    client?.kill();
    rmSync(tmp, { recursive: true, force: true });
  });

  it("sends the first scan's skills, each with check --json's entry for its root, then the roots and agents files", async () => {
    const { skills } = await idle();
    assert.equal(skills, 4);
    const first = mirror.notifications[0];
    assert.ok(first?.roots && first.agents, 'the first notification carries the roots and the agents files');
    assert.ok(mirror.notifications.at(-1)?.ready, 'the scan finished');
    const roots = mirror.notifications.flatMap((n) => n.roots ?? []);
    assert.ok(roots.some((r) => r.path === ws && r.label === 'ws' && r.kind === 'workspace'));
    assert.ok(roots.some((r) => r.path === path.join(ws, 'skills') && r.label === 'skills' && r.kind === 'workspace'));
    assert.deepEqual(
      first.agents?.map((f) => ({ path: f.path, agents: f.agents.map((a) => a.id), error: f.error })),
      [{ path: path.join(ws, 'config/agents.yaml'), agents: ['kate'], error: null }],
    );
    const cli = cliEntries(ws, env, ['skills']);
    assert.equal(mirror.skills.size, cli.length);
    for (const expected of cli) {
      const view = mirror.skills.get(expected.path);
      assert.ok(view, expected.path);
      assert.ok(view.evaluated && !view.probing && !view.fromEditor, expected.path);
      assert.deepEqual(view.entry, expected, expected.path);
      assert.equal(view.name, expected.name);
      assert.equal(view.location.root, path.join(ws, 'skills'));
      assert.equal(view.location.category, expected.category);
    }
    const herm = mirror.skills.get(path.join(ws, 'skills/chat/herm/SKILL.md'));
    assert.deepEqual(herm?.hermes, { requires_tools: ['web'] });
    assert.equal(herm?.unreadable, null);
    assert.ok(mirror.notifications.every((n) => n.changed.length <= 500));
  });

  it('reads one skill again when its SKILL.md is created or changed on disk, and removes a deleted one', async () => {
    const file = put(
      'skills/media/trim/SKILL.md',
      '---\nname: trim\ndescription: Trims videos.\nrequires:\n  bins: [sa-definitely-missing-tool]\n---\n\n# Trim\n',
    );
    let from = mirror.notifications.length;
    await watched([{ file, type: FileChangeType.Created }]);
    assert.equal((await idle()).skills, 5);
    assert.deepEqual([...mirror.since(from).changed], [file], 'only the new skill');
    assert.deepEqual(mirror.skills.get(file)?.entry, cliEntry(file));

    put('skills/media/trim/SKILL.md', '---\nname: trim\ndescription: Trims videos, now without requirements.\n---\n\n# Trim\n');
    from = mirror.notifications.length;
    await watched([{ file, type: FileChangeType.Changed }]);
    await idle();
    assert.deepEqual([...mirror.since(from).changed], [file]);
    assert.equal(mirror.skills.get(file)?.description, 'Trims videos, now without requirements.');
    assert.deepEqual(mirror.skills.get(file)?.entry, cliEntry(file));

    unlinkSync(file);
    from = mirror.notifications.length;
    await watched([{ file, type: FileChangeType.Deleted }]);
    assert.equal((await idle()).skills, 4);
    assert.deepEqual([...mirror.since(from).removed], [file]);
    assert.equal(mirror.skills.has(file), false);
  });

  it("follows an open, edited SKILL.md: its view carries fromEditor and the document check's entry; closed, the file's again", async () => {
    const file = path.join(ws, 'skills/plain/SKILL.md');
    const uri = await client.open(file, SKILLS['skills/plain/SKILL.md'] as string);
    await client.change(uri, 2, [{ range: { start: { line: 2, character: 13 }, end: { line: 2, character: 13 } }, text: 'Edited, ' }]);
    const check = await waitFor('the check of version 2', () => client.checks.find((c) => c.uri === uri && c.version === 2));
    await idle();
    const view = await waitFor('the edited view', () => (mirror.skills.get(file)?.fromEditor ? mirror.skills.get(file) : undefined));
    assert.deepEqual(view.entry, check.entry);
    assert.deepEqual(view.status, check.status);
    assert.equal(view.description, 'Edited, A plain skill.');
    await client.close(uri);
    await idle();
    const back = mirror.skills.get(file);
    assert.equal(back?.fromEditor, false);
    assert.equal(back?.description, 'A plain skill.');
    assert.deepEqual(back?.entry, cliEntry(file));
  });

  it('removes a skill whose folder is deleted on disk while an editor has it open with unsaved edits', async () => {
    const text = '---\nname: gone-open\ndescription: Goes away.\n---\n\n# Gone\n';
    const file = put('skills/media/gone-open/SKILL.md', text);
    const dir = path.dirname(file);
    await watched([
      { file: dir, type: FileChangeType.Created },
      { file, type: FileChangeType.Created },
    ]);
    await idle();
    assert.ok(mirror.skills.has(file));
    const uri = await client.open(file, text);
    await client.change(uri, 2, [{ range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, text: 'shade: dark\n' }]);
    await waitFor('the check of version 2', () => client.checks.find((c) => c.uri === uri && c.version === 2));
    await idle();
    rmSync(dir, { recursive: true, force: true });
    const from = mirror.notifications.length;
    await watched([{ file: dir, type: FileChangeType.Deleted }]);
    await idle();
    assert.deepEqual([...mirror.since(from).removed], [file]);
    assert.equal(mirror.skills.has(file), false);
    await client.close(uri);
    await idle();
    assert.equal(mirror.skills.has(file), false, 'closing its editor does not bring it back');
  });

  it("answers agentView with check --agent ID --json's entries, not_found included", async () => {
    const view = await client.conn.sendRequest(AgentViewRequest.type, { agent: 'kate' });
    assert.ok(view);
    assert.equal(view.agent.id, 'kate');
    assert.equal(view.file, path.join(ws, 'config/agents.yaml'));
    const cli = cliEntries(ws, env, ['--agent', 'kate', '--agents-file', 'config/agents.yaml']);
    assert.deepEqual(
      view.entries.map((e) => ({ ...e, path: path.resolve(ws, e.path) })),
      cli,
    );
    assert.deepEqual(view.skills[0]?.requires, { bins: ['sa-definitely-missing-tool'], env: [], versions: [] });
    assert.deepEqual(
      view.skills.map((s) => [s.id, s.status.verdict, s.status.mode]),
      [
        ['hidden', 'loaded_with_banner', 'warn'],
        ['gone', 'not_found', 'strict'],
        ['plain', 'not_found', 'strict'],
      ],
    );
    assert.deepEqual(await client.conn.sendRequest(AgentViewRequest.type, {}), view, 'the first agent by default');
    assert.equal(await client.conn.sendRequest(AgentViewRequest.type, { agent: 'nobody' }), null);
    for (const runtime of ['nexo', 'agentskills', 'hermes'] as const) {
      const index = await client.conn.sendRequest(IndexRequest.type, { runtime, agent: 'kate' });
      const cli = spawnSync(
        process.execPath,
        [CLI, 'index', '--runtime', runtime, '--agent', 'kate', '--agents-file', 'config/agents.yaml', '--no-probe', '--no-cache'],
        { cwd: ws, env, encoding: 'utf8' },
      ).stdout;
      assert.ok(cli, runtime);
      assert.equal(index.index ? `${index.index}\n` : '', cli, runtime);
    }
  });

  it('answers the index of every root as index --runtime R ROOT prints it (one root)', async () => {
    for (const runtime of ['hermes', 'openclaw', 'nexo', 'agentskills'] as const) {
      const index = await client.conn.sendRequest(IndexRequest.type, { runtime, allRoots: true });
      const cli = spawnSync(process.execPath, [CLI, 'index', '--runtime', runtime, '--no-probe', '--no-cache', 'skills'], { cwd: ws, env, encoding: 'utf8' });
      assert.equal(index.error, null, runtime);
      assert.equal(index.index ? `${index.index}\n` : '', cli.stdout, runtime);
    }
  });

  it('rescans on refresh: the same skills again, with `all`', async () => {
    const before = new Map(mirror.skills);
    const from = mirror.notifications.length;
    assert.equal((await client.conn.sendRequest(RefreshRequest.type)).skills, 4);
    assert.ok(mirror.notifications.slice(from).some((n) => n.all));
    assert.deepEqual(
      [...mirror.skills.values()].map((s) => s.entry),
      [...before.values()].map((s) => s.entry),
    );
  });

  it('scans the roots once: background diagnostics and completion come from the model, updated per skill', async () => {
    const other = LspClient.start({ cwd: ws, env });
    try {
      const scans: ScannedParams[] = [];
      other.conn.onNotification(ScannedNotification.type, (p) => void scans.push(p));
      const views = new Mirror(other);
      await other.initialize(ws, { background: true }, MIRROR_CAPABILITIES);
      await other.conn.sendRequest(SkillsIdleRequest.type);
      assert.equal(views.skills.size, 4);
      for (const view of views.skills.values()) {
        const published = await other.diagnostics(uriOf(view.file));
        assert.deepEqual(published.diagnostics.map(asFinding), view.entry?.diagnostics, view.file);
      }
      // One skill changed on disk: only its findings are published again (the agents file's may be too: they
      // name listed skills that are missing).
      const file = path.join(ws, 'skills/tools/hidden/SKILL.md');
      const from = other.published.length;
      put('skills/tools/hidden/SKILL.md', '---\nname: hidden\ndescription: Now with an unknown key.\ncolour: red\n---\n\n# Hidden\n');
      await other.conn.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uriOf(file), type: FileChangeType.Changed }] });
      await other.conn.sendRequest(SkillsIdleRequest.type);
      assert.deepEqual(
        other.published
          .slice(from)
          .map((p) => p.uri)
          .filter((u) => u.endsWith('/SKILL.md')),
        [uriOf(file)],
      );
      assert.deepEqual(
        other.published
          .filter((p) => p.uri === uriOf(file))
          .at(-1)
          ?.diagnostics.map(asFinding),
        cliEntry(file)?.diagnostics,
      );
      // Completion's binaries are the model's.
      const uri = await other.open(
        path.join(ws, 'skills/plain/SKILL.md'),
        '---\nname: plain\ndescription: A plain skill.\nrequires:\n  bins: []\n---\n\n# Plain\n',
      );
      const list = (await other.conn.sendRequest(CompletionRequest.type, {
        textDocument: { uri },
        position: { line: 4, character: 9 },
      })) as CompletionList | null;
      assert.ok(
        list?.items.some((i) => i.label === 'sa-definitely-missing-tool'),
        JSON.stringify(list?.items.map((i) => i.label)),
      );
      assert.equal(scans.length, 1, 'one scan of the roots');
      assert.equal(scans[0]?.skills, 4);
      assert.equal(await other.stop(), 0);
    } finally {
      other.kill();
    }
  });

  it('sends nothing of the model to a client that does not mirror it, and still answers skillsIdle', async () => {
    const other = LspClient.start({ cwd: ws, env });
    try {
      let sent = 0;
      other.conn.onNotification(SkillsChangedNotification.type, () => void sent++);
      await other.initialize(ws);
      assert.equal((await other.conn.sendRequest(SkillsIdleRequest.type)).skills, 4);
      const file = put('skills/media/other/SKILL.md', '---\nname: other\ndescription: Another.\n---\n\n# Other\n');
      await other.conn.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uriOf(file), type: FileChangeType.Created }] });
      assert.equal((await other.conn.sendRequest(SkillsIdleRequest.type)).skills, 5);
      assert.equal(sent, 0);
      assert.equal(await other.stop(), 0);
    } finally {
      other.kill();
    }
  });

  it('asks the client to watch the roots outside the workspace (the roots setting) by a relative pattern, and a skill written there is read', async () => {
    const extra = path.join(tmp, 'extra-root');
    const file = writeUnder(extra, 'misc/outside/SKILL.md', '---\nname: outside\ndescription: Outside the workspace.\n---\n\n# Outside\n');
    const other = LspClient.start({ cwd: ws, env });
    try {
      const watched: unknown[] = [];
      other.conn.onRequest(RegistrationRequest.type, (p) => {
        for (const r of p.registrations)
          if (r.method === DidChangeWatchedFilesNotification.method)
            watched.push(...(r.registerOptions as { watchers: Array<{ globPattern: unknown }> }).watchers.map((w) => w.globPattern));
        return null;
      });
      const caps = {
        ...CAPABILITIES,
        workspace: { ...CAPABILITIES.workspace, didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true } },
      };
      await other.initialize(ws, { roots: [extra] }, caps);
      assert.equal((await other.conn.sendRequest(SkillsIdleRequest.type)).skills, 6);
      assert.ok(watched.includes('**/*'), JSON.stringify(watched));
      assert.ok(
        watched.some((g) => JSON.stringify(g) === JSON.stringify({ baseUri: uriOf(extra), pattern: '**/*' })),
        JSON.stringify(watched),
      );
      writeUnder(extra, 'misc/later/SKILL.md', '---\nname: later\ndescription: Written later.\n---\n\n# Later\n');
      await other.conn.sendNotification(DidChangeWatchedFilesNotification.type, {
        changes: [{ uri: uriOf(path.join(extra, 'misc/later/SKILL.md')), type: FileChangeType.Created }],
      });
      assert.equal((await other.conn.sendRequest(SkillsIdleRequest.type)).skills, 7);
      assert.ok(file);
      assert.equal(await other.stop(), 0);
    } finally {
      other.kill();
    }
  });
});
