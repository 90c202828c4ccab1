// OpenClaw 2026.9.6's reading, eligibility and config rules, one test per rule, on small temporary trees.
// Every expected value was observed running the release itself (openclaw@2026.9.6 from the npm registry, under
// Node 24): its own `parseFrontmatterBlockResult` / `parseSkillFrontmatter` / `resolveSkillManifestMetadata`
// and `loadSingleSkillDirectory` imported unmodified from its dist/, and its CLI (`openclaw skills check|list
// --json`) for the config and status cases (the golden cases named ran through it with their set-up). Three
// rules were read in its code rather than run: the sha256 and empty-skillKey rules (frontmatter-2H_F0IFB.mjs
// `parseInstallSpec`, `resolveSkillManifestMetadata`), the secret-input rule (types.secrets-*.mjs
// `hasConfiguredSecretInput`) and the PATH bootstrap lists (each release's path-env chunk,
// `ensureOpenClawCliOnPath`). 2026.4.12 is checked alongside where the rule differs, so both stay pinned.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runOpenClaw } from '../../src/core/runtimes/openclaw';
import { ensureOpenClawCliOnPath } from '../../src/core/runtimes/openclaw/clipath';
import { loadOpenClawConfig } from '../../src/core/runtimes/openclaw/config';
import { hasConfiguredSecretInput, normalizeOsRequirementPlatform } from '../../src/core/runtimes/openclaw/eligibility';
import { parseFrontmatter, parseFrontmatterDetailed, parseSkillFrontmatter } from '../../src/core/runtimes/openclaw/frontmatter';
import { resolveOpenClawMetadata } from '../../src/core/runtimes/openclaw/metadata';
import { loadSkillFile96 } from '../../src/core/runtimes/openclaw/read';

const V = '2026.9.6' as const;

function tmpdir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'oc96-read-'));
}

function skillFile(dir: string, name: string, text: string): string {
  const d = path.join(dir, name);
  fs.mkdirSync(d, { recursive: true });
  fs.writeFileSync(path.join(d, 'SKILL.md'), text);
  return d;
}

function load(skillDir: string, maxBytes = 256_000, home = '/nonexistent-home') {
  return loadSkillFile96({ skillDir, maxBytes, rejectHardlinks: true, home, parse: (t) => parseSkillFrontmatter(t, V) });
}

describe('OpenClaw 2026.9.6 frontmatter (parseFrontmatterBlockResult / parseSkillFrontmatter)', () => {
  it('strips a BOM (2026.4.12 did not: no frontmatter)', () => {
    const text = '\ufeff---\nname: b\ndescription: with bom\n---\n';
    assert.deepEqual(parseSkillFrontmatter(text, V), { name: 'b', description: 'with bom' });
    assert.deepEqual(parseFrontmatter(text), {});
  });

  it('repairs an unquoted `: ` in the description, so block metadata after it is read', () => {
    const text = '---\nname: c\ndescription: Use this: for things\nmetadata:\n  openclaw:\n    requires:\n      bins: [pandoc]\n---\n';
    const fm = parseSkillFrontmatter(text, V);
    assert.deepEqual(fm, { name: 'c', description: 'Use this: for things', metadata: '{"openclaw":{"requires":{"bins":["pandoc"]}}}' });
    assert.deepEqual(resolveOpenClawMetadata(fm, V)?.requires, { bins: ['pandoc'], anyBins: [], env: [], config: [] });
    assert.deepEqual(parseFrontmatterDetailed(text, V).repaired, ['description']);
    // 2026.4.12: the line reader alone, block metadata lost.
    assert.equal(resolveOpenClawMetadata(parseFrontmatter(text)), undefined);
  });

  it('a closing `----` line closes nothing: UNTERMINATED_FRONTMATTER', () => {
    assert.throws(() => parseSkillFrontmatter('---\nname: d\ndescription: ok\n----\n', V), {
      message: 'invalid frontmatter: UNTERMINATED_FRONTMATTER: missing closing --- delimiter',
    });
  });

  it('any other YAML error is an issue that drops the skill (no line-reader fall-back)', () => {
    assert.throws(() => parseSkillFrontmatter('---\nname: e\ndescription: ok\nfoo: [a\n---\n', V), {
      message: 'invalid frontmatter: BAD_INDENT: Flow sequence in block collection must be sufficiently indented and end with a ]',
    });
    assert.throws(() => parseSkillFrontmatter('---\nname: f\ndescription: x\nname: g\n---\n', V), {
      message: 'invalid frontmatter: DUPLICATE_KEY: Map keys must be unique',
    });
    // The values are still there for other readers (parseFrontmatterBlock), the line reader's.
    assert.deepEqual(parseFrontmatter('---\nname: f\ndescription: x\nname: g\n---\n', V), { name: 'g', description: 'x' });
    // 2026.4.12 never fails.
    assert.equal(parseSkillFrontmatter('---\nname: f\ndescription: x\nname: g\n---\n').name, 'g');
  });

  it('delimiters may carry trailing blanks; a quoted description with more `: ` stays text', () => {
    assert.deepEqual(parseSkillFrontmatter('---  \nname: i\ndescription: x\n---   \n', V), { name: 'i', description: 'x' });
    assert.deepEqual(parseSkillFrontmatter('---\nname: j\ndescription: "a: b" c: d\n---\n', V), { name: 'j', description: '"a: b" c: d' });
    assert.deepEqual(parseSkillFrontmatter('---\nname: k\nsummary: a: b\ndescription: ok\n---\n', V), { name: 'k', summary: 'a: b', description: 'ok' });
  });
});

