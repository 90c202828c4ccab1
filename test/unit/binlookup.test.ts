import { strict as assert } from 'node:assert';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BinResolver, currentPathEnvironment, findBinary, splitPath, type PathEnvironment } from '../../src/core/machine/binlookup';
import { envMissing, isEnvNameValid, isRustBlank } from '../../src/core/machine/env';

const posix = process.platform !== 'win32';

describe('binary lookup (runtime rules, not `which`)', function () {
  if (!posix) return; // the fixtures below are POSIX shell scripts
  let root: string;
  let dirA: string;
  let dirB: string;
  const env = (...dirs: string[]): PathEnvironment => ({ path: dirs.join(':'), platform: 'linux', cwd: root });
  const script = (dir: string, name: string, mode = 0o755): string => {
    const p = join(dir, name);
    writeFileSync(p, '#!/bin/sh\necho 1.0.0\n');
    chmodSync(p, mode);
    return p;
  };

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'skill-author-bin-'));
    dirA = join(root, 'a');
    dirB = join(root, 'b');
    mkdirSync(dirA);
    mkdirSync(dirB);
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('tries PATH directories in order; the first regular file wins', async () => {
    script(dirA, 'tool');
    script(dirB, 'tool');
    const r = await findBinary('tool', env(dirA, dirB));
    assert.equal(r.found, true);
    assert.equal(r.path, join(dirA, 'tool'));
    assert.equal(r.executable, true);
    assert.deepEqual(r.searched, [join(dirA, 'tool')]);
    const r2 = await findBinary('tool', env(dirB, dirA));
    assert.equal(r2.path, join(dirB, 'tool'));
  });

  it('skips a directory of that name and keeps searching', async () => {
    mkdirSync(join(dirA, 'dirtool'));
    script(dirB, 'dirtool');
    const r = await findBinary('dirtool', env(dirA, dirB));
    assert.equal(r.path, join(dirB, 'dirtool'));
    assert.deepEqual(r.searched, [join(dirA, 'dirtool'), join(dirB, 'dirtool')]);
  });

  it('finds a file without the execute bit (the runtime does not require it) and reports it', async () => {
    script(dirA, 'noexec', 0o644);
    const r = await findBinary('noexec', env(dirA));
    assert.equal(r.found, true);
    assert.equal(r.executable, false);
  });

  it('an entry containing `/` is checked as a path, relative to the working directory', async () => {
    const abs = await findBinary(join(dirA, 'tool'), env());
    assert.equal(abs.found, true);
    const rel = await findBinary('a/tool', env(dirB)); // not looked up on PATH
    assert.equal(rel.path, join(root, 'a', 'tool'));
    assert.deepEqual(rel.searched, [join(root, 'a', 'tool')]);
    assert.equal((await findBinary('./a', env())).found, false); // a directory is not a file
    assert.equal((await findBinary('b/tool-missing', env(dirA))).found, false);
    // Not normalized before stat(2): a trailing `/` on a file is ENOTDIR, as for the runtime.
    assert.equal((await findBinary('a/tool/', env())).found, false);
    assert.equal((await findBinary('b/../a/tool', env())).path, `${root}/b/../a/tool`);
  });

  it('follows symlinks to files; a symlink loop is simply not found', async () => {
    symlinkSync(join(dirA, 'tool'), join(dirB, 'linked'));
    assert.equal((await findBinary('linked', env(dirB))).found, true);
    symlinkSync(join(dirB, 'loop2'), join(dirB, 'loop1'));
    symlinkSync(join(dirB, 'loop1'), join(dirB, 'loop2'));
    const selfLoopDir = join(root, 'selfloop');
    symlinkSync(selfLoopDir, selfLoopDir); // a PATH entry that is itself a loop
    const r = await findBinary('loop1', env(selfLoopDir, dirB));
    assert.equal(r.found, false);
    const r2 = await findBinary('tool', env(selfLoopDir, join(selfLoopDir, 'x'), dirA));
    assert.equal(r2.path, join(dirA, 'tool'));
  });

  it('a blank entry counts as present', async () => {
    for (const name of ['', '   ', '\t\n']) {
      const r = await findBinary(name, env(dirA));
      assert.equal(r.found, true, JSON.stringify(name));
      assert.equal(r.path, null);
    }
  });

  it('an empty PATH element means the working directory; an empty PATH searches nothing', async () => {
    script(root, 'incwd');
    assert.equal((await findBinary('incwd', env(dirA, ''))).path, join(root, 'incwd'));
    assert.equal((await findBinary('incwd', env())).found, false);
    assert.deepEqual(splitPath({ path: '', platform: 'linux', cwd: root }), []);
  });

  it('never throws on weird names, and never runs them', async () => {
    const marker = join(root, 'pwned');
    const weird = ['a\0b', 'x'.repeat(10_240), `$(touch ${marker})`, '`touch pwned`', ';touch pwned;', '..', '.', '\u202e', 'a\nb'];
    for (const name of weird) {
      const r = await findBinary(name, env(dirA, dirB));
      assert.equal(r.found, false, JSON.stringify(name.slice(0, 20)));
    }
    assert.equal(await findBinary('/dev/null/\0', env()).then((r) => r.found), false);
    assert.equal(existsSync(marker), false);
    assert.equal(existsSync(join(root, 'pwned')), false);
  });

  it('Windows rules: the name, then each PATHEXT extension, and `.exe`', async () => {
    const r = await findBinary('tool', { path: 'C:\\bin;C:\\other', pathExt: '.COM;.BAT', platform: 'win32', cwd: 'C:\\work' });
    assert.equal(r.found, false);
    assert.deepEqual(r.searched, [
      'C:\\bin\\tool',
      'C:\\bin\\tool.COM',
      'C:\\bin\\tool.BAT',
      'C:\\bin\\tool.exe',
      'C:\\other\\tool',
      'C:\\other\\tool.COM',
      'C:\\other\\tool.BAT',
      'C:\\other\\tool.exe',
    ]);
    const p = await findBinary('sub\\tool', { path: 'C:\\bin', platform: 'win32', cwd: 'C:\\work' });
    assert.deepEqual(p.searched, ['C:\\work\\sub\\tool']);
  });

  it('BinResolver caches per (name, PATH), shares concurrent lookups, and forgets on clear()', async () => {
    const resolver = new BinResolver();
    const e = env(dirA);
    const first = await resolver.find('late', e);
    assert.equal(first.found, false);
    script(dirA, 'late');
    assert.equal((await resolver.find('late', e)).found, false, 'cached');
    assert.equal((await resolver.find('late', env(dirB, dirA))).found, true, 'another PATH is another key');
    assert.equal(resolver.find('x', e), resolver.find('x', e), 'one search for concurrent lookups');
    resolver.clear();
    assert.equal((await resolver.find('late', e)).found, true);
  });

  it('currentPathEnvironment appends extra directories after PATH', () => {
    const e = currentPathEnvironment(['/extra/one', '/extra/two'], { PATH: '/usr/bin:/bin' });
    assert.equal(e.path, '/usr/bin:/bin:/extra/one:/extra/two');
    assert.equal(e.cwd, process.cwd());
    assert.equal(currentPathEnvironment(['/x'], {}).path, '/x');
  });
});

