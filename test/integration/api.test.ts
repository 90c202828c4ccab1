// The extension's API (what `activate()` returns) against the CLI: the same engine must give the same
// verdicts in both faces. The fixture workspace has fake versioned binaries on PATH (test/fixtures/bin),
// a skill that needs an environment variable, and an agents file (config/agents.yaml).
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { SkillAuthorApi } from '../../src/extension/api';
import type { Entry } from '../../src/core/check/entry';
import { waitFor } from '../utils/wait';
import { assertSameEntries, checkJson, extension, fixturePath, withEnvFile } from '../utils/vscode';

const repoRoot = join(__dirname, '..', '..', '..');

async function api(): Promise<SkillAuthorApi> {
  const exports = (await extension().activate()) as SkillAuthorApi;
  assert.equal(exports?.version, 2);
  return exports;
}

const byPath = (entries: Entry[]): Map<string, Entry> => new Map(entries.map((e) => [e.path, e]));

describe('API', () => {
  afterEach(async () => {
    await vscode.workspace.getConfiguration('skillAuthor').update('envFiles', undefined, vscode.ConfigurationTarget.Global);
  });

  it('returns version 2 and the workspace skills exactly as `check --json` reports them', async () => {
    const entries = await (await api()).skills();
    const fromCli = await checkJson([fixturePath('skills')]);
    assertSameEntries(entries, fromCli);
    // Not vacuous: the fixtures cover each colour and a probe that found a version.
    const probeOk = byPath(entries).get(fixturePath('skills', 'tools', 'probe-ok', 'SKILL.md'));
    assert.equal(probeOk?.verdict, 'loaded');
    assert.equal(probeOk?.category, 'tools');
    const old = entries.find((e) => e.id === 'probe-old');
    assert.deepEqual(old?.missing.versions, [{ bin: 'sa-fake-old', required: '>=1.0', found: '0.9.0', reason: 'constraint_unsatisfied' }]);
    assert.deepEqual(new Set(entries.map((e) => e.color)), new Set(['green', 'amber', 'red']));
  });

  it('follows the environment: a variable set and unset changes the verdict, as in the CLI', async () => {
    const a = await api();
    const needsEnv = (es: Entry[]): Entry | undefined => es.find((e) => e.id === 'needs-env');
    assert.equal(needsEnv(await a.skills())?.verdict, 'loaded_with_banner');

    // The variable comes from an env file (skillAuthor.envFiles): the language server keeps the environment
    // it started with, as a runtime would.
    const restore = await withEnvFile('SA_TEST_API_KEY=not-shown-anywhere\n');
    try {
      const set = await waitFor('needs-env loaded', async () => {
        const es = await a.skills();
        return needsEnv(es)?.verdict === 'loaded' && es;
      });
      assertSameEntries(set, await checkJson([fixturePath('skills')], { ...process.env, SA_TEST_API_KEY: 'not-shown-anywhere' }));
    } finally {
      await restore();
    }
    const unset = await waitFor('needs-env with its banner again', async () => {
      const es = await a.skills();
      return needsEnv(es)?.verdict === 'loaded_with_banner' && es;
    });
    assert.deepEqual(needsEnv(unset)?.missing.env, ['SA_TEST_API_KEY']);
    assertSameEntries(unset, await checkJson([fixturePath('skills')]));
  });

  it("gives each agent's skills with its overrides and not_found entries, as `check --agent` does", async () => {
    const a = await api();
    for (const agent of ['kate', 'ops']) {
      const entries = await a.skills({ agent });
      const fromCli = await checkJson(['--agent', agent, '--agents-file', fixturePath('config', 'agents.yaml')]);
      // Same order as the agent lists them.
      assert.deepEqual(
        entries.map((e) => e.id),
        fromCli.map((e) => e.id),
      );
      assertSameEntries(entries, fromCli, (e) => e.id);
    }
    const kate = await a.skills({ agent: 'kate' });
    assert.deepEqual(
      kate.map((e) => [e.id, e.verdict, e.mode]),
      [
        ['probe-ok', 'loaded', 'strict'],
        ['strict-missing', 'loaded_with_banner', 'warn'],
        ['needs-env', 'loaded_with_banner', 'warn'],
        ['ghost-skill', 'not_found', 'strict'],
      ],
    );
    await assert.rejects(a.skills({ agent: 'nobody' }), /no agent `nobody`/);
  });

  it('logs every probe it runs (binary, resolved path, command, outcome)', async function () {
    if (!vscode.workspace.isTrusted) this.skip();
    const a = await api();
    await vscode.commands.executeCommand('skillAuthor.reprobe');
    await a.skills();
    const ffmpeg = a.probeLog().filter((e) => e.bin === 'sa-fake-ffmpeg');
    assert.ok(ffmpeg.length >= 1, 'sa-fake-ffmpeg was probed');
    const last = ffmpeg[ffmpeg.length - 1];
    assert.equal(last?.outcome, 'ok');
    assert.equal(last?.command, '--version');
    assert.equal(last?.resolvedPath, join(repoRoot, 'test', 'fixtures', 'bin', 'sa-fake-ffmpeg'));
  });
});
