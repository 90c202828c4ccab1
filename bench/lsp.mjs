// The language server's figures (`node bench/lsp.mjs [--rounds N] [--quick]`, also run by bench/run.mjs):
//
// - start → first diagnostics: from spawning `node dist/cli.js lsp --stdio` to the publishDiagnostics for a
//   SKILL.md opened right after `initialized`, in a one-skill workspace and in the 10,000-skill corpus
//   bench/run.mjs generates (the same generator and seed) as the workspace folder; median of N;
// - the corpus scan: from `initialized` to the server's `skillAuthor/scanned` notification, and the server's
//   resident memory then (VmRSS) and at its peak (VmHWM), from /proc; with `background` on as well (every
//   skill's findings published to the client).
//
// Writes the figures to bench/lsp-results.json (not committed) and prints a table.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateCorpus, median } from './corpus.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const cli = join(root, 'dist', 'cli.js');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const roundsArg = args.indexOf('--rounds');
const ROUNDS = roundsArg >= 0 ? Number(args[roundsArg + 1]) : quick ? 5 : 11;
const BIG_ROUNDS = roundsArg >= 0 ? ROUNDS : Math.max(3, Math.ceil(ROUNDS / 3));
const CORPUS = quick ? 1000 : 10000;

if (!existsSync(join(root, 'dist', 'lsp.js'))) execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit', cwd: root });
const require = createRequire(import.meta.url);
const rpc = require('vscode-jsonrpc/node');

function procKB(pid, field) {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}

/** One server run: ms to the first diagnostics of `file`, ms to the scan's end, and memory after it. */
async function run(workspace, file, { background = false, waitScan = false } = {}) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [cli, 'lsp', '--stdio'], {
    cwd: workspace,
    env: { ...process.env, HOME: workspace },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const conn = rpc.createMessageConnection(new rpc.StreamMessageReader(child.stdout), new rpc.StreamMessageWriter(child.stdin));
  const uri = pathToFileURL(file).href;
  let firstDiagnostics = null;
  let published = 0;
  let scanned = null;
  let resolveFirst;
  let resolveScan;
  const first = new Promise((r) => (resolveFirst = r));
  const scan = new Promise((r) => (resolveScan = r));
  conn.onNotification('textDocument/publishDiagnostics', (p) => {
    published++;
    if (p.uri === uri && firstDiagnostics === null) {
      firstDiagnostics = performance.now() - t0;
      resolveFirst();
    }
  });
  conn.onNotification('skillAuthor/scanned', (p) => {
    scanned = { ...p, atMs: performance.now() - t0 };
    resolveScan();
  });
  conn.onNotification('window/logMessage', () => undefined);
  conn.onRequest(() => null);
  conn.listen();
  const rootUri = pathToFileURL(workspace).href;
  await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: 'ws' }],
    capabilities: {},
    initializationOptions: { background },
  });
  await conn.sendNotification('initialized', {});
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text: readFileSync(file, 'utf8') } });
  await first;
  let memory = null;
  if (waitScan) {
    await scan;
    // Let the published diagnostics drain, then read the memory of the idle server.
    await new Promise((r) => setTimeout(r, 200));
    memory = { rssMB: procKB(child.pid, 'VmRSS') / 1024, peakMB: procKB(child.pid, 'VmHWM') / 1024 };
    // V8 gives memory back once the process has been idle a while (its memory reducer): RSS after 10 s.
    await new Promise((r) => setTimeout(r, 10000));
    memory.idleRssMB = procKB(child.pid, 'VmRSS') / 1024;
  }
  await conn.sendRequest('shutdown');
  await conn.sendNotification('exit');
  await new Promise((r) => child.once('exit', r));
  conn.dispose();
  return { firstMs: firstDiagnostics, scan: scanned, memory, published };
}

