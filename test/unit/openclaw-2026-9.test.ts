// The OpenClaw profile at release 2026.9.6: the prompt and discovery rules that changed since 2026.4.12, one
// small tree each. Every expected value below was observed by running openclaw@2026.9.6's own code on the same
// tree (its `buildSkillSnapshot(...).prompt` and `.resolvedSkills`, `buildConfiguredAgentSystemPrompt`'s skills
// section, with `getRuntimeConfig`; HOME sandbox, workspace ~/.openclaw/workspace, an empty bundled folder,
// OPENCLAW_DISABLE_BUNDLED_PLUGINS=1), as the golden README describes the set-up. The 2026.4.12 contrasts are
// the golden rules (../shared/golden/openclaw: a07, a41, a46).

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openClawSandbox } from '../utils/openclaw';
import { formatSkillsCheckJson, formatSkillsListJson, runOpenClaw, type OpenClawRun, type OpenClawVersion } from '../../src/core/runtimes/openclaw';

const temps: string[] = [];
after(() => {
  for (const t of temps) fs.rmSync(t, { recursive: true, force: true });
});

/** A sandbox HOME with `files` (paths relative to the workspace skills folder; `~/…` relative to HOME, and
 *  `link:target` content makes a symlink) and `config` as openclaw.json. */
function run(files: Record<string, string>, config: unknown = {}, version: OpenClawVersion = '2026.9.6'): { run: OpenClawRun; tilde: (s: string) => string } {
  const { home, root, env } = openClawSandbox(files, config, 'openclaw-96-', temps);
  const r = runOpenClaw(root, { env, platform: 'linux', home, cwd: home }, { version });
  return { run: r, tilde: (s) => s.split(home + path.sep).join('~/') };
}

function skillMd(name: string, description: string): string {
  return `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n\n# body\n`;
}

const inPrompt = (r: OpenClawRun): string[] => r.prompt.skills.map((s) => s.name);

const FULL_HEAD =
  "\n\nThe following skills provide specialized instructions for specific tasks.\nRead a skill's file at its listed location when the task matches its description.\n" +
  'When a skill file references a relative path, resolve it against the skill directory (parent of SKILL.md / dirname of the path) and use that absolute path in tool commands.\n\n<available_skills>\n';
const COMPACT_HEAD = FULL_HEAD.replace('matches its description.', 'matches its name.');
const entry = (name: string, folder: string, description?: string): string =>
  `  <skill>\n    <name>${name}</name>\n${description === undefined ? '' : `    <description>${description}</description>\n`}    <location>~/.openclaw/workspace/skills/${folder}/SKILL.md</location>\n  </skill>\n`;

