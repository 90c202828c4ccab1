// The runtime profiles' share of a check, made cheaper without changing what it says: a warm check judged
// by every runtime reads no SKILL.md (the judge no longer asks a cached analysis for its text), a cached
// analysis knows whether its file is blank and learns it anew when the file changes, the tree runtimes'
// reports started early are the reports the judge would have asked for, and Hermes's positions come out
// of the key layout it keeps instead of the parsed document.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { AnalysisCache } from '../../src/core/check/cache';
import { Engine } from '../../src/core/check/engine';
import { runtimeContext, TREE_EVALUATORS } from '../../src/core/runtimes';
import { judge, judgeEvaluated, judgeSkillOf } from '../../src/core/check/judge';
import { fieldRange } from '../../src/core/runtimes/hermes/position';
import { loadSkill } from '../../src/core/runtimes/hermes/load';
import type { TreeEvaluator } from '../../src/core/check/judge';
import { TreePrefetch } from '../../src/core/check/prefetch';
import type { RuntimeId } from '../../src/core/runtimes/types';
import { writeUnder } from '../utils/fs';
import { countingIo } from '../utils/io';

let tmp: string;
const put = (rel: string, text: string): string => writeUnder(tmp, rel, text);

const ctx = (): ReturnType<typeof runtimeContext> => runtimeContext({ PATH: '/usr/bin:/bin', HOME: path.join(tmp, 'home') }, tmp);

/** One `check` as a new process does it (a new cache on the same folder), judged by the runtimes. */
async function check(root: string, cacheDir: string): Promise<{ judged: string; reads: string[]; verdictOf: (id: string) => string[] }> {
  const io = countingIo();
  const cache = new AnalysisCache({ dir: cacheDir, io, now: () => Date.now() + 60_000 });
  const engine = new Engine({ env: { PATH: '' }, probe: false, cache });
  try {
    const { skills } = await engine.checkPaths([root]);
    const { judged } = await judgeEvaluated(skills, ctx());
    return {
      judged: JSON.stringify(judged.map((j) => ({ verdicts: j.verdicts, findings: j.findings, applicable: j.applicable }))),
      reads: io.reads,
      verdictOf: (id) => judged.find((j) => path.basename(j.skill.dir) === id)?.verdicts.map((v) => `${v.runtime}:${v.verdict}`) ?? [],
    };
  } finally {
    engine.dispose();
  }
}

beforeEach(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'skill-author-perf-'));
  put('skills/alpha/SKILL.md', '---\nname: alpha\ndescription: Plain open-format skill.\n---\nDo alpha.\n');
  put('skills/beta/SKILL.md', '---\nname: beta\ndescription: A Hermes skill.\nplatforms: [linux]\nrequires:\n  bins: [git]\n---\nDo beta.\n');
  // Only whitespace as JavaScript's trim() sees it (a BOM and a no-break space), not as nexo-rs's.
  put('skills/blank/SKILL.md', '\uFEFF \u00a0\n');
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('runtime profiles in a warm check', () => {
  it('a warm check judged by every runtime reads no SKILL.md, and says what the cold one said', async () => {
    const root = path.join(tmp, 'skills');
    const cacheDir = path.join(tmp, 'cache');
    const cold = await check(root, cacheDir);
    assert.equal(cold.reads.length, 3);
    const warm = await check(root, cacheDir);
    assert.deepEqual(warm.reads, [], 'the judge made a cached analysis read its file');
    assert.equal(warm.judged, cold.judged);
    assert.deepEqual(warm.verdictOf('blank'), ['agentskills:not_loadable']);
  });

  it('a file that stops being blank is read again and judged by its new text', async () => {
    const root = path.join(tmp, 'skills');
    const cacheDir = path.join(tmp, 'cache');
    await check(root, cacheDir);
    const file = put('skills/blank/SKILL.md', '---\nname: blank\ndescription: Not blank any more.\n---\nBody.\n');
    const after = await check(root, cacheDir);
    assert.deepEqual(after.reads, [file]);
    assert.deepEqual(after.verdictOf('blank'), ['agentskills:loaded']);
    const fresh = await check(root, path.join(tmp, 'other-cache'));
    assert.equal(after.judged, fresh.judged);
    // …and back to blank.
    put('skills/blank/SKILL.md', '  \n\t\n');
    const again = await check(root, cacheDir);
    assert.deepEqual(again.reads, [file]);
    assert.deepEqual(again.verdictOf('blank'), ['agentskills:not_loadable']);
  });
});

