// The agent CLIs' listings through the CLI a user runs: `check --json` carries each skill's `listing` and
// `listed_as` for Claude Code, Codex and Copilot CLI; the table says it and closes with each runtime's budget
// line; `index --runtime claude-code@2.1.332` with no path prints the section Claude Code sends from here; a
// skill shadowed by a user skill, cut by the budget, or too deep is said in the runtime's terms.

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

describe('the agent CLIs in check and index', function () {
  this.timeout(60000);
  let tmp: string;
  let home: string;
  let project: string;
  let env: NodeJS.ProcessEnv;

  beforeEach(() => {
    tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'agent-listing-')));
    home = path.join(tmp, 'home');
    project = path.join(tmp, 'project');
    fs.mkdirSync(path.join(project, '.git'), { recursive: true });
    env = { PATH: '/usr/bin:/bin', HOME: home, CLAUDE_CODE_DISABLE_BUNDLED_SKILLS: '1' };
    write(path.join(home, '.claude', 'settings.json'), JSON.stringify({ enabledPlugins: { 'cc-plugin-plugin-authoring@builtin': false } }));
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('check --json: listing and listed_as per Claude Code skill; shadowing, names and depth in its terms', () => {
    write(path.join(home, '.claude', 'skills', 'deploy', 'SKILL.md'), skill('deploy', 'User deploy.'));
    write(path.join(project, '.claude', 'skills', 'deploy', 'SKILL.md'), skill('deploy', 'Project deploy.'));
    write(path.join(project, '.claude', 'skills', 'pdf-tools', 'SKILL.md'), skill('pdf-helper', 'Reads PDFs.'));
    write(path.join(project, '.claude', 'skills', 'group', 'deep', 'SKILL.md'), skill('deep', 'Too deep.'));
    const skills = checkJson(project, env, ['.', path.join(home, '.claude', 'skills')], ['--runtime', 'claude-code']);
    const cc = (file: string): NonNullable<ReturnType<typeof skills.get>>['runtimes'][number] => {
      const e = skills.get(file);
      assert.ok(e, `no entry for ${file}: ${[...skills.keys()].join(', ')}`);
      const r = e.runtimes.find((x) => x.runtime === 'claude-code');
      assert.ok(r);
      return r;
    };
    const user = cc(path.join(home, '.claude', 'skills', 'deploy', 'SKILL.md'));
    assert.equal(user.listing, 'full');
    assert.equal(user.listed_as, 'deploy');
    assert.equal(user.runtime_version, '2.1.332');
    const shadowed = cc(path.join(project, '.claude', 'skills', 'deploy', 'SKILL.md'));
    assert.equal(shadowed.listing, 'absent');
    assert.equal(shadowed.listed_as, null);
    assert.deepEqual(shadowed.hidden_by, ['duplicate_name']);
    assert.match(shadowed.reasons.join(' '), /shadowed by ~\/\.claude\/skills\/deploy: Claude Code lists the first skill named `deploy`/);
    const entry = skills.get(path.join(project, '.claude', 'skills', 'deploy', 'SKILL.md'));
    assert.ok(entry?.diagnostics.some((d) => d.code === 'claude-code-shadowed' && d.runtime === 'claude-code'));
    assert.equal(cc(path.join(project, '.claude', 'skills', 'pdf-tools', 'SKILL.md')).listed_as, 'pdf-tools (pdf-helper)');
    const deep = cc(path.join(project, '.claude', 'skills', 'group', 'deep', 'SKILL.md'));
    assert.equal(deep.verdict, 'not_found');
    assert.match(deep.reasons.join(' '), /one level down/);
  });

  it('the table says how each skill is listed and closes with the budget line; over the budget a skill is amber', () => {
    for (let i = 0; i < 6; i++) write(path.join(project, '.claude', 'skills', `s${i}`, 'SKILL.md'), skill(`s${i}`, `${'Long words here. '.repeat(10)}(${i})`));
    const r = cliSync(['check', '--no-probe', '--no-cache', '--runtime', 'claude-code', '.'], {
      cwd: project,
      env: { ...env, SLASH_COMMAND_TOOL_CHAR_BUDGET: '500' },
    });
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /claude-code\s+listed\s/);
    assert.match(r.out, /claude-code\s+listed, name only/);
    assert.match(r.out, /Claude Code 2\.1\.332 listing from \.: \d+ of 500 characters \(SLASH_COMMAND_TOOL_CHAR_BUDGET\); \d skills? lost description text/);
    const json = checkJson(project, { ...env, SLASH_COMMAND_TOOL_CHAR_BUDGET: '500' }, ['.'], ['--runtime', 'claude-code']);
    const states = [...json.values()].map((e) => [e.runtimes[0]?.listing, e.color]);
    assert.ok(states.some(([l, c]) => l === 'full' && c === 'green'));
    assert.ok(states.some(([l, c]) => l === 'name_only' && c === 'amber'));
  });

  it('index --runtime claude-code@2.1.332 with no path prints the section Claude Code sends from here', () => {
    write(path.join(home, '.claude', 'skills', 'draft-email', 'SKILL.md'), skill('draft-email', 'Writes a <first> draft.'));
    write(path.join(project, '.claude', 'skills', 'rotate-logs', 'SKILL.md'), skill('rotate-logs', 'Rotates the logs.'));
    const r = cliSync(['index', '--runtime', 'claude-code@2.1.332'], { cwd: project, env });
    assert.equal(r.code, 0, r.err);
    assert.equal(
      r.out,
      'The following skills are available for use with the Skill tool:\n\n- draft-email: Writes a &lt;first&gt; draft.\n- rotate-logs: Rotates the logs.\n',
    );
    assert.match(r.err, /the index of Claude Code 2\.1\.332/);
    // With its own skills on (the default), they are named on stderr, never printed.
    const withOwn = cliSync(['index', '--runtime', 'claude-code'], { cwd: project, env: { PATH: env['PATH'], HOME: home } });
    assert.match(withOwn.err, /Claude Code also lists 1[23] skills of its own \(dataviz, /);
    assert.equal(withOwn.out, r.out);
  });

  it('Codex and Copilot CLI judge an .agents/skills skill by their own listings', () => {
    write(path.join(home, '.codex', 'config.toml'), '[skills.bundled]\nenabled = false\n');
    write(path.join(home, '.copilot', 'settings.json'), JSON.stringify({ disabledSkills: ['customize-cloud-agent', 'github-pr-media', 'discover-resources'] }));
    write(path.join(project, '.agents', 'skills', 'lint', 'SKILL.md'), skill('lint', 'Lints the code.'));
    write(path.join(project, '.agents', 'skills', 'broken', 'SKILL.md'), '---\nname: broken\ndescription: Use when: it breaks.\n---\n\nBody.\n');
    const skills = checkJson(project, env, ['.'], ['--runtime', 'codex,copilot-cli']);
    const lint = skills.get(path.join(project, '.agents', 'skills', 'lint', 'SKILL.md'));
    assert.deepEqual(
      lint?.runtimes.map((r) => [r.runtime, r.listing, r.listed_as]),
      [
        ['codex', 'full', 'lint'],
        ['copilot-cli', 'full', 'lint'],
      ],
    );
    // Codex reads the unquoted `: ` as text; Copilot CLI refuses the file in its own words.
    const broken = skills.get(path.join(project, '.agents', 'skills', 'broken', 'SKILL.md'));
    assert.equal(broken?.runtimes.find((r) => r.runtime === 'codex')?.listing, 'full');
    const copilot = broken?.runtimes.find((r) => r.runtime === 'copilot-cli');
    assert.equal(copilot?.listing, 'absent');
    assert.equal(copilot?.verdict, 'not_loadable');
    assert.ok(broken?.diagnostics.some((d) => d.code === 'copilot-cli-unreadable' && /mapping values are not allowed/.test(d.message)));
  });
});
