#!/usr/bin/env node
// The agents runner: the real npm releases of Claude Code 2.1.332, Codex 0.171.0, Copilot CLI 1.0.102, Gemini CLI
// 0.61.0, OpenCode 1.18.33 and Qwen Code 0.24.4 as the oracle. Each case runs the release against a loopback mock model endpoint and cuts the skills section from its
// first model request; that section must equal the golden `expected/listing.txt` (the oracle reproduces the
// golden data) and the section of the emulation (`runClaudeCode`, `runCodex`, `runCopilotCli`, `runGeminiCli`,
// `runOpenCode`, `runQwenCode` of src/core/runtimes/<runtime>/listing.ts) on the same sandbox. Generated trees run through release and emulation.
// See docs/conformance.md.
//
//   node test/conformance/agents/run.mjs                               every golden case + 10 trees per runtime
//   node test/conformance/agents/run.mjs --runtime codex --case h0 --count 0
//   node test/conformance/agents/run.mjs --no-golden --seed 7 --count 50
//   node test/conformance/agents/run.mjs --oracle-only                 the releases against the golden data only
//   node test/conformance/agents/run.mjs --self-check                  a planted difference must fail the run
//
// Options: --runtime R (repeatable: claude-code, codex, copilot-cli, gemini-cli, opencode, qwen-code; default
// all), --golden DIR (the folder of the golden sets; default: ../shared/golden for the first three, test/golden for
// the others — the sets this project recorded), --record (write each golden case's expected/ from the release:
// recordExpected), --no-golden, --case TEXT (cases whose name contains it), --seed N
// (default 1), --count N (generated trees per runtime; default 10), --jobs N (default: the cores), --oracle-only
// (no emulation: a runtime without one is not counted as failed), --plant (alter the emulation's section of the
// first case by one character — the release's when there is no emulation — so the run must fail), --self-check,
// --keep (leave the sandboxes in /tmp), --no-isolate (run on the host's loopback, not in a network namespace),
// --timeout S (per release run; default 120), --no-shrink, --quiet.
//
// The last line is `N passed, N failed` (case × runtime); the exit code is 1 on any difference.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as esbuild from 'esbuild';
import { ROOT } from '../../../scripts/vscode-host.mjs';
import { describeCase, generateCase, withoutFile, writeCaseFolder } from './generate.mjs';
import {
  pickPort,
  pollutedParents,
  prepareSandbox,
  probeIsolation,
  releaseEnv,
  rootRelative,
  runRelease,
  runReleaseIsolated,
  setUpSandbox,
} from './oracle.mjs';
import { AGENTS_CACHE, RUNTIMES, provisionAgent, saveStamp } from './provision.mjs';

/** The emulation of each runtime: its module and function (ListingContext => ListingRun). */
export const EMULATIONS = {
  'claude-code': { file: 'src/core/runtimes/claude-code/listing.ts', fn: 'runClaudeCode' },
  codex: { file: 'src/core/runtimes/codex/listing.ts', fn: 'runCodex' },
  'copilot-cli': { file: 'src/core/runtimes/copilot-cli/listing.ts', fn: 'runCopilotCli' },
  'gemini-cli': { file: 'src/core/runtimes/gemini-cli/listing.ts', fn: 'runGeminiCli' },
  opencode: { file: 'src/core/runtimes/opencode/listing.ts', fn: 'runOpenCode' },
  'qwen-code': { file: 'src/core/runtimes/qwen-code/listing.ts', fn: 'runQwenCode' },
  // VS Code's own chat is run by test/conformance/vscode/run.mjs (code-server and its built-in Copilot Chat),
  // which bundles this emulation the same way.
  vscode: { file: 'src/core/runtimes/vscode/listing.ts', fn: 'runVsCode' },
};

