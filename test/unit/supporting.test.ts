// Supporting files: the paths a SKILL.md body points at (src/core/supporting/links.ts), checked against a real
// skill folder (src/core/supporting/files.ts), and the findings through the CLI's formats and `check --fix`.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { analyzeSkill, type SkillAnalysis } from '../../src/core/check/analyze';
import { quickFixes } from '../../src/core/assist/quickFixes';
import { fixText } from '../../src/core/assist/fix';
import { checkSupportingFiles } from '../../src/core/supporting/files';
import { runCli } from '../utils/cli';
import { linkDestination, MAX_LINKS, pathCompletionContext, supportFileNameProblem } from '../../src/core/supporting/links';
import { writeUnder } from '../utils/fs';

const FM = '---\nname: demo\ndescription: A demo skill.\n---\n';

let tmp: string;
let skill: string;

function put(rel: string, text: string, mode = 0o644): void {
  writeUnder(skill, rel, text, mode);
}

function analyze(body: string, fm = FM): SkillAnalysis {
  return analyzeSkill(fm + body, { dirName: 'demo' });
}

/** Every supporting-file finding of `body` in the skill folder: `code line:col path-as-written`. */
function found(body: string, fm = FM): string[] {
  const a = analyze(body, fm);
  const disk = checkSupportingFiles(a.links, skill);
  return [...a.diagnostics, ...disk]
    .filter((d) => /^(link|script|links)-/.test(d.code))
    .sort((x, y) => x.start - y.start)
    .map((d) => `${d.code} ${d.line}:${d.column} ${a.text.slice(d.start, d.end)}`);
}

const paths = (body: string): string[] => analyze(body).links.map((l) => `${l.kind}${l.run ? `/${l.run}` : ''} ${l.path}`);

beforeEach(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'sa-support-'));
  skill = path.join(tmp, 'skills', 'demo');
  mkdirSync(skill, { recursive: true });
  writeFileSync(path.join(skill, 'SKILL.md'), `${FM}Body.\n`);
  put('references/API.md', '# API\n');
  put('references/with space.md', 'x\n');
  put('scripts/run.sh', '#!/bin/sh\necho hi\n', 0o755);
  put('scripts/plain.sh', '#!/bin/sh\necho hi\n', 0o644);
  put('scripts/fill.py', 'print(1)\n', 0o644);
  put('FORMS.md', 'forms\n');
});

afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('supporting files: what the body points at', () => {
  it('takes inline links, images and reference definitions, with titles, anchors and <…> destinations', () => {
    assert.deepEqual(
      paths(
        'See [api](references/API.md "The API") and ![logo](assets/logo.png).\n[forms](FORMS.md#top) [q](references/x.md?raw=1)\n\n[ref]: <references/with space.md> "Title"\n',
      ),
      ['link references/API.md', 'image assets/logo.png', 'link FORMS.md', 'link references/x.md', 'definition references/with space.md'],
    );
  });

  it('ignores URLs with a scheme, protocol-relative ones, pure anchors and autolinks', () => {
    assert.deepEqual(paths('[a](https://example.com/references/x.md) [b](mailto:me@x.y) [c](//cdn/x.js) [d](#usage) <https://auto.link/scripts/x.sh>\n'), []);
  });

  it('takes paths under the four folders from code spans, and knows which are run and how', () => {
    assert.deepEqual(
      paths(
        'Read `references/API.md`, run `./scripts/run.sh --now`, `python3 scripts/fill.py in.pdf`, `scripts/plain.sh -v`; see `scripts/fill.py`, not `lib/x.py` or `scripts/*.py`.\n',
      ),
      [
        'code references/API.md',
        'command/direct ./scripts/run.sh',
        'command/interpreter scripts/fill.py',
        'command/direct scripts/plain.sh',
        'code scripts/fill.py',
      ],
    );
  });

  it('ignores fenced blocks except the scripts their shell lines run', () => {
    const body =
      'Intro.\n\n```bash\n$ ./scripts/run.sh\nbash scripts/plain.sh && scripts/fill.py x | sort\ncat references/API.md [x](references/nope.md)\nuv run scripts/other.py  # comment scripts/none.sh\n```\n\n~~~\n./scripts/tilde.sh\n~~~\n';
    assert.deepEqual(paths(body), [
      'command/direct ./scripts/run.sh',
      'command/interpreter scripts/plain.sh',
      'command/direct scripts/fill.py',
      'command/interpreter scripts/other.py',
      'command/direct ./scripts/tilde.sh',
    ]);
  });

  it('does not take links inside code spans', () => {
    assert.deepEqual(paths('`[x](references/nope.md)` and [y](references/API.md)\n'), ['link references/API.md']);
  });

  it('puts each finding exactly on the path, with CRLF line ends and a BOM', () => {
    const body = 'Line one.\r\nSee [api](references/nope.md) now.\r\n';
    const fm = FM.replace(/\n/g, '\r\n');
    assert.deepEqual(found(body, fm), ['link-broken 6:11 references/nope.md']);
    const a = analyzeSkill(`\ufeff${FM}[x](references/nope.md)\n`, { dirName: 'demo' });
    const [d] = checkSupportingFiles(a.links, skill);
    assert.equal(d?.code, 'link-broken');
    assert.deepEqual([d?.line, d?.column, a.text.slice(d?.start, d?.end)], [5, 5, 'references/nope.md']);
  });

  it('finds the same paths at the same lines whatever ends the lines (LF, CRLF, a lone CR), past prose and fences that name none', () => {
    const body = [
      'Prose with `inline code` and [a link](https://example.com).',
      '',
      '```bash',
      'echo nothing here',
      './scripts/run.sh --now',
      'ls -la',
      '```',
      'More prose, a `references/API.md` span.',
      '~~~',
      'python3 scripts/fill.py',
      '~~~',
      '[end](FORMS.md)',
      '',
    ];
    const at = (eol: string): string[] =>
      analyzeSkill(FM.replace(/\n/g, eol) + body.join(eol), { dirName: 'demo' }).links.map(
        (l) => `${l.kind} ${l.path} ${l.line}:${l.column}-${l.endLine}:${l.endColumn}`,
      );
    const lf = at('\n');
    assert.deepEqual(lf, [
      'command ./scripts/run.sh 9:1-9:17',
      'code references/API.md 12:16-12:33',
      'command scripts/fill.py 14:9-14:24',
      'link FORMS.md 16:7-16:15',
    ]);
    assert.deepEqual(at('\r\n'), lf);
    assert.deepEqual(at('\r'), lf);
  });

  it('decodes percent escapes in links, not in code spans', () => {
    assert.deepEqual(paths('[a](references/a%20b.md) `references/a%20b.md`\n'), ['link references/a b.md', 'code references/a%20b.md']);
  });

  it('decodes percent escapes before resolving', () => {
    assert.deepEqual(found('[a](references/with%20space.md) [b](references/A%50I.md) [c](references/bad%zz.md)\n'), ['link-broken 5:62 references/bad%zz.md']);
  });
});

