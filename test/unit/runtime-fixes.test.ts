// OpenClaw's fixes as quick fixes and in `check --fix`'s core (runtimeFixes, fixText with a scope); the CLI's
// side is in cli-fix.test.ts.
import { strict as assert } from 'node:assert';
import { analyzeSkill } from '../../src/core/check/analyze';
import { applyEdits, fixText } from '../../src/core/assist/fix';
import { runtimeFixes } from '../../src/core/assist/runtimeFixes';
import { analyzeSkillText } from '../../src/core/runtimes/openclaw/findings';
import type { RuntimeId } from '../../src/core/runtimes/types';

const FILE = '/ws/my-skill/SKILL.md';
const skill = (fm: string): string => `---\nname: my-skill\ndescription: d\n${fm}\n---\n\nBody.\n`;
const analyze = (t: string) => analyzeSkill(t, { dirName: 'my-skill' });
const openclawCodes = (t: string): string[] => analyzeSkillText(FILE, t).map((f) => f.code);

const CASES: Array<[string, string, string, string]> = [
  ['os macos → darwin', skill('metadata: {"openclaw": {"os": ["macos"]}}'), 'openclaw-os-value', skill('metadata: {"openclaw": {"os": ["darwin"]}}')],
  ['os Linux → linux', skill('metadata: {"openclaw": {"os": ["Linux"]}}'), 'openclaw-os-value', skill('metadata: {"openclaw": {"os": ["linux"]}}')],
  [
    'always "true" → true',
    skill('metadata: {"openclaw": {"always": "true"}}'),
    'openclaw-always-not-boolean',
    skill('metadata: {"openclaw": {"always": true}}'),
  ],
  [
    'requires.bin → bins',
    skill('metadata: {"openclaw": {"requires": {"bin": ["jq"]}}}'),
    'openclaw-requires-unknown-key',
    skill('metadata: {"openclaw": {"requires": {"bins": ["jq"]}}}'),
  ],
  [
    'bins and env moved under requires',
    skill('metadata: {"openclaw": {"emoji": "x", "bins": ["jq"], "requires": {"config": ["a.b"]}, "env": ["TOKEN"]}, "hermes": {"tags": ["t"]}}'),
    'openclaw-requires-misplaced',
    skill('metadata: {"openclaw": {"emoji": "x", "requires": {"config": ["a.b"], "bins": ["jq"], "env": ["TOKEN"]}}, "hermes": {"tags": ["t"]}}'),
  ],
];

