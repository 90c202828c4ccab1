// A mocha reporter for the extension host: prints spec-style lines to the console (which is the terminal
// under @vscode/test-electron) and hands every event to `send` when an outer runner is listening.
import type { TestEvent } from '../utils/protocol';

type MochaModule = typeof import('mocha');

export function makeReporter(MochaCtor: MochaModule, send: ((e: TestEvent) => void) | undefined) {
  const C = MochaCtor.Runner.constants;
  const depthOf = (r: Mocha.Runnable | Mocha.Suite): number => {
    let depth = 0;
    for (let p = r.parent; p && !p.root; p = p.parent) depth++;
    return depth;
  };
  const pad = (depth: number) => '  '.repeat(depth + 1);

  return class HostReporter extends MochaCtor.reporters.Base {
    constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
      super(runner, options);
      const started = Date.now();
      let passes = 0;
      let failures = 0;
      let pending = 0;
      runner.once(C.EVENT_RUN_BEGIN, () => send?.({ event: 'begin', total: runner.total }));
      runner.on(C.EVENT_SUITE_BEGIN, (suite: Mocha.Suite) => {
        if (suite.root) return;
        const depth = depthOf(suite);
        console.log(`${pad(depth)}${suite.title}`);
        send?.({ event: 'suite', title: suite.title, depth });
      });
      runner.on(C.EVENT_TEST_PASS, (test: Mocha.Test) => {
        passes++;
        const depth = depthOf(test);
        console.log(`${pad(depth)}✓ ${test.title} (${test.duration ?? 0} ms)`);
        send?.({ event: 'pass', title: test.title, fullTitle: test.fullTitle(), depth, durationMs: test.duration ?? 0 });
      });
      runner.on(C.EVENT_TEST_FAIL, (test: Mocha.Test, err: unknown) => {
        failures++;
        const depth = depthOf(test);
        const e = err instanceof Error ? err : new Error(String(err));
        console.log(`${pad(depth)}✗ ${test.title}\n${e.stack ?? e.message}`);
        send?.({ event: 'fail', title: test.title, fullTitle: test.fullTitle(), depth, message: e.message, stack: e.stack ?? '' });
      });
      runner.on(C.EVENT_TEST_PENDING, (test: Mocha.Test) => {
        pending++;
        const depth = depthOf(test);
        console.log(`${pad(depth)}- ${test.title} (skipped)`);
        send?.({ event: 'pending', title: test.title, fullTitle: test.fullTitle(), depth });
      });
      runner.once(C.EVENT_RUN_END, () => {
        console.log(`\n${passes} passed, ${failures} failed, ${pending} skipped`);
        send?.({ event: 'end', passes, failures, pending, durationMs: Date.now() - started });
      });
    }
  };
}