describe('supporting files: findings', () => {
  it('link-broken names the path, and the case twin when there is one', () => {
    const a = analyze('[api](references/api.md) and `templates/x.md`\n');
    const ds = checkSupportingFiles(a.links, skill);
    assert.deepEqual(
      ds.map((d) => [d.code, d.severity, d.line, d.column]),
      [
        ['link-broken', 'warning', 5, 7],
        ['link-broken', 'warning', 5, 31],
      ],
    );
    assert.match(ds[0]?.message ?? '', /`references\/api\.md` is not in the skill folder.*Did you mean `references\/API\.md`\?/);
    assert.match(ds[1]?.message ?? '', /`templates\/x\.md` is not in the skill folder \(there is no `templates`\)/);
  });

  it('a path that exists, a folder, and a path through a file are told apart', () => {
    assert.deepEqual(found('[a](references/API.md) [b](references/) [c](FORMS.md/x)\n'), ['link-broken 5:45 FORMS.md/x']);
  });

  it('link-escapes: by `..`, and through a symbolic link, which is never followed outside', () => {
    mkdirSync(path.join(tmp, 'outside'));
    writeFileSync(path.join(tmp, 'outside', 'secret.md'), 'x');
    symlinkSync(path.join(tmp, 'outside'), path.join(skill, 'assets'));
    symlinkSync('API.md', path.join(skill, 'references', 'alias.md')); // inside: fine
    assert.deepEqual(found('[a](../outside/secret.md) [b](assets/secret.md) [c](references/alias.md) [d](references/../../x.md)\n'), [
      'link-escapes 5:5 ../outside/secret.md',
      'link-escapes 5:31 assets/secret.md',
      'link-escapes 5:78 references/../../x.md',
    ]);
  });

  it('a symbolic link loop is a broken link, not a hang', () => {
    symlinkSync('loop2', path.join(skill, 'references', 'loop1'));
    symlinkSync('loop1', path.join(skill, 'references', 'loop2'));
    const a = analyze('See `references/loop1/x.md`.\n');
    const [d] = checkSupportingFiles(a.links, skill);
    assert.equal(d?.code, 'link-broken');
    assert.match(d?.message ?? '', /loop of symbolic links/);
  });

  it('link-absolute for absolute paths, with the relative path when one shows', () => {
    const a = analyze('[a](/home/me/skills/demo/references/API.md) [b](~/x.md) [c](C:\\skills\\x.md)\n');
    const ds = a.diagnostics.filter((d) => d.code === 'link-absolute');
    assert.equal(ds.length, 3);
    assert.match(ds[0]?.message ?? '', /e\.g\. `references\/API\.md`/);
    assert.deepEqual(checkSupportingFiles(a.links, skill), [], 'absolute paths are not looked up');
  });

  it('link-backslash with a safe fix that `fixText` applies', () => {
    const text = `${FM}Read [api](references\\API.md) first.\n`;
    const a = analyzeSkill(text, { dirName: 'demo' });
    const d = a.diagnostics.find((x) => x.code === 'link-backslash');
    assert.ok(d);
    assert.equal(d.severity, 'warning');
    assert.deepEqual(checkSupportingFiles(a.links, skill), [], 'the path resolves with `\\` read as a separator');
    const [fix] = quickFixes(a, d);
    assert.equal(fix?.safe, true);
    const fixed = fixText(text, (t) => analyzeSkill(t, { dirName: 'demo' }));
    assert.equal(fixed.text, `${FM}Read [api](references/API.md) first.\n`);
    assert.deepEqual(
      fixed.applied.map((f) => f.code),
      ['link-backslash'],
    );
  });

  it('script-not-executable only for a script run directly, never through an interpreter, never on Windows', () => {
    const body = 'Run `./scripts/plain.sh` then `bash scripts/plain.sh`, `python3 scripts/fill.py`, `./scripts/run.sh`.\n\n```\nscripts/fill.py --x\n```\n';
    assert.deepEqual(found(body), ['script-not-executable 5:6 ./scripts/plain.sh', 'script-not-executable 8:1 scripts/fill.py']);
    assert.deepEqual(checkSupportingFiles(analyze(body).links, skill, { platform: 'win32' }), []);
  });

  it('a huge body is scanned in bounded work: links-unchecked past the cap', () => {
    const many = Array.from({ length: MAX_LINKS + 50 }, (_, i) => `[f${i}](references/API.md)`).join('\n');
    const started = Date.now();
    const a = analyze(`${many}\n${'x'.repeat(2_000_000)}\n`);
    assert.equal(a.links.length, MAX_LINKS);
    const info = a.diagnostics.filter((d) => d.code === 'links-unchecked');
    assert.equal(info.length, 1);
    assert.equal(info[0]?.severity, 'information');
    assert.equal(info[0]?.line, 5 + MAX_LINKS);
    assert.deepEqual(checkSupportingFiles(a.links, skill), []);
    assert.ok(Date.now() - started < 5000);
  });

  it('nothing when the folder is not on disk', () => {
    assert.deepEqual(checkSupportingFiles(analyze('[a](references/none.md)\n').links, path.join(tmp, 'nowhere')), []);
  });
});