describe('tree runtimes started early', () => {
  it('the prefetched reports are the ones the judge would have asked for, each computed once', async () => {
    const root = path.join(tmp, 'skills');
    put('skills/gamma/SKILL.md', '---\nname: gamma\ndescription: Also Hermes.\nprerequisites:\n  env_vars: [GAMMA_KEY]\n---\nDo gamma.\n');
    const c = ctx();
    const calls: string[] = [];
    const scopes: string[][] = [];
    const counted: Partial<Record<RuntimeId, TreeEvaluator>> = {};
    for (const [r, evaluate] of Object.entries(TREE_EVALUATORS) as Array<[RuntimeId, TreeEvaluator]>) {
      counted[r] = (dir, x, only) => {
        calls.push(`${r}:${dir}`);
        void only?.then((files) => scopes.push(files ? [...files].map((f) => path.relative(root, f)).sort() : ['(every file)']));
        return evaluate(dir, x, only);
      };
    }
    const prefetch = new TreePrefetch({ ctx: c, pinned: [], trees: counted });
    const engine = new Engine({ env: { PATH: '' }, probe: false });
    try {
      const { skills } = await engine.checkPaths([root], undefined, (l, a) => prefetch.see(l, a));
      assert.deepEqual(calls, [`hermes:${root}`], 'started once, while the engine was still checking');
      assert.deepEqual(scopes, [], 'the files are not known until the judge asks');
      const early = await judgeEvaluated(skills, c, {}, prefetch.trees());
      assert.deepEqual(calls, [`hermes:${root}`], 'the judge used the report already started');
      // The files Hermes judges (beta and gamma carry its keys; alpha and blank are the open format's only).
      assert.deepEqual(scopes, [['beta/SKILL.md', 'gamma/SKILL.md']]);
      assert.deepEqual(
        early.judgement.reports.flatMap((r) => r.skills.map((s) => path.relative(root, s.file))),
        ['beta/SKILL.md', 'gamma/SKILL.md'],
      );
      const plain = await judgeEvaluated(skills, c);
      assert.equal(JSON.stringify(early.judged.map((j) => [j.verdicts, j.findings])), JSON.stringify(plain.judged.map((j) => [j.verdicts, j.findings])));
      assert.equal(JSON.stringify(early.judgement.reports), JSON.stringify(plain.judgement.reports));
      // Another context (or a root not started) is computed as asked.
      const other = { ...c };
      await prefetch.trees().hermes?.(root, other);
      assert.equal(calls.length, 2);
    } finally {
      engine.dispose();
    }
  });

  it('every verdict but the tree runtimes’ is given while their reports are computed, each skill keeping its runtimes’ order', async () => {
    const root = path.join(tmp, 'skills');
    const c = ctx();
    const engine = new Engine({ env: { PATH: '' }, probe: false });
    try {
      const { skills } = await engine.checkPaths([root]);
      const events: string[] = [];
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const trees: Partial<Record<RuntimeId, TreeEvaluator>> = {
        hermes: async (dir, x) => {
          await gate;
          events.push('hermes report');
          return (TREE_EVALUATORS.hermes as TreeEvaluator)(dir, x);
        },
      };
      const watched = skills.map(judgeSkillOf).map((s) => ({ ...s, evaluated: () => (events.push(`engine ${path.basename(s.dir)}`), s.evaluated()) }));
      const judging = judge(watched, { ctx: c, pinned: [], trees });
      await new Promise((resolve) => setImmediate(resolve));
      // beta is nexo-rs's (requires) and Hermes's (platforms): its engine verdict is in before Hermes's report.
      assert.ok(events.includes('engine beta'), events.join(', '));
      assert.ok(!events.includes('hermes report'));
      release();
      const judged = (await judging).skills;
      assert.equal(events[events.length - 1], 'hermes report');
      for (const j of judged)
        assert.deepEqual(
          j.verdicts.map((v) => v.runtime),
          j.applicable.map((a) => a.runtime),
        );
      const beta = judged.find((j) => path.basename(j.skill.dir) === 'beta');
      assert.deepEqual(
        beta?.verdicts.map((v) => v.runtime),
        ['nexo', 'hermes'],
      );
      const plain = await judgeEvaluated(skills, c);
      assert.equal(JSON.stringify(judged.map((j) => [j.verdicts, j.findings])), JSON.stringify(plain.judged.map((j) => [j.verdicts, j.findings])));
    } finally {
      engine.dispose();
    }
  });

  it('no report is started for a root no tree runtime judges', async () => {
    const calls: string[] = [];
    const prefetch = new TreePrefetch({
      ctx: ctx(),
      pinned: [],
      trees: { hermes: async (d, x) => (calls.push(d), (TREE_EVALUATORS.hermes as TreeEvaluator)(d, x)) },
    });
    const root = path.join(tmp, 'plain');
    put('plain/one/SKILL.md', '---\nname: one\ndescription: Open format only.\n---\nBody.\n');
    const engine = new Engine({ env: { PATH: '' }, probe: false });
    try {
      await engine.checkPaths([root], undefined, (l, a) => prefetch.see(l, a));
    } finally {
      engine.dispose();
    }
    assert.deepEqual(calls, []);
  });
});

