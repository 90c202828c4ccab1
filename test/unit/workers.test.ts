// The CLI's worker threads (src/cli/workers.ts, src/cli/analyze-worker.ts): whether files are analyzed on
// the main thread or on workers, and whatever the workers do (throw, exit, die of an uncaught exception),
// the output, the exit code, stderr and the analysis cache written afterwards are the same, byte for byte.
// Through the built CLI (`SKILL_AUTHOR_WORKERS=0|N`; a worker that fails is faulty-analyze-worker.ts, put
// beside a copy of the CLI), on a generated corpus and on the hostile one; and in-process, where the test can
// see which thread analyzed what.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AnalysisCache, type FreshAnalysis, type OffThreadAnalyzer } from '../../src/core/check/cache';
import { blockingIo, type SkillIo } from '../../src/core/skill/catalog';
import { Engine, type EvaluatedSkill } from '../../src/core/check/engine';
import { decided } from '../utils/decided';
import { workerAnalyzer, workersSetting } from '../../src/cli/workers';
import { type HostileCorpus, prepareHostileCorpus, REPO } from '../utils/hostile-corpus';

const cli = path.join(REPO, 'dist', 'cli.js');
/** The failing worker (FAULTY_WORKER says how it fails). */
const FAULTY_WORKER = path.join(REPO, 'out', 'test', 'unit', 'faulty-analyze-worker.js');

/** The built CLI again, in out/faulty-dist/, with the failing analysis worker beside it (the CLI starts the
 *  analyze-worker.js beside it). Its bundles are hard links to dist/'s: the CLI's caches are salted with the
 *  bundles' size and mtime, which a copy would not keep to the nanosecond. */
function faultyCli(): string {
  const dist = path.join(REPO, 'out', 'faulty-dist');
  if (!existsSync(dist)) {
    mkdirSync(dist);
    for (const f of readdirSync(path.join(REPO, 'dist')).filter((n) => n === 'cli.js' || n === 'runtime-worker.js' || /^cli-.*\.js$/.test(n)))
      linkSync(path.join(REPO, 'dist', f), path.join(dist, f));
    writeFileSync(path.join(dist, 'analyze-worker.js'), `require(${JSON.stringify(FAULTY_WORKER)});\n`);
  }
  return path.join(dist, 'cli.js');
}
const posix = process.platform !== 'win32';

interface Run {
  code: number | null;
  out: string;
  err: string;
}

function runCli(args: string[], cwd: string, env: NodeJS.ProcessEnv, script = cli): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

/** Every shard of every snapshot in a cache folder, parsed, without the read times (`t`: when each file was
 *  read, which no two runs share). */
function readShards(cacheDir: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!existsSync(cacheDir)) return out;
  // The folders of snapshots and readings (not the kept reports and compiled code beside them).
  for (const snap of readdirSync(cacheDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()) {
    for (const shard of readdirSync(path.join(cacheDir, snap)).sort()) {
      const j = JSON.parse(readFileSync(path.join(cacheDir, snap, shard), 'utf8')) as { entries: Record<string, Record<string, unknown>> };
      for (const e of Object.values(j.entries)) delete e['t'];
      out[`${snap}/${shard}`] = j;
    }
  }
  return out;
}

/** The CLI's cache folder under $XDG_CACHE_HOME. */
const snapshot = (cacheHome: string): Record<string, unknown> => readShards(path.join(cacheHome, 'skill-author'));

const noStack = (s: string): void => assert.doesNotMatch(s, /\n\s+at .+:\d+:\d+/);

/** Runs `args` cold (a fresh cache folder) once per worker setting, and asserts that each run printed,
 *  exited and cached exactly what the single-threaded run did. A setting with FAULTY_WORKER runs the CLI
 *  whose worker fails. */
async function sameEverywhere(tmp: string, args: string[], settings: Array<Record<string, string>>, baseEnv: NodeJS.ProcessEnv): Promise<Run> {
  const home = (k: string): string => path.join(tmp, `cache-${k}`);
  const base = await runCli(args, tmp, { ...baseEnv, XDG_CACHE_HOME: home('single'), SKILL_AUTHOR_WORKERS: '0' });
  noStack(base.err);
  let i = 0;
  for (const s of settings) {
    const k = `${i++}`;
    const r = await runCli(args, tmp, { ...baseEnv, XDG_CACHE_HOME: home(k), ...s }, s['FAULTY_WORKER'] ? faultyCli() : cli);
    const what = `${args.join(' ')} with ${JSON.stringify(s)}`;
    assert.equal(r.code, base.code, what);
    assert.equal(r.err, base.err, what);
    assert.ok(r.out === base.out, `${what}: stdout differs`);
    assert.deepEqual(snapshot(home(k)), snapshot(home('single')), `${what}: the cache differs`);
    rmSync(home(k), { recursive: true, force: true });
  }
  rmSync(home('single'), { recursive: true, force: true });
  return base;
}