describe('supporting files: editor helpers', () => {
  it('validates new file names', () => {
    assert.equal(supportFileNameProblem('guide.md'), undefined);
    assert.equal(supportFileNameProblem('forms/invoice.md'), undefined);
    for (const bad of ['', '../x.md', 'a/../b', '/etc/x', '~/x', 'C:/x', 'a\\b.md', 'a//b', 'a/', './a', 'a\u0007b']) {
      assert.ok(supportFileNameProblem(bad), bad);
    }
  });

  it('writes link destinations that survive Markdown', () => {
    assert.equal(linkDestination('references/with space (1).md'), 'references/with%20space%20%281%29.md');
  });

  it('finds where a path is being typed', () => {
    const text = `${FM}See [x](references/AP and \`scripts/r and plain words/\n`;
    const at = (s: string): number => text.indexOf(s) + s.length;
    assert.deepEqual(pathCompletionContext(text, at('[x](references/AP'), FM.length), {
      typed: 'references/AP',
      start: text.indexOf('references/AP'),
      where: 'link',
    });
    assert.deepEqual(pathCompletionContext(text, at('`scripts/r'), FM.length), { typed: 'scripts/r', start: text.indexOf('scripts/r'), where: 'word' });
    assert.equal(pathCompletionContext(text, at('plain words/'), FM.length), null);
    assert.equal(pathCompletionContext(text, 5, FM.length), null, 'not in the frontmatter');
  });
});

describe('supporting files through the CLI', () => {
  const run = (args: string[]): ReturnType<typeof runCli> => runCli(args, tmp);

  beforeEach(() => {
    writeFileSync(path.join(skill, 'SKILL.md'), `${FM}Read [the API](references/api.md) and [forms](references\\API.md).\n`);
  });

  it('appears in the text, json, sarif and github formats', () => {
    const text = run(['check', 'skills', '--no-probe', '--no-cache']);
    assert.equal(text.code, 0, text.err);
    assert.match(text.out, /skills\/demo\/SKILL\.md:5:16 warning link-broken `references\/api\.md` is not in the skill folder/);
    assert.match(text.out, /skills\/demo\/SKILL\.md:5:47 warning link-backslash/);

    const json = JSON.parse(run(['check', 'skills', '--json', '--no-probe', '--no-cache']).out) as {
      skills: Array<{ diagnostics: Array<{ code: string; line: number; column: number; endColumn: number }> }>;
    };
    assert.deepEqual(
      json.skills[0]?.diagnostics.map((d) => [d.code, d.line, d.column, d.endColumn]),
      [
        ['link-broken', 5, 16, 33],
        ['link-backslash', 5, 47, 64],
      ],
    );

    const sarif = JSON.parse(run(['check', 'skills', '--format', 'sarif', '--no-probe', '--no-cache']).out) as {
      runs: Array<{
        tool: { driver: { rules: Array<{ id: string; shortDescription: { text: string } }> } };
        results: Array<{ ruleId: string; level: string; locations: Array<{ physicalLocation: { region: { startLine: number; startColumn: number } } }> }>;
      }>;
    };
    const run0 = sarif.runs[0];
    assert.deepEqual(
      run0?.results.map((r) => [r.ruleId, r.level, r.locations[0]?.physicalLocation.region.startLine, r.locations[0]?.physicalLocation.region.startColumn]),
      [
        ['link-broken', 'warning', 5, 16],
        ['link-backslash', 'warning', 5, 47],
      ],
    );
    assert.match(run0?.tool.driver.rules.find((r) => r.id === 'link-broken')?.shortDescription.text ?? '', /does not resolve/);

    const github = run(['check', 'skills', '--format', 'github', '--no-probe', '--no-cache']).out;
    assert.match(github, /^::warning file=skills\/demo\/SKILL\.md,line=5,col=16,endLine=5,endColumn=33,title=link-broken::/m);
  });

  it('a broken link found with the cache on is found again once the file exists, and goes', () => {
    const cacheEnv = ['check', 'skills', '--json', '--no-probe'];
    const codes = (): string[] =>
      (JSON.parse(run(cacheEnv).out) as { skills: Array<{ diagnostics: Array<{ code: string }> }> }).skills[0]?.diagnostics.map((d) => d.code) ?? [];
    assert.deepEqual(codes(), ['link-broken', 'link-backslash']);
    assert.deepEqual(codes(), ['link-broken', 'link-backslash'], 'warm cache: the same');
    put('references/api.md', 'now here\n');
    assert.deepEqual(codes(), ['link-backslash'], 'the file system is asked at every check');
  });

  it('`check --fix` rewrites the backslash, and nothing else', () => {
    const r = run(['check', 'skills', '--fix', '--no-probe', '--no-cache']);
    assert.match(r.err, /fixed link-backslash at 5:47/);
    assert.equal(readFileSync(path.join(skill, 'SKILL.md'), 'utf8'), `${FM}Read [the API](references/api.md) and [forms](references/API.md).\n`);
  });
});
