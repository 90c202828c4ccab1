// The documentation holds to the code: the README stays a short front door whose tour is the CLI's real
// output, every relative link of the docs leads to a file, and docs/codes.md (where SARIF's helpUri and the
// editors' code links point) documents every code the engine reports.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { CODES_URL } from '../../src/core/types';
import { cliSync, REPO } from '../utils/cli';

const read = (f: string): string => readFileSync(join(REPO, f), 'utf8');
const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  'CHANGELOG.md',
  ...readdirSync(join(REPO, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe('documentation', () => {
  let home = '';
  before(() => (home = mkdtempSync(join(tmpdir(), 'skill-author-docs-'))));
  after(() => rmSync(home, { recursive: true, force: true }));
  const env = (): NodeJS.ProcessEnv => ({ PATH: '/usr/bin:/bin', HOME: home });

  it('the README is a front door of at most 12 KB', () => {
    const size = Buffer.byteLength(read('README.md'));
    assert.ok(size <= 12 * 1024, `${size} bytes`);
  });

  it('the README’s tour is what `skill-author check examples/skills` prints', () => {
    const readme = read('README.md');
    const start = readme.indexOf('$ skill-author check examples/skills\n');
    assert.ok(start > 0);
    const shown = readme.slice(start + '$ skill-author check examples/skills\n'.length, readme.indexOf('```', start));
    const run = cliSync(['check', 'examples/skills', '--no-cache'], { cwd: REPO, env: env() });
    assert.equal(run.code, 1);
    assert.equal(shown, run.out);
  });

  it('the README’s install commands name the files the build makes', () => {
    const { version } = JSON.parse(read('package.json')) as { version: string };
    const readme = read('README.md');
    assert.ok(readme.includes(`code --install-extension skill-author-${version}.vsix`));
    assert.ok(readme.includes(`npm install -g ./skill-author-${version}.tgz`));
  });

  it('every relative link of the docs leads to a file of the repository', () => {
    const broken: string[] = [];
    for (const doc of DOCS) {
      const text = read(doc)
        .replace(/```[\s\S]*?```/g, '')
        .replace(/``[^`]*``|`[^`\n]*`/g, '');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1] as string;
        if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
        const file = resolve(dirname(join(REPO, doc)), target.split('#')[0] as string);
        if (!existsSync(file)) broken.push(`${doc}: ${target}`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('docs/codes.md documents every code the engine reports, and the links point at it', function () {
    this.timeout(180_000);
    assert.ok(CODES_URL.endsWith('/docs/codes.md'));
    const documented = new Set([...read('docs/codes.md').matchAll(/`([a-z][a-z0-9]*(?:-[a-z0-9]+)+|bom)`/g)].map((m) => m[1]));
    const codes = new Set<string>();
    // The codes SARIF describes.
    for (const m of read('src/cli/sarif.ts').matchAll(/^ {2}'?([a-z][a-z0-9-]+)'?: '/gm)) codes.add(m[1] as string);
    // The codes reported on the examples and the test corpora, by every runtime and every version.
    const runtimes = ['nexo,hermes,openclaw,claude-code,vscode,agentskills', 'openclaw@2026.4.12', 'hermes@306e2d23'];
    for (const dir of ['examples', 'test/fixtures/workspace', 'test/fixtures/hostile'])
      for (const r of runtimes) {
        const run = cliSync(['check', '--json', '--no-probe', '--no-cache', '--runtime', r, dir], { cwd: REPO, env: env() });
        const doc = JSON.parse(run.out) as {
          skills: Array<{ diagnostics: Array<{ code: string }> }>;
          extensions?: Array<{ diagnostics: Array<{ code: string }> }>;
        };
        for (const s of [...doc.skills, ...(doc.extensions ?? [])]) for (const d of s.diagnostics) codes.add(d.code);
      }
    assert.ok(codes.size > 60, `${codes.size} codes`);
    assert.deepEqual(
      [...codes].filter((c) => !documented.has(c)),
      [],
    );
  });
});
