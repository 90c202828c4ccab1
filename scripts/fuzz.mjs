// `npm run fuzz`: the property tests (test/unit/properties.test.ts) with many more runs and a random seed.
//   npm run fuzz                          20,000 runs per property, random seed
//   FUZZ_SEED=123 FUZZ_RUNS=5000 npm run fuzz   reproduce a run (the seed is printed before and after)
// fast-check also prints the seed and the shrink path of a failure, and the smallest failing input.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const seed = process.env.FUZZ_SEED || String((Math.random() * 2 ** 31) | 0);
const runs = process.env.FUZZ_RUNS || '20000';
const reproduce = `FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz`;

const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

console.log(`fuzz: seed ${seed}, ${runs} runs per property (reproduce: ${reproduce})`);
const mocha = createRequire(import.meta.url).resolve('mocha/bin/mocha.js');
const r = spawnSync(process.execPath, [mocha, '--no-config', '--enable-source-maps', '--timeout', '0', 'out/test/unit/properties.test.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs },
});
console.log(`fuzz: seed ${seed} — ${r.status === 0 ? 'no failure' : `FAILED; reproduce with: ${reproduce}`}`);
process.exit(r.status ?? 1);
