#!/usr/bin/env node
// `npm start`: builds the extension, provisions what a first run lacks (scripts/vscode-host.mjs), and serves
// VS Code 1.139 on 127.0.0.1 with the extension loaded and the examples/ folder open. Open the printed URL
// in a browser; Ctrl-C stops it. No password: it listens on the loopback interface only.
//
//   npm start [-- --port 8080] [--folder path] [--no-build]
//   npm start -- --screenshot [file]     open it in headless Chromium, save a picture
//                                        (default test-results/start.png), then stop
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  CACHE_DIR,
  CODE_SERVER_VERSION,
  ROOT,
  VSCODE_VERSION,
  launchChromium,
  provision,
  startCodeServer,
  stopAllCodeServers,
  workbenchUrl,
  writeShellShim,
  writeUserSettings,
} from './vscode-host.mjs';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string', default: '0' },
    folder: { type: 'string', default: join(ROOT, 'examples') },
    build: { type: 'boolean', default: true },
    screenshot: { type: 'boolean', default: false },
  },
  allowNegative: true,
});
const folder = resolve(opts.folder);
const say = (s) => process.stdout.write(`${s}\n`);

function fail(message) {
  process.stderr.write(`npm start: ${message}\n`);
  process.exit(1);
}

/** The first SKILL.md under `dir` (breadth-first, sorted), for the screenshot. */
function firstSkill(dir) {
  const queue = [dir];
  while (queue.length) {
    const d = queue.shift();
    let names;
    try {
      names = readdirSync(d).sort();
    } catch {
      continue;
    }
    if (names.includes('SKILL.md')) return join(d, 'SKILL.md');
    for (const n of names) {
      const p = join(d, n);
      if (!n.startsWith('.') && n !== 'node_modules' && statSync(p).isDirectory()) queue.push(p);
    }
  }
  return null;
}

async function screenshot(url, file) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 60_000 });
    const skill = firstSkill(folder);
    if (skill) {
      // Quick Open, the way a person would open the file.
      await page.locator('.monaco-workbench').click({ position: { x: 700, y: 400 } });
      await page.keyboard.press('Control+P');
      await page.locator('.quick-input-widget input').waitFor({ timeout: 10_000 });
      await page.keyboard.type(relative(folder, skill));
      await page.locator('.quick-input-list .monaco-list-row').first().waitFor({ timeout: 10_000 });
      await page.keyboard.press('Enter');
      await page.locator('.tab.active', { hasText: 'SKILL.md' }).waitFor({ timeout: 10_000 });
      // The language picker in the status bar names the document's language once the editor is ready.
      await page.locator('#status\\.editor\\.mode', { hasText: 'Skill' }).waitFor({ timeout: 20_000 });
      // Best effort: let the status bar's "Activating Extensions…" clear before the picture.
      // The picture shows the extension at work: the file's finding underlined, and the Skills view (its
      // activity-bar entry) listing the examples with their status. Best effort: a picture either way.
      await page
        .locator('.squiggly-error, .squiggly-warning')
        .first()
        .waitFor({ timeout: 30_000 })
        .catch(() => {});
      await page
        .locator('.activitybar [aria-label^="Skill Author"]')
        .first()
        .click({ timeout: 10_000 })
        .catch(() => {});
      const rows = page.locator('[id="workbench.view.extension.skillAuthor"] .monaco-list-row');
      await rows
        .nth(2)
        .waitFor({ timeout: 30_000 })
        .catch(() => {});
      // The language server sends the skills in batches: wait until the view's rows stop changing (2.5 s).
      for (let last = -1, stable = 0, t0 = Date.now(); stable < 10 && Date.now() - t0 < 30_000;) {
        await new Promise((r) => setTimeout(r, 250));
        const now = await rows.count().catch(() => -1);
        stable = now === last ? stable + 1 : 0;
        last = now;
      }
    }
    mkdirSync(resolve(file, '..'), { recursive: true });
    await page.screenshot({ path: file });
    say(`screenshot: ${file}`);
  } finally {
    await browser.close();
  }
}

// Until code-server is up, a signal stops whatever has started so far (it runs in its own process group).
const onEarlySignal = () => stopAllCodeServers().finally(() => process.exit(130));
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, onEarlySignal);

async function main() {
  if (!existsSync(folder)) fail(`${folder} does not exist (give another with --folder)`);
  if (opts.build) {
    const b = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { stdio: 'inherit' });
    if (b.status !== 0) fail('the build failed');
  }
  // Installs what a first run lacks (Debian packages through apt-get, then code-server), or says what to
  // run when it may not: Chromium only for --screenshot, the browser of a plain start being the user's.
  await provision({ chromium: opts.screenshot });

  // Kept between runs, so the window looks as you left it; the extension itself is always the one built
  // from this checkout (loaded as an extension under development).
  const base = join(CACHE_DIR, 'start');
  const userDataDir = join(base, 'user-data');
  const extensionsDir = join(base, 'extensions');
  mkdirSync(extensionsDir, { recursive: true });
  if (!existsSync(join(userDataDir, 'User', 'settings.json'))) writeUserSettings(userDataDir);

  const cs = await startCodeServer({
    workspace: folder,
    userDataDir,
    extensionsDir,
    port: Number(opts.port),
    logFile: join(base, 'code-server.log'),
    // The extension host keeps this terminal's PATH (see writeShellShim), so dependency probes find what
    // `which` finds here.
    env: { SHELL: writeShellShim(base) },
  });
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    say('stopping code-server…');
    await cs.stop();
    process.exit(code);
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.off(sig, onEarlySignal);
    process.on(sig, () => stop(0));
  }
  cs.exited.then((e) => {
    if (stopping) return;
    process.stderr.write(`code-server stopped (${e.signal ?? `exit ${e.code}`}); log: ${join(base, 'code-server.log')}\n`);
    process.exit(1);
  });

  const url = workbenchUrl({ origin: cs.origin, folder, extensionDevelopmentPath: ROOT });
  if (opts.screenshot) {
    const file = resolve(positionals[0] ?? join(ROOT, 'test-results', 'start.png'));
    try {
      await screenshot(url, file);
    } catch (err) {
      process.stderr.write(`screenshot failed: ${err instanceof Error ? err.message : String(err)}\n`);
      await stop(1);
    }
    await stop(0);
    return;
  }
  say('');
  say(`Skill Author in VS Code ${VSCODE_VERSION} (code-server ${CODE_SERVER_VERSION}), on ${relative(process.cwd(), folder) || '.'}`);
  say('Open this URL in a browser on this machine (loopback only, no password):');
  say('');
  say(`  ${url}`);
  say('');
  say(`From another machine, forward the port first: ssh -L ${cs.port}:127.0.0.1:${cs.port} <this host>`);
  say('Press Ctrl-C to stop.');
}

main().catch((err) => fail(err instanceof Error ? err.message : String(err)));
