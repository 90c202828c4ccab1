import { strict as assert } from 'node:assert';
import { analyzeSkill } from '../../src/core/check/analyze';
import { splitSkill } from '../../src/core/skill/frontmatter';
import type { Diagnostic } from '../../src/core/types';

const skill = (fm: string, body = 'Do the thing.\n'): string => `---\n${fm}---\n${body}`;
const analyze = (text: string, dirName = 'my-skill') => analyzeSkill(text, { dirName });
const codes = (text: string, dirName = 'my-skill'): string[] => analyze(text, dirName).diagnostics.map((d) => d.code);
const find = (text: string, code: string, dirName = 'my-skill'): Diagnostic => {
  const d = analyze(text, dirName).diagnostics.find((x) => x.code === code);
  assert.ok(d, `expected ${code} in ${JSON.stringify(codes(text, dirName))}`);
  return d;
};
/** The text a diagnostic covers. */
const covered = (text: string, d: Diagnostic): string => text.slice(d.start, d.end);
const VALID = 'name: my-skill\ndescription: Does one thing well.\n';

describe('frontmatter split (runtime rules)', () => {
  it('splits a normal file and trims the body', () => {
    const text = '---\nname: a\n---\n\n  body text  \n\n';
    const s = splitSkill(text);
    assert.equal(s.state, 'ok');
    assert.equal(text.slice(s.frontmatter!.yamlStart, s.frontmatter!.yamlEnd), 'name: a\n');
    assert.equal(text.slice(s.bodyStart, s.bodyEnd), 'body text');
  });
  it('accepts leading whitespace before the opening fence and a closing fence with spaces', () => {
    const text = '\n\n  ---\nname: a\n  ---  \nbody';
    const s = splitSkill(text);
    assert.equal(s.state, 'ok');
    assert.equal(text.slice(s.bodyStart, s.bodyEnd), 'body');
  });
  it('handles CRLF', () => {
    const text = '---\r\nname: a\r\n---\r\nbody\r\n';
    const s = splitSkill(text);
    assert.equal(s.state, 'ok');
    assert.equal(text.slice(s.frontmatter!.yamlStart, s.frontmatter!.yamlEnd), 'name: a\r\n');
    assert.equal(text.slice(s.bodyStart, s.bodyEnd), 'body');
  });
  it('treats lone CR files as one line: no `\n` after the opening fence, so an empty body (RULES §3, b24)', () => {
    const s = splitSkill('---\rname: a\r---\rbody');
    assert.equal(s.state, 'single-line');
    assert.equal(s.bodyEnd - s.bodyStart, 0);
  });
  it('reports no frontmatter, unclosed, blank, and a BOM hiding the fence', () => {
    assert.equal(splitSkill('# Title\nbody').state, 'missing');
    assert.equal(splitSkill('---\nname: a\nbody').state, 'unclosed');
    // A lone `---` (no `\n` after it): no metadata and an EMPTY body, not the whole file (RULES §3, a31).
    assert.equal(splitSkill('---').state, 'single-line');
    assert.equal(splitSkill(' \n\t\n').state, 'blank');
    assert.equal(splitSkill('\uFEFF---\nname: a\n---\nbody').state, 'missing');
    assert.equal(splitSkill('\uFEFF---\nname: a\n---\nbody', 1).state, 'ok');
  });
  it('keeps `----` lines and `...` from closing the block', () => {
    assert.equal(splitSkill('---\na: 1\n----\n...\n').state, 'unclosed');
  });
});

describe('analyzeSkill: a valid skill', () => {
  it('has no findings and is loadable', () => {
    const a = analyze(skill(VALID));
    assert.deepEqual(a.diagnostics, []);
    assert.equal(a.loadable, true);
    assert.equal(a.body, 'Do the thing.');
    assert.equal(a.displayName, 'my-skill');
    assert.equal(a.description, 'Does one thing well.');
    assert.equal(a.frontmatterEffective, true);
  });
  it('maps positions to 1-based lines and columns in CRLF files', () => {
    const text = '---\r\nname: My_Skill\r\ndescription: x\r\n---\r\nbody\r\n';
    const d = find(text, 'name-charset');
    assert.equal(d.line, 2);
    assert.equal(d.column, 7);
    assert.equal(d.endColumn, 15);
    assert.equal(covered(text, d), 'My_Skill');
  });
});

