#!/usr/bin/env node
// The VS Code runner: the real VS Code 1.139.1 (code-server 4.139.1 from npm, with its built-in GitHub Copilot Chat
// 0.67.0) as the oracle for the skills section of an agent-mode chat. Each golden case of test/golden/vscode/ is
// copied to a fresh /tmp/golden-XXXXXXXX, code-server opens its project as the workspace with HOME = its home, a test
// extension (./ext, installed as a VSIX) registers a language model and opens one agent-mode chat on it, and the
// system message Copilot sends that model is cut from `<skills>` through `</skills>`. That section must equal the
// case's expected/listing.txt (the oracle reproduces the golden data) and the section of the emulation (`runVsCode`
// of src/core/runtimes/vscode/listing.ts, bundled from the sources with esbuild) on the same sandbox. How VS Code is
// run, and why each of the four workarounds is needed: test/golden/vscode/README.md.
//
//   node test/conformance/vscode/run.mjs                       every case: VS Code, golden data and emulation
//   node test/conformance/vscode/run.mjs --case a01 --keep     one case (name contains a01), its sandbox kept
//   node test/conformance/vscode/run.mjs --record              write each case's expected/ from VS Code
//   node test/conformance/vscode/run.mjs --oracle-only         VS Code against the golden data only
//
// Options: --case TEXT (cases whose folder name contains it), --golden DIR (the folder holding vscode/<case>/;
// default test/golden), --record (expected/listing.txt from VS Code; expected/skills.json: `stderr` [], `builtins`
// from VS Code, `skills` — the per-file states — from the emulation, written only when its section equals VS
// Code's), --oracle-only (no emulation), --keep (leave the sandboxes and VS Code's logs in /tmp), --timeout S (per
// case; default 90), --no-isolate (run on the host's loopback, not in a network namespace), --jobs N (accepted for
// symmetry with the agents runner; cases always run one at a time), --quiet.
//
// User settings: the case's `settings` (case.json) merged over the runner's own, written to
// `<home>/.local/share/code-server/User/settings.json` — code-server's default user-data folder, which is where the
// emulation reads user settings from HOME. Workspace settings are the case's own `root/<cwd>/.vscode/settings.json`.
//
// Built-in skills: Copilot's own skills (their <file> lies in the code-server install, not under $ROOT) are left
// out of the section by location and listed in `builtins` as {name, chars} — chars: the entry's length as VS Code
// counts it against the budget (its lines and one newline) less the length of its install path; for a built-in
// named only on the `Additional skills available` line, the length of its name. Their text is never kept.
//
// Everything is bounded: a case that does not produce a request within --timeout is stopped (code-server's whole
// process group, the browser page); the worker process holding code-server and Chromium runs in PID, network and
// mount namespaces of its own (`unshare -rnmpf`), so ending it ends everything it started. There are no retries.
// The last line is `N passed, N failed`; the exit code is 1 on any difference.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';
import { loadEmulations, recordExpected, sameBytes, shortDiff } from '../agents/run.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..', '..', '..');
/** The runner's own cache: the installed test extension. Ignored by git (.cache/). VS Code itself is the one
 *  install the integration tests and `npm start` use (scripts/vscode-host.mjs, `.vscode-test/` or
 *  SKILL_AUTHOR_VSCODE_CACHE), so a machine that ran `npm test` installs nothing more here, and the runner and its
 *  worker (a separate process) always agree on where it is. */
export const ORACLE_CACHE = process.env.SKILL_AUTHOR_VSCODE_ORACLE_CACHE || join(ROOT, '.cache', 'vscode-oracle');

/** The emulation this runner compares with (the agents runner's EMULATIONS table names the same). */
const EMULATION = { file: 'src/core/runtimes/vscode/listing.ts', fn: 'runVsCode' };
const RUNTIME = 'vscode';
const VERSION = '1.139.1';

/** User settings of every run, under the case's own `settings`: the chat on (writeUserSettings turns it off for
 *  the integration tests), nothing saved behind the runner's back, the chat view visible. */
