// Focused tests of the OpenClaw profile's primitives (frontmatter merge and line fallback, metadata as JSON5,
// comma lists, install specs, config loading, PATH lookup, prompt limits) and of its robustness and findings.
// The golden cases (golden-openclaw.test.ts) pin whole runs; these pin the rules one at a time.

import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { evaluateOpenClaw, runOpenClaw } from '../../src/core/runtimes/openclaw';
import { parseFrontmatter, parseFrontmatterDetailed } from '../../src/core/runtimes/openclaw/frontmatter';
import {
  normalizeStringList,
  parseInstallSpecDetailed,
  resolveInvocationPolicy,
  resolveOpenClawMetadata,
  validateRegistryNpmSpec,
} from '../../src/core/runtimes/openclaw/metadata';
import { loadOpenClawConfig, resolveAgentSkillFilter, resolveDefaultAgentId } from '../../src/core/runtimes/openclaw/config';
import { BinaryLookup, isConfigPathTruthy } from '../../src/core/runtimes/openclaw/eligibility';
import { buildSkillsPrompt, compactHomePath } from '../../src/core/runtimes/openclaw/prompt';
import { analyzeSkillText } from '../../src/core/runtimes/openclaw/findings';
import type { RuntimeContext } from '../../src/core/runtimes/types';

const posix = process.platform !== 'win32';

function skill(frontmatter: string, body = '\n# x\n'): string {
  return `---\n${frontmatter}\n---\n${body}`;
}

describe('OpenClaw profile: frontmatter', () => {
  it('merges YAML and the line reader; YAML values win', () => {
    assert.deepEqual(parseFrontmatter(skill('name: a\ndescription: 2.50\nflag: true')), { name: 'a', description: '2.5', flag: 'true' });
  });

  it('falls back to the line reader when the YAML is invalid (unquoted `: `), keeping the full text', () => {
    const p = parseFrontmatterDetailed(skill('name: a\ndescription: Use when: asked'));
    assert.notEqual(p.yamlError, null);
    assert.equal(p.result.description, 'Use when: asked');
  });

  it('the line reader keeps the last of a repeated key (YAML rejects the duplicate)', () => {
    assert.equal(parseFrontmatter(skill('name: first\nname: second\ndescription: d')).name, 'second');
  });

  it('a block value read by the line reader is raw indented text (not JSON), so block metadata is lost on a YAML error', () => {
    const fm = parseFrontmatter(skill('description: a: b\nmetadata:\n  openclaw:\n    os: [linux]'));
    assert.equal(fm.metadata, 'openclaw:\n    os: [linux]');
    assert.equal(resolveOpenClawMetadata(fm), undefined);
  });

  it('prefers the raw line text over a YAML flow mapping when the line holds `:`', () => {
    const fm = parseFrontmatter(skill('description: d\nmetadata: {openclaw: {os: [linux]}}'));
    assert.equal(fm.metadata, '{openclaw: {os: [linux]}}');
    assert.equal(resolveOpenClawMetadata(fm), undefined, 'JSON5 rejects the unquoted string');
  });

  it('fills keys YAML dropped as null from the line reader (`Null` and `~` become text)', () => {
    assert.equal(parseFrontmatter(skill('description: Null')).description, 'Null');
    assert.equal(parseFrontmatter(skill('description: ~')).description, '~');
    assert.equal(parseFrontmatter(skill('description:')).description, undefined);
  });

  it('normalises CRLF and lone CR; a BOM or a leading blank line hides the frontmatter', () => {
    assert.equal(parseFrontmatter('---\r\nname: a\r\ndescription: d\r\n---\r\n').description, 'd');
    assert.deepEqual(parseFrontmatter('\ufeff---\nname: a\ndescription: d\n---\n'), {});
    assert.deepEqual(parseFrontmatter('\n---\nname: a\ndescription: d\n---\n'), {});
    assert.deepEqual(parseFrontmatter('---\nname: a\ndescription: d\n'), {}, 'no closing line');
  });

  it('keeps a literal block scalar with its newlines and folds a folded one', () => {
    assert.equal(parseFrontmatter(skill('description: |\n  one\n  two')).description, 'one\ntwo');
    assert.equal(parseFrontmatter(skill('description: >-\n  one\n  two')).description, 'one two');
  });
});

