#!/usr/bin/env node
// The VSIX as a user installs it: `npm run package` (in a copy of the sources, so the development build that
// the other tests run stays as it is), then code-server's own `--install-extension` into an empty extensions
// folder, then VS Code 1.139 opened on a copy of examples/ with no extension under development — the
// installed extension alone. In headless Chromium it opens the Skill Author view and waits for the example
// skills in the Skills tree; it saves test-results/vsix.png.
//
//   node test/integration/vsix.mjs [--keep]
//
// Exit code 0 when the view lists the skills, 1 otherwise (with the reason and the last of code-server's log).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, hostPaths, launchChromium, provision, startCodeServer, stopAllCodeServers, writeUserSettings } from '../../scripts/vscode-host.mjs';

const keep = process.argv.includes('--keep');
const RESULTS = join(ROOT, 'test-results');
const SOURCES = ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', '.vscodeignore', 'language-configuration.json', 'tsconfig.json'];
const FOLDERS = ['src', 'scripts', 'schemas', 'media', 'syntaxes', 'snippets'];
/** Skills of examples/ the tree must show once the extension has scanned them. */
const EXPECTED = ['git-helper', 'ffmpeg-tools', 'pdf-tools'];

function log(msg) {
  process.stdout.write(`vsix: ${msg}\n`);
}

async function main() {
  await provision({ chromium: true });
  const tmp = mkdtempSync(join(tmpdir(), 'skill-author-vsix-'));
  let browser;
  let server;
  try {
    // 1. The VSIX, made as `npm run package` makes it.
    const stage = join(tmp, 'stage');
    mkdirSync(stage);
    for (const f of [...SOURCES, ...FOLDERS]) cpSync(join(ROOT, f), join(stage, f), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(stage, 'node_modules'));
    execFileSync(process.execPath, [join(stage, 'scripts', 'package.mjs')], { cwd: stage, stdio: ['ignore', 'ignore', 'inherit'] });
    const vsix = readdirSync(stage).find((f) => f.endsWith('.vsix'));
    if (!vsix) throw new Error('npm run package made no .vsix');
    log(`packaged ${vsix}`);

    // 2. Installed by VS Code itself into an empty extensions folder.
    const p = hostPaths();
    const extensionsDir = join(tmp, 'extensions');
    const userDataDir = join(tmp, 'user-data');
    mkdirSync(extensionsDir);
    writeUserSettings(userDataDir, { 'skillAuthor.defaultRoots': false, 'files.autoSave': 'off' });
    const installed = execFileSync(
      p.nodeBin,
      [p.codeServerEntry, '--extensions-dir', extensionsDir, '--user-data-dir', userDataDir, '--install-extension', join(stage, vsix)],
      { encoding: 'utf8', env: { ...process.env, EXTENSIONS_GALLERY: '{}' } },
    );
    const { publisher, name, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const folder = readdirSync(extensionsDir).find((f) => f.startsWith(`${publisher}.${name}-${version}`));
    if (!folder) throw new Error(`the extension is not in ${extensionsDir} after install:\n${installed}`);
    log(`installed as ${folder}`);

    // 3. VS Code on a copy of examples/, the installed extension alone.
    const workspace = join(tmp, 'examples');
    cpSync(join(ROOT, 'examples'), workspace, { recursive: true });
    server = await startCodeServer({ workspace, userDataDir, extensionsDir, logFile: join(tmp, 'code-server.log') });
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${server.origin}/?folder=${encodeURIComponent(workspace)}`, { waitUntil: 'domcontentloaded' });
    await page.locator('.monaco-workbench').waitFor({ timeout: 120_000 });
    const title = await page.title();
    if (title.includes('Extension Development Host')) throw new Error(`not an installed extension: the window is "${title}"`);

    // 4. The Skill Author view lists the example skills.
    const container = page.locator('.activitybar .action-item a[aria-label^="Skill Author"]').first();
    await container.waitFor({ timeout: 120_000 });
    await container.click();
    for (const skill of EXPECTED) {
      await page.locator('.monaco-list-row', { hasText: skill }).first().waitFor({ timeout: 120_000 });
    }
    mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: join(RESULTS, 'vsix.png'), timeout: 15_000 });
    log(`the Skills view lists ${EXPECTED.join(', ')} (test-results/vsix.png)`);
    log('1 passed, 0 failed');
    return 0;
  } catch (e) {
    log(`failed: ${e instanceof Error ? e.message : String(e)}`);
    if (server) log(`code-server's log ends:\n${server.output().slice(-3000)}`);
    log('0 passed, 1 failed');
    return 1;
  } finally {
    await browser?.close().catch(() => {});
    await stopAllCodeServers();
    if (keep) log(`kept ${tmp}`);
    else if (existsSync(tmp)) rmSync(tmp, { recursive: true, force: true });
  }
}

process.exitCode = await main();
