// Workspace trust: in an untrusted workspace the extension parses and reports everything but runs nothing
// (binaries are still looked up on PATH; versions say why they were not probed); once the user grants
// trust, it probes, and its verdicts are those of a trusted run. `npm test` runs this file a second time
// with the workspace untrusted (run.mjs --untrusted --grep "Workspace trust").
//
// Order: mocha runs the tests of a `describe` in the order they are written. In the untrusted pass the grant
// comes last on purpose: trust cannot be taken back without VS Code reloading the window (which would end
// the run), so every untrusted assertion is made before it.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SkillAuthorApi } from '../../src/extension/api';
import { assertSameEntries, checkJson, extension, fixturePath, nextEvent, openSkill, runner, workspaceRoot } from '../utils/vscode';

const FAKE_BIN = path.resolve(workspaceRoot().fsPath, '..', 'bin');

async function hoverTexts(doc: vscode.TextDocument, needle: string, delta: number): Promise<string[]> {
  const pos = doc.positionAt(doc.getText().indexOf(needle) + delta);
  const hs = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, pos);
  return hs.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)));
}

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
    assert.deepEqual(
      [entries.find((e) => e.id === 'strict-missing')?.verdict, entries.find((e) => e.id === 'strict-missing')?.hidden_by],
      ['hidden', ['bins']],
    );
    // …and no process was started: the probe log has no run at all.
    await vscode.commands.executeCommand('skillAuthor.reprobe');
    await api.skills();
    assert.deepEqual(
      api.probeLog().filter((e) => e.outcome !== 'not_probed'),
      [],
    );
  });

  it('probes in a trusted workspace', async function () {
    if (!vscode.workspace.isTrusted) this.skip();
    const api = (await extension().activate()) as SkillAuthorApi;
    await vscode.commands.executeCommand('skillAuthor.reprobe');
    const entries = await api.skills();
    assert.deepEqual(entries.find((e) => e.id === 'probe-ok')?.missing.versions, []);
    assert.ok(api.probeLog().some((e) => e.bin === 'sa-fake-ffmpeg' && e.outcome === 'ok'));
  });

  // Last (see the top of the file): after it the workspace is trusted for the rest of the run.
  it('granting trust in the workbench (Manage Workspace Trust → Trust) probes, with the verdicts of a trusted run', async function () {
    if (vscode.workspace.isTrusted || !runner.available) this.skip();
    const api = (await extension().activate()) as SkillAuthorApi;
    const doc = (await openSkill('skills', 'tools', 'probe-ok', 'SKILL.md')).document;
    try {
      // Still untrusted: no probe has run, and the hover says why the version is unknown.
      assert.deepEqual(
        api.probeLog().filter((e) => e.outcome !== 'not_probed'),
        [],
      );
      const before = await hoverTexts(doc, '[sa-fake-ffmpeg', 3);
      assert.ok(
        before.some((t) => t.includes('not probed: workspace not trusted')),
        JSON.stringify(before),
      );

      const granted = nextEvent('onDidGrantWorkspaceTrust', vscode.workspace.onDidGrantWorkspaceTrust, () => true, 25_000);
      await runner.grantTrust();
      await granted;
      assert.equal(vscode.workspace.isTrusted, true);

      // The extension reset its engine on the grant and evaluated every skill again, probing this time.
      const entries = await api.skills();
      const ffmpeg = api.probeLog().filter((e) => e.bin === 'sa-fake-ffmpeg' && e.outcome === 'ok');
      assert.equal(ffmpeg.length, 1, JSON.stringify(api.probeLog()));
      assert.equal(ffmpeg[0]?.resolvedPath, path.join(FAKE_BIN, 'sa-fake-ffmpeg'));
      assert.deepEqual(entries.find((e) => e.id === 'probe-ok')?.missing.versions, [], "probe-ok's version is satisfied");
      assert.deepEqual(entries.find((e) => e.id === 'probe-old')?.missing.versions, [
        { bin: 'sa-fake-old', required: '>=1.0', found: '0.9.0', reason: 'constraint_unsatisfied' },
      ]);
      // Every verdict is now that of a trusted run: the CLI's, which probes.
      assertSameEntries(entries, await checkJson([fixturePath('skills')]));
      // And the hover reads the probed version.
      const after = await hoverTexts(doc, '[sa-fake-ffmpeg', 3);
      assert.ok(
        after.includes(
          `sa-fake-ffmpeg is found: \`${path.join(FAKE_BIN, 'sa-fake-ffmpeg')}\`\n\nVersion 4.4.2 (from \`sa-fake-ffmpeg --version\`) satisfies \`>=4.0, <5\`.`,
        ),
        JSON.stringify(after),
      );
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });
});
