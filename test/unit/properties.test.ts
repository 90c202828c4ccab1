// Properties of the engine's pure entry points, for ANY input: they return (never throw), within a time
// bound per input, every finding lies inside the document, and nothing leaks onto Object.prototype.
//
// `npm test` runs a fixed seed and a bounded number of runs; `npm run fuzz` (scripts/fuzz.mjs) runs many more
// with a random or given seed (FUZZ_SEED, FUZZ_RUNS) and prints the seed to reproduce a failure.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { parseAgentsFile } from '../../src/core/runtimes/nexo/agents';
import { analyzeSkill, type SkillAnalysis } from '../../src/core/check/analyze';
import { batchVerdict, describeConstraint, normalizeFoundVersion, parseConstraint, parseVersion, satisfies } from '../../src/core/rust/semver';
import { Engine, type EvaluatedSkill } from '../../src/core/check/engine';
import { runtimeContext } from '../../src/core/runtimes';
import { judgeEvaluated } from '../../src/core/check/judge';
import { toRuntimeEntry } from '../../src/core/check/entry';
import { compileVersionRegex } from '../../src/core/rust/regex';
import { renderHermesIndex, renderXmlIndex } from '../../src/core/check/agentIndex';
import { renderBanner, renderContent } from '../../src/core/runtimes/nexo/render';
import { LineIndex } from '../../src/core/skill/text';

const FUZZ_RUNS = Number(process.env['FUZZ_RUNS'] ?? '') || 0;
const SEED = process.env['FUZZ_SEED'] !== undefined && process.env['FUZZ_SEED'] !== '' ? Number(process.env['FUZZ_SEED']) : 0x5eed_2024;
/** `runs` in `npm test`; FUZZ_RUNS × `fuzzShare` under `npm run fuzz`. */
const params = (runs: number, fuzzShare = 1): fc.Parameters<unknown> => ({
  numRuns: FUZZ_RUNS ? Math.max(1, Math.round(FUZZ_RUNS * fuzzShare)) : runs,
  seed: SEED,
});
/** Per input, on a loaded 2-core machine: generous, but a quadratic blow-up on a few KB still fails it. */
const MAX_MS = 1000;

const repo = path.resolve(__dirname, '../../..');

function skillFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) skillFiles(p, out);
    else if (e.name === 'SKILL.md' && e.isFile()) out.push(p);
  }
  return out;
}

/** The valid SKILL.md files of the repository (no error finding): the seeds every mutation starts from. */
const VALID_SEEDS: string[] = [...skillFiles(path.join(repo, 'examples')), ...skillFiles(path.join(repo, 'test', 'fixtures'))]
  .map((f) => readFileSync(f, 'utf8'))
  .filter((t) => !analyzeSkill(t, { dirName: 'x' }).diagnostics.some((d) => d.severity === 'error'));

const CODE = /^[a-z]+(?:-[a-z0-9]+)*$/;

/** Every finding is a well-formed diagnostic inside `text`, its line/column agreeing with its offsets. */
function assertInside(text: string, a: SkillAnalysis): void {
  const index = new LineIndex(text);
  for (const d of a.diagnostics) {
    const where = `${d.code} [${d.start}, ${d.end}) in ${text.length} chars`;
    assert.ok(Number.isInteger(d.start) && Number.isInteger(d.end) && d.start >= 0 && d.start <= d.end && d.end <= text.length, where);
    assert.deepEqual({ line: d.line, column: d.column }, index.position(d.start), `start position of ${where}`);
    assert.deepEqual({ line: d.endLine, column: d.endColumn }, index.position(d.end), `end position of ${where}`);
    assert.ok(d.line >= 1 && d.endLine <= index.lineCount, where);
    assert.match(d.code, CODE);
    assert.ok(typeof d.message === 'string' && d.message.length > 0, where);
  }
}

function timed<T>(what: string, fn: () => T): T {
  const t0 = performance.now();
  const r = fn();
  const ms = performance.now() - t0;
  assert.ok(ms < MAX_MS, `${what} took ${ms.toFixed(0)} ms`);
  return r;
}

function checkAnalysis(text: string, dirName = 'my-skill'): SkillAnalysis {
  const a = timed('analyzeSkill', () => analyzeSkill(text, { dirName }));
  assertInside(text, a);
  // What the runtime would inject and show is always computable.
  renderContent(a.body, '', a.nexo.maxChars);
  return a;
}

// ---------------------------------------------------------------------------------------------------------
// Generators