function parseArgs(argv) {
  const o = { runtimes: [], golden: null, useGolden: true, filter: null, seed: 1, count: 10 };
  Object.assign(o, {
    jobs: Math.max(1, availableParallelism()),
    oracleOnly: false,
    plant: false,
    selfCheck: false,
    keep: false,
    isolate: true,
    timeout: 120,
    shrink: true,
    quiet: false,
  });
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    const name = a.includes('=') ? a.slice(0, a.indexOf('=')) : a;
    if (name === '--runtime') o.runtimes.push(value());
    else if (name === '--golden') o.golden = resolve(value());
    else if (name === '--no-golden') o.useGolden = false;
    else if (name === '--case') o.filter = value();
    else if (name === '--seed') o.seed = Number(value());
    else if (name === '--count') o.count = Number(value());
    else if (name === '--jobs') o.jobs = Math.max(1, Number(value()));
    else if (name === '--oracle-only') o.oracleOnly = true;
    else if (name === '--plant') o.plant = true;
    else if (name === '--self-check') o.selfCheck = true;
    else if (name === '--keep') o.keep = true;
    else if (name === '--no-isolate') o.isolate = false;
    else if (name === '--timeout') o.timeout = Number(value());
    else if (name === '--no-shrink') o.shrink = false;
    else if (name === '--quiet') o.quiet = true;
    else if (name === '--record') o.record = true;
    else if (name === '--help' || name === '-h') o.help = true;
    else throw new Error(`unknown option ${a}`);
  }
  for (const r of o.runtimes) if (!RUNTIMES.includes(r)) throw new Error(`--runtime is one of ${RUNTIMES.join(', ')}, not ${r}`);
  if (!o.runtimes.length) o.runtimes = [...RUNTIMES];
  if (!Number.isInteger(o.seed) || !Number.isInteger(o.count) || o.count < 0) throw new Error('--seed and --count take integers');
  if (!(o.timeout > 0)) throw new Error('--timeout takes seconds');
  return o;
}

/**
 * Each runtime's emulation, bundled from the current sources with esbuild (no build needed first), one bundle
 * per runtime so that one that does not compile yet leaves the others. `{ run }`, or `{ missing }` (no module,
 * or no such export: "not emulated yet"), or `{ error }` (it does not build).
 */
export async function loadEmulations(runtimes) {
  const out = {};
  const require = createRequire(import.meta.url);
  for (const rt of runtimes) {
    const { file, fn } = EMULATIONS[rt];
    const abs = join(ROOT, file);
    if (!existsSync(abs)) {
      out[rt] = { missing: `not emulated yet (${file} is absent)` };
      continue;
    }
    const outfile = join(AGENTS_CACHE, `emulation-${rt}.cjs`);
    try {
      await esbuild.build({
        stdin: { contents: `export * from ${JSON.stringify(abs)};\n`, resolveDir: ROOT, sourcefile: `agents-emulation-${rt}.ts`, loader: 'ts' },
        outfile,
        bundle: true,
        platform: 'node',
        mainFields: ['module', 'main'], // jsonc-parser: its ES module build (scripts/build.mjs)
        format: 'cjs',
        target: 'node20',
        logLevel: 'silent',
        absWorkingDir: ROOT,
      });
    } catch (e) {
      const msgs = (e.errors ?? []).slice(0, 3).map((m) => `${m.location ? `${m.location.file}:${m.location.line}: ` : ''}${m.text}`);
      out[rt] = { error: `the emulation does not build: ${msgs.join('; ') || e.message}` };
      continue;
    }
    delete require.cache[outfile];
    try {
      const mod = require(outfile);
      // A runtime whose section is not determined by the tree (OpenCode's race between same-named skills) exports
      // `sectionMatches(run, section)`: whether a section is one the release may send for that run.
      out[rt] =
        typeof mod[fn] === 'function'
          ? { run: mod[fn], ...(typeof mod.sectionMatches === 'function' ? { matches: mod.sectionMatches } : {}) }
          : { missing: `not emulated yet (${file} exports no ${fn})` };
    } catch (e) {
      out[rt] = { error: `the emulation fails to load: ${e.message}` };
    }
  }
  return out;
}

/** The shared golden sets (../shared/golden): Claude Code, Codex, Copilot CLI; this project's own, recorded from
 *  the releases with --record (test/golden): Gemini CLI, OpenCode, Qwen Code. */
const SHARED_SETS = ['claude-code', 'codex', 'copilot-cli'];

/** The folder holding runtime `rt`'s golden set (--golden overrides for every runtime). */
export function goldenRoot(opts, rt) {
  if (opts.golden) return opts.golden;
  return SHARED_SETS.includes(rt) ? resolve(ROOT, '..', 'shared', 'golden') : join(ROOT, 'test', 'golden');
}

