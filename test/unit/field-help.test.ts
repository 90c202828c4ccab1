import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { analyzeSkill } from '../../src/core/check/analyze';
import { completionsAt, type Suggestion } from '../../src/core/assist/completion';
import { cursorContext } from '../../src/core/assist/cursor';
import { hoverMarkdown, nodeAt } from '../../src/core/assist/hover';
import { ALL_RUNTIMES, fieldHelp, type FieldScope, fieldScope, fieldsUnder } from '../../src/core/assist/fieldHelp';
import type { EvaluatedSkill } from '../../src/core/check/engine';
import { runtimeContext } from '../../src/core/runtimes';
import { judgeEvaluated } from '../../src/core/check/judge';
import { toRuntimeEntry } from '../../src/core/check/entry';
import { FIELDS_BY_RUNTIME } from '../../src/core/runtimes/fields';
import { RUNTIME_LABELS } from '../../src/core/runtimes/registry';
import { RUNTIME_IDS } from '../../src/core/runtimes/registry';
import type { RuntimeId } from '../../src/core/runtimes/types';
import { bareStatus } from '../../src/core/runtimes/nexo/status';

const HOME = path.resolve('/home/author');
const skill = (fm: string): string => `---\n${fm}---\n\n# Body\n`;
const pinned = (...runtimes: RuntimeId[]): FieldScope => ({ applicable: runtimes, pinned: true });

/** The keys a runtime's table has directly under `at` (no `*`). */
function tableKeys(runtime: RuntimeId, at: readonly string[]): string[] {
  const keys = FIELDS_BY_RUNTIME[runtime]
    .filter((f) => f.path.length === at.length + 1 && at.every((p, i) => f.path[i] === p || f.path[i] === '*'))
    .map((f) => f.path[f.path.length - 1] as string)
    .filter((k) => k !== '*');
  return [...new Set(keys)];
}

function complete(marked: string, scope: FieldScope): Suggestion[] {
  const offset = marked.indexOf('|');
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  const ctx = cursorContext(text, offset);
  assert.ok(ctx, 'no cursor context');
  return completionsAt(ctx, { dirName: 'my-skill', knownBins: () => ['jq'], localBins: () => [], envNames: () => ['HOME'], scope });
}
const labels = (marked: string, scope: FieldScope): string[] => complete(marked, scope).map((s) => s.label);

function hoverKey(text: string, key: string, scope: FieldScope): string {
  const a = analyzeSkill(text, { dirName: 'my-skill' });
  const hit = nodeAt(a, text.indexOf(key) + 1);
  assert.ok(hit && hit.on === 'key', `no key at ${key}`);
  return hoverMarkdown(a, hit, { status: null, env: {}, overrides: [], scope }) ?? '';
}

