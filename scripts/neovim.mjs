#!/usr/bin/env node
// Neovim for the language server's integration test (test/unit/lsp-neovim.test.ts): Debian's `neovim`
// package (0.7 has the built-in LSP client), installed with apt-get when this process may (root, or sudo
// without a password; SKILL_AUTHOR_NO_APT=1 refuses), as scripts/vscode-host.mjs installs Chromium.
//
//   node scripts/neovim.mjs          install when missing; print the nvim path and version
//   node scripts/neovim.mjs --check  say whether nvim is there and how to install it; install nothing
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { aptCommand, aptGet, aptRefusal, CACHE_DIR } from './vscode-host.mjs';

/** The exact command that installs Neovim on this machine. */
export const INSTALL_COMMAND = aptCommand(['neovim']);

/** `nvim` on PATH (or $NVIM_BIN), or null. */
export function findNvim() {
  if (process.env.NVIM_BIN) return existsSync(process.env.NVIM_BIN) ? process.env.NVIM_BIN : null;
  for (const d of (process.env.PATH || '').split(delimiter)) {
    if (d && existsSync(join(d, 'nvim'))) return join(d, 'nvim');
  }
  return null;
}

/** `{ major, minor, patch, text }` of `nvim --version`, or null when it does not run. */
export function nvimVersion(nvim) {
  const r = spawnSync(nvim, ['--version'], { encoding: 'utf8', timeout: 10000 });
  const m = /NVIM v(\d+)\.(\d+)\.(\d+)/.exec(r.stdout || '');
  return m ? { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]), text: m[0] } : null;
}

/** Neovim 0.7 or later: `{ nvim, version }`, installing Debian's package when missing and allowed;
 *  otherwise `{ skip }`, a message that names the exact install command. */
export async function ensureNeovim({ install = true } = {}) {
  let nvim = findNvim();
  if (!nvim) {
    const refusal = install ? aptRefusal() : 'this run installs nothing (--check)';
    if (refusal) return { skip: `Neovim (nvim) is not installed, and ${refusal}; install it with: ${INSTALL_COMMAND}` };
    mkdirSync(CACHE_DIR, { recursive: true });
    const logFile = join(CACHE_DIR, 'apt.log');
    process.stderr.write("[neovim] installing Debian's neovim with apt-get (once; SKILL_AUTHOR_NO_APT=1 refuses)\n");
    await aptGet(['update'], logFile);
    await aptGet(['install', '-y', '--no-install-recommends', 'neovim'], logFile);
    nvim = findNvim();
    if (!nvim) return { skip: `apt-get installed neovim, yet nvim is not on PATH (see ${logFile}); install it with: ${INSTALL_COMMAND}` };
  }
  const version = nvimVersion(nvim);
  if (!version) return { skip: `${nvim} --version does not run; reinstall with: ${INSTALL_COMMAND}` };
  if (version.major === 0 && version.minor < 7)
    return {
      skip: `${version.text} is older than 0.7, the first with vim.lsp and nvim_create_autocmd; install a newer one (${INSTALL_COMMAND} on Debian 12+)`,
    };
  return { nvim, version };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await ensureNeovim({ install: !process.argv.includes('--check') });
  if (r.skip) {
    console.error(r.skip);
    process.exitCode = 1;
  } else console.log(`${r.nvim} (${r.version.text})`);
}
