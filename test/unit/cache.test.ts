// The analysis cache (src/core/check/cache.ts), the I/O seam it reads through, and the two performance changes
// that must not change what a file means: the YAML fast path (yaml.ts) and the schema compiled without
// meta-validation (schema.ts). No timings are asserted here; `npm run bench` measures.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, type Stats, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import Ajv from 'ajv';
import { parseDocument } from 'yaml';
import type { SkillAnalysis } from '../../src/core/check/analyze';
import { AnalysisCache, type AnalysisCacheOptions, analyzeSkillFile, STORED_KEYS } from '../../src/core/check/cache';
import { blockingIo, asyncIo, readSkillText, type SkillIo } from '../../src/core/skill/catalog';
import { Engine } from '../../src/core/check/engine';
import { decided } from '../utils/decided';
import { frontmatterSchema } from '../../src/core/skill/schema';
import { splitSkill } from '../../src/core/skill/frontmatter';
import { parseYaml } from '../../src/core/skill/yaml';
import { writeUnder } from '../utils/fs';
import { countingIo } from '../utils/io';

const repo = path.resolve(__dirname, '../../..');
let tmp: string;

const put = (rel: string, text: string): string => writeUnder(tmp, rel, text);
const skill = (name: string, extra = ''): string =>
  `---\nname: ${name}\ndescription: The ${name} skill does one thing well.\n${extra}---\nUse ${name} carefully.\n`;

interface Run {
  skills: Awaited<ReturnType<Engine['checkPaths']>>['skills'];
  cache: AnalysisCache;
  reads: string[];
  warnings: string[];
}

/** One `check` as a new process would do it: a new cache object on the same folder. */
async function run(root: string, cacheDir: string | null, options: Partial<AnalysisCacheOptions> & { base?: SkillIo; failWrites?: string } = {}): Promise<Run> {
  const io = countingIo(options.base, options.failWrites);
  const warnings: string[] = [];
  // Files written by the test are seconds old at most; pretend the check runs a minute later so their stamps
  // are trusted (the racy-stamp rule has its own test).
  const cache = new AnalysisCache({ dir: cacheDir, io, now: () => Date.now() + 60_000, onWarning: (m) => warnings.push(m), ...options });
  const engine = new Engine({ env: { PATH: '' }, probe: false, cache });
  try {
    const { skills } = await engine.checkPaths([root]);
    return { skills, cache, reads: io.reads, warnings };
  } finally {
    engine.dispose();
  }
}

const entries = (r: Run): string => JSON.stringify(r.skills.map(decided));

/** The keys the cache stores: the analysis as data. */
const STORED = STORED_KEYS;
/** The analysis as data (undefined object fields and absent ones read the same, so compare through JSON). */
const stored = (a: SkillAnalysis | null): unknown => (a ? JSON.parse(JSON.stringify(Object.fromEntries(STORED.map((k) => [k, a[k]])))) : null);

