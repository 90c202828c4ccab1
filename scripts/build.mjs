// Bundles the CLI and the extension with esbuild, and transpiles the tests (one file each, no bundling)
// into out/ so mocha can run them without a TypeScript loader.
import * as esbuild from 'esbuild';
import { readdirSync, lstatSync, rmSync, existsSync, chmodSync, cpSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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

// Node's own modules, each imported once per bundle: esbuild turns every `import * as fs from 'node:fs'` into a
// copy of the module's ~100 properties, one per importing file (~150 in the CLI's bundle: milliseconds of every
// start). Here each is one shared module that re-exports it; the properties stay live (a module patched at run
// time, as the question log patches node:fs, is seen patched). `require()` calls are left as they are.
const sharedBuiltins = {
  name: 'shared-builtins',
  setup(build) {
    build.onResolve({ filter: /^(node:)?[a-z_/]+$/ }, (args) => {
      const name = args.path.replace(/^node:/, '');
      if (!builtinModules.includes(name)) return undefined;
      if (args.namespace === 'builtin') return { path: `node:${name}`, external: true };
      return args.kind === 'import-statement' ? { path: name, namespace: 'builtin' } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => ({
      contents: `export * from 'node:${args.path}';\nexport { default } from 'node:${args.path}';\n`,
      loader: 'js',
    }));
  },
};

// The CLI's bundle comes in parts: what every run needs (dist/cli-main.js and the chunks it loads), and
// what only some runs need, each a part of its own that the code loads with `require()` where it first
// needs it (a runtime's emulation, the version regex engine, the parsers of settings files and
// plugin.toml, jsdiff). A check of a few skills then compiles and runs a fraction of the CLI (Node compiles
// every byte of a file it loads). The map below names those parts: a `require()` of one of these sources
// (a module, or a package) becomes a `require()` of its part beside the bundle; a static `import` of one
// keeps it in the bundle. The other bundles (workers, language server, extension) are not split: there,
// the same `require()` runs the module bundled with them, evaluated only then.
const CLI_PARTS = {
  'cli-fix': 'src/cli/fix.ts',
  'cli-regex': 'src/core/rust/regex.ts',
  'cli-semver': 'src/core/rust/semver.ts',
  'cli-nexo-extensions': 'src/core/runtimes/nexo/extensions/boot.ts',
  'cli-hermes': 'src/core/runtimes/hermes/tree.ts',
  'cli-openclaw': 'src/core/runtimes/openclaw/tree.ts',
  'cli-claude-code': 'src/core/runtimes/claude-code/listing.ts',
  'cli-codex': 'src/core/runtimes/codex/listing.ts',
  'cli-copilot-cli': 'src/core/runtimes/copilot-cli/listing.ts',
  'cli-gemini-cli': 'src/core/runtimes/gemini-cli/listing.ts',
  'cli-opencode': 'src/core/runtimes/opencode/listing.ts',
  'cli-qwen-code': 'src/core/runtimes/qwen-code/listing.ts',
  'cli-vscode': 'src/core/runtimes/vscode/listing.ts',
  'cli-toml': 'toml-eslint-parser',
  'cli-jsonc': 'jsonc-parser',
  'cli-diff': 'diff',
};

// A `require()` of a part's source, in the CLI's bundle: the part's file beside it.
const cliParts = {
  name: 'cli-parts',
  setup(build) {
    const byPath = new Map(Object.entries(CLI_PARTS).map(([part, source]) => [source.includes('/') ? resolve(root, source) : source, part]));
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== 'require-call') return undefined;
      const spec = args.path;
      const candidates = spec.startsWith('.') ? ['', '.ts', '/index.ts'].map((ext) => resolve(args.resolveDir, spec) + ext) : [spec];
      const part = candidates.map((c) => byPath.get(c)).find(Boolean);
      return part ? { path: `./${part}.js`, external: true } : undefined;
    });
    // A package's part: the package's exports, as `require()` of the package returns them.
    build.onResolve({ filter: /^cli-part:/ }, (args) => ({ path: args.path.slice('cli-part:'.length), namespace: 'cli-part' }));
    build.onLoad({ filter: /.*/, namespace: 'cli-part' }, (args) => ({ contents: `export * from '${args.path}';\n`, loader: 'js', resolveDir: root }));
  },
};

/** The CLI's bundle and its parts: built as ES modules with shared chunks, so that a module both the bundle and
 *  a part use runs once (one copy, one state), then each file turned into CommonJS, as the launcher and
 *  `require()` load it. */
