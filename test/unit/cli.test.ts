// The CLI contract, through the built `dist/cli.js` in a real child process.
import { strict as assert } from 'node:assert';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Entry } from '../../src/core/check/entry';
import { writeCheckJson } from '../../src/cli/format';
import { cliSync } from '../utils/cli';
import { writeUnder } from '../utils/fs';

let tmp: string;
let binDir: string;

function run(args: string[], opts: { cwd?: string; input?: string; env?: Record<string, string> } = {}) {
  return cliSync(args, {
    cwd: opts.cwd ?? tmp,
    input: opts.input ?? '',
    env: { PATH: `${binDir}${path.delimiter}/usr/bin${path.delimiter}/bin`, HOME: tmp, ...opts.env },
  });
}

function put(rel: string, text: string): void {
  writeUnder(tmp, rel, text);
}

const noStack = (s: string): void => assert.doesNotMatch(s, /\n\s+at .+\(.+:\d+:\d+\)/);

before(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'skill-author-cli-'));
  binDir = path.join(tmp, 'bin');
  mkdirSync(binDir);
  writeFileSync(path.join(binDir, 'tool'), '#!/bin/sh\necho "tool 1.4.2"\n');
  chmodSync(path.join(binDir, 'tool'), 0o755);
  put(
    'good/skills/alpha/SKILL.md',
    '---\nname: alpha\ndescription: Alpha skill.\nrequires:\n  bins: [tool]\n  bin_versions:\n    tool: ">=1.0, <2"\n---\nBody of alpha.\n',
  );
  put('good/skills/tools/beta/SKILL.md', '---\nname: beta\ndescription: Beta skill.\nrequires:\n  env: [BETA_KEY]\n  mode: warn\n---\nBody of beta.\n');
  put('good/skills/tools/DESCRIPTION.md', '---\ndescription: Handy tools\n---\n');
  put('bad/skills/broken/SKILL.md', '---\nname: broken\ndescription: Use when: things break\n---\nBody.\n');
  // nexo-rs refuses an agents file whose agents lack `model: {provider, model}` (RULES §11).
  put(
    'good/agents.yaml',
    'agents:\n  - id: kate\n    model: {provider: p, model: m}\n    skills: [beta, gone, alpha]\n    skills_dir: skills/tools\n  - id: flat\n    model: {provider: p, model: m}\n    skills: [alpha]\n    skills_dir: skills\n    skill_overrides:\n      alpha: disable\n',
  );
});

after(() => rmSync(tmp, { recursive: true, force: true }));

