#!/usr/bin/env node
// The same integration suite on a desktop VS Code, through @vscode/test-electron, for machines that can
// download VS Code from Microsoft (this project's CI cannot: it uses test/integration/run.mjs).
//
//   npm run test:desktop                       downloads VS Code 1.139.1 into .vscode-test/desktop/
//   VSCODE_TEST_VERSION=stable npm run test:desktop
//   VSCODE_EXECUTABLE=/path/to/code npm run test:desktop   an installed VS Code, no download
//   xvfb-run -a npm run test:desktop           on Linux without a display
//
// Results print in the terminal (the in-host reporter writes to the extension host's console, which
// test-electron forwards); the exit code is non-zero when a test fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { parseArgs } from 'node:util';
import { runTests } from '@vscode/test-electron';
import { CACHE_DIR, prepareRunFolders, ROOT, VSCODE_VERSION, writeShellShim } from '../../scripts/vscode-host.mjs';
import { testHostFolder } from './host/folder.mjs';

const { values: opts } = parseArgs({ options: { grep: { type: 'string' } } });
const version = process.env.VSCODE_TEST_VERSION || VSCODE_VERSION;

const tmp = mkdtempSync(join(tmpdir(), 'skill-author-desktop-'));
const { userDataDir, extensionsDir, binDir } = prepareRunFolders(tmp);

let code = 1;
try {
  code = await runTests({
    ...(process.env.VSCODE_EXECUTABLE ? { vscodeExecutablePath: process.env.VSCODE_EXECUTABLE } : { version }),
    cachePath: join(CACHE_DIR, 'desktop'),
    // Our own fresh folders below instead of test-electron's shared ones.
    reuseMachineInstall: true,
    extensionDevelopmentPath: testHostFolder(ROOT, tmp),
    extensionTestsPath: join(ROOT, 'out', 'test', 'integration', 'index.js'),
    extensionTestsEnv: {
      PATH: [binDir, process.env.PATH].join(delimiter),
      // Desktop VS Code also resolves a login shell's environment when not started from a terminal.
      SHELL: writeShellShim(tmp),
      // `any` when the version is not pinned: the version test then skips itself.
      SKILL_AUTHOR_EXPECT_VSCODE: process.env.VSCODE_EXECUTABLE || !/^\d+\.\d+/.test(version) ? 'any' : version,
      SKILL_AUTHOR_TEST_BIN_DIR: binDir,
      ...(opts.grep ? { SKILL_AUTHOR_TEST_GREP: opts.grep } : {}),
    },
    launchArgs: [
      join(ROOT, 'test', 'fixtures', 'workspace'),
      '--user-data-dir',
      userDataDir,
      '--extensions-dir',
      extensionsDir,
      '--disable-workspace-trust',
      '--skip-welcome',
      '--skip-release-notes',
      '--disable-gpu',
    ],
  });
} catch (err) {
  console.error(`desktop integration run failed: ${err instanceof Error ? err.message : String(err)}`);
  code = 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(code);
