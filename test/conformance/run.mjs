#!/usr/bin/env node
// The conformance suite: the real OpenClaw releases from the npm registry against the emulation of
// src/core/runtimes/openclaw, case by case, for every release of the profile's OPENCLAW_VERSIONS. See
// docs/conformance.md.
//
//   npm run conformance                      every golden case of ../shared/golden/openclaw, our own (cases/) and
//                                            generated trees, on
//                                            the releases where the behaviour changed and the newest
//   npm run conformance -- --all-releases   every stable release the profile emulates (bisect.mjs)
//   node test/conformance/run.mjs --version 2026.4.12 --case a3 --count 0 --cli none
//   node test/conformance/run.mjs --seed 7 --count 200 --no-golden
//   node test/conformance/run.mjs --version 2026.9.6 --write-golden DIR   the release's outputs as golden data
//
// Options: --version V (repeatable; default: the change points of openclaw-changes.json — the baseline, the first
// release of each change — and the newest), --golden DIR, --no-golden, --case TEXT (cases whose name
// contains it), --seed N, --count N (generated trees per release; default 40), --count-between N (of those, how
// many the releases between the first and the newest run; default 4), --cli all|some|none (which
// golden cases also run the CLI `openclaw skills list|check --json`; default some), --jobs N (default: the
// cores), --no-shrink, --shrink-seconds N (for all shrinking; default 120), --keep (leave the sandboxes),
// --write-golden DIR, --quiet, --no-plugins (skip the runs with the bundled plugins on).
//
// Each case runs in its own sandbox (sandbox.mjs); the release runs in one Node 24 process per case
// (oracle.mjs), the emulation in this process (emulation.ts, bundled here with esbuild). The last line is
// `N passed, N failed` (cases × releases); the exit code is 1 on any difference. --help prints this text.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import * as esbuild from 'esbuild';
import { ROOT } from '../../scripts/vscode-host.mjs';
import { compareOutcomes, formatDiffs } from './compare.mjs';
import { caseSize, describeCase, generateCase, shrinkCase, writeCaseFolder } from './generate.mjs';
import { CACHE_DIR, provisionNode, provisionRelease } from './provision.mjs';
import { homeRelative, setUpCase } from './sandbox.mjs';

const HERE = join(ROOT, 'test', 'conformance');

function parseArgs(argv) {
  const o = { versions: [], golden: resolve(ROOT, '..', 'shared', 'golden', 'openclaw'), useGolden: true, filter: null, seed: 1, count: 40, countBetween: 4 };
  Object.assign(o, {
    cli: 'some',
    jobs: Math.max(1, availableParallelism()),
    shrink: true,
    shrinkSeconds: 120,
    keep: false,
    writeGolden: null,
    quiet: false,
    plugins: true,
  });
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    const name = a.includes('=') ? a.slice(0, a.indexOf('=')) : a;
    if (name === '--version') o.versions.push(value());
    else if (name === '--golden') o.golden = resolve(value());
    else if (name === '--no-golden') o.useGolden = false;
    else if (name === '--case') o.filter = value();
    else if (name === '--seed') o.seed = Number(value());
    else if (name === '--count') o.count = Number(value());
    else if (name === '--count-between') o.countBetween = Number(value());
    else if (name === '--cli') o.cli = value();
    else if (name === '--jobs') o.jobs = Math.max(1, Number(value()));
    else if (name === '--no-shrink') o.shrink = false;
    else if (name === '--shrink-seconds') o.shrinkSeconds = Number(value());
    else if (name === '--keep') o.keep = true;
    else if (name === '--write-golden') o.writeGolden = resolve(value());
    else if (name === '--quiet') o.quiet = true;
    else if (name === '--no-plugins') o.plugins = false;
    else if (name === '--help' || name === '-h') o.help = true;
    else throw new Error(`unknown option ${a}`);
  }
  if (!['all', 'some', 'none'].includes(o.cli)) throw new Error('--cli is all, some or none');
  if (!Number.isInteger(o.seed) || !Number.isInteger(o.count) || o.count < 0 || !Number.isInteger(o.countBetween) || o.countBetween < 0)
    throw new Error('--seed, --count and --count-between take integers');
  return o;
}