describe('cli: check', () => {
  it('prints a table and exits 0 when there are no errors', () => {
    const r = run(['check', 'good/skills']);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /alpha\s+general\s+nexo\s+loaded/);
    assert.match(r.out, /beta\s+tools\s+nexo\s+loaded \+ banner\s+env: BETA_KEY/);
    assert.match(r.out, /2 skills: 1 loaded, 1 loaded with a warning or needing setup, 0 not shown to the model by some runtime/);
    assert.doesNotMatch(r.out, /\u001b\[/, 'no colour when not a terminal');
  });

  it('--json has the documented shape', () => {
    const r = run(['check', 'good/skills', '--json'], { env: { BETA_KEY: 'set' } });
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out) as { version: number; skills: Array<Record<string, unknown>> };
    assert.equal(j.version, 2);
    assert.deepEqual(Object.keys(j.skills[0]!), [
      'id',
      'name',
      'path',
      'category',
      'runtime',
      'runtime_version',
      'verdict',
      'color',
      'missing',
      'mode',
      'diagnostics',
      'runtimes',
    ]);
    assert.deepEqual(j.skills[0]!['runtimes'], [
      {
        runtime: 'nexo',
        runtime_version: 'eec3f33',
        verdict: 'loaded',
        color: 'green',
        missing: { bins: [], env: [], versions: [] },
        reasons: ['Loaded: every requirement is met.'],
        applies_because: 'it declares `requires`, which nexo-rs reads',
      },
    ]);
    assert.deepEqual(
      j.skills.map((s) => [s['id'], s['category'], s['verdict'], s['color']]),
      [
        ['alpha', 'general', 'loaded', 'green'],
        ['beta', 'tools', 'loaded', 'green'],
      ],
    );
  });

  it('exits 1 with error diagnostics, naming file and line', () => {
    const r = run(['check', 'bad']);
    assert.equal(r.code, 1);
    assert.match(r.out, /bad\/skills\/broken\/SKILL\.md:3:\d+ error yaml-syntax/);
    const j = JSON.parse(run(['check', 'bad', '--json']).out) as { skills: Array<{ diagnostics: Array<{ code: string; line: number; severity: string }> }> };
    // nexo-rs's own finding only where nexo-rs applies: not to a skill that declares nothing of nexo-rs's.
    assert.ok(!j.skills[0]!.diagnostics.some((d) => d.code === 'requirements-ignored'));
    const nexo = JSON.parse(run(['check', 'bad', '--json', '--runtime', 'nexo']).out) as typeof j;
    assert.ok(nexo.skills[0]!.diagnostics.some((d) => d.code === 'requirements-ignored' && d.severity === 'error'));
  });

  it('exits 1 when no SKILL.md is found, saying so', () => {
    mkdirSync(path.join(tmp, 'empty'), { recursive: true });
    const r = run(['check', 'empty']);
    assert.equal(r.code, 1);
    assert.match(r.err, /no SKILL\.md found/);
  });

  it('exits 2 on usage errors and missing paths, with one line and no stack', () => {
    for (const args of [['check', 'nope/nothing'], ['check', '--bogus'], ['frobnicate'], ['index', '--format', 'yaml'], ['banner']]) {
      const r = run(args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
      assert.match(r.err, /^skill-author: .+\n$/);
      noStack(r.err);
    }
    assert.equal(run(['check', 'nope/nothing']).err, 'skill-author: path does not exist: nope/nothing\n');
  });

  it("--agent lists the agent's skills in order, missing ones as not_found, overrides applied", () => {
    const r = run(['check', '--agent', 'kate', '--agents-file', 'good/agents.yaml', '--json']);
    const j = JSON.parse(r.out) as { skills: Array<{ id: string; verdict: string }> };
    assert.deepEqual(
      j.skills.map((s) => [s.id, s.verdict]),
      [
        ['beta', 'loaded_with_banner'],
        ['gone', 'not_found'],
        ['alpha', 'not_found'],
      ],
    );
    const flat = JSON.parse(run(['check', 'good', '--agent', 'flat', '--json']).out) as { skills: Array<{ id: string; verdict: string; mode: string }> };
    assert.deepEqual(
      flat.skills.map((s) => [s.id, s.verdict, s.mode]),
      [['alpha', 'skipped_disabled', 'disable']],
    );
    assert.equal(run(['check', '--agent', 'nobody', '--agents-file', 'good/agents.yaml']).code, 2);
  });

  it('--no-probe spawns nothing and reports versions as unknown', () => {
    writeFileSync(path.join(binDir, 'marker'), `#!/bin/sh\ntouch "${path.join(tmp, 'spawned')}"\necho 9.9.9\n`);
    chmodSync(path.join(binDir, 'marker'), 0o755);
    put('np/skills/m/SKILL.md', '---\nname: m\ndescription: M.\nrequires:\n  bin_versions:\n    marker: "<1"\n---\nBody.\n');
    const j = JSON.parse(run(['check', 'np', '--no-probe', '--json']).out) as {
      skills: Array<{ verdict: string; missing: { versions: Array<{ reason: string }> } }>;
    };
    assert.equal(j.skills[0]!.verdict, 'loaded');
    assert.equal(j.skills[0]!.missing.versions[0]!.reason, 'not_probed');
    assert.throws(() => readFileSync(path.join(tmp, 'spawned')));
    const probed = JSON.parse(run(['check', 'np', '--json']).out) as { skills: Array<{ verdict: string; hidden_by: string[] }> };
    assert.deepEqual([probed.skills[0]!.verdict, probed.skills[0]!.hidden_by], ['hidden', ['versions']]);
    readFileSync(path.join(tmp, 'spawned'));
  });
});

