// "New Skill…" in the real VS Code, driven through its automation argument ({ folder, name, description }):
// the file it writes, that the skill store and the API pick it up with no findings, and what it refuses.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { api, fixturePath, fixtureUri } from '../utils/vscode';
import { waitFor } from '../utils/wait';

/** Runs the command; resolves with its result, or with the rejection's message. */
async function newSkill(options: { folder?: vscode.Uri; name?: string; description?: string }): Promise<vscode.Uri | string> {
  try {
    return await vscode.commands.executeCommand<vscode.Uri>('skillAuthor.newSkill', options);
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** Closes the skill's editor, deletes its folder, and waits until the API no longer lists it. */
async function remove(dir: string): Promise<void> {
  const file = path.join(dir, 'SKILL.md');
  for (const tab of vscode.window.tabGroups.all.flatMap((g) => g.tabs)) {
    if (tab.input instanceof vscode.TabInputText && tab.input.uri.fsPath === file) await vscode.window.tabGroups.close(tab);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  const a = await api();
  await waitFor(`${file} to leave the skill list`, async () => !(await a.skills()).some((e) => e.path === file));
}

describe('New Skill', () => {
  it('creates <folder>/<name>/SKILL.md with valid frontmatter, opens it, and the skill list has it with no findings', async () => {
    const dir = fixturePath('skills', 'newskill-created');
    try {
      const result = await newSkill({ folder: fixtureUri('skills'), name: 'newskill-created', description: 'Use when: a test needs a fresh skill.' });
      assert.ok(result instanceof vscode.Uri, String(result));
      assert.equal(result.fsPath, path.join(dir, 'SKILL.md'));
      assert.equal(
        fs.readFileSync(result.fsPath, 'utf8'),
        '---\nname: newskill-created\ndescription: "Use when: a test needs a fresh skill."\n---\n\n# Newskill created\n',
      );
      assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, result.fsPath, 'the new SKILL.md is not the active editor');
      const a = await api();
      const entry = await waitFor('the new skill in the API', async () => (await a.skills()).find((e) => e.path === result.fsPath));
      assert.deepEqual(
        { id: entry.id, name: entry.name, category: entry.category, verdict: entry.verdict, diagnostics: entry.diagnostics },
        { id: 'newskill-created', name: 'newskill-created', category: 'general', verdict: 'loaded', diagnostics: [] },
      );
    } finally {
      await remove(dir);
    }
  });

  it("defaults to the workspace's skills root", async () => {
    const dir = fixturePath('skills', 'newskill-default');
    try {
      const result = await newSkill({ name: 'newskill-default', description: 'Created where skills live.' });
      assert.ok(result instanceof vscode.Uri, String(result));
      assert.equal(result.fsPath, path.join(dir, 'SKILL.md'));
    } finally {
      await remove(dir);
    }
  });

  it('creates next to a skill folder, not inside it', async () => {
    const dir = fixturePath('skills', 'newskill-sibling');
    try {
      const result = await newSkill({ folder: fixtureUri('skills', 'hello-world'), name: 'newskill-sibling', description: 'A sibling of hello-world.' });
      assert.ok(result instanceof vscode.Uri, String(result));
      assert.equal(result.fsPath, path.join(dir, 'SKILL.md'));
    } finally {
      await remove(dir);
    }
  });

  it("rejects invalid names with the analyzer's message and creates nothing", async () => {
    const cases: Array<[string, string]> = [
      ['Bad Name', '`name` may contain only lowercase letters a–z, digits and hyphens; found `B`, `N`, ` `. Try `bad-name`.'],
      ['newskill--double', '`name` must not contain consecutive hyphens (`--`).'],
      ['-newskill', '`name` must not start or end with a hyphen.'],
      ['', '`name` is missing or empty. The Agent Skills spec requires it, and it must equal the folder name.'],
      ['a'.repeat(65), '`name` is 65 characters; at most 64 are allowed.'],
      ['../newskill-escape', '`name` may contain only lowercase letters a–z, digits and hyphens; found `.`, `/`. Try `newskill-escape`.'],
    ];
    const before = fs.readdirSync(fixturePath('skills')).sort();
    for (const [name, message] of cases) {
      assert.equal(await newSkill({ folder: fixtureUri('skills'), name, description: 'Never created.' }), message, JSON.stringify(name));
    }
    assert.deepEqual(fs.readdirSync(fixturePath('skills')).sort(), before);
    assert.ok(!fs.existsSync(fixturePath('newskill-escape')));
  });

  it('rejects an empty description', async () => {
    assert.equal(
      await newSkill({ folder: fixtureUri('skills'), name: 'newskill-nodesc', description: '  ' }),
      '`description` is missing or empty. The Agent Skills format requires it (its reference library, skills-ref, refuses the skill), and agents decide from it whether to use the skill. Say what the skill does and when to use it.',
    );
    assert.ok(!fs.existsSync(fixturePath('skills', 'newskill-nodesc')));
  });

  it('refuses an existing folder and leaves it untouched', async () => {
    const file = fixturePath('skills', 'hello-world', 'SKILL.md');
    const original = fs.readFileSync(file, 'utf8');
    assert.equal(
      await newSkill({ folder: fixtureUri('skills'), name: 'hello-world', description: 'Would overwrite.' }),
      '`hello-world` already exists in skills: New Skill never overwrites. Choose another name.',
    );
    assert.equal(fs.readFileSync(file, 'utf8'), original);
  });
});