/** The emulation, bundled from the current sources (emulation.ts). */
export async function loadEmulation() {
  const outfile = join(CACHE_DIR, 'emulation.cjs');
  await esbuild.build({
    entryPoints: [join(HERE, 'emulation.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
    absWorkingDir: ROOT,
  });
  const require = createRequire(import.meta.url);
  delete require.cache[outfile];
  return require(outfile);
}

function spawnCollect(cmd, args, { env, cwd, timeoutMs = 120_000 }) {
  return new Promise((resolvePromise) => {
    const child = spawn(cmd, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, stdout, stderr });
    });
  });
}

/** The release's outcome for a set-up sandbox (oracle.mjs in a fresh Node 24 process). */
export async function runOracle(ctx, release, sandbox) {
  const jobFile = join(sandbox.tmp, 'oracle-job.json');
  const out = join(sandbox.tmp, 'oracle-out.json');
  writeFileSync(jobFile, JSON.stringify({ dist: release.dist, exports: release.stamp.exports, out, compileCache: join(CACHE_DIR, 'compile-cache') }));
  const r = await spawnCollect(ctx.nodeBin, [join(HERE, 'oracle.mjs'), jobFile], { env: sandbox.env, cwd: sandbox.cwd });
  try {
    return JSON.parse(readFileSync(out, 'utf8'));
  } catch {
    return { error: `oracle.mjs wrote nothing (exit ${r.code ?? r.signal}):\n${r.stderr.slice(-2000)}` };
  }
}

/** `openclaw skills <command> --json`, as a user runs it. */
async function runCli(ctx, release, sandbox, command) {
  const r = await spawnCollect(ctx.nodeBin, [release.entry, 'skills', command, '--json'], { env: sandbox.env, cwd: sandbox.cwd });
  if (r.code !== 0) return { error: `exit ${r.code ?? r.signal}: ${r.stderr.trim().split('\n').slice(-3).join(' / ')}` };
  return { stdout: r.stdout };
}

/** Runs one case folder for one release: `{ diffs, skills, oracle, emu, cli }`. With `plugins` (a variant of
 *  PLUGIN_VARIANTS) the release runs with its bundled plugins on and the variant's `plugins` config, and the
 *  emulation is given the release's package folder as the installation found on the machine. */
async function runCase(ctx, caseDir, version, { cli = [], plugins } = {}) {
  const release = ctx.releases.get(version);
  const sandbox = plugins ? setUpCase(caseDir, ctx.tmp, {}, plugins.config) : setUpCase(caseDir, ctx.tmp, release.env);
  const installed = plugins ? { installed: release.pkg } : {};
  try {
    const oracle = await runOracle(ctx, release, sandbox);
    const cliOut = {};
    for (const command of cli) cliOut[command] = await runCli(ctx, release, sandbox, command);
    const emu = ctx.emulation.emulate(sandbox, version, installed);
    // The CLI side runs the emulation of the CLI's PATH bootstrap (Node's folder first, …) on the sandbox's
    // PATH; compare.mjs checks the PATH it sets against the one the release's bootstrap set (oracle.cliPath).
    const nodeDir = dirname(realpathSync(ctx.nodeBin));
    const cliEmu = cli.length && oracle.cliPath ? ctx.emulation.emulate(sandbox, version, { cliJson: true, nodeDir, ...installed }) : undefined;
    const { diffs, skills } = compareOutcomes({ oracle, emu, cli: cli.length ? cliOut : undefined, cliEmu });
    return { diffs, skills, oracle, emu, cli: cliOut, sandbox };
  } finally {
    if (!ctx.opts.keep) sandbox.dispose();
  }
}

/**
 * What the sandbox environment adds for a release. The golden cases ran with OpenClaw's bundled plugins
 * present (their manifests validate `channels.*` in the config) but no plugin skills. A release whose
 * bundled plugins bring skills by default (2026.9.6: browser-automation, canvas) runs with
 * OPENCLAW_DISABLE_BUNDLED_PLUGINS=1 instead. Which releases do is found out once, on an empty tree, and kept
 * in the release's stamp.
 */
export async function sandboxEnvOf(ctx, version) {
  const release = ctx.releases.get(version);
  let skills = release.stamp.bundledPluginSkills;
  if (!Array.isArray(skills)) {
    const dir = mkdtempSync(join(ctx.tmp, 'empty-'));
    writeCaseFolder(dir, { seed: 0, env: {}, bins: [], config: {}, skills: [] });
    const sandbox = setUpCase(dir, ctx.tmp);
    const out = await runOracle(ctx, release, sandbox);
    sandbox.dispose();
    if (out.error) throw new Error(`openclaw@${version} fails on an empty tree:\n${out.error}`);
    skills = out.skills.map((s) => s.name);
    release.stamp.bundledPluginSkills = skills;
    writeFileSync(join(release.dir, 'ready.json'), JSON.stringify(release.stamp, null, 2) + '\n');
  }
  return skills.length ? { OPENCLAW_DISABLE_BUNDLED_PLUGINS: '1' } : {};
}

