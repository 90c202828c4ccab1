import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as npmSemver from 'semver';
import {
  batchVerdict,
  describeConstraint,
  normalizeFoundVersion,
  parseConstraint,
  parseVersion,
  satisfies,
  type ConstraintError,
  type ConstraintErrorKind,
  type VersionReq,
} from '../../src/core/rust/semver';

const FIXTURE = resolve(__dirname, '../../../test/fixtures/semver/cargo-verdicts.tsv');

function unescapeField(s: string): string {
  return s.replace(/\\(.)/g, (_m, c: string) => {
    switch (c) {
      case '\\':
        return '\\';
      case 't':
        return '\t';
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case '0':
        return '\0';
      default:
        throw new Error(`bad escape \\${c}`);
    }
  });
}

function req(text: string): VersionReq {
  const r = parseConstraint(text);
  if (!r.ok) assert.fail(`${JSON.stringify(text)} should parse, got ${r.error.kind}: ${r.error.message}`);
  return r.req;
}

function error(text: string): ConstraintError {
  const r = parseConstraint(text);
  if (r.ok) assert.fail(`${JSON.stringify(text)} should not parse`);
  return r.error;
}

describe('constraint: agreement with the Rust semver crate (cargo-verdicts.tsv)', () => {
  it('every row of the oracle table gets the crate verdict', function () {
    this.timeout(60000);
    const lines = readFileSync(FIXTURE, 'utf8').split('\n');
    assert.equal(lines[0], 'constraint\tversion\tverdict');
    const mismatches: string[] = [];
    let rows = 0;
    for (let n = 1; n < lines.length; n++) {
      const line = lines[n] as string;
      if (line === '') continue;
      const cols = line.split('\t');
      assert.equal(cols.length, 3, `line ${n + 1} has ${cols.length} columns`);
      const [c, v, expected] = cols as [string, string, string];
      rows++;
      const got = batchVerdict(unescapeField(c), unescapeField(v));
      if (got !== expected)
        mismatches.push(`line ${n + 1}: ${JSON.stringify(unescapeField(c))} vs ${JSON.stringify(unescapeField(v))}: crate ${expected}, ours ${got}`);
    }
    assert.ok(rows > 10000, `the oracle table has only ${rows} rows`);
    assert.deepEqual(mismatches.slice(0, 200), [], `${mismatches.length} of ${rows} rows disagree with the crate`);
  });

  it('validity from parseConstraint agrees with batchVerdict on every constraint of the table', () => {
    const lines = readFileSync(FIXTURE, 'utf8').split('\n').slice(1);
    const bad: string[] = [];
    for (const line of lines) {
      if (line === '') continue;
      const [c, , expected] = line.split('\t') as [string, string, string];
      const text = unescapeField(c);
      const r = parseConstraint(text);
      if (r.ok === (expected === 'invalid_constraint')) bad.push(JSON.stringify(text));
      if (!r.ok) {
        assert.ok(r.error.start >= 0 && r.error.start <= r.error.end && r.error.end <= text.length, `offsets of ${JSON.stringify(text)}`);
        assert.ok(r.error.message.length > 0);
        if (r.error.suggestion !== undefined) assert.ok(parseConstraint(r.error.suggestion).ok, `suggestion for ${JSON.stringify(text)} parses`);
      }
    }
    assert.deepEqual(bad.slice(0, 50), []);
  });
});

