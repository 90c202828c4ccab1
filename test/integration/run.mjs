#!/usr/bin/env node
// Runs the integration suite inside a real VS Code (code-server 4.139.1 = VS Code 1.139.1) driven by a
// headless Chromium, and prints every test's result here. See docs/vscode-harness.md.
//
//   node test/integration/run.mjs [--grep <regexp>] [--timeout <seconds>] [--untrusted] [--keep]
//
// --untrusted keeps VS Code's workspace trust on, so the fixture workspace opens untrusted (restricted
// mode); tests read SKILL_AUTHOR_TEST_UNTRUSTED=1 to know.
//
// Besides printing results, it does what tests ask of it over the report channel (test/utils/protocol.ts): screenshots
// of the workbench (test-results/<name>.png) and granting workspace trust through the workbench's UI.
//
// Expects `npm run build` to have run (dist/extension.js, out/test/integration/**). Provisions first if
// needed: Debian's Chromium through apt-get, code-server into .vscode-test/ (scripts/vscode-host.mjs). Exit code: 0 when every test passed, 1 otherwise (a failing test, a
// test file that does not load, the extension host never reporting, the overall deadline).
import { testHostFolder } from './host/folder.mjs';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, SourceMap } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  ROOT,
  VSCODE_VERSION,
  launchChromium,
  prepareRunFolders,
  provision,
  startCodeServer,
  stopAllCodeServers,
  workbenchUrl,
  writeShellShim,
} from '../../scripts/vscode-host.mjs';

// Environment names: the one definition is test/utils/protocol.ts, built into out/ by `npm run build`
// before the tests can run at all.
const PROTOCOL = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'out', 'test', 'utils', 'protocol.js');
if (!existsSync(PROTOCOL)) {
  console.error(`integration: ${PROTOCOL} is missing: run \`npm run build\` first`);
  process.exit(1);
}
const { ENV, SCREENSHOT_NAME } = createRequire(import.meta.url)(PROTOCOL);

const { values: opts } = parseArgs({
  options: {
    grep: { type: 'string' },
    timeout: { type: 'string' },
    keep: { type: 'boolean', default: false },
    untrusted: { type: 'boolean', default: false },
  },
});

const WORKSPACE = join(ROOT, 'test', 'fixtures', 'workspace');
const TESTS_ENTRY = join(ROOT, 'out', 'test', 'integration', 'index.js');
const RESULTS = join(ROOT, 'test-results');
/** The whole run, from starting code-server to the last result (not counting a first install). */
const DEADLINE_MS = Number(opts.timeout ?? process.env.SKILL_AUTHOR_IT_TIMEOUT ?? 300) * 1000;
/** From opening the workbench to the extension host's first report line. */
const CONNECT_MS = 120_000;
/** The workbench page's size (CSS pixels). */
const VIEWPORT = { width: 1440, height: 900 };

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, s) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
const green = (s) => paint(32, s);
const red = (s) => paint(31, s);
const dim = (s) => paint(2, s);
let interrupted = false;
const say = (s) => interrupted || process.stdout.write(`${s}\n`);

/** Everything to undo, newest first; runs once, on success, failure, timeout or a signal. */
const cleanups = [];
let cleaning = null;
function cleanup() {
  cleaning ??= (async () => {
    for (const fn of [...cleanups.reverse(), stopAllCodeServers]) {
      try {
        await fn();
      } catch {
        /* keep cleaning */
      }
    }
  })();
  return cleaning;
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(sig, () => {
    say(red(`\ninterrupted (${sig}): stopping code-server and Chromium`));
    interrupted = true;
    cleanup().finally(() => process.exit(130));
  });
}

/** Rewrites a stack frame in out/**.js to the TypeScript line, through esbuild's source maps (the
 *  extension host installs its own Error.prepareStackTrace, so Node's source-map support does not apply). */
