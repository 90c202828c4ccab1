// The language server's settings: initializationOptions, then the client's `skillAuthor` section over them;
// trust only from the client that starts the server (or `--trusted`), never from configuration.
import { strict as assert } from 'node:assert';
import { initialSettings, mayProbe, mergeSettings, runtimeChoicesOf } from '../../src/server/settings';
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
});
