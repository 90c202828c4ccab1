// The Hermes profile's primitives (Python str(), PyYAML 1.1 values, the fence and fallback rules, UTF-8
// errors) and its façade on small trees built here: verdicts, findings with positions, the index crash
// cases, the warm build, and hostile input that must neither crash nor hang.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { evaluateHermes, runHermes } from '../../src/core/runtimes/hermes';
import { floatRepr, OutputTooLarge, PyDict, PyInt, PyList, pyRepr, pyStr, pyStrip, cpHead, cpLen, cpCompare } from '../../src/core/runtimes/hermes/pyvalue';
import { decodeUtf8, parseFrontmatter, fallbackFields } from '../../src/core/runtimes/hermes/read';
import { loadYaml11 } from '../../src/core/runtimes/hermes/yaml11';
import type { RuntimeContext } from '../../src/core/runtimes/types';

function load(src: string): string {
  const r = loadYaml11(src);
  return r.ok ? pyRepr(r.value) : 'ERR';
}

describe('Hermes profile: Python str() and repr()', function () {
  it('prints floats as Python does', function () {
    const cases: [number, string][] = [
      [1.1, '1.1'],
      [3.1, '3.1'],
      [1, '1.0'],
      [1e16, '1e+16'],
      [1234567890123456, '1234567890123456.0'],
      [0.0001, '0.0001'],
      [0.00001, '1e-05'],
      [1.5e-7, '1.5e-07'],
      [Infinity, 'inf'],
      [-Infinity, '-inf'],
      [NaN, 'nan'],
      [-0, '-0.0'],
      [685230.15, '685230.15'],
    ];
    for (const [x, s] of cases) assert.equal(floatRepr(x), s, String(x));
  });

  it('prints containers with Python quoting', function () {
    const l = new PyList(['a', "it's", 'say "hi"', 'both \' and "', 'tab\tnew\nline', true, null]);
    assert.equal(pyRepr(l), `['a', "it's", 'say "hi"', 'both \\' and "', 'tab\\tnew\\nline', True, None]`);
    const d = new PyDict();
    d.set('purpose', 'testing');
    d.set(new PyInt(1n), new PyList());
    assert.equal(pyStr(d), "{'purpose': 'testing', 1: []}");
    assert.equal(pyStr('plain'), 'plain');
  });

  it('strips Python whitespace (not the BOM) and counts code points', function () {
    assert.equal(pyStrip('\u00a0 x \u3000'), 'x');
    assert.equal(pyStrip('\ufeff---'), '\ufeff---');
    assert.equal(cpLen('🚀a'), 2);
    // content[:4000] counts code points: an astral character is one, however many UTF-16 units it takes.
    assert.equal(cpHead('🚀ab', 2), '🚀a');
    assert.equal(cpHead('ab', 2), 'ab');
    assert.equal(cpHead('a🚀', 2), 'a🚀');
    assert.equal(cpHead('abc', 2), 'ab');
    assert.equal(cpHead(`${'🚀'.repeat(3000)}x`, 4000), `${'🚀'.repeat(3000)}x`);
    assert.equal(cpHead('x'.repeat(4001), 4000), 'x'.repeat(4000));
    assert.ok(cpCompare('\u{1F680}', '\uFFFD') > 0, 'an astral character sorts after U+FFFD, as in Python');
  });
});