describe('field help: completion from the runtimes that apply', () => {
  for (const runtime of RUNTIME_IDS) {
    it(`pinned ${runtime}: exactly its top-level fields, in its words`, () => {
      const items = complete(skill('|\n'), pinned(runtime));
      assert.deepEqual(items.map((s) => s.label).sort(), tableKeys(runtime, []).sort());
      for (const s of items) {
        assert.ok(s.documentation?.startsWith(`**${RUNTIME_LABELS[runtime]}:** `), `${s.label}: ${s.documentation}`);
        assert.ok(s.detail.endsWith(RUNTIME_LABELS[runtime]), s.detail);
      }
    });
  }

  it('pinned runtimes: nested maps offer their keys only (metadata.hermes, metadata.openclaw, requires)', () => {
    assert.deepEqual(labels(skill('metadata:\n  |\n'), pinned('openclaw')), ['openclaw']);
    assert.deepEqual(labels(skill('metadata:\n  |\n'), pinned('hermes', 'openclaw')), ['hermes', 'openclaw']);
    assert.deepEqual(labels(skill('metadata:\n  openclaw:\n    |\n'), pinned('openclaw')).sort(), tableKeys('openclaw', ['metadata', 'openclaw']).sort());
    assert.deepEqual(labels(skill('metadata:\n  openclaw:\n    requires:\n      |\n'), pinned('openclaw')).sort(), ['anyBins', 'bins', 'config', 'env']);
    assert.deepEqual(labels(skill('metadata:\n  hermes:\n    |\n'), pinned('hermes')).sort(), tableKeys('hermes', ['metadata', 'hermes']).sort());
    assert.deepEqual(labels(skill('requires:\n  |\n'), pinned('nexo')).sort(), ['bin_versions', 'bins', 'env', 'mode']);
    assert.deepEqual(labels(skill('requires:\n  |\n'), pinned('hermes')), [], 'Hermes reads no requires');
    assert.deepEqual(labels(skill('metadata:\n  hermes:\n    |\n'), pinned('openclaw')), [], 'pinned: nothing of another runtime, even nested');
  });

  it('detected: the applicable runtimes’ fields plus those that would bring one in, marked so', () => {
    const scope = fieldScope({ dir: path.join(HOME, 'work', 'my-skill'), data: { name: 'my-skill', description: 'd' }, home: HOME, env: {} });
    assert.deepEqual(scope, { applicable: ['agentskills'], pinned: false });
    const items = new Map(complete(skill('name: my-skill\ndescription: d\n|\n'), scope).map((s) => [s.label, s]));
    for (const k of tableKeys('agentskills', [])) if (k !== 'name' && k !== 'description') assert.ok(items.has(k), k);
    assert.ok(!items.has('when_to_use'), 'a Claude Code field is not offered to a skill Claude Code does not read');
    assert.ok(!items.has('homepage'), 'nor an OpenClaw one');
    const platforms = items.get('platforms');
    assert.equal(platforms?.detail, 'list (or text) · makes Hermes apply');
    assert.ok(platforms?.documentation?.startsWith('Writing `platforms` makes Hermes apply to this skill.\n\n**Hermes:** Operating systems'));
    assert.equal(items.get('requires')?.detail, 'map · makes nexo-rs apply');
    assert.ok(
      (items.get('requires')?.sortText ?? '') > (items.get('license')?.sortText ?? ''),
      'fields that bring in a runtime come after the applicable ones',
    );
    assert.deepEqual(labels(skill('metadata:\n  |\n'), scope), ['hermes', 'openclaw']);
  });

  it('detected from the location: a .claude/skills skill gets the fields of Claude Code, Copilot CLI, OpenCode and VS Code', () => {
    const scope = fieldScope({ dir: path.join(HOME, 'proj', '.claude', 'skills', 'my-skill'), data: null, home: HOME, env: {} });
    assert.deepEqual(scope.applicable, ['claude-code', 'copilot-cli', 'opencode', 'vscode']);
    const got = labels(skill('|\n'), scope);
    for (const k of tableKeys('claude-code', [])) assert.ok(got.includes(k), k);
    // VS Code's editor accepts `license` in a SKILL.md (Claude Code does not read it).
    assert.ok(got.includes('license'), 'VS Code’s license');
  });

  it('detected from the fields: a Hermes skill gets Hermes’s words (and Hermes-only nested keys while typing)', () => {
    const data = { name: 'x', description: 'd', platforms: ['linux'] };
    const scope = fieldScope({ dir: path.join(HOME, 'w', 'x'), data, home: HOME, env: {} });
    assert.deepEqual(scope, { applicable: ['hermes'], pinned: false });
    const env = complete(skill('platforms: [linux]\n|\n'), scope).find((s) => s.label === 'required_environment_variables');
    assert.equal(env?.detail, 'list or map · Hermes');
    assert.ok(env?.documentation?.startsWith('**Hermes:** Environment variables the skill needs'));
    // `metadata.openclaw` not parsed yet (null data): its keys are offered once the path brings OpenClaw in.
    const unparsed = fieldScope({ dir: path.join(HOME, 'w', 'x'), data: null, home: HOME, env: {} });
    assert.ok(labels(skill('metadata:\n  openclaw:\n    |\n'), unparsed).includes('requires'));
  });

  it('values: enums and the values a runtime names, with the runtime’s clause', () => {
    assert.deepEqual(labels(skill('metadata:\n  openclaw:\n    os: [darwin, |]\n'), pinned('openclaw')), [
      'linux',
      'win32',
      'aix',
      'android',
      'freebsd',
      'haiku',
      'openbsd',
      'netbsd',
      'sunos',
      'cygwin',
    ]);
    assert.deepEqual(labels(skill('platforms: [linux, |]\n'), pinned('hermes')), ['macos', 'windows']);
    assert.deepEqual(labels(skill('environments: [|]\n'), pinned('hermes')), ['kanban', 'docker', 's6']);
    assert.deepEqual(labels(skill('metadata:\n  openclaw:\n    always: |\n'), pinned('openclaw')), ['true', 'false']);
    assert.deepEqual(labels(skill('metadata:\n  openclaw:\n    requires:\n      bins: [|]\n'), pinned('openclaw')), ['jq'], 'binaries in OpenClaw’s bins');
    assert.deepEqual(labels(skill('name: |\n'), pinned('hermes')), ['my-skill'], 'a name is no switch, though Hermes tolerates a boolean');
  });
});

