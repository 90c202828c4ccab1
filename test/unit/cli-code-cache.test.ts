// The CLI's compiled code (src/cli/codeCache.ts), through the built command in real processes: the build's
// own (dist/code-cache) is used even with --no-cache and writes nothing, and a file it does not fit, or data V8
// refuses, falls back to the cache folder; the cache folder's is written on the first run, left alone when
// nothing new was compiled, grows for a check; a corrupt file, an unusable cache folder or another build never
// change what the command prints.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import Module from 'node:module';
import * as path from 'node:path';

const repo = path.resolve(__dirname, '../../..');
const examples = path.join(repo, 'examples', 'skills');
let tmp: string;

function cli(args: string[], xdg: string, bundle = path.join(repo, 'dist', 'cli.js')): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(process.execPath, [bundle, ...args], { cwd: repo, env: { ...process.env, XDG_CACHE_HOME: xdg, NO_COLOR: '1' }, encoding: 'utf8' });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}
const codeFiles = (xdg: string): string[] => {
  try {
    return readdirSync(path.join(xdg, 'skill-author')).filter((n) => n.startsWith('code-'));
  } catch {
    return [];
  }
};
/** The cache folder's file for the bundle itself (cli-main.js). */
const mainFile = (xdg: string): string => {
  const files = codeFiles(xdg).filter((n) => n.startsWith('code-cli-main-'));
  assert.equal(files.length, 1, codeFiles(xdg).join(', '));
  return path.join(xdg, 'skill-author', files[0] as string);
};
/** A cache folder's file of the bundle or one of its chunks (what the build's code covers). */
const bundleOrChunk = (n: string): boolean => /^code-cli-(main|chunk-[A-Z0-9]+)-[0-9a-f]{32}\.bin$/.test(n);
/** A copy of dist/ (with or without the build's code cache): the command run from there. */
function distCopy(shipped: boolean): string {
  const copy = path.join(tmp, shipped ? 'dist-shipped' : 'dist');
  cpSync(path.join(repo, 'dist'), copy, { recursive: true, filter: (src) => !src.endsWith('.map') && (shipped || !src.includes(`${path.sep}code-cache`)) });
  return path.join(copy, 'cli.js');
}
const shippedFolder = (cliJs: string): string => path.join(path.dirname(cliJs), 'code-cache', `${process.version}-${process.arch}`);