describe('OpenClaw profile: metadata.openclaw', () => {
  const meta = (m: string) => resolveOpenClawMetadata({ metadata: m });

  it('parses JSON5 (unquoted keys, single quotes, trailing commas)', () => {
    assert.deepEqual(meta("{openclaw: {requires: {bins: ['make'], env: ['A',],},},}")?.requires, { bins: ['make'], anyBins: [], env: ['A'], config: [] });
  });

  it('reads only the `openclaw` key (no legacy keys, case-sensitive) and only as an object', () => {
    assert.equal(meta('{"clawdbot": {"os": ["linux"]}}'), undefined);
    assert.equal(meta('{"OpenClaw": {"os": ["linux"]}}'), undefined);
    assert.equal(meta('{"openclaw": "linux"}'), undefined);
  });

  it('accepts lists or one comma-separated string; entries trimmed, empties dropped, objects stringified', () => {
    assert.deepEqual(normalizeStringList(' git , ,jq '), ['git', 'jq']);
    assert.deepEqual(normalizeStringList([' a ', '', 1, { x: 1 }]), ['a', '1', '[object Object]']);
    assert.deepEqual(normalizeStringList(42), []);
    assert.deepEqual(meta('{"openclaw": {"os": "darwin, linux", "requires": {"config": "a.b,c"}}}'), {
      os: ['darwin', 'linux'],
      requires: { bins: [], anyBins: [], env: [], config: ['a.b', 'c'] },
    });
  });

  it('honours `always` only as a boolean and keeps field order', () => {
    assert.equal(meta('{"openclaw": {"always": "true"}}')?.always, undefined);
    assert.deepEqual(Object.keys(meta('{"openclaw": {"requires": {}, "os": ["linux"], "emoji": "x", "always": true}}') ?? {}), [
      'always',
      'emoji',
      'os',
      'requires',
    ]);
  });

  it('validates install specs: kinds, the field each needs, safe values', () => {
    assert.ok('spec' in parseInstallSpecDetailed({ type: 'GO', module: 'mvdan.cc/sh/v3/cmd/shfmt@latest' }));
    assert.deepEqual(parseInstallSpecDetailed({ kind: 'apt', package: 'x' }), { problem: 'unknown-kind', kind: 'apt' });
    assert.deepEqual(parseInstallSpecDetailed({ kind: 'brew' }), { problem: 'missing-field', kind: 'brew', field: 'formula' });
    assert.deepEqual(parseInstallSpecDetailed({ kind: 'brew', formula: '../evil' }), { problem: 'missing-field', kind: 'brew', field: 'formula' });
    assert.deepEqual(parseInstallSpecDetailed({ kind: 'download', url: 'ftp://x/y' }), { problem: 'missing-field', kind: 'download', field: 'url' });
    assert.ok('spec' in parseInstallSpecDetailed({ kind: 'brew', cask: 'firefox' }));
    assert.equal(validateRegistryNpmSpec('@scope/pkg@1.2.3'), null);
    assert.notEqual(validateRegistryNpmSpec('pkg@^1.0.0'), null, 'ranges are refused');
    assert.notEqual(validateRegistryNpmSpec('git+https://x'), null);
  });

  it('reads invocation flags case-insensitively in the value, not in the key', () => {
    assert.equal(resolveInvocationPolicy({ 'disable-model-invocation': ' ON ' }).disableModelInvocation, true);
    assert.equal(resolveInvocationPolicy({ 'disable-model-invocation': 'sometimes' }).disableModelInvocation, false);
    assert.equal(resolveInvocationPolicy({ 'DISABLE-MODEL-INVOCATION': 'true' }).disableModelInvocation, false);
    assert.equal(resolveInvocationPolicy({ 'user-invocable': 'no' }).userInvocable, false);
  });
});

