// What travels between the outer runner (test/integration/run.mjs, outside VS Code) and the in-host
// runner (test/integration/index.ts, inside the extension host). The outer runner listens on a loopback TCP
// port and puts its address in the environment of code-server, which hands it on to the extension host; the
// in-host reporter connects and writes one JSON object per line (`TestEvent`). Both sides load this file
// (run.mjs its compiled out/test/utils/protocol.js), and so do tests (`ENV`).
//
// Both ways, one message per line:
//   host → runner   `hello` first (with the token), then the test events, and `request`s from tests;
//   runner → host   one `RunnerReply` (a JSON object) per request, with the request's `id`, once the
//                   runner has done it or failed to (a test's `await` ends there); and the bare line `ack`
//                   when the run has ended and the runner has taken its last screenshot: only then does
//                   run() return.
// Requests are what only the runner can do, from outside the workbench: take a screenshot of the browser
// page, or click through the workbench as a user (grant workspace trust). Tests reach them through
// `runner` in vscode.ts, which answers "no runner" under @vscode/test-electron (no report socket).
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

/** A file name for test-results/<name>.png: letters, digits, `.`, `_` and `-`, starting with a letter or digit. */
export const SCREENSHOT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,80}$/;

/** An element of the workbench page, by CSS selector, optionally the first whose text contains `text`. */
export interface ElementRef {
  selector: string;
  text?: string;
}

export type RunnerRequest =
  | {
      /** Saves test-results/<name>.png of the workbench as the browser shows it now. */
      action: 'screenshot';
      name: string;
      /** Elements that must be visible first (each waited for, at most 10 s): the request fails if one is not,
       *  so a screenshot is never taken of a state the test did not reach. */
      expect?: ElementRef[];
      /** Crop to an element's box (grown by `padding` CSS pixels, then cut to at most `maxWidth` × `maxHeight`
       *  from its top left) or to a rectangle; default: the whole page. */
      clip?: (ElementRef & { padding?: number; maxWidth?: number; maxHeight?: number }) | { x: number; y: number; width: number; height: number };
    }
  | {
      /** Grants workspace trust as a user does: F1 → "Workspaces: Manage Workspace Trust" → the "Trust"
       *  button, then closes the Workspace Trust editor. Replies once the Restricted Mode indicator is gone. */
      action: 'grantTrust';
    };

/** The runner's answer to a request, written as one JSON line. */
export interface RunnerReply {
  id: number;
  ok: boolean;
  /** Why the request failed (ok false). */
  error?: string;
  /** screenshot: the absolute path of the PNG written. */
  file?: string;
  /** screenshot: its size in CSS pixels. */
  width?: number;
  height?: number;
}

export type TestEvent =
  | { event: 'hello'; token: string; vscode: string; node: string; pid: number }
  | { event: 'begin'; total: number }
  | { event: 'suite'; title: string; depth: number }
  | { event: 'pass'; title: string; fullTitle: string; depth: number; durationMs: number }
  | { event: 'fail'; title: string; fullTitle: string; depth: number; message: string; stack: string }
  | { event: 'pending'; title: string; fullTitle: string; depth: number }
  | { event: 'end'; passes: number; failures: number; pending: number; durationMs: number }
  | { event: 'error'; message: string; stack: string }
  | ({ event: 'request'; id: number } & RunnerRequest);