async function generate(dir: string, n: number): Promise<void> {
  const url = pathToFileURL(path.join(REPO, 'bench', 'corpus.mjs')).href;
  const { generateCorpus } = (await import(url)) as { generateCorpus: (dir: string, n: number, o: { seed: number }) => unknown };
  generateCorpus(dir, n, { seed: n });
}

describe('worker threads: the CLI says the same with and without them', function () {
  this.timeout(120_000);
  let tmp: string;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'skill-author-workers-'));
    await generate(path.join(tmp, 'lib'), 400);
    env = { PATH: '/usr/bin:/bin', HOME: tmp, NO_COLOR: '1' };
  });
  after(() => rmSync(tmp, { recursive: true, force: true }));

  it('SKILL_AUTHOR_WORKERS: 0 off, a number forced, anything else automatic', () => {
    assert.equal(workersSetting({ SKILL_AUTHOR_WORKERS: '0' }), 0);
    assert.equal(workersSetting({ SKILL_AUTHOR_WORKERS: ' 2 ' }), 2);
    assert.equal(workersSetting({ SKILL_AUTHOR_WORKERS: '1000' }), 8);
    for (const v of [undefined, '', 'auto', '-1', '1.5']) assert.equal(workersSetting({ SKILL_AUTHOR_WORKERS: v }), null);
  });

  it('a generated library of 400 skills: check --json, the table and index, cold, with the cache written', async () => {
    const settings = [{ SKILL_AUTHOR_WORKERS: '1' }, { SKILL_AUTHOR_WORKERS: '2' }, {}];
    const json = await sameEverywhere(tmp, ['check', 'lib', '--json', '--no-probe'], settings, env);
    assert.equal(json.code, 1); // the generated library has broken skills
    assert.equal((JSON.parse(json.out) as { skills: unknown[] }).skills.length, 400);
    await sameEverywhere(tmp, ['check', 'lib', '--no-probe', '-v'], settings, env);
    await sameEverywhere(tmp, ['index', 'lib', '--format', 'xml', '--no-probe'], [{ SKILL_AUTHOR_WORKERS: '1' }], env);
  });

  it('--no-cache, and a warm run after a cold run on workers', async () => {
    const args = ['check', 'lib', '--json', '--no-probe'];
    const home = { XDG_CACHE_HOME: path.join(tmp, 'cache-warm') };
    const single = await runCli([...args, '--no-cache'], tmp, { ...env, SKILL_AUTHOR_WORKERS: '0' });
    const none = await runCli([...args, '--no-cache'], tmp, { ...env, SKILL_AUTHOR_WORKERS: '1' });
    const cold = await runCli(args, tmp, { ...env, ...home, SKILL_AUTHOR_WORKERS: '1' });
    const warm = await runCli(args, tmp, { ...env, ...home, SKILL_AUTHOR_WORKERS: '1' });
    for (const r of [none, cold, warm]) assert.deepEqual(r, single);
  });

  it('a worker that throws, exits or dies of an uncaught exception: the main thread redoes its files, same output, no stack trace', async () => {
    const faults = ['throw', 'exit', 'uncaught'].map((f) => ({ SKILL_AUTHOR_WORKERS: '1', FAULTY_WORKER: f }));
    await sameEverywhere(tmp, ['check', 'lib', '--json', '--no-probe'], faults, env);
  });

  it('a missing worker script: everything is analyzed on the main thread', async () => {
    const r = await inProcess(path.join(tmp, 'lib'), workerAnalyzer({ script: path.join(tmp, 'no-such-worker.js'), workers: 1 }));
    const single = await inProcess(path.join(tmp, 'lib'), undefined);
    assert.equal(r.entries, single.entries);
    assert.equal(r.fromWorkers, 0);
  });
});

describe('worker threads: the hostile corpus', function () {
  if (!posix) return;
  this.timeout(120_000);
  let corpus: HostileCorpus | undefined;
  after(() => corpus?.cleanup());

  it('check --json and the table say the same on workers, byte for byte, and cache the same', async () => {
    corpus = await prepareHostileCorpus({ prefix: 'skill-author-workers-hostile-' });
    const env = { PATH: corpus.binDir, HOME: corpus.tmp, NO_COLOR: '1', HOSTILE_BLANK_VAR: '   ' };
    const settings = [{ SKILL_AUTHOR_WORKERS: '1' }, { SKILL_AUTHOR_WORKERS: '1', FAULTY_WORKER: 'throw' }];
    const json = await sameEverywhere(corpus.tmp, ['check', 'root', '--json', '--no-probe'], settings, env);
    assert.equal(json.code, 1);
    assert.ok((JSON.parse(json.out) as { skills: unknown[] }).skills.length > 20);
    await sameEverywhere(corpus.tmp, ['check', 'root', '--no-probe'], [{ SKILL_AUTHOR_WORKERS: '1' }], env);
  });
});

// ---------------------------------------------------------------------------------------------------------
// In-process: the engine with the CLI's worker analyzer, watched.

const WORKER = path.join(REPO, 'out', 'src', 'cli', 'analyze-worker.js');