/** Pieces that matter to the frontmatter split, YAML and the rules. */
const TOKENS = [
  '---',
  '\n',
  '\r\n',
  '\r',
  '\uFEFF',
  ': ',
  '- ',
  '[',
  ']',
  '{',
  '}',
  ', ',
  '&a ',
  '*a',
  '<<: ',
  '"',
  "'",
  '#',
  '  ',
  '\t',
  '? ',
  '|',
  '>',
  '!!binary ',
  '!!str ',
  '!!map ',
  '!tag ',
  '%YAML 1.2\n',
  '...\n',
  '\u0000',
  '\u0085',
  '\u2028',
  '\uD800',
  '\uDFFF',
  '\u00e9',
  '👩‍💻',
  'name: ',
  'description: ',
  'requires:\n',
  '  bins: ',
  '  env: ',
  '  bin_versions:\n',
  '    ffmpeg: ',
  '      constraint: ',
  '      regex: ',
  '      command: ',
  '  mode: ',
  'warn',
  'strict',
  'disable',
  'prerequisites:\n',
  '  commands: ',
  '  env_vars: ',
  'platforms: ',
  'max_chars: ',
  '__proto__',
  'constructor',
  'prototype',
  '>=4.0, <5',
  '^1.2.3-rc.1',
  '*',
  '1.10',
  '4.0',
  '~',
  'null',
  'true',
  '.nan',
  '-1',
  '(a+)+$',
  '\\d+',
];
const token = fc.constantFrom(...TOKENS);
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.array(token, { maxLength: 80 }).map((a) => a.join('')),
);
/** Arbitrary text, often framed like a SKILL.md so that it reaches the YAML stage. */
const skillText = fc
  .tuple(
    fc.constantFrom('', '---\n', '---\r\n', '\uFEFF---\n', '  ---  \n', '---yaml\n'),
    anyText,
    fc.constantFrom('', '\n---\n', '\r\n---\r\n', '\n---'),
    anyText,
  )
  .map((parts) => parts.join(''));

/** An edit of a valid file: insert, delete, replace, swap line ends, duplicate or indent a line, truncate. */
type Edit = (t: string) => string;
const at = (t: string, n: number): number => n % (t.length + 1);
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.tuple(fc.nat(), fc.oneof(token, fc.string({ unit: 'binary', maxLength: 20 }))).map(
    ([n, s]): Edit =>
      (t) =>
        t.slice(0, at(t, n)) + s + t.slice(at(t, n)),
  ),
  fc.tuple(fc.nat(), fc.nat(40)).map(
    ([n, k]): Edit =>
      (t) =>
        t.slice(0, at(t, n)) + t.slice(at(t, n) + k),
  ),
  fc.tuple(fc.nat(), fc.nat(10), token).map(
    ([n, k, s]): Edit =>
      (t) =>
        t.slice(0, at(t, n)) + s + t.slice(at(t, n) + k),
  ),
  fc.constantFrom<Edit>(
    (t) => t.replace(/\n/g, '\r\n'),
    (t) => t.replace(/\n/g, '\r'),
    (t) => `\uFEFF${t}`,
    (t) => t.replace(/^ {2}/gm, '\t'),
    (t) => t.replace(/"/g, ''),
  ),
  fc.nat().map((n): Edit => (t) => {
    const lines = t.split('\n');
    const i = n % lines.length;
    lines.splice(i, 0, lines[i] ?? '');
    return lines.join('\n');
  }),
  fc.nat().map(
    (n): Edit =>
      (t) =>
        t.slice(0, at(t, n)),
  ),
);
const mutated = fc
  .tuple(fc.constantFrom(...VALID_SEEDS), fc.array(edit, { minLength: 1, maxLength: 6 }))
  .map(([seed, edits]) => edits.reduce((t, e) => e(t), seed));

/** Random YAML values under the keys the engine reads (and a few it must not trip on), so that every rule
 *  sees maps, lists, nulls, numbers, tags and aliases where it expects text. */
