// Three rules of the golden notes, each on a small tree made here, through the code the CLI and the server
// share (the engine, the agents configuration) and through the built CLI:
// - nexo-rs merges `<config>/agents.d/*.yaml` after `agents.yaml`, an agent with a known `id` replacing the
//   earlier one (../shared/golden/nexo/RULES.md §11; `config/lib.rs` `merge_agents_drop_in`);
// - a blank `skills_dir` injects no skill at all (RULES.md §1; `llm_behavior.rs:910-915`): blank is the
//   RESOLVED value trimmed, so `""` is blank while `"  "` is the config folder itself (§11: only an empty
//   value passes the resolution unchanged);
// - a skill folder below a root-level SKILL.md is listed by `check` (Hermes RULES.md D4, C1; OpenClaw RULES.md
//   §2 when the root SKILL.md has no description), as `index` already shows it.

import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseAgentsFile, readAgentsConfig, resolveSkillsDir } from '../../src/core/runtimes/nexo/agents';
import { findSkills } from '../../src/core/skill/catalog';
import { Engine } from '../../src/core/check/engine';
import { DidChangeWatchedFilesNotification, FileChangeType } from 'vscode-languageserver-protocol';
import { AgentViewRequest, SkillsIdleRequest } from '../../src/shared/protocol';
import { cliSync } from '../utils/cli';
import { writeUnder } from '../utils/fs';
import { CAPABILITIES, LspClient, tempWorkspace, uriOf } from '../utils/lsp-client';
import { waitFor } from '../utils/wait';

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

const agent = (id: string, skills: string, extra = ''): string =>
  `  - id: ${id}\n    model: {provider: p, model: m}\n    skills: ${skills}\n    skills_dir: ../skills\n${extra}`;
const agents = (...defs: string[]): string => `agents:\n${defs.join('')}`;
const skill = (name: string): string => `---\nname: ${name}\ndescription: The ${name} skill.\n---\nBody of ${name}.\n`;

function cli(args: string[], cwd: string): { code: number | null; out: string; err: string } {
  return cliSync(args, { cwd, env: { PATH: `/usr/bin${path.delimiter}/bin`, HOME: cwd } });
}