const sourceMaps = new Map();
function toSource(frame) {
  return frame.replace(/(\/[^\s()]+\.js):(\d+):(\d+)/, (whole, file, line, col) => {
    if (!file.startsWith(join(ROOT, 'out') + '/')) return whole;
    if (!sourceMaps.has(file)) {
      try {
        sourceMaps.set(file, new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))));
      } catch {
        sourceMaps.set(file, null);
      }
    }
    const entry = sourceMaps.get(file)?.findEntry(Number(line) - 1, Number(col) - 1);
    if (!entry?.originalSource) return whole;
    const src = resolve(dirname(file), entry.originalSource.replace(/^file:\/\//, ''));
    return `${relative(ROOT, src)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}

/** The frames of a stack that point into the project, mapped to TypeScript. */
function stackFrames(stack = '') {
  return stack
    .split('\n')
    .filter((l) => /^\s+at /.test(l) && !/node_modules\/|node:internal|\.vscode-test\//.test(l))
    .slice(0, 6)
    .map((l) => toSource(l.trim()));
}

/** A promise with its resolve/reject exposed. */
function deferred() {
  let resolve, reject;
  const promise = new Promise((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

async function main() {
  for (const f of [join(ROOT, 'dist', 'extension.js'), TESTS_ENTRY]) {
    if (!existsSync(f)) throw new Error(`${f} is missing: run \`npm run build\` first`);
  }
  // Installs what a first run lacks (Chromium and compilers through apt-get, then code-server), or fails
  // with the command to run when it may not.
  await provision({ chromium: true });

  mkdirSync(RESULTS, { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), 'skill-author-it-'));
  if (!opts.keep) cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
  else say(dim(`keeping ${tmp}`));
  const { userDataDir, extensionsDir, binDir } = prepareRunFolders(tmp);
  const extensionFolder = testHostFolder(ROOT, tmp);
  const extraBin = join(ROOT, 'test', 'fixtures', 'bin'); // fake binaries a later suite may add
  const PATH = [binDir, ...(existsSync(extraBin) ? [extraBin] : []), process.env.PATH].join(delimiter);

  // The report channel: one JSON object per line from the extension host (see protocol.ts).
  const token = randomBytes(16).toString('hex');
  const done = deferred();
  const connected = deferred();
  const state = { passes: 0, failures: [], pending: 0, errors: [], end: null, socket: null };
  const server = createServer((socket) => {
    let buf = '';
    let authed = false;
    socket.on('data', (chunk) => {
      buf += chunk.toString();
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        let e;
        try {
          e = JSON.parse(line);
        } catch {
          continue;
        }
        if (!authed) {
          if (e.event !== 'hello' || e.token !== token) return socket.destroy();
          authed = true;
          state.socket = socket;
          connected.resolve(e);
          continue;
        }
        onEvent(e);
      }
    });
    socket.on('close', () => {
      if (authed && !state.end) done.reject(new Error('the extension host closed the report channel before the run ended'));
    });
    socket.on('error', () => {});
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  const reportAddress = `127.0.0.1:${server.address().port}`;

  function onEvent(e) {
    const pad = (depth) => '  '.repeat(depth + 1);
    switch (e.event) {
      case 'begin':
        say(dim(`  ${e.total} test(s)`));
        break;
      case 'suite':
        say(`${pad(e.depth)}${e.title}`);
        break;
      case 'pass':
        state.passes++;
        say(`${pad(e.depth)}${green('✓')} ${e.title} ${dim(`(${e.durationMs} ms)`)}`);
        break;
      case 'fail':
        state.failures.push(e);
        say(`${pad(e.depth)}${red(`✗ ${state.failures.length}) ${e.title}`)}`);
        break;
      case 'pending':
        state.pending++;
        say(`${pad(e.depth)}${dim(`- ${e.title} (skipped)`)}`);
        break;
      case 'error':
        // Sent by run() when the run broke down (e.g. a test file that does not load): the run is over.
        state.errors.push(e);
        done.resolve(e);
        break;
      case 'end':
        state.end = e;
        done.resolve(e);
        break;
      case 'request':
        void answer(e);
        break;
    }
  }

  // Requests from the tests (protocol.ts): done here, outside the workbench, and answered with one JSON line.
  let page = null;
  async function answer(e) {
    const reply = { id: e.id, ok: true };
    try {
      if (!page) throw new Error('the workbench page is not open');
      if (e.action === 'screenshot') Object.assign(reply, await screenshot(page, e));
      else if (e.action === 'grantTrust') await grantTrust(page);
      else throw new Error(`unknown request ${JSON.stringify(e.action)}`);
      say(dim(`      [runner] ${e.action}${e.name ? ` ${relative(ROOT, reply.file)} (${reply.width}×${reply.height})` : ''}`));
    } catch (err) {
      reply.ok = false;
      reply.error = err instanceof Error ? err.message.split('\n')[0] : String(err);
      say(dim(`      [runner] ${e.action} failed: ${reply.error}`));
    }
    if (state.socket && !state.socket.destroyed) state.socket.write(`${JSON.stringify(reply)}\n`);
  }

  const started = Date.now();
  const deadline = new Promise((_, reject) => {
    const t = setTimeout(() => reject(new Error(`the run did not finish within ${DEADLINE_MS / 1000} s`)), DEADLINE_MS);
    cleanups.push(() => clearTimeout(t));
  });
  deadline.catch(() => {});

  const logFile = join(RESULTS, 'code-server.log');
  rmSync(logFile, { force: true });
  say(dim(`starting code-server (VS Code ${VSCODE_VERSION}) on ${WORKSPACE}${opts.untrusted ? ' (untrusted)' : ''}`));
  const cs = await startCodeServer({
    workspace: WORKSPACE,
    userDataDir,
    extensionsDir,
    logFile,
    disableWorkspaceTrust: !opts.untrusted,
    env: {
      [ENV.untrusted]: opts.untrusted ? '1' : '0',
      PATH,
      SHELL: writeShellShim(tmp),
      [ENV.reportAddress]: reportAddress,
      [ENV.reportToken]: token,
      [ENV.expectVscode]: VSCODE_VERSION,
      [ENV.binDir]: binDir,
      ...(opts.grep ? { [ENV.grep]: opts.grep } : {}),
      // npm run bench's editor figures (test/integration/bench.test.ts) take their corpus and output file here.
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('SKILL_AUTHOR_BENCH_'))),
    },
  });
  cleanups.push(() => cs.stop());
  const serverExit = cs.exited.then((e) => {
    throw new Error(`code-server exited during the run (${e.signal ?? `exit ${e.code}`}); see ${logFile}`);
  });
  serverExit.catch(() => {});

  const browser = await launchChromium();
  cleanups.push(() => browser.close());
  page = await browser.newPage({ viewport: VIEWPORT });
  const browserLog = [];
  page.on('console', (m) => browserLog.push(`[${m.type()}] ${m.text()}`));
  page.on('pageerror', (err) => browserLog.push(`[pageerror] ${err.message}`));
  page.on('requestfailed', (r) => browserLog.push(`[requestfailed] ${r.url()} ${r.failure()?.errorText ?? ''}`));
  cleanups.push(() => writeFileSync(join(RESULTS, 'workbench-console.log'), browserLog.join('\n') + '\n'));
  const browserGone = new Promise((_, reject) => browser.on('disconnected', () => reject(new Error('Chromium exited during the run'))));
  browserGone.catch(() => {});

  const url = workbenchUrl({ origin: cs.origin, folder: WORKSPACE, extensionDevelopmentPath: extensionFolder, extensionTestsPath: TESTS_ENTRY });
  await page.goto(url, { waitUntil: 'domcontentloaded' });

  const noConnect = new Promise((_, reject) => {
    const t = setTimeout(
      () => reject(new Error(`the extension host did not start the tests within ${CONNECT_MS / 1000} s of opening the workbench`)),
      CONNECT_MS,
    );
    connected.promise.then(() => clearTimeout(t));
    cleanups.push(() => clearTimeout(t));
  });
  noConnect.catch(() => {});
  const failFast = [deadline, serverExit, browserGone];
  let runError = null;
  try {
    const hello = await Promise.race([connected.promise, noConnect, ...failFast]);
    say(dim(`  extension host up: VS Code ${hello.vscode}, Node ${hello.node}, ${((Date.now() - started) / 1000).toFixed(1)} s after start`));
    await Promise.race([done.promise, ...failFast]);
  } catch (err) {
    runError = err;
  }

  // The screenshot is taken while the workbench still shows what the tests left open; the extension
  // host waits for the `ack` below before run() returns.
  const shot = join(RESULTS, 'workbench.png');
  try {
    await page.screenshot({ path: shot, timeout: 15_000 });
  } catch (err) {
    say(dim(`  (no screenshot: ${err.message.split('\n')[0]})`));
  }
  state.socket?.write('ack\n');

  // The report.
  if (state.failures.length) {
    say('');
    state.failures.forEach((f, i) => {
      say(red(`  ${i + 1}) ${f.fullTitle}`));
      say(`     ${f.message.split('\n').join('\n     ')}`);
      const frames = stackFrames(f.stack);
      if (frames.length) say(dim(frames.map((l) => `     ${l}`).join('\n')));
      say('');
    });
  }
  for (const e of state.errors) {
    say(red(`  the in-host runner failed: ${e.message}`));
    say(
      dim(
        stackFrames(e.stack)
          .map((l) => `     ${l}`)
          .join('\n'),
      ),
    );
  }
  if (runError) {
    say(red(`\n  ${runError.message}`));
    const tail = cs.output().trim().split('\n').slice(-25).join('\n     ');
    if (tail) say(dim(`  last lines of code-server's output (${logFile}):\n     ${tail}`));
    const errs = browserLog
      .filter((l) => /^\[(error|pageerror)\]/.test(l) && !/Failed to load resource/.test(l))
      .map((l) => l.split('\n')[0].slice(0, 300))
      .slice(-15);
    if (errs.length) say(dim(`  workbench errors (test-results/workbench-console.log):\n     ${errs.join('\n     ')}`));
  }
  say(dim(`  screenshot: ${shot}`));
  if (!runError && state.end && state.passes + state.failures.length === 0) say(red('  no test ran (check --grep)'));
  const ok = !runError && !!state.end && state.failures.length === 0 && state.errors.length === 0 && state.passes > 0;
  // The closing line CI reads; a run that broke down without a failing test still counts one failure.
  const failed = state.failures.length || (ok ? 0 : 1);
  const skipped = state.pending ? `, ${state.pending} skipped` : '';
  say(`${(ok ? green : red)('integration:')} ${state.passes} passed, ${failed} failed${skipped}`);
  return ok;
}