const KEYS = [
  'name',
  'description',
  'license',
  'compatibility',
  'metadata',
  'hermes',
  'tags',
  'allowed-tools',
  'max_chars',
  'requires',
  'bins',
  'env',
  'bin_versions',
  'mode',
  'constraint',
  'command',
  'regex',
  'ffmpeg',
  'prerequisites',
  'commands',
  'env_vars',
  'platforms',
  'version',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  '<<',
  '"a: b"',
  '? [x]',
];
const SCALARS = [
  'x',
  'ffmpeg',
  '1.10',
  '4.0',
  '0400',
  '-1',
  '18446744073709551616',
  '~',
  'null',
  'true',
  '""',
  "''",
  '"a: b"',
  'Use when: x',
  '>=1, <2',
  '>=4 <5',
  '^1',
  '1 - 2',
  '*',
  '(a+)+$',
  '\\d+',
  '"(?=v)v"',
  '__proto__',
  '.nan',
  '.inf',
  '!!binary aGVsbG8=',
  '!!str 1',
  '!!int "x"',
  '!!set {a}',
  '!!omap [a: 1]',
  '!custom x',
  '&anchor x',
  '*anchor',
  '2001-12-14',
  'linux',
  'windows',
  'warn',
  'disable',
  'warnn',
];
type Yaml = string | { list: Yaml[] } | { map: Array<[string, Yaml]> } | { flow: string[] };
const scalar = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SCALARS) },
  fc.string({ maxLength: 8 }).map((s) => JSON.stringify(s)),
);
const { value: yamlValue } = fc.letrec<{ value: Yaml; list: Yaml; map: Yaml; flow: Yaml }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('list'), tie('map'), tie('flow')),
  list: fc.array(tie('value'), { maxLength: 3 }).map((list) => ({ list })),
  map: fc.array(fc.tuple(fc.constantFrom(...KEYS), tie('value')), { maxLength: 4 }).map((map) => ({ map })),
  flow: fc.array(scalar, { maxLength: 3 }).map((flow) => ({ flow })),
}));
function yamlText(v: Yaml, indent: number): string {
  const pad = ' '.repeat(indent);
  if (typeof v === 'string') return ` ${v}`;
  if ('flow' in v) return ` [${v.flow.join(', ')}]`;
  if ('list' in v) return v.list.length ? v.list.map((x) => `\n${pad}-${yamlText(x, indent + 2)}`).join('') : ' []';
  return v.map.length ? v.map.map(([k, x]) => `\n${pad}${k}:${yamlText(x, indent + 2)}`).join('') : ' {}';
}
const structured = fc
  .tuple(fc.array(fc.tuple(fc.constantFrom(...KEYS), yamlValue), { maxLength: 6 }), fc.constantFrom('Body.\n', '', '\n\n'))
  .map(([fields, body]) => `---${yamlText({ map: fields }, 0)}\n---\n${body}`);

// ---------------------------------------------------------------------------------------------------------

const protoKeys = Object.getOwnPropertyNames(Object.prototype).sort();
/** After each property: no input added anything to the prototypes every object shares. */
function assertNoPollution(): void {
  afterEach(() => {
    assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), protoKeys);
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
    assert.equal(Object.getOwnPropertyNames(Array.prototype).includes('polluted'), false);
  });
}

describe('properties: analyzeSkill on any input', function () {
  this.timeout(FUZZ_RUNS ? 0 : 20_000);
  assertNoPollution();
  before(() => {
    assert.ok(VALID_SEEDS.length >= 5, `only ${VALID_SEEDS.length} valid seed files`);
    if (FUZZ_RUNS) console.log(`      fuzz: seed ${SEED}, ${FUZZ_RUNS} runs per property`);
  });

  it('arbitrary text: returns, in time, with every finding inside the document', () => {
    fc.assert(
      fc.property(skillText, (t) => void checkAnalysis(t)),
      params(1500),
    );
  });

  it('mutations of the valid SKILL.md files of examples/ and test/fixtures/', () => {
    fc.assert(
      fc.property(mutated, (t) => void checkAnalysis(t)),
      params(800),
    );
  });

  it('any YAML value under the keys the engine reads', () => {
    fc.assert(
      fc.property(structured, (t) => void checkAnalysis(t, 'x')),
      params(400),
    );
  });

  it('the runtime view agrees with itself: nothing applies that the runtime does not read', () => {
    fc.assert(
      fc.property(fc.oneof(skillText, mutated, structured), (t) => {
        const a = analyzeSkill(t);
        const r = a.requirements;
        if (a.bom || a.runtimeSplit.state !== 'ok') {
          // No block as the runtime splits the file: no requirement of any dialect.
          assert.equal(r.bins.length + r.env.length + r.versions.length, 0);
        }
        if (!a.frontmatterEffective) {
          // nexo-rs threw the block away: only Hermes' tolerant reading (prerequisites) remains.
          assert.ok([...r.bins, ...r.env].every((x) => x.source === 'prerequisites'));
          assert.equal(r.versions.length, 0);
          assert.equal(r.mode, undefined);
        }
        assert.equal(a.loadable, a.body.length > 0);
      }),
      params(800),
    );
  });
});

