// Workspace trust: in an untrusted workspace the extension parses and reports everything but runs nothing
// (binaries are still looked up on PATH; versions say why they were not probed). `npm test` runs this file
// a second time with the workspace untrusted (run.mjs --untrusted --grep "Workspace trust").
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SkillAuthorApi } from '../../src/extension/api';
import { extension } from './util';

describe('Workspace trust', () => {
  it('spawns nothing in an untrusted workspace, and says why versions are unknown', async function () {
    if (vscode.workspace.isTrusted) this.skip();
    const api = (await extension().activate()) as SkillAuthorApi;
    const entries = await api.skills();
    // Every skill is still analyzed and evaluated…
    const probeOk = entries.find((e) => e.id === 'probe-ok');
    assert.equal(probeOk?.verdict, 'loaded', 'an unknown version hides nothing');
    assert.deepEqual(probeOk?.missing.versions, [
      { bin: 'sa-fake-ffmpeg', required: '>=4.0, <5', found: null, reason: 'not_probed', detail: 'not probed: workspace not trusted' },
    ]);
    // …presence on PATH is still checked (no process is needed for that)…
    assert.equal(entries.find((e) => e.id === 'strict-missing')?.verdict, 'skipped_strict');
    // …and no process was started: the probe log has no run at all.
    await vscode.commands.executeCommand('skillAuthor.reprobe');
    await api.skills();
    assert.deepEqual(api.probeLog().filter((e) => e.outcome !== 'not_probed'), []);
  });

  it('probes in a trusted workspace', async function () {
    if (!vscode.workspace.isTrusted) this.skip();
    const api = (await extension().activate()) as SkillAuthorApi;
    await vscode.commands.executeCommand('skillAuthor.reprobe');
    const entries = await api.skills();
    assert.deepEqual(entries.find((e) => e.id === 'probe-ok')?.missing.versions, []);
    assert.ok(api.probeLog().some((e) => e.bin === 'sa-fake-ffmpeg' && e.outcome === 'ok'));
  });
});