describe('OpenClaw 2026.9.6: the prompt', () => {
  const order = {
    'a-zeta/SKILL.md': skillMd('zeta', 'Last by name.'),
    'b-alpha/SKILL.md': skillMd('Alpha', 'Upper-case A.'),
    'c-under/SKILL.md': skillMd('_under', 'Underscore first?'),
    'd-beta/SKILL.md': skillMd('beta', 'Lower-case b.'),
    'E-gamma/SKILL.md': skillMd('Gamma', 'Upper-case G.'),
  };

  it('lists the skills by name (localeCompare), not by folder, with the new loading line', () => {
    const { run: r, tilde } = run(order);
    const expected =
      FULL_HEAD +
      entry('_under', 'c-under', 'Underscore first?') +
      entry('Alpha', 'b-alpha', 'Upper-case A.') +
      entry('beta', 'd-beta', 'Lower-case b.') +
      entry('Gamma', 'E-gamma', 'Upper-case G.') +
      entry('zeta', 'a-zeta', 'Last by name.') +
      '</available_skills>';
    assert.equal(tilde(r.prompt.text), expected);
    assert.deepEqual(inPrompt(r), ['_under', 'Alpha', 'beta', 'Gamma', 'zeta']);
    assert.deepEqual(
      r.entries.filter((e) => e.inPrompt).map((e) => e.entry.name),
      ['_under', 'Alpha', 'beta', 'Gamma', 'zeta'],
      'the merge itself ends sorted by name',
    );
  });

  it('2026.4.12 keeps the folder order and its own wording for the same tree', () => {
    const { run: r } = run(order, {}, '2026.4.12');
    assert.deepEqual(inPrompt(r), ['Gamma', 'zeta', 'Alpha', '_under', 'beta']);
    assert.match(r.prompt.text, /Use the read tool to load a skill's file/);
    assert.match(r.systemPromptSection, /^## Skills \(mandatory\)\n/);
  });

  it('the system prompt section is `## Skills` and four lines, then the trimmed prompt', () => {
    const { run: r } = run(order);
    assert.equal(
      r.systemPromptSection,
      '## Skills\nScan <available_skills>. Clear match: read exact <location> with `read`; obey.\nSeveral: most specific. None: read none.\n' +
        'Up-front max one. Never invent paths.\nExternal writes: batch safely; no tight loops; honor 429/Retry-After.\n' +
        r.prompt.text.trim() +
        '\n',
    );
    assert.equal(run({}).run.systemPromptSection, '', 'no skills, no section');
  });

  it('the default budget is 18,000: a 21,000-character list goes compact, descriptions cut to 220 (2026.4.12: full)', () => {
    const files: Record<string, string> = {};
    const description = 'Budget test description. '.repeat(16).trim();
    for (let i = 0; i < 40; i++) files[`b${String(i).padStart(2, '0')}/SKILL.md`] = skillMd(`budget-${String(i).padStart(2, '0')}`, description);
    const { run: r } = run(files);
    assert.equal(r.limits.maxSkillsPromptChars, 18_000);
    assert.equal(r.prompt.text.length, 15_161);
    assert.ok(r.prompt.text.startsWith('⚠️ Skills catalog using compact format (descriptions shortened). Run `openclaw skills check` to audit.\n\n\n'));
    assert.match(r.prompt.text, /matches its name or description\./);
    assert.equal(r.prompt.descriptionMaxChars, 220);
    assert.equal(r.prompt.text.match(/<description>([^<]*)<\/description>/)?.[1], description.slice(0, 217).trimEnd() + '...');
    assert.equal(inPrompt(r).length, 40);
    const old = run(files, {}, '2026.4.12').run;
    assert.equal(old.prompt.format, 'full');
  });

  it('compact descriptions are whitespace-collapsed and cut to the longest length that fits (binary search)', () => {
    const files: Record<string, string> = {};
    const description = ('Line one of a long description.\n  Second   line with  spaces. ' + 'word '.repeat(70)).trim();
    for (let i = 0; i < 60; i++) files[`s${String(i).padStart(2, '0')}/SKILL.md`] = skillMd(`skill-${String(i).padStart(2, '0')}`, description);
    const { run: r } = run(files);
    assert.equal(r.prompt.text.length, 17_881);
    assert.equal(
      r.prompt.text.match(/<description>[^<]*<\/description>/)?.[0],
      '<description>Line one of a long description. Second line with spaces. word word word word word word word word word word word word word word word word word...</description>',
    );
    assert.equal(inPrompt(r).length, 60);
  });

  it('the truncation note counts toward the budget (compact, descriptions omitted, 6 of 8 in 1,200)', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 8; i++)
      files[`k${i}/SKILL.md`] = skillMd(`tool-${i}`, `A description that is moderately long for testing truncation behaviour number ${i}.`);
    const { run: r, tilde } = run(files, { skills: { limits: { maxSkillsPromptChars: 1200 } } });
    let expected = '⚠️ Skills truncated: included 6 of 8 (compact format, descriptions omitted). Run `openclaw skills check` to audit.\n' + COMPACT_HEAD;
    for (let i = 0; i < 6; i++) expected += entry(`tool-${i}`, `k${i}`);
    expected += '</available_skills>';
    assert.equal(tilde(r.prompt.text), expected);
    assert.ok(r.prompt.text.length <= 1200);
    assert.equal(r.prompt.included, 6);
    assert.equal(r.prompt.truncated, true);
  });

  it('maxSkillsInPrompt takes the first skills by name', () => {
    const files: Record<string, string> = {};
    for (const n of ['delta', 'alpha', 'echo', 'charlie', 'bravo']) files[`f-${n}/SKILL.md`] = skillMd(n, `Skill ${n}.`);
    const { run: r, tilde } = run(files, { skills: { limits: { maxSkillsInPrompt: 3 } } });
    assert.equal(
      tilde(r.prompt.text),
      '⚠️ Skills truncated: included 3 of 5. Run `openclaw skills check` to audit.\n' +
        FULL_HEAD +
        entry('alpha', 'f-alpha', 'Skill alpha.') +
        entry('bravo', 'f-bravo', 'Skill bravo.') +
        entry('charlie', 'f-charlie', 'Skill charlie.') +
        '</available_skills>',
    );
  });

  it("the agent's skillsLimits.maxSkillsPromptChars replaces the budget", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 5; i++) files[`x${i}/SKILL.md`] = skillMd(`agent-${i}`, 'Something the agent does, described in a sentence or two for the test.');
    const { run: r, tilde } = run(files, { agents: { list: [{ id: 'main', skillsLimits: { maxSkillsPromptChars: 700 } }] } });
    assert.equal(
      tilde(r.prompt.text),
      '⚠️ Skills truncated: included 1 of 5 (compact format, descriptions shortened). Run `openclaw skills check` to audit.\n' +
        FULL_HEAD.replace('matches its description.', 'matches its name or description.') +
        entry('agent-0', 'x0', 'Something the agent does, described in a sentence or two f...') +
        '</available_skills>',
    );
    assert.equal(r.prompt.text.length, 700);
  });

  it('when not even one skill fits, the prompt is the note alone and lists no skill', () => {
    const { run: r } = run(
      { 'one/SKILL.md': skillMd('one', 'First.'), 'two/SKILL.md': skillMd('two', 'Second.') },
      { skills: { limits: { maxSkillsPromptChars: 150 } } },
    );
    assert.equal(r.prompt.text, '⚠️ Skills truncated: included 0 of 2 (compact format, descriptions omitted). Run `openclaw skills check` to audit.');
    assert.deepEqual(inPrompt(r), []);
    assert.equal(r.entries.filter((e) => e.inPrompt).length, 0);
  });
});