/**
 * The runs with a release's bundled plugins on (docs/conformance.md): the config as the case has it, and with
 * `plugins.entries` turning a default plugin off (canvas, 2026.9.6) and plugins that are off by default on
 * (memory-wiki in both releases, acpx in 2026.4.12). An id a release does not bundle changes nothing.
 */
const PLUGIN_VARIANTS = [
  { name: 'plugins', config: undefined },
  { name: 'plugins-config', config: { entries: { canvas: { enabled: false }, 'memory-wiki': { enabled: true }, acpx: { enabled: true } } } },
  // Only on plugin-cases/: an allow-list written in another case (2026.9.6 compares ids lowercased, 2026.4.12
  // exactly) and a deny-list that beats it.
  {
    name: 'plugins-policy',
    config: { allow: ['Browser', 'memory-wiki', 'acpx'], deny: ['memory-wiki'], entries: { acpx: { enabled: true } } },
    pluginCasesOnly: true,
  },
];

/** Writes the release's outputs for a case as golden data (`DIR/<case>/`: the inputs and expected/). */
function writeGolden(dir, name, caseDir, result) {
  const dest = join(dir, name);
  rmSync(dest, { recursive: true, force: true });
  cpSync(caseDir, dest, { recursive: true, verbatimSymlinks: true, filter: (p) => !p.startsWith(join(caseDir, 'expected')) });
  const exp = join(dest, 'expected');
  mkdirSync(exp, { recursive: true });
  const home = result.sandbox.home;
  const rel = (t) => homeRelative(t, home);
  writeFileSync(join(exp, 'prompt.txt'), rel(result.oracle.prompt ?? ''));
  writeFileSync(join(exp, 'system-prompt-section.txt'), rel(result.oracle.section ?? ''));
  const skills = (result.oracle.skills ?? []).map((s) => ({ ...s, filePath: rel(s.filePath) }));
  writeFileSync(join(exp, 'skills-status.json'), JSON.stringify({ release: result.version, error: result.oracle.error ?? null, skills }, null, 2) + '\n');
  for (const [command, out] of Object.entries(result.cli))
    if (out.stdout !== undefined) writeFileSync(join(exp, `openclaw-skills-${command}.json`), rel(out.stdout));
}

/** A small pool: `fn` over `items`, `jobs` at a time, results in order. */
export async function pool(items, jobs, fn) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(jobs, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i], i);
      }
    }),
  );
  return results;
}

/** The usage of a runner: the comment at the top of its file (`url`: its import.meta.url), without its `//`. */
export function usageOf(url) {
  const lines = readFileSync(new URL(url), 'utf8').split('\n');
  const top = lines.slice(
    1,
    lines.findIndex((l, i) => i > 0 && !l.startsWith('//')),
  );
  return top.map((l) => l.replace(/^\/\/ ?/, '')).join('\n');
}

/** The releases a default run checks: the first, the first release of every change openclaw-changes.json
 *  records (each behaviour the profile switches on), and the newest. */