describe('analyzeSkill: structure', () => {
  it('file-empty', () => assert.deepEqual(codes('  \n'), ['file-empty']));
  it('frontmatter-missing', () => assert.ok(codes('# Hello\nbody').includes('frontmatter-missing')));
  it('frontmatter-unclosed, with the lone-CR explanation', () => {
    assert.ok(codes('---\nname: a\nbody').includes('frontmatter-unclosed'));
    assert.match(find('---\rname: a\r---\rbody', 'frontmatter-unclosed').message, /lone CR/);
  });
  it('yaml-syntax with the quote-the-colon hint and a replacement', () => {
    const text = skill('name: my-skill\ndescription: Use when: the user asks\n');
    const d = find(text, 'yaml-syntax');
    assert.match(d.message, /Quote the value/);
    assert.equal(d.data?.replacement, '"Use when: the user asks"');
    assert.equal(d.line, 3);
    const ignored = find(text, 'requirements-ignored');
    assert.match(ignored.message, /nexo-rs ignores the entire frontmatter when the YAML does not parse/);
  });
  it('frontmatter-not-mapping', () => {
    assert.ok(codes(skill('- a\n- b\n')).includes('frontmatter-not-mapping'));
    assert.ok(codes(skill('just text\n')).includes('frontmatter-not-mapping'));
  });
  it('bom: warns, and the runtime sees no frontmatter', () => {
    const a = analyze(`\uFEFF${skill(`${VALID}requires:\n  bins: [ffmpeg]\n`)}`);
    assert.ok(a.diagnostics.some((d) => d.code === 'bom' && d.severity === 'warning'));
    assert.equal(a.frontmatterEffective, false);
    assert.deepEqual(a.requirements.bins, []);
    // The author's view still validates what they wrote.
    assert.ok(!a.diagnostics.some((d) => d.code === 'name-missing'));
  });
  it('body-empty: the runtime skips it', () => {
    const a = analyze(skill(VALID, '\n   \n'));
    assert.ok(a.diagnostics.some((d) => d.code === 'body-empty' && d.severity === 'error'));
    assert.equal(a.loadable, false);
  });
  it('duplicate-key, and nexo-rs rejects a duplicated known field', () => {
    const text = skill('name: my-skill\nname: my-skill\ndescription: d\n');
    const c = codes(text);
    assert.ok(c.includes('duplicate-key'));
    assert.match(find(text, 'requirements-ignored').message, /`name` appears twice/);
    // A duplicated unknown field is only a YAML finding for nexo-rs.
    const other = skill(`${VALID}foo: 1\nfoo: 2\n`);
    assert.ok(codes(other).includes('duplicate-key'));
    assert.ok(!codes(other).includes('requirements-ignored'));
  });
  it('frontmatter-fence-text', () => assert.ok(codes(`---yaml\n${VALID}---\nbody`).includes('frontmatter-fence-text')));
  it('alias bombs are cut short and reported', () => {
    let y = 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i < 12; i++)
      y += `a${i}: &a${i} [${Array(10)
        .fill(`*a${i - 1}`)
        .join(', ')}]\n`;
    const started = Date.now();
    const a = analyze(skill(`${VALID}${y}`));
    assert.ok(Date.now() - started < 2000);
    assert.ok(a.diagnostics.some((d) => d.code === 'yaml-syntax' && /alias/.test(d.message)));
  });
  it('20,000-deep nesting is reported, not parsed', () => {
    const a = analyze(skill(`${VALID}x: ${'['.repeat(20000)}\n`));
    assert.ok(a.diagnostics.some((d) => d.code === 'yaml-syntax' && /nesting/.test(d.message)));
  });
});

