// The OpenClaw releases between 2026.4.12 and 2026.9.6: one profile judges all 48, each rule switched by the
// first release that has it (versions.ts OPENCLAW_CHANGES). The release list and the change points are the
// bisector's data (test/conformance/openclaw-changes.json), held equal here. Each behaviour below is shown on
// both sides of its change point; the expected texts are what the releases themselves print for such trees
// (`npm run conformance -- --all-releases` runs them on the golden cases and generated trees).

import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openClawSandbox } from '../utils/openclaw';
import { runOpenClaw, type OpenClawRun, type OpenClawVersion } from '../../src/core/runtimes/openclaw';
import { has, OPENCLAW_CHANGES, OPENCLAW_VERSIONS, since } from '../../src/core/runtimes/openclaw/versions';
import { supportedVersionFor } from '../../src/core/runtimes/registry';

const REPO = path.resolve(__dirname, '..', '..', '..');
const temps: string[] = [];
after(() => {
  for (const t of temps) fs.rmSync(t, { recursive: true, force: true });
});

function run(files: Record<string, string>, version: OpenClawVersion, config: unknown = {}): OpenClawRun {
  const { home, root, env } = openClawSandbox(files, config, 'openclaw-rel-', temps);
  return runOpenClaw(root, { env, platform: 'linux', home, cwd: home }, { version });
}

const skillMd = (name: string, description: string): string => `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n`;
const listed = (r: OpenClawRun): string[] => r.prompt.skills.map((s) => s.name);

describe('OpenClaw releases: the versions and their change points', () => {
  const data = JSON.parse(fs.readFileSync(path.join(REPO, 'test', 'conformance', 'openclaw-changes.json'), 'utf8')) as {
    releases: string[];
    changes: Array<{ release: string }>;
  };

  it('emulates every stable release the bisector ran, in order', () => {
    assert.deepEqual([...OPENCLAW_VERSIONS], data.releases);
  });

  it('switches a rule at every change point the bisector found, and at no release it does not emulate', () => {
    const firsts = new Set<string>(Object.values(OPENCLAW_CHANGES).map((c) => c.since));
    for (const c of data.changes) assert.ok(firsts.has(c.release), `a change of the profile starts at ${c.release}`);
    for (const v of firsts) assert.ok((OPENCLAW_VERSIONS as readonly string[]).includes(v), `${v} is a release`);
  });

  it('docs/runtimes.md lists every change with its first release, as versions.ts has them', () => {
    const by = new Map<string, string[]>();
    for (const c of Object.values(OPENCLAW_CHANGES)) by.set(c.since, [...(by.get(c.since) ?? []), c.words]);
    const rows = [...by]
      .sort((a, b) => OPENCLAW_VERSIONS.indexOf(a[0] as OpenClawVersion) - OPENCLAW_VERSIONS.indexOf(b[0] as OpenClawVersion))
      .map(([v, words]) => `| ${v} | ${words.join('; ')} |`);
    const doc = fs.readFileSync(path.join(REPO, 'docs', 'runtimes.md'), 'utf8');
    assert.ok(doc.includes(['| first release | what changed |', '| --- | --- |', ...rows].join('\n')), 'regenerate the table of docs/runtimes.md');
  });

  it('compares releases by their place, and a release between two emulated ones is judged by the older', () => {
    assert.ok(since('2026.5.12', '2026.5.4'));
    assert.ok(!since('2026.5.4', '2026.5.12'));
    assert.ok(has('2026.6.6', 'prompt-version-hash') && !has('2026.6.5', 'prompt-version-hash'));
    assert.deepEqual(supportedVersionFor('openclaw', '2026.6.7'), { version: '2026.6.6', exact: false });
    assert.deepEqual(supportedVersionFor('openclaw', '2026.3.31'), { version: '2026.4.12', exact: false });
  });
});