describe('cli: banner and index', () => {
  it('banner prints the exact banner, or nothing', () => {
    const r = run(['banner', 'good/skills/tools/beta']);
    assert.equal(r.code, 0);
    assert.equal(r.out, '> ⚠️ MISSING DEPS for skill `beta`:\n>   - env unset: BETA_KEY\n> Calls into this skill may fail.\n');
    assert.equal(run(['banner', 'good/skills/alpha/SKILL.md']).out, '');
    assert.equal(
      run(['banner', 'good/skills/tools/beta', '--render']).out,
      '> ⚠️ MISSING DEPS for skill `beta`:\n>   - env unset: BETA_KEY\n> Calls into this skill may fail.\n\nBody of beta.\n',
    );
  });

  it('index in the three formats', () => {
    // Hermes files a skill folder directly under its skills folder under the folder's own name.
    assert.equal(
      run(['index', 'good/skills']).out,
      '<available_skills>\n  alpha:\n    - alpha: Alpha skill.\n  tools: Handy tools\n    - beta: Beta skill.\n</available_skills>\n',
    );
    const xml = run(['index', 'good/skills', '--format', 'xml']).out;
    assert.ok(xml.includes(`<location>${path.join(tmp, 'good/skills/alpha/SKILL.md')}</location>`));
    const nexo = run(['index', 'good/skills', '--format', 'nexo']).out;
    assert.ok(nexo.startsWith('# SKILLS\n\n## alpha\n> Alpha skill.\n\nBody of alpha.\n\n## beta\n> Beta skill.\n\n> ⚠️ MISSING DEPS'));
  });
});

describe('cli: constraint', () => {
  it('explains a constraint and checks versions', () => {
    const r = run(['constraint', '>=4.0, <5', '4.2.1', '5.0.0']);
    assert.equal(r.code, 1);
    assert.match(r.out, /meaning: +≥ 4\.0\.0 and < 5\.0\.0/);
    assert.match(r.out, /4\.2\.1\tmatch\n5\.0\.0\tnomatch\n/);
    const bad = run(['constraint', '>=4.0 <5']);
    assert.equal(bad.code, 1);
    assert.match(bad.out, /suggestion: >=4\.0, <5/);
  });
  it('--batch answers one verdict per line', () => {
    const r = run(['constraint', '--batch'], { input: '>=4.0\t4.2.1\n>=4.0, <5.0\t5.0.0\n>=4.0 <5\t4.1.0\n^1\tbanana\r\nno tab here\n' });
    assert.equal(r.code, 0);
    assert.equal(r.out, 'match\nnomatch\ninvalid_constraint\ninvalid_version\ninvalid_constraint\n');
  });
  it('--help for every command', () => {
    for (const c of ['check', 'banner', 'index', 'constraint']) {
      const r = run([c, '--help']);
      assert.equal(r.code, 0);
      assert.match(r.out, new RegExp(`skill-author ${c}`));
    }
  });
});

describe('check --json document', () => {
  // Entries of the shape `toEntry` gives, with the text JSON must escape (line ends, quotes, control
  // characters, non-ASCII) in the places a hostile SKILL.md can put it.
  const entry = (i: number): Entry =>
    ({
      id: `skill-${i}`,
      path: `skills/cat/skill-${i}/SKILL.md`,
      verdict: i % 3 ? 'loaded' : 'loaded_with_banner',
      description: `line one\nline two "quoted" \u0007 ${'é'.repeat(i % 5)} </x>`,
      missing: { bins: i % 2 ? [`tool-${i}`] : [], env: [], versions: [{ bin: 'b', required: '>=1.0', found: null, reason: 'not_found', detail: 'a\r\nb' }] },
      diagnostics: [],
    }) as unknown as Entry;

  const written = (entries: Entry[]): string[] => {
    const chunks: string[] = [];
    writeCheckJson(entries, (s) => chunks.push(s));
    return chunks;
  };

  it('is JSON.stringify(…, null, 2) byte for byte, also with no skills', () => {
    for (const n of [0, 1, 2, 7]) {
      const entries = Array.from({ length: n }, (_, i) => entry(i));
      assert.equal(written(entries).join(''), `${JSON.stringify({ version: 2, skills: entries }, null, 2)}\n`, `${n} entries`);
    }
  });

  it('is written a piece at a time, never as one 9 MB string', () => {
    const entries = Array.from({ length: 3000 }, (_, i) => entry(i));
    const chunks = written(entries);
    assert.equal(chunks.join(''), `${JSON.stringify({ version: 2, skills: entries }, null, 2)}\n`);
    assert.ok(chunks.length > 10, `${chunks.length} chunks`);
    assert.ok(Math.max(...chunks.map((c) => c.length)) < 80 * 1024);
  });
});
