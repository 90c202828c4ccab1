// The agent's `config/extensions.yaml` (crates/config/src/types/extensions.rs, discovery.rs:329-360 at eec3f33):
// read as nexo-rs reads an optional config file, and applied to discovery as the agent applies it at start.

import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { checkExtensions, checkExtensionsAt, type ExtensionReport } from '../../src/core/runtimes/nexo/extensions';
import { parseExtensionsConfig, readExtensionsConfig } from '../../src/core/runtimes/nexo/extensions/config';
import { writeUnder } from '../utils/fs';

const STDIO = (id: string): string =>
  `[plugin]\nid = "${id}"\nversion = "0.1.0"\n\n[capabilities]\ntools = ["t"]\n\n[transport]\nkind = "stdio"\ncommand = "./x"\n`;

const parse = (text: string, env: Record<string, string> = {}) => parseExtensionsConfig(text, '/agent/config/extensions.yaml', { env, cwd: '/agent' });

describe('nexo-rs extensions: the agent’s config/extensions.yaml', function () {
  this.timeout(30000);
  let agent: string;
  const machine = () => ({ env: { PATH: '/nonexistent' }, platform: 'linux' as const, cwd: agent });
  const byId = (xs: ExtensionReport[]) => Object.fromEntries(xs.map((x) => [x.id ?? path.relative(agent, x.file), x]));
  beforeEach(() => {
    agent = mkdtempSync(path.join(tmpdir(), 'sa-ext-config-'));
    writeUnder(agent, 'extensions/a/plugin.toml', STDIO('alpha'));
    writeUnder(agent, 'extensions/b/plugin.toml', STDIO('beta'));
    writeUnder(agent, 'plugins/c/plugin.toml', STDIO('gamma'));
  });
  afterEach(() => rmSync(agent, { recursive: true, force: true }));

  describe('reading the file', () => {
    it('takes the defaults for what it does not say, and `extensions:` alone (null) is every default', () => {
      for (const text of ['extensions:\n', 'extensions:\n  enabled: true\n', 'schema_version: 3\nextensions: {}\n']) {
        const c = parse(text);
        assert.equal(c.error, null, text);
        assert.deepEqual(c.settings, {
          enabled: true,
          searchPaths: ['./extensions'],
          disabled: [],
          allowlist: [],
          ignoreDirs: ['target', '.git', 'node_modules', 'dist', '.build'],
          maxDepth: 3,
          followLinks: false,
        });
      }
    });

    it('refuses the configuration for an unknown key at any table, a missing wrapper, a wrong type', () => {
      const cases: Array<[string, RegExp, number]> = [
        ['extensions:\n  search_path: [a]\n', /unknown field `search_path`/, 2],
        ['extensions:\n  watch:\n    enable: true\n', /`extensions\.watch`: unknown field `enable`/, 3],
        ['search_paths: [./x]\n', /unknown field `search_paths`, expected `extensions`/, 1],
        ['', /missing field `extensions`/, 1],
        ['extensions:\n  max_depth: "3"\n', /`extensions\.max_depth`: invalid type: string "3", expected usize/, 2],
        ['extensions:\n  max_depth: -1\n', /invalid value: integer `-1`, expected usize/, 2],
        ['extensions:\n  enabled: yes\n', /`extensions\.enabled`: invalid type: string "yes", expected a boolean/, 2],
        ['extensions:\n  search_paths: ./extensions\n', /expected a sequence/, 2],
        ['extensions:\n  disabled: [a, 3]\n', /`extensions\.disabled\[1\]`: invalid type: integer `3`, expected a string/, 2],
        ['extensions:\n  transport_defaults:\n    nats:\n      call_timeout: soon\n', /"soon" is not a duration/, 4],
        ['extensions:\n  doctor:\n    concurrency: 4294967296\n', /expected u32/, 3],
        ['extensions:\n  entries:\n    weather:\n      capabilities_grant: [x]\n      bind: x\n', /`extensions\.entries\.weather`: unknown field `bind`/, 5],
        ['extensions:\n  enabled: true\n  enabled: false\n', /Map keys must be unique/, 3],
      ];
      for (const [text, re, line] of cases) {
        const c = parse(text);
        assert.match(c.error ?? '', re, text);
        const d = c.diagnostics.find((x) => x.severity === 'error');
        assert.ok(d, text);
        assert.match(d.message, /^nexo-rs refuses its configuration and does not start \(invalid config in extensions\.yaml\)/);
        assert.equal(d.line, line, `${text}: ${d.message}`);
      }
    });

    it('accepts what serde accepts: humantime durations, `TRUE`, a null list, entries per id', () => {
      const c = parse(
        'extensions:\n  enabled: TRUE\n  disabled:\n  transport_defaults:\n    nats:\n      call_timeout: 1m 30s\n      heartbeat_grace_factor: 5\n  entries:\n    weather:\n      capabilities_grant: [a]\n      allow_external_bind: false\n',
      );
      assert.equal(c.error, null, c.diagnostics.map((d) => d.message).join('\n'));
      assert.equal(c.settings.enabled, true);
      assert.deepEqual(c.settings.disabled, []);
    });

    it('substitutes ${VAR} placeholders first; an unset one refuses the configuration, at its place', () => {
      const ok = parse('extensions:\n  search_paths: ["${EXT_ROOT:-./extensions}", "${EXTRA}"]\n', { EXTRA: './more' });
      assert.deepEqual(ok.settings.searchPaths, ['./extensions', './more']);
      const bad = parse('extensions:\n  search_paths: ["${NOPE}"]\n');
      assert.match(bad.error ?? '', /env var NOPE not set/);
      assert.deepEqual([bad.diagnostics[0]?.line, bad.diagnostics[0]?.column], [2, 19]);
      // A finding after a placeholder that changed the line's length is still at its key in the file's text.
      const shifted = parse('extensions:\n  search_paths: ["${LONG}"]\n  max_depth: x\n', { LONG: 'a-much-longer-value-than-the-placeholder' });
      assert.deepEqual([shifted.diagnostics[0]?.line, shifted.diagnostics[0]?.column], [3, 14]);
    });

    it('warns that `follow_links: true` changes nothing at start (the boot discovery never follows links)', () => {
      const c = parse('extensions:\n  follow_links: true\n');
      assert.equal(c.error, null);
      const d = c.diagnostics.find((x) => x.code === 'nexo-ext-config-follow-links');
      assert.ok(d);
      assert.equal(d.line, 2);
      assert.equal(d.severity, 'warning');
    });
  });

  describe('hostile files', () => {
    it('aliases stand for what they name; aliases of aliases are checked within a budget, never expanded without end', () => {
      const ok = parse('paths: &p [./plugins, ./more]\nextensions:\n  search_paths: *p\n  disabled: [*x]\n'.replace('[*x]', '[]'));
      // `paths` is not a field of the file: refused, as serde refuses it.
      assert.match(ok.error ?? '', /unknown field `paths`/);
      const aliased = parse('extensions:\n  search_paths: &p [./plugins]\n  ignore_dirs: *p\n');
      assert.equal(aliased.error, null);
      assert.deepEqual(aliased.settings.ignoreDirs, ['./plugins']);
      // Billion laughs: refused where a list of names meets a list, never expanded.
      const laughs = ['extensions:', '  disabled: &l0 [a, a, a, a, a, a, a, a, a, a]'];
      for (let i = 1; i < 12; i++)
        laughs.push(
          `  l${i}: &l${i} [${Array(10)
            .fill(`*l${i - 1}`)
            .join(', ')}]`,
        );
      const t0 = Date.now();
      const c = parse(`${laughs.join('\n')}\n`);
      assert.match(c.error ?? '', /unknown field `l1`/);
      assert.ok(Date.now() - t0 < 5000);
    });

    it('a pipe, a huge file and bytes that are not UTF-8: one clear error, nothing read that would block', async () => {
      const dir = path.join(agent, 'config');
      writeUnder(agent, 'config/.keep', '');
      execFileSync('mkfifo', [path.join(dir, 'extensions.yaml')]);
      let c = await readExtensionsConfig(dir);
      assert.match(c?.error ?? '', /not a regular file/);
      rmSync(path.join(dir, 'extensions.yaml'));
      writeFileSync(path.join(dir, 'extensions.yaml'), Buffer.alloc(5 * 1024 * 1024, 0x61));
      c = await readExtensionsConfig(dir);
      assert.match(c?.error ?? '', /larger than 4 MiB/);
      writeFileSync(path.join(dir, 'extensions.yaml'), Buffer.from([0x65, 0x78, 0xff, 0xfe, 0x0a]));
      c = await readExtensionsConfig(dir);
      assert.match(c?.error ?? '', /not contain valid UTF-8/);
      assert.equal(c?.diagnostics[0]?.code, 'nexo-ext-config-read');
    });
  });

  describe('what the agent does with it at start', () => {
    it('no file: the defaults, as before', async () => {
      const r = await checkExtensions({ cwd: agent }, machine());
      assert.equal(r.config, null);
      assert.deepEqual(Object.keys(byId(r.extensions)).sort(), ['alpha', 'beta']);
    });

    it('search_paths, relative to the working directory, replace ./extensions; a missing one is warned at its entry', async () => {
      writeUnder(agent, 'config/extensions.yaml', 'extensions:\n  search_paths:\n    - ./plugins\n    - ./nowhere\n');
      const r = await checkExtensions({ cwd: agent }, machine());
      assert.deepEqual(
        r.extensions.map((x) => [x.id, x.boot]),
        [['gamma', 'spawn']],
      );
      const w = r.config?.diagnostics.find((d) => d.code === 'nexo-ext-config-search-path');
      assert.ok(w);
      assert.equal(w.line, 4);
      assert.match(w.message, /search path not found or unreadable/);
    });

    it('disabled, then allowlist: not started, said on the manifest and on the config’s entries', async () => {
      writeUnder(agent, 'extensions/d/plugin.toml', STDIO('delta'));
      writeUnder(agent, 'config/extensions.yaml', 'extensions:\n  disabled: [alpha, typo]\n  allowlist:\n    - alpha\n    - beta\n    - ghost\n');
      const r = await checkExtensions({ cwd: agent }, machine());
      const x = byId(r.extensions);
      assert.deepEqual([x['alpha']?.boot, x['alpha']?.excludedBy, x['alpha']?.verdict, x['alpha']?.color], ['not_started', 'disabled', 'hidden', 'red']);
      assert.deepEqual([x['beta']?.boot, x['beta']?.excludedBy], ['spawn', null]);
      assert.deepEqual([x['delta']?.boot, x['delta']?.excludedBy], ['not_started', 'not_allowlisted']);
      const onManifest = x['delta']?.diagnostics.find((d) => d.code === 'nexo-ext-config-excluded');
      assert.ok(onManifest);
      assert.equal(onManifest.line, 2); // at `id = "delta"`
      const cfg = r.config?.diagnostics ?? [];
      const allow = cfg.filter((d) => d.code === 'nexo-ext-config-allowlist-unknown').map((d) => [d.line, d.message]);
      // `alpha` is discovered but disabled first, so nexo-rs warns about it too; `ghost` is discovered nowhere.
      assert.equal(allow.length, 2);
      assert.equal(allow[0]?.[0], 4);
      assert.match(String(allow[0]?.[1]), /allowlist contains `alpha` but no extension with that id was discovered.*disabled/);
      assert.equal(allow[1]?.[0], 6);
      assert.deepEqual(
        cfg.filter((d) => d.code === 'nexo-ext-config-disabled-unknown').map((d) => [d.line, d.severity]),
        [[2, 'information']],
      );
    });

    it('a duplicate of a disabled id is still a duplicate: duplicates are dropped before `disabled` applies', async () => {
      writeUnder(agent, 'extensions/z/plugin.toml', STDIO('alpha'));
      writeUnder(agent, 'config/extensions.yaml', 'extensions:\n  disabled: [alpha]\n');
      const r = await checkExtensions({ cwd: agent }, machine());
      const alphas = r.extensions.filter((x) => x.id === 'alpha').map((x) => [path.relative(agent, x.file), x.boot]);
      assert.deepEqual(alphas, [
        ['extensions/a/plugin.toml', 'not_started'],
        ['extensions/z/plugin.toml', 'duplicate'],
      ]);
    });

    it('enabled: false — nothing is started; a refused configuration — the agent starts no extension at all', async () => {
      writeUnder(agent, 'config/extensions.yaml', 'extensions:\n  enabled: false\n');
      let r = await checkExtensions({ cwd: agent }, machine());
      assert.deepEqual(
        r.extensions.map((x) => [x.id, x.boot, x.excludedBy]),
        [
          ['alpha', 'not_started', 'system_disabled'],
          ['beta', 'not_started', 'system_disabled'],
        ],
      );
      writeUnder(agent, 'config/extensions.yaml', 'extensions:\n  enable: false\n');
      r = await checkExtensions({ cwd: agent }, machine());
      assert.match(r.config?.error ?? '', /unknown field `enable`/);
      assert.deepEqual(
        r.extensions.map((x) => [x.id, x.boot, x.excludedBy]),
        [
          ['alpha', 'not_started', 'config_refused'],
          ['beta', 'not_started', 'config_refused'],
        ],
      );
    });

    it('max_depth and ignore_dirs come from the file (max_depth 0 is 1, as `max(1)` makes it)', async () => {
      writeUnder(agent, 'extensions/deep/er/plugin.toml', STDIO('deeper'));
      writeUnder(agent, 'config/extensions.yaml', 'extensions:\n  max_depth: 0\n  ignore_dirs: [b]\n');
      const r = await checkExtensions({ cwd: agent }, machine());
      // Depth 1 reaches only files directly in ./extensions: every manifest here is too deep, `b` is ignored.
      assert.deepEqual(
        r.extensions.map((x) => [path.relative(agent, x.file), x.boot, x.diagnostics[0]?.message.match(/stops 1 level |named `b`/)?.[0]]),
        [
          ['extensions/a/plugin.toml', 'not_found', 'stops 1 level '],
          ['extensions/b/plugin.toml', 'not_found', 'named `b`'],
          ['extensions/deep/er/plugin.toml', 'not_found', 'stops 1 level '],
        ],
      );
    });

    it('check PATH: a folder holding only config/extensions.yaml is the agent’s, and so is the file itself', async () => {
      const other = mkdtempSync(path.join(tmpdir(), 'sa-ext-config-at-'));
      try {
        writeUnder(other, 'config/extensions.yaml', 'extensions:\n  search_paths: [./plugins]\n');
        writeUnder(other, 'plugins/p/plugin.toml', STDIO('pi'));
        const m = { env: { PATH: '' }, platform: 'linux' as const };
        for (const target of [other, path.join(other, 'config', 'extensions.yaml')]) {
          const r = await checkExtensionsAt(target, m);
          assert.deepEqual(
            r.extensions.map((x) => x.id),
            ['pi'],
            target,
          );
          assert.equal(r.config?.path, path.join(other, 'config', 'extensions.yaml'));
        }
      } finally {
        rmSync(other, { recursive: true, force: true });
      }
    });
  });
});
