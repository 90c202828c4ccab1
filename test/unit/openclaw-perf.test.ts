// The OpenClaw emulation made cheaper without changing what it says: a run's file-system questions are asked
// once (fsview.ts: real paths, lstat/stat, folder listings, a folder reached through a link or a loop read
// once), two real paths are compared as strings, a text is analyzed once however many paths reach it, and
// the CLI keeps parses and findings of texts on disk (readCache.ts). Each is shown to give the answer of the
// code that asks every time: a run through FsView equals one through UncachedFsView on trees with folder
// links, loops, escaping links, grouped folders and a SKILL.md link; a warm evaluation equals a cold one.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { evaluateOpenClaw, runOpenClaw, type OpenClawRun, type OpenClawVersion } from '../../src/core/runtimes/openclaw';
import { collectFindings } from '../../src/core/runtimes/openclaw/findings';
import { buildVerdicts } from '../../src/core/runtimes/openclaw/verdicts';
import { UncachedFsView } from '../../src/core/machine/fsview';
import { isPathInside, isRealPathInside } from '../../src/core/runtimes/openclaw/read';
import type { RuntimeContext } from '../../src/core/runtimes/types';
import { openClawSandbox } from '../utils/openclaw';

const temps: string[] = [];
after(() => {
  for (const t of temps) fs.rmSync(t, { recursive: true, force: true });
});

const skillMd = (name: string, description = `Does ${name}.`): string => `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n\n# ${name}\n`;

/** A sandbox HOME whose workspace skills folder holds `files` (`link:target` makes a symlink). */
function sandbox(files: Record<string, string>, config: unknown = {}): { root: string; ctx: RuntimeContext; home: string } {
  const { home, root, env } = openClawSandbox(files, config, 'openclaw-perf-', temps);
  return { root, home, ctx: { env, platform: 'linux', home, cwd: home, versions: { openclaw: '2026.9.6' } } };
}

/** Everything a run says, as plain data. */
function said(run: OpenClawRun): unknown {
  return JSON.parse(
    JSON.stringify({
      scans: run.scans,
      traces: run.traces,
      logs: run.logs,
      replaced: run.replaced,
      cut: run.cut,
      entries: run.entries,
      prompt: run.prompt,
      status: run.status,
      verdicts: buildVerdicts(run),
      findings: collectFindings(run),
    }),
  );
}

const posix = process.platform !== 'win32';

/** Trees where the same folders are reached many times: folder links, a loop back to the root, a loop inside a
 *  group, links that escape, a grouped folder 7 levels deep, a SKILL.md link, copies of one text. */
const TREES: Record<string, Record<string, string>> = {
  loops: {
    'alpha/SKILL.md': skillMd('alpha'),
    'beta/SKILL.md': skillMd('beta', 'Use when: asked'),
    'group/one/SKILL.md': skillMd('one'),
    'group/two/SKILL.md': '---\nname: two\n---\nno description\n',
    'group/again': 'link:..',
    'loop-link': 'link:.',
    'group/self/self': 'link:..',
    escape: 'link:~/outside',
    '~/outside/out/SKILL.md': skillMd('out'),
    'linked-skill': 'link:alpha',
    'md-link/SKILL.md': 'link:../alpha/SKILL.md',
    'copy/SKILL.md': skillMd('alpha'),
    'a/b/c/d/e/f/g/SKILL.md': skillMd('deep'),
    'a/b/c/SKILL.md': skillMd('mid'),
    dangling: 'link:/nonexistent/skill-author/nowhere',
    '.hidden/SKILL.md': skillMd('hidden'),
  },
  nested: {
    'skills/x/SKILL.md': skillMd('x'),
    'skills/loop': 'link:..',
    'skills/y/deeper/SKILL.md': skillMd('y'),
  },
};

