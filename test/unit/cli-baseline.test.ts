// `check --baseline FILE`, through the built `dist/cli.js` in a real child process.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type * as Sarif from 'sarif';
import type { Entry } from '../../src/core/check/entry';
import { applyBaseline, maskPositions, parseBaseline } from '../../src/cli/baseline';
import { cliSync, diagnosticsOf } from '../utils/cli';
import { writeUnder } from '../utils/fs';

let tmp: string;

// Two error findings: nexo-rs's npm-style constraint (its message quotes the value) and a YAML syntax error
// (its message quotes the line number, which moves when lines are inserted above it).
const NEXO = 'tree/skills/nexo/SKILL.md';
const YAML = 'tree/skills/yaml/SKILL.md';
const nexoSkill = (above = '', constraints = ['tool: ">=1 <2"'], body = 'Body.\n'): string =>
  `---\nname: nexo\ndescription: A nexo-rs skill.\n${above}requires:\n  bins: [tool, tool2]\n  bin_versions:\n${constraints.map((c) => `    ${c}\n`).join('')}---\n${body}`;
const yamlSkill = (above = '', body = 'Body.\n'): string => `---\nname: yaml\n${above}description: Use when: things break\n---\n${body}`;

function run(args: string[], cwd = tmp) {
  return cliSync([...args, '--no-probe', '--no-cache'], { cwd, env: { PATH: '/usr/bin:/bin', HOME: tmp } });
}

function put(rel: string, text: string): void {
  writeUnder(tmp, rel, text);
}

/** The findings of a `check --json` document, each marked `baseline` when the baseline holds it. */
const findingsOf = (json: string) => diagnosticsOf<Entry['diagnostics'][number] & { baseline?: boolean }>(json);

/** Write the original tree and take a baseline of it. */
function takeBaseline(): void {
  put(NEXO, nexoSkill());
  put(YAML, yamlSkill());
  const r = run(['check', 'tree', '--json']);
  assert.equal(r.code, 1, r.err);
  writeFileSync(path.join(tmp, 'baseline.json'), r.out);
  assert.deepEqual(
    findingsOf(r.out)
      .filter((d) => d.severity === 'error')
      .map((d) => d.code)
      .sort(),
    ['constraint-invalid', 'yaml-syntax'],
  );
}

beforeEach(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'skill-author-baseline-'));
  takeBaseline();
});

afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('cli: check --baseline', () => {
  it('after unrelated edits above the findings (frontmatter and body), nothing is new: exit 0', () => {
    put(NEXO, nexoSkill('metadata:\n  owner: me\n  team: us\n', undefined, '# Title\n\nMore body.\n\nBody.\n'));
    put(YAML, yamlSkill('license: MIT\nmetadata:\n  a: b\n', 'Intro.\n\nBody.\n'));
    const plain = run(['check', 'tree']);
    assert.equal(plain.code, 1, 'without the baseline the errors still fail the check');
    const r = run(['check', 'tree', '--baseline', 'baseline.json']);
    assert.equal(r.code, 0, r.out + r.err);
    // The findings moved: the baseline still holds them.
    assert.match(r.out, /tree\/skills\/nexo\/SKILL\.md:10:\d+ error constraint-invalid \(baseline\)/);
    assert.match(r.out, /tree\/skills\/yaml\/SKILL\.md:6:\d+ error yaml-syntax \(baseline\) YAML syntax error on line 6/);
    assert.match(r.out, /· 2 errors, 0 warnings · 2 in the baseline\n$/);
    const j = run(['check', 'tree', '--baseline', 'baseline.json', '--json']);
    assert.equal(j.code, 0);
    assert.deepEqual(
      findingsOf(j.out).filter((d) => !d.baseline),
      [],
    );
    assert.equal(run(['check', 'tree', '--baseline', 'baseline.json', '--format', 'github']).out, '');
  });

  it('a new error fails the check and is the only one listed as new', () => {
    put(NEXO, nexoSkill('', ['tool: ">=1 <2"', 'tool2: "^1 || ^2"']));
    const r = run(['check', 'tree', '--baseline', 'baseline.json', '--json']);
    assert.equal(r.code, 1);
    const fresh = findingsOf(r.out).filter((d) => !d.baseline);
    assert.deepEqual(
      fresh.map((d) => [d.path, d.code, d.line]),
      [[NEXO, 'constraint-invalid', 8]],
    );
    assert.match(fresh[0]!.message, /\^1 \|\| \^2/);
    const text = run(['check', 'tree', '--baseline', 'baseline.json']).out;
    assert.match(text, /nexo\/SKILL\.md:8:\d+ error constraint-invalid Invalid version constraint `\^1 \|\| \^2`/);
    assert.match(text, /nexo\/SKILL\.md:7:\d+ error constraint-invalid \(baseline\)/);
    assert.match(text, /· 3 errors, 0 warnings · 2 in the baseline\n$/);
    // github: the new finding only.
    const gh = run(['check', 'tree', '--baseline', 'baseline.json', '--format', 'github']);
    assert.equal(gh.code, 1);
    assert.deepEqual(
      gh.out
        .trim()
        .split('\n')
        .map((l) => /^::(\w+) file=([^,]+),line=(\d+)/.exec(l)?.slice(1)),
      [['error', NEXO, '8']],
    );
    // sarif: unchanged and new.
    const sarif = JSON.parse(run(['check', 'tree', '--baseline', 'baseline.json', '--format', 'sarif']).out) as Sarif.Log;
    const states = sarif.runs[0]!.results!.map((x) => [x.ruleId, x.locations![0]!.physicalLocation!.region!.startLine, x.baselineState]);
    assert.deepEqual(
      states.filter((s) => s[2] === 'new'),
      [['constraint-invalid', 8, 'new']],
    );
    assert.ok(
      states.every((s) => s[2] === 'new' || s[2] === 'unchanged'),
      JSON.stringify(states),
    );
    // Without --baseline, SARIF has no baselineState.
    const plain = JSON.parse(run(['check', 'tree', '--format', 'sarif']).out) as Sarif.Log;
    assert.ok(plain.runs[0]!.results!.every((x) => x.baselineState === undefined));
  });

  it('two identical findings with one in the baseline: the other is new', () => {
    put(NEXO, nexoSkill('', ['tool: ">=1 <2"', 'tool2: ">=1 <2"']));
    const r = run(['check', 'tree', '--baseline', 'baseline.json', '--json']);
    assert.equal(r.code, 1);
    const same = findingsOf(r.out).filter((d) => d.code === 'constraint-invalid');
    assert.equal(same.length, 2);
    assert.equal(same[0]!.message, same[1]!.message);
    assert.deepEqual(
      same.map((d) => [d.line, d.baseline ?? false]),
      [
        [7, true],
        [8, false],
      ],
    );
  });

  it('a baseline FILE missing or not a check --json document is a one-line usage error: exit 2', () => {
    put('not-json.txt', 'hello');
    put('other.json', '{"version": 3, "skills": []}');
    put('sarif.json', run(['check', 'tree', '--format', 'sarif']).out);
    for (const file of ['missing.json', 'not-json.txt', 'other.json', 'sarif.json', 'tree']) {
      const r = run(['check', 'tree', '--baseline', file]);
      assert.equal(r.code, 2, `${file}: ${r.err}`);
      assert.equal(r.out, '');
      assert.match(r.err, /^skill-author: .*baseline.*\n$/);
    }
    assert.equal(run(['banner', 'tree/skills/yaml', '--baseline', 'baseline.json']).code, 2);
  });

  it('--json marks findings in the baseline with "baseline": true, after the usual fields, and nothing else changes', () => {
    const before = run(['check', 'tree', '--json']).out;
    const r = run(['check', 'tree', '--baseline', 'baseline.json', '--json']);
    assert.equal(r.code, 0);
    const d = findingsOf(r.out);
    assert.ok(d.length >= 2);
    for (const x of d) {
      assert.equal(x.baseline, true);
      assert.equal(
        Object.keys(x)
          .filter((k) => k !== 'path')
          .at(-1),
        'baseline',
      );
    }
    // Remove the marks: the document is the plain check's, byte for byte.
    assert.equal(r.out.replace(/,\n\s*"baseline": true/g, ''), before);
  });

  it('accepts a version 1 document, and a baseline taken from another directory', () => {
    const j = JSON.parse(run(['check', 'tree', '--json']).out) as { version: number; skills: Array<Record<string, unknown>> };
    const v1 = { version: 1, skills: j.skills.map((s) => ({ id: s['id'], path: s['path'], verdict: 'loaded', diagnostics: s['diagnostics'] })) };
    put('v1.json', JSON.stringify(v1));
    assert.equal(run(['check', 'tree', '--baseline', 'v1.json']).code, 0);
    // From tree/, the paths print as skills/…; the baseline's tree/skills/… still match by their tail.
    const r = run(['check', 'skills', '--baseline', '../baseline.json'], path.join(tmp, 'tree'));
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.out, /· 2 errors, 0 warnings · 2 in the baseline\n$/);
  });
});

