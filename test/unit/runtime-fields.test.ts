import { strict as assert } from 'node:assert';
import { FIELDS as agentskills } from '../../src/core/runtimes/agentskills/fields';
import { FIELDS as claudeCode } from '../../src/core/runtimes/claude-code/fields';
import { FIELDS as codex } from '../../src/core/runtimes/codex/fields';
import { FIELDS as copilotCli } from '../../src/core/runtimes/copilot-cli/fields';
import { FIELDS as geminiCli } from '../../src/core/runtimes/gemini-cli/fields';
import { FIELDS as opencode } from '../../src/core/runtimes/opencode/fields';
import { FIELDS as qwenCode } from '../../src/core/runtimes/qwen-code/fields';
import { FIELDS as hermes } from '../../src/core/runtimes/hermes/fields';
import { FIELDS as nexo } from '../../src/core/runtimes/nexo/fields';
import { FIELDS as openclaw } from '../../src/core/runtimes/openclaw/fields';
import { RUNTIME_IDS } from '../../src/core/runtimes/registry';
import type { RuntimeField, RuntimeId } from '../../src/core/runtimes/types';
import { FIELDS as vscode } from '../../src/core/runtimes/vscode/fields';

const TABLES: Record<RuntimeId, readonly RuntimeField[]> = {
  nexo,
  hermes,
  openclaw,
  'claude-code': claudeCode,
  codex,
  'copilot-cli': copilotCli,
  'gemini-cli': geminiCli,
  opencode,
  'qwen-code': qwenCode,
  vscode,
  agentskills,
};

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);

const key = (path: readonly string[]): string => path.join('.');

function field(table: readonly RuntimeField[], path: string): RuntimeField {
  const found = table.find((f) => key(f.path) === path);
  assert.ok(found, `no field ${path}`);
  return found;
}

function has(table: readonly RuntimeField[], path: string): boolean {
  return table.some((f) => key(f.path) === path);
}

/** Whether a value fits one of the field's types (for enums and defaults). */
function fits(value: string | boolean | number, types: RuntimeField['type']): boolean {
  if (typeof value === 'string') return types.includes('string');
  if (typeof value === 'boolean') return types.includes('boolean');
  return types.includes('number') || (types.includes('integer') && Number.isInteger(value));
}

describe('runtime field tables', () => {
  it('there is a table for every runtime', () => {
    assert.deepEqual(Object.keys(TABLES).sort(), [...RUNTIME_IDS].sort());
  });

  for (const [runtime, table] of Object.entries(TABLES)) {
    describe(runtime, () => {
      it('is not empty', () => {
        assert.ok(table.length > 0);
      });

      it('has non-empty paths without duplicates', () => {
        const seen = new Set<string>();
        for (const f of table) {
          assert.ok(f.path.length > 0, 'empty path');
          for (const segment of f.path)
            assert.ok(typeof segment === 'string' && segment.length > 0 && segment.trim() === segment, `bad segment in ${key(f.path)}`);
          const k = f.path.join('\u0000');
          assert.ok(!seen.has(k), `duplicate path ${key(f.path)}`);
          seen.add(k);
        }
      });

      it('has valid types, enums and defaults', () => {
        for (const f of table) {
          const at = key(f.path);
          assert.ok(f.type.length > 0, `${at}: no type`);
          assert.equal(new Set(f.type).size, f.type.length, `${at}: repeated type`);
          for (const t of f.type) assert.ok(TYPES.has(t), `${at}: unknown type ${t}`);
          if (f.enum !== undefined) {
            assert.ok(f.enum.length > 0, `${at}: empty enum`);
            assert.equal(new Set(f.enum).size, f.enum.length, `${at}: repeated enum value`);
            for (const v of f.enum) assert.ok(fits(v, f.type), `${at}: enum value ${String(v)} does not fit ${f.type.join('|')}`);
          }
          if (f.examples !== undefined) {
            assert.ok(f.examples.length > 0 && new Set(f.examples).size === f.examples.length, `${at}: empty or repeated examples`);
            assert.ok(f.type.includes('string') || f.type.includes('array'), `${at}: examples for a field that takes no text`);
            assert.equal(f.enum, undefined, `${at}: examples and an enum`);
          }
          if (f.default !== undefined) {
            assert.ok(fits(f.default, f.type), `${at}: default ${String(f.default)} does not fit ${f.type.join('|')}`);
            if (f.enum) assert.ok(f.enum.includes(f.default), `${at}: default not in enum`);
          }
        }
      });

      it('has a description and a source on every field', () => {
        for (const f of table) {
          const at = key(f.path);
          assert.ok(f.description.trim().length > 0, `${at}: empty description`);
          assert.ok(!/\s$/.test(f.description), `${at}: description ends with whitespace`);
          assert.ok(!/^\s/.test(f.description), `${at}: description starts with whitespace`);
          assert.ok(!/ {2}/.test(f.description), `${at}: double space in description`);
          assert.ok(f.source.trim().length > 0 && f.source.trim() === f.source, `${at}: bad source`);
        }
      });

      it('nests only under fields that are maps or lists', () => {
        for (const f of table) {
          assert.ok(has(table, f.path[0] ?? ''), `${key(f.path)}: its top-level key ${f.path[0]} is not in the table`);
          for (let n = 1; n < f.path.length; n++) {
            const parent = table.find((p) => key(p.path) === key(f.path.slice(0, n)));
            if (parent)
              assert.ok(
                parent.type.includes('object') || parent.type.includes('array'),
                `${key(f.path)}: parent ${key(parent.path)} is neither object nor array`,
              );
          }
        }
      });
    });
  }
});