describe('Hermes profile: PyYAML 1.1 values', function () {
  it('resolves YAML 1.1 scalars as PyYAML does', function () {
    assert.equal(load('a: yes\nb: No\nc: on\nd: y'), "{'a': True, 'b': False, 'c': True, 'd': 'y'}");
    assert.equal(load('a: 1.10\nb: 010\nc: 0x1F\nd: 1_000\ne: 12:30\nf: 09'), "{'a': 1.1, 'b': 8, 'c': 31, 'd': 1000, 'e': 750, 'f': '09'}");
    assert.equal(load('a: 1e3\nb: 1.0e+3\nc: .inf\nd: ~\ne:'), "{'a': '1e3', 'b': 1000.0, 'c': inf, 'd': None, 'e': None}");
    assert.equal(
      load('a: 2025-03-14\nb: 2025-03-14 10:00:00.5 +02:00'),
      "{'a': datetime.date(2025, 3, 14), 'b': datetime.datetime(2025, 3, 14, 10, 0, 0, 500000, tzinfo=datetime.timezone(datetime.timedelta(seconds=7200)))}",
    );
    assert.equal(load('a: "1.10"\nb: ! 12\nc: !!str 12'), "{'a': '1.10', 'b': 12, 'c': '12'}");
  });

  it('keeps the last of a repeated key, in its first position, and applies merges', function () {
    assert.equal(load('name: a\nx: 1\nname: b'), "{'name': 'b', 'x': 1}");
    assert.equal(
      load('base: &b {description: d, name: n}\nname: own\n<<: *b'),
      "{'description': 'd', 'name': 'own', 'base': {'description': 'd', 'name': 'n'}}",
    );
    assert.equal(load('a: &x {k: 1}\nb: &y {k: 2, j: 3}\nc:\n  <<: [*x, *y]'), "{'a': {'k': 1}, 'b': {'k': 2, 'j': 3}, 'c': {'k': 1, 'j': 3}}");
  });

  it('raises where PyYAML raises (so Hermes falls back to its line splitter)', function () {
    for (const bad of [
      'description: Use when: asked',
      'a: =',
      'a: <<',
      'a: !custom x',
      'a: !!int nope',
      'a: 2025-02-30',
      'a: &x 1\nb: &x 2',
      '? [a, b]\n: c',
      '\ta: b',
      'a: b\n\t',
      '- a\n-\tb',
      'a: \u0007',
      'a: 1\n---\nb: 2',
    ]) {
      assert.equal(load(bad), 'ERR', JSON.stringify(bad));
    }
    // …and accepts what PyYAML accepts.
    assert.equal(load('a:\tb\nc: [x,\n\ty]'), "{'a': 'b', 'c': ['x', 'y']}");
  });

  it('ends a block scalar without the newline Hermes cut off before the closing fence', function () {
    assert.equal(load('d: |\n  one\n  two'), "{'d': 'one\\ntwo'}");
    assert.equal(load('d: |\n  one\n  two\n'), "{'d': 'one\\ntwo\\n'}");
    assert.equal(load('d: >\n  one\n  two'), "{'d': 'one two'}");
  });

  it('survives aliases that point back at themselves or multiply', function () {
    assert.equal(load('a: &x [1, *x]'), "{'a': [1, [...]]}");
    let bomb = 'a: &a [x, x, x, x, x, x, x, x, x, x]\n';
    for (let i = 0; i < 8; i++)
      bomb += `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10)
        .fill(`*${String.fromCharCode(97 + i)}`)
        .join(', ')}]\n`;
    const r = loadYaml11(bomb);
    assert.ok(r.ok, 'PyYAML loads it (shared nodes)');
    if (r.ok) assert.throws(() => pyStr(r.value), OutputTooLarge);
  });
});

