// Hermes's read cache (src/core/runtimes/hermes/readCache.ts): a run of an unchanged tree reads no SKILL.md
// and reports exactly what a run without the cache reports; a changed file is read again; a corrupt,
// foreign or unwritable cache never stops a run; Python values survive the encoding, cycles and shared
// references included.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { reportOf, runHermes } from '../../src/core/runtimes/hermes';
import { decodePy, encodePy } from '../../src/core/runtimes/hermes/readCache';
import { PyDict, PyList, pyRepr } from '../../src/core/runtimes/hermes/pyvalue';
import { loadYaml11 } from '../../src/core/runtimes/hermes/yaml11';
import type { RuntimeContext } from '../../src/core/runtimes/types';

let tmp: string;
let root: string;
let cacheDir: string;

const put = (rel: string, text: string | Buffer): string => {
  const p = path.join(root, rel);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, text);
  return p;
};

const baseCtx = (): RuntimeContext => ({
  env: { PATH: '/usr/bin:/bin', HOME: path.join(tmp, 'home') },
  platform: 'linux',
  home: path.join(tmp, 'home'),
  cwd: tmp,
  environments: [],
});
const cachedCtx = (salt = 'build-1'): RuntimeContext => ({ ...baseCtx(), readCache: { dir: cacheDir, salt } });