beforeEach(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'skill-author-cache-'));
  put('skills/alpha/SKILL.md', skill('alpha'));
  put('skills/tools/beta/SKILL.md', skill('beta', 'requires:\n  bins: [git]\n  bin_versions:\n    git: ">=2"\n  mode: warn\n'));
  put('skills/tools/gamma/SKILL.md', '---\nname: gamma\ndescription: Use when: things break\n---\nBody.\n');
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('analysis cache: the warm run', () => {
  it('reads no SKILL.md at all, and says exactly what the cold run said', async () => {
    const root = path.join(tmp, 'skills');
    const cacheDir = path.join(tmp, 'cache');
    const cold = await run(root, cacheDir);
    assert.equal(cold.reads.length, 3);
    assert.equal(cold.cache.counters.analyzed, 3);
    assert.ok(cold.cache.counters.writes > 0);
    const warm = await run(root, cacheDir);
    assert.deepEqual(warm.reads, [], 'the warm run read a SKILL.md');
    assert.equal(warm.cache.counters.diskHits, 3);
    assert.equal(warm.cache.counters.writes, 0, 'nothing changed, nothing is written');
    assert.equal(entries(warm), entries(cold));
    for (let i = 0; i < 3; i++) assert.deepEqual(stored(warm.skills[i]?.analysis ?? null), stored(cold.skills[i]?.analysis ?? null));
    assert.deepEqual(warm.warnings, []);
  });

  it('works the same through the asynchronous I/O (the extension host)', async () => {
    const root = path.join(tmp, 'skills');
    const cacheDir = path.join(tmp, 'cache');
    const cold = await run(root, cacheDir, { base: asyncIo });
    const warm = await run(root, cacheDir, { base: asyncIo });
    assert.equal(cold.reads.length, 3);
    assert.deepEqual(warm.reads, []);
    assert.equal(entries(warm), entries(cold));
  });

  it('in-process: an unchanged file is never read or parsed twice by one cache', async () => {
    const io = countingIo();
    const cache = new AnalysisCache({ io, now: () => Date.now() + 60_000 });
    const engine = new Engine({ env: { PATH: '' }, probe: false, cache });
    await engine.checkPaths([path.join(tmp, 'skills')]);
    await engine.checkPaths([path.join(tmp, 'skills')]);
    const file = path.join(tmp, 'skills/alpha/SKILL.md');
    const a = await engine.analyzeFile(file);
    assert.equal(io.reads.length, 3);
    assert.equal(cache.counters.analyzed, 3);
    assert.equal(cache.counters.memoryHits, 4);
    put('skills/alpha/SKILL.md', skill('alpha', 'license: MIT\n'));
    const b = await engine.analyzeFile(file);
    assert.notEqual(a, b);
    assert.equal(cache.counters.analyzed, 4);
    assert.equal((b.data as Record<string, unknown>)['license'], 'MIT');
    engine.dispose();
  });

  it('the text-sized fields are read from the file on first use, and match', async () => {
    const root = path.join(tmp, 'skills');
    const cacheDir = path.join(tmp, 'cache');
    await run(root, cacheDir);
    const warm = await run(root, cacheDir);
    const beta = warm.skills.find((s) => s.id === 'beta')?.analysis;
    assert.ok(beta);
    assert.deepEqual(warm.reads, []);
    const file = path.join(tmp, 'skills/tools/beta/SKILL.md');
    const fresh = analyzeSkillFile({ text: readFileSync(file, 'utf8') }, file);
    assert.equal(beta.body, fresh.body);
    assert.equal(beta.text, fresh.text);
    assert.equal(beta.index.lineCount, fresh.index.lineCount);
    assert.ok(beta.yaml?.doc);
    assert.equal(warm.reads.length, 1, 'one read for all four lazy fields');
  });
});