/** An element of the page (protocol.ts `ElementRef`): the first match, with `text` among its text if given. */
function locate(page, ref) {
  const all = page.locator(ref.selector);
  return (ref.text ? all.filter({ hasText: ref.text }) : all).first();
}

const describeRef = (ref) => `${ref.selector}${ref.text ? ` with the text ${JSON.stringify(ref.text)}` : ''}`;

/** The `screenshot` request: waits for the expected elements, crops, saves test-results/<name>.png. */
async function screenshot(page, { name, expect = [], clip }) {
  if (typeof name !== 'string' || !SCREENSHOT_NAME.test(name) || name === 'workbench') {
    throw new Error(`not a screenshot name: ${JSON.stringify(name)} (workbench is the runner's own)`);
  }
  for (const ref of expect) {
    await locate(page, ref)
      .waitFor({ state: 'visible', timeout: 10_000 })
      .catch(() => {
        throw new Error(`not visible within 10 s: ${describeRef(ref)}`);
      });
  }
  let area;
  if (clip && typeof clip.selector === 'string') {
    const box = await locate(page, clip)
      .boundingBox({ timeout: 10_000 })
      .catch(() => null);
    if (!box) throw new Error(`nothing to crop to: ${describeRef(clip)}`);
    const pad = clip.padding ?? 0;
    const x = Math.max(0, Math.floor(box.x - pad));
    const y = Math.max(0, Math.floor(box.y - pad));
    const width = Math.min(VIEWPORT.width, Math.ceil(box.x + box.width + pad)) - x;
    const height = Math.min(VIEWPORT.height, Math.ceil(box.y + box.height + pad)) - y;
    area = { x, y, width: Math.min(width, clip.maxWidth ?? width), height: Math.min(height, clip.maxHeight ?? height) };
  } else if (clip) {
    area = { x: clip.x, y: clip.y, width: clip.width, height: clip.height };
  }
  const file = join(RESULTS, `${name}.png`);
  // Animations off: a hover or a list that is still fading in is shot in its final state.
  await page.screenshot({ path: file, clip: area, animations: 'disabled', timeout: 15_000 });
  return { file, width: area?.width ?? VIEWPORT.width, height: area?.height ?? VIEWPORT.height };
}

