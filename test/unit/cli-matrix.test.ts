// `check --matrix`: one skill, every agent runtime, side by side. A skill in a shared folder (.claude/skills,
// .agents/skills) is read by several agent CLIs, each its own way; the matrix says, per runtime, whether it lists
// the skill in full, cut, by name only, shadowed, or not at all — each cell that runtime's own verdict (the same
// one `check --json --runtime R` gives), never a guess from where the skill lives.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkJson, cliSync } from '../utils/cli';

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

const skill = (name: string, description: string): string => `---\nname: ${name}\ndescription: ${description}\n---\n\nDo it.\n`;

interface MatrixJson {
  version: number;
  runtimes: Array<{ runtime: string; version?: string; installed: boolean }>;
  skills: Array<{ path: string; name: string; cells: Record<string, { state: string; listed_as: string | null; why?: string }> }>;
}

describe('check --matrix', function () {
  this.timeout(60000);
  let tmp: string;
  let home: string;
  let project: string;
  let env: NodeJS.ProcessEnv;

  beforeEach(() => {
    tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'matrix-')));
    home = path.join(tmp, 'home');
    project = path.join(tmp, 'project');
    fs.mkdirSync(path.join(project, '.git'), { recursive: true });
    env = { PATH: '/usr/bin:/bin', HOME: home, CLAUDE_CODE_DISABLE_BUNDLED_SKILLS: '1' };
    write(path.join(home, '.claude', 'settings.json'), JSON.stringify({ enabledPlugins: { 'cc-plugin-plugin-authoring@builtin': false } }));
    write(path.join(home, '.copilot', 'settings.json'), JSON.stringify({ disabledSkills: ['customize-cloud-agent', 'github-pr-media', 'discover-resources'] }));
    write(path.join(project, '.agents', 'skills', 'deploy', 'SKILL.md'), skill('deploy', 'Deploys from .agents.'));
    write(path.join(project, '.claude', 'skills', 'deploy', 'SKILL.md'), skill('deploy', 'Deploys from .claude.'));
    write(path.join(project, '.claude', 'skills', 'notes', 'SKILL.md'), skill('notes', 'Takes notes.'));
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('--json: a cell per runtime that reads one of the folders, each equal to that runtime’s own verdict', () => {
    const r = cliSync(['check', '--matrix', '--json', '--no-cache', '.'], { cwd: project, env });
    assert.equal(r.code, 0, r.err);
    const m = JSON.parse(r.out) as MatrixJson;
    assert.equal(m.version, 1);
    const ids = m.runtimes.map((c) => c.runtime);
    for (const id of ['claude-code', 'codex', 'copilot-cli', 'gemini-cli', 'opencode', 'qwen-code'])
      assert.ok(ids.includes(id), `${id} is a column: ${ids.join(', ')}`);
    for (const c of m.runtimes) assert.equal(c.installed, false, 'nothing is installed on PATH=/usr/bin:/bin');
    const row = (p: string) => {
      const x = m.skills.find((s) => s.path === p);
      assert.ok(x, `no row ${p}: ${m.skills.map((s) => s.path).join(', ')}`);
      return x.cells;
    };
    const claudeDeploy = row('.claude/skills/deploy/SKILL.md');
    assert.equal(claudeDeploy['claude-code']?.state, 'full');
    assert.equal(claudeDeploy['codex']?.state, 'not_read');
    // Copilot CLI reads .agents/skills before .claude/skills and keeps the first `deploy`.
    assert.equal(claudeDeploy['copilot-cli']?.state, 'shadowed');
    assert.match(claudeDeploy['copilot-cli']?.why ?? '', /deploy/);
    const agentsDeploy = row('.agents/skills/deploy/SKILL.md');
    assert.equal(agentsDeploy['claude-code']?.state, 'not_read');
    assert.equal(agentsDeploy['codex']?.state, 'full');
    assert.equal(agentsDeploy['copilot-cli']?.state, 'full');
    assert.equal(agentsDeploy['copilot-cli']?.listed_as, 'deploy');
    // Gemini CLI reads .agents/skills only in a folder it trusts: none was trusted here, and the cell says so.
    assert.notEqual(agentsDeploy['gemini-cli']?.state, 'full');
    assert.match(agentsDeploy['gemini-cli']?.why ?? '', /not trusted .*trustedFolders\.json/);
    // Trusting the folder is a step of setup (amber), not a folder Gemini CLI never reads; once trusted, it lists it.
    const deployFile = path.join(project, '.agents', 'skills', 'deploy', 'SKILL.md');
    const gemini = () => checkJson(project, env, ['.'], ['--runtime', 'gemini-cli']).get(deployFile)?.runtimes[0];
    assert.deepEqual([gemini()?.verdict, gemini()?.color], ['needs_setup', 'amber']);
    write(path.join(home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [project]: 'TRUST_FOLDER' }));
    assert.deepEqual([gemini()?.listing, gemini()?.listed_as], ['full', 'deploy']);
    fs.rmSync(path.join(home, '.gemini'), { recursive: true, force: true });

    // Each cell is the runtime's own verdict: the same as check --json judged by that runtime alone.
    for (const id of ids) {
      const alone = checkJson(project, env, ['.'], ['--runtime', id]);
      for (const s of m.skills) {
        const e = alone.get(path.join(project, s.path));
        const v = e?.runtimes.find((x) => x.runtime === id);
        assert.ok(v, `${id} judged ${s.path}`);
        assert.equal(s.cells[id]?.listed_as ?? null, v.listed_as ?? null, `${id} ${s.path}`);
      }
    }
  });

  it('text: one row per skill, the runtimes with their versions, states in words; --runtime picks the columns', () => {
    const r = cliSync(['check', '--matrix', '--no-cache', '--runtime', 'claude-code,copilot-cli', '.'], { cwd: project, env });
    assert.equal(r.code, 0, r.err);
    const lines = r.out.split('\n');
    assert.match(lines[0] ?? '', /^skill\s+Claude Code 2\.1\.332\s+Copilot CLI 1\.0\.102$/);
    assert.doesNotMatch(lines[0] ?? '', /Codex/);
    assert.match(r.out, /^\.claude\/skills\/deploy\/SKILL\.md\s+full\s+shadowed$/m);
    assert.match(r.out, /^\.agents\/skills\/deploy\/SKILL\.md\s+not read\s+full$/m);
    assert.match(r.out, /^3 skills, 2 runtimes: 1 not listed in full by some runtime that reads it\.$/m);
  });

  it('refuses what it cannot print', () => {
    const r = cliSync(['check', '--matrix', '--format', 'sarif', '.'], { cwd: project, env });
    assert.equal(r.code, 2);
    assert.match(r.err, /--matrix prints a table or JSON/);
  });
});
