// Before/after of two builds in one sitting: alternating cold (--no-cache) and warm runs of
// `check --json --no-probe`, medians, CPU time (user + system, all threads) and peak RSS from /usr/bin/time.
// On a shared machine the CPU time is the steadier figure: wall time follows the other work's load.
//   node bench/compare-builds.mjs ROUNDS CORPUS [--check-option …] label=DIST_DIR label=DIST_DIR …
// Arguments starting with `--` are passed to `check` (e.g. `--runtime openclaw` as `--runtime=openclaw`).
// Each label gets its own XDG_CACHE_HOME (/tmp/xdg-cmp-<label>), filled by one unmeasured run. A warm run
// is the whole check from the cache: each run's environment differs (SKILL_AUTHOR_BENCH_RUN), so no run kept
// by an earlier one (src/cli/runMemo.ts) is printed instead.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
const [rounds, corpus, ...rest] = process.argv.slice(2);
const extra = rest.filter((a) => a.startsWith('--'));
const versions = rest
  .filter((a) => !a.startsWith('--'))
  .map((v) => {
    const [label, dir] = v.split('=');
    return { label, dir };
  });
const med = (a) => {
  const s = [...a].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
let runs = 0;
function run(v, cold) {
  const xdg = `/tmp/xdg-cmp-${v.label}`;
  mkdirSync(xdg, { recursive: true });
  const args = ['-f', '%e %U %S %M', process.execPath, `${v.dir}/cli.js`, 'check', '--json', '--no-probe', ...extra, ...(cold ? ['--no-cache'] : []), corpus];
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', args, {
    env: { ...process.env, XDG_CACHE_HOME: xdg, NO_COLOR: '1', SKILL_AUTHOR_BENCH_RUN: String(++runs) },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  const wall = performance.now() - t0;
  const m = /(\S+) (\S+) (\S+) (\d+)\s*$/.exec(r.stderr.trim());
  return { wall, cpu: (Number(m[2]) + Number(m[3])) * 1000, rss: Number(m[4]) / 1024 };
}
const res = Object.fromEntries(versions.map((v) => [v.label, { cold: [], warm: [], coldCpu: [], warmCpu: [], coldRss: [], warmRss: [] }]));
for (const v of versions) run(v, false); // fill caches
for (let i = 0; i < Number(rounds); i++)
  for (const v of versions) {
    const c = run(v, true);
    res[v.label].cold.push(c.wall);
    res[v.label].coldCpu.push(c.cpu);
    res[v.label].coldRss.push(c.rss);
    const w = run(v, false);
    res[v.label].warm.push(w.wall);
    res[v.label].warmCpu.push(w.cpu);
    res[v.label].warmRss.push(w.rss);
  }
for (const v of versions) {
  const r = res[v.label];
  console.log(
    `${v.label}: cold ${med(r.cold).toFixed(0)} ms [${r.cold.map((x) => x.toFixed(0)).join(' ')}]  warm ${med(r.warm).toFixed(0)} ms [${r.warm.map((x) => x.toFixed(0)).join(' ')}]  CPU cold ${med(r.coldCpu).toFixed(0)} ms warm ${med(r.warmCpu).toFixed(0)} ms  RSS cold ${med(r.coldRss).toFixed(0)} MB warm ${med(r.warmRss).toFixed(0)} MB`,
  );
}
