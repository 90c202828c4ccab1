#!/usr/bin/env node
// The release bisector: where, between two OpenClaw releases, the skills behaviour changed. Each stable npm
// release (`npm view openclaw versions`, no `-` in the version) is installed once through provision.mjs and
// its own code is run by oracle.mjs, unmodified, on every golden case of ../shared/golden/openclaw and on the
// generated trees run.mjs uses (generate.mjs, same seeds). Each case's outcome is reduced to a fingerprint
// (below); the first release of every change is found by binary search over the ordered releases between two
// that differ. See docs/conformance.md ("Bisecting releases").
//
//   npm run conformance -- --bisect                          2026.4.12 … 2026.9.6, binary search
//   node test/conformance/bisect.mjs --from 2026.5.12 --to 2026.6.11 --count 10
//   node test/conformance/bisect.mjs --exhaustive --write test/conformance/openclaw-changes.json
//   node test/conformance/bisect.mjs --diff 2026.4.27 2026.4.29 --case a46   what changed, case by case
//   npm run conformance -- --all-releases                    every release emulated against the emulation
//
// Options: --from V, --to V (the range, both ends included; default 2026.4.12 and 2026.9.6), --count N
// (generated trees; default 40), --seed N (default 1), --golden DIR, --no-golden, --case TEXT (cases whose name
// contains it), --exhaustive (run every release of the range, report every change and every A→B→A flip, and
// which of them binary search would have missed), --jobs N (cases at once; default 2 or the cores if fewer),
// --all-releases (no search: every release the profile emulates, each case's fingerprint against the
// emulation's on the same sandbox), --write FILE (the result as JSON; the summaries of an earlier FILE are kept for the same change points),
// --diff V1 V2 (no search: print how the outcomes of the two releases differ, with short text diffs), --quiet,
// --cached-only (install and run nothing: a release whose fingerprints are not all cached counts as not run, so
// the result of an interrupted search can still be written; its ranges show as `notRunBetween`).
//
// A range whose two ends agree on every case is taken as unchanged (binary search cannot see a change that is
// undone inside it: --exhaustive can). A release's fingerprints are cached per case input in
// .cache/openclaw/bisect/<version>.json, keyed by the fingerprint format, so a second run (or
// --exhaustive after a binary search) runs only what it has not seen. The last line is `N passed, N failed`:
// failed counts cases the release's oracle could not run (an error that is not a refused config), which
// means oracle.mjs needs to learn that release's API.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createTwoFilesPatch } from 'diff';
import { ROOT, childNpmEnv, npmCli } from '../../scripts/vscode-host.mjs';
import { generateCase, writeCaseFolder } from './generate.mjs';
import { CACHE_DIR, findExports, provisionNode, provisionRelease } from './provision.mjs';
import { loadEmulation, pool, runOracle, sandboxEnvOf, usageOf } from './run.mjs';
import { homeRelative, setUpCase } from './sandbox.mjs';

const BISECT_CACHE = join(CACHE_DIR, 'bisect');
const HERE = join(ROOT, 'test', 'conformance');
/** Bumped whenever normalise() changes, or oracle.mjs changes what it reports, so cached fingerprints of an
 *  older format are not mixed in. */
const FINGERPRINT_FORMAT = 1;
/** The parts of an outcome, in the order a change lists them (`what`). */
const PARTS = ['error', 'prompt', 'section', 'listed', 'loaded', 'name', 'source', 'eligible', 'missing', 'runtimeEligible', 'inPrompt'];

