// A whole run kept and printed again (src/cli/runMemo.ts, src/core/machine/questions.ts), through the built
// command in real processes: a run is printed again only while every file it read, every folder it listed
// and everything it looked up answers the same; after each kind of change the command prints what a run
// without any cache prints. Whether a run was printed again is read from outside: a preloaded spy counts the
// folder listings the process made (a kept run lists none).
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { deserialize } from 'node:v8';
import { decodeQuestions, essential, type Question, RACY_MS, stillAnswered } from '../../src/core/machine/questions';
import { REPO } from '../utils/cli';

const CLI = path.join(REPO, 'dist', 'cli.js');
let tmp: string;
let spy: string;

interface Run {
  out: string;
  err: string;
  code: number | null;
  /** Folder listings the process made: 0 when it printed a kept run. */
  listings: number;
}

/** The command in `cwd` with `env` (plus the spy), and its cache in `xdg`. */
function run(args: string[], o: { cwd: string; xdg: string; env?: NodeJS.ProcessEnv; bundle?: string }): Run {
  // One file for every run (runs are sequential): its path is in the environment, which a kept run must match.
  const count = path.join(tmp, 'listings');
  rmSync(count, { force: true });
  const r = spawnSync(process.execPath, ['--require', spy, o.bundle ?? CLI, ...args], {
    cwd: o.cwd,
    env: { PATH: '/usr/bin:/bin', HOME: path.join(tmp, 'home'), NO_COLOR: '1', ...o.env, XDG_CACHE_HOME: o.xdg, SPY_OUT: count },
    encoding: 'utf8',
    timeout: 60_000,
  });
  let listings = -1;
  try {
    listings = Number(readFileSync(count, 'utf8'));
  } catch {
    // the spy wrote nothing: the process died
  }
  return { out: r.stdout, err: r.stderr, code: r.status, listings };
}

/** What a run with no cache at all prints. */
function fresh(args: string[], o: { cwd: string; env?: NodeJS.ProcessEnv }): Omit<Run, 'listings'> {
  const { out, err, code } = run([...args, '--no-cache'], { ...o, xdg: path.join(tmp, 'never') });
  return { out, err, code };
}

const skill = (name: string, extra = '', body = `# ${name}\n\nDo the thing.\n`): string =>
  `---\nname: ${name}\ndescription: Use ${name} when asked.\n${extra}---\n${body}`;

/** A tree with a plain skill, one needing a binary, one linking a file beside it, one Hermes reads. */
function makeTree(root: string): void {
  const put = (rel: string, text: string): void => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  put('skills/alpha/SKILL.md', skill('alpha', 'bogus-field: 1\n'));
  put('skills/needs-tool/SKILL.md', skill('needs-tool', 'requires:\n  bins: [sa-memo-tool]\n'));
  put('skills/linked/SKILL.md', skill('linked', '', '# linked\n\nRead [the guide](references/guide.md).\n'));
  put('skills/linked/references/guide.md', '# Guide\n');
  put('skills/ops/k8s/SKILL.md', skill('k8s', 'platforms: [linux, macos]\nmetadata:\n  hermes:\n    tags: [ops]\n'));
  put('skills/ops/DESCRIPTION.md', '---\ndescription: Operations\n---\n');
  put('hermes-home/config.yaml', 'skills:\n  disabled: []\n');
  put('bin/.keep', '');
  put('elsewhere/linked-away/SKILL.md', skill('linked-away'));
  symlinkSync(path.join(root, 'elsewhere', 'linked-away'), path.join(root, 'skills', 'linked-away'));
}

const sleep = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

