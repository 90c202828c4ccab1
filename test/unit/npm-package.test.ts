// The npm package as a user installs it: `npm pack` (its `prepack` makes the production bundles) gives a
// tarball of the CLI, its workers and the language server, with no dependency to fetch: the bundles carry
// them. The tarball is installed into an empty prefix, away from this repository's node_modules, and run
// there: `--version`, `check` on examples/ and `lsp --stdio` through initialize and shutdown.
//
// The pack runs in a copy of the sources (what `npm pack` reads), so the development build under dist/ and
// out/ that the other tests run stays as it is.
import * as assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { LspClient } from '../utils/lsp-client';

const root = join(__dirname, '..', '..', '..');
const run = promisify(execFile);
const NPM_ENV = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

describe('npm package', function () {
  this.timeout(240_000);
  let tmp = '';
  let tarball = '';
  let bin = '';

  before(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'skill-author-pack-'));
    const stage = join(tmp, 'stage');
    mkdirSync(stage);
    // examples/: the build checks it to make its code cache (scripts/build.mjs).
    for (const f of ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'tsconfig.json', 'src', 'schemas', 'scripts', 'examples'])
      cpSync(join(root, f), join(stage, f), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(stage, 'node_modules'));
    const packed = await run('npm', ['pack', '--json', '--pack-destination', tmp], { cwd: stage, env: NPM_ENV, maxBuffer: 16 * 1024 * 1024 });
    const [info] = JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    assert.ok(info);
    tarball = join(tmp, info.filename);
    const prefix = join(tmp, 'prefix');
    await run('npm', ['install', '--global', '--offline', '--prefix', prefix, tarball], { cwd: tmp, env: NPM_ENV });
    bin = join(prefix, 'bin', 'skill-author');
  });

  after(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('is one tarball of at most 2 MB holding the CLI, its workers, the language server, the schema and the docs', async () => {
    assert.ok(statSync(tarball).size <= 2 * 1024 * 1024, `${statSync(tarball).size} bytes`);
    const { stdout } = await run('tar', ['-tzf', tarball]);
    // The CLI's bundle comes with its parts and chunks (scripts/build.mjs): named by their contents.
    const listed = stdout.trim().split('\n').sort();
    const chunks = listed.filter((f) => /^package\/dist\/cli-chunk-[A-Z0-9]+\.js$/.test(f));
    assert.ok(chunks.length > 0, 'the chunks the CLI shares with its parts');
    // The build's code cache for the Node that packed it (src/cli/codeCache.ts): the bundle's and its chunks'.
    const cacheDir = `package/dist/code-cache/${process.version}-${process.arch}/`;
    const cached = listed.filter((f) => f.startsWith('package/dist/code-cache/'));
    assert.ok(cached.includes(`${cacheDir}manifest.json`) && cached.includes(`${cacheDir}cli-main.js.bin`), cached.join(', '));
    assert.ok(
      cached.every((f) => f.startsWith(cacheDir)),
      cached.join(', '),
    );
    assert.deepEqual(
      listed.filter((f) => !chunks.includes(f) && !cached.includes(f)),
      [
        'package/CHANGELOG.md',
        'package/LICENSE',
        'package/README.md',
        'package/dist/analyze-worker.js',
        'package/dist/cli-claude-code.js',
        'package/dist/cli-codex.js',
        'package/dist/cli-copilot-cli.js',
        'package/dist/cli-diff.js',
        'package/dist/cli-fix.js',
        'package/dist/cli-gemini-cli.js',
        'package/dist/cli-hermes.js',
        'package/dist/cli-jsonc.js',
        'package/dist/cli-main.js',
        'package/dist/cli-nexo-extensions.js',
        'package/dist/cli-openclaw.js',
        'package/dist/cli-opencode.js',
        'package/dist/cli-qwen-code.js',
        'package/dist/cli-regex.js',
        'package/dist/cli-semver.js',
        'package/dist/cli-toml.js',
        'package/dist/cli-vscode.js',
        'package/dist/cli.js',
        'package/dist/lsp.js',
        'package/dist/questions.js',
        'package/dist/runtime-worker.js',
        'package/package.json',
        'package/schemas/skill-frontmatter.schema.json',
      ],
    );
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(pkg['private'], undefined, 'the package can be published');
    assert.equal(pkg['dependencies'], undefined, 'nothing to fetch at install: the bundles carry every dependency');
  });

  it('installed alone, prints its version and checks examples/', async () => {
    const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
    assert.equal((await run(bin, ['--version'], { cwd: tmp })).stdout.trim(), version);
    // The same verdicts as the development build, run from the same folder.
    const check = async (cmd: string, args: string[]): Promise<string> =>
      (await run(cmd, [...args, 'check', '--json', '--no-probe', join(root, 'examples')], { cwd: tmp }).catch((e: { stdout: string; code: number }) => e))
        .stdout;
    const installed = await check(bin, []);
    const report = JSON.parse(installed) as { skills: Array<{ id: string; runtimes: unknown[] }> };
    assert.ok(report.skills.length >= 15, `${report.skills.length} skills`);
    assert.equal(installed, await check(process.execPath, [join(root, 'dist', 'cli.js')]));
  });

  it('installed alone, starts with the code its build compiled: no file the build compiled is compiled again', async () => {
    const xdg = join(tmp, 'xdg');
    await run(bin, ['check', '--json', '--no-probe', join(root, 'examples')], { cwd: tmp, env: { ...process.env, XDG_CACHE_HOME: xdg } }).catch(
      () => undefined,
    );
    // A file this run compiles itself is kept in the cache folder as code-<file>-<id>.bin (src/cli/codeCache.ts).
    const kept = existsSync(join(xdg, 'skill-author')) ? readdirSync(join(xdg, 'skill-author')).filter((n) => n.startsWith('code-')) : [];
    const manifest = join(bin, '..', '..', 'lib', 'node_modules', 'skill-author', 'dist', 'code-cache', `${process.version}-${process.arch}`, 'manifest.json');
    const built = Object.keys((JSON.parse(readFileSync(manifest, 'utf8')) as { files: Record<string, string> }).files);
    assert.ok(built.includes('cli-main.js'), built.join(', '));
    assert.deepEqual(
      kept.filter((n) => built.includes(`${n.replace(/^code-/, '').replace(/-[0-9a-f]{32}\.bin$/, '')}.js`)),
      [],
    );
  });

  it('installed alone, serves the language server over stdio through initialize and shutdown', async () => {
    const client = new LspClient(spawn(bin, ['lsp', '--stdio'], { cwd: tmp, stdio: ['pipe', 'pipe', 'pipe'] }));
    try {
      const init = await client.initialize(join(root, 'examples'));
      assert.equal(init.serverInfo?.name, 'skill-author');
      assert.equal(await client.stop(), 0);
    } finally {
      client.kill();
    }
  });
});