describe('analyzeSkill: requirements-ignored (nexo-rs strict deserialization)', () => {
  const ignoredFor = (fm: string): Diagnostic | undefined => analyze(skill(VALID + fm)).diagnostics.find((d) => d.code === 'requirements-ignored');
  it('bins as a string', () => {
    const text = skill(`${VALID}requires:\n  bins: ffmpeg\n`);
    const d = find(text, 'requirements-ignored');
    assert.match(d.message, /`bins` is the text "ffmpeg" instead of a list \(write `bins: \[ffmpeg\]`\)/);
    assert.equal(covered(text, d), 'ffmpeg');
    assert.equal(analyze(text).frontmatterEffective, false);
    assert.deepEqual(analyze(text).requirements.bins, []);
    // the schema's own type error on the same node is not said twice
    assert.ok(!codes(text).includes('type-mismatch'));
  });
  it('mode typo: mode-invalid plus requirements-ignored', () => {
    const text = skill(`${VALID}requires:\n  mode: warnn\n`);
    assert.ok(codes(text).includes('requirements-ignored'));
    assert.match(ignoredFor('requires:\n  mode: warnn\n')!.message, /`mode` is "warnn", not one of strict, warn, disable/);
  });
  it('an unquoted number as a bin_versions shorthand', () => {
    const d = ignoredFor('requires:\n  bin_versions:\n    ffmpeg: 4.0\n');
    assert.ok(d);
    assert.match(d.message, /quote it: `"4.0"`/);
  });
  it('accepts any scalar where nexo-rs wants a String', () => {
    assert.equal(ignoredFor('requires:\n  bins: [7z, 1, true]\n'), undefined);
  });
  it('max_chars must be a plain non-negative integer', () => {
    assert.ok(ignoredFor('max_chars: "4000"\n'));
    assert.ok(ignoredFor('max_chars: -1\n'));
    assert.ok(ignoredFor('max_chars: 1.5\n'));
    assert.equal(ignoredFor('max_chars: 4000\n'), undefined);
  });
  it('written null lists are errors; empty lists and null options are not (RULES §4, a07)', () => {
    assert.ok(ignoredFor('requires:\n  bins: ~\n'));
    assert.ok(ignoredFor('requires: ~\n'));
    assert.equal(ignoredFor('requires:\n  bins:\n'), undefined);
    assert.equal(ignoredFor('requires:\n'), undefined);
    assert.equal(
      analyze(skill('name: my-skill\ndescription:\n')).diagnostics.some((d) => d.code === 'requirements-ignored'),
      false,
    );
  });
  it('long form needs a constraint', () => {
    assert.ok(ignoredFor('requires:\n  bin_versions:\n    curl:\n      command: --help\n'));
  });
  it('a list where a map is expected', () => assert.ok(ignoredFor('requires: [ffmpeg]\n')));
});

describe('analyzeSkill: name rules', () => {
  const withName = (name: string, dir = 'my-skill'): string[] => codes(skill(`name: ${name}\ndescription: d\n`), dir);
  it('name-missing (absent or empty)', () => {
    assert.ok(codes(skill('description: d\n')).includes('name-missing'));
    assert.ok(withName('""').includes('name-missing'));
  });
  it('name-too-long', () => assert.ok(withName('a'.repeat(65), 'a'.repeat(65)).includes('name-too-long')));
  it('name-charset for uppercase of any script and bad ASCII', () => {
    assert.ok(withName('My-skill').includes('name-charset'));
    assert.ok(withName('my_skill').includes('name-charset'));
    assert.ok(withName('"my skill"').includes('name-charset'));
    assert.ok(withName('ÉCOLE').includes('name-charset'));
  });
  it('name-non-ascii for other non-ASCII letters', () => {
    const c = withName('café', 'café');
    assert.ok(c.includes('name-non-ascii'));
    assert.ok(!c.includes('name-charset'));
  });
  it('name-hyphen and name-double-hyphen', () => {
    assert.ok(withName('-my-skill').includes('name-hyphen'));
    assert.ok(withName('my-skill-').includes('name-hyphen'));
    assert.ok(withName('my--skill', 'my--skill').includes('name-double-hyphen'));
  });
  it('name-dir-mismatch, compared after NFKC', () => {
    assert.ok(withName('other').includes('name-dir-mismatch'));
    // U+FB01 (ﬁ ligature) normalizes to "fi".
    assert.ok(!withName('ﬁle-tools', 'file-tools').includes('name-dir-mismatch'));
    const d = find(skill('name: other\ndescription: d\n'), 'name-dir-mismatch');
    assert.equal(d.severity, 'warning');
    assert.equal(d.data?.replacement, 'my-skill');
  });
});

