// The nexo-rs profile on the rules of ../shared/golden/nexo/RULES.md that the shared cases do not show one by
// one (the agents file, odd names, encodings, the block's edge cases), each on a small tree made here and run
// as users run it: the Engine's statuses and the CLI's `index --runtime nexo` block (test/utils/nexo.ts).

import { strict as assert } from 'node:assert';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { type NexoUserRun, runNexoAsUsers } from '../utils/nexo';

interface Setup {
  skills?: Record<string, string | Buffer | null>;
  bins?: Record<string, string>;
  env?: Record<string, string>;
  agents?: string;
  agentsD?: Record<string, string>;
  path?: string[];
}

let tmp: string;
before(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'nexo-profile-'));
});
after(() => rmSync(tmp, { recursive: true, force: true }));

let n = 0;
async function run(s: Setup): Promise<NexoUserRun> {
  const root = path.join(tmp, `c${n++}`);
  mkdirSync(path.join(root, 'bin'), { recursive: true });
  for (const [rel, text] of Object.entries(s.skills ?? {})) {
    const file = path.join(root, 'skills', rel, 'SKILL.md');
    mkdirSync(text === null ? file : path.dirname(file), { recursive: true });
    if (text !== null) writeFileSync(file, text);
  }
  for (const [name, body] of Object.entries(s.bins ?? {})) {
    writeFileSync(path.join(root, 'bin', name), body.startsWith('#!') || body.startsWith('RAW') ? body.replace(/^RAW/, '') : `#!/bin/sh\n${body}`);
    chmodSync(path.join(root, 'bin', name), 0o755);
  }
  const env = { PATH: (s.path ?? ['bin']).map((p) => (p === '' ? '' : path.join(root, p))).join(':'), HOME: root, ...(s.env ?? {}) };
  if (s.agents === undefined) return runNexoAsUsers({ env, cwd: root, skillsRoot: path.join(root, 'skills') });
  mkdirSync(path.join(root, 'config', 'agents.d'), { recursive: true });
  writeFileSync(path.join(root, 'config', 'agents.yaml'), s.agents);
  for (const [f, text] of Object.entries(s.agentsD ?? {})) writeFileSync(path.join(root, 'config', 'agents.d', f), text);
  return runNexoAsUsers({ env, cwd: root, agentsFile: path.join(root, 'config', 'agents.yaml') });
}

const agent = (skills: string, extra = ''): string =>
  `agents:\n  - id: kate\n    model: {provider: p, model: m}\n    skills: ${skills}\n    skills_dir: ../skills\n${extra}`;
const statuses = (r: NexoUserRun): string[][] => r.records.map((s) => [s.id, s.status]);