/**
 * The `grantTrust` request, as a user grants trust: F1, "Workspaces: Manage Workspace Trust", the "Trust"
 * button of the Workspace Trust editor; then that editor (a modal over the workbench) is closed. Done once the status bar's Restricted
 * Mode indicator is gone. (VS Code does not reload the window when trust is granted, only when it is
 * taken back: the extension host, and the test that asked, go on.)
 */
async function grantTrust(page) {
  const step = (what, p) =>
    p.catch(async (err) => {
      await page.screenshot({ path: join(RESULTS, 'grant-trust-failed.png') }).catch(() => {});
      throw new Error(`${what}: ${err.message.split('\n')[0]} (see test-results/grant-trust-failed.png)`);
    });
  const restricted = page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first();
  if (!(await restricted.isVisible())) throw new Error('the workspace is not in Restricted Mode');
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input').first();
  await step('the command palette to open', input.waitFor({ state: 'visible', timeout: 10_000 }));
  await input.fill('>Workspaces: Manage Workspace Trust');
  const command = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Manage Workspace Trust' }).first();
  await step('the command in the palette', command.waitFor({ state: 'visible', timeout: 10_000 }));
  await page.keyboard.press('Enter');
  const trustEditor = page.locator('.workspace-trust-editor').first();
  await step('the Workspace Trust editor', trustEditor.waitFor({ state: 'visible', timeout: 10_000 }));
  await step(
    'the Trust button',
    trustEditor
      .locator('.monaco-button', { hasText: /^Trust$/ })
      .first()
      .click({ timeout: 10_000 }),
  );
  await step('the Restricted Mode indicator to go', restricted.waitFor({ state: 'hidden', timeout: 10_000 }));
  // VS Code 1.139 shows that editor as a modal over the workbench: its title bar has the close button.
  await step("the modal editor's close button", page.locator('.modal-editor-part .action-label.codicon-close').first().click({ timeout: 10_000 }));
  await step('the Workspace Trust editor to close', trustEditor.waitFor({ state: 'hidden', timeout: 10_000 }));
}

let ok = false;
try {
  ok = await main();
} catch (err) {
  say(red(`integration run failed: ${err instanceof Error ? err.message : String(err)}`));
  say('integration: 0 passed, 1 failed');
} finally {
  await cleanup();
}
process.exit(ok ? 0 : 1);