describe('analyzeSkill: description and other fields', () => {
  it('description-missing', () => assert.ok(codes(skill('name: my-skill\n')).includes('description-missing')));
  it('description-too-long', () => assert.ok(codes(skill(`name: my-skill\ndescription: ${'x'.repeat(1025)}\n`)).includes('description-too-long')));
  it('description-index-truncated over 60 characters', () => {
    const d = find(skill(`name: my-skill\ndescription: ${'word '.repeat(15)}\n`), 'description-index-truncated');
    assert.equal(d.severity, 'information');
    assert.ok(!codes(skill(`name: my-skill\ndescription: ${'x'.repeat(60)}\n`)).includes('description-index-truncated'));
  });
  it('compatibility-too-long', () => assert.ok(codes(skill(`${VALID}compatibility: ${'x'.repeat(501)}\n`)).includes('compatibility-too-long')));
  it('unknown-field: faded information, or a warning with a fix for a near miss', () => {
    const text = skill(`${VALID}colour: blue\nrequire:\n  bins: [x]\n`);
    const diags = analyze(text).diagnostics.filter((d) => d.code === 'unknown-field');
    const colour = diags.find((d) => covered(text, d) === 'colour');
    assert.equal(colour?.severity, 'information');
    assert.equal(colour?.unnecessary, true);
    const typo = diags.find((d) => covered(text, d) === 'require');
    assert.equal(typo?.severity, 'warning');
    assert.equal(typo?.data?.replacement, 'requires');
    assert.ok(!codes(skill(`${VALID}allowed-tools: Read Bash\n`)).includes('unknown-field'));
    assert.ok(codes(skill(`${VALID}requires:\n  bin: [x]\n`)).includes('unknown-field'));
  });
  it('scalar-not-string for a number where text belongs', () => {
    const text = skill(`${VALID}version: 1.10\n`);
    const d = find(text, 'scalar-not-string');
    assert.match(d.message, /`1.10` as a number \(YAML reads `1.10` as 1.1\)/);
    assert.equal(d.data?.replacement, '"1.10"');
  });
  it('type-mismatch from the schema; no value set of one runtime imposed on every skill', () => {
    assert.ok(codes(skill(`${VALID}user-invocable: sometimes\n`)).includes('type-mismatch'));
    // Hermes lower-cases platforms and matches them as prefixes: its own profile reports one that matches nothing.
    for (const p of ['linx', 'Linux', 'darwin']) assert.ok(!codes(skill(`${VALID}platforms: [${p}]\n`)).includes('enum-invalid'), p);
    assert.ok(!codes(skill(`${VALID}effort: extreme\n`)).includes('enum-invalid'), 'Claude Code’s effort levels are Claude Code’s');
  });
});