describe('the CLI’s compiled code: the build’s, and the cache folder’s', function () {
  this.timeout(60_000);
  // Node ≥ 22.1 keeps the code itself (module.enableCompileCache, in its own layout): only the fallback is ours.
  const builtIn = typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === 'function';
  beforeEach(function () {
    if (builtIn && !/unusable|without its bundle/.test(this.currentTest?.title ?? '')) this.skip();
    tmp = mkdtempSync(path.join(tmpdir(), 'skill-author-code-'));
  });
  afterEach(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('the build carries its own for this Node, which a run uses without writing anything, --no-cache or not', () => {
    const bundle = distCopy(true);
    const manifest = JSON.parse(readFileSync(path.join(shippedFolder(bundle), 'manifest.json'), 'utf8')) as { files: Record<string, string> };
    assert.ok(Object.keys(manifest.files).includes('cli-main.js'), Object.keys(manifest.files).join(', '));
    const xdg = path.join(tmp, 'xdg');
    const plain = cli(['check', '--json', '--no-probe', '--no-cache', examples], path.join(tmp, 'other'), distCopy(false));
    assert.equal(cli(['check', '--json', '--no-probe', '--no-cache', examples], xdg, bundle).stdout, plain.stdout);
    assert.equal(cli(['check', '--json', '--no-probe', examples], xdg, bundle).stdout, plain.stdout);
    // The bundle and its chunks came from the build: none of them was compiled, so none is kept. (A part, such as
    // the version regex engine, is compiled where a run first needs it, and kept.)
    assert.deepEqual(codeFiles(xdg).filter(bundleOrChunk), [], 'V8 took the build’s code for the bundle and its chunks');
    assert.ok(
      Object.keys(manifest.files).every((f) => /^cli-(main|chunk-[A-Z0-9]+)\.js$/.test(f)),
      Object.keys(manifest.files).join(', '),
    );
  });

  it('a file the build’s code does not fit, or build data V8 refuses, is compiled with the cache folder’s', () => {
    const bundle = distCopy(true);
    const plain = cli(['check', '--json', '--no-probe', '--no-cache', examples], path.join(tmp, 'other'), distCopy(false));
    // cli-main.js changed after the build (a comment at its end): its SHA-1 no longer matches the manifest.
    appendFileSync(path.join(path.dirname(bundle), 'cli-main.js'), '\n// patched\n');
    const xdg = path.join(tmp, 'xdg');
    assert.equal(cli(['check', '--json', '--no-probe', examples], xdg, bundle).stdout, plain.stdout);
    assert.deepEqual(
      codeFiles(xdg)
        .filter(bundleOrChunk)
        .map((n) => n.replace(/-[0-9a-f]{32}\.bin$/, '')),
      ['code-cli-main'],
      'only the patched file was compiled (and kept); the chunks came from the build',
    );
    // Data V8 refuses for a file it fits (another Node's, or damaged): the cache folder's, as for any file. The
    // chunk damaged is one this check loads (the build's code covers the chunks a check of all of examples/
    // loads; this one checks examples/skills): the chunks a run without the build's code compiled and kept.
    const loaded = path.join(tmp, 'loaded');
    cli(['check', '--json', '--no-probe', examples], loaded, distCopy(false));
    const chunk = Object.keys(JSON.parse(readFileSync(path.join(shippedFolder(bundle), 'manifest.json'), 'utf8')).files).find(
      (n) => n.startsWith('cli-chunk-') && codeFiles(loaded).some((f) => f.startsWith(`code-${n.replace(/\.js$/, '')}-`)),
    );
    assert.ok(chunk, codeFiles(loaded).join(', '));
    writeFileSync(path.join(shippedFolder(bundle), `${chunk}.bin`), Buffer.alloc(4096, 7));
    const xdg2 = path.join(tmp, 'xdg2');
    const r = cli(['check', '--json', '--no-probe', examples], xdg2, bundle);
    assert.equal(r.stderr, '');
    assert.equal(r.stdout, plain.stdout);
    assert.ok(
      codeFiles(xdg2).some((n) => n.startsWith(`code-${chunk.replace(/\.js$/, '')}-`)),
      codeFiles(xdg2).join(', '),
    );
  });

  it('without the build’s: the cache folder’s is written on the first run, left alone when nothing new was compiled, and grows for a check', () => {
    const bundle = distCopy(false);
    const xdg = path.join(tmp, 'xdg');
    const plain = cli(['check', '--json', '--no-probe', '--no-cache', examples], path.join(tmp, 'other'), bundle);
    assert.equal(cli(['--version'], xdg, bundle).status, 0);
    const file = mainFile(xdg);
    const first = statSync(file);
    assert.equal(cli(['--version'], xdg, bundle).status, 0);
    assert.equal(statSync(file).mtimeMs, first.mtimeMs, 'the same run compiled nothing the cache lacked: V8 took it as it was');
    const checked = cli(['check', '--json', '--no-probe', examples], xdg, bundle);
    assert.ok(statSync(file).size > first.size, 'the check compiled functions --version never ran');
    assert.ok(
      codeFiles(xdg).some((n) => n.startsWith('code-cli-chunk-')),
      'the chunks are kept too',
    );
    assert.equal(checked.stdout, plain.stdout);
    assert.equal(cli(['check', '--json', '--no-probe', examples], xdg, bundle).stdout, plain.stdout);
    const before = statSync(file).mtimeMs;
    const count = codeFiles(xdg).length;
    cli(['check', '--json', '--no-probe', '--no-cache', path.join(repo, 'examples')], xdg, bundle);
    assert.equal(statSync(file).mtimeMs, before, '--no-cache writes nothing, compiled code included');
    assert.equal(codeFiles(xdg).length, count);
  });

  it('a corrupt file is replaced, and the command prints what it always prints', () => {
    const bundle = distCopy(false);
    const xdg = path.join(tmp, 'xdg');
    cli(['--version'], xdg, bundle);
    const file = mainFile(xdg);
    writeFileSync(file, Buffer.alloc(4096, 7));
    const r = cli(['check', '--json', '--no-probe', examples], xdg, bundle);
    assert.equal(r.stderr, '');
    assert.equal(r.stdout, cli(['check', '--json', '--no-probe', '--no-cache', examples], path.join(tmp, 'fresh'), bundle).stdout);
    assert.ok(statSync(file).size > 4096, 'V8 refused the bytes; the run wrote its own');
  });

  it('an unusable cache folder changes nothing but the speed', () => {
    const blocker = path.join(tmp, 'not-a-folder');
    writeFileSync(blocker, '');
    const r = cli(['--version'], blocker);
    assert.equal(r.status, 0);
    assert.match(r.stdout, /^\d+\.\d+\.\d+/);
  });

  it('a launcher without its bundle says so in one line and exits 3', () => {
    const partial = path.join(tmp, 'partial');
    mkdirSync(partial);
    cpSync(path.join(repo, 'dist', 'cli.js'), path.join(partial, 'cli.js'));
    const r = cli(['--version'], path.join(tmp, 'xdg'), path.join(partial, 'cli.js'));
    assert.equal(r.status, 3);
    assert.match(r.stderr, /^skill-author: internal error: cannot load .*cli-main\.js .*reinstall skill-author\n$/);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
  });

  it('another build of the bundle never meets this one’s code', () => {
    const xdg = path.join(tmp, 'xdg');
    const bundle = distCopy(false);
    cli(['--version'], xdg, bundle);
    const copy = path.join(tmp, 'other-dist');
    cpSync(path.dirname(bundle), copy, { recursive: true });
    assert.equal(cli(['--version'], xdg, path.join(copy, 'cli.js')).status, 0);
    assert.equal(codeFiles(xdg).filter((n) => n.startsWith('code-cli-main-')).length, 2, 'one file per bundle identity');
  });
});