describe('OpenClaw 2026.9.6: discovery', () => {
  it('searches folders without SKILL.md as groups, up to 6 levels below the root', () => {
    const { run: r, tilde } = run({
      'group/sub/deep/four/SKILL.md': skillMd('four', 'Four levels down.'),
      'g1/g2/g3/g4/g5/g6/seven/SKILL.md': skillMd('seven', 'Seven levels down.'),
      'g1/g2/g3/g4/g5/six/SKILL.md': skillMd('six', 'Six levels down.'),
      'plain/SKILL.md': skillMd('plain', 'Top level.'),
    });
    assert.deepEqual(inPrompt(r), ['four', 'plain', 'six']);
    assert.equal(tilde(r.entries.find((e) => e.entry.name === 'four')!.location), '~/.openclaw/workspace/skills/group/sub/deep/four/SKILL.md');
    assert.deepEqual(inPrompt(run({ 'group/sub/x/SKILL.md': skillMd('x', 'd') }, {}, '2026.4.12').run), [], '2026.4.12 looks one level down only');
  });

  it('a nested skills/skills no longer hides the folders beside it', () => {
    const { run: r, tilde } = run({
      'skills/inner-beta/SKILL.md': skillMd('inner-beta', 'Nested b.'),
      'skills/inner-alpha/SKILL.md': skillMd('inner-alpha', 'Nested a.'),
      'outer-gamma/SKILL.md': skillMd('outer-gamma', 'Lives directly in skills/outer-gamma.'),
    });
    assert.deepEqual(inPrompt(r), ['inner-alpha', 'inner-beta', 'outer-gamma']);
    assert.equal(tilde(r.entries.find((e) => e.entry.name === 'inner-alpha')!.location), '~/.openclaw/workspace/skills/skills/inner-alpha/SKILL.md');
    assert.deepEqual(inPrompt(run({ 'skills/a/SKILL.md': skillMd('a', 'd'), 'b/SKILL.md': skillMd('b', 'd') }, {}, '2026.4.12').run), ['a']);
  });

  it('a nested skills/skills alone is the root, its groups searched too', () => {
    const { run: r } = run({
      'skills/inner-a/SKILL.md': skillMd('inner-a', 'Only nested.'),
      'skills/grp/inner-b/SKILL.md': skillMd('inner-b', 'Nested group.'),
    });
    assert.deepEqual(inPrompt(r), ['inner-a', 'inner-b']);
  });

  it('a root SKILL.md without description loads nothing (2026.4.12 loads the sub-folders instead)', () => {
    const files = {
      'SKILL.md': '---\nname: root\n---\n\n# no description\n',
      'alpha-report/SKILL.md': skillMd('alpha-report', 'Lower-case folder name.'),
      'Beta-report/SKILL.md': skillMd('beta-report', 'Upper-case folder name.'),
    };
    const { run: r } = run(files);
    assert.equal(r.prompt.text, '');
    assert.deepEqual(inPrompt(r), []);
    assert.deepEqual(inPrompt(run(files, {}, '2026.4.12').run), ['alpha-report', 'beta-report']);
  });

  it('a root SKILL.md beside a nested skills/skills is the one skill', () => {
    const { run: r, tilde } = run({
      'SKILL.md': skillMd('root-skill', 'The root SKILL.md.'),
      'skills/inner/SKILL.md': skillMd('inner', 'Inside skills/skills.'),
    });
    assert.deepEqual(inPrompt(r), ['root-skill']);
    assert.equal(tilde(r.entries[0]!.location), '~/.openclaw/workspace/skills/SKILL.md');
  });

  it('logs a folder whose SKILL.md has no description ("Skipping invalid skill.")', () => {
    const { run: r, tilde } = run({ 'ok/SKILL.md': skillMd('ok', 'Fine.'), 'bad/SKILL.md': '---\nname: bad\n---\n' });
    const warn = r.logs.find((l) => l.message === 'Skipping invalid skill.');
    assert.ok(warn);
    assert.equal(
      tilde(String(warn.meta?.consoleMessage)),
      'Skipping invalid skill: file=~/.openclaw/workspace/skills/bad/SKILL.md error=description is required',
    );
    assert.equal(
      run({ 'bad/SKILL.md': '---\nname: bad\n---\n' }, {}, '2026.4.12').run.logs.some((l) => l.message === 'Skipping invalid skill.'),
      false,
    );
  });
  it('logs a name taken by another folder ("Skill precedence collision resolved."): the later folder by name wins', () => {
    const { run: r, tilde } = run({
      'alpha-fmt/SKILL.md': skillMd('formatter', 'First formatter.'),
      'beta-fmt/SKILL.md': skillMd('formatter', 'Second formatter.'),
    });
    assert.equal(tilde(r.entries[0]!.location), '~/.openclaw/workspace/skills/beta-fmt/SKILL.md');
    const warn = r.logs.find((l) => l.message === 'Skill precedence collision resolved.');
    assert.equal(
      tilde(String(warn?.meta?.consoleMessage)),
      'Skill precedence collision: skill="formatter" winner=openclaw-workspace:~/.openclaw/workspace/skills/beta-fmt/SKILL.md loser=openclaw-workspace:~/.openclaw/workspace/skills/alpha-fmt/SKILL.md',
    );
  });

  it('logs a SKILL.md over the byte cap as an invalid skill', () => {
    const { run: r, tilde } = run({ 'over-limit/SKILL.md': skillMd('over-limit', 'Too big.') + 'x'.repeat(256_001) });
    assert.deepEqual(inPrompt(r), []);
    const warn = r.logs.find((l) => l.message === 'Skipping invalid skill.');
    assert.equal(
      tilde(String(warn?.meta?.consoleMessage)),
      'Skipping invalid skill: file=~/.openclaw/workspace/skills/over-limit/SKILL.md error=File exceeds 256000 bytes',
    );
  });
  it('merges extra < bundled < workshop < managed < ~/.agents < <workspace>/.agents < <workspace>/skills, sorted by name', () => {
    const { run: r, tilde } = run({
      '~/.openclaw/skills/shared/SKILL.md': skillMd('shared', 'Managed copy.'),
      '~/.openclaw/skills/managed-only/SKILL.md': skillMd('managed-only', 'Managed only.'),
      '~/.agents/skills/shared/SKILL.md': skillMd('shared', 'Personal copy.'),
      '~/.agents/skills/personal-only/SKILL.md': skillMd('personal-only', 'Personal only.'),
      '~/.openclaw/workspace/.agents/skills/proj/SKILL.md': skillMd('proj', 'Project skill.'),
      '~/.openclaw/agents/main/agent/workshop-skills/ws-one/SKILL.md': skillMd('ws-one', 'Workshop skill.'),
      'shared/SKILL.md': skillMd('shared', 'Workspace copy.'),
      'aaa/SKILL.md': skillMd('aaa', 'Workspace first.'),
    });
    assert.deepEqual(
      r.entries.filter((e) => e.inPrompt).map((e) => `${e.entry.name}@${e.entry.source}:${tilde(e.location)}`),
      [
        'aaa@openclaw-workspace:~/.openclaw/workspace/skills/aaa/SKILL.md',
        'managed-only@openclaw-managed:~/.openclaw/skills/managed-only/SKILL.md',
        'personal-only@agents-skills-personal:~/.agents/skills/personal-only/SKILL.md',
        'proj@agents-skills-project:~/.openclaw/workspace/.agents/skills/proj/SKILL.md',
        'shared@openclaw-workspace:~/.openclaw/workspace/skills/shared/SKILL.md',
        'ws-one@openclaw-workshop:~/.openclaw/agents/main/agent/workshop-skills/ws-one/SKILL.md',
      ],
    );
  });

  it('searches a configured extra folder 2 levels deep only', () => {
    const { run: r } = run(
      {
        '~/extra/a/b/c/SKILL.md': skillMd('three-deep', 'Three levels in extra.'),
        '~/extra/a/b2/SKILL.md': skillMd('two-deep', 'Two levels in extra.'),
        '~/extra/top/SKILL.md': skillMd('top-extra', 'Top of extra.'),
        'ws/SKILL.md': skillMd('ws', 'Workspace.'),
      },
      { skills: { load: { extraDirs: ['~/extra'] } } },
    );
    assert.deepEqual(inPrompt(r), ['top-extra', 'two-deep', 'ws']);
  });

  it('skills.load.allowSymlinkTargets lets linked folders leave the workspace root (else they are skipped)', () => {
    const files = {
      '~/.openclaw/workspace/outside/grp/x/SKILL.md': skillMd('linked-x', 'Behind a linked group.'),
      '~/.openclaw/workspace/outside/single/SKILL.md': skillMd('linked-single', 'A linked skill.'),
      linkgrp: 'link:../outside/grp',
      single: 'link:../outside/single',
      'real/SKILL.md': skillMd('real', 'Real folder.'),
    };
    assert.deepEqual(inPrompt(run(files).run), ['real']);
    const { run: r, tilde } = run(files, { skills: { load: { allowSymlinkTargets: ['~/.openclaw/workspace/outside'] } } });
    assert.deepEqual(inPrompt(r), ['linked-single', 'linked-x', 'real']);
    assert.equal(tilde(r.entries.find((e) => e.entry.name === 'linked-x')!.location), '~/.openclaw/workspace/skills/linkgrp/x/SKILL.md');
  });

  it('cuts the folders to maxCandidatesPerRoot and loads, by name, up to maxSkillsLoadedPerSource', () => {
    const files: Record<string, string> = {};
    for (const n of ['e', 'd', 'c', 'b', 'a']) files[`f${n}/SKILL.md`] = skillMd(`s${n}`, `Skill ${n}.`);
    const { run: r } = run(files, { skills: { limits: { maxCandidatesPerRoot: 3, maxSkillsLoadedPerSource: 2 } } });
    assert.deepEqual(inPrompt(r), ['sa', 'sb']);
  });
});

