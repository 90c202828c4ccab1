// `check` on nexo-rs extensions through the built CLI (dist/cli.js), run as a user runs it: from the folder
// the agent runs in (`check .` with `extensions/` there), in every format, with its exit code.

import { strict as assert } from 'node:assert';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { cliSync, REPO } from '../utils/cli';

const STDIO = (id: string, requires: string): string =>
  `[plugin]\nid = "${id}"\nversion = "0.1.0"\n\n[capabilities]\ntools = ["list_notes"]\n\n[transport]\nkind = "stdio"\ncommand = "./bin/x"\n\n[requires]\n${requires}\n`;

describe('cli: check on nexo-rs extensions (plugin.toml)', function () {
  this.timeout(60000);
  let agent: string;
  let env: NodeJS.ProcessEnv;
  before(() => {
    agent = mkdtempSync(path.join(tmpdir(), 'sa-ext-cli-'));
    const put = (rel: string, text: string): void => {
      mkdirSync(path.dirname(path.join(agent, rel)), { recursive: true });
      writeFileSync(path.join(agent, rel), text);
    };
    put('extensions/ok/plugin.toml', STDIO('notes-ok', 'bins = ["notes-cli"]'));
    put('extensions/skipped/plugin.toml', STDIO('notes-skipped', 'bins = ["ghost-tool"]'));
    put('extensions/secret/plugin.toml', STDIO('notes-secret', 'env = ["NOTES_API_TOKEN"]'));
    put(
      'extensions/nats/plugin.toml',
      '[plugin]\nid = "notes-nats"\nversion = "0.1.0"\n[capabilities]\ntools = ["a"]\n[transport]\nkind = "nats"\nsubject_prefix = "ext"\n',
    );
    put(
      'extensions/docs-type/plugin.toml',
      '[plugin]\nid = "notes-docs"\nversion = "0.1.0"\n[capabilities]\ntools = ["a"]\n[transport]\ntype = "stdio"\ncommand = "./x"\n',
    );
    put('extensions/a/b/c/plugin.toml', STDIO('too-deep', 'bins = []'));
    mkdirSync(path.join(agent, 'bin'));
    writeFileSync(path.join(agent, 'bin', 'notes-cli'), '');
    chmodSync(path.join(agent, 'bin', 'notes-cli'), 0o644);
    env = { PATH: path.join(agent, 'bin'), HOME: agent, NOTES_API_TOKEN: 'dummy' };
  });
  after(() => rmSync(agent, { recursive: true, force: true }));

  it('--json: a top-level "extensions" array with what the agent does at start', () => {
    const r = cliSync(['check', '--json', '--no-cache', '.'], { cwd: agent, env });
    assert.equal(r.code, 1, r.err);
    const doc = JSON.parse(r.out) as { skills: unknown[]; extensions: Array<Record<string, unknown>> };
    assert.deepEqual(doc.skills, []);
    const by = Object.fromEntries(doc.extensions.map((e) => [e['path'], e]));
    assert.deepEqual(Object.keys(by).sort(), [
      'extensions/a/b/c/plugin.toml',
      'extensions/docs-type/plugin.toml',
      'extensions/nats/plugin.toml',
      'extensions/ok/plugin.toml',
      'extensions/secret/plugin.toml',
      'extensions/skipped/plugin.toml',
    ]);
    const pick = (p: string, ...keys: string[]) => Object.fromEntries(keys.map((k) => [k, (by[p] as Record<string, unknown>)[k]]));
    // Every extension's verdict names the runtime and the version it speaks for.
    for (const e of doc.extensions) assert.deepEqual([e['runtime'], e['runtime_version']], ['nexo', 'eec3f33']);
    assert.deepEqual(pick('extensions/ok/plugin.toml', 'id', 'boot', 'verdict', 'color', 'missing', 'env_stripped', 'error'), {
      id: 'notes-ok',
      boot: 'spawn',
      verdict: 'loaded',
      color: 'green',
      missing: { bins: [], env: [] },
      env_stripped: [],
      error: null,
    });
    assert.deepEqual(pick('extensions/skipped/plugin.toml', 'boot', 'verdict', 'missing'), {
      boot: 'skipped_requires',
      verdict: 'hidden',
      missing: { bins: ['ghost-tool'], env: [] },
    });
    assert.deepEqual(pick('extensions/secret/plugin.toml', 'boot', 'env_stripped'), { boot: 'spawn', env_stripped: ['NOTES_API_TOKEN'] });
    assert.deepEqual(pick('extensions/nats/plugin.toml', 'boot'), { boot: 'not_started' });
    assert.deepEqual(pick('extensions/docs-type/plugin.toml', 'id', 'boot', 'verdict', 'error'), {
      id: null,
      boot: 'invalid',
      verdict: 'not_loadable',
      error: { variant: 'Parse', message: 'missing field `kind`' },
    });
    assert.deepEqual(pick('extensions/a/b/c/plugin.toml', 'boot'), { boot: 'not_found' });
    const docs = (by['extensions/docs-type/plugin.toml'] as { diagnostics: Array<{ code: string; line: number; message: string }> }).diagnostics;
    assert.equal(docs[0]?.code, 'nexo-ext-missing-key');
    assert.equal(docs[0]?.line, 7, 'at the `type` key');
    const secret = (by['extensions/secret/plugin.toml'] as { diagnostics: Array<{ code: string; message: string }> }).diagnostics;
    assert.ok(secret.some((d) => d.code === 'nexo-ext-secret-stripped' && d.message.includes('ends in `_TOKEN`')));
  });

  it('the table: a line per extension in nexo-rs words, its findings beneath', () => {
    const r = cliSync(['check', '--no-cache', '.'], { cwd: agent, env });
    assert.equal(r.code, 1);
    assert.match(r.out, /notes-skipped\s+skipped: preconditions not satisfied\s+bin ghost-tool/);
    assert.match(r.out, /notes-ok\s+spawned/);
    assert.match(r.out, /not loaded: invalid manifest \(Parse\)/);
    assert.match(r.out, /extensions\/docs-type\/plugin.toml:7:1 error nexo-ext-missing-key/);
    assert.match(r.out, /6 extensions: 2 started, 4 not started by the agent · 1 error/);
    assert.match(r.out, /\nJudged by nexo-rs eec3f33\n$/);
  });

  it('SARIF and GitHub annotations carry the findings; the exit code counts their errors', () => {
    const sarif = cliSync(['check', '--format', 'sarif', '--no-cache', '.'], { cwd: agent, env });
    assert.equal(sarif.code, 1);
    const ids = (JSON.parse(sarif.out) as { runs: Array<{ tool: { driver: { rules: Array<{ id: string }> } } }> }).runs[0]?.tool.driver.rules.map((x) => x.id);
    assert.ok(ids?.includes('nexo-ext-missing-key') && ids.includes('nexo-ext-missing-bin'), String(ids));
    const gh = cliSync(['check', '--format', 'github', '--no-cache', '.'], { cwd: agent, env });
    assert.match(gh.out, /^::error file=extensions\/docs-type\/plugin.toml,line=7,/m);
    assert.match(gh.out, /^::warning file=extensions\/skipped\/plugin.toml,/m);
    // Only warnings left: exit 0.
    const onlyOk = cliSync(['check', '--no-cache', 'extensions/skipped'], { cwd: agent, env });
    assert.equal(onlyOk.code, 0, onlyOk.out + onlyOk.err);
  });

  it('a skills-only check --json has no "extensions" key', () => {
    const r = cliSync(['check', '--json', '--no-probe', '--no-cache', 'examples/skills'], { cwd: REPO, env: { PATH: process.env['PATH'] ?? '', HOME: agent } });
    assert.ok(!('extensions' in (JSON.parse(r.out) as object)));
  });

  it('examples/extensions: one extension skipped for a missing bin, one with a stripped secret', () => {
    const r = cliSync(['check', '--json', '--no-cache', 'examples/extensions'], {
      cwd: REPO,
      env: { PATH: '/usr/bin:/bin', HOME: agent, NOTES_API_TOKEN: 'x', NOTES_BASE_URL: 'http://localhost' },
    });
    const doc = JSON.parse(r.out) as { extensions: Array<{ id: string; boot: string; env_stripped: string[] }> };
    assert.deepEqual(
      doc.extensions.map((e) => [e.id, e.boot, e.env_stripped]),
      [
        ['notes-search', 'skipped_requires', []],
        ['notes-sync', 'spawn', ['NOTES_API_TOKEN']],
      ],
    );
  });
  it('config/extensions.yaml: its search paths and lists decide; a refused one fails the check and starts nothing', () => {
    const other = mkdtempSync(path.join(tmpdir(), 'sa-ext-cli-config-'));
    try {
      const put = (rel: string, text: string): void => {
        mkdirSync(path.dirname(path.join(other, rel)), { recursive: true });
        writeFileSync(path.join(other, rel), text);
      };
      put('plugins/one/plugin.toml', STDIO('one', 'bins = []'));
      put('plugins/two/plugin.toml', STDIO('two', 'bins = []'));
      put('config/extensions.yaml', 'extensions:\n  search_paths: [./plugins]\n  disabled: [two]\n');
      const json = cliSync(['check', '--json', '--no-cache', '.'], { cwd: other, env });
      assert.equal(json.code, 0, json.out + json.err);
      const doc = JSON.parse(json.out) as {
        extensions: Array<{ id: string; boot: string; excluded_by: string | null }>;
        extensions_config: Array<{ path: string; runtime: string; runtime_version: string; error: string | null; diagnostics: unknown[] }>;
      };
      assert.deepEqual(
        doc.extensions.map((e) => [e.id, e.boot, e.excluded_by]),
        [
          ['one', 'spawn', null],
          ['two', 'not_started', 'disabled'],
        ],
      );
      assert.deepEqual(doc.extensions_config, [{ path: 'config/extensions.yaml', runtime: 'nexo', runtime_version: 'eec3f33', error: null, diagnostics: [] }]);
      const table = cliSync(['check', '--no-cache', '.'], { cwd: other, env });
      assert.match(table.out, /two\s+not started: disabled in config/);
      assert.match(table.out, /config\/extensions.yaml\s+read by the agent at start/);
      // Refused: the agent starts nothing; its manifests are looked for where the defaults look.
      put('extensions/three/plugin.toml', STDIO('three', 'bins = []'));
      put('config/extensions.yaml', 'extensions:\n  search_paths: ./plugins\n');
      const refused = cliSync(['check', '--no-cache', 'config/extensions.yaml'], { cwd: other, env });
      assert.equal(refused.code, 1);
      assert.match(refused.out, /config\/extensions.yaml\s+refused: the agent does not start/);
      assert.match(refused.out, /config\/extensions.yaml:2:17 error nexo-ext-config-type .*expected a sequence/);
      assert.match(refused.out, /three\s+not started: configuration refused/);
      // Named as a path, the configuration is judged as nexo-rs reads it, never as a SKILL.md.
      assert.doesNotMatch(refused.out, /frontmatter-missing|SKILL/);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
