// Every shared golden case of GitHub Copilot CLI 1.0.102 (../shared/golden/copilot-cli) against the emulation
// in src/core/runtimes/copilot-cli: the skills section byte for byte, each SKILL.md's state and listed name,
// stderr and the built-in entries (test/utils/agent-golden.ts sets each case up as its README says). Then a
// few hostile trees: the emulation must end with a clear outcome and never throw.
//
// One repair of the checkout: when ../shared was checked out without symlinks (git with core.symlinks=false
// writes each link as a small file holding its target), the case's links are re-created in the temporary copy
// by test/utils/agent-golden.ts, as golden-openclaw.test.ts does; a link already stored as a link is left alone.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCopilotCli } from '../../src/core/runtimes/copilot-cli/listing';
import { agentCases, assertRunMatches, setUpAgentCase, SHARED_GOLDEN } from '../utils/agent-golden';

const GOLDEN = path.join(SHARED_GOLDEN, 'copilot-cli');

describe('Copilot CLI 1.0.102 golden cases (shared/golden/copilot-cli)', function () {
  const cases = agentCases('copilot-cli');
  if (cases.length === 0 || !fs.existsSync(GOLDEN)) {
    it('skipped: ../shared/golden/copilot-cli is not present next to the repository', function () {
      this.skip();
    });
    return;
  }
  for (const c of cases) {
    it(`${c.name}: ${c.json.description}`, function () {
      const box = setUpAgentCase(c);
      try {
        assertRunMatches(c, box, runCopilotCli(box.ctx));
      } finally {
        box.dispose();
      }
    });
  }
});

describe('Copilot CLI 1.0.102 emulation: hostile trees', function () {
  let tmp: string;
  let home: string;
  let project: string;
  const run = () => runCopilotCli({ cwd: project, home, env: { HOME: home, PATH: '/usr/bin:/bin' }, platform: 'linux' });
  const skill = (dir: string, text: string): string => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'SKILL.md'), text);
    return path.join(dir, 'SKILL.md');
  };

  beforeEach(function () {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'copilot-hostile-'));
    home = path.join(tmp, 'home');
    project = path.join(tmp, 'project');
    fs.mkdirSync(path.join(project, '.git'), { recursive: true });
    fs.mkdirSync(path.join(home, '.copilot'), { recursive: true });
    fs.writeFileSync(path.join(home, '.copilot', 'settings.json'), JSON.stringify({ disabledSkills: ['customize-cloud-agent', 'github-pr-media'] }));
  });
  afterEach(function () {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('a symlink loop under .github/skills ends, and the skill beside it is listed once', function () {
    const skills = path.join(project, '.github', 'skills');
    skill(path.join(skills, 'ok'), '---\nname: ok\ndescription: Fine.\n---\n');
    fs.mkdirSync(path.join(skills, 'loop', 'inner'), { recursive: true });
    fs.symlinkSync('..', path.join(skills, 'loop', 'inner', 'back'));
    fs.symlinkSync('self', path.join(skills, 'self')); // a link to itself: ELOOP
    const r = run();
    assert.equal(r.skills.filter((s) => s.listing === 'full').length, 1);
    assert.match(r.section, /<name>ok<\/name>/);
  });

  it('a 5 MB SKILL.md is read as far as needed: listed with its frontmatter description', function () {
    const file = skill(path.join(project, '.github', 'skills', 'huge'), '---\nname: huge\ndescription: Big body.\n---\n' + 'x'.repeat(5 * 1024 * 1024));
    const r = run();
    const s = r.skills.find((x) => x.file === file);
    assert.equal(s?.listing, 'full');
    assert.match(r.section, /<description>Big body\.<\/description>/);
  });

  it('a 5 MB frontmatter that never closes is refused with a reason', function () {
    const file = skill(path.join(project, '.github', 'skills', 'open'), '---\nname: open\n' + '# comment\n'.repeat(600 * 1024));
    const s = run().skills.find((x) => x.file === file);
    assert.equal(s?.listing, 'absent');
    assert.match(s?.why ?? '', /frontmatter not closed/);
  });

  it('a binary SKILL.md fails to load as malformed frontmatter; a binary file beside a skill changes nothing', function () {
    const bin = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 97 + 13) % 256));
    const dir = path.join(project, '.github', 'skills', 'binary');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'SKILL.md'), bin);
    const other = skill(path.join(project, '.github', 'skills', 'with-blob'), '---\nname: with-blob\ndescription: Has a blob.\n---\n');
    fs.writeFileSync(path.join(path.dirname(other), 'blob.bin'), bin);
    const r = run();
    const s = r.skills.find((x) => x.file === path.join(dir, 'SKILL.md'));
    assert.equal(s?.listing, 'absent');
    assert.equal(s?.why, 'missing or malformed YAML frontmatter');
    assert.equal(r.skills.find((x) => x.file === other)?.listing, 'full');
  });

  it('a folder named SKILL.md is no skill, and the walk goes on below it', function () {
    fs.mkdirSync(path.join(project, '.github', 'skills', 'dir-named', 'SKILL.md'), { recursive: true });
    skill(path.join(project, '.github', 'skills', 'dir-named', 'below'), '---\nname: below\ndescription: Found.\n---\n');
    const r = run();
    assert.match(r.section, /<name>below<\/name>/);
  });

  it('an alias bomb in the frontmatter is refused, not expanded', function () {
    const lines = ['---', 'a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 12; i++)
      lines.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    lines.push('name: bomb', 'description: boom', '---', '');
    const file = skill(path.join(project, '.github', 'skills', 'bomb'), lines.join('\n'));
    const s = run().skills.find((x) => x.file === file);
    assert.equal(s?.listing, 'absent');
    assert.match(s?.why ?? '', /repetition limit exceeded/);
  });
});