describe('OpenClaw profile: configuration', function () {
  let tmp: string;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'openclaw-cfg-'));
    fs.mkdirSync(path.join(tmp, '.openclaw'));
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const write = (text: string) => fs.writeFileSync(path.join(tmp, '.openclaw', 'openclaw.json'), text);

  it('fills the loader defaults into an existing file, not into a missing one', () => {
    write('{}');
    const loaded = loadOpenClawConfig({ env: { HOME: tmp }, home: tmp, cwd: tmp });
    assert.equal(isConfigPathTruthy(loaded.config, 'agents.defaults.maxConcurrent'), true);
    assert.equal(loaded.config.agents.defaults.subagents.maxConcurrent, 8);
    fs.rmSync(path.join(tmp, '.openclaw', 'openclaw.json'));
    assert.deepEqual(loadOpenClawConfig({ env: { HOME: tmp }, home: tmp, cwd: tmp }).config, {});
  });

  it('exports env.vars and string keys of env, never over a non-blank value, skipping empty ones', () => {
    write('{env: {vars: {A: "1", EMPTY: ""}, B: "2", C: "3", D: "4"}}');
    const env: Record<string, string | undefined> = { HOME: tmp, C: 'kept', D: ' ' };
    loadOpenClawConfig({ env, home: tmp, cwd: tmp });
    assert.equal(env.A, '1');
    assert.equal(env.B, '2');
    assert.equal(env.C, 'kept');
    assert.equal(env.D, '4', 'a blank value is overwritten');
    assert.equal('EMPTY' in env, false);
  });

  it('substitutes ${VAR}; an unset variable keeps its placeholder as the value, and is noted with its path', () => {
    // Observed running openclaw@2026.4.12, 2026.6.6 and 2026.9.6 on such a config: the entry stays, its apiKey
    // is the text `${KEY}` (truthy: a primaryEnv requirement is met), and the other entries still apply.
    write('{skills: {entries: {x: {apiKey: "${KEY}"}, y: {enabled: false}}}}');
    assert.equal(loadOpenClawConfig({ env: { HOME: tmp, KEY: 'k' }, home: tmp, cwd: tmp }).config.skills.entries.x.apiKey, 'k');
    const missing = loadOpenClawConfig({ env: { HOME: tmp }, home: tmp, cwd: tmp });
    assert.equal(missing.config.skills.entries.x.apiKey, '${KEY}');
    assert.equal(missing.config.skills.entries.y.enabled, false);
    assert.deepEqual(missing.missingEnv, [{ name: 'KEY', at: 'skills.entries.x.apiKey' }]);
    assert.equal(missing.error, '');
  });

  it('finds the file through OPENCLAW_CONFIG_PATH and OPENCLAW_STATE_DIR', () => {
    const other = path.join(tmp, 'elsewhere.json');
    fs.writeFileSync(other, '{skills: {limits: {maxSkillsInPrompt: 3}}}');
    assert.equal(loadOpenClawConfig({ env: { HOME: tmp, OPENCLAW_CONFIG_PATH: other }, home: tmp, cwd: tmp }).path, other);
    const state = path.join(tmp, 'state');
    fs.mkdirSync(state);
    fs.writeFileSync(path.join(state, 'openclaw.json'), '{}');
    assert.equal(loadOpenClawConfig({ env: { HOME: tmp, OPENCLAW_STATE_DIR: state }, home: tmp, cwd: tmp }).path, path.join(state, 'openclaw.json'));
  });

  it('resolves the default agent and its skill allow-list (a list entry key wins over defaults)', () => {
    const cfg = { agents: { defaults: { skills: ['a'] }, list: [{ id: 'Helper' }, { id: 'main', default: true, skills: [] }] } };
    assert.equal(resolveDefaultAgentId(cfg), 'main');
    assert.deepEqual(resolveAgentSkillFilter(cfg, 'main'), []);
    assert.deepEqual(resolveAgentSkillFilter(cfg, 'helper'), ['a']);
    assert.equal(resolveAgentSkillFilter({}, 'main'), undefined);
  });

  it('treats absent browser.enabled as true but a false one as false', () => {
    assert.equal(isConfigPathTruthy({}, 'browser.enabled'), true);
    assert.equal(isConfigPathTruthy({ browser: { enabled: false } }, 'browser.enabled'), false);
    assert.equal(isConfigPathTruthy({ a: { hosts: ['x'] } }, 'a.hosts.0'), true);
    assert.equal(isConfigPathTruthy({ a: { s: '  ' } }, 'a.s'), false);
  });
});