describe('OpenClaw 2026.9.6 metadata (resolveSkillManifestMetadata)', () => {
  it('reads legacy metadata.clawdbot again (2026.4.12 did not); clawdis stays ignored', () => {
    const fm = { metadata: '{"clawdbot": {"requires": {"bins": ["zz"]}}}' };
    assert.deepEqual(resolveOpenClawMetadata(fm, V), { requires: { bins: ['zz'], anyBins: [], env: [], config: [] } });
    assert.equal(resolveOpenClawMetadata(fm), undefined);
    assert.equal(resolveOpenClawMetadata({ metadata: '{"clawdis": {"requires": {"bins": ["zz"]}}}' }, V), undefined);
  });

  it('drops a download installer whose sha256 is not 64 hex digits; an empty skillKey is none', () => {
    const spec = (sha: unknown) => JSON.stringify({ openclaw: { install: [{ kind: 'download', url: 'https://x.test/a.tgz', sha256: sha }] } });
    assert.equal(resolveOpenClawMetadata({ metadata: spec('abc') }, V)?.install, undefined);
    assert.equal(resolveOpenClawMetadata({ metadata: spec('A'.repeat(64)) }, V)?.install?.[0]?.sha256, 'a'.repeat(64));
    assert.equal(resolveOpenClawMetadata({ metadata: '{"openclaw": {"skillKey": ""}}' }, V)?.skillKey, undefined);
    assert.equal(resolveOpenClawMetadata({ metadata: '{"openclaw": {"skillKey": ""}}' })?.skillKey, '');
  });
});