const tmp = mkdtempSync(join(os.tmpdir(), 'skill-author-bench-lsp-'));
try {
  const small = join(tmp, 'small');
  const one = join(small, 'tools', 'convert', 'SKILL.md');
  mkdirSync(dirname(one), { recursive: true });
  writeFileSync(
    one,
    '---\nname: convert\ndescription: Converts videos with ffmpeg.\nrequires:\n  bins: [ffmpeg]\n  bin_versions:\n    ffmpeg: ">=4.0 <5"\n---\n\n# Convert\n\nRun `ffmpeg -i in.mov out.mp4`.\n',
  );
  const big = join(tmp, `corpus-${CORPUS}`);
  const { files } = generateCorpus(big, CORPUS, { seed: CORPUS });
  // A nexo-rs skill (a `requires` block): its verdict needs no tree runtime. A skill Hermes judges waits for
  // Hermes's reading of the whole root, as `check` does (see docs/lsp.md).
  const hermesFields = /^(platforms|prerequisites|environments|required_environment_variables|required_credential_files|setup):|hermes/m;
  const target = files.find((f, i) => i >= files.length / 2 && /^requires:/m.test(readFileSync(f, 'utf8')) && !hermesFields.test(readFileSync(f, 'utf8')));

  const smallFirst = [];
  for (let i = 0; i < ROUNDS; i++) smallFirst.push((await run(small, one)).firstMs);
  const bigFirst = [];
  const scanMs = [];
  const rss = [];
  const peak = [];
  const idle = [];
  for (let i = 0; i < BIG_ROUNDS; i++) {
    const r = await run(big, target, { waitScan: true });
    bigFirst.push(r.firstMs);
    scanMs.push(r.scan.ms);
    rss.push(r.memory.rssMB);
    peak.push(r.memory.peakMB);
    idle.push(r.memory.idleRssMB);
  }
  const bg = await run(big, target, { waitScan: true, background: true });
  const results = {
    machine: {
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? '',
      memoryGB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadAverage: os.loadavg().map((x) => x.toFixed(2)),
    },
    rounds: { small: ROUNDS, corpus: BIG_ROUNDS },
    corpusSkills: CORPUS,
    firstDiagnosticsMs: { oneSkill: median(smallFirst), corpus: median(bigFirst) },
    corpusScanMs: median(scanMs),
    corpusRssMB: median(rss),
    corpusPeakRssMB: median(peak),
    corpusIdleRssMB: median(idle),
    background: { scanMs: bg.scan.ms, rssMB: bg.memory.rssMB, idleRssMB: bg.memory.idleRssMB, peakMB: bg.memory.peakMB, published: bg.published },
  };
  const n = CORPUS.toLocaleString('en');
  const rows = [
    ['server start → first diagnostics, opened SKILL.md, one-skill workspace', `${results.firstDiagnosticsMs.oneSkill.toFixed(0)} ms`],
    [`server start → first diagnostics, opened SKILL.md, ${n}-skill workspace`, `${results.firstDiagnosticsMs.corpus.toFixed(0)} ms`],
    [`initialized → scan of ${n} skills done (skillAuthor/scanned)`, `${results.corpusScanMs.toFixed(0)} ms`],
    [
      `server RSS after the ${n}-skill scan / 10 s later / peak`,
      `${results.corpusRssMB.toFixed(0)} / ${results.corpusIdleRssMB.toFixed(0)} / ${results.corpusPeakRssMB.toFixed(0)} MB`,
    ],
    [
      `with background: on (${bg.published.toLocaleString('en')} publishDiagnostics): scan / RSS / 10 s later / peak`,
      `${bg.scan.ms.toFixed(0)} ms / ${bg.memory.rssMB.toFixed(0)} / ${bg.memory.idleRssMB.toFixed(0)} / ${bg.memory.peakMB.toFixed(0)} MB`,
    ],
  ];
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log(`| ${'language server'.padEnd(w)} | median |\n|${'-'.repeat(w + 2)}|-------:|\n${rows.map(([a, b]) => `| ${a.padEnd(w)} | ${b} |`).join('\n')}`);
  console.log(
    `\nmachine: ${results.machine.cores} cores (${results.machine.cpu}), ${results.machine.memoryGB} GB, Node ${results.machine.node}; load ${results.machine.loadAverage.join(' ')}; ${ROUNDS} rounds (${BIG_ROUNDS} on the corpus, 1 with background)`,
  );
  writeFileSync(join(here, 'lsp-results.json'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
