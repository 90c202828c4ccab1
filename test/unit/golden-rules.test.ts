// Rules of the golden notes, each on a small tree made here, through the code the CLI and the server share
// and through the built CLI:
// - a skill folder below a root-level SKILL.md is listed by `check` (Hermes RULES.md D4, C1; OpenClaw RULES.md
//   §2 when the root SKILL.md has no description), as `index` already shows it.

import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { findSkills } from '../../src/core/catalog';
import { cliSync } from '../utils/cli';
import { writeUnder } from '../utils/fs';

let tmp: string;
let n = 0;
before(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'golden-rules-'));
});
after(() => rmSync(tmp, { recursive: true, force: true }));

/** A fresh folder holding `files` (path → text): its path. */
function tree(files: Record<string, string>): string {
  const root = path.join(tmp, `t${n++}`);
  mkdirSync(root);
  for (const [rel, text] of Object.entries(files)) writeUnder(root, rel, text);
  return root;
}

const skill = (name: string): string => `---\nname: ${name}\ndescription: The ${name} skill.\n---\nBody of ${name}.\n`;

function cli(args: string[], cwd: string): { code: number | null; out: string; err: string } {
  return cliSync(args, { cwd, env: { PATH: `/usr/bin${path.delimiter}/bin`, HOME: cwd } });
}

describe('check: a skill folder below a root-level SKILL.md (Hermes D4/C1, OpenClaw §2)', () => {
  const layout = (rootDescription: boolean): Record<string, string> => ({
    'root/SKILL.md': rootDescription ? skill('top') : '---\nname: top\n---\nTop.\n',
    'root/sub/SKILL.md': skill('sub'),
    'root/sub/references/inner/SKILL.md': skill('inner'),
  });

  it('findSkills on a folder holding SKILL.md lists that skill and the skills below it (not in its supporting folders)', async () => {
    const root = tree(layout(true));
    const c = await findSkills(path.join(root, 'root'));
    assert.deepEqual(
      c.skills.map((s) => [path.relative(root, s.file), path.relative(root, s.root), s.category, s.nestedIn ? path.relative(root, s.nestedIn) : null]),
      [
        ['root/SKILL.md', '', 'general', null],
        ['root/sub/SKILL.md', 'root', 'general', 'root'],
      ],
    );
    // A SKILL.md named directly is still that one skill.
    assert.equal((await findSkills(path.join(root, 'root/SKILL.md'))).skills.length, 1);
  });

  it('check ROOT lists `sub` in the table and in --json alike; each runtime judges it as it loads it', () => {
    const root = tree(layout(true));
    const json = cli(['check', 'root', '--json', '--no-probe', '--no-cache', '--runtime', 'hermes,openclaw,nexo'], root);
    const skills = (
      JSON.parse(json.out) as { skills: Array<{ id: string; path: string; runtimes: Array<{ runtime: string; verdict: string; reasons: string[] }> }> }
    ).skills;
    assert.deepEqual(
      skills.map((s) => [s.id, s.path]),
      [
        ['root', 'root/SKILL.md'],
        ['sub', 'root/sub/SKILL.md'],
      ],
    );
    const sub = skills[1];
    // Hermes reads root/ as its skills folder and loads both; OpenClaw 2026.4.12 loads only the root skill
    // when its SKILL.md has a description (a42); nexo-rs finds `sub` as the listed name `sub`.
    assert.deepEqual(
      sub?.runtimes.map((r) => [r.runtime, r.verdict]),
      [
        ['nexo', 'loaded'],
        ['hermes', 'loaded'],
        ['openclaw', 'not_loadable'],
      ],
    );
    assert.match(sub?.runtimes[2]?.reasons.join(' ') ?? '', /makes the whole root one skill/);
    const table = cli(['check', 'root', '--no-probe', '--no-cache', '--runtime', 'hermes,openclaw,nexo'], root);
    assert.match(table.out, /^\S+ root\s/m);
    assert.match(table.out, /^\S+ sub\s/m);
    assert.match(table.out, /^2 skills: /m);
    // Without a description the root SKILL.md is no skill for OpenClaw, which then loads the sub-folders (a46).
    const bare = tree(layout(false));
    const bareJson = cli(['check', 'root', '--json', '--no-probe', '--no-cache', '--runtime', 'openclaw'], bare).out;
    const subs = (JSON.parse(bareJson) as { skills: Array<{ id: string; verdict: string }> }).skills;
    assert.deepEqual(
      subs.map((s) => s.id),
      ['root', 'sub'],
    );
    assert.equal(subs[1]?.verdict, 'loaded');
  });

  it('check ROOT lists what index --runtime hermes ROOT shows', () => {
    const root = tree(layout(true));
    const index = cli(['index', '--runtime', 'hermes', '--no-cache', 'root'], root).out;
    assert.match(index, /- sub: The sub skill\./);
    const listed = (JSON.parse(cli(['check', 'root', '--json', '--no-probe', '--no-cache'], root).out) as { skills: Array<{ name: string }> }).skills.map(
      (s) => s.name,
    );
    assert.deepEqual(listed, ['top', 'sub']);
  });
});
