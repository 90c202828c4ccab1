// Every shared golden case of Codex CLI 0.171.0 (../shared/golden/codex, recorded by running the npm release
// against a loopback model endpoint) against the emulation in src/core/runtimes/codex: the skills section byte
// for byte, each SKILL.md's state and listed name, the stderr lines and the bundled entries' widths. Each case's
// `root/` is copied into a 20-character `/tmp/golden-XXXXXXXX` (Codex prints absolute paths and their length
// takes budget) by test/utils/agent-golden.ts.
//
// Two adjustments, both said in the test's title when they apply:
// - a checkout with core.symlinks=false turns the case's symlinks into small text files holding the link
//   target (as golden-openclaw.test.ts describes); those are turned back into links in the copy;
// - ERRATA below: a `listed_as` of skills.json that its generator derived wrongly from the listing (the
//   section itself, which is the release's own output, is still compared byte for byte).
//
// Then a few hostile trees (a symlink loop, a 5 MB SKILL.md, a binary file): a clear outcome, never a throw.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCodex } from '../../src/core/runtimes/codex/listing';
import { readSkillText } from '../../src/core/runtimes/codex/read';
import type { ListingContext } from '../../src/core/runtimes/listing';
import { agentCases, assertRunMatches, hasFlattenedLinks, setUpAgentCase, SHARED_GOLDEN, type AgentCase } from '../utils/agent-golden';

/** skills.json `listed_as` values its generator took from the entry by cutting at the first `: `, where the
 *  name itself holds `: ` (the entry `- team: build: Name with a colon. (file: r0/colon/SKILL.md)` lists the
 *  name `team: build`, as the SKILL.md says: `name: "team: build"`). */
const ERRATA: ReadonlyArray<{ case: string; path: string; recorded: string; listedAs: string; entry: string }> = [
  {
    case: 'c02-name-characters',
    path: 'home/.codex/skills/colon/SKILL.md',
    recorded: 'team',
    listedAs: 'team: build',
    entry: '- team: build: Name with a colon. (file: r0/colon/SKILL.md)',
  },
];

/** The case's expected outputs with the errata applied, each one checked against the recorded listing first. */
function withErrata(c: AgentCase): AgentCase {
  const fixes = ERRATA.filter((e) => e.case === c.name);
  if (fixes.length === 0) return c;
  const skills = c.expected.skills.map((s) => {
    const fix = fixes.find((f) => f.path === s.path);
    if (!fix) return s;
    assert.equal(s.listed_as, fix.recorded, `${c.name}: erratum no longer needed for ${s.path}`);
    assert.ok(c.listing.split('\n').includes(fix.entry), `${c.name}: the listing has no entry ${fix.entry}`);
    return { ...s, listed_as: fix.listedAs };
  });
  return { ...c, expected: { ...c.expected, skills } };
}

describe('Codex 0.171.0 golden cases (shared/golden/codex)', function () {
  const cases = agentCases('codex');
  if (cases.length === 0) {
    it(`skipped: ${path.join(SHARED_GOLDEN, 'codex')} is not present next to the repository`, function () {
      this.skip();
    });
    return;
  }
  for (const c of cases) {
    const notes = [hasFlattenedLinks(c) ? 'links restored' : '', ERRATA.some((e) => e.case === c.name) ? 'listed_as erratum' : ''].filter(Boolean);
    it(`${c.name}${notes.length ? ` (${notes.join(', ')})` : ''}`, function () {
      const box = setUpAgentCase(c);
      try {
        assertRunMatches(withErrata(c), box, runCodex(box.ctx));
      } finally {
        box.dispose();
      }
    });
  }
});