describe('properties: the engine on any input', function () {
  this.timeout(FUZZ_RUNS ? 0 : 20_000);
  assertNoPollution();
  const engine = new Engine({ env: { PATH: '' }, probe: false });
  const ctx = runtimeContext({ PATH: '', HOME: '/nonexistent' }, '/');
  after(() => engine.dispose());

  it('Engine.analyzeText + evaluate + the nexo-rs entry + banner and indexes never throw', async () => {
    const dirName = fc.oneof(
      fc.constantFrom('my-skill', '__proto__', 'constructor', '..', ''),
      fc.string({ unit: 'grapheme', maxLength: 12 }).filter((s) => !s.includes('/')),
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(skillText, mutated, structured), dirName, async (t, dir) => {
        const file = path.join('/skills', dir || 'x', 'SKILL.md');
        const a = timed('analyzeText', () => engine.analyzeText(t, file));
        assertInside(t, a);
        const status = await engine.evaluate(a);
        const s: EvaluatedSkill = { location: { id: dir, dir: path.dirname(file), file, root: '/skills', category: 'general' }, analysis: a, status, id: dir };
        // The entry `check --runtime nexo --json` prints for it.
        const { judged } = await judgeEvaluated([s], ctx, { pinned: ['nexo'] });
        JSON.stringify(toRuntimeEntry(s, judged[0]!));
        const banner = renderBanner(dir, status.missing);
        renderContent(a.body, banner, a.nexo.maxChars);
        renderHermesIndex([{ category: 'general', name: a.displayName, description: a.description }], new Map());
        renderXmlIndex([{ name: a.displayName, description: a.description, location: file }]);
      }),
      params(250, 0.1),
    );
  });
});

describe('properties: constraints, versions and version regexes', function () {
  this.timeout(FUZZ_RUNS ? 0 : 20_000);
  assertNoPollution();
  const constraintText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc
      .array(
        fc.constantFrom('>=', '<', '=', '^', '~', '>', '<=', '*', 'x', '1', '0', '18446744073709551616', '.', ',', ' ', '-', '+', 'rc', '||', 'v', '\t', '01'),
        { maxLength: 40 },
      )
      .map((a) => a.join('')),
  );
  const versionText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.array(fc.constantFrom('1', '0', '.', '-', '+', 'rc', 'alpha', '99999999999999999999', '01'), { maxLength: 12 }).map((a) => a.join('')),
  );

  it('parseConstraint, satisfies, describeConstraint, batchVerdict never throw', () => {
    fc.assert(
      fc.property(constraintText, versionText, (c, v) => {
        const r = timed('parseConstraint', () => parseConstraint(c));
        if (r.ok) {
          describeConstraint(r.req);
          const version = parseVersion(normalizeFoundVersion(v));
          if (version) assert.equal(typeof satisfies(r.req, version), 'boolean');
        } else {
          assert.ok(r.error.start >= 0 && r.error.start <= r.error.end && r.error.end <= c.length, JSON.stringify(r.error));
        }
        assert.ok(['match', 'nomatch', 'invalid_constraint', 'invalid_version'].includes(batchVerdict(c, v)));
      }),
      params(3000),
    );
  });

  it('compileVersionRegex never throws, and a compiled pattern matches any text in time', () => {
    const pattern = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc
        .array(
          fc.constantFrom(
            '(',
            ')',
            '(?:',
            '(?i)',
            '(?x)',
            '(?-u)',
            '[',
            ']',
            '^',
            '$',
            '\\d',
            '\\w',
            '\\p{L}',
            '\\b',
            '\\Q',
            '\\1',
            '{2,}',
            '{,3}',
            '+',
            '*',
            '?',
            '|',
            'a',
            '.',
            '-',
            '&&',
            '#',
            ' ',
            '\\u{61}',
            '(?=',
            '(?P<n>',
          ),
          { maxLength: 24 },
        )
        .map((a) => a.join('')),
    );
    const output = fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.constantFrom('a'.repeat(5000), 'tool 1.2.3\n', '\n'));
    fc.assert(
      fc.property(pattern, output, (p, text) => {
        const r = timed('compileVersionRegex', () => compileVersionRegex(p));
        if (r.ok) timed('wholeMatch', () => r.regex.wholeMatch(text));
        else assert.ok(r.message.length > 0);
      }),
      params(1500),
    );
  });
});

describe('properties: the agents file on any input', function () {
  this.timeout(FUZZ_RUNS ? 0 : 20_000);
  assertNoPollution();
  const agentsText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc
      .array(
        fc.constantFrom(
          'agents:\n',
          '  - id: kate\n',
          '    skills: [',
          'a, ',
          '../x',
          ']\n',
          '    skills_dir: ..\n',
          '    skill_overrides:\n',
          '      a: ',
          'warn\n',
          'loud\n',
          '__proto__: warn\n',
          '\t',
          '&x ',
          '*x',
          '[',
          '{',
          '- ',
          ': ',
        ),
        { maxLength: 40 },
      )
      .map((a) => a.join('')),
  );
  it('parseAgentsFile never throws and every problem has a line and column', () => {
    fc.assert(
      fc.property(agentsText, (t) => {
        const f = timed('parseAgentsFile', () => parseAgentsFile(t, '/x/agents.yaml'));
        for (const p of f.problems) assert.ok(p.line >= 1 && p.column >= 1 && p.message.length > 0, JSON.stringify(p));
        for (const a of f.agents) for (const name of a.skills) assert.ok(a.skillPositions.has(name));
      }),
      params(1500),
    );
  });
});