/** `a` and `b` byte for byte (UTF-8). */
export function sameBytes(a, b) {
  return Buffer.from(a, 'utf8').equals(Buffer.from(b, 'utf8'));
}

/** The planted difference: the last character changed (one byte for ASCII), or one byte added to an empty text. */
export function plant(text) {
  if (!text.length) return 'x';
  const last = text.charCodeAt(text.length - 1);
  return text.slice(0, -1) + String.fromCharCode(last ^ 1);
}

/** A short diff: the first differing line with two lines of context of each side. */
export function shortDiff(want, got, wantLabel, gotLabel) {
  const a = want.split('\n');
  const b = got.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 2);
  const show = (lines, mark) =>
    lines
      .slice(from, i + 3)
      .map((l, k) => `      ${from + k === i ? mark : ' '} ${from + k + 1}: ${JSON.stringify(l.length > 240 ? `${l.slice(0, 240)}…` : l)}`)
      .join('\n');
  const head = `    first difference at line ${i + 1} (${wantLabel}: ${a.length} lines, ${Buffer.byteLength(want)} bytes; ${gotLabel}: ${b.length} lines, ${Buffer.byteLength(got)} bytes)`;
  return `${head}\n    ${wantLabel}:\n${show(a, '-')}\n    ${gotLabel}:\n${show(b, '+')}`;
}

/**
 * The names of a release's built-in skills (Claude Code, Copilot CLI), read once from a run on an empty tree with
 * the built-ins on and kept in the release's stamp: names only, never their text (oracle.mjs leaves those entries
 * out of the section by name).
 */
