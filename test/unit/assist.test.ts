import { strict as assert } from 'node:assert';
import { analyzeSkill, type SkillAnalysis } from '../../src/core/check/analyze';
import { agentOverridesFor, hoverMarkdown, hoverTopic, missingPhrase, nodeAt } from '../../src/core/assist/hover';
import { completionsAt, type CompletionFacts, declaredBins, indentUnit } from '../../src/core/assist/completion';
import { cursorContext, type CursorContext } from '../../src/core/assist/cursor';
import { type EditSpec, quickFixes, setModeEdit } from '../../src/core/assist/quickFixes';
import { yamlScalar } from '../../src/core/assist/yamlText';
import type { FieldScope } from '../../src/core/assist/fieldHelp';
import { FIELDS_BY_RUNTIME, fieldKeysAt } from '../../src/core/runtimes/fields';
import { RUNTIME_LABELS } from '../../src/core/runtimes/registry';
import { RUNTIME_IDS } from '../../src/core/runtimes/registry';
import type { RuntimeField, RuntimeId } from '../../src/core/runtimes/types';
import type { NexoStatus } from '../../src/core/runtimes/nexo/status';

function fieldOf(runtime: RuntimeId, path: readonly string[]): RuntimeField {
  const f = FIELDS_BY_RUNTIME[runtime].find((x) => x.path.join('.') === path.join('.'));
  assert.ok(f, `${runtime} reads no ${path.join('.')}`);
  return f;
}

/** `|` marks the cursor; returns the text without it and the offset. */
function cursor(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf('|');
  assert.ok(offset >= 0, 'no cursor mark');
  return { text: marked.slice(0, offset) + marked.slice(offset + 1), offset };
}

const facts = (over: Partial<CompletionFacts> = {}): CompletionFacts => ({
  dirName: 'my-skill',
  knownBins: () => ['ffmpeg', 'jq', 'sa-fake-ffmpeg'],
  localBins: () => [],
  envNames: () => ['HOME', 'PATH', 'SA_SECRET', 'bad-name'],
  ...over,
});

function labels(marked: string, over: Partial<CompletionFacts> = {}): string[] {
  const { text, offset } = cursor(marked);
  const ctx = cursorContext(text, offset);
  if (!ctx) return [];
  return completionsAt(ctx, facts(over)).map((s) => s.label);
}

function ctxOf(marked: string): CursorContext | null {
  const { text, offset } = cursor(marked);
  return cursorContext(text, offset);
}

const skill = (fm: string, body = '# Body\n\nDo it.\n'): string => `---\n${fm}---\n\n${body}`;
/** A skill with a valid name and description, plus `fm`. */
const valid = (fm: string): string => skill(`name: my-skill\ndescription: d\n${fm}`);

