// `check --fix` and `check --fix --dry-run`, through the built `dist/cli.js` in a real child process.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { analyzeSkill } from '../../src/core/check/analyze';
import { fixText } from '../../src/core/assist/fix';
import { cliSync } from '../utils/cli';
import { writeUnder } from '../utils/fs';

let tmp: string;

function run(args: string[]) {
  return cliSync(args, { cwd: tmp, env: { PATH: `/usr/bin${path.delimiter}/bin`, HOME: tmp } });
}

function put(rel: string, text: string | Buffer): void {
  writeUnder(tmp, rel, text);
}

const bytes = (rel: string): Buffer => readFileSync(path.join(tmp, rel));
const text = (rel: string): string => bytes(rel).toString('utf8');

interface Finding {
  code: string;
  line: number;
}
function findings(args: string[]): Map<string, Finding[]> {
  const r = run(['check', ...args, '--json', '--no-probe', '--no-cache']);
  const j = JSON.parse(r.out) as { skills: Array<{ id: string; diagnostics: Finding[] }> };
  return new Map(j.skills.map((s) => [s.id, s.diagnostics]));
}
const codes = (m: Map<string, Finding[]>, id: string): string[] => (m.get(id) ?? []).map((d) => d.code);

const BOM = '\ufeff';
const FILES: Record<string, string> = {
  'tree/bins/SKILL.md': '---\nname: bins\ndescription: Bins skill.\nrequires:\n  bins: tool\n---\nBody of bins.\n',
  'tree/npm/SKILL.md': '---\nname: npm\ndescription: Npm skill.\nrequires:\n  bins: [tool]\n  bin_versions:\n    tool: ">=1.0 <2"\n---\nBody.\n',
  'tree/colon/SKILL.md': '---\nname: colon\ndescription: Use when: things break\n---\nBody.\n',
  'tree/folder/SKILL.md': '---\nname: other-name\ndescription: Named after another folder.\n---\nBody.\n',
  'tree/unnamed/SKILL.md': '---\ndescription: No name at all.\n---\nBody.\n',
  'tree/crlf/SKILL.md': '---\r\nname: crlf\r\ndescription: Use when: lines end in CRLF\r\nrequires:\r\n  bins: tool\r\n---\r\nBody.\r\n',
  'tree/bom/SKILL.md': `${BOM}---\nname: not-bom\ndescription: Starts with a BOM.\n---\nBody.\n`,
  // Only an unsafe fix (a guess at the misspelt mode): left alone.
  'tree/unsafe/SKILL.md': '---\nname: unsafe\ndescription: Unsafe only.\nrequires:\n  bins: [tool]\n  mode: warnn\n---\nBody.\n',
  // Outside the PATH given.
  'outside/bins/SKILL.md': '---\nname: bins\ndescription: Outside.\nrequires:\n  bins: tool\n---\nBody.\n',
};

function writeAll(): void {
  for (const [rel, t] of Object.entries(FILES)) put(rel, t);
}

beforeEach(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'skill-author-fix-'));
  writeAll();
});

afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('cli: check --fix', () => {
  it('applies every safe fix kind in place, prints one line per fix, and the re-check shows them gone', () => {
    const before = findings(['tree']);
    assert.ok(codes(before, 'bins').includes('type-mismatch') || codes(before, 'bins').includes('requirements-ignored'), codes(before, 'bins').join());
    assert.ok(codes(before, 'npm').includes('constraint-invalid'));
    assert.ok(codes(before, 'colon').includes('yaml-syntax'));
    assert.ok(codes(before, 'folder').includes('name-dir-mismatch'));
    assert.ok(codes(before, 'unnamed').includes('name-missing'), codes(before, 'unnamed').join());

    const r = run(['check', 'tree', '--fix', '--no-probe', '--no-cache']);
    assert.match(r.err, /^tree\/bins\/SKILL\.md: fixed (type-mismatch|requirements-ignored) at 5:9 \(Make `bins` a list: \[tool\]\)$/m);
    assert.match(r.err, /^tree\/npm\/SKILL\.md: fixed constraint-invalid at 7:\d+ \(Use Cargo syntax: `>=1\.0, <2`\)$/m);
    assert.match(r.err, /^tree\/colon\/SKILL\.md: fixed yaml-syntax at 3:14 \(Quote the value: "Use when: things break"\)$/m);
    assert.match(r.err, /^tree\/folder\/SKILL\.md: fixed name-dir-mismatch at 2:7 \(Set `name` to the folder name `folder`\)$/m);
    assert.match(r.err, /^tree\/unnamed\/SKILL\.md: fixed name-missing at \d+:\d+ /m);
    assert.doesNotMatch(r.err, /unsafe|outside/);
    // The normal check output follows, on the files as fixed: the table no longer names the fixed findings.
    assert.doesNotMatch(r.out, /yaml-syntax|constraint-invalid|name-dir-mismatch/);

    assert.equal(text('tree/bins/SKILL.md'), FILES['tree/bins/SKILL.md']!.replace('bins: tool', 'bins: [tool]'));
    assert.equal(text('tree/npm/SKILL.md'), FILES['tree/npm/SKILL.md']!.replace('">=1.0 <2"', '">=1.0, <2"'));
    assert.equal(text('tree/colon/SKILL.md'), FILES['tree/colon/SKILL.md']!.replace('Use when: things break', '"Use when: things break"'));
    assert.equal(text('tree/folder/SKILL.md'), FILES['tree/folder/SKILL.md']!.replace('other-name', 'folder'));
    assert.equal(text('tree/unnamed/SKILL.md'), '---\nname: unnamed\ndescription: No name at all.\n---\nBody.\n');

    const after = findings(['tree']);
    for (const [id, code] of [
      ['bins', 'type-mismatch'],
      ['bins', 'requirements-ignored'],
      ['npm', 'constraint-invalid'],
      ['colon', 'yaml-syntax'],
      ['folder', 'name-dir-mismatch'],
      ['unnamed', 'name-missing'],
    ] as const) {
      assert.ok(!codes(after, id).includes(code), `${id}: ${codes(after, id).join()}`);
    }
  });

  it('keeps CRLF line endings and a BOM byte for byte', () => {
    run(['check', 'tree', '--fix', '--no-probe', '--no-cache']);
    const crlf = bytes('tree/crlf/SKILL.md');
    assert.equal(crlf.toString('utf8'), '---\r\nname: crlf\r\ndescription: "Use when: lines end in CRLF"\r\nrequires:\r\n  bins: [tool]\r\n---\r\nBody.\r\n');
    assert.doesNotMatch(crlf.toString('latin1'), /[^\r]\n/, 'no bare LF');
    const bom = bytes('tree/bom/SKILL.md');
    assert.deepEqual([...bom.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    assert.equal(bom.toString('utf8'), FILES['tree/bom/SKILL.md']!.replace('not-bom', 'bom'));
    const after = findings(['tree']);
    assert.ok(!codes(after, 'crlf').includes('yaml-syntax'), codes(after, 'crlf').join());
    assert.ok(!codes(after, 'bom').includes('name-dir-mismatch'), codes(after, 'bom').join());
  });

  it('inserts a CRLF line break in a CRLF file (name ← folder)', () => {
    put('tree/crlfname/SKILL.md', '---\r\ndescription: No name, CRLF.\r\n---\r\nBody.\r\n');
    run(['check', 'tree/crlfname', '--fix', '--no-probe', '--no-cache']);
    assert.equal(text('tree/crlfname/SKILL.md'), '---\r\nname: crlfname\r\ndescription: No name, CRLF.\r\n---\r\nBody.\r\n');
  });

  it('leaves an unsafe-only finding and a file outside PATH alone', () => {
    const outsideStat = statSync(path.join(tmp, 'outside/bins/SKILL.md')).mtimeMs;
    const r = run(['check', 'tree', '--fix', '--no-probe', '--no-cache']);
    assert.equal(r.code, 1, 'the unsafe finding is still an error');
    assert.equal(text('tree/unsafe/SKILL.md'), FILES['tree/unsafe/SKILL.md']);
    assert.equal(text('outside/bins/SKILL.md'), FILES['outside/bins/SKILL.md']);
    assert.equal(statSync(path.join(tmp, 'outside/bins/SKILL.md')).mtimeMs, outsideStat);
    assert.ok(codes(findings(['tree']), 'unsafe').some((c) => c === 'enum-invalid' || c === 'requirements-ignored'));
  });

  it('does not write through a SKILL.md link to a file outside PATH', () => {
    mkdirSync(path.join(tmp, 'tree/link'));
    symlinkSync(path.join(tmp, 'outside/bins/SKILL.md'), path.join(tmp, 'tree/link/SKILL.md'));
    run(['check', 'tree', '--fix', '--no-probe', '--no-cache']);
    assert.equal(text('outside/bins/SKILL.md'), FILES['outside/bins/SKILL.md']);
  });

  it('exits 0 when the fixes leave no error, and a second run changes nothing', () => {
    const r = run(['check', 'tree/bins', 'tree/colon', '--fix', '--no-probe', '--no-cache']);
    assert.equal(r.code, 0, r.out + r.err);
    const again = run(['check', 'tree/bins', 'tree/colon', '--fix', '--no-probe', '--no-cache']);
    assert.doesNotMatch(again.err, /fixed/);
  });
});

describe('cli: check --fix --dry-run', () => {
  it('writes nothing and prints a unified diff per file, and nothing else', () => {
    const all = Object.keys(FILES);
    const stamps = new Map(all.map((f) => [f, { bytes: bytes(f), mtime: statSync(path.join(tmp, f)).mtimeMs }]));
    const r = run(['check', 'tree', '--fix', '--dry-run', '--no-probe', '--no-cache']);
    for (const f of all) {
      assert.deepEqual(bytes(f), stamps.get(f)!.bytes, f);
      assert.equal(statSync(path.join(tmp, f)).mtimeMs, stamps.get(f)!.mtime, f);
    }
    assert.match(r.out, /^--- a\/tree\/bins\/SKILL\.md\n\+\+\+ b\/tree\/bins\/SKILL\.md\n@@ /m);
    assert.match(r.out, /^- {2}bins: tool\n\+ {2}bins: \[tool\]$/m);
    assert.match(r.out, /^- {4}tool: ">=1\.0 <2"\n\+ {4}tool: ">=1\.0, <2"$/m);
    assert.match(r.out, /^-description: Use when: things break\n\+description: "Use when: things break"$/m);
    assert.match(r.out, /^-name: other-name\n\+name: folder$/m);
    assert.match(r.out, /^\+name: unnamed$/m);
    assert.doesNotMatch(r.out, /unsafe|outside|SKILL +CATEGORY/);
    // Every line is part of a diff: headers, hunks, context, removals, additions.
    for (const line of r.out.split('\n').filter(Boolean)) assert.match(line, /^(--- a\/|\+\+\+ b\/|@@ |[ +\-\\])/, line);
    assert.equal(r.code, 1, 'the unsafe finding would remain');
    // The fix lines still go to stderr, as what would be fixed.
    assert.match(r.err, /^tree\/bins\/SKILL\.md: would fix (type-mismatch|requirements-ignored) at 5:9 /m);
  });

  it('exits 0 when no error would remain', () => {
    const r = run(['check', 'tree/colon', '--fix', '--dry-run', '--no-probe', '--no-cache']);
    assert.equal(r.code, 0, r.out + r.err);
    assert.equal(text('tree/colon/SKILL.md'), FILES['tree/colon/SKILL.md']);
  });

  it('--dry-run needs --fix; --fix does not go with --agent', () => {
    assert.equal(run(['check', 'tree', '--dry-run']).code, 2);
    assert.equal(run(['check', 'tree', '--fix', '--agent', 'x']).code, 2);
  });
});

describe('cli: check --fix with OpenClaw and --runtime', () => {
  const claw = 'tree/claw/SKILL.md';
  const original = '---\nname: claw\ndescription: An OpenClaw skill.\nmetadata: {"openclaw": {"os": ["macos", "Linux"], "always": "true"}}\n---\nBody.\n';
  const openclawCodes = (): string[] => codes(findings(['tree']), 'claw').filter((c) => c.startsWith('openclaw-'));

  it('fixes OpenClaw’s findings (detected from metadata.openclaw), and the re-check shows them gone', () => {
    put(claw, original);
    assert.deepEqual(openclawCodes().sort(), ['openclaw-always-not-boolean', 'openclaw-os-value', 'openclaw-os-value']);
    const r = run(['check', 'tree', '--fix', '--no-probe', '--no-cache']);
    assert.match(r.err, /^tree\/claw\/SKILL\.md: fixed openclaw-os-value at 4:\d+ \(Use darwin\)$/m);
    assert.match(r.err, /^tree\/claw\/SKILL\.md: fixed openclaw-always-not-boolean at 4:\d+ \(Use the boolean true\)$/m);
    assert.equal(text(claw), original.replace('"macos", "Linux"', '"darwin", "linux"').replace('"always": "true"', '"always": true'));
    assert.deepEqual(openclawCodes(), ['openclaw-always-vs-os'], 'only the information `always` now brings');
  });

  it('respects --runtime: nothing of OpenClaw is fixed when other runtimes are chosen', () => {
    put(claw, original);
    const r = run(['check', 'tree', '--fix', '--runtime', 'nexo,hermes', '--no-probe', '--no-cache']);
    assert.doesNotMatch(r.err, /openclaw/);
    assert.equal(text(claw), original);
    run(['check', 'tree', '--fix', '--runtime', 'openclaw', '--no-probe', '--no-cache']);
    assert.notEqual(text(claw), original);
  });
});

describe('core: fixText', () => {
  const analyze = (t: string) => analyzeSkill(t, { dirName: 'bins' });

  it('throws a pass away when its result has a new error code', () => {
    const original = FILES['tree/bins/SKILL.md']!;
    // An analysis that finds a new kind of error in any changed text.
    const strict = (t: string) => {
      const a = analyze(t);
      if (t !== original) a.diagnostics.push({ ...a.diagnostics[0]!, code: 'made-up', severity: 'error' });
      return a;
    };
    const r = fixText(original, strict);
    assert.equal(r.text, original);
    assert.deepEqual(r.applied, []);
    assert.match(r.refused ?? '', /`made-up`/);
  });

  it('applies the same edit offered for two findings once, and stops when nothing is left', () => {
    const r = fixText(FILES['tree/bins/SKILL.md']!, analyze);
    assert.equal(r.text, FILES['tree/bins/SKILL.md']!.replace('bins: tool', 'bins: [tool]'));
    assert.equal(r.applied.length, 1);
    assert.equal(r.refused, undefined);
  });

  it('leaves a list fix that would split the value (`bins: a, b`) alone', () => {
    const t = '---\nname: bins\ndescription: Two in one.\nrequires:\n  bins: a, b\n---\nBody.\n';
    assert.equal(fixText(t, analyze).text, t);
  });
});