describe('analyzeSkill: requirement rules', () => {
  const req = (r: string): string => skill(`${VALID}requires:\n${r}`);
  it('constraint-invalid with the npm-ism explained and a Cargo rewrite', () => {
    const text = req('  bin_versions:\n    node: ">=18 <23"\n');
    const d = find(text, 'constraint-invalid');
    assert.match(d.message, /comma/i);
    assert.equal(d.data?.replacement, '>=18, <23');
    assert.equal(covered(text, d), '">=18 <23"', 'a separator-only error marks the whole value');
    const v = find(req('  bin_versions:\n    node: ">=v18"\n'), 'constraint-invalid');
    assert.notEqual(covered(req('  bin_versions:\n    node: ">=v18"\n'), v), '">=v18"', 'other errors point inside the value');
    assert.ok(codes(req('  bin_versions:\n    node: ">=18 || <10"\n')).includes('constraint-invalid'));
    assert.ok(codes(req('  bin_versions:\n    node: "1.2 - 2.0"\n')).includes('constraint-invalid'));
  });
  it('constraint-bare-version', () => {
    const text = req('  bin_versions:\n    ffmpeg: "4.0"\n');
    const d = find(text, 'constraint-bare-version');
    assert.equal(d.severity, 'information');
    assert.equal(covered(text, d), '4.0');
    assert.match(d.message, /\^4\.0/);
  });
  it('env-name-invalid in requires.env and prerequisites.env_vars', () => {
    assert.ok(codes(req('  env: [MY-VAR]\n')).includes('env-name-invalid'));
    assert.ok(codes(skill(`${VALID}prerequisites:\n  env_vars: [1ABC]\n`)).includes('env-name-invalid'));
  });
  it('bin-name-invalid: shell characters are errors, paths are warnings', () => {
    const shell = find(req('  bins: ["ffmpeg; rm -rf /"]\n'), 'bin-name-invalid');
    assert.equal(shell.severity, 'error');
    const p = find(req('  bins: [/usr/local/bin/tool]\n'), 'bin-name-invalid');
    assert.equal(p.severity, 'warning');
    assert.ok(codes(req('  bins: ["$(whoami)"]\n')).includes('bin-name-invalid'));
  });
  it('probe-command-whitespace', () => {
    assert.ok(codes(req('  bin_versions:\n    curl:\n      constraint: ">=8"\n      command: "--version --verbose"\n')).includes('probe-command-whitespace'));
  });
  it('probe-regex-invalid for patterns the runtime engine rejects', () => {
    assert.ok(codes(req('  bin_versions:\n    curl:\n      constraint: ">=8"\n      regex: \'(?<=curl )\\d+\'\n')).includes('probe-regex-invalid'));
    assert.ok(codes(req('  bin_versions:\n    curl:\n      constraint: ">=8"\n      regex: \'(\\d+\'\n')).includes('probe-regex-invalid'));
  });
  it('probe-regex-capture-group with the group as the suggested pattern', () => {
    const d = find(req('  bin_versions:\n    curl:\n      constraint: ">=8"\n      regex: \'curl (\\d+\\.\\d+)\'\n'), 'probe-regex-capture-group');
    assert.match(d.message, /WHOLE match/);
    assert.match(String(d.data?.replacement), /\\d\+\\.\\d\+/);
  });
  it('mode-invalid is reported through requirements-ignored with the allowed modes', () => {
    const d = find(req('  mode: Strict\n'), 'requirements-ignored');
    assert.match(d.message, /strict, warn, disable/);
  });
  it('requires-duplicate', () => {
    assert.ok(codes(req('  bins: [git, git]\n')).includes('requires-duplicate'));
    assert.ok(codes(req('  env: [A, A]\n')).includes('requires-duplicate'));
  });
});

describe('analyzeSkill: requirements model', () => {
  it('normalizes requires, versions sorted by binary; Hermes prerequisites and platforms are not nexo-rs requirements (golden a40)', () => {
    const a = analyze(
      skill(
        `${VALID}requires:\n  bins: [ffmpeg]\n  env: [OUT]\n  bin_versions:\n    zz: ">=1"\n    aa:\n      constraint: "^2"\n      command: -v\n  mode: warn\nprerequisites:\n  commands: [curl]\n  env_vars: [KEY]\nplatforms: [linux, macos]\n`,
      ),
    );
    const r = a.requirements;
    assert.equal(r.mode, 'warn');
    assert.deepEqual(
      r.bins.map((b) => [b.name, b.source]),
      [['ffmpeg', 'requires']],
    );
    assert.deepEqual(
      r.env.map((b) => [b.name, b.source]),
      [['OUT', 'requires']],
    );
    assert.deepEqual(
      r.versions.map((v) => [v.bin, v.constraint, v.command]),
      [
        ['aa', '^2', '-v'],
        ['zz', '>=1', '--version'],
      ],
    );
    assert.equal(r.platforms, undefined);
  });
  it('uses the source text of plain scalars the way serde does', () => {
    const a = analyze(skill(`${VALID}requires:\n  bins: [7z, 1.10]\n`));
    assert.deepEqual(
      a.requirements.bins.map((b) => b.name),
      ['7z', '1.10'],
    );
  });
});

describe('analyzeSkill: every diagnostic range lies inside the document', () => {
  it('holds for a file full of problems', () => {
    const text = `\uFEFF---\r\nname: Bad--Name-\r\nrequires:\r\n  bins: [git, git, "a b"]\r\n  bin_versions:\r\n    x: ">=1 <2"\r\nfoo: 1\r\n---\r\n`;
    const a = analyze(text, 'x');
    assert.ok(a.diagnostics.length > 3);
    for (const d of a.diagnostics) {
      assert.ok(d.start >= 0 && d.end <= text.length && d.start <= d.end, `${d.code} ${d.start}-${d.end}`);
      assert.ok(d.line >= 1 && d.column >= 1);
    }
  });
});
