#!/usr/bin/env node
// `npm run conformance`: the OpenClaw suite (run.mjs), the agents runner (agents/run.mjs: Claude Code, Codex,
// Copilot CLI, Gemini CLI, OpenCode, Qwen Code), then VS Code's own chat (vscode/run.mjs: code-server 4.139.1 and
// its built-in Copilot Chat), one after the other, their output as it comes. See docs/conformance.md.
//
//   npm run conformance                          both, as CI runs them
//   npm run conformance -- --only agents         one of them (openclaw | agents | vscode)
//   npm run conformance -- --case a01 --count 0  options are passed to every runner (the VS Code runner takes
//                                                only --case, --timeout, --keep, --oracle-only, --no-isolate
//                                                and --quiet of them)
//   npm run conformance -- --all-releases        instead of the runners, every OpenClaw release the profile
//                                                emulates against the emulation (bisect.mjs)
//   npm run conformance -- --bisect [options]    instead of the runners, the release bisector (bisect.mjs: where
//                                                OpenClaw's behaviour changed between two releases), with the
//                                                other options
//
// The last line adds up theirs: `N passed, N failed`; the exit code is 1 when either runner fails or prints no
// summary line.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const HERE = dirname(fileURLToPath(import.meta.url));
const RUNNERS = { openclaw: join(HERE, 'run.mjs'), agents: join(HERE, 'agents', 'run.mjs'), vscode: join(HERE, 'vscode', 'run.mjs') };

/** The options of the command line a runner takes: all of them, except for the VS Code runner, which has one case
 *  set and no generated trees. */
function argsFor(name, all) {
  if (name !== 'vscode') return all;
  const flags = new Set(['--keep', '--oracle-only', '--no-isolate', '--quiet']);
  const valued = new Set(['--case', '--timeout']);
  const out = [];
  for (let k = 0; k < all.length; k++) {
    const a = all[k];
    const name = a.includes('=') ? a.slice(0, a.indexOf('=')) : a;
    if (flags.has(name)) out.push(a);
    else if (valued.has(name)) out.push(a, ...(a.includes('=') ? [] : [all[++k]]));
    else if (!a.includes('=') && all[k + 1] !== undefined && !all[k + 1].startsWith('--')) k++;
  }
  return out;
}

const args = process.argv.slice(2);
const bisect = args.indexOf('--bisect');
// --all-releases is the bisector's too: every OpenClaw release emulated, each case's fingerprint against the
// emulation's.
if (bisect >= 0 || args.includes('--all-releases')) {
  if (bisect >= 0) args.splice(bisect, 1);
  const child = spawn(process.execPath, [join(HERE, 'bisect.mjs'), ...args], { stdio: 'inherit' });
  const code = await new Promise((res) => child.on('close', (c, signal) => res(c ?? (signal ? 1 : 0))));
  process.exit(code);
}
let only = null;
const i = args.findIndex((a) => a === '--only' || a.startsWith('--only='));
if (i >= 0) {
  only = args[i].includes('=') ? args[i].split('=')[1] : args[i + 1];
  args.splice(i, args[i].includes('=') ? 1 : 2);
  if (!RUNNERS[only]) {
    console.error(`--only is ${Object.keys(RUNNERS).join(' or ')}`);
    process.exit(2);
  }
}

function runOne(name, script) {
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [script, ...argsFor(name, args)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let tail = '';
    child.stdout.on('data', (d) => {
      process.stdout.write(d);
      tail = (tail + d).slice(-4096);
    });
    child.on('close', (code, signal) => {
      const last = tail.trimEnd().split('\n').pop() ?? '';
      const m = /^(\d+) passed, (\d+) failed$/.exec(last);
      resolvePromise({ code: code ?? signal, passed: m ? Number(m[1]) : 0, failed: m ? Number(m[2]) : 0, summary: !!m });
    });
  });
}

let passed = 0;
let failed = 0;
let bad = false;
for (const [name, script] of Object.entries(RUNNERS)) {
  if (only && only !== name) continue;
  console.log(`\n=== conformance: ${name} ===`);
  const r = await runOne(name, script);
  passed += r.passed;
  failed += r.failed;
  if (r.code !== 0 || !r.summary) bad = true;
  if (!r.summary) console.log(`${name}: no summary line (exit ${r.code})`);
}
console.log(`${passed} passed, ${failed + (bad && failed === 0 ? 1 : 0)} failed`);
process.exitCode = bad || failed ? 1 : 0;