describe('OpenClaw profile: PATH lookup', function () {
  if (!posix) return;
  let tmp: string;
  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'openclaw-bin-'));
    fs.writeFileSync(path.join(tmp, 'exe'), '#!/bin/sh\n');
    fs.chmodSync(path.join(tmp, 'exe'), 0o755);
    fs.writeFileSync(path.join(tmp, 'plain'), 'x');
    fs.chmodSync(path.join(tmp, 'plain'), 0o644);
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('needs the execute bit and looks only in PATH', () => {
    const bins = new BinaryLookup({ PATH: `/nonexistent:${tmp}` }, 'linux');
    assert.equal(bins.has('exe'), true);
    assert.equal(bins.has('plain'), false, 'a file without any execute bit is not a binary (root included)');
    assert.equal(bins.has('sh'), false, '/bin is not searched unless it is on PATH');
  });
});

describe('OpenClaw profile: prompt limits', () => {
  const s = (i: number, d = 'd') => ({ name: `s${i}`, description: d, filePath: `~/w/skills/s${i}/SKILL.md` });

  it('cuts to maxSkillsInPrompt and says so', () => {
    const r = buildSkillsPrompt([s(1), s(2), s(3)], { maxSkillsInPrompt: 2, maxSkillsPromptChars: 30_000 });
    assert.equal(r.included, 2);
    assert.match(r.text, /^⚠️ Skills truncated: included 2 of 3\. Run `openclaw skills check` to audit\.\n\n\nThe following/);
  });

  it('switches to the compact format when it fits in the budget minus 150, else keeps the longest prefix', () => {
    const long = 'x'.repeat(400);
    const r = buildSkillsPrompt([s(1, long), s(2, long)], { maxSkillsInPrompt: 150, maxSkillsPromptChars: 800 });
    assert.equal(r.format, 'compact');
    assert.equal(r.truncated, false);
    assert.match(r.text, /^⚠️ Skills catalog using compact format/);
    const r2 = buildSkillsPrompt([s(1, long), s(2, long), s(3, long)], { maxSkillsInPrompt: 150, maxSkillsPromptChars: 560 });
    assert.equal(r2.truncated, true);
    assert.ok(r2.included < 3);
    assert.equal(buildSkillsPrompt([], { maxSkillsInPrompt: 150, maxSkillsPromptChars: 30_000 }).text, '');
  });

  it('writes home paths `~/`, longest home first', () => {
    assert.equal(compactHomePath('/home/u/x/SKILL.md', ['/home/u/x', '/home/u']), '~/SKILL.md');
    assert.equal(compactHomePath('/home/user2/x', ['/home/u']), '/home/user2/x');
  });
});

function ctxFor(home: string, extra: Record<string, string> = {}): RuntimeContext {
  return { env: { HOME: home, PATH: '/nonexistent', ...extra }, platform: 'linux', home, cwd: home };
}

describe('OpenClaw profile: hostile trees never crash or hang', function () {
  if (!posix) return;
  let tmp: string;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'openclaw-hostile-'));
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('handles a missing root, a root that is a file, symlink loops, a FIFO SKILL.md and a huge file', async () => {
    const home = path.join(tmp, 'home');
    fs.mkdirSync(home);
    assert.deepEqual((await evaluateOpenClaw(path.join(tmp, 'nope'), ctxFor(home))).skills, []);
    fs.writeFileSync(path.join(tmp, 'file'), 'x');
    assert.equal((await evaluateOpenClaw(path.join(tmp, 'file'), ctxFor(home))).index, '');
    const root = path.join(tmp, 'skills');
    fs.mkdirSync(root);
    fs.symlinkSync('loop', path.join(root, 'loop'));
    fs.symlinkSync('..', path.join(root, 'up'));
    fs.symlinkSync('.', path.join(root, 'self'));
    fs.mkdirSync(path.join(root, 'fifo'));
    execFileSync('mkfifo', [path.join(root, 'fifo', 'SKILL.md')]);
    fs.mkdirSync(path.join(root, 'huge'));
    fs.writeFileSync(path.join(root, 'huge', 'SKILL.md'), skill('name: huge\ndescription: d', 'x'.repeat(5_000_000)));
    fs.mkdirSync(path.join(root, 'ok'));
    fs.writeFileSync(path.join(root, 'ok', 'SKILL.md'), skill('name: ok\ndescription: fine'));
    const started = Date.now();
    const report = await evaluateOpenClaw(root, ctxFor(home));
    assert.ok(Date.now() - started < 5000);
    assert.deepEqual(
      report.skills.filter((s) => s.verdict === 'loaded').map((s) => s.name),
      ['ok'],
    );
    assert.ok(report.findings.some((f) => f.code === 'openclaw-file-too-large'));
    assert.ok(report.findings.some((f) => f.code === 'openclaw-path-escapes-root'));
  });
});