function parseArgs(argv) {
  const o = { from: '2026.4.12', to: '2026.9.6', count: 40, seed: 1, golden: resolve(ROOT, '..', 'shared', 'golden', 'openclaw'), useGolden: true };
  Object.assign(o, { filter: null, exhaustive: false, jobs: Math.min(2, Math.max(1, availableParallelism())), write: null, diff: null, quiet: false });
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    const name = a.includes('=') ? a.slice(0, a.indexOf('=')) : a;
    if (name === '--from') o.from = value();
    else if (name === '--to') o.to = value();
    else if (name === '--count') o.count = Number(value());
    else if (name === '--seed') o.seed = Number(value());
    else if (name === '--golden') o.golden = resolve(value());
    else if (name === '--no-golden') o.useGolden = false;
    else if (name === '--case') o.filter = value();
    else if (name === '--exhaustive') o.exhaustive = true;
    else if (name === '--jobs') o.jobs = Math.max(1, Number(value()));
    else if (name === '--write') o.write = resolve(value());
    else if (name === '--diff') o.diff = [value(), argv[++i]];
    else if (name === '--quiet') o.quiet = true;
    else if (name === '--cached-only') o.cachedOnly = true;
    else if (name === '--all-releases') o.allReleases = true;
    else if (name === '--help' || name === '-h') o.help = true;
    else throw new Error(`unknown option ${a}`);
  }
  if (!Number.isInteger(o.seed) || !Number.isInteger(o.count) || o.count < 0) throw new Error('--seed and --count take integers');
  if (o.diff && !o.diff[1]) throw new Error('--diff takes two versions');
  return o;
}