const RUNNER_SETTINGS = {
  'chat.disableAIFeatures': false,
  'files.autoSave': 'off',
  'workbench.secondarySideBar.defaultVisibility': 'visible',
};

/** Where the runner puts user settings under a case's HOME (code-server's default user-data folder). */
export const USER_DATA = ['.local', 'share', 'code-server'];

const ISOLATE_SH = 'PATH=/usr/sbin:/sbin:/usr/bin:/bin; ip link set lo up || exit 97; exec "$@"';

// ---- options ------------------------------------------------------------------------------------------------

function parseArgs(argv) {
  const o = { filter: null, golden: join(ROOT, 'test', 'golden'), record: false, oracleOnly: false, keep: false, timeout: 90, isolate: true, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const name = a.includes('=') ? a.slice(0, a.indexOf('=')) : a;
    const value = () => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (name === '--case') o.filter = value();
    else if (name === '--golden') o.golden = resolve(value());
    else if (name === '--record') o.record = true;
    else if (name === '--oracle-only') o.oracleOnly = true;
    else if (name === '--keep') o.keep = true;
    else if (name === '--timeout') o.timeout = Number(value());
    else if (name === '--no-isolate') o.isolate = false;
    else if (name === '--jobs') value();
    else if (name === '--quiet') o.quiet = true;
    else if (name === '--worker') o.worker = value();
    else if (name === '--help' || name === '-h') o.help = true;
    else throw new Error(`unknown option ${a}`);
  }
  if (!(o.timeout > 0)) throw new Error('--timeout takes seconds');
  return o;
}

function usage() {
  const lines = readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n');
  const end = lines.findIndex((l, i) => i > 0 && !l.startsWith('//'));
  return lines
    .slice(1, end)
    .map((l) => l.replace(/^\/\/ ?/, ''))
    .join('\n');
}

// ---- the test extension as a VSIX ---------------------------------------------------------------------------