describe('nexo-rs profile: the agents file', () => {
  it('is refused, and nothing loads, for a missing model, an unknown key, a bad override, a numeric name, a duplicate key', async () => {
    const skills = { a: 'Body.' };
    for (const agents of [
      'agents:\n  - id: kate\n    skills: [a]\n    skills_dir: ../skills\n',
      agent('[a]', '    skils: [a]\n'),
      agent('[a]', '    skill_overrides:\n      a: Warn\n'),
      agent('[a, 42]'),
      agent('[a]', '    skills_dir: ../skills\n'),
      `${agent('[a]')}extra: 1\n`,
      agent('[a]').replace('model: {provider: p, model: m}', 'model: {provider: p}'),
    ]) {
      const r = await run({ skills, agents });
      assert.notEqual(r.agentsError, null, agents);
      assert.deepEqual(r.records, []);
      assert.equal(r.block, null);
    }
    assert.equal((await run({ skills, agents: `schema_version: 3\n${agent('[a, "42"]')}` })).agentsError, null);
  });

  it('substitutes ${VAR} placeholders (an unset one refuses the file; defaults; comments skipped)', async () => {
    const skills = { a: 'Body a.', b: 'Body b.' };
    assert.deepEqual(statuses(await run({ skills, env: { WHICH: 'b' }, agents: agent('[a, "${WHICH}"]') })), [
      ['a', 'loaded'],
      ['b', 'loaded'],
    ]);
    assert.notEqual((await run({ skills, agents: agent('[a, "${WHICH}"]') })).agentsError, null);
    assert.deepEqual(statuses(await run({ skills, agents: agent('[a, "${WHICH:-b}"]') })), [
      ['a', 'loaded'],
      ['b', 'loaded'],
    ]);
    assert.deepEqual(statuses(await run({ skills, agents: `# uses \${NOT_SET}\n${agent('[a]')}` })), [['a', 'loaded']]);
  });

  it('agents.d drop-ins replace an agent with the same id; the default skills_dir is <config>/skills', async () => {
    const r = await run({
      skills: { a: 'A.', b: 'B.' },
      agents: agent('[a]'),
      agentsD: { '10-kate.yaml': agent('[b]') },
    });
    assert.deepEqual(statuses(r), [['b', 'loaded']]);
    const d = await run({ skills: { a: 'A.' }, agents: 'agents:\n  - id: kate\n    model: {provider: p, model: m}\n    skills: [a]\n' });
    assert.ok(d.agent?.skillsDir.endsWith('/config/skills'));
    assert.deepEqual(statuses(d), [['a', 'not_found']]);
  });

  it('a blank skills_dir injects no skill at all; blank names get no status; nested names reach nested folders', async () => {
    const blank = await run({ skills: { a: 'A.' }, agents: agent('[a]').replace('skills_dir: ../skills', 'skills_dir: ""') });
    assert.deepEqual(blank.records, []);
    assert.equal(blank.block, null);
    // Only an empty value stays empty when resolved: "  " is `<config>/  `, trimmed to the config folder.
    const spaces = await run({ skills: { a: 'A.' }, agents: agent('[a]').replace('skills_dir: ../skills', 'skills_dir: "  "') });
    assert.deepEqual(statuses(spaces), [['a', 'not_found']]);
    assert.ok(spaces.agent?.skillsDir.endsWith('/config/'));
    const r = await run({ skills: { 'tools/cutter': 'Cut.' }, agents: agent('["  ", " tools/cutter ", ""]') });
    assert.deepEqual(statuses(r), [['tools/cutter', 'loaded']]);
    assert.equal(r.block, '# SKILLS\n\n## tools/cutter\nCut.');
  });

  it('a folder named SKILL.md found first shadows a good file later: NotFound', async () => {
    const r = await run({ skills: { '__global__/x': null, x: 'Legacy.' }, agents: agent('[x]') });
    assert.deepEqual(statuses(r), [['x', 'not_found']]);
  });

  it('a skill listed twice appears twice; with nothing loaded there is no block', async () => {
    const r = await run({ skills: { a: 'A.' }, agents: agent('[a, a]') });
    assert.equal(r.block, '# SKILLS\n\n## a\nA.\n\n## a\nA.');
    const none = await run({ skills: { a: '---\nrequires:\n  env: [UNSET_X]\n---\nA.' }, agents: agent('[a, ghost]') });
    assert.deepEqual(statuses(none), [
      ['a', 'skipped_strict'],
      ['ghost', 'not_found'],
    ]);
    assert.equal(none.block, null);
  });
});