describe('the CLI prints a kept run again while nothing it asked has changed', function () {
  this.timeout(180_000);
  const trees = new Map<string, string>();
  const CASES = [
    'index',
    'same',
    'text',
    'added',
    'removed',
    'tool',
    'guide',
    'link',
    'behind-link',
    'config',
    'env',
    'baseline',
    'corrupt',
    'workers',
    'build',
  ];

  before(function () {
    tmp = mkdtempSync(path.join(tmpdir(), 'skill-author-memo-'));
    spy = path.join(tmp, 'spy.cjs');
    // Counts readdir/opendir calls of the process, written at exit.
    writeFileSync(
      spy,
      `const fs = require('node:fs'); let n = 0;
for (const k of ['readdirSync', 'opendirSync']) { const f = fs[k]; fs[k] = function (...a) { n++; return f.apply(this, a); }; }
for (const k of ['readdir', 'opendir']) { const f = fs.promises[k]; fs.promises[k] = function (...a) { n++; return f.apply(this, a); }; }
process.on('exit', () => require('node:fs').writeFileSync(process.env.SPY_OUT, String(n)));\n`,
    );
    mkdirSync(path.join(tmp, 'home'));
    for (const c of CASES) {
      const root = path.join(tmp, c);
      makeTree(root);
      trees.set(c, root);
    }
    // Files written within RACY_MS of a run keep it from being kept: let the trees settle once.
    sleep(RACY_MS + 200);
  });
  after(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  /** Runs `args` twice in the case's tree: the first keeps, the second prints the kept run. */
  function keptTwice(c: string, args: string[], env: NodeJS.ProcessEnv = {}): { root: string; xdg: string; first: Run } {
    const root = trees.get(c) as string;
    const xdg = path.join(tmp, `xdg-${c}`);
    const first = run(args, { cwd: root, xdg, env });
    assert.ok(first.listings > 0, 'the first run walked the tree');
    const again = run(args, { cwd: root, xdg, env });
    assert.equal(again.listings, 0, `the second run printed the kept run (stderr: ${again.err})`);
    assert.deepEqual([again.out, again.err, again.code], [first.out, first.err, first.code]);
    assert.deepEqual([again.out, again.err, again.code], Object.values(fresh(args, { cwd: root, env })));
    return { root, xdg, first };
  }

  /** After a change: the run is not printed again, and prints what a run without cache prints. */
  function afterChange(root: string, xdg: string, args: string[], env: NodeJS.ProcessEnv = {}, before?: Run): Run {
    const r = run(args, { cwd: root, xdg, env });
    assert.ok(r.listings > 0, 'the run after the change walked the tree again');
    const want = fresh(args, { cwd: root, env });
    assert.deepEqual([r.out, r.err, r.code], [want.out, want.err, want.code]);
    if (before) assert.notEqual(r.out + r.err, before.out + before.err, 'the change shows in the output (else the case proves nothing)');
    return r;
  }

  const CHECK = ['check', '--json', '--no-probe', 'skills'];

  it('prints the same bytes, stderr and exit code, and keeps one file per command line', () => {
    const { xdg } = keptTwice('same', ['check', '--no-probe', 'skills']);
    keptTwice('same', CHECK);
    const kept = readdirSync(path.join(xdg, 'skill-author')).filter((n) => n.startsWith('run-'));
    assert.equal(kept.length, 2, kept.join(', '));
  });

  it("`index`: Hermes's index, and a category's DESCRIPTION.md changed", () => {
    const args = ['index', '--runtime', 'hermes', '--hermes-home', 'hermes-home', 'skills'];
    const { root, xdg, first } = keptTwice('index', args);
    assert.match(first.out, /ops: Operations/);
    writeFileSync(path.join(root, 'skills', 'ops', 'DESCRIPTION.md'), '---\ndescription: Operations, on call\n---\n');
    afterChange(root, xdg, args, {}, first);
  });

  it('not where CI is set: a fresh checkout never matches a kept run', () => {
    const root = trees.get('same') as string;
    const xdg = path.join(tmp, 'xdg-ci');
    run(CHECK, { cwd: root, xdg, env: { CI: 'true' } });
    assert.ok(run(CHECK, { cwd: root, xdg, env: { CI: 'true' } }).listings > 0);
    assert.deepEqual(
      readdirSync(path.join(xdg, 'skill-author')).filter((n) => n.startsWith('run-')),
      [],
    );
  });

  it('a SKILL.md rewritten with the same size', () => {
    const { root, xdg, first } = keptTwice('text', CHECK);
    const f = path.join(root, 'skills', 'alpha', 'SKILL.md');
    writeFileSync(f, readFileSync(f, 'utf8').replace('name: alpha', 'name: alphx'));
    afterChange(root, xdg, CHECK, {}, first);
  });

  it('a skill folder added, and one removed', () => {
    const { root, xdg, first } = keptTwice('added', CHECK);
    mkdirSync(path.join(root, 'skills', 'ops', 'new-one'));
    writeFileSync(path.join(root, 'skills', 'ops', 'new-one', 'SKILL.md'), skill('new-one'));
    afterChange(root, xdg, CHECK, {}, first);
    const r = keptTwice('removed', CHECK);
    rmSync(path.join(r.root, 'skills', 'alpha'), { recursive: true });
    afterChange(r.root, r.xdg, CHECK, {}, r.first);
  });

  it('a binary a skill requires appears on PATH', () => {
    const root = trees.get('tool') as string;
    const env = { PATH: `${path.join(root, 'bin')}:/usr/bin:/bin` };
    const { xdg, first } = keptTwice('tool', CHECK, env);
    const bin = path.join(root, 'bin', 'sa-memo-tool');
    writeFileSync(bin, '#!/bin/sh\necho 1.0.0\n');
    chmodSync(bin, 0o755);
    afterChange(root, xdg, CHECK, env, first);
  });

  it('a file the body links to removed', () => {
    const { root, xdg, first } = keptTwice('guide', CHECK);
    unlinkSync(path.join(root, 'skills', 'linked', 'references', 'guide.md'));
    afterChange(root, xdg, CHECK, {}, first);
  });

  it('a linked skill folder pointed elsewhere, and a file behind a link changed', () => {
    const { root, xdg, first } = keptTwice('link', CHECK);
    const other = path.join(root, 'elsewhere', 'other');
    mkdirSync(other);
    writeFileSync(path.join(other, 'SKILL.md'), skill('other-name'));
    unlinkSync(path.join(root, 'skills', 'linked-away'));
    symlinkSync(other, path.join(root, 'skills', 'linked-away'));
    afterChange(root, xdg, CHECK, {}, first);
    const b = keptTwice('behind-link', CHECK);
    writeFileSync(path.join(b.root, 'elsewhere', 'linked-away', 'SKILL.md'), skill('linked-away', 'license: MIT\nbogus-field: 1\n'));
    afterChange(b.root, b.xdg, CHECK, {}, b.first);
  });

  it("Hermes's config.yaml, read on the runtime worker", () => {
    const args = ['check', '--json', '--no-probe', '--runtime', 'hermes', '--hermes-home', 'hermes-home', 'skills'];
    const { root, xdg, first } = keptTwice('config', args);
    const questions = keptQuestions(xdg);
    assert.ok(
      questions.some(([, p]) => p === path.join(root, 'hermes-home', 'config.yaml')),
      'the worker handed back its questions, config.yaml among them',
    );
    writeFileSync(path.join(root, 'hermes-home', 'config.yaml'), 'skills:\n  disabled: [k8s]\n');
    afterChange(root, xdg, args, {}, first);
  });

  it('the environment, the working folder and a --baseline file', () => {
    const { root, xdg, first } = keptTwice('env', CHECK, { EXTRA: 'one' });
    const r = run(CHECK, { cwd: root, xdg, env: { EXTRA: 'two' } });
    assert.ok(r.listings > 0, 'another environment is another run');
    const sub = run(['check', '--json', '--no-probe', '.'], { cwd: path.join(root, 'skills'), xdg, env: { EXTRA: 'one' } });
    assert.ok(sub.listings > 0, 'another folder is another run');
    assert.notEqual(sub.out, first.out);
    const b = trees.get('baseline') as string;
    writeFileSync(path.join(b, 'base.json'), fresh(CHECK, { cwd: b }).out);
    sleep(RACY_MS + 200);
    const withBase = [...CHECK, '--baseline', 'base.json'];
    const k = keptTwice('baseline', withBase);
    writeFileSync(path.join(b, 'base.json'), '{"version":2,"skills":[]}');
    afterChange(b, k.xdg, withBase, {}, k.first);
  });

  it('a corrupt kept run is run again; a run just after a write, a probe and --no-cache are never kept', () => {
    const { root, xdg } = keptTwice('corrupt', CHECK);
    const dir = path.join(xdg, 'skill-author');
    for (const n of readdirSync(dir).filter((x) => x.startsWith('run-'))) writeFileSync(path.join(dir, n), Buffer.alloc(64, 9));
    afterChange(root, xdg, CHECK);
    // Written just now: the next run cannot vouch for it, so it is not kept.
    writeFileSync(path.join(root, 'skills', 'alpha', 'SKILL.md'), skill('alpha', 'license: MIT\n'));
    afterChange(root, xdg, CHECK);
    afterChange(root, xdg, CHECK);
    // A probe's answer is not the file system's: a run that spawned one is never kept.
    const probing = ['check', '--json', path.join(REPO, 'examples', 'skills', 'dev', 'git-helper')];
    run(probing, { cwd: root, xdg });
    assert.ok(run(probing, { cwd: root, xdg }).listings > 0, 'a probing run is never printed again');
    const noCache = ['check', '--json', '--no-probe', '--no-cache', 'skills'];
    run(noCache, { cwd: root, xdg });
    assert.ok(run(noCache, { cwd: root, xdg }).listings > 0);
  });

  it('a run reading inside the cache folder is never kept', () => {
    const root = trees.get('same') as string;
    const xdg = path.join(tmp, 'xdg-inside');
    const inside = path.join(xdg, 'skill-author', 'skills');
    cpSync(path.join(root, 'skills', 'alpha'), path.join(inside, 'alpha'), { recursive: true });
    sleep(RACY_MS + 200);
    const args = ['check', '--json', '--no-probe', inside];
    run(args, { cwd: root, xdg });
    assert.ok(run(args, { cwd: root, xdg }).listings > 0);
  });

  it('questions asked on analysis worker threads count too', () => {
    const env = { SKILL_AUTHOR_WORKERS: '1' };
    const { root, xdg, first } = keptTwice('workers', CHECK, env);
    const f = path.join(root, 'skills', 'ops', 'k8s', 'SKILL.md');
    writeFileSync(f, readFileSync(f, 'utf8').replace('[linux, macos]', '[macos, linux]'));
    afterChange(root, xdg, CHECK, env);
    assert.ok(first.out.length > 0);
  });

  it('another build never prints this build’s kept runs', () => {
    const dist = path.join(tmp, 'dist');
    cpSync(path.join(REPO, 'dist'), dist, { recursive: true });
    const root = trees.get('build') as string;
    const xdg = path.join(tmp, 'xdg-build');
    const bundle = path.join(dist, 'cli.js');
    sleep(RACY_MS + 200);
    run(CHECK, { cwd: root, xdg, bundle });
    assert.equal(run(CHECK, { cwd: root, xdg, bundle }).listings, 0);
    writeFileSync(path.join(dist, 'cli-main.js'), `${readFileSync(path.join(dist, 'cli-main.js'), 'utf8')}\n`);
    assert.ok(run(CHECK, { cwd: root, xdg, bundle }).listings > 0, 'a rebuilt bundle is another run');
  });
});

/** The questions of the one kept run in `xdg`. */
function keptQuestions(xdg: string): Question[] {
  const dir = path.join(xdg, 'skill-author');
  const files = readdirSync(dir).filter((n) => n.startsWith('run-'));
  assert.equal(files.length, 1, files.join(', '));
  const buf = readFileSync(path.join(dir, files[0] as string));
  const length = buf.readUInt32LE(0);
  const header = deserialize(buf.subarray(4, 4 + length)) as { questions: string };
  return decodeQuestions(header.questions) ?? [];
}

describe('the questions a kept run is checked by', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'skill-author-questions-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('drops only the questions another one answers', () => {
    const a = (p: string): string => path.join(dir, p);
    const folder = '16877:1:0:0:4096:1:1';
    const file = '33188:2:0:0:10:1:1';
    const qs: Question[] = [
      ['list', a('skills'), folder],
      ['stat', a('skills'), folder], // the listing's stat
      ['list', a('skills/x'), folder],
      ['lstat', a('skills/x'), folder], // a folder no link, its parent listed
      ['lstat', a('skills/x/f'), file],
      ['stat', a('skills/x/f'), file], // the lstat said no link
      ['lstat', a('loose'), folder], // no parent asked: kept
      ['stat', a('loose'), folder], // the lstat (kept: no parent asked) answers it
      ['lstat', a('skills/link'), '41471:3:0:0:5:1:1'],
      ['stat', a('skills/link'), file], // a link: kept
    ];
    const kept = (decodeQuestions(essential(qs)) ?? []).map(([q, p]) => `${q} ${path.relative(dir, p)}`).sort();
    assert.deepEqual(kept, ['list skills', 'list skills/x', 'lstat loose', 'lstat skills/link', 'lstat skills/x/f', 'stat skills/link']);
  });

  it("a real path its listed parent's real path answers", () => {
    const r = path.join(dir, 'r');
    for (const x of ['a', 'b']) mkdirSync(path.join(r, x), { recursive: true });
    mkdirSync(path.join(dir, 'elsewhere'));
    symlinkSync(path.join(dir, 'elsewhere'), path.join(r, 'c'));
    const real = realpathSync.native(r);
    const folder = '16877:1:0:0:4096:1:1';
    const reals: Question[] = ['a', 'b', 'c'].map((x) => ['realn', path.join(r, x), realpathSync.native(path.join(r, x))]);
    const kept = (qs: Question[]): string[] => (decodeQuestions(essential(qs)) ?? []).map(([q, p, a]) => `${q} ${path.relative(dir, p)} ${a}`).sort();
    assert.deepEqual(kept([['list', r, folder], ...reals]), [
      `list r ${folder}`,
      `realn r ${real}`,
      `realn r/c ${realpathSync.native(path.join(dir, 'elsewhere'))}`,
    ]);
    // Without the parent's listing, a name may come to mean another entry: every real path stays.
    assert.equal(kept(reals).length, 3);
  });

  it('a stat and an lstat of the same folder never both go', () => {
    const folder = '16877:1:0:0:4096:1:1';
    const qs: Question[] = [
      ['stat', '/p', folder],
      ['stat', '/p/q', folder],
      ['lstat', '/p/q', folder],
    ];
    const kept = decodeQuestions(essential(qs)) ?? [];
    assert.ok(
      kept.some(([, p]) => p === '/p/q'),
      JSON.stringify(kept),
    );
  });

  it('answers change with the file system', () => {
    const f = path.join(dir, 'f.txt');
    writeFileSync(f, 'abc');
    const qs: Question[] = [
      ['exists', f, '1'],
      ['exists', path.join(dir, 'nope'), '0'],
      ['realn', dir, realpathSync.native(dir)],
      ['access:0', f, 'ok'],
    ];
    assert.equal(stillAnswered(qs), true);
    unlinkSync(f);
    assert.equal(stillAnswered(qs), false);
    assert.equal(stillAnswered([['stat', f, '!ENOENT']]), true);
    assert.equal(stillAnswered([['unknown-question', f, 'x']]), false);
  });
});