describe('nexo-rs: agents.d drop-ins (RULES.md §11)', () => {
  it('replace an agent with the same id in place, add new ones after, in file-name order; only *.yaml', async () => {
    const root = tree({
      'config/agents.yaml': agents(agent('kate', '[a]'), agent('bob', '[a]')),
      // Sorted by file name: 20-kate.yaml comes after 10-kate.yaml and wins.
      'config/agents.d/20-kate.yaml': agents(agent('kate', '[c]')),
      'config/agents.d/10-kate.yaml': agents(agent('kate', '[b]'), agent('zed', '[b]')),
      'config/agents.d/30-kate.yml': agents(agent('kate', '[yml]')),
      'config/agents.d/.yaml': agents(agent('kate', '[hidden]')),
      'config/agents.d/40-kate.YAML': agents(agent('kate', '[upper]')),
    });
    const config = await readAgentsConfig(path.join(root, 'config/agents.yaml'));
    assert.equal(config.error, null);
    assert.deepEqual(
      config.agents.map((a) => [a.id, a.skills, path.basename(a.file ?? '')]),
      [
        ['kate', ['c'], '20-kate.yaml'],
        ['bob', ['a'], 'agents.yaml'],
        ['zed', ['b'], '10-kate.yaml'],
      ],
    );
    assert.deepEqual(
      config.dropIns?.map((f) => path.basename(f.path)),
      ['10-kate.yaml', '20-kate.yaml'],
    );
    // A drop-in's relative skills_dir resolves against the config folder, not agents.d/.
    assert.equal(config.agents[0]?.skillsDir, `${path.join(root, 'config')}/../skills`);
  });

  it('a later agent with the same id in one drop-in replaces the earlier one (the runtime pushes, then replaces)', () => {
    const f = parseAgentsFile(agents(agent('kate', '[a]'), agent('kate', '[b]')), '/x/config/agents.d/10.yaml', { dropIn: true });
    assert.deepEqual(
      f.agents.map((a) => [a.id, a.skills]),
      [['kate', ['b']]],
    );
    assert.equal(f.agents[0]?.skillsDir, '/x/config/../skills');
  });

  it('any error in a drop-in refuses the whole configuration; a drop-in keeps its `schema_version` (an unknown field)', async () => {
    const base = agents(agent('kate', '[a]'));
    for (const [name, text] of [
      ['10-bad.yaml', agents(agent('kate', '[b]', '    skils: [x]\n'))],
      ['10-schema.yaml', `schema_version: 1\n${agents(agent('kate', '[b]'))}`],
      ['10-empty.yaml', ''],
    ] as const) {
      const root = tree({ 'config/agents.yaml': base, [`config/agents.d/${name}`]: text });
      const config = await readAgentsConfig(path.join(root, 'config/agents.yaml'));
      assert.ok(config.error?.startsWith(`agents.d/${name}: `), `${name}: ${config.error}`);
      assert.ok(
        config.agents.every((a) => a.fileError === config.error),
        name,
      );
    }
    // agents.yaml itself may carry a schema_version (the runtime removes it before converting).
    const ok = tree({ 'config/agents.yaml': `schema_version: 1\n${base}`, 'config/agents.d/10.yaml': agents(agent('kate', '[b]')) });
    assert.equal((await readAgentsConfig(path.join(ok, 'config/agents.yaml'))).error, null);
    // A file named agents.d (not a folder) cannot be listed: the configuration fails.
    const notDir = tree({ 'config/agents.yaml': base, 'config/agents.d': 'x' });
    assert.match((await readAgentsConfig(path.join(notDir, 'config/agents.yaml'))).error ?? '', /agents\.d/);
  });

  it("the engine's agent (check --agent, the server's agent view) is the drop-in's", async () => {
    const root = tree({
      'skills/a/SKILL.md': skill('a'),
      'skills/b/SKILL.md': skill('b'),
      'config/agents.yaml': agents(agent('kate', '[a]')),
      'config/agents.d/10-kate.yaml': agents(agent('kate', '[b]')),
    });
    const engine = new Engine({ probe: false });
    try {
      const { agent: kate } = await engine.loadAgent(path.join(root, 'config/agents.yaml'), 'kate');
      assert.ok(kate);
      assert.deepEqual(
        (await engine.checkAgent(kate)).map((s) => [s.id, s.status.verdict]),
        [['b', 'loaded']],
      );
    } finally {
      engine.dispose();
    }
  });

  it('check --agent and index --agent honour them; the problems of a drop-in are printed at its own path', () => {
    const root = tree({
      'skills/a/SKILL.md': skill('a'),
      'skills/b/SKILL.md': skill('b'),
      'config/agents.yaml': agents(agent('kate', '[a]')),
      'config/agents.d/10-kate.yaml': agents(agent('kate', '[b, ghost]'), agent('zed', '[a]')),
    });
    const json = cli(['check', '--agent', 'kate', '--json', '--no-probe', '--no-cache'], root);
    assert.deepEqual(
      (JSON.parse(json.out) as { skills: Array<{ id: string; verdict: string }> }).skills.map((s) => [s.id, s.verdict]),
      [
        ['b', 'loaded'],
        ['ghost', 'not_found'],
      ],
    );
    assert.match(json.err, /^config\/agents\.d\/10-kate\.yaml:4:\d+: warning: agent `kate`: no SKILL\.md for `ghost`/m);
    const table = cli(['check', '--agent', 'kate', '--no-probe', '--no-cache'], root);
    assert.match(table.out, /^● b\s/m);
    assert.doesNotMatch(table.out, /^● a\s/m);
    assert.equal(cli(['check', '--agent', 'zed', '--json', '--no-probe', '--no-cache'], root).code, 0, 'an agent only a drop-in defines');
    assert.equal(
      cli(['index', '--runtime', 'nexo', '--agent', 'kate', '--no-probe', '--no-cache'], root).out,
      '# SKILLS\n\n## b\n> The b skill.\n\nBody of b.\n',
    );
    writeUnder(root, 'config/agents.d/20-broken.yaml', 'agents: [\n');
    const refused = cli(['check', '--agent', 'kate', '--no-probe', '--no-cache'], root);
    assert.match(refused.err, /^config\/agents\.d\/20-broken\.yaml:\d+:\d+: error: YAML/m);
    assert.match(refused.err, /nexo-rs refuses this agents file/);
    assert.equal(refused.code, 1);
  });
});

