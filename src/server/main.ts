// The entry of dist/lsp.js: `skill-author lsp` loads it only when asked, so `check` does not pay for the
// language server's modules at start.

import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { isMainThread, workerData } from 'node:worker_threads';
import { type OffThreadData, RUNTIME_WORKER_ROLE } from '../core/check/offThread';
import { startServer } from './server';

export const LSP_HELP = `skill-author lsp --stdio [--trusted]

Runs the language server on standard input and output (JSON-RPC, the Language Server Protocol): findings
of every SKILL.md (and nexo-rs agents files, openclaw.json) as check reports them, hover, completion,
quick fixes, go to definition for supporting files. See docs/lsp.md for editor setup.

Options:
  --stdio        speak LSP on stdin/stdout (the only transport)
  --trusted      the workspace is trusted: version probes may run (\`<bin> --version\`); without it, only
                 initializationOptions.trusted = true allows them
  -h, --help     this help`;

/** Returns an exit code for usage errors; otherwise the server runs until the client says `exit`. */
export function runLsp(args: readonly string[], io: { out: (s: string) => void; err: (s: string) => void }, version: string): number | null {
  if (args.includes('-h') || args.includes('--help')) {
    io.out(`${LSP_HELP}\n`);
    return 0;
  }
  const unknown = args.filter((a) => a !== '--stdio' && a !== '--trusted');
  if (unknown.length || !args.includes('--stdio')) {
    io.err(`skill-author: ${unknown.length ? `unknown option \`${unknown[0]}\` for lsp` : 'lsp needs --stdio'} (see skill-author lsp --help)\n`);
    return 2;
  }
  startServer({ trusted: args.includes('--trusted'), version, input: process.stdin, output: process.stdout });
  return null;
}

/** The version of the installation this bundle belongs to (dist/ → package.json). */
function installedVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0';
  } catch {
    return '0';
  }
}

// Started as the runtime worker (src/core/check/offThread.ts; the VSIX carries this bundle and no
// runtime-worker.js): the worker's loop, and nothing of the server.
if (!isMainThread && (workerData as Partial<OffThreadData> | null)?.role === RUNTIME_WORKER_ROLE) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('../core/check/worker');
}
// Forked by the VS Code extension's language client (`node dist/lsp.js --node-ipc`): the transport is named
// on the command line, and trust comes from the client's initializationOptions only.
else if (require.main === module) startServer({ trusted: false, version: installedVersion() });