describe('OpenClaw releases: each change on both sides of its first release', () => {
  const order = { 'a-zeta/SKILL.md': skillMd('zeta', 'Last by name.'), 'b-alpha/SKILL.md': skillMd('alpha', 'First by name.') };

  it('2026.4.15 lists by name; 2026.4.14 in folder order', () => {
    assert.deepEqual(listed(run(order, '2026.4.14')), ['zeta', 'alpha']);
    assert.deepEqual(listed(run(order, '2026.4.15')), ['alpha', 'zeta']);
  });

  it('2026.4.24 reads requirements under metadata.clawdbot', () => {
    const files = {
      'legacy/SKILL.md': '---\nname: legacy\ndescription: Old key.\nmetadata: {"clawdbot": {"requires": {"bins": ["no-such-tool-here"]}}}\n---\n',
    };
    assert.deepEqual(listed(run(files, '2026.4.23')), ['legacy']);
    assert.deepEqual(listed(run(files, '2026.4.24')), []);
  });

  it('2026.4.29: a root SKILL.md without description loads nothing; groups one level deep, from 2026.5.28 deeper', () => {
    const grouped = {
      'group/one/SKILL.md': skillMd('one', 'In a group.'),
      'group/deeper/two/SKILL.md': skillMd('two', 'Two levels down.'),
      'plain/SKILL.md': skillMd('plain', 'At the top.'),
    };
    assert.deepEqual(listed(run(grouped, '2026.4.27')), ['plain']);
    assert.deepEqual(listed(run(grouped, '2026.4.29')), ['one', 'plain']);
    assert.deepEqual(listed(run(grouped, '2026.5.28')), ['one', 'plain', 'two']);
    const rootWithout = { 'SKILL.md': '---\nname: root\n---\n', 'child/SKILL.md': skillMd('child', 'Below the root.') };
    assert.deepEqual(listed(run(rootWithout, '2026.4.27')), ['child']);
    assert.deepEqual(listed(run(rootWithout, '2026.4.29')), []);
  });

  it('the section: mandatory bullets, exact <location> from 2026.5.4, short from 2026.5.12, re-read line 2026.6.6–7.35', () => {
    const one = { 'a/SKILL.md': skillMd('a', 'A skill.') };
    const head = (v: OpenClawVersion): string => run(one, v).systemPromptSection.split('\n').slice(0, 3).join('\n');
    assert.match(
      head('2026.5.3'),
      /^## Skills \(mandatory\)\n.*\n- If exactly one skill clearly applies: read its SKILL.md at <location> with `read`, then follow it\.$/,
    );
    assert.match(head('2026.5.4'), /then follow it\. You MUST use the exact <location> value from <available_skills>; never guess/);
    assert.match(head('2026.5.12'), /^## Skills\nScan <available_skills>\. If one clearly applies, read its SKILL\.md at exact <location>/);
    assert.match(head('2026.6.6'), /\nIf a skill's <version> differs from a previous turn, re-read that skill before using it\.$/);
    assert.match(head('2026.8.1'), /^## Skills\nScan <available_skills>\. Clear match: read exact <location> with `read`; obey\./);
  });

  it('2026.6.6–7.35 give each entry a <version> hash of its SKILL.md; 2026.8.1 drops it', () => {
    const text = skillMd('a', 'A skill.');
    const files = { 'a/SKILL.md': text };
    const hash = `sha256:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
    for (const v of ['2026.6.6', '2026.7.35'] as const) {
      const prompt = run(files, v).prompt.text;
      assert.match(prompt, new RegExp(`</location>\\n    <version>${hash}</version>\\n  </skill>`), v);
      assert.match(prompt, /\nIf a skill's <version> differs from a previous turn, re-read its SKILL\.md before using it\.\n/, v);
    }
    for (const v of ['2026.6.5', '2026.8.1'] as const) assert.doesNotMatch(run(files, v).prompt.text, /<version>/, v);
  });

  it('the catalog’s loading line names the read tool up to 2026.9.1 and the listed location from 2026.9.2', () => {
    const files = { 'a/SKILL.md': skillMd('a', 'A skill.') };
    assert.match(run(files, '2026.9.1').prompt.text, /\nUse the read tool to load a skill's file when the task matches its description\.\n/);
    assert.match(run(files, '2026.9.2').prompt.text, /\nRead a skill's file at its listed location when the task matches its description\.\n/);
  });

  it('a BOM hides the frontmatter up to 2026.5.27; a `----` line closes it up to 2026.6.34; a repeated key drops the skill from 2026.8.1', () => {
    const bom = { 'bom/SKILL.md': '\uFEFF' + skillMd('bom', 'Saved with a BOM.') };
    assert.deepEqual(listed(run(bom, '2026.5.27')), []);
    assert.deepEqual(listed(run(bom, '2026.5.28')), ['bom']);
    const dashes = { 'dashes/SKILL.md': '---\nname: dashes\ndescription: Four dashes close it.\n----\n# body\n' };
    assert.deepEqual(listed(run(dashes, '2026.6.34')), ['dashes']);
    assert.deepEqual(listed(run(dashes, '2026.6.35')), []);
    const twice = { 'twice/SKILL.md': '---\nname: twice\ndescription: First.\ndescription: Second.\n---\n' };
    assert.deepEqual(listed(run(twice, '2026.7.35')), ['twice']);
    assert.deepEqual(listed(run(twice, '2026.8.1')), []);
  });

  it('2026.8.1 repairs an unquoted `: ` in description only; 2026.8.2 in read_when too', () => {
    const files = { 'colon/SKILL.md': '---\nname: colon\ndescription: Plain text.\nread_when: Use when: asked\n---\n' };
    assert.deepEqual(listed(run(files, '2026.8.1')), []);
    assert.deepEqual(listed(run(files, '2026.8.2')), ['colon']);
  });

  it('each release refuses an openclaw.json with its own schema (test/conformance/cases r01–r03)', () => {
    const refused = (config: unknown, v: OpenClawVersion): string[] => run({ 'a/SKILL.md': skillMd('a', 'A skill.') }, v, config).config.refused ?? [];
    assert.deepEqual(refused({ nonsense: 1 }, '2026.4.12'), ['<root>: Unrecognized key: "nonsense"']);
    assert.deepEqual(refused({ nonsense: 1 }, '2026.5.18'), ['<root>: Invalid input']);
    assert.deepEqual(refused({ tui: {} }, '2026.6.5'), ['<root>: Invalid input'], 'tui is a key from 2026.6.6');
    assert.deepEqual(refused({ tui: {} }, '2026.6.6'), []);
    assert.deepEqual(refused({ env: { APP_REGION: 'eu' } }, '2026.7.35'), [], 'a plain variable under env is one up to 2026.7.35');
    assert.deepEqual(refused({ env: { APP_REGION: 'eu' } }, '2026.8.1'), ['env: Unrecognized key: "APP_REGION"']);
    assert.deepEqual(refused({ agents: { entries: { main: {} } } }, '2026.4.12'), ['agents: Unrecognized key: "entries"']);
    assert.deepEqual(refused({ skills: { load: { watchDebounceMs: 200 } } }, '2026.7.35'), []);
    assert.deepEqual(refused({ skills: { load: { watchDebounceMs: 200 } } }, '2026.8.1'), ['skills.load: Unrecognized key: "watchDebounceMs"']);
    assert.deepEqual(listed(run({ 'a/SKILL.md': skillMd('a', 'A skill.') }, '2026.4.12', { nonsense: 1 })), [], 'a refused config lists nothing');
  });

  it('`os` is compared case-insensitively in the status from 2026.5.22', () => {
    const files = { 'cased/SKILL.md': '---\nname: cased\ndescription: Linux only.\nmetadata: {"openclaw": {"os": ["Linux"]}}\n---\n' };
    const missingOs = (v: OpenClawVersion): string[] => run(files, v).status.skills[0]?.missing.os ?? [];
    assert.deepEqual(missingOs('2026.5.20'), ['Linux']);
    assert.deepEqual(missingOs('2026.5.22'), []);
  });
});