describe('env requirements', () => {
  const env = { SET: 'value', BLANK: '  \t', EMPTY: '', NBSP: '\u00a0', NEL: '\u0085', BOM: '\ufeff', 'WEIRD-NAME': 'v' };
  it('nexo-rs: unset, or blank after Rust trimming, is missing', () => {
    assert.equal(envMissing('SET', env), false);
    assert.equal(envMissing('UNSET', env), true);
    assert.equal(envMissing('BLANK', env), true);
    assert.equal(envMissing('EMPTY', env), true);
    assert.equal(envMissing('NBSP', env), true);
    assert.equal(envMissing('NEL', env), true); // U+0085 is White_Space for Rust, not for JS trim()
    assert.equal(envMissing('BOM', env), false); // U+FEFF is trimmed by JS trim(), not by Rust
    assert.equal(envMissing('WEIRD-NAME', env), false); // the runtime looks any name up
  });
  it('nexo-rs: a blank name or one with NUL is missing; one with `=` is looked up by glibc prefix matching (RULES §6, b30)', () => {
    assert.equal(envMissing('', { '': 'x' }, 'linux'), true);
    assert.equal(envMissing('A\0B', { 'A\0B': 'x' }, 'linux'), true);
    // getenv("B30=X") finds the entry `B30=X=Y` and reads `Y`.
    assert.equal(envMissing('B30=X', { B30: 'X=Y' }, 'linux'), false);
    assert.equal(envMissing('B30=X', { B30: 'X=' }, 'linux'), true);
    assert.equal(envMissing('B30=X', { B30: 'Z' }, 'linux'), true);
  });
  it('names are case-insensitive on Windows only', () => {
    assert.equal(envMissing('path', { PATH: '/bin' }, 'win32'), false);
    assert.equal(envMissing('path', { PATH: '/bin' }, 'linux'), true);
  });
  it('name validity and Rust blankness', () => {
    assert.equal(isEnvNameValid('_A1'), true);
    assert.equal(isEnvNameValid('1A'), false);
    assert.equal(isEnvNameValid('A-B'), false);
    assert.equal(isEnvNameValid(''), false);
    assert.equal(isRustBlank(' \u3000\u2028'), true);
    assert.equal(isRustBlank('\ufeff'), false);
  });
});
