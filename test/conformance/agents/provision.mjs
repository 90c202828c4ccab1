// The agent releases the agents runner runs (Claude Code, Codex, Copilot CLI), from the npm registry, each
// installed once with `npm install --ignore-scripts --no-audit --no-fund <pkg>@<version>` into an ignored cache
// folder keyed by package and version: `.cache/agents/<pkg>@<version>/` (SKILL_AUTHOR_AGENTS_CACHE moves it). An
// install goes into a temporary sibling folder that is renamed into place with its stamp file (`ready.json`), so
// a second run only reads the stamp, and an interrupted install leaves nothing that looks finished.
//
// Each release ships a native binary in a platform package that npm installs as an optional dependency; the
// runner runs that file directly (../../../../shared/reference/agent-releases.md). The releases are run, never
// unpacked or read: what the project knows of them is what they send the mock (mock.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT, childNpmEnv, npmCli } from '../../../scripts/vscode-host.mjs';

export const AGENTS_CACHE = process.env.SKILL_AUTHOR_AGENTS_CACHE || join(ROOT, '.cache', 'agents');
const STAMP = 'ready.json';

/** The releases, by runtime: the npm package, its version, and the native binary inside the install (relative to
 *  its `node_modules`; Copilot's is found after the install, see `findBinary`). */
export const RELEASES = {
  'claude-code': {
    pkg: '@anthropic-ai/claude-code',
    version: '2.1.332',
    bins: ['@anthropic-ai/claude-code-linux-x64/claude'],
  },
  codex: {
    pkg: '@openai/codex',
    version: '0.171.0',
    bins: ['@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex'],
  },
  'copilot-cli': {
    pkg: '@github/copilot',
    version: '1.0.102',
    // "the package's own binary": the platform package's executable where npm installed one, else the package's.
    bins: ['@github/copilot-linux-x64/copilot', '@github/copilot/copilot'],
  },
  'gemini-cli': {
    pkg: '@google/gemini-cli',
    version: '0.61.0',
    // JavaScript: run with this Node (`node <script>`).
    bins: ['@google/gemini-cli/bundle/gemini.js'],
    node: true,
  },
  opencode: {
    pkg: 'opencode-ai',
    version: '1.18.33',
    bins: ['opencode-linux-x64/bin/opencode', 'opencode-linux-x64-baseline/bin/opencode'],
  },
  'qwen-code': {
    pkg: '@qwen-code/qwen-code',
    version: '0.24.4',
    bins: ['@qwen-code/qwen-code/cli-entry.js'],
    node: true,
  },
};
export const RUNTIMES = Object.keys(RELEASES);

function log(msg) {
  process.stderr.write(`[agents] ${msg}\n`);
}

function readStamp(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, STAMP), 'utf8'));
  } catch {
    return null;
  }
}

/** The cache folder of a release (nothing is installed). */
export function releaseDir(runtime) {
  const r = RELEASES[runtime];
  return join(AGENTS_CACHE, `${r.pkg}@${r.version}`);
}

/** Disk use of a folder in bytes (`du -sb`), or null. */
function diskBytes(dir) {
  const r = spawnSync('du', ['-sb', dir], { encoding: 'utf8' });
  const n = Number((r.stdout || '').split('\t')[0]);
  return Number.isFinite(n) && r.status === 0 ? n : null;
}

function findBinary(runtime, nodeModules) {
  for (const rel of RELEASES[runtime].bins) {
    const p = join(nodeModules, rel);
    try {
      if (statSync(p).isFile()) return rel;
    } catch {
      /* next */
    }
  }
  return null;
}

/** How a release's entry file is started: a native binary directly, a JavaScript entry (Gemini CLI, Qwen Code)
 *  with this Node. `{ file, args }`. */
export function launch(bin, args) {
  return /\.m?js$/.test(bin) ? { file: process.execPath, args: [bin, ...args] } : { file: bin, args };
}

