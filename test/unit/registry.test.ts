// The runtime registry: one list from which everything that names runtimes is derived, and the version a
// runtime is judged by (asked, installed here, newest; an unknown release by the nearest older one).

import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseRuntimeList } from '../../src/core/runtimes/detect';
import { resolveRuntimeVersions, runtimeContext } from '../../src/core/runtimes';
import { findInstalledOpenClaw } from '../../src/core/runtimes/openclaw/installed';
import { OPENCLAW_VERSIONS } from '../../src/core/runtimes/openclaw/versions';
import { PROFILES, TREE_EVALUATORS } from '../../src/core/runtimes/profiles';
import { FIELDS_BY_RUNTIME } from '../../src/core/runtimes/fields';
import { newestVersion, parseRuntimeSpec, resolveVersion, RUNTIME_IDS, RUNTIMES, runtimeSpecs, supportedVersionFor } from '../../src/core/runtimes/registry';
import { cliSync, REPO, runCli } from '../utils/cli';

describe('runtime registry', () => {
  it('every runtime has one profile, in the registry’s order, and the profiles agree with the registry', () => {
    assert.deepEqual(
      PROFILES.map((p) => p.id),
      RUNTIME_IDS,
    );
    for (const p of PROFILES) {
      const d = RUNTIMES.find((r) => r.id === p.id);
      // A bare id is judged by the version installed here exactly when the profile can find one.
      assert.equal(Boolean(d?.detectsInstall), p.findInstalled !== undefined, p.id);
      assert.ok(p.fields.length > 0, `${p.id} reads some field`);
      assert.equal(FIELDS_BY_RUNTIME[p.id], p.fields);
    }
    assert.deepEqual(Object.keys(TREE_EVALUATORS).sort(), ['hermes', 'openclaw']);
    assert.deepEqual(
      PROFILES.filter((p) => p.judging.kind === 'listing').map((p) => p.id),
      ['claude-code', 'codex', 'copilot-cli', 'gemini-cli', 'opencode', 'qwen-code', 'vscode'],
    );
    assert.deepEqual(
      PROFILES.filter((p) => p.judging.kind === 'engine').map((p) => p.id),
      ['nexo'],
    );
  });

  it('the setting skillAuthor.runtimes offers exactly the registry’s runtimes and versions, as scripts/gen-schema.mjs writes them', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { items: { enum: string[]; enumDescriptions: string[] } }> } };
    };
    const items = pkg.contributes.configuration.properties['skillAuthor.runtimes']?.items;
    assert.deepEqual(items?.enum, runtimeSpecs());
    assert.equal(items?.enumDescriptions.length, runtimeSpecs().length);
    const generated = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { manifestText } from ${JSON.stringify(path.join(REPO, 'scripts/gen-schema.mjs'))}; process.stdout.write(manifestText());`,
      ],
      { encoding: 'utf8' },
    );
    assert.equal(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'), generated, 'run node scripts/gen-schema.mjs');
  });

  it('lists every runtime once, OpenClaw with the releases its profile emulates', () => {
    assert.deepEqual(RUNTIME_IDS, [
      'nexo',
      'hermes',
      'openclaw',
      'claude-code',
      'codex',
      'copilot-cli',
      'gemini-cli',
      'opencode',
      'qwen-code',
      'vscode',
      'agentskills',
    ]);
    assert.deepEqual(
      RUNTIMES.find((r) => r.id === 'openclaw')?.versions.map((v) => v.version),
      [...OPENCLAW_VERSIONS],
    );
    for (const r of RUNTIMES) assert.ok(r.versions.length > 0, `${r.id} has a version`);
  });

  it('parses id and id@version, and refuses unknown runtimes, blank versions and two versions of one runtime', () => {
    assert.deepEqual(parseRuntimeSpec('openclaw'), { runtime: 'openclaw' });
    assert.deepEqual(parseRuntimeSpec('openclaw@2026.9.6'), { runtime: 'openclaw', version: '2026.9.6' });
    assert.equal(parseRuntimeSpec('openclaw@'), null);
    assert.equal(parseRuntimeSpec('claw@1'), null);
    const list = parseRuntimeList('hermes, openclaw@2026.4.12,bogus,openclaw@2026.9.6');
    assert.deepEqual(list.runtimes, ['hermes', 'openclaw']);
    assert.deepEqual(list.versions, { openclaw: '2026.4.12' });
    assert.deepEqual(list.unknown, ['bogus']);
    assert.deepEqual(list.conflicts, ['openclaw']);
  });

  it('judges an unknown release by the nearest older one emulated, an older one by the oldest, and says so', () => {
    assert.deepEqual(supportedVersionFor('openclaw', '2026.9.6'), { version: '2026.9.6', exact: true });
    assert.deepEqual(supportedVersionFor('openclaw', '2026.8.2'), { version: '2026.8.2', exact: true });
    assert.deepEqual(supportedVersionFor('openclaw', '2026.8.5'), { version: '2026.8.2', exact: false });
    assert.deepEqual(supportedVersionFor('openclaw', '2026.10.1'), { version: '2026.9.6', exact: false });
    assert.deepEqual(supportedVersionFor('openclaw', '2026.4.12-beta.1'), { version: '2026.4.12', exact: true });
    assert.deepEqual(supportedVersionFor('openclaw', '2025.12.1'), { version: '2026.4.12', exact: false });
    assert.equal(supportedVersionFor('hermes', 'abcdef0'), null);
    const r = resolveVersion('openclaw', '2026.8.3', null);
    assert.equal(r.version, '2026.8.2');
    assert.match(r.note ?? '', /OpenClaw 2026\.8\.3 is not emulated; judged by 2026\.8\.2, the nearest older release emulated/);
    const old = resolveVersion('openclaw', '2026.3.1', null);
    assert.equal(old.version, '2026.4.12');
    assert.match(old.note ?? '', /OpenClaw 2026\.3\.1 is not emulated; judged by 2026\.4\.12, the oldest release emulated/);
    const h = resolveVersion('hermes', 'abcdef0', null);
    assert.equal(h.version, newestVersion('hermes'));
    assert.match(h.note ?? '', /not a version Skill Author knows/);
    assert.deepEqual(resolveVersion('openclaw', undefined, null), { runtime: 'openclaw', version: newestVersion('openclaw'), source: 'newest' });
  });

  describe('the OpenClaw installed here', () => {
    let tmp: string;
    beforeEach(() => (tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-'))));
    afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

    /** An npm global install as `npm install -g openclaw@VERSION` lays it out: <prefix>/bin/openclaw → the
     *  package's openclaw.mjs. */
    function install(prefix: string, version: string): void {
      const pkg = path.join(prefix, 'lib', 'node_modules', 'openclaw');
      fs.mkdirSync(pkg, { recursive: true });
      fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'openclaw', version }));
      fs.writeFileSync(path.join(pkg, 'openclaw.mjs'), '#!/usr/bin/env node\n', { mode: 0o755 });
      fs.mkdirSync(path.join(prefix, 'bin'), { recursive: true });
      fs.symlinkSync(path.join('..', 'lib', 'node_modules', 'openclaw', 'openclaw.mjs'), path.join(prefix, 'bin', 'openclaw'));
    }

    it('is found from the openclaw command on PATH, by its package.json (nothing is run)', () => {
      install(path.join(tmp, 'prefix'), '2026.9.6');
      const env = { PATH: `/nonexistent:${path.join(tmp, 'prefix', 'bin')}` };
      assert.deepEqual(findInstalledOpenClaw(env, tmp, 'linux'), {
        version: '2026.9.6',
        at: fs.realpathSync(path.join(tmp, 'prefix', 'lib', 'node_modules', 'openclaw')),
      });
      const ctx = runtimeContext({ ...env, HOME: tmp }, tmp, {}, 'linux');
      assert.equal(ctx.versions?.openclaw, '2026.9.6');
      assert.equal(ctx.resolvedVersions?.find((r) => r.runtime === 'openclaw')?.source, 'installed');
    });

    it('an installed release the profile does not emulate is judged by the nearest older one, with a note', () => {
      install(path.join(tmp, 'prefix'), '2026.8.3');
      const [oc] = resolveRuntimeVersions({ PATH: path.join(tmp, 'prefix', 'bin') }, tmp, 'linux', {}).filter((r) => r.runtime === 'openclaw');
      assert.equal(oc?.version, '2026.8.2');
      assert.equal(oc?.requested, '2026.8.3');
      assert.match(oc?.note ?? '', /OpenClaw 2026\.8\.3 is installed here \(.*\); judged by 2026\.8\.2/);
    });

    it('a version asked for wins over the one installed', () => {
      install(path.join(tmp, 'prefix'), '2026.9.6');
      const ctx = runtimeContext({ PATH: path.join(tmp, 'prefix', 'bin'), HOME: tmp }, tmp, { versions: { openclaw: '2026.4.12' } }, 'linux');
      assert.equal(ctx.versions?.openclaw, '2026.4.12');
    });

    it('its bundled skills are counted as that installation counts them (unless OPENCLAW_BUNDLED_SKILLS_DIR says otherwise)', () => {
      install(path.join(tmp, 'prefix'), '2026.9.6');
      const bundled = path.join(tmp, 'prefix', 'lib', 'node_modules', 'openclaw', 'skills', 'bundled-hello');
      fs.mkdirSync(bundled, { recursive: true });
      fs.writeFileSync(path.join(bundled, 'SKILL.md'), '---\nname: bundled-hello\ndescription: Shipped with OpenClaw.\n---\nHi.\n');
      const ws = path.join(tmp, 'home', '.openclaw', 'workspace', 'skills', 'mine');
      fs.mkdirSync(ws, { recursive: true });
      fs.writeFileSync(path.join(ws, 'SKILL.md'), '---\nname: mine\ndescription: My own.\n---\nHi.\n');
      const env = { PATH: `${path.join(tmp, 'prefix', 'bin')}:/usr/bin:/bin`, HOME: path.join(tmp, 'home') };
      const root = path.dirname(ws);
      const r = cliSync(['index', '--runtime', 'openclaw', root], { cwd: tmp, env });
      assert.equal(r.code, 0, r.err);
      assert.match(r.err, /the index of OpenClaw 2026\.9\.6 \(installed at /);
      assert.match(r.out, /<name>bundled-hello<\/name>/);
      assert.match(r.out, /<name>mine<\/name>/);
      const empty = path.join(tmp, 'empty');
      fs.mkdirSync(empty);
      const off = cliSync(['index', '--runtime', 'openclaw', root], { cwd: tmp, env: { ...env, OPENCLAW_BUNDLED_SKILLS_DIR: empty } });
      assert.doesNotMatch(off.out, /bundled-hello/);
      assert.match(off.out, /<name>mine<\/name>/);
    });

    it('a package that is not OpenClaw’s, or none, is not an installation', () => {
      fs.mkdirSync(path.join(tmp, 'bin'));
      fs.writeFileSync(path.join(tmp, 'bin', 'openclaw'), '#!/bin/sh\n', { mode: 0o755 });
      fs.writeFileSync(path.join(tmp, 'package.json'), JSON.stringify({ name: 'other', version: '2026.9.6' }));
      assert.equal(findInstalledOpenClaw({ PATH: path.join(tmp, 'bin') }, path.join(tmp, 'nohome'), 'linux'), null);
    });
  });

  describe('the CLI names the version it judged by', () => {
    let tmp: string;
    before(() => {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-cli-'));
      const dir = path.join(tmp, 'skills', 'hello');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'SKILL.md'),
        '---\nname: hello\ndescription: Says hello.\nmetadata: {"openclaw":{"requires":{"bins":["no-such-tool"]}}}\n---\nHi.\n',
      );
    });
    after(() => fs.rmSync(tmp, { recursive: true, force: true }));

    it('check --json: runtime_version on the skill and on each runtime, as asked', () => {
      const r = runCli(['check', '--json', '--no-cache', '--runtime', 'openclaw@2026.4.12,nexo', 'skills'], tmp);
      const j = JSON.parse(r.out) as {
        skills: Array<{ runtime: string; runtime_version: string; runtimes: Array<{ runtime: string; runtime_version: string }> }>;
      };
      assert.deepEqual(
        j.skills[0]?.runtimes.map((x) => [x.runtime, x.runtime_version]),
        [
          ['nexo', 'eec3f33'],
          ['openclaw', '2026.4.12'],
        ],
      );
      assert.equal(j.skills[0]?.runtime, 'openclaw');
      assert.equal(j.skills[0]?.runtime_version, '2026.4.12');
      assert.equal(r.err, '');
    });

    it('the table ends with the versions; a release not emulated is judged by the nearest older one, with a note', () => {
      const r = runCli(['check', '--no-cache', '--runtime', 'openclaw@2026.8.3', 'skills'], tmp);
      assert.match(r.out, /\nJudged by OpenClaw 2026\.8\.2\n\d+ skill/);
      assert.equal(
        r.err,
        'skill-author: note: OpenClaw 2026.8.3 is not emulated; judged by 2026.8.2, the nearest older release emulated (newer OpenClaw releases may differ).\n',
      );
    });

    it('a bare runtime with none installed is judged by the newest; index says whose index it prints on stderr', () => {
      const r = runCli(['index', '--runtime', 'openclaw', 'skills'], tmp);
      assert.equal(r.code, 0, r.err);
      assert.equal(r.err, `skill-author: the index of OpenClaw ${newestVersion('openclaw')} (the newest emulated)\n`);
    });

    it('two versions of one runtime in one run are a usage error', () => {
      const r = runCli(['check', '--runtime', 'openclaw@2026.4.12,openclaw@2026.9.6', 'skills'], tmp);
      assert.equal(r.code, 2);
      assert.match(r.err, /--runtime names openclaw with two versions/);
    });
  });
});
