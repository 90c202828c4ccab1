// The harness itself and the extension's first promises: it runs in the intended VS Code, SKILL.md files
// get the `skill` language there, and opening one activates the extension.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import { ENV } from '../utils/protocol';
import { extension, openSkill } from '../utils/vscode';
import { waitFor } from '../utils/wait';

describe('Extension in VS Code', () => {
  it('runs in the VS Code release the runner started', function () {
    const expected = process.env[ENV.expectVscode] ?? '1.139';
    if (expected === 'any') this.skip(); // a desktop run on an unpinned version
    const [major, minor] = expected.split('.');
    assert.ok(vscode.version.startsWith(`${major}.${minor}.`), `vscode.version is ${vscode.version}, expected ${major}.${minor}.x`);
  });

  it('gives SKILL.md the `skill` language id', async () => {
    const editor = await openSkill('skills', 'hello-world', 'SKILL.md');
    assert.equal(editor.document.languageId, 'skill');
  });

  it('activates when a skill document is open', async () => {
    // Activation is triggered by `onLanguage:skill` (the previous test opened one); no event reports it.
    const ext = extension();
    await waitFor(`${ext.id} to activate`, () => ext.isActive);
  });

  it('contributes the `skill` language for SKILL.md', () => {
    const contributes = extension().packageJSON.contributes as { languages?: { id: string; filenamePatterns?: string[] }[] };
    const skill = contributes.languages?.find((l) => l.id === 'skill');
    assert.ok(skill, 'package.json contributes no `skill` language');
    assert.ok(skill.filenamePatterns?.includes('SKILL.md'));
  });

  it('sees the workspace trust the runner asked for', () => {
    assert.equal(vscode.workspace.isTrusted, process.env[ENV.untrusted] !== '1');
  });

  it("inherits the runner's PATH in the extension host", async function () {
    // Tests of dependency probes put fake binaries first on PATH; a login shell's profile must not undo it.
    const binDir = process.env[ENV.binDir];
    if (!binDir) this.skip();
    assert.ok(process.env.PATH?.split(':').includes(binDir), `PATH lost ${binDir}: ${process.env.PATH}`);
    const { stdout } = await promisify(execFile)('skill-author-fake-tool', ['--version']);
    assert.equal(stdout.trim(), 'skill-author-fake-tool 1.2.3');
  });
});