describe('Hermes profile: frontmatter and file reading', function () {
  it('needs --- at offset 0 and a closing --- line followed by a newline', function () {
    assert.equal(parseFrontmatter('---\nname: a\n---\nbody').kind, 'yaml');
    assert.equal(parseFrontmatter('---\nname: a\n---   \nbody').kind, 'yaml');
    assert.equal(parseFrontmatter('\ufeff---\nname: a\n---\n').kind, 'none');
    assert.equal(parseFrontmatter(' ---\nname: a\n---\n').kind, 'none');
    assert.equal(parseFrontmatter('---\nname: a\n--- # end\n').kind, 'unclosed');
    assert.equal(parseFrontmatter('---\nname: a\n...\n').kind, 'unclosed');
    assert.equal(parseFrontmatter('---\nname: a\n---').kind, 'unclosed');
    assert.equal(parseFrontmatter('---\n- a\n---\n').kind, 'not-mapping');
  });

  it('falls back to splitting lines at the first colon, values raw', function () {
    const fm = parseFrontmatter('---\nname: "quoted"\ndescription: Use when: asked\nplatforms: [linux]\n- item\nmetadata:\n  nested: x\n---\n');
    assert.equal(fm.kind, 'fallback');
    assert.equal(pyRepr(fm.fields), `{'name': '"quoted"', 'description': 'Use when: asked', 'platforms': '[linux]', 'metadata': '', 'nested': 'x'}`);
    assert.equal(pyRepr(fallbackFields('  a : 1 \nb:2:3')), "{'a': '1', 'b': '2:3'}");
  });

  it("reports a file that is not UTF-8 in Python's words", function () {
    const d = decodeUtf8(Buffer.from('---\nname: caf\xe9 x\n', 'latin1'));
    assert.equal(d.ok, false);
    if (!d.ok) assert.equal(d.error, "'utf-8' codec can't decode byte 0xe9 in position 13: invalid continuation byte");
    const e = decodeUtf8(Buffer.from([0x61, 0xf0, 0x9f, 0x98]));
    if (!e.ok) assert.equal(e.error, "'utf-8' codec can't decode bytes in position 1-3: unexpected end of data");
  });
});

// ── façade on trees built here ──────────────────────────────────────────────────────────────────────

interface Tree {
  root: string;
  ctx: RuntimeContext;
  cleanup: () => void;
}

function tree(files: Record<string, string | Buffer>, extra: Partial<RuntimeContext> = {}, config?: string): Tree {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-unit-'));
  const home = path.join(tmp, 'home');
  const hermesHome = path.join(home, '.hermes');
  const root = path.join(hermesHome, 'skills');
  fs.mkdirSync(root, { recursive: true });
  if (config !== undefined) fs.writeFileSync(path.join(hermesHome, 'config.yaml'), config);
  for (const [rel, content] of Object.entries(files)) {
    const p = path.join(root, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content);
  }
  const ctx: RuntimeContext = { env: { HOME: home }, platform: 'linux', home, cwd: tmp, environments: [], ...extra };
  return { root, ctx, cleanup: () => fs.rmSync(tmp, { recursive: true, force: true }) };
}

const sk = (name: string, description: string, extra = ''): string => `---\nname: ${name}\ndescription: ${description}\n${extra}---\nBody.\n`;