describe('constraint: verdicts listed in cargo-semver.md', () => {
  const table: Array<[string, string, 'match' | 'nomatch' | 'invalid_constraint']> = [
    ['>=4.0', '4.2.1', 'match'],
    ['>=4.0, <5.0', '5.0.0', 'nomatch'],
    ['4.0', '4.9.0', 'match'],
    ['^0.2', '0.2.9', 'match'],
    ['~5.1.3', '5.1.9', 'match'],
    ['>1.2', '1.2.9', 'nomatch'],
    ['<=1.2', '1.2.9', 'match'],
    ['>=4.0 <5', '4.5.0', 'invalid_constraint'],
    ['>=4.0 || <3', '4.5.0', 'invalid_constraint'],
    ['>=banana', '4.5.0', 'invalid_constraint'],
  ];
  for (const [c, v, expected] of table) {
    it(`${c} vs ${v}: ${expected}`, () => assert.equal(batchVerdict(c, v), expected));
  }

  it('meaning table and pre-release rule', () => {
    const cases: Array<[string, string[], string[]]> = [
      ['=1.2', ['1.2.0', '1.2.9'], ['1.3.0', '1.1.9']],
      ['=1', ['1.0.0', '1.9.9'], ['2.0.0', '0.9.9']],
      ['>1.2', ['1.3.0'], ['1.2.9']],
      ['>1', ['2.0.0'], ['1.9.9']],
      ['<1.2', ['1.1.9'], ['1.2.0']],
      ['<=1', ['1.9.9'], ['2.0.0']],
      ['~1.2.3', ['1.2.3', '1.2.9'], ['1.3.0', '1.2.2']],
      ['^1.2.3', ['1.2.3', '1.9.0'], ['2.0.0', '1.2.2']],
      ['^0.2.3', ['0.2.3', '0.2.9'], ['0.3.0']],
      ['^0.0.3', ['0.0.3'], ['0.0.4', '0.0.2']],
      ['^0.0', ['0.0.9'], ['0.1.0']],
      ['^0', ['0.9.9'], ['1.0.0']],
      ['1.*', ['1.0.0', '1.9.9'], ['2.0.0']],
      ['1.2.x', ['1.2.0'], ['1.3.0']],
      ['*', ['0.0.0', '99.0.0'], ['1.0.0-alpha']],
      ['x', ['1.0.0'], ['1.0.0-rc.1']],
      ['>=1.*', ['1.0.0', '5.0.0'], ['0.9.9']],
      ['<1.*', ['0.9.9'], ['1.0.0']],
      ['~1.*', ['1.5.0'], ['2.0.0']],
      ['^1.*', ['1.5.0'], ['2.0.0']],
      ['<2.0.0', ['1.9.9'], ['2.0.0-rc.1']],
      ['>=1.2.3-alpha', ['1.2.3-beta', '1.2.3', '2.0.0'], ['1.2.4-alpha', '1.2.3-1']],
      ['1.2.3+b', ['1.2.3', '1.3.0'], ['2.0.0']],
    ];
    for (const [c, yes, no] of cases) {
      const r = req(c);
      for (const v of yes) assert.equal(satisfies(r, parseVersion(v)!), true, `${c} should match ${v}`);
      for (const v of no) assert.equal(satisfies(r, parseVersion(v)!), false, `${c} should not match ${v}`);
    }
  });

  it('grammar rules', () => {
    for (const ok of ['>= 1.2 ,< 2', '1.2.3+b', '1.*', '1.2.x', 'x', 'X', '*', '  *  ', '>=1.*', '1.*.*', '=1.2.3-rc.1']) req(ok);
    for (const bad of ['1.*.3', '=*', '>=*', '01.2', 'v1.2', '1.2.3.4', '1.2-alpha', '1.0.0-', '1.2+b', '', '*, 1.0', '1.2,']) {
      assert.equal(parseConstraint(bad).ok, false, JSON.stringify(bad));
    }
    const n32 = Array.from({ length: 32 }, () => '>=0').join(', ');
    assert.equal(req(n32).comparators.length, 32);
    assert.equal(error(`${n32}, >=0`).kind, 'too-many-comparators');
  });

  it('numbers are compared exactly beyond 2^53 and up to u64::MAX', () => {
    assert.equal(batchVerdict('>=9007199254740993', '9007199254740992.0.0'), 'nomatch');
    assert.equal(batchVerdict('=9007199254740993', '9007199254740993.0.0'), 'match');
    assert.equal(batchVerdict('=18446744073709551615', '18446744073709551615.0.0'), 'match');
    assert.equal(batchVerdict('=18446744073709551616', '1.0.0'), 'invalid_constraint');
    assert.equal(batchVerdict('*', '18446744073709551616.0.0'), 'invalid_version');
    const v = parseVersion('18446744073709551615.1.2-rc.1+b');
    assert.deepEqual(v, { major: 18446744073709551615n, minor: 1n, patch: 2n, pre: ['rc', '1'], build: 'b', raw: '18446744073709551615.1.2-rc.1+b' });
  });
});

