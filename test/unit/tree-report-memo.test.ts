// A tree runtime's report kept between runs (src/core/runtimes/reportMemo.ts), through Hermes, the runtime that
// uses it: an unchanged tree gets the kept report without its folders being read; each kind of change the
// runtime would see — a file's text, a folder added or removed, a variable it looks up, its config.yaml, a
// category's DESCRIPTION.md, a symbolic link pointed elsewhere, bytes rewritten within the same second — makes
// the report computed again, equal to a run without the cache; a corrupt file, another context or no cache
// folder never give a wrong report.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { TREE_EVALUATORS } from '../../src/core/runtimes';
import { evaluateHermes } from '../../src/core/runtimes/hermes';
import type { RuntimeContext, RuntimeReport } from '../../src/core/runtimes/types';
import { watchFs } from '../utils/fs';

let tmp: string;
let root: string;
let cacheDir: string;
let hermesHome: string;

const put = (rel: string, text: string, base = root): string => {
  const p = path.join(base, rel);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, text);
  return p;
};
const skill = (name: string, description: string, extra = ''): string => `---\nname: ${name}\ndescription: ${description}\n${extra}---\n\nBody.\n`;

const ctxOf = (env: Record<string, string> = {}, cached = true): RuntimeContext => ({
  env: { PATH: '/usr/bin:/bin', HOME: path.join(tmp, 'home'), ...env },
  platform: 'linux',
  home: path.join(tmp, 'home'),
  cwd: tmp,
  environments: [],
  hermesHome,
  ...(cached ? { readCache: { dir: cacheDir, salt: 'build-1' } } : {}),
});

/** The report through the profile's evaluator (kept between runs), with the folders it listed. */
async function remembered(ctx: RuntimeContext): Promise<{ report: RuntimeReport; listed: number }> {
  const evaluate = TREE_EVALUATORS.hermes;
  assert.ok(evaluate);
  const { result, calls } = await watchFs('readdirSync', () => evaluate(root, ctx));
  return { report: result, listed: calls.length };
}

/** What Hermes says of the tree now, computed without any cache. */
const fresh = (ctx: RuntimeContext): Promise<RuntimeReport> => {
  const { readCache: _cache, ...plain } = ctx;
  return evaluateHermes(root, plain);
};

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
/** Files written within 2 s of a run are too recent for it to keep its report (RACY_MS). */
const settle = (): Promise<void> => sleep(2100);
const kept = (): string[] => readdirSync(cacheDir).filter((n) => n.startsWith('report-'));