describe('runtime field facts', () => {
  it('claude-code: documented fields, name optional (the folder name is used)', () => {
    for (const k of [
      'name',
      'description',
      'when_to_use',
      'argument-hint',
      'arguments',
      'disable-model-invocation',
      'user-invocable',
      'allowed-tools',
      'disallowed-tools',
      'model',
      'effort',
      'context',
      'agent',
      'hooks',
      'paths',
      'shell',
    ]) {
      assert.ok(has(claudeCode, k), k);
    }
    assert.notEqual(field(claudeCode, 'name').required, true);
    assert.notEqual(field(claudeCode, 'description').required, true);
    assert.deepEqual(field(claudeCode, 'effort').enum, ['low', 'medium', 'high', 'xhigh', 'max']);
    assert.deepEqual(field(claudeCode, 'shell').enum, ['bash', 'powershell']);
    assert.equal(field(claudeCode, 'shell').default, 'bash');
    assert.deepEqual(field(claudeCode, 'context').enum, ['fork']);
    assert.equal(field(claudeCode, 'disable-model-invocation').default, false);
    assert.equal(field(claudeCode, 'user-invocable').default, true);
    assert.ok(field(claudeCode, 'arguments').type.includes('array'));
    // Not Claude Code fields per its docs.
    for (const k of ['license', 'compatibility', 'metadata', 'requires', 'platforms']) assert.ok(!has(claudeCode, k), k);
  });

  it('vscode: name and description required, skillAttributes only', () => {
    assert.equal(field(vscode, 'name').required, true);
    assert.equal(field(vscode, 'description').required, true);
    assert.deepEqual(vscode.map((f) => key(f.path)).sort(), [
      'argument-hint',
      'compatibility',
      'context',
      'description',
      'disable-model-invocation',
      'license',
      'metadata',
      'name',
      'user-invocable',
    ]);
    assert.equal(field(vscode, 'user-invocable').default, true);
    assert.equal(field(vscode, 'disable-model-invocation').default, false);
    assert.ok(!has(vscode, 'allowed-tools'), 'VS Code flags allowed-tools as not supported');
  });

  it('agentskills: the six spec fields, name and description required', () => {
    assert.deepEqual(
      agentskills
        .filter((f) => f.path.length === 1)
        .map((f) => f.path[0])
        .sort(),
      ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'],
    );
    assert.equal(field(agentskills, 'name').required, true);
    assert.equal(field(agentskills, 'description').required, true);
    assert.notEqual(field(agentskills, 'license').required, true);
    assert.match(field(agentskills, 'name').description, /1–64/);
    assert.match(field(agentskills, 'description').description, /1–1024/);
    assert.match(field(agentskills, 'compatibility').description, /500/);
    assert.deepEqual(field(agentskills, 'metadata.*').type, ['string']);
  });

  it('nexo: the loader struct exactly, strict by default, quirks said', () => {
    assert.deepEqual(
      nexo
        .filter((f) => f.path.length === 1)
        .map((f) => f.path[0])
        .sort(),
      ['description', 'max_chars', 'name', 'requires'],
    );
    assert.deepEqual(
      nexo
        .filter((f) => f.path.length === 2 && f.path[0] === 'requires')
        .map((f) => f.path[1])
        .sort(),
      ['bin_versions', 'bins', 'env', 'mode'],
    );
    const mode = field(nexo, 'requires.mode');
    assert.deepEqual(mode.enum, ['strict', 'warn', 'disable']);
    assert.equal(mode.default, 'strict');
    assert.deepEqual(field(nexo, 'max_chars').type, ['integer']);
    assert.deepEqual(field(nexo, 'requires.bin_versions.*').type, ['string', 'object']);
    assert.equal(field(nexo, 'requires.bin_versions.*.constraint').required, true);
    assert.equal(field(nexo, 'requires.bin_versions.*.command').default, '--version');
    assert.match(field(nexo, 'requires.bin_versions.*').description, /Unquoted `4\.0`.*voids the whole frontmatter/);
    for (const k of ['platforms', 'prerequisites', 'metadata', 'license']) assert.ok(!has(nexo, k), `${k} is not read by nexo-rs`);
  });

  it('hermes: readiness, gating and metadata.hermes fields; no category key', () => {
    for (const k of [
      'name',
      'description',
      'platforms',
      'environments',
      'prerequisites.env_vars',
      'prerequisites.commands',
      'required_environment_variables',
      'required_environment_variables.*.env_var',
      'required_environment_variables.*.optional',
      'setup.help',
      'setup.collect_secrets.*.env_var',
      'setup.collect_secrets.*.provider_url',
      'required_credential_files.*.path',
      'tags',
      'related_skills',
      'metadata.hermes.requires_toolsets',
      'metadata.hermes.fallback_for_tools',
      'metadata.hermes.config.*.key',
      'version',
      'author',
      'license',
    ]) {
      assert.ok(has(hermes, k), k);
    }
    assert.ok(field(hermes, 'required_environment_variables').type.includes('object'), 'a single mapping is accepted');
    assert.deepEqual(field(hermes, 'required_credential_files').type, ['array']);
    assert.match(field(hermes, 'version').description, /1\.10.*1\.1/);
    assert.match(field(hermes, 'prerequisites.commands').description, /Advisory/);
    assert.match(field(hermes, 'platforms').description, /crash/);
    assert.ok(!has(hermes, 'metadata.hermes.category'), 'Hermes takes the category from the folder path');
    assert.ok(!has(hermes, 'requires'), 'the nexo-rs block is not a Hermes field');
  });

  it('openclaw: description required, metadata.openclaw gating and installers', () => {
    assert.equal(field(openclaw, 'description').required, true);
    assert.notEqual(field(openclaw, 'name').required, true);
    for (const k of [
      'requires.bins',
      'requires.anyBins',
      'requires.env',
      'requires.config',
      'emoji',
      'homepage',
      'skillKey',
      'primaryEnv',
      'os',
      'always',
      'install',
    ]) {
      assert.ok(has(openclaw, `metadata.openclaw.${k}`), k);
    }
    assert.deepEqual(field(openclaw, 'metadata.openclaw.install.*.kind').enum, ['brew', 'node', 'go', 'uv', 'download']);
    for (const k of ['formula', 'cask', 'package', 'module', 'url', 'archive', 'extract', 'stripComponents', 'targetDir', 'id', 'label', 'bins', 'os']) {
      assert.ok(has(openclaw, `metadata.openclaw.install.*.${k}`), k);
    }
    assert.ok(field(openclaw, 'metadata.openclaw.os.*').enum?.includes('darwin'));
    assert.ok(!field(openclaw, 'metadata.openclaw.os.*').enum?.includes('macos'), 'macos never matches process.platform');
    assert.deepEqual(field(openclaw, 'command-dispatch').enum, ['tool']);
    assert.equal(field(openclaw, 'user-invocable').default, true);
    assert.equal(field(openclaw, 'disable-model-invocation').default, false);
    assert.ok(!has(openclaw, 'metadata.clawdbot'), 'no legacy manifest key in this version');
  });
});