describe('constraint: parsed shape', () => {
  it('records operators, parts, implicit caret and offsets', () => {
    const r = req(' >= 1.2 ,<2.0.0-rc.1, 3.4, 1.*');
    assert.deepEqual(
      r.comparators.map((c) => ({ ...c })),
      [
        { op: '>=', major: 1n, minor: 2n, pre: [], implicitCaret: false, start: 1, end: 7 },
        { op: '<', major: 2n, minor: 0n, patch: 0n, pre: ['rc', '1'], implicitCaret: false, start: 9, end: 20 },
        { op: '^', major: 3n, minor: 4n, pre: [], implicitCaret: true, start: 22, end: 25 },
        { op: '*', major: 1n, pre: [], implicitCaret: false, start: 27, end: 30 },
      ],
    );
    assert.deepEqual(req(' * ').comparators, [{ op: '*', pre: [], implicitCaret: false, start: 1, end: 2 }]);
  });
});

describe('constraint: errors for npm-isms and other mistakes', () => {
  const cases: Array<{ text: string; kind: ConstraintErrorKind; at: string; suggestion?: string; message?: RegExp }> = [
    {
      text: '>=4.0 <5',
      kind: 'npm-space-separated',
      at: ' ',
      suggestion: '>=4.0, <5',
      message: /^space-separated comparators are npm syntax; Cargo \(nexo-rs\) requires commas: `>=4\.0, <5`$/,
    },
    { text: '>= 4.0  < 5', kind: 'npm-space-separated', at: '  ', suggestion: '>=4.0, <5' },
    { text: '1.2.3 1.2.4', kind: 'npm-space-separated', at: ' ', suggestion: '=1.2.3, =1.2.4' },
    { text: '>=1 2.x', kind: 'npm-space-separated', at: ' ', suggestion: '>=1, 2.x' },
    { text: '>=1.0 <2 ~1.5', kind: 'npm-space-separated', at: ' ', suggestion: '>=1.0, <2, ~1.5' },
    { text: '>=1.0\t<2', kind: 'npm-space-separated', at: '\t', suggestion: '>=1.0, <2' },
    { text: '>=1 v2', kind: 'npm-space-separated', at: ' ', suggestion: '>=1, 2' },
    { text: '* >=1', kind: 'npm-space-separated', at: ' ' },
    {
      text: '>=1 || <0.5',
      kind: 'npm-or',
      at: '||',
      message: /^`\|\|` \(OR\) does not exist in Cargo's dialect and there is no single equivalent; pick one range, or /,
    },
    { text: '6.* || 8.*', kind: 'npm-or', at: '||' },
    { text: 'v1 || v2', kind: 'npm-or', at: '||' },
    { text: '1.2 - 2.0', kind: 'npm-hyphen-range', at: '-', suggestion: '>=1.2, <=2.0' },
    { text: '1.2.3 - 2.3.4', kind: 'npm-hyphen-range', at: '-', suggestion: '>=1.2.3, <=2.3.4' },
    { text: '1 - 2', kind: 'npm-hyphen-range', at: '-', suggestion: '>=1, <=2' },
    { text: '1.2.3-beta - 2.0.0-rc.1', kind: 'npm-hyphen-range', at: '-', suggestion: '>=1.2.3-beta, <=2.0.0-rc.1' },
    { text: '1.x - 2.x', kind: 'npm-hyphen-range', at: '-', suggestion: '>=1, <=2' },
    { text: '* - 2', kind: 'npm-hyphen-range', at: '-', suggestion: '<=2' },
    { text: 'v1.2 - v2', kind: 'npm-hyphen-range', at: '-', suggestion: '>=1.2, <=2' },
    { text: '01.2 - 2', kind: 'npm-hyphen-range', at: '-' },
    { text: '1.2 - 2.0 - 3', kind: 'npm-hyphen-range', at: '-' },
    { text: 'v1.2.3', kind: 'leading-v', at: 'v' },
    { text: '>=v1.2', kind: 'leading-v', at: 'v', suggestion: '>=1.2' },
    { text: 'v1', kind: 'leading-v', at: 'v', suggestion: '1' },
    { text: '>=1.0, <v2', kind: 'leading-v', at: 'v', suggestion: '>=1.0, <2' },
    { text: '>=01.2', kind: 'leading-zero', at: '01', suggestion: '>=1.2' },
    { text: '1.02', kind: 'leading-zero', at: '02' },
    { text: '~1.2.03', kind: 'leading-zero', at: '03', suggestion: '~1.2.3' },
    { text: '1.2.3-01', kind: 'leading-zero', at: '01' },
    { text: '1.2.3.4', kind: 'too-many-parts', at: '.4' },
    { text: '>=1.2.*.4', kind: 'too-many-parts', at: '.4' },
    { text: '1.2-alpha', kind: 'prerelease-incomplete', at: '-alpha', message: /`1\.2\.0-alpha`/ },
    { text: '>=1-rc.1', kind: 'prerelease-incomplete', at: '-rc.1', message: /`>=1\.0\.0-rc\.1`/ },
    { text: '1.0.0-', kind: 'empty-prerelease', at: '-' },
    { text: '1.0.0-a..b', kind: 'empty-prerelease', at: '-a..b' },
    { text: '1.2+b', kind: 'build-incomplete', at: '+b' },
    { text: '1.*.3', kind: 'wildcard-then-number', at: '3', message: /write `1\.\*`/ },
    { text: '1.x.3', kind: 'wildcard-then-number', at: '3' },
    { text: '=*', kind: 'operator-on-wildcard', at: '=*', suggestion: '*' },
    { text: '>=*', kind: 'operator-on-wildcard', at: '>=*', suggestion: '*' },
    { text: '>= x', kind: 'operator-on-wildcard', at: '>= x', suggestion: '*' },
    { text: '>*', kind: 'operator-on-wildcard', at: '>*' },
    { text: '>=1, =*', kind: 'operator-on-wildcard', at: '=*' },
    { text: '', kind: 'empty', at: '' },
    { text: '   ', kind: 'empty', at: '   ' },
    { text: '>=banana', kind: 'syntax', at: 'banana' },
    { text: '1.2,', kind: 'syntax', at: ',' },
    { text: '*, 1.0', kind: 'syntax', at: '*' },
    { text: '1.0, *', kind: 'syntax', at: '*' },
    { text: '*.*', kind: 'syntax', at: '*.*', suggestion: '*' },
    { text: '≥1.2', kind: 'syntax', at: '≥' },
    { text: '1.2.3-α', kind: 'syntax', at: 'α' },
    { text: '99999999999999999999', kind: 'syntax', at: '99999999999999999999' },
  ];
  for (const c of cases) {
    it(`${JSON.stringify(c.text)} → ${c.kind}`, () => {
      const e = error(c.text);
      assert.equal(e.kind, c.kind, e.message);
      assert.equal(c.text.slice(e.start, e.end), c.at, `offsets ${e.start}..${e.end}: ${e.message}`);
      assert.equal(e.suggestion, c.suggestion, e.message);
      if (c.message) assert.match(e.message, c.message);
      if (e.suggestion !== undefined && c.kind.startsWith('npm-')) {
        assert.ok(e.message.includes(e.suggestion), `the message shows the rewrite: ${e.message}`);
      }
    });
  }

  it('the 33rd comparator is underlined', () => {
    const text = Array.from({ length: 33 }, (_, k) => `>=0.0.${k}`).join(', ');
    const e = error(text);
    assert.equal(e.kind, 'too-many-comparators');
    assert.equal(text.slice(e.start, e.end), '>=0.0.32');
  });

  // The suggestion's promise: it means in Cargo exactly what the author's text means in npm. Checked against the
  // npm `semver` package (default options: strict, pre-releases excluded) on a grid of versions.
  const grid: string[] = [];
  for (let a = 0; a <= 2; a++) {
    for (let b = 0; b <= 3; b++) {
      for (let c = 0; c <= 4; c++) {
        grid.push(`${a}.${b}.${c}`);
        for (const p of ['alpha', 'beta', 'rc.1', 'rc.2', '0']) grid.push(`${a}.${b}.${c}-${p}`);
      }
    }
  }
  const parsedGrid = grid.map((v) => ({ v, ours: parseVersion(v)!, npm: new npmSemver.SemVer(v) }));
  function checkSuggestion(text: string, npmText = text): boolean {
    const e = error(text);
    if (e.suggestion === undefined) return false;
    const ours = req(e.suggestion);
    const range = new npmSemver.Range(npmText);
    for (const g of parsedGrid) {
      assert.equal(satisfies(ours, g.ours), range.test(g.npm), `${JSON.stringify(text)} → ${JSON.stringify(e.suggestion)} at ${g.v}`);
    }
    return true;
  }

  it('every suggestion for an npm-ism admits exactly the versions npm admits', () => {
    const texts = [
      '>=1.0 <2',
      '>= 1.0 < 2',
      '1.2.3 1.2.4',
      '>=1 2.x',
      '>=1.0 <2 ~1.2',
      '>=1.2.3-beta <2',
      '1.2 1.3',
      '0.2 >=0.2.1',
      '^0.0.3 >=0.0.1',
      '~1.2 <1.2.4',
      '>1.x <=2',
      '^1.2.x ~1.x',
      '<=1.2 >1.0.0-alpha',
      '0.0.3 0.0',
      '1.2 - 2.0',
      '1.2.3 - 2.3.4',
      '1 - 2',
      '1.2.3-beta - 2.0.0-rc.1',
      '1.x - 2.x',
      '* - 2',
      '1 - *',
      '* - *',
      'v1.2 - v2',
      '0.0.1 - 0.0.3',
      '1.2.3-alpha - 1.2.3',
      '1.2.3+b - 2',
      '>=v1.2',
      'v1',
      '>=1.0 <v2',
      '=*',
      '>=*',
      '<=*',
      '~*',
      '^*',
      '*.*',
      'x.x.x',
    ];
    let checked = 0;
    for (const text of texts) if (checkSuggestion(text)) checked++;
    for (const [text, npmText] of [
      ['>=01.2', '>=1.2'],
      ['~1.2.03', '~1.2.3'],
    ] as const)
      if (checkSuggestion(text, npmText)) checked++;
    assert.ok(checked >= 30, `only ${checked} suggestions checked`);
  });

  it('pairs of comparators: space-separated and hyphen suggestions agree with npm', function () {
    this.timeout(60000);
    const tokens = [
      '1',
      '1.2',
      '1.2.3',
      '1.2.3-beta',
      '0.2',
      '0.2.3',
      '0.0.3',
      '0.0',
      '0',
      '1.x',
      '1.2.x',
      '*',
      '=1.2',
      '=1',
      '>=1.2',
      '>=1',
      '>=1.2.3-beta',
      '<=1.2',
      '<=1.2.3-rc.1',
      '>1.2',
      '>1.2.3-alpha',
      '<1.2',
      '<1.2.3-rc.1',
      '~1.2',
      '~1.2.3',
      '~1.2.3-beta',
      '~1',
      '^1.2',
      '^1.2.3-alpha',
      '^0.2',
      '^0.0.3',
      '^0.0.3-beta',
      '^1',
      '>=1.x',
      '<=1.2.x',
      '~0.2.3-rc.1',
      '=1.2.3-rc.1',
      '2.0.0-alpha',
      '>=2.0.0-rc.1',
      '>1',
      '>1.2',
      '>1.x',
      '1.3.0-beta',
      '>=1.3.0-alpha',
    ];
    let offered = 0;
    let withheld = 0;
    for (const a of tokens) {
      for (const b of tokens) {
        if (checkSuggestion(`${a} ${b}`)) offered++;
        else withheld++;
      }
    }
    const sides = ['1', '1.2', '1.2.3', '1.2.3-beta', '0.2', '0.0.3', '1.x', '*', '2', '2.0', '2.0.0-rc.1', '1.2.4-alpha'];
    for (const a of sides) {
      for (const b of sides) {
        if (checkSuggestion(`${a} - ${b}`)) offered++;
        else withheld++;
      }
    }
    assert.ok(offered > 1000, `${offered} offered, ${withheld} withheld`);
  });

  it('no suggestion for `||`, nor where npm and Cargo read a rewrite differently', () => {
    const texts = [
      '>=1 || <0.5',
      'v1.2.3',
      'v1.2',
      '1.02',
      '01.2.3',
      '>*',
      '<*',
      '1.2-alpha',
      '1.2.3.4',
      '>=1 * <2',
      // Pre-release quirks of partial comparators (see preReleaseQuirk): npm admits 1.2.3-rc.2 / 2.0.0-rc.1 /
      // 1.2.0-beta, Cargo's rewrite would not, or the other way round.
      '>=1.2 >=1.2.3-rc.1',
      '>1.x >=2.0.0-rc.1',
      '^1.2 >=1.2.0-alpha',
      '1.2.3-beta - 1.2',
      '=1.2 >1.2.3-rc.1',
    ];
    for (const text of texts) {
      assert.equal(error(text).suggestion, undefined, text);
    }
  });
});