const hash = (text) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** `2026.4.12` as numbers, for ordering (OpenClaw versions are year.month.patch). */
const versionKey = (v) => v.split('.').map(Number);
function compareVersions(a, b) {
  const x = versionKey(a);
  const y = versionKey(b);
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

/** The stable releases from `from` to `to` (both included), oldest first, as the npm registry lists them. The
 *  list is kept in the bisect cache, so a run without the registry still knows it. */
function stableReleases(from, to) {
  const cached = join(BISECT_CACHE, 'versions.json');
  let all;
  const r = spawnSync(process.execPath, [npmCli(), 'view', 'openclaw', 'versions', '--json'], { encoding: 'utf8', env: childNpmEnv({}), timeout: 60_000 });
  try {
    all = JSON.parse(r.stdout);
    writeFileSync(cached, JSON.stringify(all) + '\n');
  } catch {
    if (!existsSync(cached)) throw new Error(`npm view openclaw versions failed: ${(r.stderr || r.error?.message || '').trim()}`);
    all = JSON.parse(readFileSync(cached, 'utf8'));
    console.log(`(npm view failed; using the release list of ${cached})`);
  }
  const stable = all.filter((v) => /^\d+\.\d+\.\d+$/.test(v)).sort(compareVersions);
  for (const v of [from, to]) if (!stable.includes(v)) throw new Error(`openclaw@${v} is not a stable release on the registry`);
  return stable.filter((v) => compareVersions(v, from) >= 0 && compareVersions(v, to) <= 0);
}

/** A hash of a case folder's inputs (names, bytes, symlink targets), under which its fingerprint is cached. */
function folderHash(dir) {
  const h = createHash('sha256');
  const walk = (d, rel) => {
    for (const name of readdirSync(d).sort()) {
      if (rel === '' && name === 'expected') continue;
      const p = join(d, name);
      const st = lstatSync(p);
      if (st.isSymbolicLink()) h.update(`L ${rel}${name} -> ${readlinkSync(p)}\n`);
      else if (st.isDirectory()) {
        h.update(`D ${rel}${name}\n`);
        walk(p, `${rel}${name}/`);
      } else
        h.update(`F ${rel}${name} ${st.mode & 0o777} `)
          .update(readFileSync(p))
          .update('\n');
    }
  };
  walk(dir, '');
  return h.digest('hex').slice(0, 16);
}

/** The cases: the golden folders, then the generated trees exactly as run.mjs names and seeds them. */
function collectCases(opts, tmp) {
  const cases = [];
  if (opts.useGolden) {
    if (!existsSync(opts.golden)) console.log(`golden cases: ${opts.golden} is absent, skipped`);
    else for (const n of readdirSync(opts.golden).sort()) if (existsSync(join(opts.golden, n, 'case.json'))) cases.push({ name: n, dir: join(opts.golden, n) });
  }
  for (let i = 0; i < opts.count; i++) {
    // run.mjs: seed * 100_003 + i, named gen-<seed>-<i>.
    const dir = join(tmp, 'generated', `gen-${opts.seed}-${i}`);
    writeCaseFolder(dir, generateCase(opts.seed * 100_003 + i));
    cases.push({ name: `gen-${opts.seed}-${i}`, dir });
  }
  const selected = cases.filter((c) => !opts.filter || c.name.includes(opts.filter));
  for (const c of selected) c.input = folderHash(c.dir);
  return selected;
}

/**
 * A release's outcome reduced to what can be compared across releases: hashes of the prompt and the
 * system-prompt section (paths under the sandbox written `~/…`, the sandbox itself `$SANDBOX`), the number of
 * prompt entries, and per skill (its SKILL.md path relative to the skills root, sorted) the name, source,
 * status verdict, missing lists, prompt-builder verdict and presence in the prompt; or, when the release
 * throws, the kind of error (`refused`: an invalid config) and a hash of its message (stack left out).
 */
function normalise(out, sandbox, release) {
  const text = (t) =>
    homeRelative(String(t ?? ''), sandbox.home)
      .split(sandbox.tmp)
      .join('$SANDBOX')
      .split(release.pkg)
      .join('$PKG');
  if (out.error) {
    const message = out.error
      .split('\n')
      .filter((l) => !/^\s+at /.test(l))
      .join('\n');
    const refused = /InvalidConfigError|Invalid config/.test(message);
    // Oracle failures (an API the oracle does not know) keep their text here: they are printed, never written.
    return { error: { kind: refused ? 'refused' : 'error', hash: hash(text(message)), ...(refused ? {} : { text: text(message).slice(0, 600) }) } };
  }
  const path = (p) => (p.startsWith(sandbox.root + sep) ? relative(sandbox.root, p) : text(p));
  const skills = out.skills
    .map((s) => ({
      path: path(s.filePath),
      name: s.name,
      source: s.source,
      eligible: s.eligible,
      missing: s.missing,
      runtimeEligible: s.runtimeEligible,
      inPrompt: s.inPrompt,
    }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { api: out.api, prompt: hash(text(out.prompt)), section: hash(text(out.section)), listed: out.listed, skills };
}

/** The fingerprint of a normalised outcome (the oracle's API generation left out: it is how, not what). */
function fingerprint(outcome) {
  const what = { ...outcome };
  delete what.api;
  return hash(JSON.stringify(what));
}

/** Which parts of two normalised outcomes differ (PARTS order). */
function partsThatDiffer(a, b) {
  const parts = new Set();
  // A release that throws (or refuses the config) has nothing else to compare.
  if (a.error || b.error) return ['error'];
  for (const k of ['prompt', 'section', 'listed']) if (a[k] !== b[k]) parts.add(k);
  const key = (s) => `${s.path}\0${s.name}`;
  const byPath = (list) => new Map(list.map((s) => [s.path, s]));
  const pa = byPath(a.skills);
  const pb = byPath(b.skills);
  if (a.skills.length !== b.skills.length || [...pa.keys()].some((p) => !pb.has(p))) parts.add('loaded');
  for (const [p, x] of pa) {
    const y = pb.get(p);
    if (!y) continue;
    if (key(x) !== key(y)) parts.add('name');
    for (const k of ['source', 'eligible', 'missing', 'runtimeEligible', 'inPrompt']) if (JSON.stringify(x[k]) !== JSON.stringify(y[k])) parts.add(k);
  }
  return PARTS.filter((p) => parts.has(p));
}

/** The bisector's state: installs (one npm install at a time, wanted ones before prefetched ones), the
 *  evaluated releases and the per-release fingerprint cache. */
function createBisector(opts, ctx) {
  // Cached fingerprints are kept while the format is the same: bump FINGERPRINT_FORMAT when oracle.mjs changes
  // what an API generation reports (adding a generation for releases that could not run changes nothing cached).
  const oracleKey = `format ${FINGERPRINT_FORMAT}`;
  const installs = new Map();
  const queue = [];
  let installing = false;
  const pumpInstalls = async () => {
    if (installing) return;
    installing = true;
    while (queue.length) {
      const { version, done } = queue.shift();
      try {
        done.resolve(await provisionRelease(version, ctx.nodeBin));
      } catch (err) {
        done.reject(err);
      }
    }
    installing = false;
  };
  /** Installs `version` (once); `urgent` puts it before the prefetched ones still waiting. */
  const install = (version, urgent = true) => {
    let entry = installs.get(version);
    if (!entry) {
      const done = {};
      const promise = new Promise((res, rej) => Object.assign(done, { resolve: res, reject: rej }));
      promise.catch(() => {});
      entry = { version, done, promise };
      installs.set(version, entry);
      if (urgent) queue.unshift(entry);
      else queue.push(entry);
      pumpInstalls();
    } else if (urgent) {
      const i = queue.indexOf(entry);
      if (i > 0) queue.unshift(...queue.splice(i, 1));
    }
    return entry.promise;
  };

  const evaluated = new Map();
  const unavailable = new Map();
  let oracleFailures = 0;
  /** Runs every case on `version` (the cached ones excepted): `{ version, api, pluginsDisabled, cases:
   *  Map(name → { outcome, fp }), fp }`. */
  const evaluate = async (version) => {
    if (evaluated.has(version)) return evaluated.get(version);
    if (unavailable.has(version)) return null;
    const t0 = performance.now();
    const cacheFile = join(BISECT_CACHE, `${version}.json`);
    let cache = { key: oracleKey, cases: {} };
    try {
      const c = JSON.parse(readFileSync(cacheFile, 'utf8'));
      if (c.key === oracleKey) cache = c;
    } catch {
      /* no cache yet, or an unreadable one: the cases run again */
    }
    const todo = ctx.cases.filter((c) => !cache.cases[c.input]);
    if (todo.length && opts.cachedOnly) {
      unavailable.set(version, 'not run (--cached-only)');
      return null;
    }
    let paths;
    try {
      paths = await install(version);
    } catch (err) {
      // A release npm cannot install here is left out of the search (and named in the result, `notRun`).
      unavailable.set(version, (err instanceof Error ? err.message : String(err)).split('\n')[0]);
      console.log(`  ${version}: cannot be installed, left out (${unavailable.get(version)})`);
      return null;
    }
    // The oracle finds its functions by export name; look them up afresh (a stamp written before a name was
    // added to ORACLE_FUNCTIONS lacks it).
    const release = { ...paths, stamp: { ...paths.stamp, exports: findExports(paths.dist) }, env: {} };
    ctx.releases.set(version, release);
    release.env = await sandboxEnvOf(ctx, version);
    await pool(todo, opts.jobs, async (c) => {
      const sandbox = setUpCase(c.dir, ctx.tmp, release.env);
      try {
        cache.cases[c.input] = normalise(await runOracle(ctx, release, sandbox), sandbox, release);
      } finally {
        sandbox.dispose();
      }
    });
    // Oracle failures are not cached: the next run tries them again (with an oracle.mjs that knows more).
    const cases = new Map();
    for (const c of ctx.cases) {
      const outcome = cache.cases[c.input];
      if (outcome.error?.kind === 'error') {
        oracleFailures++;
        delete cache.cases[c.input];
        console.log(`! ${c.name} @ ${version}: the oracle failed:\n  ${outcome.error.text.split('\n').slice(0, 4).join('\n  ')}`);
      }
      cases.set(c.name, { outcome, fp: fingerprint(outcome) });
    }
    writeFileSync(cacheFile, JSON.stringify(cache));
    const api = [...new Set([...cases.values()].map((c) => c.outcome.api).filter(Boolean))].join(',');
    const result = {
      version,
      api,
      pluginsDisabled: !!release.env.OPENCLAW_DISABLE_BUNDLED_PLUGINS,
      cases,
      fp: hash([...cases].map(([n, c]) => `${n}=${c.fp}`).join('\n')),
    };
    evaluated.set(version, result);
    const ran = todo.length ? `${todo.length} cases run` : 'all cached';
    if (!opts.quiet) console.log(`  ${version}: fingerprint ${result.fp} (api ${api || '-'}; ${ran}; ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    return result;
  };
  return { install, evaluate, evaluated, unavailable, failures: () => oracleFailures };
}

/** The cases whose fingerprints differ between two evaluated releases, with the parts that differ. */
function caseChanges(a, b) {
  const out = [];
  for (const [name, x] of a.cases) {
    const y = b.cases.get(name);
    if (y && x.fp !== y.fp) out.push({ case: name, what: partsThatDiffer(x.outcome, y.outcome).join(', ') });
  }
  return out;
}

/** Binary search over releases 0 … n-1: every pair of neighbouring releases (neighbours among those that
 *  could be run) whose fingerprints differ, as far as ranges whose ends agree are taken as unchanged.
 *  `evaluate(i)` gives release i's result, or null when it cannot be run. Returns `{ changes: [[i, j], …]
 *  (j the first release of a change, i the one before it), assumed: [[lo, hi], …] }`, in order. */
async function binarySearch(n, evaluate, prefetch = () => {}) {
  const changes = [];
  const assumed = [];
  const skipped = new Set();
  const between = (lo, hi) => Array.from({ length: Math.max(0, hi - lo - 1) }, (_, k) => lo + 1 + k).filter((i) => !skipped.has(i));
  const search = async (lo, hi) => {
    if ((await evaluate(lo)).fp === (await evaluate(hi)).fp) {
      if (between(lo, hi).length) assumed.push([lo, hi]);
      return;
    }
    const inner = between(lo, hi);
    if (!inner.length) {
      changes.push([lo, hi]);
      return;
    }
    const mid = inner[(inner.length - 1) >> 1];
    // The next releases this search may want, installed while this one runs.
    const left = between(lo, mid);
    const right = between(mid, hi);
    if (left.length) prefetch(left[(left.length - 1) >> 1]);
    if (right.length) prefetch(right[(right.length - 1) >> 1]);
    if (!(await evaluate(mid))) {
      skipped.add(mid);
      return search(lo, hi);
    }
    await search(lo, mid);
    await search(mid, hi);
  };
  if (!(await evaluate(0)) || !(await evaluate(n - 1))) throw new Error('the two ends of the range must be installable');
  await search(0, n - 1);
  return { changes, assumed };
}

/** A→B→A flips in the exhaustive results: per case, a fingerprint that comes back after another one. */
function flipsOf(releases, results) {
  const flips = [];
  for (const name of results[0].cases.keys()) {
    const seen = new Map();
    let last = null;
    for (let i = 0; i < releases.length; i++) {
      const fp = results[i].cases.get(name).fp;
      if (fp !== last && seen.has(fp)) flips.push({ case: name, back: releases[i], to: releases[seen.get(fp)], after: releases[i - 1] });
      if (fp !== last) seen.set(fp, i);
      last = fp;
    }
  }
  return flips;
}

/** JSON as JSON.stringify(value, null, 2) writes it, except that a value whose one-line form fits in `width`
 *  characters stays on one line (a case entry, a release's class), so the file stays short. */
function compactJson(value, indent = '', width = 130) {
  const oneLine = (v) =>
    Array.isArray(v)
      ? `[${v.map(oneLine).join(', ')}]`
      : v && typeof v === 'object'
        ? `{ ${Object.entries(v)
            .map(([k, x]) => `${JSON.stringify(k)}: ${oneLine(x)}`)
            .join(', ')} }`
        : JSON.stringify(v);
  const flat = oneLine(value);
  if (typeof value !== 'object' || value === null || flat.length + indent.length <= width) return flat;
  const inner = indent + '  ';
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) {
    // A long list of names: as many to a line as fit.
    const lines = [];
    for (const item of value.map((v) => JSON.stringify(v))) {
      if (lines.length && inner.length + lines[lines.length - 1].length + item.length + 2 <= width) lines[lines.length - 1] += `, ${item}`;
      else lines.push(item);
    }
    return `[\n${lines.map((l) => inner + l).join(',\n')}\n${indent}]`;
  }
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + compactJson(v, inner, width)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${compactJson(v, inner, width)}`).join(',\n')}\n${indent}}`;
}

/** `--diff V1 V2`: the cases whose outcomes differ, and for each a short diff of the release texts. Printed
 *  only (nothing of a release's text is written anywhere). */
async function showDiff(opts, ctx, bisector) {
  const [v1, v2] = opts.diff;
  const a = await bisector.evaluate(v1);
  const b = await bisector.evaluate(v2);
  const changed = caseChanges(a, b);
  console.log(`\n${changed.length} of ${a.cases.size} cases differ between ${v1} and ${v2}`);
  for (const { case: name, what } of changed) {
    const c = ctx.cases.find((x) => x.name === name);
    const run = async (version) => {
      const release = ctx.releases.get(version);
      const sandbox = setUpCase(c.dir, ctx.tmp, release.env);
      try {
        const out = await runOracle(ctx, release, sandbox);
        const rel = (t) =>
          homeRelative(String(t ?? ''), sandbox.home)
            .split(sandbox.tmp)
            .join('$SANDBOX');
        return { out, rel, root: sandbox.root };
      } finally {
        sandbox.dispose();
      }
    };
    const x = await run(v1);
    const y = await run(v2);
    console.log(`\n== ${name}: ${what}`);
    if (x.out.error || y.out.error) {
      for (const [v, r] of [
        [v1, x],
        [v2, y],
      ])
        console.log(`  ${v}: ${r.out.error ? r.rel(r.out.error.split('\n').slice(0, 6).join('\n  ')) : '(no error)'}`);
      continue;
    }
    for (const k of ['prompt', 'section']) {
      const p = x.rel(x.out[k]);
      const q = y.rel(y.out[k]);
      if (p === q) continue;
      const patch = createTwoFilesPatch(v1, v2, p, q, '', '', { context: 1 }).split('\n').slice(2, 42);
      console.log(`  ${k}:\n${patch.map((l) => `    ${l.replace(/\r/g, '\\r').replace(/\uFEFF/g, '\\uFEFF')}`).join('\n')}`);
    }
    const skills = (r) => new Map(r.out.skills.map((s) => [relative(r.root, s.filePath), s]));
    const sx = skills(x);
    const sy = skills(y);
    for (const p of new Set([...sx.keys(), ...sy.keys()])) {
      const s = sx.get(p);
      const t = sy.get(p);
      const pick = (k) => (k ? { name: k.name, eligible: k.eligible, missing: k.missing, runtimeEligible: k.runtimeEligible, inPrompt: k.inPrompt } : null);
      if (JSON.stringify(pick(s)) !== JSON.stringify(pick(t)))
        console.log(`  ${p}:\n    ${v1}: ${JSON.stringify(pick(s))}\n    ${v2}: ${JSON.stringify(pick(t))}`);
    }
  }
}

/**
 * `--all-releases`: every release the profile emulates against the emulation, case by case. The release's
 * outcome is its fingerprint (from the cache, else the release is run now: the same runs the search makes), the
 * emulation's is made the same way from its own outcome on the same sandbox; they agree when the fingerprints
 * do (prompt and section bytes, entries listed, and per skill its name, source, verdicts and missing lists), or
 * when both refuse the config. Prints one line per release and `N passed, N failed` (cases × releases).
 */
async function checkAllReleases(opts, ctx, bisector) {
  const emulation = await loadEmulation();
  const versions = [...emulation.OPENCLAW_VERSIONS];
  console.log(
    `all releases: ${versions.length} (${versions[0]} … ${versions.at(-1)}) × ${ctx.cases.length} cases (seed ${opts.seed}, ${opts.count} generated)`,
  );
  let passed = 0;
  let failed = 0;
  const notRun = [];
  for (const [i, version] of versions.entries()) {
    if (!opts.cachedOnly && i + 1 < versions.length) bisector.install(versions[i + 1], false);
    const result = await bisector.evaluate(version);
    if (!result) {
      notRun.push(version);
      continue;
    }
    const release = ctx.releases.get(version);
    let agree = 0;
    for (const c of ctx.cases) {
      const expected = result.cases.get(c.name)?.outcome;
      const sandbox = setUpCase(c.dir, ctx.tmp, release.env);
      let actual;
      try {
        const emu = emulation.emulate(sandbox, version);
        actual = normalise(emu.error ? { error: emu.error } : { ...emu, listed: (emu.prompt.match(/<skill>/g) ?? []).length }, sandbox, release);
      } catch (err) {
        actual = { error: { kind: 'error', hash: '', text: err instanceof Error ? err.message : String(err) } };
      } finally {
        sandbox.dispose();
      }
      const same =
        expected &&
        (expected.error || actual.error
          ? expected.error?.kind === 'refused' && actual.error?.kind === 'refused'
          : fingerprint(expected) === fingerprint(actual));
      if (same) {
        agree++;
        continue;
      }
      console.log(`✗ ${c.name} @ ${version}: ${expected ? partsThatDiffer(expected, actual).join(', ') : 'no release outcome'}`);
    }
    passed += agree;
    failed += ctx.cases.length - agree;
    console.log(`openclaw@${version}: ${agree}/${ctx.cases.length} cases agree (api ${result.api || '-'})`);
  }
  if (notRun.length) console.log(`not run: ${notRun.join(', ')}`);
  return { passed, failed: failed + notRun.length * ctx.cases.length };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.help) {
    console.log(usageOf(import.meta.url));
    return;
  }
  const t0 = performance.now();
  mkdirSync(BISECT_CACHE, { recursive: true });
  const nodeBin = await provisionNode();
  const tmp = mkdtempSync(join(tmpdir(), 'skill-author-bisect-'));
  const ctx = { opts, nodeBin, releases: new Map(), tmp, cases: [] };
  try {
    ctx.cases = collectCases(opts, tmp);
    // --all-releases checks our own cases too (cases/: what the golden set does not show); the search does not,
    // so the change points stay those of the golden cases and generated trees.
    if (opts.allReleases && opts.useGolden)
      for (const n of readdirSync(join(HERE, 'cases')).sort())
        if (existsSync(join(HERE, 'cases', n, 'case.json')) && (!opts.filter || n.includes(opts.filter))) {
          const dir = join(HERE, 'cases', n);
          ctx.cases.push({ name: n, dir, input: folderHash(dir) });
        }
    const bisector = createBisector(opts, ctx);
    if (opts.allReleases) {
      const { passed, failed } = await checkAllReleases(opts, ctx, bisector);
      console.log(`time ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      console.log(`${passed} passed, ${failed} failed`);
      process.exitCode = failed ? 1 : 0;
      return;
    }
    if (opts.diff) {
      await showDiff(opts, ctx, bisector);
      console.log(`time ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      return;
    }
    const releases = stableReleases(opts.from, opts.to);
    console.log(
      `bisect: ${releases.length} stable releases ${opts.from} … ${opts.to}, ${ctx.cases.length} cases (seed ${opts.seed}, ${opts.count} generated), ${opts.exhaustive ? 'every release' : 'binary search'}, ${opts.jobs} at a time`,
    );
    const evaluate = (i) => bisector.evaluate(releases[i]);
    const prefetch = (i) => (opts.cachedOnly ? undefined : bisector.install(releases[i], false));
    let pairs;
    let assumed = [];
    const extra = {};
    if (opts.exhaustive) {
      for (let i = 0; i < releases.length; i++) {
        for (const k of [i + 1, i + 2]) if (k < releases.length) prefetch(k);
        await evaluate(i);
      }
      // Every release that ran, in order; a change wherever one differs from the one before.
      const ran = releases.filter((v) => bisector.evaluated.has(v));
      const results = ran.map((v) => bisector.evaluated.get(v));
      pairs = ran.map((_, k) => [k - 1, k]).filter(([j, k]) => k > 0 && results[k].fp !== results[j].fp);
      // What binary search would have found on these results, and what it would have missed.
      const simulated = await binarySearch(ran.length, async (k) => results[k]);
      const found = new Set(simulated.changes.map(([, k]) => k));
      const missed = pairs.filter(([, k]) => !found.has(k)).map(([, k]) => ran[k]);
      extra.exhaustive = { flips: flipsOf(ran, results), missedByBinarySearch: missed };
      pairs = pairs.map(([j, k]) => [releases.indexOf(ran[j]), releases.indexOf(ran[k])]);
    } else {
      const r = await binarySearch(releases.length, evaluate, prefetch);
      pairs = r.changes;
      assumed = r.assumed;
    }
    const changes = pairs.map(([i, j]) => {
      const a = bisector.evaluated.get(releases[i]);
      const b = bisector.evaluated.get(releases[j]);
      // Releases between the two that could not be run: the change is in one of them or in `release`.
      const notRun = releases.slice(i + 1, j);
      return { release: releases[j], previous: releases[i], ...(notRun.length ? { notRunBetween: notRun } : {}), cases: caseChanges(a, b), summary: '' };
    });

    // Equivalence classes of the releases tried (same fingerprint on every case), in order of appearance.
    const tried = releases.filter((v) => bisector.evaluated.has(v));
    const classes = [];
    for (const v of tried) {
      const { fp } = bisector.evaluated.get(v);
      let c = classes.find((x) => x.fingerprint === fp);
      if (!c) classes.push((c = { id: `c${classes.length + 1}`, fingerprint: fp, releases: [] }));
      c.releases.push(v);
    }

    console.log(`\n${changes.length} change point${changes.length === 1 ? '' : 's'}:`);
    for (const ch of changes) {
      console.log(`  ${ch.previous} → ${ch.release}: ${ch.cases.length} cases`);
      for (const c of ch.cases) console.log(`    ${c.case}: ${c.what}`);
    }
    for (const [lo, hi] of assumed) console.log(`  taken as unchanged: ${releases[lo]} … ${releases[hi]} (${hi - lo - 1} releases not run)`);
    if (extra.exhaustive) {
      console.log(`flips (A→B→A): ${extra.exhaustive.flips.length}`);
      for (const f of extra.exhaustive.flips) console.log(`  ${f.case}: back at ${f.back} to what ${f.to} did (after ${f.after})`);
      console.log(`changes binary search would miss: ${extra.exhaustive.missedByBinarySearch.join(', ') || 'none'}`);
    }
    const seconds = Math.round((performance.now() - t0) / 1000);

    if (opts.write) {
      // Keep the summaries already written for the same change points.
      let earlier = [];
      try {
        earlier = JSON.parse(readFileSync(opts.write, 'utf8')).changes ?? [];
      } catch {
        /* no earlier file: no summaries to keep */
      }
      for (const ch of changes) ch.summary = earlier.find((e) => e.release === ch.release && e.previous === ch.previous)?.summary ?? '';
      const data = {
        about:
          'Where the OpenClaw skills behaviour changed between stable npm releases, as test/conformance/bisect.mjs found it: each change point is the first release that differs from the one before it on the listed cases (golden cases of ../shared/golden/openclaw and generated trees gen-<seed>-<i>); `what` names the parts of the outcome that differ. See docs/conformance.md.',
        mode: opts.exhaustive ? 'exhaustive' : 'binary search',
        from: opts.from,
        to: opts.to,
        seed: opts.seed,
        count: opts.count,
        cases: ctx.cases.length,
        seconds,
        releases,
        changes,
        tried: tried.map((v) => {
          const r = bisector.evaluated.get(v);
          return {
            release: v,
            class: classes.find((c) => c.fingerprint === r.fp).id,
            api: r.api,
            ...(r.pluginsDisabled ? { bundledPluginsDisabled: true } : {}),
          };
        }),
        classes,
        ...(assumed.length ? { takenAsUnchanged: assumed.map(([lo, hi]) => ({ from: releases[lo], to: releases[hi] })) } : {}),
        ...(bisector.unavailable.size
          ? { notRun: Object.fromEntries(releases.filter((v) => bisector.unavailable.has(v)).map((v) => [v, bisector.unavailable.get(v)])) }
          : {}),
        ...extra,
      };
      writeFileSync(opts.write, compactJson(data) + '\n');
      console.log(`written to ${opts.write}`);
    }
    console.log(`time ${seconds} s (${tried.length} of ${releases.length} releases run)`);
    const failed = bisector.failures();
    console.log(`${tried.length * ctx.cases.length - failed} passed, ${failed} failed`);
    process.exitCode = failed ? 1 : 0;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : String(err));
  console.log('0 passed, 1 failed');
  process.exit(1);
});
