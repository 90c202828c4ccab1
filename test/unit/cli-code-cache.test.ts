// The CLI's compiled code kept between runs (src/cli/codeCache.ts), through the built command in real processes:
// the first run writes it, a run that compiles nothing new leaves it alone, a check makes it grow, and a
// corrupt file, an unusable cache folder or another build never change what the command prints.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
const only = (xdg: string): string => {
  const files = codeFiles(xdg);
  assert.equal(files.length, 1, files.join(', '));
  return path.join(xdg, 'skill-author', files[0] as string);
};

describe('the CLI keeps its compiled code between runs', function () {
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

  it('writes it on the first run, leaves it alone when nothing new was compiled, and grows it for a check', () => {
    const xdg = path.join(tmp, 'xdg');
    const plain = cli(['check', '--json', '--no-probe', '--no-cache', examples], path.join(tmp, 'other'));
    assert.equal(cli(['--version'], xdg).status, 0);
    const file = only(xdg);
    const first = statSync(file);
    assert.equal(cli(['--version'], xdg).status, 0);
    assert.equal(statSync(file).mtimeMs, first.mtimeMs, 'the same run compiled nothing the cache lacked: V8 took it as it was');
    const checked = cli(['check', '--json', '--no-probe', examples], xdg);
    assert.ok(statSync(file).size > first.size, 'the check compiled functions --version never ran');
    assert.equal(checked.stdout, plain.stdout);
    assert.equal(cli(['check', '--json', '--no-probe', examples], xdg).stdout, plain.stdout);
    const before = statSync(file).mtimeMs;
    cli(['check', '--json', '--no-probe', '--no-cache', path.join(repo, 'examples')], xdg);
    assert.equal(statSync(file).mtimeMs, before, '--no-cache writes nothing, compiled code included');
  });

  it('a corrupt file is replaced, and the command prints what it always prints', () => {
    const xdg = path.join(tmp, 'xdg');
    cli(['--version'], xdg);
    const file = only(xdg);
    writeFileSync(file, Buffer.alloc(4096, 7));
    const r = cli(['check', '--json', '--no-probe', examples], xdg);
    assert.equal(r.stderr, '');
    assert.equal(r.stdout, cli(['check', '--json', '--no-probe', '--no-cache', examples], path.join(tmp, 'fresh')).stdout);
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
    cli(['--version'], xdg);
    const copy = path.join(tmp, 'dist');
    cpSync(path.join(repo, 'dist'), copy, { recursive: true });
    assert.equal(cli(['--version'], xdg, path.join(copy, 'cli.js')).status, 0);
    assert.equal(codeFiles(xdg).length, 2, 'one file per bundle identity');
  });
});