describe('OpenClaw profile: install hints', function () {
  if (!posix) return;
  let tmp: string;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'openclaw-install-'));
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('names the installers OpenClaw offers for the binaries a skill lacks, only those, only while it lacks them', async () => {
    const home = path.join(tmp, 'home');
    const root = path.join(tmp, 'skills');
    const bin = path.join(tmp, 'bin');
    fs.mkdirSync(bin);
    const add = (folder: string, metadata: object) => {
      fs.mkdirSync(path.join(root, folder), { recursive: true });
      fs.writeFileSync(path.join(root, folder, 'SKILL.md'), skill(`name: ${folder}\ndescription: d\nmetadata: ${JSON.stringify({ openclaw: metadata })}`));
    };
    const brew = { id: 'brew', kind: 'brew', formula: 'zz-tool', bins: ['zz-tool'], label: 'Install zz (brew)' };
    add('lacks', { requires: { bins: ['zz-tool'] }, install: [brew] });
    // OpenClaw offers one installer: node before brew when brew is not on PATH.
    add('node-first', { requires: { bins: ['zz-tool'] }, install: [brew, { kind: 'node', package: 'zz-pkg', bins: ['zz-tool'] }] });
    add('any', { requires: { anyBins: ['zz-a', 'zz-tool'] }, install: [brew] });
    add('unrelated', { requires: { bins: ['zz-none'] }, install: [brew] });
    add('mac-only', { requires: { bins: ['zz-tool'] }, install: [{ ...brew, os: ['darwin'] }] });
    const reasons = async (id: string, extra: Record<string, string> = {}) =>
      (await evaluateOpenClaw(root, ctxFor(home, extra))).skills.find((s) => s.id === id)?.reasons ?? [];
    const hint = 'Install: OpenClaw offers `Install zz (brew)` (`brew install zz-tool`, provides `zz-tool`) for what is missing.';
    assert.ok((await reasons('lacks')).includes(hint), String(await reasons('lacks')));
    const lacks = (await evaluateOpenClaw(root, ctxFor(home))).skills.find((s) => s.id === 'lacks');
    assert.deepEqual(lacks?.install, [{ label: 'Install zz (brew)', command: 'brew install zz-tool', bins: ['zz-tool'] }]);
    assert.ok((await reasons('any')).includes(hint));
    assert.ok(
      (await reasons('node-first')).includes(
        'Install: OpenClaw offers `Install zz-pkg (npm)` (`npm install -g --ignore-scripts zz-pkg`, provides `zz-tool`) for what is missing.',
      ),
      String(await reasons('node-first')),
    );
    assert.ok(!(await reasons('unrelated')).some((r) => r.startsWith('Install:')), 'an installer for other binaries is no hint');
    assert.ok(!(await reasons('mac-only')).some((r) => r.startsWith('Install:')), 'an installer for another platform is not offered');
    // Installed: eligible, no hint.
    fs.writeFileSync(path.join(bin, 'zz-tool'), '#!/bin/sh\n', { mode: 0o755 });
    assert.ok(!(await reasons('lacks', { PATH: bin })).some((r) => r.startsWith('Install:')));
  });
});

