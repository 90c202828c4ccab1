// The New Skill command's engine side: the SKILL.md it writes, and the name/description checks it takes from
// the analyzer's own rules.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { analyzeSkill } from '../../src/core/check/analyze';
import { descriptionProblems, headingOf, nameProblems, skillScaffold } from '../../src/core/assist/scaffold';

const codes = (name: string): string[] => nameProblems(name).map((p) => `${p.severity}:${p.code}`);

describe('skillScaffold', () => {
  it('writes name, description and a heading', () => {
    assert.equal(skillScaffold('pdf-tools', 'Extracts text from PDFs.'), '---\nname: pdf-tools\ndescription: Extracts text from PDFs.\n---\n\n# Pdf tools\n');
  });

  it('quotes a description YAML would misread, and it reads back unchanged', () => {
    const text = skillScaffold('triage', '  Use when: the inbox overflows #now ');
    assert.equal(text, '---\nname: triage\ndescription: "Use when: the inbox overflows #now"\n---\n\n# Triage\n');
    const a = analyzeSkill(text, { dirName: 'triage' });
    assert.deepEqual(a.diagnostics, []);
    assert.equal(a.data?.['description'], 'Use when: the inbox overflows #now');
    assert.equal(a.loadable, true);
    assert.equal(a.body, '# Triage');
  });

  it('keeps a multi-line description valid YAML', () => {
    const a = analyzeSkill(skillScaffold('two-lines', 'First line.\nSecond line.'), { dirName: 'two-lines' });
    assert.deepEqual(a.diagnostics, []);
    assert.equal(a.data?.['description'], 'First line.\nSecond line.');
  });

  it('makes a heading from the name', () => {
    assert.equal(headingOf('hello-world'), 'Hello world');
    assert.equal(headingOf('x'), 'X');
    assert.equal(headingOf('2fa-codes'), '2fa codes');
  });
});

describe('nameProblems (the analyzer name rules)', () => {
  it('accepts spec names', () => {
    for (const n of ['a', 'pdf-tools', 'x2', '0-9', 'a'.repeat(64)]) assert.deepEqual(nameProblems(n), [], n);
  });

  it('rejects what the spec forbids, with the analyzer message', () => {
    assert.deepEqual(codes(''), ['error:name-missing']);
    assert.deepEqual(codes('-lead'), ['error:name-hyphen']);
    assert.deepEqual(codes('trail-'), ['error:name-hyphen']);
    assert.deepEqual(codes('a--b'), ['error:name-double-hyphen']);
    assert.deepEqual(codes('a'.repeat(65)), ['error:name-too-long']);
    assert.deepEqual(codes('My Skill'), ['error:name-charset']);
    assert.equal(nameProblems('Pdf')[0]?.message, '`name` may contain only lowercase letters a–z, digits and hyphens; found `P`. Try `pdf`.');
    assert.equal(nameProblems('a--b')[0]?.message, '`name` must not contain consecutive hyphens (`--`).');
  });

  it('never accepts a path, whitespace or a dot (the name becomes a folder)', () => {
    for (const n of ['../x', 'a/b', 'a\\b', '.hidden', 'a.b', ' a', 'a\t']) {
      assert.ok(
        nameProblems(n).some((p) => p.severity === 'error'),
        n,
      );
    }
  });

  it('takes YAML-looking names literally', () => {
    assert.deepEqual(nameProblems('true'), []);
    assert.deepEqual(nameProblems('123'), []);
    assert.deepEqual(nameProblems('null'), []);
  });

  it('warns on non-ASCII lowercase letters as the analyzer does, and refuses names NFKC changes', () => {
    assert.deepEqual(codes('café'), ['warning:name-non-ascii']);
    assert.deepEqual(codes('\uFB01le'), ['error:name-not-normalized']);
    assert.equal(
      nameProblems('\uFB01le')[0]?.message,
      "Type the name as `file`: that is how the spec's validator reads it, and the folder must carry the same name.",
    );
  });

  it('accepts no name that is unsafe as a folder name (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 70, unit: 'grapheme' }), (n) => {
        if (nameProblems(n).some((p) => p.severity === 'error')) return;
        assert.ok(n.length > 0 && !/[\s/\\.:*?"<>|\0]/.test(n) && n !== '..', JSON.stringify(n));
      }),
      { numRuns: 500 },
    );
  });
});

describe('descriptionProblems', () => {
  it('requires a description of at most 1024 characters', () => {
    assert.deepEqual(descriptionProblems('Converts videos.'), []);
    assert.deepEqual(
      descriptionProblems('   ').map((p) => p.code),
      ['description-missing'],
    );
    assert.deepEqual(
      descriptionProblems('x'.repeat(1025)).map((p) => `${p.severity}:${p.code}`),
      ['error:description-too-long', 'information:description-index-truncated'],
    );
  });

  it('tells when Hermes will cut it', () => {
    const d = 'Converts any video file into an MP4 that plays in every browser today.';
    assert.deepEqual(descriptionProblems(d), [
      {
        code: 'description-index-truncated',
        severity: 'information',
        message:
          'Hermes shows only the first 57 characters in its skill index: "Converts any video file into an MP4 that plays in every b...". Put what matters first.',
      },
    ]);
  });
});