describe('OpenClaw 2026.9.6 reading a SKILL.md (loadSingleSkillDirectory)', () => {
  const ok = '---\nname: ok\ndescription: ok\n---\n';

  it('reads a SKILL.md symlinked inside its own folder, refuses one resolving outside it', () => {
    const tmp = tmpdir();
    const inlink = path.join(tmp, 'inlink');
    fs.mkdirSync(inlink);
    fs.writeFileSync(path.join(inlink, 'real.md'), '---\nname: t\ndescription: target\n---\n');
    fs.symlinkSync('real.md', path.join(inlink, 'SKILL.md'));
    const read = load(inlink);
    assert.ok(read.ok);
    assert.equal(read.frontmatter.description, 'target');

    skillFile(tmp, 'ok', ok);
    const outlink = path.join(tmp, 'outlink');
    fs.mkdirSync(outlink);
    fs.symlinkSync('../ok/SKILL.md', path.join(outlink, 'SKILL.md'));
    const out = load(outlink);
    assert.ok(!out.ok);
    assert.equal(out.diagnostic?.message, `Symlink escapes skill root (${fs.realpathSync(outlink)}): ${path.join(outlink, 'SKILL.md')}`);
  });

  it('refuses a hard-linked SKILL.md, a FIFO or folder named SKILL.md, a file over the cap; a dangling link is silent', () => {
    const tmp = tmpdir();
    const hard = skillFile(tmp, 'hard', ok);
    fs.linkSync(path.join(hard, 'SKILL.md'), path.join(hard, 'other.md'));
    assert.deepEqual(load(hard), { ok: false, reason: 'hardlink', diagnostic: { path: path.join(hard, 'SKILL.md'), message: 'path must not be hardlinked' } });
    // A bundled root allows hard links (shouldRejectHardlinkedPluginFiles).
    assert.ok(loadSkillFile96({ skillDir: hard, maxBytes: 1000, rejectHardlinks: false, home: '', parse: (t) => parseSkillFrontmatter(t, V) }).ok);

    const dirmd = path.join(tmp, 'dirmd');
    fs.mkdirSync(path.join(dirmd, 'SKILL.md'), { recursive: true });
    assert.equal((load(dirmd) as { diagnostic: { message: string } }).diagnostic.message, 'path does not have the required file type');

    const big = skillFile(tmp, 'big', ok + 'a'.repeat(300));
    assert.equal((load(big, 200) as { diagnostic: { message: string } }).diagnostic.message, 'File exceeds 200 bytes');

    const dangling = path.join(tmp, 'dangling');
    fs.mkdirSync(dangling);
    fs.symlinkSync('nothere.md', path.join(dangling, 'SKILL.md'));
    assert.deepEqual(load(dangling), { ok: false, reason: 'path', diagnostic: null });

    const loop = path.join(tmp, 'loop');
    fs.mkdirSync(loop);
    fs.symlinkSync('SKILL.md', path.join(loop, 'SKILL.md'));
    assert.equal((load(loop) as { diagnostic: { message: string } }).diagnostic.message, 'symlink path could not be resolved');
  });

  it('an empty SKILL.md or one without description: "description is required"', () => {
    const tmp = tmpdir();
    assert.equal((load(skillFile(tmp, 'empty', '')) as { diagnostic: { message: string } }).diagnostic.message, 'description is required');
    assert.equal((load(skillFile(tmp, 'nd', '---\nname: nd\n---\n')) as { diagnostic: { message: string } }).diagnostic.message, 'description is required');
    const blank = load(skillFile(tmp, 'blankname', '---\nname: " "\ndescription: d\n---\n'));
    assert.ok(blank.ok);
  });

  it('a run logs "Skipping invalid skill." with the reason, as the CLI prints it', () => {
    const tmp = tmpdir();
    const home = path.join(tmp, 'home');
    const root = path.join(home, '.openclaw', 'workspace', 'skills');
    skillFile(root, 'bom', '\ufeff---\nname: bom\ndescription: with bom\n---\n');
    skillFile(root, 'unclosed', '---\nname: unclosed\ndescription: d\n');
    const env = { HOME: home, PATH: path.join(tmp, 'bin') };
    const run = runOpenClaw(root, { env, platform: 'linux', home, cwd: tmp }, { version: V, cliPath: false });
    assert.deepEqual(
      run.status.skills.map((s) => s.name),
      ['bom'],
    );
    const warn = run.logs.find((l) => l.message === 'Skipping invalid skill.');
    assert.equal(
      warn?.meta?.consoleMessage,
      'Skipping invalid skill: file=~/.openclaw/workspace/skills/unclosed/SKILL.md error=invalid frontmatter: UNTERMINATED_FRONTMATTER: missing closing --- delimiter',
    );
    // 2026.4.12 drops the BOM skill and says nothing.
    const old = runOpenClaw(root, { env, platform: 'linux', home, cwd: tmp }, { version: '2026.4.12', cliPath: false });
    assert.deepEqual(old.status.skills, []);
    assert.equal(old.logs.length, 0);
  });
});