describe('OpenClaw profile: the façade', function () {
  if (!posix) return;
  let tmp: string;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'openclaw-facade-'));
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("maps OpenClaw outcomes onto the shared verdicts, with OpenClaw's missing lists and its three facts", async () => {
    const home = path.join(tmp, 'home');
    const root = path.join(home, '.openclaw', 'workspace', 'skills');
    const add = (folder: string, text: string) => {
      fs.mkdirSync(path.join(root, folder), { recursive: true });
      fs.writeFileSync(path.join(root, folder, 'SKILL.md'), text);
    };
    add('a-ok', skill('name: a-ok\ndescription: fine'));
    add('b-bins', skill('name: b-bins\ndescription: d\nmetadata: {"openclaw": {"requires": {"bins": ["zz-none"], "env": ["ZZ"]}}}'));
    add('c-manual', skill('name: c-manual\ndescription: d\ndisable-model-invocation: true'));
    add('d-off', skill('name: d-off\ndescription: d'));
    add('e-nodesc', skill('name: e-nodesc'));
    add('f-dup', skill('name: a-ok\ndescription: later twin'));
    fs.writeFileSync(path.join(home, '.openclaw', 'openclaw.json'), '{skills: {entries: {"d-off": {enabled: false}}}}');
    const report = await evaluateOpenClaw(root, ctxFor(home));
    const by = (id: string) => report.skills.find((s) => s.id === id);
    assert.equal(by('a-ok')?.verdict, 'loaded');
    assert.equal(by('a-ok')?.dir, path.join(root, 'f-dup'), 'the later folder wins the name');
    assert.deepEqual(by('b-bins')?.hiddenBy, ['bins', 'env']);
    assert.deepEqual(by('b-bins')?.missing, { bins: ['zz-none'], anyBins: [], env: ['ZZ'], config: [], os: [] });
    assert.equal(by('b-bins')?.reasons.length, 3);
    assert.match(by('b-bins')?.reasons[1] ?? '', /missing requirements \(bins: zz-none; env: ZZ\)/);
    assert.deepEqual(by('c-manual')?.hiddenBy, ['invocation']);
    assert.equal(by('d-off')?.verdict, 'skipped_disabled');
    assert.deepEqual(by('e-nodesc')?.hiddenBy, ['description']);
    assert.deepEqual(report.skills.find((s) => s.dir === path.join(root, 'a-ok'))?.hiddenBy, ['duplicate_name']);
    assert.match(report.index, /<location>~\/\.openclaw\/workspace\/skills\/f-dup\/SKILL\.md<\/location>/);
    assert.equal(runOpenClaw(root, ctxFor(home)).prompt.text, report.index);
    for (const f of report.findings) assert.match(f.code, /^openclaw-[a-z0-9-]+$/);
  });
});

describe('OpenClaw profile: roots other than the workspace', function () {
  if (!posix) return;
  let tmp: string;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'openclaw-roots-'));
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('merges managed, ~/.agents, bundled and extraDirs skills below the workspace, by name, first position kept', async () => {
    const home = path.join(tmp, 'home');
    const put = (dir: string, name: string, description: string) => {
      fs.mkdirSync(path.join(dir, name), { recursive: true });
      fs.writeFileSync(path.join(dir, name, 'SKILL.md'), skill(`name: ${name}\ndescription: ${description}`));
    };
    const root = path.join(home, '.openclaw', 'workspace', 'skills');
    put(path.join(home, '.openclaw', 'skills'), 'shared', 'managed copy');
    put(path.join(home, '.openclaw', 'skills'), 'managed-only', 'from managed');
    put(path.join(home, '.agents', 'skills'), 'personal', 'from ~/.agents');
    put(path.join(tmp, 'bundled'), 'bundled-one', 'from bundled');
    put(path.join(tmp, 'extra'), 'extra-one', 'from extraDirs');
    put(root, 'shared', 'workspace copy');
    fs.writeFileSync(
      path.join(home, '.openclaw', 'openclaw.json'),
      JSON.stringify({ skills: { load: { extraDirs: [path.join(tmp, 'extra')] }, allowBundled: ['nothing-else'] } }),
    );
    const run = runOpenClaw(root, ctxFor(home, { OPENCLAW_BUNDLED_SKILLS_DIR: path.join(tmp, 'bundled') }));
    assert.deepEqual(
      run.entries.map((e) => [e.entry.name, e.entry.source, e.inPrompt]),
      [
        ['extra-one', 'openclaw-extra', true],
        ['bundled-one', 'openclaw-bundled', false],
        ['managed-only', 'openclaw-managed', true],
        ['shared', 'openclaw-workspace', true],
        ['personal', 'agents-skills-personal', true],
      ],
    );
    assert.equal(run.entries.find((e) => e.entry.name === 'bundled-one')?.gate, 'allowBundled');
    assert.equal(run.status.skills.find((s) => s.name === 'bundled-one')?.blockedByAllowlist, true);
    const only = runOpenClaw(root, ctxFor(home), { otherRoots: false });
    assert.deepEqual(
      only.entries.map((e) => e.entry.name),
      ['shared'],
    );
    const report = await evaluateOpenClaw(root, ctxFor(home, { OPENCLAW_BUNDLED_SKILLS_DIR: path.join(tmp, 'bundled') }));
    assert.deepEqual(report.skills.find((s) => s.name === 'bundled-one')?.hiddenBy, ['allowlist']);
    assert.deepEqual(report.skills.find((s) => s.dir === path.join(home, '.openclaw', 'skills', 'shared'))?.hiddenBy, ['duplicate_name']);
  });
});