describe('a tree report asked for some files', () => {
  it("gives those files' verdicts and findings as the whole report does, and only theirs", async () => {
    const root = path.join(tmp, 'skills');
    // Two skills of one name (each gets a duplicate finding that names the other), one under an excluded folder.
    put('skills/one/SKILL.md', '---\nname: twin\ndescription: First.\nplatforms: [linux]\n---\nBody.\n');
    put('skills/two/SKILL.md', '---\nname: twin\ndescription: Second.\nrequired_environment_variables: [TWO_KEY]\n---\nBody.\n');
    put('skills/.git/hidden/SKILL.md', '---\nname: hidden\ndescription: Never found.\n---\nBody.\n');
    const venv = put('skills/.venv/tool/SKILL.md', '---\nname: tool\ndescription: Excluded.\n---\nBody.\n');
    put('skills/one/references/SKILL.md', '---\nname: ref\ndescription: A support folder.\n---\nBody.\n');
    const hermes = TREE_EVALUATORS.hermes as TreeEvaluator;
    const whole = await hermes(root, ctx());
    const two = path.join(root, 'two', 'SKILL.md');
    assert.ok(whole.findings.some((f) => f.file === two && f.code === 'hermes-duplicate-name'));
    assert.ok(whole.findings.some((f) => f.file === venv && f.code === 'hermes-skill-in-excluded-folder'));
    for (const files of [[two], [two, path.join(root, 'beta', 'SKILL.md'), path.join(root, 'blank', 'SKILL.md')], [venv, two], []]) {
      const scoped = await hermes(root, ctx(), Promise.resolve(new Set(files)));
      const keep = new Set(files);
      assert.deepEqual(
        scoped.skills,
        whole.skills.filter((s) => keep.has(s.file)),
      );
      assert.deepEqual(
        scoped.findings,
        whole.findings.filter((f) => keep.has(f.file)),
      );
      assert.equal(scoped.index, whole.index, 'the index is the whole root’s');
    }
    assert.deepEqual(await hermes(root, ctx(), Promise.resolve(null)), whole);
  });

  it('is whole when it is kept for later checks (a cache folder)', async () => {
    const root = path.join(tmp, 'skills');
    const c = { ...ctx(), readCache: { dir: path.join(tmp, 'cache'), salt: 'test' } };
    const hermes = TREE_EVALUATORS.hermes as TreeEvaluator;
    const whole = await hermes(root, ctx());
    const kept = await hermes(root, c, Promise.resolve(new Set([path.join(root, 'beta', 'SKILL.md')])));
    assert.deepEqual(kept, whole);
    assert.ok(kept.skills.length > 1);
  });
});

describe("Hermes's key layout", () => {
  it('places keys and values as the parsed document did: last occurrence, nested maps, empty values, padded lines', () => {
    const file = put(
      'h/x/SKILL.md',
      [
        '---',
        'name: first',
        'description: "a quoted',
        ' continuation"',
        'metadata:',
        '  hermes:',
        '    requires_tools: [a, b]',
        '    empty:',
        '  other: 1',
        'name: second',
        '? complex',
        ': v',
        'alias: &a {k: 1}',
        'ref: *a',
        '---',
        'Body.',
        '',
      ].join('\n'),
    );
    const skill = loadSkill({ file, rel: 'x/SKILL.md' } as Parameters<typeof loadSkill>[0]);
    const text = skill.text as string;
    const at = (keys: string[], which: 'key' | 'value' = 'key'): string | null => {
      const r = fieldRange(skill, keys, which);
      return r ? text.slice(r[0], r[1]) : null;
    };
    assert.equal(skill.fm.kind, 'yaml');
    assert.equal(at(['name']), 'name');
    assert.equal(at(['name'], 'value'), 'second');
    assert.equal(at(['description'], 'value'), '"a quoted\n continuation"');
    assert.equal(at(['metadata', 'hermes', 'requires_tools'], 'value'), '[a, b]');
    assert.equal(at(['metadata', 'hermes', 'empty'], 'value'), '', 'an empty value is a null node of no length');
    assert.equal(at(['metadata', 'missing']), 'metadata');
    assert.equal(at(['ref', 'k']), 'ref', 'an alias is not followed');
    assert.equal(at(['complex'], 'value'), 'v');
    assert.equal(at(['nope']), null);
  });
});
