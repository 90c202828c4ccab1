// What the catalog and the engine do with files the runtime cannot use.
import { strict as assert } from 'node:assert';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { blockingIo, findSkills, MAX_SKILL_BYTES, readSkillText } from '../../src/core/skill/catalog';
import { Engine } from '../../src/core/check/engine';
import { writeUnder } from '../utils/fs';

let tmp: string;
const put = (rel: string, data: string | Uint8Array): string => writeUnder(tmp, rel, data);

async function checkOne(rel: string) {
  const e = new Engine({ env: { PATH: '' }, probe: false });
  try {
    const { skills } = await e.checkPaths([path.join(tmp, rel)]);
    assert.equal(skills.length, 1);
    return skills[0]!;
  } finally {
    e.dispose();
  }
}

before(() => (tmp = mkdtempSync(path.join(tmpdir(), 'skill-author-files-'))));
after(() => rmSync(tmp, { recursive: true, force: true }));

describe('files the runtime cannot use', () => {
  it('file-encoding: invalid UTF-8 is not loadable', async () => {
    put('enc/SKILL.md', Buffer.concat([Buffer.from('---\nname: enc\ndescription: d\n---\nbody '), Buffer.from([0xff, 0xfe, 0x80])]));
    const s = await checkOne('enc');
    assert.equal(s.status.verdict, 'not_loadable');
    assert.deepEqual(
      s.analysis?.diagnostics.map((d) => d.code),
      ['file-encoding'],
    );
  });

  it('file-too-large', async () => {
    put('big/SKILL.md', `---\nname: big\ndescription: d\n---\n${'x'.repeat(MAX_SKILL_BYTES)}`);
    const s = await checkOne('big');
    assert.equal(s.status.verdict, 'not_loadable');
    assert.equal(s.analysis?.diagnostics[0]?.code, 'file-too-large');
  });

  it('file-unreadable (permission denied), when not running as a user who can read anything', async function () {
    const f = put('locked/SKILL.md', '---\nname: locked\ndescription: d\n---\nbody\n');
    chmodSync(f, 0o000);
    try {
      const s = await checkOne('locked/SKILL.md');
      if (process.getuid?.() === 0) {
        // root reads it anyway: the skill is simply loaded.
        assert.equal(s.status.verdict, 'loaded');
      } else {
        assert.equal(s.analysis?.diagnostics[0]?.code, 'file-unreadable');
        assert.equal(s.status.verdict, 'not_loadable');
      }
    } finally {
      chmodSync(f, 0o644);
    }
  });

  it('file-unreadable for a path that is not a regular file or does not exist (any user)', async () => {
    mkdirSync(path.join(tmp, 'isdir/SKILL.md'), { recursive: true });
    assert.equal((await readSkillText(path.join(tmp, 'isdir/SKILL.md'))).problem?.code, 'file-unreadable');
    const gone = await readSkillText(path.join(tmp, 'no/such/SKILL.md'));
    assert.equal(gone.problem?.code, 'file-unreadable');
    assert.match(gone.problem?.message ?? '', /does not exist/);
  });

  it('a SKILL.md that is a folder or a dangling link is listed as a skill the runtime cannot load; a symlink loop is walked once', async () => {
    mkdirSync(path.join(tmp, 'tree/dirskill/SKILL.md/inner'), { recursive: true });
    put('tree/dirskill/SKILL.md/inner/SKILL.md', '---\nname: inner\ndescription: d\n---\nbody\n');
    mkdirSync(path.join(tmp, 'tree/dangling'), { recursive: true });
    symlinkSync(path.join(tmp, 'nowhere'), path.join(tmp, 'tree/dangling/SKILL.md'));
    symlinkSync(path.join(tmp, 'tree'), path.join(tmp, 'tree/loop'));
    put('tree/ok/SKILL.md', '---\nname: ok\ndescription: d\n---\nbody\n');
    const c = await findSkills(path.join(tmp, 'tree'));
    // Listed, not silently dropped; and a SKILL.md folder is not descended into (no `inner`).
    assert.deepEqual(
      c.skills.map((s) => s.id),
      ['dangling', 'dirskill', 'ok'],
    );
    assert.deepEqual(c.problems, []);
    const dangling = await checkOne('tree/dangling');
    assert.equal(dangling.status.verdict, 'not_loadable');
    assert.match(dangling.analysis?.diagnostics[0]?.message ?? '', /^SKILL\.md is a dangling symbolic link \(its target ".*nowhere" does not exist\)/);
    assert.match(dangling.status.summary, /dangling symbolic link/);
    const dir = await checkOne('tree/dirskill');
    assert.equal(dir.analysis?.diagnostics[0]?.code, 'file-unreadable');
    assert.match(dir.analysis?.diagnostics[0]?.message ?? '', /^SKILL\.md is a folder, not a file/);
  });

  it('a skill nested in a skill folder is listed with the folder it sits in; supporting-file folders are not searched', async () => {
    put('nest/ops/incident/SKILL.md', '---\nname: incident\ndescription: d\n---\nbody\n');
    put('nest/ops/incident/postmortem/SKILL.md', '---\nname: postmortem\ndescription: d\n---\nbody\n');
    put('nest/ops/incident/references/inner/SKILL.md', '---\nname: inner\ndescription: d\n---\nbody\n');
    put('nest/ops/incident/extras/references/deep/SKILL.md', '---\nname: deep\ndescription: d\n---\nbody\n');
    const c = await findSkills(path.join(tmp, 'nest'));
    assert.deepEqual(
      c.skills.map((s) => [s.id, s.category, s.nestedIn ? path.relative(tmp, s.nestedIn) : null]),
      [
        ['incident', 'ops', null],
        ['deep', 'ops/incident/extras/references', 'nest/ops/incident'],
        ['postmortem', 'ops/incident', 'nest/ops/incident'],
      ],
    );
  });

  it('a SKILL.md that is a named pipe is reported at once, never opened for a blocking read', async function () {
    if (process.platform === 'win32') return this.skip();
    const { execFileSync } = await import('node:child_process');
    mkdirSync(path.join(tmp, 'fifo'), { recursive: true });
    execFileSync('mkfifo', [path.join(tmp, 'fifo/SKILL.md')]);
    this.timeout(3000); // before the fix the open waited for a writer forever
    const s = await checkOne('fifo');
    assert.equal(s.status.verdict, 'not_loadable');
    assert.match(s.analysis?.diagnostics[0]?.message ?? '', /not a regular file/);
    assert.equal((await readSkillText(path.join(tmp, 'fifo/SKILL.md'), blockingIo)).problem?.code, 'file-unreadable');
  });

  it('a skills root with many entries is bounded', async () => {
    const c = await findSkills(path.join(tmp, 'tree'), { maxEntries: 2 });
    assert.ok(c.problems.some((p) => /entries/.test(p.message)));
  });
});