describe('runtime fixes: OpenClaw findings as quick fixes', () => {
  for (const [title, text, code, expected] of CASES) {
    it(`${title}: offered where OpenClaw applies, safe, and it removes the finding`, () => {
      const fixes = runtimeFixes(analyze(text), FILE, ['openclaw']).filter((f) => f.finding.code === code);
      assert.ok(fixes.length >= 1, JSON.stringify(openclawCodes(text)));
      // One finding per misplaced key, one edit for all of them.
      for (const other of fixes) assert.deepEqual(other.fix.edits, fixes[0]!.fix.edits);
      const f = fixes[0]!;
      assert.equal(f.fix.safe, true);
      const fixed = applyEdits(text, f.fix.edits);
      assert.equal(fixed, expected);
      assert.ok(!openclawCodes(fixed).includes(code));
      assert.deepEqual(runtimeFixes(analyze(text), FILE, ['nexo', 'hermes', 'claude-code']), [], 'not where OpenClaw does not apply');
    });
  }

  it('a move is offered only when metadata is one line of plain JSON and `requires` lacks the key', () => {
    const moves = (t: string) => runtimeFixes(analyze(t), FILE, ['openclaw']).filter((f) => f.finding.code === 'openclaw-requires-misplaced');
    assert.equal(moves(skill('metadata: {"openclaw": {"bins": ["jq"], "requires": {"bins": ["yq"]}}}')).length, 0, 'would overwrite requires.bins');
    assert.equal(moves(skill('metadata: {"openclaw": {"bins": ["jq"], "homepage": "https://x.y"}}')).length, 0, 'a // might be a comment: not rewritten');
    assert.equal(moves(skill('metadata:\n  openclaw:\n    bins: [jq]')).length, 0, 'YAML block: not rewritten');
    assert.ok(
      openclawCodes(skill('metadata: {"openclaw": {"bins": ["jq"], "requires": {"bins": ["yq"]}}}')).includes('openclaw-requires-misplaced'),
      'still reported',
    );
  });

  it('no offered fix makes the file worse (no new error from OpenClaw or the author view, fewer of its finding)', () => {
    const corpus = [
      ...CASES.map((c) => c[1]),
      skill('metadata: {"clawdbot": {"os": ["macos"]}}'),
      skill('metadata: {openclaw: {requires: {bins: [jq]}}}'),
      skill('description2: x\nmetadata: {"openclaw": {"always": "yes", "os": ["mac", "Windows"]}}'),
      '---\nname: my-skill\ndescription: Use when: asked\nmetadata: {"openclaw": {"os": ["macos"]}}\n---\nBody.\n',
      '\ufeff' + skill('metadata: {"openclaw": {"os": ["macos"]}}'),
      skill('metadata: {"openclaw": {"os": ["macos"]}}').replace(/\n/g, '\r\n'),
    ];
    let offered = 0;
    for (const text of corpus) {
      const a = analyze(text);
      const errors = new Set(a.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code));
      const ocErrors = new Set(
        analyzeSkillText(FILE, text)
          .filter((f) => f.severity === 'error')
          .map((f) => f.code),
      );
      for (const { finding, fix } of runtimeFixes(a, FILE, ['openclaw'])) {
        offered++;
        const next = applyEdits(text, fix.edits);
        const after = analyzeSkillText(FILE, next);
        assert.ok(
          after.filter((f) => f.code === finding.code).length < analyzeSkillText(FILE, text).filter((f) => f.code === finding.code).length,
          `${finding.code} in ${next}`,
        );
        for (const f of after) if (f.severity === 'error') assert.ok(ocErrors.has(f.code), `${f.code} after ${fix.title}`);
        for (const d of analyze(next).diagnostics) if (d.severity === 'error') assert.ok(errors.has(d.code), `${d.code} after ${fix.title}`);
      }
    }
    assert.ok(offered >= 10, `only ${offered} fixes offered`);
  });

  it('fixText with a scope: OpenClaw fixes only where OpenClaw applies, over several passes', () => {
    const text = skill('metadata: {"openclaw": {"os": ["macos"], "always": "true", "bins": ["jq"]}}');
    const scope = (runtimes: RuntimeId[]) => ({ file: FILE, runtimes: () => runtimes });
    const r = fixText(text, analyze, { scope: scope(['openclaw']) });
    assert.equal(r.text, skill('metadata: {"openclaw": {"os": ["darwin"], "always": true, "requires": {"bins": ["jq"]}}}'));
    assert.deepEqual(r.applied.map((f) => f.code).sort(), ['openclaw-always-not-boolean', 'openclaw-os-value', 'openclaw-requires-misplaced']);
    // What is left is true information: `always: true` now counts, and does not override `os`.
    assert.deepEqual(openclawCodes(r.text), ['openclaw-always-vs-os']);
    assert.equal(fixText(text, analyze, { scope: scope(['hermes']) }).text, text);
  });

  it('fixText with a scope: the author view’s fixes only for the runtimes that own the finding', () => {
    const unnamed = '---\ndescription: No name.\n---\nBody.\n';
    const scope = (runtimes: RuntimeId[]) => ({ file: FILE, runtimes: () => runtimes });
    assert.equal(fixText(unnamed, analyze, { scope: scope(['claude-code']) }).text, unnamed, 'Claude Code takes the folder name: nothing to fix');
    assert.equal(fixText(unnamed, analyze, { scope: scope(['agentskills']) }).text, '---\nname: my-skill\ndescription: No name.\n---\nBody.\n');
  });
});