describe('tree reports kept between runs (Hermes)', function () {
  this.timeout(60_000);

  before(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'tree-report-memo-'));
    root = path.join(tmp, 'skills');
    cacheDir = path.join(tmp, 'cache');
    hermesHome = path.join(tmp, 'hermes');
    mkdirSync(hermesHome, { recursive: true });
    put('a/one/SKILL.md', skill('one', 'The first skill.'));
    put('a/two/SKILL.md', skill('two', 'Needs a token.', 'required_environment_variables:\n  - name: MEMO_TOKEN\n    prompt: A token\n'));
    put('b/three/SKILL.md', skill('three', 'The third skill.'));
    put('b/three/references/guide.md', '# Guide\n');
    put('outside/linked-a/SKILL.md', skill('linked', 'Reached through link A.'), tmp);
    put('outside/linked-b/SKILL.md', skill('linked', 'Reached through link B.'), tmp);
    symlinkSync(path.join(tmp, 'outside/linked-a'), path.join(root, 'b/linked'));
    await settle();
  });

  after(() => rmSync(tmp, { recursive: true, force: true }));

  it('an unchanged tree gets the kept report, equal to a fresh run, without a folder read', async () => {
    const first = await remembered(ctxOf());
    assert.ok(first.listed > 0);
    assert.equal(kept().length, 1);
    const second = await remembered(ctxOf());
    assert.equal(second.listed, 0, 'a kept report is checked by stat, not by reading the folders again');
    assert.deepEqual(second.report, await fresh(ctxOf()));
    assert.deepEqual(second.report, first.report);
  });

  const token = { MEMO_TOKEN: 'set' };
  // What changes, what the report says after it, and the environment before and after (the same but once).
  const changes: Array<[string, () => void, (r: RuntimeReport) => void, Record<string, string>, Record<string, string>]> = [
    [
      "a SKILL.md's text",
      () => put('a/one/SKILL.md', skill('one', 'The first skill, described again.')),
      (r) => assert.match(r.index, /described again/),
      {},
      {},
    ],
    ['a skill folder added', () => put('a/four/SKILL.md', skill('four', 'A new skill.')), (r) => assert.ok(r.skills.some((s) => s.name === 'four')), {}, {}],
    [
      'a skill folder removed',
      () => rmSync(path.join(root, 'b/three'), { recursive: true }),
      (r) => assert.ok(!r.skills.some((s) => s.name === 'three')),
      {},
      {},
    ],
    ['a variable the skill requires, now set', () => undefined, (r) => assert.equal(r.skills.find((s) => s.name === 'two')?.verdict, 'loaded'), {}, token],
    [
      "Hermes's config.yaml disabling a skill",
      () => put('config.yaml', 'skills:\n  disabled: [one]\n', hermesHome),
      (r) => assert.equal(r.skills.find((s) => s.name === 'one')?.verdict, 'hidden'),
      token,
      token,
    ],
    [
      "a category's DESCRIPTION.md",
      () => put('a/DESCRIPTION.md', '---\ndescription: Category A, described.\n---\n'),
      (r) => assert.match(r.index, /Category A, described/),
      token,
      token,
    ],
    [
      'a symbolic link pointed elsewhere',
      () => {
        rmSync(path.join(root, 'b/linked'));
        symlinkSync(path.join(tmp, 'outside/linked-b'), path.join(root, 'b/linked'));
      },
      (r) => assert.match(r.index, /through link B/),
      token,
      token,
    ],
    [
      'a file the linked skill reads, changed behind the link',
      () => put('outside/linked-b/SKILL.md', skill('linked', 'Reached through link B, rewritten.'), tmp),
      (r) => assert.match(r.index, /link B, rewritten/),
      token,
      token,
    ],
  ];

  for (const [what, change, expect, envBefore, env] of changes) {
    it(`computes the report again after a change: ${what}`, async () => {
      const before = (await remembered(ctxOf(envBefore))).report;
      change();
      await settle();
      const after = await remembered(ctxOf(env));
      assert.ok(after.listed > 0, 'the report was computed again');
      assert.notDeepEqual(after.report, before);
      expect(after.report);
      assert.deepEqual(after.report, await fresh(ctxOf(env)));
      // …and kept: the next run answers from it.
      assert.equal((await remembered(ctxOf(env))).listed, 0);
    });
  }

  it('what was written just before the run is kept by what the run saw: the same bytes answer from the report, others of the same size do not', async () => {
    // Checking a folder by its entries lists it again, so a hit shows as the kept file left unwritten.
    const written = (): number => Math.max(...kept().map((f) => statSync(path.join(cacheDir, f)).mtimeMs));
    const before = written();
    put('a/five/SKILL.md', skill('five', 'Written just now.'));
    const first = await remembered(ctxOf(token));
    assert.ok(first.report.skills.some((s) => s.name === 'five'));
    const keptAt = written();
    assert.ok(keptAt > before, 'kept although its files are seconds old');
    await sleep(20);
    const second = await remembered(ctxOf(token));
    assert.equal(written(), keptAt, 'answered from the kept report: the new folder checked by its entries, the new file by its bytes');
    assert.deepEqual(second.report, first.report);
    put('a/five/SKILL.md', skill('five', 'Written again!!!.'));
    const third = await remembered(ctxOf(token));
    assert.ok(written() > keptAt, 'other bytes of the same size, in the same second: computed again (and kept)');
    assert.match(third.report.index, /Written again/);
    assert.deepEqual(third.report, await fresh(ctxOf(token)));
    put('a/six/SKILL.md', skill('six', 'Another new one.'));
    const fourth = await remembered(ctxOf(token));
    assert.ok(
      fourth.report.skills.some((s) => s.name === 'six'),
      'a folder added beside it: computed again',
    );
    assert.deepEqual(fourth.report, await fresh(ctxOf(token)));
    await settle();
  });

  it('a corrupt kept report, another context or no cache folder never give a wrong report', async () => {
    const env = token;
    await remembered(ctxOf(env));
    for (const f of kept()) writeFileSync(path.join(cacheDir, f), 'not a report');
    const afterCorrupt = await remembered(ctxOf(env));
    assert.ok(afterCorrupt.listed > 0);
    assert.deepEqual(afterCorrupt.report, await fresh(ctxOf(env)));
    const darwin = { ...ctxOf(env), platform: 'darwin' as const };
    const other = await remembered(darwin);
    assert.ok(other.listed > 0, 'another platform is another key');
    assert.deepEqual(other.report, await fresh(darwin));
    const before = kept().length;
    const uncached = await remembered(ctxOf(env, false));
    assert.ok(uncached.listed > 0);
    assert.equal(kept().length, before, 'nothing is written without a cache folder');
  });

  it("reads every file through the run's view: no Hermes module calls the file system itself", () => {
    const dir = path.join(__dirname, '../../../src/core/runtimes/hermes');
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts') && n !== 'readCache.ts')) {
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      const imports = text.match(/^import (?!type ).*from 'node:fs';$/gm) ?? [];
      assert.deepEqual(imports, [], `${f} imports node:fs: what it reads would escape the kept report's checks`);
    }
  });
});