describe('OpenClaw profile: findings and their fixes', () => {
  const apply = (text: string, fix: { start: number; end: number; replacement: string }) => text.slice(0, fix.start) + fix.replacement + text.slice(fix.end);

  const cases: Array<[string, string, string]> = [
    ['os macos → darwin', skill('name: a\ndescription: d\nmetadata: {"openclaw": {"os": ["macos"]}}'), 'openclaw-os-value'],
    ['os Linux → linux (CRLF file)', skill('name: a\ndescription: d\nmetadata: {"openclaw": {"os": ["Linux"]}}').replace(/\n/g, '\r\n'), 'openclaw-os-value'],
    ['always "true" → true', skill('name: a\ndescription: d\nmetadata: {"openclaw": {"always": "true"}}'), 'openclaw-always-not-boolean'],
    ['requires.bin → bins', skill('name: a\ndescription: d\nmetadata: {"openclaw": {"requires": {"bin": ["jq"]}}}'), 'openclaw-requires-unknown-key'],
    ['clawdbot → openclaw', skill('name: a\ndescription: d\nmetadata: {"clawdbot": {"os": ["linux"]}}'), 'openclaw-metadata-wrong-key'],
    ['flow mapping → JSON', skill('name: a\ndescription: d\nmetadata: {openclaw: {requires: {bins: [jq]}}}'), 'openclaw-metadata-not-json5'],
    ['BOM removed', '\ufeff' + skill('name: a\ndescription: d'), 'openclaw-bom'],
    ['quote a value with `: `', skill('name: a\ndescription: Use when: asked'), 'openclaw-yaml-invalid'],
    ['key case', skill('name: a\ndescription: d\nDISABLE-MODEL-INVOCATION: true'), 'openclaw-key-case'],
  ];
  for (const [title, text, code] of cases) {
    it(`${title}: the fix removes the finding`, () => {
      const f = analyzeSkillText('/x/SKILL.md', text).find((x) => x.code === code);
      assert.ok(f, `no ${code} in ${JSON.stringify(analyzeSkillText('/x/SKILL.md', text).map((x) => x.code))}`);
      assert.ok(f.fix, 'a fix');
      const fixed = apply(text, f.fix);
      assert.equal(analyzeSkillText('/x/SKILL.md', fixed).filter((x) => x.code === code).length, 0, fixed);
    });
  }

  it('reports requirements in the wrong place, invalid install specs and missing descriptions without a fix', () => {
    const codes = (t: string) => analyzeSkillText('/x/SKILL.md', t).map((f) => f.code);
    assert.ok(codes(skill('name: a\ndescription: d\nrequires:\n  bins: [jq]')).includes('openclaw-requires-misplaced'));
    assert.ok(
      codes(skill('name: a\ndescription: d\nmetadata: {"openclaw": {"install": [{"kind": "apt", "package": "jq"}]}}')).includes('openclaw-install-invalid'),
    );
    assert.ok(codes(skill('name: a\ndescription: "  "')).includes('openclaw-no-description'));
    assert.deepEqual(codes(skill('name: a\ndescription: fine\nmetadata: {"openclaw": {"os": ["linux"], "requires": {"bins": ["jq"]}}}')), []);
  });
});