describe('OpenClaw 2026.9.6 eligibility', () => {
  function runWith(meta: string, env: Record<string, string>, config: unknown = {}) {
    const tmp = tmpdir();
    const home = path.join(tmp, 'home');
    const root = path.join(home, '.openclaw', 'workspace', 'skills');
    skillFile(root, 's', `---\nname: s\ndescription: d\nmetadata: ${meta}\n---\n`);
    fs.writeFileSync(path.join(home, '.openclaw', 'openclaw.json'), JSON.stringify(config));
    const ctx = { env: { HOME: home, PATH: path.join(tmp, 'bin'), ...env }, platform: 'linux' as const, home, cwd: tmp };
    return { v96: runOpenClaw(root, ctx, { version: V, cliPath: false }), v412: runOpenClaw(root, ctx, { version: '2026.4.12', cliPath: false }) };
  }

  it('an env value of one space is missing (golden a16 under 2026.9.6); 2026.4.12 counted it', () => {
    const { v96, v412 } = runWith('{"openclaw": {"requires": {"env": ["SPACE_SECRET"]}}}', { SPACE_SECRET: ' ' });
    assert.deepEqual(v96.status.skills[0]?.missing.env, ['SPACE_SECRET']);
    assert.equal(v96.entries[0]?.gate, 'env');
    assert.equal(v412.status.skills[0]?.eligible, true);
  });

  it('skills.entries env and apiKey are trimmed too; a SecretRef counts', () => {
    const cfg = (apiKey: unknown) => ({ skills: { entries: { s: { apiKey } } } });
    const meta = '{"openclaw": {"primaryEnv": "KEY", "requires": {"env": ["KEY"]}}}';
    assert.equal(runWith(meta, {}, cfg('  ')).v96.status.skills[0]?.eligible, false);
    assert.equal(runWith(meta, {}, cfg({ source: 'env', provider: 'default', id: 'K' })).v96.status.skills[0]?.eligible, true);
    assert.equal(hasConfiguredSecretInput({ source: 'env', id: 'K' }), true, 'legacy ref without provider');
    assert.equal(hasConfiguredSecretInput({ source: 'web', provider: 'p', id: 'K' }), false);
  });

  it('status compares os lower-cased with macos → darwin; the prompt builder still compares exactly (golden a24)', () => {
    assert.equal(normalizeOsRequirementPlatform(' MacOS '), 'darwin');
    const { v96 } = runWith('{"openclaw": {"os": ["Linux"]}}', {});
    assert.equal(v96.status.skills[0]?.eligible, true);
    assert.equal(v96.entries[0]?.gate, 'os');
  });

  it('always no longer overrides os in the status (golden a26: always-mac is not eligible, missing.os [darwin])', () => {
    const { v96, v412 } = runWith('{"openclaw": {"always": true, "os": ["darwin"]}}', {});
    assert.deepEqual(v96.status.skills[0]?.missing.os, ['darwin']);
    assert.equal(v96.status.skills[0]?.eligible, false);
    assert.equal(v412.status.skills[0]?.eligible, true);
  });
});

describe('OpenClaw 2026.9.6 config (schema validation, roster migration)', () => {
  function configLoad(config: string) {
    const tmp = tmpdir();
    fs.mkdirSync(path.join(tmp, '.openclaw'));
    const file = path.join(tmp, '.openclaw', 'openclaw.json');
    fs.writeFileSync(file, config);
    return { file, load: loadOpenClawConfig({ env: { HOME: tmp }, home: tmp, cwd: tmp, version: V }) };
  }

  it('refuses plain keys under env, in its words (the CLI exits 1, lists nothing)', () => {
    const { file, load } = configLoad('{env: {FOO: "bar"}}');
    assert.deepEqual(load.refused, ['env: Unrecognized key: "FOO"']);
    assert.equal(load.error, `Invalid config at ${file}:\n- env: Unrecognized key: "FOO"`);
    assert.deepEqual(configLoad('{env: {A: "1", B: "2"}}').load.refused, ['env: Unrecognized keys: "A", "B"']);
    assert.deepEqual(configLoad('{env: {vars: {X: 1}}}').load.refused, ['env.vars.X: Invalid input: expected string, received number']);
    assert.equal(configLoad('{env: {vars: {X: "1"}}}').load.refused, undefined);
    // 2026.4.12's loadConfig exported them (golden a19).
    const tmp = tmpdir();
    fs.mkdirSync(path.join(tmp, '.openclaw'));
    fs.writeFileSync(path.join(tmp, '.openclaw', 'openclaw.json'), '{env: {FOO: "bar"}}');
    const env: Record<string, string> = { HOME: tmp };
    loadOpenClawConfig({ env, home: tmp, cwd: tmp });
    assert.equal(env.FOO, 'bar');
  });

  it('refuses unknown root keys, a non-object root and bad skills values', () => {
    assert.deepEqual(configLoad('{foo: 1, bar: 2}').load.refused, ['<root>: Unrecognized keys: "foo", "bar"']);
    assert.deepEqual(configLoad('[]').load.refused, ['<root>: Invalid input: expected object, received array']);
    assert.deepEqual(configLoad('{skills: {limits: {maxSkillsInPrompt: -1}}}').load.refused, [
      'skills.limits.maxSkillsInPrompt: Too small: expected number to be >=0 (minimum: 0)',
    ]);
    assert.deepEqual(configLoad('{skills: {entries: {x: {enabled: "no"}}}}').load.refused, [
      'skills.entries.x.enabled: Invalid input: expected boolean, received string (allowed: true, false)',
    ]);
    assert.deepEqual(configLoad('{skills: {entries: {x: {bogus: 1}}}}').load.refused, ['skills.entries.x: Unrecognized key: "bogus"']);
    assert.deepEqual(configLoad('{env: {FOO: "x"}, skills: {bogus: 1}}').load.refused, ['env: Unrecognized key: "FOO"', 'skills: Unrecognized key: "bogus"']);
  });

  it('moves agents.list to the keyed agents.entries; without agents, entries.main is added', () => {
    const { load } = configLoad('{agents: {list: [{id: "main", skills: ["x"]}]}}');
    assert.deepEqual(load.migrations, ['Moved agents.list to keyed agents.entries.']);
    assert.deepEqual(load.config.agents.entries, { main: { skills: ['x'] } });
    assert.equal(load.config.agents.list, undefined);
    assert.deepEqual(configLoad('{}').load.config.agents.entries, { main: {} });
  });

  it('a refused config: a run lists nothing and says why', () => {
    const tmp = tmpdir();
    const home = path.join(tmp, 'home');
    const root = path.join(home, '.openclaw', 'workspace', 'skills');
    skillFile(root, 's', '---\nname: s\ndescription: d\n---\n');
    fs.writeFileSync(path.join(home, '.openclaw', 'openclaw.json'), '{env: {FOO: "bar"}}');
    const run = runOpenClaw(root, { env: { HOME: home, PATH: '' }, platform: 'linux', home, cwd: tmp }, { version: V, cliPath: false });
    assert.deepEqual(run.status.skills, []);
    assert.equal(run.prompt.text, '');
    assert.deepEqual(run.config.refused, ['env: Unrecognized key: "FOO"']);
  });
});

