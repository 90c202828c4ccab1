// Every case of ../shared/golden/nexo-extensions, its discovery layout and its one-rule spot checks, run
// through the engine's extension check (src/core/runtimes/nexo/extensions) as the runtime was run: each case
// in its own temporary folder holding `extensions/<case id>/plugin.toml`, that folder the agent's working
// directory, exactly the case's environment, and a PATH folder made from `bins.txt` (README of that folder).
// Compared field by field with what nexo-rs eec3f33 did: the parse (ok, error variant, last line), the
// manifest with its defaults, `Requires::missing()`, each declared env name, the secret filter and the boot
// decision.

import { strict as assert } from 'node:assert';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { checkExtensions, type ExtensionReport } from '../../src/core/runtimes/nexo/extensions';
import { type ExtensionManifest, outboundBindingsProblem, readManifest } from '../../src/core/runtimes/nexo/extensions/manifest';
import { filterEnv } from '../../src/core/runtimes/nexo/extensions/secrets';
import { ADDED_BY_AGENT } from '../../src/core/runtimes/nexo/extensions/secrets';

const GOLDEN = path.resolve(__dirname, '../../../..', 'shared/golden/nexo-extensions');

interface Expected {
  case: string;
  agent_boot_decision: string;
  parse: { ok: boolean; error_variant?: string; error_last_line?: string };
  manifest: Record<string, unknown> | null;
  requires_missing: { bins: string[]; env: string[] } | null;
  declared_env?: { name: string; set_nonempty_on_host: boolean; blocked_by_filter: boolean }[];
  env_filter: { host_env_names: string[]; passed: string[]; stripped: string[] };
  child_observed_env?: string[];
}

const BOOT: Record<string, ExtensionReport['boot']> = {
  spawn: 'spawn',
  skipped_preconditions_not_satisfied: 'skipped_requires',
  not_spawned_non_stdio_transport: 'not_started',
  not_loaded_discovery_error_diagnostic: 'invalid',
};

/** The manifest in the golden data's shape. */
function asGolden(m: ExtensionManifest): Record<string, unknown> {
  const p = m.plugin;
  return {
    capabilities: m.capabilities,
    context: m.context,
    mcp_servers: Object.keys(m.mcp_servers),
    meta: m.meta,
    outbound_bindings: m.outbound_bindings,
    outbound_bindings_validate: outboundBindingsProblem(m),
    plugin: {
      description_chars: p.description === null ? null : [...p.description].length,
      id: p.id,
      min_agent_version: p.min_agent_version,
      name: p.name,
      priority: p.priority,
      version: p.version,
    },
    requires: m.requires,
    transport: m.transport,
  };
}

/** A temporary agent folder: `extensions/<id>/plugin.toml`, `bin/` from bins.txt; its environment. */
function setUp(root: string, id: string, manifest: string, bins: string, envJson: { env: Record<string, string>; path: string }): Record<string, string> {
  const ext = path.join(root, 'extensions', id);
  mkdirSync(ext, { recursive: true });
  writeFileSync(path.join(ext, 'plugin.toml'), manifest);
  const bin = path.join(root, 'bin');
  mkdirSync(bin);
  for (const line of bins.split('\n').filter((l) => l.trim() !== '')) {
    const [name, kind] = line.trim().split(/\s+/) as [string, string | undefined];
    const p = path.join(bin, name);
    if (kind === 'dir') mkdirSync(p);
    else {
      writeFileSync(p, '#!/bin/sh\n');
      chmodSync(p, kind === 'noexec' ? 0o644 : 0o755);
    }
  }
  const env: Record<string, string> = { ...envJson.env };
  if (envJson.path === 'controlled') env['PATH'] = bin;
  else if (envJson.path === 'empty') env['PATH'] = '';
  return env;
}