/** A zip archive of `entries` ([name, Buffer]), deflated. */
function zip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const nameBuf = Buffer.from(name, 'utf8');
    const packed = deflateRawSync(data);
    const crc = crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0, 10); // time, date
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, packed);
    centrals.push(central, nameBuf);
    offset += local.length + nameBuf.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const xml = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** ./ext packed as a VSIX (what `vsce package` writes, reduced to what code-server's installer reads). */
function buildVsix() {
  const dir = join(HERE, 'ext');
  const files = readdirSync(dir).sort();
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const manifest =
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    '<PackageManifest Version="2.0.0" xmlns="http://schemas.microsoft.com/developer/vsx-schema/2011">\n' +
    ` <Metadata><Identity Language="en-US" Id="${xml(pkg.name)}" Version="${xml(pkg.version)}" Publisher="${xml(pkg.publisher)}"/>` +
    `<DisplayName>${xml(pkg.displayName)}</DisplayName><Description xml:space="preserve">${xml(pkg.description)}</Description>` +
    `<Properties><Property Id="Microsoft.VisualStudio.Code.Engine" Value="${xml(pkg.engines.vscode)}"/></Properties></Metadata>\n` +
    ' <Installation><InstallationTarget Id="Microsoft.VisualStudio.Code"/></Installation><Dependencies/>\n' +
    ' <Assets><Asset Type="Microsoft.VisualStudio.Code.Manifest" Path="extension/package.json" Addressable="true"/></Assets>\n' +
    '</PackageManifest>\n';
  const types =
    '<?xml version="1.0" encoding="utf-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension=".json" ContentType="application/json"/><Default Extension=".js" ContentType="application/javascript"/>' +
    '<Default Extension=".vsixmanifest" ContentType="text/xml"/></Types>';
  const entries = [
    ['extension.vsixmanifest', Buffer.from(manifest)],
    ['[Content_Types].xml', Buffer.from(types)],
    ...files.map((f) => [`extension/${f}`, readFileSync(join(dir, f))]),
  ];
  const hash = createHash('sha256');
  for (const [n, d] of entries) hash.update(n).update(d);
  return { vsix: zip(entries), hash: hash.digest('hex').slice(0, 12), id: `${pkg.publisher}.${pkg.name}` };
}

/** The extensions folder holding the test extension, installed once per version of ./ext (code-server's own
 *  installer, no gallery). */
function installExtension(host) {
  const { vsix, hash } = buildVsix();
  const extensionsDir = join(ORACLE_CACHE, `extensions-${hash}`);
  const stamp = join(extensionsDir, '.skill-author-installed');
  if (existsSync(stamp)) return extensionsDir;
  rmSync(extensionsDir, { recursive: true, force: true });
  mkdirSync(extensionsDir, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'skill-author-vscode-install-'));
  try {
    const file = join(scratch, 'oracle.vsix');
    writeFileSync(file, vsix);
    const p = host.hostPaths();
    const r = spawnSync(
      p.nodeBin,
      [p.codeServerEntry, '--user-data-dir', join(scratch, 'user-data'), '--extensions-dir', extensionsDir, '--install-extension', file],
      {
        encoding: 'utf8',
        timeout: 120_000,
        env: { PATH: '/usr/bin:/bin', HOME: scratch, EXTENSIONS_GALLERY: '{}' },
      },
    );
    if (r.status !== 0 || !/successfully installed/.test(r.stdout + r.stderr))
      throw new Error(`installing the test extension failed (${r.error?.message ?? `exit ${r.status}`}):\n${(r.stdout + r.stderr).slice(-2000)}`);
    writeFileSync(stamp, `${new Date().toISOString()}\n`);
    return extensionsDir;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

// ---- the emulation --------------------------------------------------------------------------------------------

/** `runVsCode` bundled from the current sources (no build needed first): `{ run }`, `{ missing }` or `{ error }`. */
async function loadEmulation() {
  return (await loadEmulations(['vscode'])).vscode;
}

// ---- the section ------------------------------------------------------------------------------------------------

/** `text` with every occurrence of `root` written `$ROOT`. */
const rootRelative = (text, root) => String(text).split(root).join('$ROOT');

/** The skills section of the system message: from `<skills>` through `</skills>` ('' when there is none), and how
 *  many times a section starts. */
export function cutSection(system) {
  const start = system.indexOf('<skills>\n');
  if (start < 0) return { section: '', copies: 0 };
  const end = system.indexOf('\n</skills>', start);
  if (end < 0) return { section: system.slice(start), copies: 1, unclosed: true };
  const copies = system.split('<skills>\n').length - 1;
  return { section: system.slice(start, end + '\n</skills>'.length), copies };
}

/** The folder names of every SKILL.md under `root` (not through links; bounded). */
function treeSkillNames(root) {
  const names = new Set();
  let budget = 20000;
  const walk = (dir, depth) => {
    if (depth > 12 || budget <= 0) return;
    let entries = [];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (--budget <= 0) return;
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p, depth + 1);
      else if (e.name === 'SKILL.md') names.add(basename(dir));
      else if (e.isSymbolicLink()) {
        try {
          if (existsSync(join(p, 'SKILL.md'))) names.add(e.name);
        } catch {
          /* a broken link */
        }
      }
    }
  };
  walk(root, 0);
  return names;
}

/**
 * The section without Copilot's built-in entries, which are told apart by location: a `<skill>` block whose <file>
 * is not under the case's root. Built-ins named only on the `Additional skills available` line stay there (names
 * only); they are listed when they are a built-in's name that no SKILL.md under the root has.
 */
export function splitBuiltins(section, root, builtinNames, treeNames) {
  const builtins = [];
  if (!section) return { section, builtins };
  const parts = section.split(/(?=^<skill>\n<name>)/m);
  const kept = [];
  for (const part of parts) {
    const m = /^<skill>\n<name>([^\n]*)<\/name>\n[\s\S]*?\n<file>([^\n]*)<\/file>\n<\/skill>\n/.exec(part);
    if (m && !m[2].startsWith(`${root}/`)) {
      const block = m[0];
      builtins.push({ name: m[1], chars: block.length - m[2].length });
      kept.push(part.slice(block.length));
    } else kept.push(part);
  }
  const out = kept.join('');
  const line = /^Additional skills available \(invoke by name\): (.*?)(?:\.\.\. and \d+ more)?$/m.exec(out);
  if (line) for (const name of line[1].split(', ')) if (builtinNames.has(name) && !treeNames.has(name)) builtins.push({ name, chars: name.length });
  return { section: out, builtins };
}