async function buildCli() {
  for (const f of existsSync(join(root, 'dist')) ? readdirSync(join(root, 'dist')) : [])
    if (/^cli-.*\.js(\.map)?$/.test(f)) rmSync(join(root, 'dist', f), { force: true });
  const staging = mkdtempSync(join(tmpdir(), 'skill-author-cli-'));
  try {
    const entryPoints = { 'cli-main': 'src/cli/main.ts' };
    for (const [part, source] of Object.entries(CLI_PARTS)) entryPoints[part] = source.includes('/') ? source : `cli-part:${source}`;
    const esm = await esbuild.build({
      ...common,
      entryPoints,
      bundle: true,
      format: 'esm',
      splitting: true,
      outdir: staging,
      chunkNames: 'cli-chunk-[hash]',
      metafile: true,
      plugins: [cliParts, sharedBuiltins],
      ...(production ? { minify: true, sourcemap: false } : {}),
    });
    const files = Object.keys(esm.metafile.outputs)
      .filter((f) => f.endsWith('.js'))
      .map((f) => resolve(root, f));
    await esbuild.build({
      ...common,
      entryPoints: files,
      outdir: join(root, 'dist'),
      outbase: staging,
      format: 'cjs',
      bundle: false,
      ...(production ? { minify: true, sourcemap: false } : {}),
    });
    // Every part must have left what the bundle loads at start (it and the chunks it imports): a part a static
    // import still holds there would be compiled by every run.
    const outputs = esm.metafile.outputs;
    const loaded = new Set(Object.keys(outputs).filter((f) => outputs[f].entryPoint === 'src/cli/main.ts'));
    for (const f of loaded) for (const i of outputs[f].imports) if (!i.external && outputs[i.path]) loaded.add(i.path);
    const mainInputs = [...loaded].flatMap((f) => Object.keys(outputs[f].inputs));
    for (const source of Object.values(CLI_PARTS).filter((x) => x.includes('/')))
      if (mainInputs.includes(source)) throw new Error(`${source} is imported statically somewhere: it stays in the CLI's bundle`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

rmSync(join(root, 'out'), { recursive: true, force: true });
// A production build must not leave an older bundle's source map next to the new bundle.
if (production)
  for (const f of [
    'dist/cli.js.map',
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
  buildCli(),
  ...bundles.map((b) =>
    esbuild.build({ ...common, bundle: true, format: 'cjs', plugins: [sharedBuiltins], ...(production ? { minify: true, sourcemap: false } : {}), ...b }),
  ),
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
writeCodeCache();
// Unbundled modules under out/ import the schema by relative path, as src/ does.
cpSync(join(root, 'schemas'), join(root, 'out/schemas'), { recursive: true });
if (watch) console.log('watch mode is not implemented; run npm run build again');

// The build's code cache (src/cli/codeCache.ts): the CLI checks examples/ with a cache folder of its own, and
// the compiled code it kept there for the bundle and its chunks becomes
// dist/code-cache/<node version>-<arch>/, with a manifest of each file's SHA-1. An installation carries it, so
// a cold start on the same Node compiles none of them; on another Node, V8 refuses it and the CLI compiles as usual.
function writeCodeCache() {
  const shipped = join(root, 'dist', 'code-cache');
  rmSync(shipped, { recursive: true, force: true });
  const examples = join(root, 'examples');
  if (!existsSync(examples)) return;
  const scratch = mkdtempSync(join(tmpdir(), 'skill-author-code-cache-'));
  try {
    const env = { ...process.env, XDG_CACHE_HOME: scratch, CI: 'true', NO_COLOR: '1' };
    for (const args of [
      ['check', '--json', '--no-probe', examples],
      ['check', '--no-probe', examples],
    ]) {
      const r = spawnSync(process.execPath, [join(root, 'dist', 'cli.js'), ...args], { env, encoding: 'utf8', cwd: root });
      if (r.status !== 0 && r.status !== 1) {
        console.error(`build: no code cache (the CLI exited ${r.status}: ${(r.stderr || r.error?.message || '').split('\n')[0]})`);
        return;
      }
    }
    const out = join(shipped, `${process.version}-${process.arch}`);
    mkdirSync(out, { recursive: true });
    const files = {};
    for (const name of readdirSync(join(scratch, 'skill-author'))) {
      // The bundle and its chunks, which every check loads; a part (a runtime's listing, the regex engine…) is
      // compiled where a run first needs it, as without a cache, and keeps the package small.
      const m = /^code-(cli-main|cli-chunk-[A-Z0-9]+)-[0-9a-f]{32}\.bin$/.exec(name);
      if (!m) continue;
      const js = `${m[1]}.js`;
      cpSync(join(scratch, 'skill-author', name), join(out, `${js}.bin`));
      files[js] = createHash('sha1')
        .update(readFileSync(join(root, 'dist', js)))
        .digest('hex');
    }
    writeFileSync(join(out, 'manifest.json'), `${JSON.stringify({ node: process.version, files }, null, 2)}\n`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