async function probeBuiltinNames(ctx, rt) {
  const release = ctx.releases[rt];
  // Codex, Gemini CLI, OpenCode and Qwen Code mark their built-ins by location (oracle.mjs splitBuiltins).
  if (!['claude-code', 'copilot-cli'].includes(rt)) return (release.builtinNames = []);
  if (Array.isArray(release.stamp.builtinNames)) return (release.builtinNames = release.stamp.builtinNames);
  const dir = join(ctx.tmp, `probe-${rt}`);
  writeCaseFolder(dir, { runtime: rt, seed: 0, cwd: 'project', git: [], env: {}, files: {} });
  const sandbox = setUpSandbox(dir);
  try {
    const port = await pickPort(ctx.isolated);
    const probe = { ...release, builtinNames: [], keepWhole: true };
    const r = ctx.isolated ? await runReleaseIsolated(rt, probe, sandbox, { port }) : await runRelease(rt, probe, sandbox, { port });
    if (r.error) throw new Error(`${rt}: the run on an empty tree failed: ${r.error}`);
    const names =
      rt === 'copilot-cli'
        ? [...r.whole.matchAll(/<skill>\n {2}<name>([^<]*)<\/name>\n[\s\S]*?<\/skill>/g)]
            .filter((m) => m[0].includes('<location>builtin</location>'))
            .map((m) => m[1])
        : r.whole
            .split('\n')
            .filter((l) => l.startsWith('- '))
            .map((l) => /^- (.*?)(?: \(|:|$)/.exec(l)[1]);
    release.stamp.builtinNames = names;
    saveStamp(release);
    return (release.builtinNames = names);
  } finally {
    sandbox.dispose();
  }
}

/** A small pool: `fn` over `items`, `jobs` at a time, results in order. */
async function pool(items, jobs, fn) {
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

/** Runs one task (a case folder for one runtime): the emulation first, on the untouched sandbox, then the release
 *  on the same sandbox with the same environment. Returns `{ diffs: [..], notes: [..], release, emuSection }`. */
async function runTask(ctx, task) {
  const { opts } = ctx;
  const sandbox = setUpSandbox(task.dir);
  const diffs = [];
  const notes = [];
  try {
    const port = await pickPort(ctx.isolated);
    prepareSandbox(task.runtime, sandbox, `http://127.0.0.1:${port}`);
    const env = releaseEnv(task.runtime, sandbox, `http://127.0.0.1:${port}`);
    const emulation = opts.oracleOnly ? null : ctx.emulations[task.runtime];
    let emuSection = null;
    let emuStderr = null;
    let emuRun = null;
    if (emulation?.run) {
      try {
        const run = (emuRun = emulation.run({ cwd: sandbox.cwd, home: sandbox.home, env, platform: 'linux' }));
        emuSection = rootRelative(String(run?.section ?? ''), sandbox.root);
        emuStderr = Array.isArray(run?.stderr) ? run.stderr.map((l) => rootRelative(String(l), sandbox.root)) : null;
        if (task.planted) emuSection = plant(emuSection);
      } catch (e) {
        diffs.push(`emulation threw: ${e?.stack?.split('\n').slice(0, 3).join(' / ') ?? e}`);
      }
    }
    const release = ctx.releases[task.runtime];
    const runOpts = { timeoutMs: opts.timeout * 1000, port };
    const r = ctx.isolated ? await runReleaseIsolated(task.runtime, release, sandbox, runOpts) : await runRelease(task.runtime, release, sandbox, runOpts);
    if (r.error) {
      diffs.push(`the release failed: ${r.error}`);
      return { diffs, notes, release: r, emuSection };
    }
    if (r.copies > 1) notes.push(`the section appears ${r.copies} times in the request (the first is compared)`);
    let section = r.section;
    if (task.planted && !emulation?.run) section = plant(section);
    // The same section, or (a race) one the emulation says the release may equally send. Sections are compared
    // with `$ROOT` for the root; the emulation's run speaks of the real root.
    const absolute = (text) => text.split('$ROOT').join(sandbox.root);
    const agrees = (a, b) =>
      sameBytes(a, b) || Boolean(emulation?.matches && emuRun && emulation.matches(emuRun, absolute(a)) && emulation.matches(emuRun, absolute(b)));
    if (task.golden && opts.record) recordExpected(task, sandbox, r, section, emuSection, emuRun, notes, diffs);
    if (task.golden) {
      const want = readFileSync(join(task.dir, 'expected', 'listing.txt'), 'utf8');
      if (!agrees(want, section)) diffs.push(`release ≠ golden listing.txt\n${shortDiff(want, section, 'golden', 'release')}`);
      const skills = join(task.dir, 'expected', 'skills.json');
      if (existsSync(skills)) {
        const wantErr = JSON.parse(readFileSync(skills, 'utf8')).stderr ?? [];
        const wantBuiltins = JSON.parse(readFileSync(skills, 'utf8')).builtins ?? [];
        if (JSON.stringify(wantBuiltins) !== JSON.stringify(r.builtins ?? []))
          diffs.push(
            `release built-ins ≠ golden skills.json builtins\n      golden:  ${JSON.stringify(wantBuiltins)}\n      release: ${JSON.stringify(r.builtins)}`,
          );
        if (JSON.stringify(wantErr) !== JSON.stringify(r.stderr))
          diffs.push(`release stderr ≠ golden skills.json stderr\n      golden:  ${JSON.stringify(wantErr)}\n      release: ${JSON.stringify(r.stderr)}`);
      }
    }
    if (!opts.oracleOnly) {
      if (emulation?.run) {
        if (
          emuSection !== null &&
          !sameBytes(section, emuSection) &&
          !(!task.planted && emulation.matches && emuRun && emulation.matches(emuRun, absolute(section)))
        )
          diffs.push(`emulation ≠ release${task.planted ? ' (planted)' : ''}\n${shortDiff(section, emuSection, 'release', 'emulation')}`);
        // stderr is reported, not counted: the comparison the suite gates on is the section.
        if (emuStderr && JSON.stringify(emuStderr) !== JSON.stringify(r.stderr))
          notes.push(`stderr differs (not counted)\n      release:   ${JSON.stringify(r.stderr)}\n      emulation: ${JSON.stringify(emuStderr)}`);
      } else diffs.push(emulation?.error ?? emulation?.missing ?? 'not emulated yet');
    }
    return { diffs, notes, release: r, emuSection, section };
  } finally {
    if (opts.keep) notes.push(`sandbox kept: ${sandbox.root}`);
    else sandbox.dispose();
  }
}

/**
 * --record: writes a case's `expected/` from the release's run — `listing.txt` (the section, `$ROOT` for the
 * root), and in `skills.json` the release's `stderr` and `builtins` — and the per-file states (`skills`: path,
 * listing, listed_as, why) from the emulation, but only when the emulation's section is the release's byte for
 * byte: what the runtime did to each file is our reading of its section, so it is recorded only once that reading
 * reproduces the section. Otherwise the states already recorded are kept and the case is reported.
 */
export function recordExpected(task, sandbox, r, section, emuSection, emuRun, notes, diffs) {
  const dir = join(task.dir, 'expected');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'listing.txt'), section);
  const file = join(dir, 'skills.json');
  let old = {};
  try {
    old = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    /* first recording */
  }
  let skills = old.skills ?? [];
  if (emuRun && emuSection !== null && sameBytes(section, emuSection)) {
    const rel = (p) => rootRelative(String(p), `${sandbox.root}/`).replace(/^\$ROOT/, '');
    skills = (emuRun.skills ?? [])
      .map((k) => ({
        path: rel(k.file),
        listing: k.listing,
        listed_as: k.listedAs ?? null,
        ...(k.listing !== 'full' && k.why ? { why: rootRelative(k.why, sandbox.root) } : {}),
      }))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  } else diffs.push('recorded the listing only: the emulation does not reproduce the release, so the per-file states were not recorded');
  const out = { skills, stderr: r.stderr ?? [] };
  if ((r.builtins ?? []).length) out.builtins = r.builtins;
  writeFileSync(file, JSON.stringify(out, null, 1) + '\n');
  notes.push(`recorded ${task.dir}/expected`);
}

