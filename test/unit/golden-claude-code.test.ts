// Every shared Claude Code golden case (../shared/golden/claude-code), run through the emulation of Claude Code
// 2.1.332's start-up and compared with what the release itself sent a loopback model endpoint: the skills
// section byte for byte, each SKILL.md's state and listed name, stderr, and the release's own entries by width.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { strict as assert } from 'node:assert';
import { runClaudeCode } from '../../src/core/runtimes/claude-code/listing';
import { agentCases, assertRunMatches, setUpAgentCase, SHARED_GOLDEN } from '../utils/agent-golden';

describe('Claude Code 2.1.332 golden cases (../shared/golden/claude-code)', function () {
  const cases = agentCases('claude-code');
  if (!cases.length) {
    it('needs ../shared/golden/claude-code', function () {
      this.skip();
    });
    return;
  }
  it('has every case of the set', () => {
    assert.ok(fs.existsSync(path.join(SHARED_GOLDEN, 'claude-code', 'RULES.md')));
    assert.ok(cases.length >= 44, `${cases.length} cases`);
  });
  for (const c of cases) {
    it(`${c.name}: ${c.json.description}`, () => {
      const box = setUpAgentCase(c);
      try {
        assertRunMatches(c, box, runClaudeCode(box.ctx));
      } finally {
        box.dispose();
      }
    });
  }
});