describe('baseline matching (pure)', () => {
  const entry = (p: string, diagnostics: Array<Partial<Entry['diagnostics'][number]>>): Entry =>
    ({
      path: p,
      diagnostics: diagnostics.map((d) => ({ code: 'x', severity: 'error', message: 'm', line: 1, column: 1, endLine: 1, endColumn: 2, ...d })),
    }) as Entry;
  const cwd = path.resolve('/work/repo');

  it('masks line and column numbers quoted in a message', () => {
    assert.equal(maskPositions('YAML syntax error on line 12: bad'), 'YAML syntax error on line #: bad');
    assert.equal(maskPositions('see a.md:3:4 and version 12'), 'see a.md:#:# and version 12');
  });

  it('matches by message first, then by masked message, then by line; each baseline finding once', () => {
    const base = parseBaseline(
      JSON.stringify({
        version: 2,
        skills: [
          {
            path: 's/a/SKILL.md',
            diagnostics: [
              { code: 'x', message: 'quoted `v`', line: 3 },
              { code: 'y', message: 'error on line 4', line: 4 },
              { code: 'z', message: 'old words', line: 9 },
            ],
          },
        ],
      }),
    );
    assert.ok(typeof base !== 'string');
    const [e] = applyBaseline(
      [
        entry('s/a/SKILL.md', [
          { code: 'x', message: 'quoted `v`', line: 20 },
          { code: 'x', message: 'quoted `v`', line: 21 },
          { code: 'y', message: 'error on line 40', line: 40 },
          { code: 'z', message: 'new words', line: 9 },
          { code: 'z', message: 'other words', line: 10 },
        ]),
      ],
      base,
      cwd,
    );
    assert.deepEqual(
      e!.diagnostics.map((d) => d.baseline ?? false),
      [true, false, true, true, false],
    );
  });

  it('a finding in another file, or with another code, is new', () => {
    const base = parseBaseline(JSON.stringify({ version: 2, skills: [{ path: 's/a/SKILL.md', diagnostics: [{ code: 'x', message: 'm', line: 1 }] }] }));
    assert.ok(typeof base !== 'string');
    const out = applyBaseline([entry('s/b/SKILL.md', [{}]), entry('s/a/SKILL.md', [{ code: 'w' }])], base, cwd);
    assert.deepEqual(
      out.map((e) => e.diagnostics[0]!.baseline ?? false),
      [false, false],
    );
  });
});