/** Shrinks a differing generated tree: drops skill files one at a time while the emulation still differs from the
 *  release (at most `maxRuns` release runs). Returns the smallest spec found. */
async function shrink(ctx, task, maxRuns = 12) {
  let spec = task.spec;
  let runs = 0;
  let progress = true;
  while (progress && runs < maxRuns) {
    progress = false;
    for (const rel of Object.keys(spec.files).filter((f) => f.endsWith('SKILL.md'))) {
      if (runs >= maxRuns || Object.keys(spec.files).filter((f) => f.endsWith('SKILL.md')).length <= 1) break;
      const smaller = withoutFile(spec, rel);
      const dir = join(ctx.tmp, `shrink-${task.name}-${runs}`);
      writeCaseFolder(dir, smaller);
      runs++;
      const r = await runTask(ctx, { ...task, dir, planted: false });
      rmSync(dir, { recursive: true, force: true });
      if (r.diffs.some((d) => d.startsWith('emulation ≠ release'))) {
        spec = smaller;
        progress = true;
        break;
      }
    }
  }
  return { spec, runs };
}

function usage() {
  const lines = readFileSync(new URL(import.meta.url), 'utf8').split('\n');
  return lines
    .slice(
      1,
      lines.findIndex((l, i) => i > 0 && !l.startsWith('//')),
    )
    .map((l) => l.replace(/^\/\/ ?/, ''))
    .join('\n');
}

/** --self-check: the comparison sees a planted one-character change, and a run with --plant fails with exactly one
 *  more failed case than the same run without it. */