describe('the language server: agents.d drop-ins', function () {
  this.timeout(60000);

  it("the agent view is the drop-in's agent; a drop-in created or deleted is read again; its problems are published on it", async () => {
    const {
      tmp: dir,
      ws,
      env,
    } = tempWorkspace('sa-drop-ins-', {
      'skills/a/SKILL.md': skill('a'),
      'skills/b/SKILL.md': skill('b'),
      'config/agents.yaml': agents(agent('kate', '[a]')),
    });
    const client = LspClient.start({ cwd: ws, env });
    const listed = async (): Promise<string> => {
      await client.conn.sendRequest(SkillsIdleRequest.type);
      const view = await client.conn.sendRequest(AgentViewRequest.type, { agent: 'kate' });
      return (view?.skills ?? []).map((s) => `${s.id}:${s.status.verdict}`).join(',');
    };
    const watched = (file: string, type: FileChangeType): Promise<void> =>
      client.conn.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uriOf(file), type }] });
    try {
      await client.initialize(ws, undefined, { ...CAPABILITIES, experimental: { skillAuthor: { skillsModel: true } } });
      assert.equal(await listed(), 'a:loaded');
      const from = client.published.length;
      const dropIn = writeUnder(ws, 'config/agents.d/10-kate.yaml', agents(agent('kate', '[b, ghost]')));
      await watched(dropIn, FileChangeType.Created);
      await waitFor('the drop-in read', async () => (await listed()) === 'b:loaded,ghost:not_found');
      const published = await client.diagnostics(uriOf(dropIn), { from });
      assert.deepEqual(
        published.diagnostics.map((d) => [d.severity, d.range.start.line]),
        [[2, 3]],
      );
      assert.match(published.diagnostics[0]?.message ?? '', /no SKILL\.md for `ghost`/);
      unlinkSync(dropIn);
      await watched(dropIn, FileChangeType.Deleted);
      await waitFor('the drop-in gone', async () => (await listed()) === 'a:loaded');
    } finally {
      client.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('nexo-rs: a blank skills_dir injects no skill at all (RULES.md §1, §11)', () => {
  it('`""` is blank; `"  "` resolves to the config folder and is trimmed (not blank); a trailing space is trimmed', () => {
    assert.equal(resolveSkillsDir('/x/config', ''), '');
    assert.equal(resolveSkillsDir('/x/config', '  '), '/x/config/');
    assert.equal(resolveSkillsDir('/x/config', '\u3000'), '/x/config/');
    assert.equal(resolveSkillsDir('/x/config', '../skills  '), '/x/config/../skills');
    assert.equal(resolveSkillsDir('/abs/skills\t', '/abs/skills\t'), '/abs/skills');
    assert.equal(resolveSkillsDir('/x/config', ' ./skills'), '/x/config/ ./skills');
  });

  it('check --agent: no row at all for an agent whose skills_dir is "" (not a not_found per listed skill), and a warning saying why', async () => {
    const root = tree({
      'skills/a/SKILL.md': skill('a'),
      'config/a/SKILL.md': skill('config-a'),
      'config/agents.yaml': agents(
        agent('blank', '[a, ghost]').replace('skills_dir: ../skills', 'skills_dir: ""'),
        agent('spaces', '[a]').replace('skills_dir: ../skills', 'skills_dir: "  "'),
      ),
    });
    const engine = new Engine({ probe: false });
    try {
      const blank = (await engine.loadAgent(path.join(root, 'config/agents.yaml'), 'blank')).agent;
      assert.ok(blank);
      assert.deepEqual(await engine.checkAgent(blank), []);
      // "  " is `<config>/  ` trimmed: the config folder, whose a/SKILL.md is found.
      const spaces = (await engine.loadAgent(path.join(root, 'config/agents.yaml'), 'spaces')).agent;
      assert.ok(spaces);
      assert.deepEqual(
        (await engine.checkAgent(spaces)).map((s) => [s.id, s.status.verdict, path.relative(root, s.location.file)]),
        [['a', 'loaded', 'config/a/SKILL.md']],
      );
    } finally {
      engine.dispose();
    }
    const f = parseAgentsFile(agents(agent('blank', '[a]').replace('skills_dir: ../skills', 'skills_dir: ""')), path.join(root, 'config/agents.yaml'));
    assert.ok(f.problems.some((p) => p.severity === 'warning' && /skills_dir.*empty.*no skill/.test(p.message) && p.line === 5));
    const r = cli(['check', '--agent', 'blank', '--json', '--no-probe', '--no-cache'], root);
    assert.deepEqual((JSON.parse(r.out) as { skills: unknown[] }).skills, []);
    assert.match(r.err, /warning: agent `blank`: `skills_dir` is empty/);
    assert.doesNotMatch(r.err, /no SKILL\.md for/);
    assert.doesNotMatch(r.err, /no SKILL\.md found under/);
  });
});

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
    // Without a description the root SKILL.md is no skill for OpenClaw 2026.4.12, which then loads the
    // sub-folders (a46); 2026.9.6 loads nothing from such a root.
    const bare = tree(layout(false));
    const verdicts = (runtime: string): Array<[string, string]> =>
      (
        JSON.parse(cli(['check', 'root', '--json', '--no-probe', '--no-cache', '--runtime', runtime], bare).out) as {
          skills: Array<{ id: string; verdict: string }>;
        }
      ).skills.map((s) => [s.id, s.verdict]);
    assert.deepEqual(verdicts('openclaw@2026.4.12')[1], ['sub', 'loaded']);
    assert.deepEqual(verdicts('openclaw@2026.9.6')[1], ['sub', 'not_loadable']);
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