describe('OpenClaw: the answers of a run that asks the file system once', () => {
  it('isPathInside compares normal absolute POSIX paths as path.relative does', () => {
    const relativeSays = (root: string, candidate: string): boolean => {
      const relative = path.relative(path.resolve(root), path.resolve(candidate));
      return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
    };
    const parts = ['/', '/a', '/a/', '/a/b', '/ab', '/a/b/c', '/a/./b', '/a/../a/b', '//a', '/a/..', '/..a', '/a/.b', '/a b', 'a', '', '.', '/a/b/', '/a/bc'];
    for (const root of parts)
      for (const candidate of parts) assert.equal(isPathInside(root, candidate), relativeSays(root, candidate), `${root} ⊇ ${candidate}`);
    // Real paths (absolute, normal form) need no look at their form.
    const real = parts.filter((p) => path.isAbsolute(p) && path.resolve(p) === p);
    assert.ok(real.length >= 8);
    for (const root of real)
      for (const candidate of real) assert.equal(isRealPathInside(root, candidate), relativeSays(root, candidate), `${root} ⊇ ${candidate}`);
  });

  for (const version of ['2026.9.6', '2026.4.12'] as OpenClawVersion[]) {
    for (const [name, files] of Object.entries(TREES)) {
      it(`${version}, ${name}: the same run through FsView as through a view that asks every time`, function () {
        if (!posix) this.skip();
        const { root, ctx } = sandbox(files, { skills: { load: { allowSymlinkTargets: [] } } });
        const memo = said(runOpenClaw(root, ctx, { version }));
        const direct = said(runOpenClaw(root, ctx, { version, fsView: new UncachedFsView() }));
        assert.deepEqual(memo, direct);
      });
    }
  }

  it('a loop walked 6 levels deep: every path it yields is reported, each folder read once', function () {
    if (!posix) this.skip();
    const { root, ctx } = sandbox(TREES.loops ?? {});
    const run = runOpenClaw(root, ctx, { version: '2026.9.6' });
    // The loop's paths are candidates of their own (OpenClaw walks them), so the names repeat under them.
    assert.ok(
      run.replaced.some((r) => r.loser.filePath.includes(`${path.sep}loop-link${path.sep}`) || r.winner.filePath.includes(`${path.sep}loop-link${path.sep}`)),
    );
    const before = said(run);
    const reads = new Map<string, number>();
    const real = fs.readdirSync;
    const spy = ((p: fs.PathLike, ...rest: unknown[]) => {
      reads.set(String(p), (reads.get(String(p)) ?? 0) + 1);
      return (real as (...a: unknown[]) => unknown)(p, ...rest);
    }) as typeof fs.readdirSync;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require('node:fs') as typeof fs;
    mod.readdirSync = spy;
    try {
      const again = runOpenClaw(root, ctx, { version: '2026.9.6' });
      assert.deepEqual(said(again), before);
    } finally {
      mod.readdirSync = real;
    }
    assert.ok(reads.size > 0);
    // Each real folder of the workspace is listed at most twice (discovery, then the findings' look at the
    // root's sub-folders), though the loop reaches each of them by many paths.
    const realFolders = (dir: string): number =>
      1 + fs.readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => sum + (e.isDirectory() ? realFolders(path.join(dir, e.name)) : 0), 0);
    const listed = [...reads].filter(([dir]) => dir.startsWith(root)).reduce((sum, [, n]) => sum + n, 0);
    assert.ok(listed <= 2 * realFolders(root), `${listed} listings of ${realFolders(root)} folders`);
    for (const [dir, n] of reads) assert.ok(n <= 2, `${dir} listed ${n} times`);
  });
});

describe('OpenClaw: the read cache of the CLI', () => {
  it('a warm evaluation says what a cold one says, and a changed text is parsed again', async function () {
    if (!posix) this.skip();
    const { root, ctx, home } = sandbox({
      ...TREES.loops,
      'meta/SKILL.md': '---\nname: meta\ndescription: d\nmetadata: {"openclaw": {"bins": ["git"], "os": ["linux"]}}\n---\n',
    });
    const cacheDir = path.join(home, 'cache');
    const cached = { ...ctx, readCache: { dir: cacheDir, salt: 'test' } };
    const cold = await evaluateOpenClaw(root, ctx);
    const fill = await evaluateOpenClaw(root, cached);
    assert.ok(fs.readdirSync(cacheDir).some((f) => f.startsWith('openclaw-read-2026.9.6')));
    const warm = await evaluateOpenClaw(root, cached);
    assert.deepEqual(fill, cold);
    assert.deepEqual(warm, cold);
    // Another salt (another build) trusts nothing stored.
    assert.deepEqual(await evaluateOpenClaw(root, { ...ctx, readCache: { dir: cacheDir, salt: 'other' } }), cold);
    fs.writeFileSync(path.join(root, 'alpha', 'SKILL.md'), '---\nname: alpha\n---\nno description any more\n');
    const changed = await evaluateOpenClaw(root, cached);
    assert.deepEqual(changed, await evaluateOpenClaw(root, ctx));
    assert.notDeepEqual(changed, cold);
  });

  it('a corrupt cache file is ignored and rebuilt', async function () {
    if (!posix) this.skip();
    const { root, ctx, home } = sandbox({ 'alpha/SKILL.md': skillMd('alpha') });
    const cacheDir = path.join(home, 'cache');
    fs.mkdirSync(cacheDir);
    fs.writeFileSync(path.join(cacheDir, 'openclaw-read-2026.9.6.json'), '{"format": "openclaw-read-1", "salt": "t", "entries": [[1], null, "x"');
    const cached = { ...ctx, readCache: { dir: cacheDir, salt: 't' } };
    assert.deepEqual(await evaluateOpenClaw(root, cached), await evaluateOpenClaw(root, ctx));
    assert.doesNotThrow(() => JSON.parse(fs.readFileSync(path.join(cacheDir, 'openclaw-read-2026.9.6.json'), 'utf8')));
  });
});