describe('nexo-rs profile: reading', () => {
  it('not UTF-8, lone CR, `requires: []`: NotFound, NotFound, frontmatter voided', async () => {
    const r = await run({
      skills: {
        latin: Buffer.from('---\nname: caf\xe9\n---\nBody.\n', 'latin1'),
        lonecr: '---\rname: x\r---\rBody.\r',
        list: '---\nname: Named\nrequires: []\n---\nBody.',
      },
    });
    assert.deepEqual(statuses(r), [
      ['latin', 'not_found'],
      ['list', 'loaded'],
      ['lonecr', 'not_found'],
    ]);
    assert.equal(r.records[1]?.display_name, 'list');
  });

  it('trims with Rust rules: a leading U+FEFF of the body stays, a trailing NEL goes; a block-scalar name keeps its newlines', async () => {
    const r = await run({ skills: { t: '---\nname: |\n  Two\n  lines\ndescription: "  d\u0085"\n---\n\uFEFFBody\u0085' } });
    assert.equal(r.block, '# SKILLS\n\n## Two\nlines\n\n> d\n\n\uFEFFBody');
  });

  it('tags, max_chars forms, shorthand forms, merge keys and aliases', async () => {
    const r = await run({
      skills: {
        tag: '---\nrequires:\n  env: [UNSET_T]\n  mode: !warn\n---\nBody.',
        hex: '---\nmax_chars: 0x3\n---\nBody text.',
        dec0: '---\nmax_chars: 050\nname: Dropped\n---\nBody.',
        short: '---\nrequires:\n  bin_versions:\n    nosuch: ~1.2\n---\nBody.',
        merge: '---\nbase: &b\n  env: [UNSET_M]\nrequires:\n  <<: *b\n---\nBody.',
        alias: '---\nlist: &l [UNSET_A]\nrequires:\n  env: *l\n---\nBody.',
      },
    });
    const by = new Map(r.records.map((s) => [s.id, s]));
    assert.equal(by.get('tag')?.status, 'loaded_with_banner');
    assert.equal(by.get('hex')?.model_content, 'Bod\n\n…[truncated to 3 chars]');
    assert.equal(by.get('dec0')?.display_name, 'dec0');
    assert.deepEqual(
      by.get('short')?.missing.versions.map((v) => [v.required, v.reason]),
      [['~1.2', 'bin_not_found']],
    );
    assert.equal(by.get('merge')?.status, 'loaded');
    assert.deepEqual(by.get('alias')?.missing.env, ['UNSET_A']);
  });
});

describe('nexo-rs profile: gating', () => {
  it('empty PATH elements are skipped; repeated missing entries repeat; a blank bin_versions key is bin_not_found', async () => {
    const r = await run({
      path: ['', 'bin'],
      bins: { here: 'echo here 1.0.0' },
      skills: { g: '---\nrequires:\n  bins: [here, gone, gone, "  "]\n  bin_versions:\n    "": ">=1"\n  mode: warn\n---\nBody.' },
    });
    assert.deepEqual(r.records[0]?.missing.bins, ['gone', 'gone']);
    assert.deepEqual(
      r.records[0]?.missing.versions.map((v) => [v.bin, v.reason]),
      [['', 'bin_not_found']],
    );
  });

  it('an env name with `=` is looked up by prefix, as glibc getenv does', async () => {
    const r = await run({ env: { B30: 'X=Y' }, skills: { e: '---\nrequires:\n  env: ["B30=X", "B30=Z"]\n  mode: warn\n---\nBody.' } });
    assert.deepEqual(r.records[0]?.missing.env, ['B30=Z']);
  });

  it('versions: the command is one argument; no `#!` is a spawn failure; `8.` normalizes to `8..0`; leading zeros and fullwidth digits do not parse', async () => {
    const r = await run({
      bins: {
        args: 'if [ "$#" = 1 ] && [ "$1" = "--version --verbose" ]; then echo "args 3.0.0"; else echo "args 1.0.0"; fi',
        noshebang: 'RAWecho 2.0.0\n',
        dot: 'echo "dot 8."',
        zeros: 'echo "zeros 01.2.3"',
        wide: 'echo "wide ２.０ 5.0.0"',
      },
      skills: {
        v: '---\nrequires:\n  bin_versions:\n    args:\n      constraint: ">=2"\n      command: "--version --verbose"\n    noshebang: ">=1"\n    dot:\n      constraint: ">=1"\n      regex: \'\\d+\\.\'\n    zeros: ">=1"\n    wide: ">=1"\n  mode: warn\n---\nBody.',
      },
    });
    assert.deepEqual(
      r.records[0]?.missing.versions.map((v) => [v.bin, v.reason]),
      [
        ['dot', 'parse_failed'],
        ['noshebang', 'probe_failed'],
        ['wide', 'parse_failed'],
        ['zeros', 'parse_failed'],
      ],
    );
  });
});