describe('Hermes profile: evaluateHermes', function () {
  it('maps gates onto verdicts with Hermes reasons, and prints the index', async function () {
    const t = tree(
      {
        'a/plain/SKILL.md': sk('plain', 'Plain skill'),
        'a/mac/SKILL.md': sk('mac', 'Mac only', 'platforms: [macos]\n'),
        'a/needs-key/SKILL.md': sk('needs-key', 'Needs a key', 'required_environment_variables: [SOME_KEY]\n'),
        'a/off/SKILL.md': sk('off', 'Disabled'),
        'b/kanban/SKILL.md': sk('kanban', 'Kanban only', 'environments: [kanban]\n'),
      },
      {},
      'skills:\n  disabled: [off]\n',
    );
    try {
      const r = await evaluateHermes(t.root, t.ctx);
      const by = Object.fromEntries(r.skills.map((s) => [s.id, s]));
      assert.equal(by['a/plain']?.verdict, 'loaded');
      assert.equal(by['a/mac']?.verdict, 'hidden');
      assert.deepEqual(by['a/mac']?.hiddenBy, ['platform']);
      assert.equal(by['a/needs-key']?.verdict, 'needs_setup');
      assert.deepEqual(by['a/needs-key']?.missing, { env: ['SOME_KEY'] });
      assert.equal(by['a/needs-key']?.color, 'amber');
      assert.deepEqual(by['a/off']?.hiddenBy, ['disabled']);
      assert.deepEqual(by['b/kanban']?.hiddenBy, ['environment']);
      assert.match(by['a/mac']?.reasons[0] ?? '', /sys\.platform/);
      assert.equal(r.index, '<available_skills>\n  a:\n    - needs-key: Needs a key\n    - plain: Plain skill\n</available_skills>');
      assert.ok(r.findings.some((f) => f.code === 'hermes-environments-warm-start'));
    } finally {
      t.cleanup();
    }
  });

  it('reports the whole index failing on a null condition list when tools are given, with the line', async function () {
    const t = tree(
      { 'x/cond/SKILL.md': sk('cond', 'Cond', 'metadata:\n  hermes:\n    requires_toolsets:\n'), 'x/other/SKILL.md': sk('other', 'Other') },
      { toolsets: ['web'] },
    );
    try {
      const r = await evaluateHermes(t.root, t.ctx);
      assert.equal(r.index, '');
      assert.equal(r.indexError, "TypeError: 'NoneType' object is not iterable");
      assert.ok(r.skills.every((s) => s.verdict === 'hidden' && s.hiddenBy.includes('index_error')));
      const f = r.findings.find((x) => x.code === 'hermes-condition-crash');
      assert.ok(f);
      assert.equal(f?.line, 6);
      assert.equal(f?.column, 5);
    } finally {
      t.cleanup();
    }
    // Without tool information the conditions are not evaluated, so nothing fails.
    const u = tree({ 'x/cond/SKILL.md': sk('cond', 'Cond', 'metadata:\n  hermes:\n    requires_toolsets:\n') });
    try {
      const r = await evaluateHermes(u.root, u.ctx);
      assert.equal(r.indexError, null);
      assert.notEqual(r.index, '');
    } finally {
      u.cleanup();
    }
  });

  it('places platforms: true on its line and marks every skill index_error', async function () {
    const t = tree({ 'x/bool/SKILL.md': sk('bool', 'Bool', 'platforms: true\n'), 'x/ok/SKILL.md': sk('ok', 'Ok') });
    try {
      const r = await evaluateHermes(t.root, t.ctx);
      assert.equal(r.indexError, "TypeError: 'bool' object is not iterable");
      const f = r.findings.find((x) => x.code === 'hermes-platforms-crash');
      assert.deepEqual([f?.line, f?.column, f?.endLine, f?.endColumn], [4, 12, 4, 16]);
    } finally {
      t.cleanup();
    }
  });

  it('builds the warm index from the snapshot (empty name, platforms mapping, environments)', function () {
    const t = tree({
      'c/empty/SKILL.md': sk("''", 'Empty name'),
      'c/map/SKILL.md': sk('map', 'Platforms mapping', 'platforms: {linux: yes}\n'),
      'c/env/SKILL.md': sk('env', 'Docker only', 'environments: [docker]\n'),
    });
    try {
      const run = runHermes(t.root, t.ctx);
      assert.equal(run.cold.build.block, '<available_skills>\n  c:\n    - : Empty name\n</available_skills>');
      assert.equal(run.warm.block, '<available_skills>\n  c:\n    - empty: Empty name\n    - env\n    - map\n</available_skills>');
    } finally {
      t.cleanup();
    }
  });

  it('finds YAML 1.1 surprises, a date in metadata and a BOM, each on its line', async function () {
    const t = tree({
      'd/yes/SKILL.md': sk('yes', 'Named yes'),
      'd/date/SKILL.md': sk('date', 'Dated', 'metadata:\n  reviewed: 2025-03-14\n'),
      'd/bom/SKILL.md': `\ufeff${sk('bom', 'With BOM')}`,
      'd/broken/SKILL.md': sk('broken', 'Use when: asked'),
    });
    try {
      const r = await evaluateHermes(t.root, t.ctx);
      const code = (c: string): { line: number; column: number } | undefined => r.findings.find((f) => f.code === c);
      assert.deepEqual({ ...code('hermes-name-not-string') }.line, 2);
      assert.equal(code('hermes-unserializable')?.line, 5);
      assert.equal(code('hermes-bom')?.line, 1);
      assert.equal(code('hermes-yaml-fallback')?.line, 3);
      const date = r.skills.find((s) => s.id === 'd/date');
      assert.equal(date?.verdict, 'not_loadable');
    } finally {
      t.cleanup();
    }
  });

  it('reports a file that is not UTF-8 as not loadable, at the bad byte', async function () {
    const t = tree({ 'e/latin/SKILL.md': Buffer.from('---\nname: latin\ndescription: Caf\xe9\n---\n', 'latin1') });
    try {
      const r = await evaluateHermes(t.root, t.ctx);
      assert.equal(r.skills[0]?.verdict, 'not_loadable');
      const f = r.findings.find((x) => x.code === 'hermes-not-utf8');
      assert.deepEqual([f?.line, f?.column], [3, 17]);
      assert.equal(r.index, '<available_skills>\n  e:\n    - latin\n</available_skills>');
    } finally {
      t.cleanup();
    }
  });

  it('adds skills.external_dirs after the local tree: a local name wins, the local category line too', function () {
    const t = tree(
      { 'tools/fmt/SKILL.md': sk('fmt', 'Local formatter'), 'tools/DESCRIPTION.md': '---\ndescription: Local tools\n---\n' },
      {},
      'skills:\n  external_dirs: [extra, /nonexistent/dir]\n',
    );
    try {
      const extra = path.join(path.dirname(t.root), 'extra');
      for (const [rel, text] of Object.entries({
        'tools/fmt/SKILL.md': sk('fmt', 'External formatter'),
        'tools/lint/SKILL.md': sk('lint', 'External linter'),
        'tools/DESCRIPTION.md': '---\ndescription: External tools\n---\n',
        'web/fetch/SKILL.md': sk('fetch', 'Fetch a page'),
      })) {
        fs.mkdirSync(path.dirname(path.join(extra, rel)), { recursive: true });
        fs.writeFileSync(path.join(extra, rel), text);
      }
      const run = runHermes(t.root, t.ctx);
      assert.equal(
        run.cold.build.block,
        '<available_skills>\n  tools: Local tools\n    - fmt: Local formatter\n    - lint: External linter\n  web:\n    - fetch: Fetch a page\n</available_skills>',
      );
      assert.equal(run.warm.block, run.cold.build.block);
      const names = (run.list.json.skills as { name: string }[]).map((x) => x.name);
      assert.deepEqual(names, ['fmt', 'lint', 'fetch']);
      assert.equal(run.skills.length, 1, 'verdicts only for the folder asked about');
    } finally {
      t.cleanup();
    }
  });

  it('survives hostile trees: a symlink loop, a binary SKILL.md, a huge frontmatter, a folder named SKILL.md', async function () {
    const t = tree({
      'h/bin/SKILL.md': Buffer.from([0, 1, 2, 255, 254, 0, 10]),
      'h/big/SKILL.md': `---\nname: big\ndescription: ${'x'.repeat(2_000_000)}\n---\n`,
      'h/dir/SKILL.md/x.txt': 'not a skill',
      'h/ok/SKILL.md': sk('ok', 'Fine'),
    });
    try {
      fs.symlinkSync('..', path.join(t.root, 'h', 'ok', 'loop'));
      const started = Date.now();
      const r = await evaluateHermes(t.root, t.ctx);
      assert.ok(Date.now() - started < 15_000, 'finishes quickly');
      assert.ok(r.skills.some((s) => s.id === 'h/ok'));
      assert.equal(r.skills.find((s) => s.id === 'h/bin')?.verdict, 'not_loadable');
      assert.ok(r.findings.some((f) => f.code === 'hermes-symlink-loop'));
    } finally {
      t.cleanup();
    }
  });
});