async function runCase(root: string, id: string, manifest: string, bins: string, envJson: { env: Record<string, string>; path: string }) {
  const env = setUp(root, id, manifest, bins, envJson);
  const result = await checkExtensions({ cwd: root }, { env, platform: 'linux', cwd: root });
  assert.equal(result.extensions.length, 1, 'one extension discovered');
  return { env, report: result.extensions[0] as ExtensionReport };
}

describe('golden: nexo-rs extensions (plugin.toml) at eec3f33', function () {
  this.timeout(60000);
  let tmp: string;
  before(() => {
    tmp = mkdtempSync(path.join(tmpdir(), 'sa-nexo-ext-'));
  });
  after(() => rmSync(tmp, { recursive: true, force: true }));

  const casesDir = path.join(GOLDEN, 'cases');
  const cases = readdirSync(casesDir).sort();
  it('has its cases', () => assert.ok(cases.length >= 28, `${cases.length} cases`));

  for (const id of cases) {
    it(id, async () => {
      const dir = path.join(casesDir, id);
      const exp = JSON.parse(readFileSync(path.join(dir, 'expected.json'), 'utf8')) as Expected;
      const envJson = JSON.parse(readFileSync(path.join(dir, 'env.json'), 'utf8')) as { env: Record<string, string>; path: string };
      const manifest = readFileSync(path.join(dir, 'plugin.toml'), 'utf8');
      const root = path.join(tmp, id);
      const { env, report } = await runCase(root, id, manifest, readFileSync(path.join(dir, 'bins.txt'), 'utf8'), envJson);

      // The parse.
      assert.equal(report.error === null, exp.parse.ok, `parse ok: ${JSON.stringify(report.error)}`);
      if (!exp.parse.ok) {
        assert.equal(report.error?.variant, exp.parse.error_variant);
        assert.equal(report.error?.message, exp.parse.error_last_line);
      }
      // The manifest, defaults filled in.
      if (exp.manifest) {
        assert.ok(report.manifest);
        assert.deepEqual(asGolden(report.manifest), exp.manifest);
      } else assert.equal(report.manifest, null);
      // Requires::missing().
      if (exp.requires_missing) assert.deepEqual(report.missing, exp.requires_missing);
      // Each declared env name: set on the host? stripped by the filter?
      if (exp.declared_env)
        assert.deepEqual(
          report.declaredEnv.map((d) => ({ name: d.name, set_nonempty_on_host: d.set, blocked_by_filter: d.strippedBy !== null })),
          exp.declared_env,
        );
      // The secret filter over the whole host environment.
      const filter = filterEnv(env);
      assert.deepEqual([...filter.passed, ...filter.stripped].sort(), exp.env_filter.host_env_names);
      assert.deepEqual(filter.passed, exp.env_filter.passed);
      assert.deepEqual(filter.stripped, exp.env_filter.stripped);
      if (report.envFilter) assert.deepEqual(report.envFilter, { passed: exp.env_filter.passed, stripped: exp.env_filter.stripped });
      if (exp.child_observed_env) assert.deepEqual([...filter.passed, ...ADDED_BY_AGENT].sort(), exp.child_observed_env);
      // What the agent does at start.
      assert.equal(report.boot, BOOT[exp.agent_boot_decision], `boot: ${report.reason}`);
      // An invalid manifest is an error finding; a skipped one names what is missing.
      if (report.boot === 'invalid') assert.ok(report.diagnostics.some((d) => d.severity === 'error'));
      if (report.boot === 'skipped_requires') assert.ok(report.diagnostics.some((d) => d.code === 'nexo-ext-missing-bin' || d.code === 'nexo-ext-missing-env'));
      for (const name of report.envStripped) assert.ok(report.diagnostics.some((d) => d.code === 'nexo-ext-secret-stripped' && d.message.includes(name)));
    });
  }

  it('discovery/layout1: depth, ignored folders, nesting, duplicates, a bad manifest, a reserved id, Plugin.toml', async () => {
    const layout = path.join(GOLDEN, 'discovery', 'layout1');
    const exp = JSON.parse(readFileSync(path.join(GOLDEN, 'discovery', 'layout1.json'), 'utf8')) as {
      candidates: { id: string; root_dir: string; requires: { bins: string[]; env: string[] } }[];
      diagnostics: { level: string; message: string; path: string }[];
      invalid_count: number;
      scanned_dirs: number;
    };
    const result = await checkExtensions({ cwd: layout }, { env: { PATH: '' }, platform: 'linux', cwd: layout });
    const real = realpathSync(layout);
    const show = (p: string): string => p.replace(real, '<ROOT>');
    assert.equal(result.scanned, exp.scanned_dirs);
    const kept = result.extensions.filter((e) => e.boot === 'spawn' || e.boot === 'skipped_requires' || e.boot === 'not_started');
    assert.deepEqual(
      kept
        .map((e) => ({ id: e.id, requires: e.manifest?.requires, root_dir: show(path.dirname(e.file)) }))
        .sort((a, b) => String(a.id).localeCompare(String(b.id))),
      exp.candidates.map((c) => ({ id: c.id, requires: c.requires, root_dir: c.root_dir })),
    );
    const errors = result.extensions.filter((e) => e.boot === 'invalid');
    const expErrors = exp.diagnostics.filter((d) => d.level === 'Error');
    assert.equal(errors.length, exp.invalid_count);
    assert.deepEqual(
      errors.map((e) => ({ path: e.display, last: e.error?.message })),
      expErrors.map((d) => ({ path: d.path, last: d.message.trimEnd().split('\n').pop() })),
    );
    const dups = result.extensions.filter((e) => e.boot === 'duplicate');
    assert.deepEqual(
      dups.map((e) => ({ path: show(path.dirname(e.file)), message: e.reason })),
      exp.diagnostics.filter((d) => d.level === 'Warn').map((d) => ({ path: d.path, message: d.message })),
    );
    // What the agent never reads, and why.
    const notFound = Object.fromEntries(result.extensions.filter((e) => e.boot === 'not_found').map((e) => [show(e.file), e.diagnostics[0]?.message ?? '']));
    assert.deepEqual(Object.keys(notFound).sort(), [
      '<ROOT>/extensions/alpha/vendor/plugin.toml',
      '<ROOT>/extensions/deep2/x/y/plugin.toml',
      '<ROOT>/extensions/epsilon/Plugin.toml',
      '<ROOT>/extensions/node_modules/delta/plugin.toml',
    ]);
    assert.match(notFound['<ROOT>/extensions/alpha/vendor/plugin.toml'] as string, /inside another extension/);
    assert.match(notFound['<ROOT>/extensions/deep2/x/y/plugin.toml'] as string, /3 levels/);
    assert.match(notFound['<ROOT>/extensions/epsilon/Plugin.toml'] as string, /exactly `plugin.toml`/);
    assert.match(notFound['<ROOT>/extensions/node_modules/delta/plugin.toml'] as string, /`node_modules`/);
  });

  describe('spot checks', () => {
    const BASE = {
      id: '"notes-spot"',
      version: '"0.1.0"',
      extra: '',
      caps: 'tools = ["list_notes"]',
      transport: 'kind = "stdio"\ncommand = "./x"',
      after: '',
      before: '',
    };
    type Parts = Partial<typeof BASE>;
    const toml = (p: Parts): string => {
      const x = { ...BASE, ...p };
      return `${x.before}[plugin]\nid = ${x.id}\nversion = ${x.version}\n${x.extra}\n[capabilities]\n${x.caps}\n\n[transport]\n${x.transport}\n${x.after}`;
    };
    const INPUTS: Record<string, string> = {
      id_64_chars_ok: toml({ id: `"${'a'.repeat(64)}"` }),
      id_65_chars: toml({ id: `"${'a'.repeat(65)}"` }),
      id_leading_digit: toml({ id: '"1notes"' }),
      id_underscore_ok: toml({ id: '"notes_spot"' }),
      first_error_wins_id_before_version: toml({ id: '"Bad"', version: '"v1"' }),
      description_512_ascii_ok: toml({ extra: `description = "${'d'.repeat(512)}"` }),
      description_512_multibyte_ok: toml({ extra: `description = "${'é'.repeat(512)}"` }),
      capability_name_64_ok: toml({ caps: `tools = ["${'t'.repeat(64)}"]` }),
      capability_name_65: toml({ caps: `tools = ["${'t'.repeat(65)}"]` }),
      same_name_in_tools_and_hooks_ok: toml({ caps: 'tools = ["ping"]\nhooks = ["ping"]' }),
      version_with_v_prefix: toml({ version: '"v1.0.0"' }),
      min_agent_version_equal_to_agent_0_1_5_ok: toml({ extra: 'min_agent_version = "0.1.5"' }),
      min_agent_version_range_syntax: toml({ extra: 'min_agent_version = ">=0.1.0"' }),
      http_url_localhost_ok: toml({ transport: 'kind = "http"\nurl = "http://localhost:8080/rpc"' }),
      http_url_ipv6_literal: toml({ transport: 'kind = "http"\nurl = "http://[::1]:8080/rpc"' }),
      http_url_with_query_no_path: toml({ transport: 'kind = "http"\nurl = "https://example.com?x=1"' }),
      nats_blank_prefix: toml({ transport: 'kind = "nats"\nsubject_prefix = "  "' }),
      unknown_key_in_meta: toml({ after: '[meta]\nhomepage = "https://example.com"\n' }),
      unknown_key_in_context: toml({ after: '[context]\nmode = "full"\n' }),
      table_name_case_Requires: toml({ after: '[Requires]\nbins = ["ghost"]\n' }),
      requires_key_after_transport_header_lands_in_transport: toml({ after: 'requires = { bins = ["ghost"] }\n' }),
      requires_inline_table_at_top_ok: toml({ before: 'requires = { bins = ["ghost"] }\n\n' }),
      outbound_bindings_value_not_array: toml({ after: '[outbound_bindings]\ntelegram = "ops"\n' }),
      mcp_server_http_ftp: toml({ after: '[mcp_servers.idx]\ntransport = "streamable_http"\nurl = "ftp://x/y"\n' }),
      mcp_server_name_33_chars: toml({ after: `[mcp_servers.${'s'.repeat(33)}]\ntransport = "stdio"\ncommand = "./idx"\n` }),
      requires_duplicate_missing_bin: toml({ after: '[requires]\nbins = ["ghost", "ghost"]\n' }),
      priority_string: toml({ extra: 'priority = "high"' }),
      context_passthrough_string: toml({ after: '[context]\npassthrough = "yes"\n' }),
      mcp_server_type_key_instead_of_transport: toml({ after: '[mcp_servers.idx]\ntype = "stdio"\ncommand = "./idx"\n' }),
      empty_file: '',
    };
    const spot = JSON.parse(readFileSync(path.join(GOLDEN, 'spotchecks.json'), 'utf8')) as Record<
      string,
      { ok: boolean; variant?: string; message?: string; requires_missing?: { bins: string[]; env: string[] } }
    >;
    it('every spot check has its input here', () =>
      assert.deepEqual(
        Object.keys(spot).filter((k) => !(k in INPUTS)),
        [],
      ));
    for (const [name, exp] of Object.entries(spot)) {
      it(name, async () => {
        const input = INPUTS[name];
        assert.ok(input !== undefined, `no input for ${name}`);
        const read = readManifest(input);
        assert.equal(read.ok, exp.ok, JSON.stringify(read.ok ? null : read.error));
        if (!read.ok) {
          assert.equal(read.error.variant, exp.variant);
          assert.equal(read.error.message, exp.message);
        }
        if (exp.requires_missing) {
          const root = path.join(tmp, `spot-${name}`);
          const { report } = await runCase(root, 'spot', input, '', { env: {}, path: 'controlled' });
          assert.deepEqual(report.missing, exp.requires_missing);
        }
      });
    }
  });
});