describe('field help: hovers name the runtimes', () => {
  const text = skill('name: my-skill\ndescription: d\nplatforms: [linux]\nuser-invocable: false\n');
  it('a key applicable runtimes read: each one in its own words, with its source', () => {
    const md = hoverKey(text, 'user-invocable', pinned('claude-code', 'vscode'));
    assert.match(md, /^\*\*Claude Code:\*\* .*\n\n\*\*VS Code:\*\* /s);
    assert.ok(!md.includes('OpenClaw'), 'OpenClaw does not apply');
    assert.match(md, /\(https:\/\/code\.visualstudio\.com\/docs\/agent-customization\/agent-skills\)|microsoft\/vscode/);
  });
  it('a key no applicable runtime reads: says so, and which runtimes would read it', () => {
    const md = hoverKey(text, 'platforms', pinned('claude-code'));
    assert.ok(
      md.startsWith('Not read by the runtime that applies to this skill (Claude Code), so it has no effect here. Hermes would read it:\n\n**Hermes:** '),
      md,
    );
  });
  it('without a scope every runtime speaks (the CLI-less default)', () => {
    const md = hoverKey(text, 'user-invocable', ALL_RUNTIMES);
    for (const r of ['Claude Code', 'VS Code', 'OpenClaw']) assert.ok(md.includes(`**${r}:**`), r);
  });
  it('fieldHelp prefers a runtime’s own entry to its `*` entry, and matches list indices', () => {
    const h = fieldHelp(['metadata', 'hermes'], ALL_RUNTIMES);
    assert.deepEqual(
      h?.readers.map((r) => r.runtime),
      ['hermes', 'agentskills'],
    );
    assert.deepEqual(h?.readers[0]?.field.path, ['metadata', 'hermes']);
    assert.deepEqual(
      fieldHelp(['required_environment_variables', '0', 'name'], ALL_RUNTIMES)?.readers.map((r) => r.runtime),
      ['hermes'],
    );
    assert.equal(fieldHelp(['no-such-key'], ALL_RUNTIMES), null);
    assert.deepEqual(fieldsUnder(['metadata', 'openclaw', 'requires'], pinned('hermes')), []);
  });
});

describe('author-view findings in neutral words, or only where their runtime applies', () => {
  it('name-dir-mismatch and duplicate-key do not speak as if nexo-rs read every skill', () => {
    const a = analyzeSkill(skill('name: other\nname: other\n'), { dirName: 'my-skill' });
    const mismatch = a.diagnostics.find((d) => d.code === 'name-dir-mismatch');
    assert.ok(mismatch && !mismatch.message.includes('nexo-rs'), mismatch?.message);
    assert.match(a.diagnostics.find((d) => d.code === 'duplicate-key')?.message ?? '', /a strict reader \(nexo-rs\)/);
  });
  it('bom: left to Hermes’s and OpenClaw’s own findings where only they apply', async () => {
    const a = analyzeSkill(`\ufeff${skill('name: my-skill\ndescription: d\n')}`, { dirName: 'my-skill' });
    const dir = path.join(HOME, 'w', 'my-skill');
    const s: EvaluatedSkill = {
      location: { id: 'my-skill', dir, file: path.join(dir, 'SKILL.md'), root: path.dirname(dir), category: 'general' },
      analysis: a,
      status: bareStatus('loaded', 'green', ''),
      id: 'my-skill',
    };
    // The codes of the entry `check --runtime …` prints for the skill.
    const codes = async (pinned: RuntimeId[]): Promise<string[]> => {
      const { judged } = await judgeEvaluated([s], runtimeContext({ HOME }, HOME, { pinned }), { pinned });
      return toRuntimeEntry(s, judged[0]!).diagnostics.map((d) => d.code);
    };
    assert.ok(!(await codes(['hermes', 'openclaw'])).includes('bom'));
    assert.ok((await codes(['vscode'])).includes('bom'));
    // Claude Code reads a BOM (../shared/golden/claude-code e03); Codex refuses it in its own finding.
    assert.ok(!(await codes(['claude-code'])).includes('bom'));
  });
});
