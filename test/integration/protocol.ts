// What travels between the outer runner (test/integration/run.mjs, outside VS Code) and the in-host
// runner (index.ts, inside the extension host). The outer runner listens on a loopback TCP port and puts
// its address in the environment of code-server, which hands it on to the extension host; the in-host
// reporter connects and writes one JSON object per line. When the run ends the outer runner answers
// `ack` (after it has taken its screenshot), and only then does run() return.
//
// Keep the names in sync with test/integration/run.mjs, which is plain JavaScript.

export const ENV = {
  /** `127.0.0.1:<port>` of the outer runner's report socket; absent under @vscode/test-electron. */
  reportAddress: 'SKILL_AUTHOR_TEST_REPORT',
  /** Sent back in the first line so the runner only listens to its own extension host. */
  reportToken: 'SKILL_AUTHOR_TEST_TOKEN',
  /** A regular expression: run only the tests whose full title matches. */
  grep: 'SKILL_AUTHOR_TEST_GREP',
  /** The VS Code version the runner started (e.g. `1.139.1`), or `any` when it is not pinned. */
  expectVscode: 'SKILL_AUTHOR_EXPECT_VSCODE',
  /** A folder the runner put on PATH, holding `skill-author-fake-tool` (prints its version). */
  binDir: 'SKILL_AUTHOR_TEST_BIN_DIR',
  /** `1` when the runner left workspace trust on (`run.mjs --untrusted`): the workspace is untrusted. */
  untrusted: 'SKILL_AUTHOR_TEST_UNTRUSTED',
} as const;

export type TestEvent =
  | { event: 'hello'; token: string; vscode: string; node: string; pid: number }
  | { event: 'begin'; total: number }
  | { event: 'suite'; title: string; depth: number }
  | { event: 'pass'; title: string; fullTitle: string; depth: number; durationMs: number }
  | { event: 'fail'; title: string; fullTitle: string; depth: number; message: string; stack: string }
  | { event: 'pending'; title: string; fullTitle: string; depth: number }
  | { event: 'end'; passes: number; failures: number; pending: number; durationMs: number }
  | { event: 'error'; message: string; stack: string };