describe('OpenClaw 2026.9.6: skills list|check --json (formatSkillsList / formatSkillsCheck, chunk skills-cli-*.mjs)', () => {
  const files = {
    'shown/SKILL.md': skillMd('shown', 'Told to the model.'),
    'hidden/SKILL.md': '---\nname: hidden\ndescription: Run by name only.\ndisable-model-invocation: true\n---\n',
    'no-command/SKILL.md': '---\nname: no-command\ndescription: Not a slash command.\nuser-invocable: false\n---\n',
    'other/SKILL.md': skillMd('other', 'Not on the agent list.'),
    'needs-bin/SKILL.md': '---\nname: needs-bin\ndescription: Needs a tool.\nmetadata: {"openclaw": {"requires": {"bins": ["no-such-tool-96"]}}}\n---\n',
  };
  const config = { agents: { defaults: { skills: ['shown', 'hidden', 'no-command', 'needs-bin'] } } };

  it('list: blockedByAgentFilter, modelVisible, userInvocable, commandVisible follow blockedByAllowlist', () => {
    const { run: r } = run(files, config);
    const list = JSON.parse(formatSkillsListJson(r.status)) as { skills: Array<Record<string, unknown>> };
    const by = new Map(list.skills.map((s) => [s.name, s]));
    assert.deepEqual(Object.keys(by.get('shown')!), [
      'name',
      'description',
      'eligible',
      'disabled',
      'blockedByAllowlist',
      'blockedByAgentFilter',
      'modelVisible',
      'userInvocable',
      'commandVisible',
      'source',
      'bundled',
      'missing',
    ]);
    const flags = (n: string) => {
      const s = by.get(n)!;
      return [s.eligible, s.blockedByAgentFilter, s.modelVisible, s.userInvocable, s.commandVisible];
    };
    assert.deepEqual(flags('shown'), [true, false, true, true, true]);
    assert.deepEqual(flags('hidden'), [true, false, false, true, true]);
    assert.deepEqual(flags('no-command'), [true, false, true, false, false]);
    assert.deepEqual(flags('other'), [true, true, false, true, false]);
    assert.deepEqual(flags('needs-bin'), [false, false, false, true, false]);
    // --eligible keeps the skills ready for the agent (eligible and not filtered out).
    const eligible = JSON.parse(formatSkillsListJson(r.status, { eligibleOnly: true })) as { skills: Array<{ name: string }> };
    assert.deepEqual(eligible.skills.map((s) => s.name).sort(), ['hidden', 'no-command', 'shown']);
  });

  it('check: the agent and its allow-list head it; notInjected names disable-model-invocation skills', () => {
    const { run: r } = run(files, config);
    const text = formatSkillsCheckJson(r.status);
    const check = JSON.parse(text) as Record<string, unknown>;
    assert.deepEqual(Object.keys(check), [
      'agentId',
      'agentSkillFilter',
      'workspaceDir',
      'managedSkillsDir',
      'summary',
      'eligible',
      'modelVisible',
      'commandVisible',
      'disabled',
      'blocked',
      'agentFiltered',
      'notInjected',
      'missingRequirements',
    ]);
    assert.equal(check.agentId, 'main');
    assert.deepEqual(check.agentSkillFilter, ['shown', 'hidden', 'no-command', 'needs-bin']);
    assert.deepEqual(check.summary, {
      total: 5,
      eligible: 4,
      modelVisible: 2,
      commandVisible: 2,
      disabled: 0,
      blocked: 0,
      agentFiltered: 1,
      notInjected: 1,
      missingRequirements: 1,
    });
    assert.deepEqual(check.agentFiltered, ['other']);
    assert.deepEqual(check.notInjected, [{ name: 'hidden', reason: 'disable-model-invocation' }]);
    assert.ok(text.endsWith('}\n'));
    // Without an allow-list the key is left out.
    const plain = JSON.parse(formatSkillsCheckJson(run(files).run.status)) as Record<string, unknown>;
    assert.equal('agentSkillFilter' in plain, false);
    assert.equal(plain.agentId, 'main');
  });

  it('--json keeps tab, newline and carriage return in strings (JSON escapes them); 2026.4.12 drops them', () => {
    // A YAML block scalar keeps the newline: "first line\nsecond line" (seen in generated trees at seed 1).
    const md = { 'multi/SKILL.md': '---\nname: multi\ndescription: |-\n  first line\n  second\tline\x07\n---\n' };
    const desc = (version: OpenClawVersion): unknown =>
      (JSON.parse(formatSkillsListJson(run(md, {}, version).run.status)) as { skills: Array<{ description: string }> }).skills[0]!.description;
    assert.equal(desc('2026.9.6'), 'first line\nsecond\tline');
    assert.equal(desc('2026.4.12'), 'first linesecondline');
  });

  it('2026.4.12 keeps its format: none of the new keys', () => {
    const { run: r } = run(files, config, '2026.4.12');
    const list = JSON.parse(formatSkillsListJson(r.status)) as { skills: Array<Record<string, unknown>> };
    assert.equal('modelVisible' in list.skills[0]!, false);
    const check = JSON.parse(formatSkillsCheckJson(r.status)) as Record<string, unknown>;
    assert.deepEqual(Object.keys(check), ['summary', 'eligible', 'disabled', 'blocked', 'missingRequirements']);
  });
});