// ---- the worker: code-server and Chromium, one case after the other ---------------------------------------------

async function worker(jobFile) {
  const job = JSON.parse(readFileSync(jobFile, 'utf8'));
  const host = await import('../../../scripts/vscode-host.mjs');
  const emit = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);
  let browser;
  try {
    browser = await host.launchChromium();
  } catch (e) {
    for (const c of job.cases) emit({ name: c.name, error: `Chromium does not start: ${e.message}` });
    return;
  }
  for (const c of job.cases) {
    const t0 = performance.now();
    const result = { name: c.name };
    let cs = null;
    let context = null;
    let timer;
    const deadline = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no request within ${job.timeoutMs / 1000} s`)), job.timeoutMs);
    });
    const body = async () => {
      mkdirSync(c.out, { recursive: true });
      const shell = host.writeShellShim(c.out);
      cs = await host.startCodeServer({
        workspace: c.cwd,
        userDataDir: c.userDataDir,
        extensionsDir: job.extensionsDir,
        logFile: join(c.out, 'code-server.log'),
        readyTimeoutMs: 45_000,
        env: { HOME: c.home, SHELL: shell, ORACLE_OUT: c.out },
      });
      const authority = new URL(cs.origin).host;
      const remote = (p) => `vscode-remote://${authority}${p.split('/').map(encodeURIComponent).join('/')}`;
      const payload = [['extensionDevelopmentPath', remote(job.copilotDir)]];
      const url = `${cs.origin}/?folder=${encodeURIComponent(c.cwd)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
      context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      page.on('console', (m) => {
        if (m.type() === 'error')
          try {
            appendFileSync(join(c.out, 'console.log'), `${m.text().slice(0, 2000)}\n`);
          } catch {
            /* a help only */
          }
      });
      await page.goto(url, { timeout: 45_000 });
      const file = join(c.out, 'request-1.json');
      for (;;) {
        if (existsSync(file)) {
          const r = JSON.parse(readFileSync(file, 'utf8'));
          result.system = String(r.messages?.[0]?.text ?? '');
          result.tools = r.tools ?? [];
          return;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    try {
      await Promise.race([body(), deadline]);
    } catch (e) {
      let tail = '';
      try {
        tail = readFileSync(join(c.out, 'ext.log'), 'utf8').trim().split('\n').slice(-4).join(' | ');
      } catch {
        tail = 'the test extension logged nothing';
      }
      result.error = `${e.message}${tail ? ` (${tail})` : ''}`;
    } finally {
      clearTimeout(timer);
      try {
        await context?.close();
      } catch {
        /* closed */
      }
      try {
        await cs?.stop();
      } catch {
        /* stopped */
      }
    }
    result.ms = performance.now() - t0;
    emit(result);
  }
  try {
    await browser.close();
  } catch {
    /* closed */
  }
}

/** Runs the worker (in namespaces of its own when `isolate`), calling `onResult` for each case's line. */
function runWorker(job, isolate, onResult, hardTimeoutMs, onAbort = () => {}) {
  const jobFile = join(job.tmp, 'job.json');
  writeFileSync(jobFile, JSON.stringify(job));
  const self = fileURLToPath(import.meta.url);
  const [cmd, args] = isolate
    ? ['unshare', ['-rnmpf', '--kill-child', 'sh', '-c', ISOLATE_SH, 'sh', process.execPath, self, '--worker', jobFile]]
    : [process.execPath, [self, '--worker', jobFile]];
  const env = {
    PATH: '/usr/bin:/bin',
    HOME: join(job.tmp, 'worker-home'),
    LANG: 'C.UTF-8',
    ...(process.env.SKILL_AUTHOR_VSCODE_CACHE ? { SKILL_AUTHOR_VSCODE_CACHE: process.env.SKILL_AUTHOR_VSCODE_CACHE } : {}),
    ...(process.env.CHROMIUM_PATH ? { CHROMIUM_PATH: process.env.CHROMIUM_PATH } : {}),
  };
  mkdirSync(env.HOME, { recursive: true });
  return new Promise((resolvePromise) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let buffered = '';
    let stderr = '';
    const pending = [];
    child.stdout.on('data', (d) => {
      buffered += d;
      let nl;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        try {
          pending.push(onResult(JSON.parse(line)));
        } catch {
          stderr += `${line}\n`;
        }
      }
    });
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-20_000)));
    const kill = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    };
    const timer = setTimeout(kill, hardTimeoutMs);
    // The worker runs in a process group of its own: a Ctrl-C here must end it (and, through its PID namespace,
    // everything it started) too.
    const onSignal = (sig) => {
      kill();
      onAbort();
      process.exit(sig === 'SIGINT' ? 130 : 143);
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    child.on('close', async (code, signal) => {
      clearTimeout(timer);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      kill();
      await Promise.all(pending);
      resolvePromise({ code, signal, stderr });
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      resolvePromise({ code: null, signal: null, stderr: e.message });
    });
  });
}

// ---- comparing and recording --------------------------------------------------------------------------------

/** --record, as the agents runner records (its recordExpected): VS Code's section, its (empty) stderr and its
 *  built-ins, and the per-file states from the emulation only when its section is VS Code's byte for byte. */
function recordVsCode(task, section, builtins, emuRun, emuSection, notes, diffs) {
  recordExpected(task, task.sandbox, { stderr: [], builtins }, section, emuSection, emuRun ?? null, notes, diffs);
}

// ---- main ---------------------------------------------------------------------------------------------------

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.help) return console.log(usage());
  if (opts.worker) return worker(opts.worker);
  const t0 = performance.now();
  const log = (s) => !opts.quiet && console.log(s);

  const { pollutedParents, probeIsolation, setUpSandbox } = await import('../agents/oracle.mjs');
  const host = await import('../../../scripts/vscode-host.mjs');

  const polluted = pollutedParents();
  if (polluted.length) throw new Error(`${polluted.join(', ')} would add skills to the cases: remove them first`);
  if (opts.isolate) {
    const p = probeIsolation();
    if (!p.ok) throw new Error(`no network namespace here (${p.why}): VS Code runs only with loopback alone (--no-isolate overrides)`);
    console.log('network: code-server and Chromium run in namespaces of their own, loopback only');
  } else console.log('network: --no-isolate, code-server and Chromium run on the host loopback');

  await host.provision({ chromium: true });
  const paths = host.hostPaths();
  const appRoot = join(paths.codeServerDir, 'lib', 'vscode');
  const copilotDir = join(appRoot, 'extensions', 'copilot');
  const copilotPkg = JSON.parse(readFileSync(join(copilotDir, 'package.json'), 'utf8'));
  log(`VS Code ${host.VSCODE_VERSION} (code-server ${host.CODE_SERVER_VERSION}), GitHub Copilot Chat ${copilotPkg.version}: ${paths.hostDir}`);
  const extensionsDir = installExtension(host);
  // The built-in skills' names (folder names only), to tell them on the `Additional skills` line.
  const builtinNames = new Set(
    (() => {
      try {
        return readdirSync(join(copilotDir, 'assets', 'prompts', 'skills'));
      } catch {
        return [];
      }
    })(),
  );

  const emulation = opts.oracleOnly ? null : await loadEmulation();
  if (emulation) log(`emulation: ${emulation.run ? `${EMULATION.fn} (${EMULATION.file})` : (emulation.missing ?? emulation.error)}`);

  const setDir = join(opts.golden, RUNTIME);
  const names = existsSync(setDir)
    ? readdirSync(setDir)
        .filter((n) => existsSync(join(setDir, n, 'case.json')))
        .sort()
    : [];
  const selected = names.filter((n) => !opts.filter || n.includes(opts.filter));
  if (!selected.length) console.log(`no cases in ${setDir}${opts.filter ? ` matching ${opts.filter}` : ''}`);

  // Every sandbox is set up, and the emulation run on it, before VS Code touches any.
  const tmp = mkdtempSync(join(tmpdir(), 'skill-author-vscode-'));
  const tasks = [];
  for (const name of selected) {
    const dir = join(setDir, name);
    const task = { name, dir, diffs: [], notes: [] };
    tasks.push(task);
    try {
      const sandbox = setUpSandbox(dir);
      task.sandbox = sandbox;
      const userDataDir = join(sandbox.home, ...USER_DATA);
      host.writeUserSettings(userDataDir, { ...RUNNER_SETTINGS, ...(sandbox.spec.settings ?? {}) });
      // Language models of vendors other than Copilot are offered only when listed here.
      writeFileSync(join(userDataDir, 'User', 'chatLanguageModels.json'), JSON.stringify([{ name: 'Oracle', vendor: 'oracle' }], null, '\t') + '\n');
      task.userDataDir = userDataDir;
      task.out = `${sandbox.root}.vscode-out`;
      task.treeNames = treeSkillNames(sandbox.root);
      if (emulation?.run) {
        try {
          const env = { PATH: '/usr/bin:/bin', HOME: sandbox.home, ...sandbox.caseEnv, SKILL_AUTHOR_VSCODE_APP_ROOT: appRoot };
          task.emuRun = emulation.run({ cwd: sandbox.cwd, home: sandbox.home, env, platform: 'linux' });
          task.emuSection = rootRelative(String(task.emuRun?.section ?? ''), sandbox.root);
        } catch (e) {
          task.diffs.push(`emulation threw: ${e?.stack?.split('\n').slice(0, 3).join(' / ') ?? e}`);
        }
      }
    } catch (e) {
      task.diffs.push(`the case does not set up: ${e.message}`);
    }
  }

  const cleanUp = () => {
    for (const t of tasks) {
      if (!t.sandbox) continue;
      t.sandbox.dispose();
      rmSync(t.out, { recursive: true, force: true });
    }
    rmSync(tmp, { recursive: true, force: true });
  };
  const runnable = tasks.filter((t) => t.sandbox && !t.diffs.some((d) => d.startsWith('the case')));
  const byName = new Map(tasks.map((t) => [t.name, t]));
  const finish = (r) => {
    const task = byName.get(r.name);
    if (!task) return;
    task.ms = r.ms;
    task.done = true;
    const { diffs, notes } = task;
    if (r.error) {
      diffs.push(`VS Code failed: ${r.error}`);
      return;
    }
    const root = task.sandbox.root;
    const cut = cutSection(r.system);
    if (cut.copies > 1) notes.push(`the section appears ${cut.copies} times in the system message (the first is compared)`);
    if (cut.unclosed) diffs.push('the section has no </skills>');
    if (!r.tools.includes('read_file')) notes.push(`the request offered no read_file tool (${r.tools.length} tools)`);
    const { section: whole, builtins } = splitBuiltins(cut.section, root, builtinNames, task.treeNames);
    const section = rootRelative(whole, root);
    task.section = section;
    const emuSection = task.emuSection ?? null;
    if (opts.record) recordVsCode(task, section, builtins, opts.oracleOnly ? undefined : (task.emuRun ?? null), emuSection, notes, diffs);
    const listingFile = join(task.dir, 'expected', 'listing.txt');
    if (!existsSync(listingFile)) diffs.push('no expected/listing.txt (record it with --record)');
    else {
      const want = readFileSync(listingFile, 'utf8');
      if (!sameBytes(want, section)) diffs.push(`VS Code ≠ golden listing.txt\n${shortDiff(want, section, 'golden', 'VS Code')}`);
      const skillsFile = join(task.dir, 'expected', 'skills.json');
      if (existsSync(skillsFile)) {
        const golden = JSON.parse(readFileSync(skillsFile, 'utf8'));
        if (JSON.stringify(golden.builtins ?? []) !== JSON.stringify(builtins))
          diffs.push(
            `VS Code built-ins ≠ golden skills.json builtins\n      golden:  ${JSON.stringify(golden.builtins ?? [])}\n      VS Code: ${JSON.stringify(builtins)}`,
          );
      }
    }
    if (!opts.oracleOnly) {
      if (emulation?.run) {
        if (emuSection !== null && !sameBytes(section, emuSection))
          diffs.push(`emulation ≠ VS Code\n${shortDiff(section, emuSection, 'VS Code', 'emulation')}`);
        const emuBuiltins = (task.emuRun?.builtins ?? []).map((b) => ({ name: b.name, chars: b.chars }));
        if (task.emuRun && JSON.stringify(emuBuiltins) !== JSON.stringify(builtins))
          notes.push(`built-ins differ (not counted)\n      VS Code:   ${JSON.stringify(builtins)}\n      emulation: ${JSON.stringify(emuBuiltins)}`);
      } else diffs.push(emulation?.error ?? emulation?.missing ?? 'not emulated yet');
    }
  };
  const report = (task) => {
    const ok = task.diffs.length === 0;
    if (ok && opts.quiet) return;
    const out = [`${ok ? '✓' : '✗'} ${RUNTIME} ${task.name}${task.ms ? ` (${(task.ms / 1000).toFixed(1)} s)` : ''}`];
    for (const d of task.diffs) out.push(`    ${d}`);
    for (const n of task.notes) out.push(`    note: ${n}`);
    if (opts.keep && task.sandbox) out.push(`    note: sandbox kept: ${task.sandbox.root} (VS Code's logs: ${task.out})`);
    console.log(out.join('\n'));
  };

  if (runnable.length) {
    const job = {
      tmp,
      timeoutMs: opts.timeout * 1000,
      extensionsDir,
      copilotDir,
      cases: runnable.map((t) => ({ name: t.name, cwd: t.sandbox.cwd, home: t.sandbox.home, userDataDir: t.userDataDir, out: t.out })),
    };
    const w = await runWorker(
      job,
      opts.isolate,
      (r) => {
        finish(r);
        const task = byName.get(r.name);
        if (task) report(task);
      },
      runnable.length * (opts.timeout + 30) * 1000 + 120_000,
      () => !opts.keep && cleanUp(),
    );
    for (const t of runnable)
      if (!t.done) {
        t.diffs.push(`VS Code gave no answer (worker ${w.signal ?? `exit ${w.code}`}): ${w.stderr.trim().split('\n').slice(-6).join(' | ')}`);
        report(t);
      }
  }
  for (const t of tasks) if (!runnable.includes(t)) report(t);

  if (!opts.keep) cleanUp();

  const passed = tasks.filter((t) => t.diffs.length === 0).length;
  const failed = tasks.length - passed;
  const times = tasks
    .map((t) => t.ms)
    .filter((x) => typeof x === 'number')
    .sort((a, b) => a - b);
  const goldenOk = tasks.filter((t) => t.done && !t.diffs.some((d) => d.startsWith('VS Code'))).length;
  const emuCompared = tasks.filter((t) => t.emuSection !== undefined && t.section !== undefined);
  const emuOk = emuCompared.filter((t) => !t.diffs.some((d) => d.startsWith('emulation'))).length;
  console.log('');
  console.log(
    `${RUNTIME} ${VERSION}: VS Code reproduces ${goldenOk}/${tasks.length} golden listings; emulation ${
      opts.oracleOnly
        ? 'not compared (--oracle-only)'
        : emulation?.run
          ? `agrees with VS Code on ${emuOk}/${emuCompared.length}`
          : (emulation?.missing ?? emulation?.error)
    }; run median ${((times[Math.floor(times.length / 2)] ?? 0) / 1000).toFixed(1)} s, max ${((times.at(-1) ?? 0) / 1000).toFixed(1)} s`,
  );
  console.log(`vscode: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((e) => {
  console.error(e.stack ?? String(e));
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
});