/** `<bin> --version` with a fresh HOME and nothing else in the environment; `{ ok, out }`. */
export function checkVersion(bin, timeoutMs = 60_000) {
  const home = mkdtempSync(join(tmpdir(), 'agents-version-'));
  try {
    const l = launch(bin, ['--version']);
    const r = spawnSync(l.file, l.args, {
      encoding: 'utf8',
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
      env: { PATH: '/usr/bin:/bin', HOME: home, COPILOT_AUTO_UPDATE: 'false', COPILOT_OFFLINE: 'true', COPILOT_PKG_CACHE_HOME: pkgCacheHome() },
      cwd: home,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
    if (r.error) return { ok: false, out: `${r.error.message}${out ? `\n${out}` : ''}` };
    return { ok: r.status === 0, out: r.status === 0 ? out : `exit ${r.status ?? r.signal}: ${out}` };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** The one folder every Copilot run unpacks its package into (COPILOT_PKG_CACHE_HOME), in the cache. */
export function pkgCacheHome() {
  const d = join(AGENTS_CACHE, 'copilot-pkg-cache');
  mkdirSync(d, { recursive: true });
  return d;
}

function npmInstall(cwd, spec) {
  return new Promise((resolvePromise, reject) => {
    const args = [npmCli(), 'install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', spec];
    const child = spawn(process.execPath, args, { cwd, env: childNpmEnv({}), stdio: ['ignore', 'inherit', 'inherit'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), 15 * 60_000);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolvePromise();
      else reject(new Error(`npm install ${spec} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/**
 * Installs a runtime's release (once) and returns `{ runtime, pkg, version, dir, bin, stamp }`. The stamp
 * records the binary's path, what `--version` printed, the install time and the disk size. Throws with the exact
 * error when the release does not run here.
 */
export async function provisionAgent(runtime) {
  const r = RELEASES[runtime];
  if (!r) throw new Error(`unknown runtime ${runtime} (${RUNTIMES.join(', ')})`);
  const dir = releaseDir(runtime);
  let stamp = readStamp(dir);
  if (!stamp) {
    const spec = `${r.pkg}@${r.version}`;
    const t0 = Date.now();
    log(`installing ${spec} into ${dir} (once)`);
    const tmp = `${dir}.partial-${process.pid}`;
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    // A package.json of its own, so npm installs here and not into the project above.
    writeFileSync(join(tmp, 'package.json'), JSON.stringify({ name: 'skill-author-agent-release', private: true }, null, 2) + '\n');
    await npmInstall(tmp, spec);
    const installSeconds = (Date.now() - t0) / 1000;
    const nm = join(tmp, 'node_modules');
    const installed = JSON.parse(readFileSync(join(nm, ...r.pkg.split('/'), 'package.json'), 'utf8')).version;
    if (installed !== r.version) throw new Error(`npm installed ${r.pkg}@${installed}, not ${r.version}`);
    const binRel = findBinary(runtime, nm);
    if (!binRel) throw new Error(`${spec}: none of ${r.bins.join(', ')} was installed (the optional platform package is missing?)`);
    const v = checkVersion(join(nm, binRel));
    if (!v.ok) throw new Error(`${spec} does not run on this machine: ${join(nm, binRel)} --version: ${v.out}`);
    stamp = {
      pkg: r.pkg,
      version: r.version,
      bin: join('node_modules', binRel),
      versionOutput: v.out,
      installSeconds,
      bytes: diskBytes(tmp),
      installedAt: new Date().toISOString(),
    };
    writeFileSync(join(tmp, STAMP), JSON.stringify(stamp, null, 2) + '\n');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dirname(dir), { recursive: true });
    renameSync(tmp, dir);
    log(`${spec} ready (${installSeconds.toFixed(0)} s, ${((stamp.bytes ?? 0) / 1e6).toFixed(0)} MB)`);
  }
  const bin = join(dir, stamp.bin);
  if (!existsSync(bin)) throw new Error(`${bin} is missing from the cache; remove ${dir} to reinstall`);
  return { runtime, pkg: r.pkg, version: r.version, dir, bin, stamp };
}

/** Writes a provisioned release's stamp back (run.mjs adds what it learns once: the built-in names). */
export function saveStamp(agent) {
  writeFileSync(join(agent.dir, STAMP), JSON.stringify(agent.stamp, null, 2) + '\n');
}

/** Whether a runtime's release is installed (nothing is installed). */
export function isProvisioned(runtime) {
  return readStamp(releaseDir(runtime)) !== null;
}

// `node provision.mjs [runtime…]`: installs and prints what the stamps hold.
if (import.meta.url === `file://${process.argv[1]}`) {
  const which = process.argv.slice(2).length ? process.argv.slice(2) : RUNTIMES;
  for (const rt of which) {
    try {
      const a = await provisionAgent(rt);
      const again = checkVersion(a.bin);
      console.log(
        `${rt}: ${a.pkg}@${a.version} ${a.bin}\n  --version: ${again.ok ? again.out : `FAILED ${again.out}`}\n  install ${a.stamp.installSeconds?.toFixed(1)} s, ${((a.stamp.bytes ?? 0) / 1e6).toFixed(0)} MB`,
      );
    } catch (e) {
      console.log(`${rt}: ${e.message}`);
      process.exitCode = 1;
    }
  }
}