describe('OpenClaw CLI PATH bootstrap (ensureOpenClawCliOnPath), both releases', () => {
  it('prepends node’s folder, /usr/bin, /bin and appends the existing tool folders, in each release’s order', () => {
    const tmp = tmpdir();
    const home = path.join(tmp, 'home');
    for (const d of ['.local/bin', '.npm-global/bin', '.bun/bin']) fs.mkdirSync(path.join(home, d), { recursive: true });
    const nodeDir = path.join(tmp, 'node-bin');
    fs.mkdirSync(nodeDir);
    const usrBin = fs.existsSync('/usr/bin') ? ['/usr/bin'] : [];
    const bin = fs.existsSync('/bin') ? ['/bin'] : [];
    const local = fs.existsSync('/usr/local/bin') ? ['/usr/local/bin'] : [];
    const run = (version: '2026.4.12' | '2026.9.6') => {
      const env: Record<string, string | undefined> = { PATH: '/custom' };
      ensureOpenClawCliOnPath({ version, env, home, cwd: tmp, platform: 'linux', nodeDir });
      return env;
    };
    const v412 = run('2026.4.12');
    assert.equal(v412.PATH, [nodeDir, ...usrBin, ...bin, '/custom', ...local, path.join(home, '.local/bin'), path.join(home, '.bun/bin')].join(':'));
    assert.equal(v412.OPENCLAW_PATH_BOOTSTRAPPED, '1');
    // 2026.9.6 adds ~/.npm-global/bin, and keeps a folder already on PATH even when it does not exist.
    assert.equal(
      run('2026.9.6').PATH,
      [nodeDir, ...usrBin, ...bin, '/custom', ...local, path.join(home, '.local/bin'), path.join(home, '.npm-global/bin'), path.join(home, '.bun/bin')].join(
        ':',
      ),
    );
    const again: Record<string, string | undefined> = { PATH: '/custom', OPENCLAW_PATH_BOOTSTRAPPED: '1' };
    ensureOpenClawCliOnPath({ version: V, env: again, home, cwd: tmp, platform: 'linux' });
    assert.equal(again.PATH, '/custom');
  });

  it('a run finds a binary of /usr/bin through the bootstrap unless cliPath is false', function () {
    if (!fs.existsSync('/bin/sh')) this.skip();
    const tmp = tmpdir();
    const home = path.join(tmp, 'home');
    const root = path.join(home, '.openclaw', 'workspace', 'skills');
    skillFile(root, 's', '---\nname: s\ndescription: d\nmetadata: {"openclaw": {"requires": {"bins": ["sh"]}}}\n---\n');
    const ctx = { env: { HOME: home, PATH: path.join(tmp, 'empty') }, platform: 'linux' as const, home, cwd: tmp };
    assert.equal(runOpenClaw(root, ctx, { version: V }).status.skills[0]?.eligible, true);
    assert.equal(runOpenClaw(root, ctx, { version: V, cliPath: false }).status.skills[0]?.eligible, false);
  });
});