describe('analysis cache: invalidation', () => {
  const root = (): string => path.join(tmp, 'skills');
  const cacheDir = (): string => path.join(tmp, 'cache');

  it('an edit re-analyzes exactly that file', async () => {
    await run(root(), cacheDir());
    const file = put('skills/alpha/SKILL.md', skill('alpha', 'compatibility: Needs git\n'));
    const r = await run(root(), cacheDir());
    assert.deepEqual(r.reads, [file]);
    assert.equal(r.cache.counters.analyzed, 1);
    assert.equal(r.cache.counters.diskHits, 2);
    const alpha = r.skills.find((s) => s.id === 'alpha')?.analysis;
    assert.equal((alpha?.data as Record<string, unknown>)['compatibility'], 'Needs git');
    // …and the next run trusts the new entry.
    const again = await run(root(), cacheDir());
    assert.deepEqual(again.reads, []);
    assert.equal(entries(again), entries(r));
  });

  it('a folder link pointed at another file of the same size and times: the inode tells them apart', async () => {
    put('outside/a/SKILL.md', skill('linked', 'compatibility: Version A\n'));
    put('outside/b/SKILL.md', skill('linked', 'compatibility: Version B\n'));
    symlinkSync(path.join(tmp, 'outside/a'), path.join(tmp, 'skills/linked'));
    // Both files as a file system with a coarse clock shows two files written in the same tick.
    const pin = (st: Stats): Stats => Object.assign(Object.create(Object.getPrototypeOf(st) as object) as Stats, st, { mtimeMs: 1e12, ctimeMs: 1e12 });
    const pinned: SkillIo = {
      ...blockingIo,
      stat: async (p) => pin(await blockingIo.stat(p)),
      readFile: async (p, max) => {
        const r = await blockingIo.readFile(p, max);
        return { ...r, stat: pin(r.stat) };
      },
      readFileSync: (p, max) => {
        const r = blockingIo.readFileSync(p, max);
        return { ...r, stat: pin(r.stat) };
      },
    };
    const compat = (r: Run): unknown => (r.skills.find((s) => s.id === 'linked')?.analysis?.data as Record<string, unknown>)['compatibility'];
    assert.equal(compat(await run(root(), cacheDir(), { base: pinned })), 'Version A');
    unlinkSync(path.join(tmp, 'skills/linked'));
    symlinkSync(path.join(tmp, 'outside/b'), path.join(tmp, 'skills/linked'));
    const r = await run(root(), cacheDir(), { base: pinned });
    assert.deepEqual(r.reads, [path.join(tmp, 'skills/linked/SKILL.md')]);
    assert.equal(compat(r), 'Version B');
  });

  it('a touch without a change (new mtime, same bytes) re-reads the file but does not re-parse it', async () => {
    const cold = await run(root(), cacheDir());
    const file = path.join(tmp, 'skills/tools/gamma/SKILL.md');
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    const r = await run(root(), cacheDir());
    assert.deepEqual(r.reads, [file]);
    assert.equal(r.cache.counters.analyzed, 0);
    assert.equal(r.cache.counters.sameContent, 1);
    assert.equal(entries(r), entries(cold));
    const again = await run(root(), cacheDir(), { now: () => Date.now() + 120_000 });
    assert.deepEqual(again.reads, [], 'the new stamp was saved');
  });

  it('a deleted file drops its entry; an added file is the only one read', async () => {
    await run(root(), cacheDir());
    rmSync(path.join(tmp, 'skills/alpha'), { recursive: true });
    const afterDelete = await run(root(), cacheDir());
    assert.deepEqual(afterDelete.reads, []);
    assert.deepEqual(afterDelete.skills.map((s) => s.id).sort(), ['beta', 'gamma']);
    const onDisk = shardTexts(cacheDir()).join('\n');
    assert.ok(!onDisk.includes(path.join('alpha', 'SKILL.md')), 'the deleted file is gone from the snapshot');
    assert.ok(onDisk.includes(path.join('gamma', 'SKILL.md')));
    const added = put('skills/tools/delta/SKILL.md', skill('delta'));
    const afterAdd = await run(root(), cacheDir());
    assert.deepEqual(afterAdd.reads, [added]);
    assert.equal(afterAdd.cache.counters.analyzed, 1);
    assert.deepEqual(afterAdd.skills.map((s) => s.id).sort(), ['beta', 'delta', 'gamma']);
  });

  it('an engine version bump, a schema change or a new build invalidates every entry', async () => {
    await run(root(), cacheDir(), { salt: 'build-1' });
    assert.deepEqual((await run(root(), cacheDir(), { salt: 'build-1' })).reads, []);
    assert.equal((await run(root(), cacheDir(), { salt: 'build-1', analysisVersion: 999 })).reads.length, 3);
    assert.equal((await run(root(), cacheDir(), { salt: 'build-2' })).reads.length, 3);
    // The version hashes the schema itself: any edit of it gives another version.
    const a = new AnalysisCache({ salt: 'x' });
    assert.equal(a.version, new AnalysisCache({ salt: 'x' }).version);
    assert.notEqual(a.version, new AnalysisCache({ salt: 'x', analysisVersion: 999 }).version);
    assert.ok(JSON.stringify(frontmatterSchema).length > 100);
  });

  it('a stamp too recent to trust (a write in the same tick as the read) is checked again', async () => {
    // now() equal to the file's own time: the entry is "racy" and the next run re-reads (and re-hashes) it.
    await run(root(), cacheDir(), { now: () => Date.now() });
    const r = await run(root(), cacheDir(), { now: () => Date.now() });
    assert.equal(r.reads.length, 3);
    assert.equal(r.cache.counters.analyzed, 0);
    assert.equal(r.cache.counters.sameContent, 3);
  });

  it('a file that cannot be opened is reported and not cached', async () => {
    const io = countingIo();
    const cache = new AnalysisCache({ io, now: () => Date.now() + 60_000 });
    const missing = path.join(tmp, 'skills/nowhere/SKILL.md');
    const a = await cache.analyze(missing);
    assert.deepEqual(
      a.diagnostics.map((d) => d.code),
      ['file-unreadable'],
    );
    await cache.analyze(missing);
    assert.equal(io.reads.length, 2);
  });
});

function shardTexts(cacheDir: string): string[] {
  const out: string[] = [];
  for (const snap of readdirSync(cacheDir)) {
    const dir = path.join(cacheDir, snap);
    if (!statSync(dir).isDirectory()) continue;
    for (const f of readdirSync(dir)) out.push(readFileSync(path.join(dir, f), 'utf8'));
  }
  return out;
}

