import * as assert from 'node:assert/strict';
import { applicableRuntimes, parseRuntimeList } from '../../src/core/runtimes/detect';

const home = '/home/ann';
const env = {};
const ids = (dir: string, data: Record<string, unknown> | null = null, extra: object = {}): string[] =>
  applicableRuntimes({ dir, data, home, env, ...extra }).map((a) => a.runtime);

describe('which runtimes apply to a skill', () => {
  it('by location', () => {
    assert.deepEqual(ids('/home/ann/.hermes/skills/dev/lint'), ['hermes']);
    assert.deepEqual(ids('/srv/h/skills/x', null, { env: { HERMES_HOME: '/srv/h' } }), ['hermes']);
    assert.deepEqual(ids('/home/ann/.openclaw/workspace/skills/x'), ['openclaw']);
    assert.deepEqual(ids('/repo/.claude/skills/x'), ['claude-code', 'copilot-cli', 'opencode', 'vscode']);
    assert.deepEqual(ids('/home/ann/.claude/skills/x'), ['claude-code', 'opencode', 'vscode']);
    assert.deepEqual(ids('/repo/.github/skills/x'), ['copilot-cli', 'vscode']);
    assert.deepEqual(ids('/home/ann/.copilot/skills/x'), ['copilot-cli', 'vscode']);
    assert.deepEqual(ids('/repo/.agents/skills/x'), ['codex', 'copilot-cli', 'gemini-cli', 'opencode', 'qwen-code', 'vscode', 'agentskills']);
    assert.deepEqual(ids('/repo/.gemini/skills/x'), ['gemini-cli']);
    assert.deepEqual(ids('/repo/.qwen/skills/x'), ['qwen-code']);
    assert.deepEqual(ids('/repo/.opencode/skill/x'), ['opencode']);
    assert.deepEqual(ids('/home/ann/.config/opencode/skills/x'), ['opencode']);
    assert.deepEqual(ids('/repo/.codex/skills/x'), ['codex']);
    assert.deepEqual(ids('/cfg/skills/x', null, { nexoSkillsDirs: ['/cfg/skills'] }), ['nexo']);
  });
  it('the skills folder itself is not a skill below it', () => {
    assert.deepEqual(ids('/home/ann/.hermes/skills'), ['agentskills']);
    assert.deepEqual(ids('/repo/.claude/skills'), ['agentskills']);
  });
  it('by fields, in addition to location, in a fixed order', () => {
    assert.deepEqual(ids('/repo/.claude/skills/x', { requires: { bins: ['jq'] }, platforms: ['linux'] }), [
      'nexo',
      'hermes',
      'claude-code',
      'copilot-cli',
      'opencode',
      'vscode',
    ]);
    assert.deepEqual(ids('/tmp/x', { metadata: { openclaw: {} } }), ['openclaw']);
    assert.deepEqual(ids('/tmp/x', { metadata: { hermes: { tags: [] } } }), ['hermes']);
    assert.deepEqual(ids('/tmp/x', { required_environment_variables: ['A'] }), ['hermes']);
  });
  it('falls back to the open format, and says why', () => {
    const a = applicableRuntimes({ dir: '/tmp/x', data: { name: 'x', description: 'y' }, home, env });
    assert.equal(a.length, 1);
    assert.equal(a[0]?.runtime, 'agentskills');
    assert.match(a[0]?.why ?? '', /open Agent Skills format/);
  });
  it('asked again for the same frontmatter, answers from memory only when every other input is the same', () => {
    const data = { platforms: ['linux'] };
    const first = applicableRuntimes({ dir: '/repo/.claude/skills/x', data, home, env });
    const again = applicableRuntimes({ dir: '/repo/.claude/skills/x', data, home, env, pinned: [] });
    assert.deepEqual(again, first);
    // Each answer is the caller's own: changing one does not change the next.
    again.length = 0;
    assert.deepEqual(applicableRuntimes({ dir: '/repo/.claude/skills/x', data, home, env }), first);
    // Another folder, home, environment, agents file or pin: worked out again.
    assert.deepEqual(
      applicableRuntimes({ dir: '/tmp/x', data, home, env }).map((a) => a.runtime),
      ['hermes'],
    );
    assert.deepEqual(
      applicableRuntimes({ dir: '/srv/h/skills/x', data, home, env: { HERMES_HOME: '/srv/h' } }).map((a) => a.runtime),
      ['hermes'],
    );
    assert.deepEqual(
      applicableRuntimes({ dir: '/home/bob/.claude/skills/x', data, home: '/home/bob', env }).map((a) => a.runtime),
      ['hermes', 'claude-code', 'opencode', 'vscode'],
    );
    assert.deepEqual(
      applicableRuntimes({ dir: '/cfg/skills/x', data, home, env, nexoSkillsDirs: ['/cfg/skills'] }).map((a) => a.runtime),
      ['nexo', 'hermes'],
    );
    assert.deepEqual(
      applicableRuntimes({ dir: '/tmp/x', data, home, env, pinned: ['nexo'] }).map((a) => a.runtime),
      ['nexo'],
    );
  });
  it('pinned runtimes replace detection', () => {
    assert.deepEqual(ids('/home/ann/.hermes/skills/x', { requires: {} }, { pinned: ['openclaw', 'nexo'] }), ['nexo', 'openclaw']);
  });
  it('parses --runtime lists', () => {
    assert.deepEqual(parseRuntimeList('hermes, nexo,hermes,bogus'), { runtimes: ['hermes', 'nexo'], versions: {}, unknown: ['bogus'], conflicts: [] });
  });
});