describe('constraint: describeConstraint', () => {
  const cases: Array<[string, string]> = [
    ['>=4.0', '≥ 4.0.0'],
    ['4.0', '≥ 4.0.0 and < 5.0.0'],
    ['*', 'any version (pre-releases excluded)'],
    ['x', 'any version (pre-releases excluded)'],
    ['>=4.0, <5.0', '≥ 4.0.0 and < 5.0.0'],
    ['=1.2.3', 'exactly 1.2.3'],
    ['=1.2', '≥ 1.2.0 and < 1.3.0'],
    ['=1', '≥ 1.0.0 and < 2.0.0'],
    ['>1.2.3', '> 1.2.3'],
    ['>1.2', '≥ 1.3.0'],
    ['>1', '≥ 2.0.0'],
    ['<1.2', '< 1.2.0'],
    ['<=1.2.3', '≤ 1.2.3'],
    ['<=1.2', '< 1.3.0'],
    ['<=1', '< 2.0.0'],
    ['~1.2.3', '≥ 1.2.3 and < 1.3.0'],
    ['~1.2', '≥ 1.2.0 and < 1.3.0'],
    ['~1', '≥ 1.0.0 and < 2.0.0'],
    ['^1.2.3', '≥ 1.2.3 and < 2.0.0'],
    ['^0.2.3', '≥ 0.2.3 and < 0.3.0'],
    ['^0.0.3', 'exactly 0.0.3'],
    ['^0.0', '< 0.1.0'],
    ['^0', '< 1.0.0'],
    ['1.*', '≥ 1.0.0 and < 2.0.0'],
    ['1.2.x', '≥ 1.2.0 and < 1.3.0'],
    ['>=1.*', '≥ 1.0.0'],
    ['<=1.*', '< 2.0.0'],
    ['>=1.2.3-alpha', '≥ 1.2.3-alpha; pre-releases only of 1.2.3'],
    ['>=1.2.3-alpha, <2.0.0-rc.1', '≥ 1.2.3-alpha and < 2.0.0-rc.1; pre-releases only of 1.2.3 or 2.0.0'],
    ['^0.0.3-beta', '≥ 0.0.3-beta and ≤ 0.0.3; pre-releases only of 0.0.3'],
    ['>=18446744073709551615', '≥ 18446744073709551615.0.0'],
  ];
  for (const [text, words] of cases) {
    it(`${text} → ${words}`, () => assert.equal(describeConstraint(req(text)), words));
  }
});

