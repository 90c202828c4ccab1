// Hermes's and OpenClaw's whole-root reports computed on the worker thread the extension uses
// (dist/runtime-worker.js, built by `npm run build`) equal the reports computed in process; without the
// worker script, or when the worker dies, the same reports come from the calling thread.
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { runtimeContext, TREE_EVALUATORS } from '../../src/core/runtimes';
import { OffThreadEvaluator } from '../../src/core/check/offThread';
import type { RuntimeId } from '../../src/core/runtimes/types';

const repo = path.join(__dirname, '..', '..', '..');
const script = path.join(repo, 'dist', 'runtime-worker.js');
const cases: Array<[RuntimeId, string]> = [
  ['hermes', path.join(repo, 'examples', 'hermes', 'skills')],
  ['openclaw', path.join(repo, 'examples', 'openclaw', 'workspace', 'skills')],
];

describe('runtime reports off the calling thread', function () {
  this.timeout(60_000);
  const ctx = runtimeContext({ PATH: '/usr/bin:/bin', HOME: '/nonexistent-home' }, repo);

  it('the worker thread gives the in-process report, byte for byte', async function () {
    if (!existsSync(script)) this.skip();
    const off = new OffThreadEvaluator(script);
    try {
      for (const [runtime, root] of cases) {
        const inProcess = await (TREE_EVALUATORS[runtime] as NonNullable<(typeof TREE_EVALUATORS)[RuntimeId]>)(root, ctx);
        assert.ok(inProcess.skills.length > 0, `${runtime} finds skills in ${root}`);
        assert.equal(JSON.stringify(await off.evaluate(runtime, root, ctx)), JSON.stringify(inProcess));
      }
    } finally {
      off.dispose();
    }
  });

  it('a report asked for some files is the in-process one: the worker reads the root, then waits for the files', async function () {
    if (!existsSync(script)) this.skip();
    const off = new OffThreadEvaluator(script);
    try {
      const [runtime, root] = cases[0] as [RuntimeId, string];
      const whole = await (TREE_EVALUATORS[runtime] as NonNullable<(typeof TREE_EVALUATORS)[RuntimeId]>)(root, ctx);
      const files = new Set(whole.skills.slice(0, 2).map((s) => s.file));
      let give: (only: ReadonlySet<string> | null) => void = () => undefined;
      const only = new Promise<ReadonlySet<string> | null>((resolve) => (give = resolve));
      const asked = off.evaluate(runtime, root, ctx, only);
      let answered = false;
      void asked.then(() => (answered = true));
      // Nothing comes back before the files are known, however long the root takes to read.
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(answered, false);
      give(files);
      const scoped = await asked;
      assert.deepEqual(
        scoped.skills.map((s) => s.file),
        [...files],
      );
      const inProcess = await (TREE_EVALUATORS[runtime] as NonNullable<(typeof TREE_EVALUATORS)[RuntimeId]>)(root, ctx, Promise.resolve(files));
      assert.equal(JSON.stringify(scoped), JSON.stringify(inProcess));
      // Every file: the whole report.
      assert.equal(JSON.stringify(await off.evaluate(runtime, root, ctx, Promise.resolve(null))), JSON.stringify(whole));
    } finally {
      off.dispose();
    }
  });

  it('the language server’s bundle runs as that worker too (the VSIX carries no runtime-worker.js)', async function () {
    const lsp = path.join(repo, 'dist', 'lsp.js');
    if (!existsSync(lsp)) this.skip();
    const off = new OffThreadEvaluator(lsp);
    try {
      for (const [runtime, root] of cases) {
        const inProcess = await (TREE_EVALUATORS[runtime] as NonNullable<(typeof TREE_EVALUATORS)[RuntimeId]>)(root, ctx);
        assert.equal(JSON.stringify(await off.evaluate(runtime, root, ctx)), JSON.stringify(inProcess));
        // Answered by a worker that is still there (a failed one is replaced by this thread, for good).
        assert.equal(off.running, true);
      }
    } finally {
      off.dispose();
    }
  });

  it('an idle worker is stopped, and the next report starts a new one with the same answer', async function () {
    if (!existsSync(script)) this.skip();
    const [runtime, root] = cases[0] as [RuntimeId, string];
    const off = new OffThreadEvaluator(script, 50);
    try {
      const first = JSON.stringify(await off.evaluate(runtime, root, ctx));
      assert.equal(off.running, true);
      const deadline = Date.now() + 10_000;
      while (off.running && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      assert.equal(off.running, false, 'stopped after 50 ms with nothing to do');
      assert.equal(JSON.stringify(await off.evaluate(runtime, root, ctx)), first);
      assert.equal(off.running, true);
    } finally {
      off.dispose();
    }
  });

  it('without the worker script, or with a worker that dies, the report is computed here', async () => {
    const [runtime, root] = cases[0] as [RuntimeId, string];
    const expected = JSON.stringify(await (TREE_EVALUATORS[runtime] as NonNullable<(typeof TREE_EVALUATORS)[RuntimeId]>)(root, ctx));
    const missing = new OffThreadEvaluator(path.join(repo, 'no-such-worker.js'));
    assert.equal(JSON.stringify(await missing.evaluate(runtime, root, ctx)), expected);
    // A script that exits at once with an error: the pending request is answered on this thread.
    const dying = new OffThreadEvaluator(path.join(__dirname, 'off-thread-dies.js'));
    try {
      assert.equal(JSON.stringify(await dying.evaluate(runtime, root, ctx)), expected);
    } finally {
      dying.dispose();
    }
  });
});