/** A Hermes run, as the report and the whole run's answers, with the SKILL.md files it read. */
function run(ctx: RuntimeContext): { out: string; reads: string[] } {
  const reads: string[] = [];
  const real = fs.readFileSync;
  const spy = ((p: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
    if (typeof p === 'string' && path.basename(p) === 'SKILL.md') reads.push(p);
    return (real as (...a: unknown[]) => unknown)(p, ...rest);
  }) as typeof fs.readFileSync;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require('node:fs') as typeof fs;
  mod.readFileSync = spy;
  try {
    const r = runHermes(root, ctx);
    const out = JSON.stringify({
      report: reportOf(r),
      warm: r.warm.block,
      list: r.list.json,
      views: r.views.map((v) => v.json),
      fm: r.skills.map((s) => [
        s.text,
        s.fm.kind,
        s.fm.yaml,
        s.fm.body,
        s.fm.layout,
        s.fmHead.kind,
        s.fmHead.body,
        s.fm.yamlError ?? null,
        pyRepr(s.fm.fields),
      ]),
    });
    return { out, reads };
  } finally {
    mod.readFileSync = real;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const shards = (): string[] =>
  readdirSync(cacheDir)
    .filter((n) => n.startsWith('hermes-read-'))
    .flatMap((d) => readdirSync(path.join(cacheDir, d)).map((f) => path.join(cacheDir, d, f)));

describe('Hermes read cache', function () {
  this.timeout(30_000);

  before(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'hermes-read-cache-'));
    root = path.join(tmp, 'skills');
    cacheDir = path.join(tmp, 'cache');
    put('a/plain/SKILL.md', '---\nname: plain\ndescription: A plain skill.\n---\n\nBody.\n');
    put(
      'a/python/SKILL.md',
      [
        '---',
        'name: python',
        'description: yes',
        'version: 1.10',
        'big: 123456789012345678901234567890',
        'when: 2024-01-02',
        'stamp: 2024-01-02 03:04:05.5+01:00',
        'tags: !!set {x, y}',
        'pairs: !!omap [{a: 1}, {b: 2}]',
        'blob: !!binary aGVsbG8=',
        'floats: [.nan, .inf, -.inf, -0.0, 1e400]',
        'loop: &l [1, *l]',
        'shared: &s {k: v}',
        'again: *s',
        'metadata: {hermes: {tags: [a, b]}}',
        '---',
        'Body.',
        '',
      ].join('\n'),
    );
    put('b/fallback/SKILL.md', '---\nname: fallback\ndescription: Use when: things happen\nplatforms: [linux\n---\nBody\n');
    put('b/crlf/SKILL.md', '---\r\nname: crlf\r\ndescription: lone\rCR\r\n---\r\nBody\r\n');
    put('b/long/SKILL.md', `---\nname: long\ndescription: ${'x'.repeat(5000)}\nmore: 1\n---\nBody\n`);
    put('b/none/SKILL.md', 'No frontmatter here.\n');
    put('b/unclosed/SKILL.md', '---\nname: unclosed\n');
    put('b/notutf8/SKILL.md', Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x6e, 0xe9, 0x0a, 0x2d, 0x2d, 0x2d, 0x0a]));
    put('b/mapless/SKILL.md', '---\n- a\n- b\n---\nBody\n');
    // A stamp is trusted only once the file is older than RACY_MS (2 s) when it is read.
    await sleep(2100);
  });

  after(() => rmSync(tmp, { recursive: true, force: true }));

  it('round-trips Python values: big ints, floats, dates, sets, tuples, bytes, cycles and shared references', () => {
    const loaded = loadYaml11(fs.readFileSync(path.join(root, 'a/python/SKILL.md'), 'utf8').split('---')[1] ?? '');
    assert.ok(loaded.ok);
    const v = loaded.value;
    const back = decodePy(JSON.parse(JSON.stringify(encodePy(v))));
    assert.equal(pyRepr(back), pyRepr(v));
    assert.ok(back instanceof PyDict);
    const loop = back.get('loop');
    assert.ok(loop instanceof PyList && loop.items[1] === loop, 'the list that contains itself is one object again');
    assert.equal(back.get('shared'), back.get('again'), 'an alias is the same object');
    const floats = back.get('floats');
    assert.ok(floats instanceof PyList);
    assert.ok(Object.is((floats.items[3] as { value: number }).value, -0));
    assert.throws(() => decodePy(['r', 7]));
    assert.throws(() => decodePy(['?']));
    assert.throws(() => decodePy(['i', '1.5']));
  });

  it('a second run reads no SKILL.md and says exactly what a run without the cache says', () => {
    const plain = run(baseCtx());
    const first = run(cachedCtx());
    assert.equal(first.out, plain.out);
    assert.ok(first.reads.length >= 9);
    const second = run(cachedCtx());
    assert.equal(second.out, plain.out);
    // Only the file that is not UTF-8 is read again (it is not cached: Hermes cannot read it; its finding
    // reads the bytes once more to place the bad byte).
    assert.deepEqual(new Set(second.reads.map((p) => path.relative(root, p))), new Set(['b/notutf8/SKILL.md']));
  });

  it('reads a changed file again (and only it)', async () => {
    run(cachedCtx());
    const file = put('a/plain/SKILL.md', '---\nname: plain\ndescription: Changed, and longer than before.\n---\n\nBody.\n');
    const after = run(cachedCtx());
    assert.ok(after.reads.includes(file));
    assert.ok(!after.reads.some((p) => p.endsWith('python/SKILL.md')));
    assert.equal(after.out, run(baseCtx()).out);
    assert.match(after.out, /Changed, and longer/);
    // Same size, same second: the stamp (mtime, ctime) still differs, or the write is too recent to trust.
    put('a/plain/SKILL.md', '---\nname: plain\ndescription: Changed, and longer than after.\n---\n\nBody.\n');
    const again = run(cachedCtx());
    assert.ok(again.reads.includes(file));
    assert.match(again.out, /longer than after/);
    await sleep(2100);
  });

  it('another build (salt) trusts nothing of the cache', () => {
    run(cachedCtx());
    const other = run(cachedCtx('build-2'));
    assert.ok(other.reads.length >= 9);
    assert.equal(other.out, run(baseCtx()).out);
  });

  it('a corrupt or foreign cache never stops a run: it is ignored, reported once and rebuilt', () => {
    run(cachedCtx());
    const expected = run(baseCtx()).out;
    const files = shards();
    assert.ok(files.length > 0);
    const garbage = [
      'not json {',
      '{"format":"something-else","entries":{}}',
      '[]',
      'null',
      JSON.stringify({ format: 'hermes-read-1', version: 'x', entries: 5 }),
    ];
    files.forEach((f, i) => writeFileSync(f, garbage[i % garbage.length] as string));
    const warnings: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((s: string) => {
      warnings.push(String(s));
      return true;
    }) as typeof process.stderr.write;
    let broken;
    try {
      broken = run({ ...baseCtx(), readCache: { dir: cacheDir, salt: 'build-1', warnings: 'stderr' } });
    } finally {
      process.stderr.write = write;
    }
    assert.equal(broken.out, expected);
    assert.ok(broken.reads.length >= 9);
    assert.equal(warnings.length, 1, warnings.join(''));
    assert.match(warnings[0] ?? '', /^skill-author: warning: Hermes's read cache file .* (corrupt|not one of ours).*rebuilt\n$/);
    // Rebuilt: the next run reads nothing again.
    assert.deepEqual(new Set(run(cachedCtx()).reads.map((p) => path.relative(root, p))), new Set(['b/notutf8/SKILL.md']));
  });

  it('a malformed entry or value inside a valid shard is ignored, and the file read', () => {
    run(cachedCtx());
    const expected = run(baseCtx()).out;
    for (const f of shards()) {
      const doc = JSON.parse(fs.readFileSync(f, 'utf8')) as { entries: Record<string, { y: unknown[]; x: string }> };
      for (const e of Object.values(doc.entries)) {
        if (e.y.length) e.y = [{ v: ['r', 99], l: [] }];
        else e.x = 5 as unknown as string;
      }
      writeFileSync(f, JSON.stringify(doc));
    }
    const r = run(cachedCtx());
    assert.equal(r.out, expected);
    assert.ok(r.reads.length >= 9);
  });

  it('an unwritable cache folder turns the cache off for the run', () => {
    const blocked = path.join(tmp, 'blocked');
    writeFileSync(blocked, 'a file, not a folder');
    const r = run({ ...baseCtx(), readCache: { dir: path.join(blocked, 'cache'), salt: 'build-1' } });
    assert.equal(r.out, run(baseCtx()).out);
  });
});
