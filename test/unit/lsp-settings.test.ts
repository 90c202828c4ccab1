// The language server's settings: initializationOptions, then the client's `skillAuthor` section over them;
// trust only from the client that starts the server (or `--trusted`), never from configuration.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseEnvFile } from '../../src/core/machine/env';
import { SkillService } from '../../src/server/service';
import { initialSettings, mayProbe, mergeSettings, resolveSettingPath, runtimeChoicesOf } from '../../src/server/settings';
import { DEFAULT_SETTINGS } from '../../src/shared/protocol';

describe('lsp settings', () => {
  it('probes only when the client (or --trusted) says the workspace is trusted', () => {
    assert.equal(mayProbe(initialSettings(undefined, false)), false);
    assert.equal(mayProbe(initialSettings({ trusted: 'yes' }, false)), false);
    assert.equal(mayProbe(initialSettings({ trusted: true }, false)), true);
    assert.equal(mayProbe(initialSettings({}, true)), true);
    assert.equal(mayProbe(initialSettings({ trusted: true, probes: false }, false)), false);
  });

  it('never takes trust from the configuration section', () => {
    const problems: string[] = [];
    const s = mergeSettings(initialSettings({}, false), { trusted: true, runtimes: ['hermes'] }, false, problems);
    assert.equal(s.trusted, false);
    assert.deepEqual(s.runtimes, ['hermes']);
    assert.deepEqual(problems, ['`trusted` is only read from initializationOptions']);
  });

  it('ignores unknown settings and values of the wrong type, saying which', () => {
    const problems: string[] = [];
    const s = mergeSettings(
      { ...DEFAULT_SETTINGS },
      { runtimes: ['nexo', 'emacs'], debounceMs: -1, colour: 'red', tools: ['a'], background: true },
      false,
      problems,
    );
    assert.deepEqual(s.runtimes, []);
    assert.equal(s.debounceMs, 150);
    assert.deepEqual(s.tools, ['a']);
    assert.equal(s.background, true);
    assert.deepEqual(problems, [
      'setting `runtimes` has a value of the wrong type; ignored',
      'setting `debounceMs` has a value of the wrong type; ignored',
      'unknown setting `colour`; ignored',
    ]);
  });

  it("gives the runtimes the CLI's options, paths relative to the first workspace folder", () => {
    const s = mergeSettings(
      { ...DEFAULT_SETTINGS },
      { runtimes: ['nexo', 'hermes'], hermesHome: 'h', openclawConfig: '/etc/openclaw.json', environments: ['docker'] },
      false,
    );
    assert.deepEqual(runtimeChoicesOf(s, '/ws'), {
      pinned: ['nexo', 'hermes'],
      environments: ['docker'],
      hermesHome: '/ws/h',
      openclawConfig: '/etc/openclaw.json',
    });
  });

  it("takes the extension's other settings: extraPath, envFiles, probeConcurrency, agentsFile, defaultRoots", () => {
    const problems: string[] = [];
    const s = mergeSettings(
      { ...DEFAULT_SETTINGS },
      { extraPath: [' bin ', ''], envFiles: ['.env'], probeConcurrency: 99, agentsFile: 'config/a.yaml', defaultRoots: true },
      false,
      problems,
    );
    assert.deepEqual([s.extraPath, s.envFiles, s.probeConcurrency, s.agentsFile, s.defaultRoots], [['bin'], ['.env'], 32, 'config/a.yaml', true]);
    assert.deepEqual(problems, []);
    mergeSettings(s, { extraPath: 'bin', envFiles: [1], probeConcurrency: 0, agentsFile: null, defaultRoots: 'yes' }, false, problems);
    assert.deepEqual(
      problems,
      ['extraPath', 'envFiles', 'probeConcurrency', 'agentsFile', 'defaultRoots'].map((k) => `setting \`${k}\` has a value of the wrong type; ignored`),
    );
    assert.equal(resolveSettingPath('${workspaceFolder}/tools', '/ws'), '/ws/tools');
    assert.deepEqual([DEFAULT_SETTINGS.probeConcurrency, DEFAULT_SETTINGS.defaultRoots], [4, false]);
  });

  it('defaultRoots: the personal skill folders that exist become roots', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'sa-lsp-home-'));
    const saved = process.env['HOME'];
    process.env['HOME'] = home;
    try {
      mkdirSync(path.join(home, '.claude', 'skills'), { recursive: true });
      const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
      const off = new SkillService({ ...DEFAULT_SETTINGS }, log);
      off.workspace.setFolders(['file:///ws']);
      off.applyRoots();
      assert.deepEqual(off.workspace.roots(), ['/ws']);
      const on = new SkillService({ ...DEFAULT_SETTINGS, defaultRoots: true }, log);
      on.workspace.setFolders(['file:///ws']);
      on.applyRoots();
      assert.deepEqual(on.workspace.roots(), ['/ws', path.join(home, '.claude', 'skills')]);
    } finally {
      if (saved === undefined) delete process.env['HOME'];
      else process.env['HOME'] = saved;
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('parseEnvFile (src/core/machine/env.ts) reads names as dotenv does', () => {
    const env: NodeJS.ProcessEnv = {};
    assert.deepEqual(parseEnvFile('# c\nexport A=1\nB="two # x"\nC=3 # note\nnot a line\n', env), ['A', 'B', 'C']);
    assert.deepEqual(env, { A: '1', B: 'two # x', C: '3' });
  });
});
