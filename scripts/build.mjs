// Bundles the CLI and the extension with esbuild, and transpiles the tests (one file each, no bundling)
// into out/ so mocha can run them without a TypeScript loader.
import * as esbuild from 'esbuild';
import { readdirSync, lstatSync, rmSync, existsSync, chmodSync, cpSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const watch = process.argv.includes('--watch');
// --production (npm run package): minified bundles without source maps, for the VSIX.
const production = process.argv.includes('--production');

// test/golden holds recorded skill trees (dangling links, link loops, odd files): data, never code.
function walk(dir, out = []) {
  if (!existsSync(dir) || dir === join(root, 'test', 'golden')) return out;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (lstatSync(p).isDirectory()) walk(p, out);
    else if (p.endsWith('.ts')) out.push(p);
  }
  return out;
}

// `module` first: jsonc-parser's `main` is a UMD build whose inner requires esbuild cannot follow; its ES module
// build bundles cleanly (so does every other dependency's).
const common = { platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning', absWorkingDir: root, mainFields: ['module', 'main'] };

rmSync(join(root, 'out'), { recursive: true, force: true });
// A production build must not leave an older bundle's source map next to the new bundle.
if (production)
  for (const f of [
    'dist/cli.js.map',
    'dist/cli-main.js.map',
    'dist/analyze-worker.js.map',
    'dist/runtime-worker.js.map',
    'dist/questions.js.map',
    'dist/lsp.js.map',
    'dist/extension.js.map',
  ])
    rmSync(join(root, f), { force: true });

const bundles = [
  // The command: a small launcher that loads the CLI's bundle with V8's code cache (src/cli/codeCache.ts).
  { entryPoints: ['src/cli/launch.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  { entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli-main.js' },
  // The CLI's analysis worker (src/cli/workers.ts starts it): only the engine's analysis, so it starts fast.
  { entryPoints: ['src/cli/analyze-worker.ts'], outfile: 'dist/analyze-worker.js' },
  // Hermes's and OpenClaw's whole-root emulation on a worker thread (src/core/check/offThread.ts).
  { entryPoints: ['src/core/check/worker.ts'], outfile: 'dist/runtime-worker.js' },
  // The CLI's question log (src/core/machine/questions.ts), which the runtime worker loads only for a run the
  // CLI keeps: the language server shares that worker and never keeps a run.
  { entryPoints: ['src/core/machine/questions.ts'], outfile: 'dist/questions.js' },
  // The language server (`skill-author lsp --stdio`), loaded by the CLI only for that command.
  { entryPoints: ['src/server/main.ts'], outfile: 'dist/lsp.js' },
];
if (existsSync(join(root, 'src/extension/extension.ts'))) {
  bundles.push({ entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] });
  // The extension as the integration tests run it: the same features plus what the tests inspect
  // (test/integration/host); run.mjs points VS Code at it. Never part of the VSIX.
  if (!production) bundles.push({ entryPoints: ['test/integration/host/extension.ts'], outfile: 'out/host/extension.js', external: ['vscode'] });
}

await Promise.all([
  ...bundles.map((b) => esbuild.build({ ...common, bundle: true, format: 'cjs', ...(production ? { minify: true, sourcemap: false } : {}), ...b })),
  esbuild.build({
    ...common,
    entryPoints: [...walk(join(root, 'src')), ...walk(join(root, 'test'))],
    outdir: 'out',
    outbase: '.',
    format: 'cjs',
    bundle: false,
  }),
]);
chmodSync(join(root, 'dist/cli.js'), 0o755);
// Unbundled modules under out/ import the schema by relative path, as src/ does.
cpSync(join(root, 'schemas'), join(root, 'out/schemas'), { recursive: true });
if (watch) console.log('watch mode is not implemented; run npm run build again');