interface Watched {
  entries: string;
  skills: EvaluatedSkill[];
  cache: AnalysisCache;
  /** Files whose analysis came from a worker / that a worker handed back to be redone. */
  fromWorkers: number;
  handedBack: number;
}

/** One check of `root` as the CLI makes it, with `analyzer` (none: single-threaded). The main thread stops
 *  for `holdMs` before its first file, so the workers have started and taken files by then. */
async function inProcess(
  root: string,
  analyzer: OffThreadAnalyzer | undefined,
  options: { cacheDir?: string; holdMs?: number; io?: SkillIo } = {},
): Promise<Watched> {
  let fromWorkers = 0;
  let handedBack = 0;
  const watched: OffThreadAnalyzer | undefined = analyzer && {
    start(files) {
      const run = analyzer.start(files);
      if (!run) return null;
      let first = true;
      return {
        take(file) {
          if (first && options.holdMs) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, options.holdMs);
          first = false;
          const p = run.take(file);
          return p && p.then((r: FreshAnalysis | null) => (r ? fromWorkers++ : handedBack++, r));
        },
        close: () => run.close(),
      };
    },
  };
  const cache = new AnalysisCache({ dir: options.cacheDir ?? null, io: options.io ?? blockingIo, now: () => Date.now() + 60_000 });
  const engine = new Engine({ env: { PATH: '' }, probe: false, cache, ...(watched ? { offThread: watched } : {}) });
  try {
    const { skills } = await engine.checkPaths([root]);
    return { entries: JSON.stringify(skills.map(decided)), skills, cache, fromWorkers, handedBack };
  } finally {
    engine.dispose();
  }
}

describe('worker threads: in-process', function () {
  this.timeout(60_000);
  let tmp: string;
  let lib: string;
  let single: Watched;
  before(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'skill-author-workers-engine-'));
    lib = path.join(tmp, 'lib');
    await generate(lib, 300);
    single = await inProcess(lib, undefined, { cacheDir: path.join(tmp, 'cache-single') });
  });
  after(() => rmSync(tmp, { recursive: true, force: true }));
  afterEach(() => delete process.env['FAULTY_WORKER']);

  it('workers analyze part of the files; results, analyses and the snapshot are those of one thread; a warm run reads nothing', async () => {
    const cacheDir = path.join(tmp, 'cache-workers');
    const r = await inProcess(lib, workerAnalyzer({ script: WORKER, workers: 1 }), { cacheDir, holdMs: 300 });
    assert.ok(r.fromWorkers > 0, 'a worker analyzed some files');
    assert.equal(r.handedBack, 0);
    assert.equal(r.entries, single.entries);
    assert.equal(r.cache.counters.reads, 300);
    assert.equal(r.cache.counters.analyzed, 300);
    assert.deepEqual(readShards(cacheDir), readShards(path.join(tmp, 'cache-single')));
    // A warm run after the worker run: no SKILL.md read, no worker started, the same entries.
    const reads: string[] = [];
    const counting: SkillIo = {
      ...blockingIo,
      readFile: (p, max) => (reads.push(p), blockingIo.readFile(p, max)),
      readFileSync: (p, max) => (reads.push(p), blockingIo.readFileSync(p, max)),
    };
    let started = 0;
    const warm = await inProcess(lib, { start: (files) => (files.length && started++, null) }, { cacheDir, io: counting });
    assert.deepEqual(reads, []);
    assert.equal(started, 0);
    assert.equal(warm.entries, single.entries);
  });

  it('workers that yield their cores (a tree report started) claim nothing more: the main thread analyzes the rest', async () => {
    const analyzer = workerAnalyzer({ script: WORKER, workers: 1 });
    const yielding: OffThreadAnalyzer = {
      start(files) {
        const run = analyzer.start(files);
        analyzer.yieldCores();
        return run;
      },
    };
    // The main thread holds back 300 ms: time enough for the worker to take files, had it not yielded.
    const r = await inProcess(lib, yielding, { holdMs: 300 });
    assert.equal(r.fromWorkers, 0);
    assert.equal(r.handedBack, 0);
    assert.equal(r.entries, single.entries);
    assert.equal(r.cache.counters.analyzed, 300);
  });

  for (const fault of ['throw', 'exit', 'uncaught']) {
    it(`a worker fault (${fault}) is made up for on the main thread`, async () => {
      process.env['FAULTY_WORKER'] = fault; // the worker's environment is a copy taken at its start
      const r = await inProcess(lib, workerAnalyzer({ script: FAULTY_WORKER, workers: 1 }), { holdMs: 300 });
      assert.equal(r.entries, single.entries);
      assert.equal(r.cache.counters.analyzed, 300);
      if (fault === 'throw') assert.ok(r.fromWorkers > 0 && r.handedBack > 0, `from workers ${r.fromWorkers}, handed back ${r.handedBack}`);
      else assert.equal(r.fromWorkers, 0, 'the worker died before posting anything');
    });
  }
});