function apply(text: string, edits: readonly EditSpec[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** Applies the preferred (else first) fix of the first finding with `code`, and returns the new text. */
function fix(text: string, code: string, dirName = 'my-skill', pick?: (title: string) => boolean): string {
  const a = analyzeSkill(text, { dirName });
  const d = a.diagnostics.find((x) => x.code === code);
  assert.ok(d, `no ${code} in ${JSON.stringify(a.diagnostics.map((x) => x.code))}`);
  const fixes = quickFixes(a, d);
  const f = pick ? fixes.find((x) => pick(x.title)) : (fixes.find((x) => x.preferred) ?? fixes[0]);
  assert.ok(f, `no fix for ${code}: ${JSON.stringify(fixes.map((x) => x.title))}`);
  return apply(text, f.edits);
}

describe('assist: cursor context', () => {
  it('knows the map a key is typed in, and the keys already there', () => {
    const c = ctxOf(skill('name: a\nrequires:\n  bins: [x]\n  |\n'));
    assert.equal(c?.kind, 'key');
    assert.deepEqual(c?.kind === 'key' && c.path, ['requires']);
    assert.deepEqual(c?.kind === 'key' && c.present, ['bins']);
  });
  it('is null in the body, in comments, and in block-scalar text', () => {
    assert.equal(ctxOf(skill('name: a\n', 'Bo|dy\n')), null);
    assert.equal(ctxOf(skill('name: a # comm|ent\n')), null);
    assert.equal(ctxOf(skill('description: >\n  some te|xt\n')), null);
    assert.equal(ctxOf('---\nname: a\n|'), null, 'an unclosed frontmatter is body to the runtime');
  });
  it('reports a blank document', () => {
    assert.deepEqual(ctxOf('  \n|'), { kind: 'blank' });
  });
  it('finds flow-list and block-list entries with their siblings', () => {
    const flow = ctxOf(skill('requires:\n  bins: [ffmpeg, sa-f|]\n'));
    assert.equal(flow?.kind, 'item');
    assert.deepEqual(flow?.kind === 'item' && [flow.path, flow.present], [['requires', 'bins'], ['ffmpeg']]);
    const block = ctxOf(skill('requires:\n  env:\n    - HOME\n    - |\n'));
    assert.deepEqual(block?.kind === 'item' && [block.path, block.present], [['requires', 'env'], ['HOME']]);
    const sameIndent = ctxOf(skill('requires:\n  bins:\n  - a\n  - |\n'));
    assert.deepEqual(sameIndent?.kind === 'item' && sameIndent.path, ['requires', 'bins']);
    assert.equal(ctxOf(skill('requires:\n  bins: [a, b]|\n')), null, 'past the closing bracket is no entry');
  });
  it('notices a colon after the cursor (renaming a key)', () => {
    const c = ctxOf(skill('requires:\n  bi|ns: [a]\n'));
    assert.equal(c?.kind === 'key' && c.colonFollows, true);
  });
});

describe('assist: completions', () => {
  it('offers every top-level field some runtime reads (no runtime known) not yet present, required ones first', () => {
    const got = labels(skill('name: a\ndescription: b\n|\n'));
    const expected = [...fieldKeysAt([])].filter((k) => k !== 'name' && k !== 'description');
    assert.deepEqual([...got].sort(), [...expected].sort());
    const { text, offset } = cursor(skill('license: x\n|\n'));
    const sorted = completionsAt(cursorContext(text, offset)!, facts()).sort((a, b) => (a.sortText < b.sortText ? -1 : 1));
    assert.deepEqual(
      sorted.slice(0, 2).map((s) => s.label),
      ['name', 'description'],
      'required by some runtime: first',
    );
  });
  it('inside requires: exactly the keys not yet present, with indentation-aware inserts', () => {
    const { text, offset } = cursor(skill('requires:\n  bins: [x]\n  |\n'));
    const items = completionsAt(cursorContext(text, offset)!, facts());
    assert.deepEqual(items.map((s) => s.label).sort(), ['bin_versions', 'env', 'mode']);
    const byLabel = new Map(items.map((s) => [s.label, s]));
    assert.equal(byLabel.get('mode')?.insertText, 'mode: ');
    assert.equal(byLabel.get('mode')?.retrigger, true);
    assert.equal(byLabel.get('env')?.insertText, 'env: [$0]');
    assert.equal(byLabel.get('bin_versions')?.insertText, 'bin_versions:\n  $0');
    assert.match(byLabel.get('mode')?.documentation ?? '', /^\*\*nexo-rs:\*\* What happens when something is missing: `strict` hides the skill/);
    assert.match(byLabel.get('mode')?.documentation ?? '', /Default: `strict`\./);
    assert.equal(byLabel.get('mode')?.detail, 'strict | warn | disable · nexo-rs');
  });
  it('uses the file’s own indentation unit for nested maps', () => {
    const { text, offset } = cursor(skill('metadata:\n    hermes:\n        tags: [a]\n|\n'));
    assert.equal(indentUnit(text), 4);
    const req = completionsAt(cursorContext(text, offset)!, facts({ indentUnit: 4 })).find((s) => s.label === 'requires');
    assert.equal(req?.insertText, 'requires:\n    $0');
  });
  it('nested maps: metadata.hermes and the long form of a bin_versions entry', () => {
    assert.deepEqual(labels(skill('metadata:\n  hermes:\n    |\n')).sort(), [
      'config',
      'fallback_for_tools',
      'fallback_for_toolsets',
      'related_skills',
      'requires_tools',
      'requires_toolsets',
      'tags',
    ]);
    assert.deepEqual(labels(skill('requires:\n  bin_versions:\n    curl:\n      constraint: ">=8"\n      |\n')).sort(), ['command', 'regex']);
  });
  it('mode values with the runtime’s words, and booleans', () => {
    const { text, offset } = cursor(skill('requires:\n  mode: |\n'));
    const items = completionsAt(cursorContext(text, offset)!, facts());
    assert.deepEqual(
      items.map((s) => s.label),
      ['strict', 'warn', 'disable'],
    );
    assert.equal(items.find((s) => s.label === 'warn')?.detail, 'warn loads it behind a > ⚠️ MISSING DEPS banner');
    assert.deepEqual(labels(skill('user-invocable: |\n')), ['true', 'false']);
    const glued = cursor(skill('requires:\n  mode:|\n'));
    assert.equal(completionsAt(cursorContext(glued.text, glued.offset)!, facts())[0]?.insertText, ' strict');
  });
  it('the folder name for `name`', () => {
    assert.deepEqual(labels(skill('name: |\n')), ['my-skill']);
  });
  it('binaries in bins lists and as bin_versions keys: this skill’s first, none already listed', () => {
    assert.deepEqual(labels(skill('requires:\n  bins: [jq, |]\n')), ['ffmpeg', 'sa-fake-ffmpeg']);
    const { text, offset } = cursor(skill('requires:\n  bins: [curl]\n  bin_versions:\n    |\n'));
    const items = completionsAt(cursorContext(text, offset)!, facts({ localBins: () => ['curl'] }));
    assert.deepEqual(
      items.map((s) => s.label),
      ['curl', 'ffmpeg', 'jq', 'sa-fake-ffmpeg'],
    );
    assert.equal(items[0]?.insertText, 'curl: ">=$1"$0');
    assert.equal(items[0]?.detail, 'binary listed in this skill');
  });
  it('environment variable names only, valid ones, not those listed', () => {
    const { text, offset } = cursor(skill('requires:\n  env: [HOME, |]\n'));
    const items = completionsAt(cursorContext(text, offset)!, facts());
    assert.deepEqual(
      items.map((s) => s.label),
      ['PATH', 'SA_SECRET'],
    );
    for (const s of items) assert.equal(s.documentation, undefined);
  });
  it('platform values in a list', () => {
    assert.deepEqual(labels(skill('platforms: [linux, |]\n')), ['macos', 'windows']);
  });
  it('declaredBins reads bins, bin_versions keys and Hermes commands', () => {
    const a = analyzeSkill(
      skill('name: a\ndescription: b\nrequires:\n  bins: [ffmpeg]\n  bin_versions:\n    curl: ">=8"\nprerequisites:\n  commands: [jq]\n'),
      { dirName: 'a' },
    );
    assert.deepEqual(declaredBins(a).sort(), ['curl', 'ffmpeg', 'jq']);
  });
});

function status(over: Partial<NexoStatus>): NexoStatus {
  return {
    verdict: 'loaded',
    color: 'green',
    mode: 'strict',
    modeSource: 'default',
    missing: { bins: [], env: [], versions: [] },
    bins: [],
    env: [],
    versions: [],
    summary: '',
    ...over,
  };
}

function hover(text: string, needle: string, st: NexoStatus | null, env: NodeJS.ProcessEnv = {}, within = 1): string | null {
  const a: SkillAnalysis = analyzeSkill(text, { dirName: 'my-skill' });
  const at = text.indexOf(needle);
  assert.ok(at >= 0);
  const hit = nodeAt(a, at + within);
  assert.ok(hit, `nothing at ${needle}`);
  return hoverMarkdown(a, hit, { status: st, env, overrides: [] });
}

describe('assist: hovers', () => {
  const probeOk = valid('requires:\n  bins: [sa-fake-ffmpeg]\n  bin_versions:\n    sa-fake-ffmpeg: ">=4.0, <5"\n  env: [SA_KEY]\n  mode: strict\n');
  const okStatus = status({
    bins: [{ name: 'sa-fake-ffmpeg', source: 'requires', found: true, path: '/x/bin/sa-fake-ffmpeg', executable: true, searched: ['/x/bin/sa-fake-ffmpeg'] }],
    versions: [
      { bin: 'sa-fake-ffmpeg', required: '>=4.0, <5', command: '--version', regex: undefined, path: '/x/bin/sa-fake-ffmpeg', found: '4.4.2', ok: true },
    ],
    env: [{ name: 'SA_KEY', source: 'requires', set: true }],
    modeSource: 'frontmatter',
  });
  it('each runtime’s words on keys at any depth', () => {
    const desc = hover(probeOk, 'description', null) ?? '';
    for (const r of RUNTIME_IDS) assert.ok(desc.includes(`**${RUNTIME_LABELS[r]}:** ${fieldOf(r, ['description']).description}`), r);
    assert.equal(hoverTopic(nodeAt(analyzeSkill(probeOk), probeOk.indexOf('bins') + 1)!), 'schema');
    assert.ok(hover(probeOk, 'bins', null)?.startsWith(`**nexo-rs:** ${fieldOf('nexo', ['requires', 'bins']).description} — [lordmacu/nexo-rs`));
  });
  it('a binary: path and version', () => {
    const md = hover(probeOk, 'sa-fake-ffmpeg]', okStatus);
    assert.equal(md, 'sa-fake-ffmpeg is found: `/x/bin/sa-fake-ffmpeg`\n\nVersion 4.4.2 (from `sa-fake-ffmpeg --version`) satisfies `>=4.0, <5`.');
  });
  it('a missing binary: where it was searched', () => {
    const text = skill('requires:\n  bins: [nope]\n');
    const md = hover(
      text,
      'nope',
      status({ bins: [{ name: 'nope', source: 'requires', found: false, path: null, executable: false, searched: ['/a/nope', '/b/nope'] }] }),
    );
    assert.equal(md, 'nope is not found on PATH (searched: /a/nope, /b/nope)');
  });
  it('a constraint: its meaning and whether the installed version satisfies it', () => {
    assert.equal(
      hover(probeOk, '">=4.0, <5"', okStatus),
      '`>=4.0, <5` means ≥ 4.0.0 and < 5.0.0.\n\nSatisfied by the installed version 4.4.2 (`/x/bin/sa-fake-ffmpeg`).',
    );
    const old = status({
      versions: [
        {
          bin: 'sa-fake-ffmpeg',
          required: '>=4.0, <5',
          command: '--version',
          regex: undefined,
          path: '/p',
          found: '3.1.0',
          ok: false,
          reason: 'constraint_unsatisfied',
        },
      ],
    });
    assert.match(hover(probeOk, '">=4.0, <5"', old) ?? '', /Not satisfied: the installed version is 3\.1\.0/);
  });
  it('an env var: set or not, never its value', () => {
    assert.equal(hover(probeOk, 'SA_KEY', okStatus, { SA_KEY: 'hunter2' }), 'SA_KEY is set (its value is never shown).');
    const unset = status({ env: [{ name: 'SA_KEY', source: 'requires', set: false }] });
    assert.equal(hover(probeOk, 'SA_KEY', unset, {}), 'SA_KEY is not set.');
    assert.equal(hover(probeOk, 'SA_KEY', unset, { SA_KEY: '  ' }), 'SA_KEY is set but blank, which counts as missing.');
  });
  it('mode: what it does with the current results, and where it comes from', () => {
    const hidden = status({ verdict: 'skipped_strict', modeSource: 'frontmatter', missing: { bins: ['sa-definitely-missing-tool'], env: [], versions: [] } });
    const md = hover(probeOk, 'strict', hidden);
    assert.equal(md, 'strict: this skill is hidden because sa-definitely-missing-tool is not found.\n\nMode from `requires.mode` in this file.');
    const keyMd = hover(probeOk, 'mode:', hidden);
    assert.ok(keyMd?.startsWith(`**nexo-rs:** ${fieldOf('nexo', ['requires', 'mode']).description}`));
    assert.ok(keyMd?.endsWith('strict: this skill is hidden because sa-definitely-missing-tool is not found.\n\nMode from `requires.mode` in this file.'));
  });
  it('missingPhrase lists bins, env and versions', () => {
    assert.equal(
      missingPhrase({ bins: ['a'], env: ['B'], versions: [{ bin: 'c', required: '>=1.0', found: '0.9.0', reason: 'constraint_unsatisfied' }] }),
      'a is not found, B is unset and c 0.9.0 does not satisfy `>=1.0`',
    );
  });
  it('agent overrides apply to the skill in the agent’s skills_dir', () => {
    const agents = [{ id: 'kate', skills: ['x'], skillsDir: '/r/skills', overrides: new Map([['x', 'warn' as const]]), line: 1, skillPositions: new Map() }];
    assert.deepEqual(
      agentOverridesFor(agents, '/r/skills/x', () => '/r/config/agents.yaml'),
      [{ agent: 'kate', mode: 'warn', file: '/r/config/agents.yaml' }],
    );
    assert.deepEqual(
      agentOverridesFor(agents, '/elsewhere/x', () => ''),
      [],
    );
  });
});

describe('assist: Hermes prerequisites in Hermes’s terms', () => {
  const pinned = (...runtimes: RuntimeId[]): FieldScope => ({ applicable: runtimes, pinned: true });
  const text = skill('name: my-skill\ndescription: d\nprerequisites:\n  env_vars: [SA_TOKEN]\n  commands: [sa-tool]\n');
  const hoverValue = (needle: string, env: NodeJS.ProcessEnv, scope?: FieldScope): string => {
    const a = analyzeSkill(text, { dirName: 'my-skill' });
    const hit = nodeAt(a, text.indexOf(needle) + 1);
    assert.ok(hit && hit.on === 'value');
    return hoverMarkdown(a, hit, { status: status({}), env, overrides: [], ...(scope ? { scope } : {}) }) ?? '';
  };
  const hermes = pinned('hermes');
  it('an unset variable: setup needed, never hidden', () => {
    assert.equal(
      hoverValue('SA_TOKEN', {}, hermes),
      'SA_TOKEN is not set in this environment: Hermes still lists the skill, but skill_view reports `setup_needed` until it is set (in `$HERMES_HOME/.env` or the environment).',
    );
    assert.equal(hoverValue('SA_TOKEN', { SA_TOKEN: 'x' }, hermes), "SA_TOKEN is set (its value is never shown): Hermes's readiness is met for it.");
    assert.match(hoverValue('SA_TOKEN', { SA_TOKEN: ' ' }, hermes), /^SA_TOKEN is set but blank/);
  });
  it('a command: advisory', () => {
    assert.equal(
      hoverValue('sa-tool', {}, hermes),
      'Hermes does not look sa-tool up: `prerequisites.commands` is advisory, so the skill is neither hidden nor asked to be set up for it.',
    );
  });
  it('Hermes not applying: nothing checks it', () => {
    assert.match(hoverValue('sa-tool', {}, pinned('nexo')), /^Only Hermes reads `prerequisites`, and Hermes does not apply/);
  });
});

describe('assist: quick fixes', () => {
  it('name to the folder name, and a charset fix', () => {
    assert.equal(fix(skill('name: other\ndescription: d\n'), 'name-dir-mismatch'), valid(''));
    assert.equal(fix(skill('name: My Skill\ndescription: d\n'), 'name-charset'), valid(''));
  });
  it('a missing name', () => {
    assert.equal(fix(skill('description: d\n'), 'name-missing'), valid(''));
    assert.equal(fix(skill('name:\ndescription: d\n'), 'name-missing'), valid(''));
  });
  it('quotes a value broken by a colon', () => {
    assert.equal(
      fix(skill('name: my-skill\ndescription: Use when: the user asks\n'), 'yaml-syntax'),
      skill('name: my-skill\ndescription: "Use when: the user asks"\n'),
    );
  });
  it('npm constraints into Cargo form, and only an explanation for ||', () => {
    const fm = (c: string): string => valid(`requires:\n  bin_versions:\n    ffmpeg: ${c}\n`);
    assert.equal(fix(fm('">=4.0 <5"'), 'constraint-invalid'), fm('">=4.0, <5"'));
    const text = fm('"^4 || ^5"');
    const a = analyzeSkill(text, { dirName: 'my-skill' });
    const fixes = quickFixes(
      a,
      a.diagnostics.find((d) => d.code === 'constraint-invalid')!,
    );
    assert.equal(fixes.length, 1);
    assert.deepEqual(fixes[0]?.edits, []);
    assert.equal(fixes[0]?.preferred, false);
    assert.match(fixes[0]?.explain ?? '', /no single equivalent/);
  });
  it('a string where a list belongs', () => {
    assert.equal(fix(valid('requires:\n  bins: ffmpeg\n'), 'requirements-ignored'), valid('requires:\n  bins: [ffmpeg]\n'));
    assert.equal(fix(valid('platforms: linux\n'), 'type-mismatch'), valid('platforms: [linux]\n'));
  });
  it('a misspelt mode and an unquoted version number', () => {
    assert.equal(fix(valid('requires:\n  mode: warnn\n'), 'requirements-ignored'), valid('requires:\n  mode: warn\n'));
    assert.equal(fix(valid('requires:\n  bin_versions:\n    ffmpeg: 4.0\n'), 'requirements-ignored'), valid('requires:\n  bin_versions:\n    ffmpeg: "4.0"\n'));
  });
  it('removes a repeated entry from flow and block lists', () => {
    assert.equal(fix(valid('requires:\n  bins: [a, b, a]\n'), 'requires-duplicate'), valid('requires:\n  bins: [a, b]\n'));
    assert.equal(fix(valid('requires:\n  env:\n    - A\n    - A\n  mode: warn\n'), 'requires-duplicate'), valid('requires:\n  env:\n    - A\n  mode: warn\n'));
  });
  it('removes a repeated key with its value', () => {
    assert.equal(
      fix(valid('requires:\n  bins: [a]\nrequires:\n  bins:\n    - b\nversion: "1"\n'), 'duplicate-key'),
      valid('requires:\n  bins: [a]\nversion: "1"\n'),
    );
  });
  it('quotes a scalar that is not text, renames a near-miss key, fixes a capture group', () => {
    assert.equal(fix(valid('version: 1.10\n'), 'scalar-not-string'), valid('version: "1.10"\n'));
    assert.equal(fix(valid('require:\n  bins: [a]\n'), 'unknown-field'), valid('requires:\n  bins: [a]\n'));
    const withRegex = (r: string): string => valid(`requires:\n  bin_versions:\n    curl:\n      constraint: ">=8"\n      regex: ${r}\n`);
    assert.equal(fix(withRegex("'curl (\\d+\\.\\d+)'"), 'probe-regex-capture-group'), withRegex("'\\d+\\.\\d+'"));
  });
  it('fix offsets follow a BOM', () => {
    const text = `\uFEFF${valid('version: 1.10\n')}`;
    assert.equal(fix(text, 'scalar-not-string'), `\uFEFF${valid('version: "1.10"\n')}`);
  });
  it('sets mode: warn in every shape of requires', () => {
    const set = (fm: string): string => {
      const text = skill(fm);
      const e = setModeEdit(analyzeSkill(text, { dirName: 'my-skill' }), 'warn');
      assert.ok(e);
      return apply(text, [e]);
    };
    assert.equal(set('name: a\nrequires:\n  bins: [x]\n'), skill('name: a\nrequires:\n  bins: [x]\n  mode: warn\n'));
    assert.equal(set('requires:\n    env:\n      - A\ndescription: d\n'), skill('requires:\n    env:\n      - A\n    mode: warn\ndescription: d\n'));
    assert.equal(set('requires:\n  mode: strict\n'), skill('requires:\n  mode: warn\n'));
    assert.equal(set('requires: {bins: [x]}\n'), skill('requires: {bins: [x], mode: warn}\n'));
    assert.equal(set('requires:\nname: a\n'), skill('requires:\n  mode: warn\nname: a\n'));
    assert.equal(set('name: a\nprerequisites:\n  commands: [x]\n'), skill('name: a\nprerequisites:\n  commands: [x]\nrequires:\n  mode: warn\n'));
  });
  it('yamlScalar quotes what YAML would read as something else', () => {
    assert.equal(yamlScalar('my-skill'), 'my-skill');
    assert.equal(yamlScalar('1.10'), '"1.10"');
    assert.equal(yamlScalar('true'), '"true"');
    assert.equal(yamlScalar('a b'), '"a b"');
  });
});