function shardFiles(cacheDir: string): string[] {
  const out: string[] = [];
  for (const snap of readdirSync(cacheDir)) for (const f of readdirSync(path.join(cacheDir, snap))) out.push(path.join(cacheDir, snap, f));
  return out;
}

describe('analysis cache: a broken cache folder', () => {
  const root = (): string => path.join(tmp, 'skills');
  const cacheDir = (): string => path.join(tmp, 'cache');

  it('a corrupt snapshot is ignored (said once), the check is right, and the snapshot is rebuilt', async () => {
    const cold = await run(root(), cacheDir());
    const files = shardFiles(cacheDir());
    assert.ok(files.length > 0);
    for (const f of files) writeFileSync(f, '{"format": "skill-author/analysis-cache", "entries": tru');
    const r = await run(root(), cacheDir());
    assert.equal(r.warnings.length, 1, r.warnings.join('\n'));
    assert.match(r.warnings[0] ?? '', /corrupt/);
    assert.equal(r.reads.length, 3);
    assert.equal(entries(r), entries(cold));
    const again = await run(root(), cacheDir());
    assert.deepEqual(again.reads, []);
    assert.deepEqual(again.warnings, []);
  });

  it('a malformed entry is ignored and only that file is read again', async () => {
    await run(root(), cacheDir());
    const file = shardFiles(cacheDir()).find((f) => readFileSync(f, 'utf8').includes(path.join('gamma', 'SKILL.md')));
    assert.ok(file);
    const shard = JSON.parse(readFileSync(file, 'utf8')) as { entries: Record<string, { a: { diagnostics: unknown } }> };
    for (const e of Object.values(shard.entries)) e.a.diagnostics = 'not a list';
    writeFileSync(file, JSON.stringify(shard));
    const r = await run(root(), cacheDir());
    assert.equal(r.warnings.length, 1);
    assert.equal(r.reads.length, Object.keys(shard.entries).length);
  });

  it('an unwritable folder: the check still works, one warning, and no further attempt', async () => {
    const io = countingIo(blockingIo, 'EACCES');
    const warnings: string[] = [];
    const cache = new AnalysisCache({ dir: cacheDir(), io, onWarning: (m) => warnings.push(m) });
    const engine = new Engine({ env: { PATH: '' }, probe: false, cache });
    const first = await engine.checkPaths([root()]);
    put('skills/alpha/SKILL.md', skill('alpha', 'license: MIT\n'));
    await engine.checkPaths([root()]);
    await engine.checkPaths([path.join(tmp, 'skills/tools')]);
    engine.dispose();
    assert.equal(first.skills.length, 3);
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0] ?? '', /cannot write the cache folder .*EACCES.*continuing without the cache/);
    assert.equal(cache.persistent, false);
    assert.ok(!existsSync(cacheDir()));
  });

  it('a cache "folder" that is a file: falls back, says so once', async () => {
    writeFileSync(cacheDir(), 'not a folder');
    const r = await run(root(), cacheDir());
    assert.equal(r.skills.length, 3);
    assert.equal(r.warnings.length, 1);
    assert.match(r.warnings[0] ?? '', /cannot write/);
  });

  it('no temporary files are left behind', async () => {
    await run(root(), cacheDir());
    put('skills/alpha/SKILL.md', skill('alpha', 'license: MIT\n'));
    await run(root(), cacheDir());
    assert.deepEqual(
      shardFiles(cacheDir()).filter((f) => f.endsWith('.tmp')),
      [],
    );
  });
});

describe('analysis cache: fidelity', () => {
  it('a restored analysis equals a fresh one for every fixture and example SKILL.md', async () => {
    const files: string[] = [];
    const walk = (d: string): void => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name === 'SKILL.md') files.push(p);
      }
    };
    walk(path.join(repo, 'test', 'fixtures'));
    walk(path.join(repo, 'examples'));
    assert.ok(files.length > 5);
    const cacheDir = path.join(tmp, 'cache');
    const first = new AnalysisCache({ dir: cacheDir, io: blockingIo, now: () => Date.now() + 60_000 });
    for (const f of files) await first.analyze(f);
    await first.save([repo], files);
    const second = new AnalysisCache({ dir: cacheDir, io: countingIo(), now: () => Date.now() + 60_000 });
    await second.load([repo]);
    for (const f of files) {
      const fresh = analyzeSkillFile(await readSkillText(f), f);
      const restored = await second.analyze(f);
      assert.deepEqual(stored(restored), stored(fresh), f);
      assert.equal(Object.getPrototypeOf(restored.data ?? Object.create(null)), null, 'frontmatter maps stay null-prototype');
    }
    assert.equal(second.counters.diskHits, files.length);
  });
});