async function selfCheck(opts) {
  const problems = [];
  for (const s of ['', 'a', 'é', '<skills_instructions>\n- x: y\n</skills_instructions>', 'x'.repeat(5000)])
    if (sameBytes(s, plant(s))) problems.push(`plant(${JSON.stringify(s.slice(0, 20))}) is not seen as a difference`);
  if (!sameBytes('abc', 'abc') || sameBytes('a\n', 'a')) problems.push('sameBytes is wrong');
  const rt = opts.runtimes[0];
  const base = [
    new URL(import.meta.url).pathname,
    '--runtime',
    rt,
    '--count',
    '0',
    '--case',
    opts.filter ?? 'a01',
    ...(opts.golden ? ['--golden', opts.golden] : []),
  ];
  if (opts.oracleOnly) base.push('--oracle-only');
  if (!opts.isolate) base.push('--no-isolate');
  const runIt = (extra) => {
    const r = spawnSync(process.execPath, [...base, ...extra], { encoding: 'utf8', timeout: 10 * 60_000 });
    const last = (r.stdout || '').trim().split('\n').pop() ?? '';
    const m = /^(\d+) passed, (\d+) failed$/.exec(last);
    return { status: r.status, failed: m ? Number(m[2]) : null, out: r.stdout + r.stderr };
  };
  const clean = runIt([]);
  const planted = runIt(['--plant']);
  console.log(
    `self-check (${rt}, --case ${opts.filter ?? 'a01'}): without --plant exit ${clean.status}, ${clean.failed} failed; with --plant exit ${planted.status}, ${planted.failed} failed`,
  );
  if (clean.failed === null || planted.failed === null)
    problems.push(`a run printed no summary line:\n${(clean.failed === null ? clean : planted).out.slice(-1500)}`);
  else {
    if (planted.status !== 1) problems.push('the planted run did not exit 1');
    if (planted.failed !== clean.failed + 1 && !(clean.failed > 0 && planted.failed === clean.failed))
      problems.push(`the planted run failed ${planted.failed} cases, the clean one ${clean.failed}`);
    if (!/planted/.test(planted.out) && clean.failed === 0) problems.push('the planted run does not name the planted difference');
  }
  for (const p of problems) console.log(`  ✗ ${p}`);
  console.log(`${problems.length ? 0 : 1} passed, ${problems.length ? 1 : 0} failed`);
  process.exitCode = problems.length ? 1 : 0;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.help) {
    console.log(usage());
    return;
  }
  if (opts.selfCheck) return selfCheck(opts);
  const t0 = performance.now();
  const log = (s) => !opts.quiet && console.log(s);

  const polluted = pollutedParents();
  if (polluted.length) throw new Error(`${polluted.join(', ')} would add skills to every case without git (the golden READMEs): remove them first`);
  let isolated = false;
  if (opts.isolate) {
    const p = probeIsolation();
    isolated = p.ok;
    // Codex looks up outside hosts at start even when pointed at the mock: without a namespace of loopback
    // only, those lookups would leave the machine. Refuse rather than let them.
    if (!p.ok) throw new Error(`no network namespace here (${p.why}): the releases run only with loopback alone (--no-isolate overrides)`);
    console.log('network: each release runs in a network namespace with loopback only');
  } else console.log('network: --no-isolate, releases run on the host loopback');

  // The releases (installed once) and the emulations.
  const releases = {};
  const provisionErrors = {};
  for (const rt of opts.runtimes) {
    try {
      releases[rt] = await provisionAgent(rt);
      log(`${rt}: ${releases[rt].pkg}@${releases[rt].version} (${releases[rt].stamp.versionOutput.split('\n')[0]})`);
    } catch (e) {
      provisionErrors[rt] = e.message;
      console.log(`${rt}: ${e.message}`);
    }
  }
  const emulations = opts.oracleOnly ? {} : await loadEmulations(opts.runtimes);
  for (const rt of opts.runtimes)
    if (!opts.oracleOnly)
      log(`${rt} emulation: ${emulations[rt].run ? `${EMULATIONS[rt].fn} (${EMULATIONS[rt].file})` : (emulations[rt].missing ?? emulations[rt].error)}`);

  const tmp = mkdtempSync(join(tmpdir(), 'skill-author-agents-'));
  const ctx = { opts, releases, emulations, isolated, tmp };
  for (const rt of Object.keys(releases)) {
    try {
      const names = await probeBuiltinNames(ctx, rt);
      if (['claude-code', 'copilot-cli'].includes(rt)) log(`${rt}: ${names.length} built-in skills (${names.join(', ')})`);
    } catch (e) {
      provisionErrors[rt] = e.message;
      delete releases[rt];
      console.log(e.message);
    }
  }

  // The tasks: golden cases, then generated trees, per runtime.
  const tasks = [];
  for (const rt of opts.runtimes) {
    if (opts.useGolden) {
      const dir = join(goldenRoot(opts, rt), rt);
      if (!existsSync(dir)) console.log(`golden cases: ${dir} is absent, skipped`);
      else
        for (const n of readdirSync(dir).sort())
          if (existsSync(join(dir, n, 'case.json'))) tasks.push({ runtime: rt, name: n, dir: join(dir, n), golden: true });
    }
    for (let i = 0; i < opts.count; i++) {
      const seed = opts.seed * 100_003 + i;
      const spec = generateCase(rt, seed);
      const name = `gen-${opts.seed}-${i}`;
      const dir = join(tmp, 'generated', rt, name);
      writeCaseFolder(dir, spec);
      tasks.push({ runtime: rt, name, dir, spec, index: i });
    }
  }
  const selected = tasks.filter((t) => !opts.filter || t.name.includes(opts.filter));
  if (opts.plant && selected.length) {
    selected[0].planted = true;
    console.log(
      `planted: one character of the ${emulations[selected[0].runtime]?.run ? 'emulation' : 'release'}'s section of ${selected[0].runtime} ${selected[0].name} is changed`,
    );
  }

  // Copilot unpacks its package into COPILOT_PKG_CACHE_HOME on first use: one run alone first, so that parallel
  // runs never unpack into the same folder at once.
  const order = [...selected];
  const firstCopilot = order.findIndex((t) => t.runtime === 'copilot-cli' && releases[t.runtime]);
  const head = firstCopilot >= 0 ? order.splice(firstCopilot, 1) : [];

  const results = new Map();
  const runOne = async (task) => {
    if (!releases[task.runtime]) {
      results.set(task, { diffs: [`the release is not installed: ${provisionErrors[task.runtime]}`], notes: [] });
      return;
    }
    const t = performance.now();
    let r;
    try {
      r = await runTask(ctx, task);
    } catch (e) {
      r = { diffs: [`runner error: ${e.stack ?? e}`], notes: [] };
    }
    r.ms = performance.now() - t;
    results.set(task, r);
    const ok = r.diffs.length === 0;
    const out = [];
    if (!ok || !opts.quiet) {
      out.push(`${ok ? '✓' : '✗'} ${task.runtime} ${task.name} (${(r.ms / 1000).toFixed(1)} s)`);
      for (const d of r.diffs) out.push(`    ${d}`);
      for (const n of r.notes) out.push(`    note: ${n}`);
    }
    if (!ok && task.spec) {
      out.push(
        `    reproduce: node test/conformance/agents/run.mjs --runtime ${task.runtime} --no-golden --seed ${opts.seed} --count ${task.index + 1} --case ${task.name} --keep`,
      );
      let spec = task.spec;
      if (opts.shrink && r.diffs.some((d) => d.startsWith('emulation ≠ release')) && !task.planted) {
        const s = await shrink(ctx, task);
        if (s.spec !== task.spec)
          out.push(`    shrunk in ${s.runs} runs to ${Object.keys(s.spec.files).filter((f) => f.endsWith('SKILL.md')).length} skill(s) that still differ:`);
        spec = s.spec;
      }
      out.push(describeCase(spec).replace(/^/gm, '    '));
    }
    if (out.length) console.log(out.join('\n'));
  };
  await pool(head, 1, runOne);
  await pool(order, opts.jobs, runOne);

  // Summary.
  console.log('');
  let passed = 0;
  let failed = 0;
  for (const rt of opts.runtimes) {
    const mine = selected.filter((t) => t.runtime === rt);
    if (!mine.length) continue;
    const rs = mine.map((t) => results.get(t));
    const golden = mine.filter((t) => t.golden);
    const goldenOk = golden.filter((t) => !results.get(t).diffs.some((d) => d.startsWith('release') || d.startsWith('the release'))).length;
    const emuCompared = rs.filter((r) => r.emuSection !== null && r.emuSection !== undefined && r.section !== undefined);
    const emuOk = emuCompared.filter((r) => !r.diffs.some((d) => d.startsWith('emulation'))).length;
    const times = rs
      .map((r) => r.release?.ms)
      .filter((x) => typeof x === 'number')
      .sort((a, b) => a - b);
    const med = times.length ? times[Math.floor(times.length / 2)] / 1000 : 0;
    const emuWord = opts.oracleOnly
      ? 'not compared (--oracle-only)'
      : emulations[rt]?.run
        ? `agrees with the release on ${emuOk}/${emuCompared.length}`
        : (emulations[rt]?.missing ?? emulations[rt]?.error ?? 'absent');
    console.log(
      `${rt}: release reproduces ${goldenOk}/${golden.length} golden listings; emulation ${emuWord}; release run median ${med.toFixed(1)} s, max ${((times.at(-1) ?? 0) / 1000).toFixed(1)} s`,
    );
    for (const r of rs) {
      if (r.diffs.length) failed++;
      else passed++;
    }
  }
  console.log(`agents: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  if (!opts.keep) rmSync(tmp, { recursive: true, force: true });
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

// Run only as the entry script: the VS Code runner (../vscode/run.mjs) imports the emulation loader, the
// comparison and the recorder from here.
if (process.argv[1] && new URL(import.meta.url).pathname === resolve(process.argv[1]))
  main().catch((e) => {
    console.error(e.stack ?? String(e));
    console.log('0 passed, 1 failed');
    process.exitCode = 1;
  });
