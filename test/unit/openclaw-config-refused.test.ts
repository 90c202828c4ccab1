// A configuration OpenClaw 2026.9.6 refuses stops it before it reads any skill: its CLI exits 1 and lists nothing.
// Every face says so as an error: `index` exits 1 with the release's words, `check` reports the file's findings
// (exit 1) and every skill as `config refused`, the editor puts each complaint on the key it names.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { placeConfigIssues, propertyKeys } from '../../src/core/runtimes/openclaw/configText';
import { cliSync } from '../utils/cli';

describe('where OpenClaw’s complaints about an openclaw.json lie (configText.ts)', () => {
  it('finds keys by path in JSON5: comments, unquoted and quoted keys, arrays, trailing commas', () => {
    const text =
      "{\n  // a comment with { braces: and 'quotes'\n  env: { vars: { A: '1' }, \"APP\": 'x', },\n  list: [ { id: 'a' }, { id: \"b\" } ],\n  /* x: 1 */ skills: { entries: { 'my.skill': { enabled: 'no' } } },\n}\n";
    const keys = propertyKeys(text).map((k) => `${k.path.join('/')}@${text.slice(k.start, k.end)}`);
    assert.deepEqual(keys, [
      'env@env',
      'env/vars@vars',
      'env/vars/A@A',
      'env/APP@"APP"',
      'list@list',
      'list/0/id@id',
      'list/1/id@id',
      'skills@skills',
      'skills/entries@entries',
      "skills/entries/my.skill@'my.skill'",
      'skills/entries/my.skill/enabled@enabled',
    ]);
  });

  it('places an unrecognized key on that key, another complaint on its path or the nearest key above, else line 1', () => {
    const text = '{\n  env: { vars: {}, APP_REGION: "eu", OTHER: 1 },\n  skills: { limits: { maxSkillsInPrompt: -1 } },\n}\n';
    const placed = placeConfigIssues(text, [
      'env: Unrecognized keys: "APP_REGION", "OTHER"',
      'skills.limits.maxSkillsInPrompt: Too small: expected number to be >=0 (minimum: 0)',
      'skills.entries.x.enabled: Invalid input',
      '<root>: Unrecognized key: "nowhere"',
    ]);
    assert.deepEqual(
      placed.map((p) => [p.line, p.column, p.endLine, p.endColumn]),
      [
        [2, 20, 2, 30],
        [3, 23, 3, 40],
        [3, 3, 3, 9],
        [1, 1, 1, 2],
      ],
    );
  });

  it('never throws on text that is not JSON5 at all', () => {
    let seed = 7;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = '{}[]:,"\'/*\\\n ab\u0000é';
    for (let n = 0; n < 300; n++) {
      const text = Array.from({ length: Math.floor(random() * 60) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const placed = placeConfigIssues(text, ['a.b: x', '<root>: Unrecognized key: "a"']);
      assert.equal(placed.length, 2);
      for (const p of placed) assert.ok(p.line >= 1 && p.column >= 1 && p.endLine >= p.line, JSON.stringify({ text, p }));
    }
  });
});

describe('a refused openclaw.json in the CLI', () => {
  let home: string;
  let cwd: string;
  const env = (): NodeJS.ProcessEnv => ({ PATH: '/usr/bin:/bin', HOME: home });
  before(() => {
    const tmp = fs.mkdtempSync(path.join(tmpdir(), 'sa-openclaw-refused-'));
    home = path.join(tmp, 'home');
    cwd = path.join(home, '.openclaw', 'workspace');
    for (const name of ['alpha', 'beta']) {
      fs.mkdirSync(path.join(cwd, 'skills', name), { recursive: true });
      fs.writeFileSync(path.join(cwd, 'skills', name, 'SKILL.md'), `---\nname: ${name}\ndescription: Does ${name}.\n---\nBody.\n`);
    }
    fs.writeFileSync(path.join(home, '.openclaw', 'openclaw.json'), '{\n  env: { APP_REGION: "eu" },\n}\n');
  });
  after(() => fs.rmSync(path.dirname(home), { recursive: true, force: true }));

  it('index exits 1 with the release’s words and prints no prompt', () => {
    const r = cliSync(['index', '--runtime', 'openclaw@2026.9.6', 'skills'], { cwd, env: env() });
    assert.equal(r.code, 1, r.err);
    assert.equal(r.out, '');
    assert.ok(
      r.err.includes(`OpenClaw 2026.9.6: Invalid config at ${path.join(home, '.openclaw', 'openclaw.json')}:\n- env: Unrecognized key: "APP_REGION"\n`),
      r.err,
    );
  });

  it('check reports the file as an error (exit 1) and every skill as refused, in JSON and in the table', () => {
    const j = cliSync(['check', '--json', '--no-probe', '--no-cache', '--runtime', 'openclaw@2026.9.6', 'skills'], { cwd, env: env() });
    assert.equal(j.code, 1, j.err);
    const doc = JSON.parse(j.out) as {
      skills: Array<{ id: string; verdict: string; hidden_by?: string[]; runtimes: Array<{ reasons: string[] }> }>;
      runtime_configs: Array<{
        path: string;
        runtime: string;
        runtime_version: string;
        error: string;
        diagnostics: Array<{ code: string; severity: string; line: number; column: number }>;
      }>;
    };
    assert.deepEqual(
      doc.skills.map((s) => [s.id, s.verdict, s.hidden_by]),
      [
        ['alpha', 'hidden', ['config_refused']],
        ['beta', 'hidden', ['config_refused']],
      ],
    );
    assert.match(
      doc.skills[0]?.runtimes[0]?.reasons[0] ?? '',
      /^OpenClaw 2026\.9\.6 refuses its configuration .*openclaw\.json, so it lists no skill: Invalid config at /,
    );
    assert.equal(doc.runtime_configs.length, 1);
    const c = doc.runtime_configs[0];
    assert.deepEqual([c?.runtime, c?.runtime_version, c?.error.split('\n')[1]], ['openclaw', '2026.9.6', '- env: Unrecognized key: "APP_REGION"']);
    assert.deepEqual(
      c?.diagnostics.map((d) => [d.code, d.severity, d.line, d.column]),
      [['openclaw-config-refused', 'error', 2, 10]],
    );
    const t = cliSync(['check', '--no-probe', '--no-cache', '--runtime', 'openclaw@2026.9.6', 'skills'], { cwd, env: env() });
    assert.equal(t.code, 1);
    assert.match(t.out, /alpha +general +openclaw +config refused/);
    assert.match(t.out, /openclaw\.json {2}refused by OpenClaw 2026\.9\.6: it reads no skill\n.*openclaw\.json:2:10 error openclaw-config-refused /);
    assert.match(t.out, /2 skills: .* · 1 error, 0 warnings/);
    const g = cliSync(['check', '--format', 'github', '--no-probe', '--no-cache', '--runtime', 'openclaw@2026.9.6', 'skills'], { cwd, env: env() });
    assert.match(g.out, /^::error file=.*openclaw\.json,line=2,col=10,.*title=openclaw-config-refused::/m);
  });

  it('2026.4.12 reads the same file (it exported the variable): nothing refused, exit 0', () => {
    const r = cliSync(['check', '--json', '--no-probe', '--no-cache', '--runtime', 'openclaw@2026.4.12', 'skills'], { cwd, env: env() });
    assert.equal(r.code, 0, r.err);
    const doc = JSON.parse(r.out) as { skills: Array<{ verdict: string }>; runtime_configs?: unknown };
    assert.deepEqual(
      doc.skills.map((s) => s.verdict),
      ['loaded', 'loaded'],
    );
    assert.equal(doc.runtime_configs, undefined);
    const i = cliSync(['index', '--runtime', 'openclaw@2026.4.12', 'skills'], { cwd, env: env() });
    assert.equal(i.code, 0, i.err);
    assert.match(i.out, /<name>alpha<\/name>/);
  });
});