describe('the CLI and the cache', () => {
  const cli = path.join(repo, 'dist', 'cli.js');
  const runCli = (args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, [cli, ...args], { cwd: tmp, encoding: 'utf8', env: { PATH: '/usr/bin:/bin', HOME: tmp, ...env }, timeout: 30000 });

  it('uses $XDG_CACHE_HOME/skill-author, and --no-cache neither reads nor writes it', () => {
    const xdg = path.join(tmp, 'xdg');
    const noCache = runCli(['check', '--json', '--no-probe', '--no-cache', 'skills'], { XDG_CACHE_HOME: xdg });
    assert.equal(noCache.status, 1, noCache.stderr);
    assert.ok(!existsSync(xdg));
    const cold = runCli(['check', '--json', '--no-probe', 'skills'], { XDG_CACHE_HOME: xdg });
    assert.ok(existsSync(path.join(xdg, 'skill-author')));
    const warm = runCli(['check', '--json', '--no-probe', 'skills'], { XDG_CACHE_HOME: xdg });
    assert.equal(warm.stdout, cold.stdout);
    assert.equal(cold.stdout, noCache.stdout);
    assert.equal(warm.stderr, '');
    const home = runCli(['check', '--json', '--no-probe', 'skills'], {});
    assert.equal(home.stdout, cold.stdout);
    assert.ok(existsSync(path.join(tmp, '.cache', 'skill-author')));
  });

  it('an unusable cache folder prints one warning and the check still succeeds', () => {
    const xdg = path.join(tmp, 'xdg-file');
    writeFileSync(xdg, 'a file, not a folder');
    const r = runCli(['check', '--json', '--no-probe', 'skills'], { XDG_CACHE_HOME: xdg });
    assert.equal(r.status, 1);
    assert.equal(JSON.parse(r.stdout).skills.length, 3);
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.length, 1, r.stderr);
    assert.match(lines[0] ?? '', /^skill-author: warning: cannot write the cache folder/);
    unlinkSync(xdg);
  });

  it('banner and index accept --no-cache', () => {
    assert.equal(runCli(['banner', '--no-cache', '--no-probe', 'skills/tools/beta'], {}).status, 0);
    assert.equal(runCli(['index', '--no-cache', '--no-probe', 'skills'], {}).status, 0);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('performance changes that keep the meaning', () => {
  it('the shipped schema is valid against the JSON Schema meta-schema (not re-checked at run time)', () => {
    const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
    ajv.addKeyword({ keyword: 'markdownDescription', schemaType: 'string' });
    assert.equal(ajv.validateSchema(frontmatterSchema as object), true, JSON.stringify(ajv.errors));
  });

  it('parsing without uniqueKeys finds exactly the duplicate keys the yaml package reports', () => {
    const OPTS = { prettyErrors: false, keepSourceTokens: false, strict: true, uniqueKeys: true } as const;
    const sources: string[] = [];
    const walk = (d: string): void => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith('.md')) {
          const text = readFileSync(p, 'utf8');
          const s = splitSkill(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
          if (s.frontmatter) sources.push(text.slice(s.frontmatter.yamlStart, s.frontmatter.yamlEnd));
        }
      }
    };
    walk(path.join(repo, 'test', 'fixtures'));
    walk(path.join(repo, 'examples'));
    sources.push(...generatedFrontmatters(4000));
    // Documents with real duplicates too, at every depth.
    sources.push('a: 1\na: 2\n', 'r:\n  bins: [x]\n  bins: [y]\n', 'l:\n  - k: 1\n    k: 2\n', '1: a\n"1": b\n', '{x: 1, x: 2}\n');
    let duplicates = 0;
    for (const src of sources) {
      const ref = parseDocument(src, OPTS).errors.some((e) => e.code === 'DUPLICATE_KEY');
      const ours = parseYaml(src, 0).issues.some((i) => i.kind === 'duplicate-key');
      assert.equal(ours, ref, JSON.stringify(src));
      if (ref) duplicates++;
    }
    assert.ok(duplicates >= 4, `only ${duplicates} documents with duplicates were compared`);
  });
});

/** Seeded frontmatters: realistic ones, and ones mixing every character and scalar form the fast path must
 *  either build exactly or refuse. */
function generatedFrontmatters(count: number): string[] {
  let seed = 12345;
  const r = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const CH = [...'ab: #,[]{}-?|>&*!%@`\'"\\/.0123456789eExX+_~ ,.:;()=<>éü😀\u00a0'];
  const ATOMS = [
    '1',
    '-1',
    '0x1F',
    '0o17',
    '1.0',
    '1.10',
    '1e3',
    '.inf',
    '-.inf',
    '.nan',
    'true',
    'True',
    'FALSE',
    'null',
    'Null',
    '~',
    'yes',
    'on',
    '0',
    '007',
    '+1',
    '1_000',
    '2024-01-01',
    'a:b',
    'a: b',
    'a #b',
    'a#b',
    '#a',
    'http://x.y/z',
    'C#',
    "it's",
    'x,y',
    '[x]',
    'x]',
    '{x}',
    '-x',
    '- x',
    '?x',
    ':x',
    'x:',
    '"q"',
    "'q'",
    '"a\\"b"',
    "'a''b'",
    '"a\\nb"',
    '"é"',
    'é',
    '"#x"',
    "'x: y'",
    '>=1.0',
    '"^1.2"',
    'a  b',
    '<x>',
    '@x',
    '`x`',
    '%x',
    '!x',
    '&x',
    '*x',
    '|',
    '>',
    'ffmpeg',
    'Use when the user asks to convert video.',
    '"Transcode: audio"',
  ];
  const KEYS = [
    'name',
    'description',
    'license',
    'metadata',
    'requires',
    'bins',
    'env',
    'mode',
    'x.y',
    '1',
    'true',
    'null',
    '~',
    '-a',
    'a b',
    'a-b',
    '7z',
    'é',
    '"q"',
    'a:b',
    '1.0',
    '0x1',
    'on',
    'allowed-tools',
  ];
  const atom = (): string => {
    if (r() < 0.7) return pick(ATOMS);
    let s = '';
    for (let i = 1 + Math.floor(r() * 8); i > 0; i--) s += pick(CH);
    return s;
  };
  const value = (depth: number, indent: number): string => {
    const k = r();
    if (k < 0.55) return ` ${atom()}`;
    if (k < 0.7) return ` [${Array.from({ length: 1 + Math.floor(r() * 3) }, atom).join(pick([', ', ',', ' ,', ',  ']))}]`;
    if (k < 0.8 && depth < 3)
      return `\n${Array.from({ length: 1 + Math.floor(r() * 3) }, () => `${' '.repeat(indent + pick([0, 2, 2, 4]))}- ${atom()}`).join('\n')}`;
    if (depth < 3) return `\n${block(depth + 1, indent + pick([1, 2, 2, 4]))}`;
    return ' x';
  };
  const block = (depth: number, indent: number): string =>
    Array.from({ length: 1 + Math.floor(r() * 4) }, () => `${' '.repeat(indent)}${pick(KEYS)}:${value(depth, indent)}`).join('\n');
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 4 === 0) {
      const name = `${pick(['convert', 'search', 'sync'])}-${pick(['video', 'notes', 'pdf'])}`;
      out.push(
        [
          `name: ${name}`,
          `description: ${pick(['Convert files.', 'Use when the user asks to sync notes, then report.', '"Quoted: with a colon"', "'single'"])}`,
          ...(r() < 0.5 ? ['metadata:', '  author: me', `  version: ${pick(['"1.2"', '1.2', '1.10', '2'])}`] : []),
          ...(r() < 0.6
            ? [
                'requires:',
                `  bins: [${pick(['git', 'git, gh', '"git"'])}]`,
                '  bin_versions:',
                `    git: ${pick(['">=2"', '"^2.30"', '2.0', '">= 1.2, <3"'])}`,
                `  mode: ${pick(['warn', 'strict', 'Warn'])}`,
              ]
            : []),
          ...(r() < 0.3 ? ['prerequisites:', '  commands:', '    - curl', '    - jq', '  env_vars: [TOKEN]'] : []),
        ].join('\n') + '\n',
      );
    } else out.push(`${block(0, 0)}\n`);
  }
  return out;
}