export function changePoints(all) {
  const data = JSON.parse(readFileSync(join(HERE, 'openclaw-changes.json'), 'utf8'));
  const wanted = new Set([all[0], ...data.changes.map((c) => c.release), all.at(-1)]);
  return all.filter((v) => wanted.has(v));
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.help) {
    console.log(usageOf(import.meta.url));
    return;
  }
  const t0 = performance.now();
  mkdirSync(CACHE_DIR, { recursive: true });
  const emulation = await loadEmulation();
  const all = [...emulation.OPENCLAW_VERSIONS];
  for (const v of opts.versions) if (!all.includes(v)) throw new Error(`the profile emulates ${all[0]} … ${all.at(-1)}, not ${v}`);
  const versions = opts.versions.length ? all.filter((v) => opts.versions.includes(v)) : changePoints(all);
  if (opts.writeGolden && versions.length !== 1) throw new Error('--write-golden needs one --version');

  const nodeBin = await provisionNode();
  const releases = new Map();
  for (const v of versions) releases.set(v, { ...(await provisionRelease(v, nodeBin)), env: {} });
  const tmp = mkdtempSync(join(tmpdir(), 'skill-author-conformance-'));
  const ctx = { opts, nodeBin, releases, emulation, tmp };
  for (const v of versions) releases.get(v).env = await sandboxEnvOf(ctx, v);

  // The cases: golden folders, then generated trees (written as case folders too).
  const cases = [];
  if (opts.useGolden) {
    if (!existsSync(opts.golden)) console.log(`golden cases: ${opts.golden} is absent, skipped`);
    else {
      const names = readdirSync(opts.golden).filter((n) => existsSync(join(opts.golden, n, 'case.json')));
      names.sort().forEach((n, i) => {
        // --cli some: `list` on every other case, `check` on every sixth, so both commands run on each kind.
        const cli = opts.cli === 'all' ? ['list', 'check'] : opts.cli === 'some' ? [...(i % 2 === 0 ? ['list'] : []), ...(i % 6 === 0 ? ['check'] : [])] : [];
        cases.push({ name: n, dir: join(opts.golden, n), cli, index: i });
      });
    }
  }
  // Our own cases (cases/): inputs only, for behaviours the golden set does not show; each runs against the
  // release itself like a golden case.
  if (opts.useGolden) {
    for (const n of readdirSync(join(HERE, 'cases')).sort()) {
      if (existsSync(join(HERE, 'cases', n, 'case.json')))
        cases.push({ name: n, dir: join(HERE, 'cases', n), cli: opts.cli === 'none' ? [] : ['list'], index: cases.length });
    }
  }
  const genDir = join(tmp, 'generated');
  for (let i = 0; i < opts.count; i++) {
    const seed = opts.seed * 100_003 + i;
    const spec = generateCase(seed);
    const name = `gen-${opts.seed}-${i}`;
    writeCaseFolder(join(genDir, name), spec);
    cases.push({ name, dir: join(genDir, name), cli: opts.cli === 'all' ? ['list', 'check'] : [], spec, seed, index: i });
  }
  const selected = cases.filter((c) => !opts.filter || c.name.includes(opts.filter));
  // With the bundled plugins on, once per variant: the cases of plugin-cases/ (skills named like the plugins'),
  // every eighth golden case (the CLI as the case has it) and the first four generated trees.
  const pluginCases = readdirSync(join(HERE, 'plugin-cases')).map((n) => ({
    name: n,
    dir: join(HERE, 'plugin-cases', n),
    cli: opts.cli === 'none' ? [] : ['list'],
    pluginCase: true,
  }));
  const withPlugins =
    opts.plugins && !opts.writeGolden
      ? [...pluginCases.filter((c) => !opts.filter || c.name.includes(opts.filter)), ...selected.filter((c) => (c.spec ? c.index < 4 : c.index % 8 === 1))]
      : [];
  const pluginTasks = withPlugins.flatMap((c) =>
    PLUGIN_VARIANTS.filter((v) => c.pluginCase || !v.pluginCasesOnly).map((plugins) => ({ ...c, name: `${c.name}+${plugins.name}`, plugins })),
  );
  // The releases between the first and the newest run the golden cases (the CLI's `list` and `check` on every
  // twelfth, with --cli some) and the first --count-between generated trees; the runs with bundled plugins on are
  // the first's and the newest's (the releases between run with their bundled plugins off: sandboxEnvOf).
  const ends = new Set([all[0], all.at(-1)]);
  const between = (c) => (!c.spec && opts.cli === 'some' ? { ...c, cli: c.index % 12 === 0 ? ['list', 'check'] : [] } : c);
  const tasks = versions.flatMap((version) =>
    ends.has(version)
      ? [...selected, ...pluginTasks].map((c) => ({ ...c, version }))
      : selected.filter((c) => !c.spec || c.index < opts.countBetween).map((c) => ({ ...between(c), version })),
  );
  console.log(
    `conformance: ${selected.length} case${selected.length === 1 ? '' : 's'} (+ ${pluginTasks.length} with the bundled plugins on) × ${versions.join(', ')} (${tasks.length} runs, ${opts.jobs} at a time; seed ${opts.seed}, ${opts.count} generated)`,
  );

  const stats = new Map(versions.map((v) => [v, { cases: 0, casesOk: 0, skills: 0, skillsOk: 0, eligible: 0, inPrompt: 0, pluginSkills: 0 }]));
  const failures = [];
  await pool(tasks, opts.jobs, async (task) => {
    let result;
    const started = performance.now();
    try {
      result = await runCase(ctx, task.dir, task.version, { cli: task.cli, plugins: task.plugins });
    } catch (err) {
      result = { diffs: [{ field: 'suite error', expected: '', actual: err instanceof Error ? err.stack : String(err) }], skills: { total: 0, agreeing: 0 } };
    }
    result.version = task.version;
    const st = stats.get(task.version);
    st.cases += 1;
    st.skills += result.skills.total;
    st.skillsOk += result.skills.agreeing;
    // What the release did with the trees (so a run shows its cases exercise both verdicts).
    for (const sk of result.oracle?.skills ?? []) {
      st.eligible += sk.eligible ? 1 : 0;
      st.inPrompt += sk.inPrompt ? 1 : 0;
      // A plugin's skill: in its folder of the package (2026.4.12) or shown at its plugin-skills link (2026.9.6).
      st.pluginSkills += task.plugins && /[\\/](plugin-skills|extensions)[\\/]/.test(sk.filePath) ? 1 : 0;
    }
    if (opts.writeGolden && result.oracle && !result.oracle.error) writeGolden(opts.writeGolden, task.name, task.dir, result);
    if (result.diffs.length === 0) {
      st.casesOk += 1;
      if (!opts.quiet) console.log(`✓ ${task.name} @ ${task.version} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
      return;
    }
    failures.push({ task, result });
    console.log(formatDiffs(`${task.name} @ ${task.version}`, result.diffs));
  });

  // Generated trees that differ: shrink each (one at a time: every step runs the release again) and print
  // the smallest tree that still differs: the three smallest such trees, within --shrink-seconds for all.
  const shrinkable = failures
    .filter((f) => f.task.spec && opts.shrink)
    .sort((a, b) => caseSize(a.task.spec) - caseSize(b.task.spec))
    .slice(0, 3);
  const shrinkEnd = Date.now() + opts.shrinkSeconds * 1000;
  for (const [k, { task, result }] of shrinkable.entries()) {
    // A smaller tree is taken when it still shows every kind of difference the tree showed (the fields,
    // whatever the skill), so one cause common to every tree cannot hide the others.
    const kinds = new Set(result.diffs.map((d) => d.field));
    const differs = async (spec) => {
      const dir = mkdtempSync(join(tmp, 'shrink-'));
      writeCaseFolder(dir, spec);
      try {
        const fields = new Set((await runCase(ctx, dir, task.version, { cli: task.cli, plugins: task.plugins })).diffs.map((d) => d.field));
        return [...kinds].every((f) => fields.has(f));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    const deadline = Date.now() + Math.max(0, shrinkEnd - Date.now()) / (shrinkable.length - k);
    const { spec, steps } = await shrinkCase(task.spec, differs, { maxSteps: 80, deadline, jobs: opts.jobs });
    const dir = join(tmp, 'minimal', `${task.name}-${task.version}`);
    writeCaseFolder(dir, spec);
    const r = await runCase(ctx, dir, task.version, { cli: task.cli, plugins: task.plugins });
    console.log(`\nminimal tree for ${task.name} @ ${task.version} (seed ${task.seed}, ${steps} shrink runs):\n${describeCase(spec)}`);
    console.log(formatDiffs(`${task.name} (minimal) @ ${task.version}`, r.diffs));
  }
  const generatedFailures = failures.filter((f) => f.task.spec).length;
  if (opts.shrink && generatedFailures > shrinkable.length) console.log(`(${generatedFailures - shrinkable.length} more generated trees differ; not shrunk)`);

  if (!opts.keep) rmSync(tmp, { recursive: true, force: true });
  else console.log(`sandboxes kept in ${tmp}`);
  console.log('');
  for (const [v, st] of stats)
    console.log(
      `openclaw@${v}: cases agreeing ${st.casesOk}/${st.cases}, skills agreeing ${st.skillsOk}/${st.skills} (the release called ${st.eligible} eligible, listed ${st.inPrompt} in prompts; ${st.pluginSkills} plugin skills in the runs with plugins on)`,
    );
  console.log(`time ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const failed = failures.length;
  console.log(`${tasks.length - failed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

// Run as a script (bisect.mjs imports runOracle, sandboxEnvOf and pool from here without running the suite).
if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url)))
  main().catch((err) => {
    console.error(err instanceof Error ? err.stack : String(err));
    console.log('0 passed, 1 failed');
    process.exit(1);
  });