describe('constraint: normalizeFoundVersion', () => {
  const cases: Array<[string, string]> = [
    ['8', '8.0.0'],
    ['8.5', '8.5.0'],
    ['8.5.0', '8.5.0'],
    ['1.2.3.4', '1.2.3.4'],
    ['v1.2', 'v1.2.0'],
    ['curl 8.5.0', 'curl 8.5.0'],
    ['8.5-rc1', '8.5-rc1.0'],
    ['', '.0.0'],
  ];
  for (const [found, normalized] of cases) {
    it(`${JSON.stringify(found)} → ${JSON.stringify(normalized)}`, () => assert.equal(normalizeFoundVersion(found), normalized));
  }
  it('normalized versions then follow Version::parse', () => {
    assert.equal(batchVerdict('>=8.0', normalizeFoundVersion('8.5')), 'match');
    assert.equal(batchVerdict('>=8.0', normalizeFoundVersion('v1.2')), 'invalid_version');
    assert.equal(batchVerdict('>=8.0', normalizeFoundVersion('1.2.3.4')), 'invalid_version');
    assert.equal(batchVerdict('>=8.0', normalizeFoundVersion('08')), 'invalid_version');
  });
});

describe('constraint: performance', () => {
  it('rejects a 10,000-comparator requirement quickly', () => {
    const text = Array.from({ length: 10000 }, (_, k) => `>=1.${k}`).join(', ');
    const t0 = process.hrtime.bigint();
    const e = error(text);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    assert.equal(e.kind, 'too-many-comparators');
    assert.ok(ms < 50, `took ${ms} ms`);
  });

  it('stays linear on long space-separated, hyphen, v-prefixed and zero-padded inputs', () => {
    const inputs = [
      Array.from({ length: 10000 }, (_, k) => `>=1.${k}`).join(' '),
      Array.from({ length: 10000 }, (_, k) => `v1.${k}`).join(', '),
      Array.from({ length: 10000 }, (_, k) => `>=01.0${k}`).join(', '),
      `${'1'.repeat(100000)}`,
      `1.0.0-${'a.'.repeat(50000)}`,
      `${'1 - '.repeat(20000)}2`,
      `${' '.repeat(100000)}x`,
      `${'-'.repeat(100000)}`,
    ];
    for (const text of inputs) {
      const t0 = process.hrtime.bigint();
      parseConstraint(text);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      assert.ok(ms < 100, `${JSON.stringify(text.slice(0, 30))}… took ${ms} ms`);
    }
  });
});