describe('Codex 0.171.0 emulation on hostile trees', function () {
  let tmp = '';
  let ctx: ListingContext;
  const skillsDir = (): string => path.join(tmp, 'home', '.agents', 'skills');

  beforeEach(function () {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codex-hostile-'));
    fs.mkdirSync(path.join(tmp, 'home', '.codex'), { recursive: true });
    fs.mkdirSync(path.join(tmp, 'project'), { recursive: true });
    fs.mkdirSync(skillsDir(), { recursive: true });
    fs.writeFileSync(path.join(tmp, 'home', '.codex', 'config.toml'), '[skills.bundled]\nenabled = false\n');
    ctx = { cwd: path.join(tmp, 'project'), home: path.join(tmp, 'home'), env: { HOME: path.join(tmp, 'home') }, platform: 'linux' };
  });
  afterEach(function () {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  function writeSkill(folder: string, text: string | Buffer): string {
    const dir = path.join(skillsDir(), folder);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'SKILL.md'), text);
    return path.join(dir, 'SKILL.md');
  }

  it('a symlink loop under .agents/skills ends the walk and the skill is listed once', function () {
    writeSkill('loopy', '---\nname: loopy\ndescription: Next to a loop.\n---\n');
    fs.symlinkSync('.', path.join(skillsDir(), 'loopy', 'again'));
    fs.symlinkSync('..', path.join(skillsDir(), 'loopy', 'up'));
    fs.symlinkSync('missing-target', path.join(skillsDir(), 'dangling'));
    const run = runCodex(ctx);
    assert.deepEqual(
      run.skills.map((s) => [path.relative(skillsDir(), s.file), s.listing]),
      [['loopy/SKILL.md', 'full']],
    );
    assert.match(run.section, /^- loopy: Next to a loop\. \(file: r0\/loopy\/SKILL\.md\)$/m);
    assert.deepEqual(run.stderr, []);
  });

  it('a 5 MB SKILL.md is read; its 5 MB description is cut to 1021 characters and "..."', function () {
    const big = 'x'.repeat(5 * 1024 * 1024);
    writeSkill('huge', `---\nname: huge\ndescription: ${big}\n---\nbody\n`);
    const run = runCodex(ctx);
    assert.equal(run.skills.length, 1);
    assert.equal(run.skills[0]?.listing, 'cut');
    const entry = run.section.split('\n').find((l) => l.startsWith('- huge: '));
    assert.ok(entry && entry.length < 1200, 'the entry holds at most the 1024-character cap');
    assert.ok(entry.includes('x...'), 'cut to 1021 characters and "..."');
  });

  it('a 5 MB SKILL.md without frontmatter fails to load with the release words', function () {
    const file = writeSkill('huge-body', Buffer.alloc(5 * 1024 * 1024, 'a'));
    const run = runCodex(ctx);
    assert.deepEqual(run.stderr, [`ERROR codex_core::session::session: failed to load skill ${file}: missing YAML frontmatter delimited by ---`]);
    assert.equal(run.section, '');
  });

  it('of two faults the release reports the one it meets first (generated trees gen-14-17 and gen-7-0)', function () {
    // A name over 64 characters and no description: the name.
    assert.deepEqual(readSkillText(`---\nname: rotate-75-${'x'.repeat(60)}\n---\n\nBody\n`, 'rotate-75'), {
      ok: false,
      error: 'invalid name: exceeds maximum length of 64 characters',
    });
    // A list for the description on line 2 and a tab on line 4: the list, read before the syntax error.
    const both = '---\nname: deploy-97\ndescription: [a, b]\nmetadata:\n\tversion: 1\n---\n\nBody\n';
    assert.deepEqual(readSkillText(both, 'deploy-97'), {
      ok: false,
      error: 'invalid YAML: description: invalid type: sequence, expected a string at line 2 column 14',
    });
    // The tab before the list: the syntax error.
    const tabFirst = '---\nname: deploy-98\nmetadata:\n\tversion: 1\ndescription: [a, b]\n---\n\nBody\n';
    const r = readSkillText(tabFirst, 'deploy-98');
    assert.equal(r.ok, false);
    assert.match(r.ok ? '' : r.error, /^invalid YAML: found character that cannot start any token at line 3 column 1/);
  });

  it('an empty frontmatter block (`---` then `---`) is missing frontmatter, in the release words', function () {
    // As Codex 0.171.0 said of the conformance runner's generated tree gen-1-7 (its rotate-68/SKILL.md).
    const file = writeSkill('empty-block', '---\n---\n\n# Title\n\nBody.\n');
    const run = runCodex(ctx);
    assert.deepEqual(run.stderr, [`ERROR codex_core::session::session: failed to load skill ${file}: missing YAML frontmatter delimited by ---`]);
    assert.equal(run.skills[0]?.listing, 'absent');
    assert.equal(run.section, '');
  });

  it('a binary SKILL.md (not UTF-8) fails to load, stated on stderr, and no section is sent', function () {
    const bytes = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0xff, 0xfe, 0x00, 0x80, 0xc3, 0x28, ...Buffer.from('---\nname: bin\n')]);
    const file = writeSkill('binary', bytes);
    const run = runCodex(ctx);
    assert.equal(run.skills[0]?.listing, 'absent');
    assert.equal(run.skills[0]?.absentBecause, 'unreadable');
    assert.deepEqual(run.stderr, [`ERROR codex_core::session::session: failed to load skill ${file}: stream did not contain valid UTF-8`]);
    assert.equal(run.section, '');
  });

  it('a SKILL.md that is a folder, and a skills root that is a file, are passed over', function () {
    fs.mkdirSync(path.join(skillsDir(), 'odd', 'SKILL.md'), { recursive: true });
    fs.mkdirSync(path.join(tmp, 'project', '.codex'), { recursive: true });
    fs.writeFileSync(path.join(tmp, 'project', '.codex', 'skills'), 'not a folder');
    const run = runCodex(ctx);
    assert.deepEqual(run.skills, []);
    assert.equal(run.section, '');
  });
});
