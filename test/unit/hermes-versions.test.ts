// The Hermes commits the profile emulates (src/core/runtimes/hermes/versions.ts): the same small trees judged
// with `ctx.versions = { hermes: '780e0980' }` and at the baseline 306e2d23, one rule at a time, through the
// public entry `evaluateHermes`; the read cache keeps the versions apart; and the CLI judges by the one asked
// for (`--runtime hermes@780e0980`).

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { evaluateHermes, runHermes } from '../../src/core/runtimes/hermes';
import { parseFrontmatter } from '../../src/core/runtimes/hermes/read';
import { HERMES_BASELINE, HERMES_VERSION_INFO, HERMES_VERSIONS } from '../../src/core/runtimes/hermes/versions';
import { newestVersion, runtimeDescriptor } from '../../src/core/runtimes/registry';
import type { RuntimeContext, RuntimeReport } from '../../src/core/runtimes/types';
import { runCli } from '../utils/cli';

const NEW = '780e0980';
const BOM = '\uFEFF';

interface Tree {
  root: string;
  tmp: string;
  ctx: (version?: string) => RuntimeContext;
  cleanup: () => void;
}

function tree(files: Record<string, string | Buffer>): Tree {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-versions-'));
  const home = path.join(tmp, 'home');
  const root = path.join(home, '.hermes', 'skills');
  fs.mkdirSync(root, { recursive: true });
  for (const [rel, content] of Object.entries(files)) {
    const p = path.join(root, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content);
  }
  const ctx = (version?: string): RuntimeContext => ({
    env: { HOME: home },
    platform: 'linux',
    home,
    cwd: tmp,
    environments: [],
    ...(version !== undefined ? { versions: { hermes: version } } : {}),
  });
  return { root, tmp, ctx, cleanup: () => fs.rmSync(tmp, { recursive: true, force: true }) };
}

const finding = (r: RuntimeReport, file: string, code: string): RuntimeReport['findings'][number] | undefined =>
  r.findings.find((f) => f.code === code && f.file.endsWith(file));

describe('Hermes versions', function () {
  this.timeout(30_000);

  it('lists the baseline first and the newer commit, read not run, in the registry', () => {
    assert.deepEqual([...HERMES_VERSIONS], ['306e2d23', NEW]);
    assert.equal(HERMES_BASELINE, '306e2d23');
    const d = runtimeDescriptor('hermes');
    assert.deepEqual(
      d.versions.map((v) => [v.version, v.checked]),
      [
        ['306e2d23', 'run'],
        [NEW, 'read'],
      ],
    );
    assert.equal(d.versions[1]?.follows, HERMES_VERSION_INFO[NEW].follows);
    assert.equal(newestVersion('hermes'), NEW);
  });

  describe('a leading BOM (parse_frontmatter strips it from 780e0980 on)', () => {
    it('parseFrontmatter: one leading BOM is skipped, the YAML sits one character later, a second BOM stays', () => {
      const text = `${BOM}---\nname: a\ndescription: d\n---\nBody\n`;
      assert.equal(parseFrontmatter(text).kind, 'none');
      assert.equal(parseFrontmatter(text, '306e2d23').body, text);
      const fm = parseFrontmatter(text, NEW);
      assert.equal(fm.kind, 'yaml');
      assert.equal(fm.fields.get('name'), 'a');
      assert.equal(fm.yamlStart, 4);
      assert.equal(fm.body, 'Body\n');
      const name = fm.layout?.find((k) => k.key === 'name');
      assert.deepEqual(name?.keyRange && text.slice(...name.keyRange), 'name');
      // No frontmatter after the BOM: the body is the text without it.
      assert.deepEqual([parseFrontmatter(`${BOM}Just text`, NEW).kind, parseFrontmatter(`${BOM}Just text`, NEW).body], ['none', 'Just text']);
      // Only the first BOM is a marker.
      assert.equal(parseFrontmatter(`${BOM}${BOM}---\nname: a\n---\n`, NEW).kind, 'none');
      // A fallback's error offset and an unclosed fence after the BOM.
      const broken = parseFrontmatter(`${BOM}---\nname: a\ndescription: Use when: asked\n---\n`, NEW);
      assert.equal(broken.kind, 'fallback');
      assert.equal(broken.fields.get('description'), 'Use when: asked');
      assert.equal(parseFrontmatter(`${BOM}---\nname: a\n`, NEW).kind, 'unclosed');
    });

    it('evaluateHermes: name, description and platforms are read through the BOM at 780e0980, not at 306e2d23', async () => {
      const t = tree({
        'win/notepad/SKILL.md': `${BOM}---\nname: from-notepad\ndescription: Saved by Notepad.\n---\nBody.\n`,
        'win/mac-only/SKILL.md': `${BOM}---\nname: mac-only\ndescription: Only on macOS.\nplatforms: [macos]\n---\nBody.\n`,
        'win/plain/SKILL.md': '---\nname: plain\ndescription: No BOM.\n---\nBody.\n',
      });
      try {
        const base = await evaluateHermes(t.root, t.ctx());
        const asked = await evaluateHermes(t.root, t.ctx('306e2d23'));
        const next = await evaluateHermes(t.root, t.ctx(NEW));
        // No version in the context, or the baseline asked for: the same (golden) behaviour.
        assert.equal(asked.index, base.index);
        assert.equal(base.index, '<available_skills>\n  win:\n    - mac-only\n    - notepad\n    - plain: No BOM.\n</available_skills>');
        assert.equal(next.index, '<available_skills>\n  win:\n    - from-notepad: Saved by Notepad.\n    - plain: No BOM.\n</available_skills>');
        const verdict = (r: RuntimeReport, id: string): [string, string[]] => {
          const s = r.skills.find((x) => x.id === id);
          return [s?.verdict ?? '', s?.hiddenBy ?? []];
        };
        assert.deepEqual(verdict(base, 'win/mac-only'), ['loaded', []], 'the BOM hides the platforms gate at 306e2d23');
        assert.deepEqual(verdict(next, 'win/mac-only'), ['hidden', ['platform']]);
        assert.equal(next.skills.find((s) => s.id === 'win/notepad')?.name, 'from-notepad');
        assert.equal(base.skills.find((s) => s.id === 'win/notepad')?.name, 'notepad');
      } finally {
        t.cleanup();
      }
    });

    it('skills_list and skill_view see the frontmatter; the text as read keeps its BOM', () => {
      const text = `${BOM}---\nname: notepad\ndescription: Saved by Notepad.\n---\nBody.\n`;
      const t = tree({ 'win/notepad/SKILL.md': text, 'win/nodesc/SKILL.md': `${BOM}---\nname: nodesc\n---\n\nFirst line.\n` });
      try {
        const base = runHermes(t.root, t.ctx());
        const next = runHermes(t.root, t.ctx(NEW));
        const listed = (run: typeof base): unknown => run.list.json.skills;
        assert.deepEqual(listed(base), [
          { name: 'nodesc', description: `${BOM}---`, category: 'win' },
          { name: 'notepad', description: `${BOM}---`, category: 'win' },
        ]);
        assert.deepEqual(listed(next), [
          { name: 'nodesc', description: 'First line.', category: 'win' },
          { name: 'notepad', description: 'Saved by Notepad.', category: 'win' },
        ]);
        const view = next.views[next.ids.indexOf('win/notepad')]?.json as { name?: unknown; description?: unknown };
        assert.deepEqual([view.name, view.description], ['notepad', 'Saved by Notepad.']);
        // The text as read (what skill_view's `content` returns, and what findings are placed in) keeps it.
        assert.equal(next.skills[next.ids.indexOf('win/notepad')]?.text, text);
      } finally {
        t.cleanup();
      }
    });

    it('a category DESCRIPTION.md with a BOM gives its line at 780e0980', async () => {
      const t = tree({
        'win/DESCRIPTION.md': `${BOM}---\ndescription: Windows tools.\n---\n`,
        'win/plain/SKILL.md': '---\nname: plain\ndescription: No BOM.\n---\nBody.\n',
      });
      try {
        assert.equal((await evaluateHermes(t.root, t.ctx())).index, '<available_skills>\n  win:\n    - plain: No BOM.\n</available_skills>');
        assert.equal((await evaluateHermes(t.root, t.ctx(NEW))).index, '<available_skills>\n  win: Windows tools.\n    - plain: No BOM.\n</available_skills>');
      } finally {
        t.cleanup();
      }
    });

    it('hermes-bom: an error at 306e2d23, information at 780e0980, where the frontmatter after it is checked and placed', async () => {
      const t = tree({
        'w/bom/SKILL.md': `${BOM}---\nname: bom\ndescription: Use when: asked\n---\nBody.\n`,
        'w/list/SKILL.md': `${BOM}---\n- a\n---\nBody.\n`,
      });
      try {
        const base = await evaluateHermes(t.root, t.ctx());
        const next = await evaluateHermes(t.root, t.ctx(NEW));
        assert.equal(finding(base, 'bom/SKILL.md', 'hermes-bom')?.severity, 'error');
        assert.equal(finding(base, 'bom/SKILL.md', 'hermes-yaml-fallback'), undefined, 'at 306e2d23 there is no frontmatter to check');
        const info = finding(next, 'bom/SKILL.md', 'hermes-bom');
        assert.equal(info?.severity, 'information');
        assert.match(info?.message ?? '', /780e0980 removes it/);
        // The fallback is found and placed on its line, columns on line 1 not counting the BOM.
        const fb = finding(next, 'bom/SKILL.md', 'hermes-yaml-fallback');
        assert.equal(fb?.line, 3);
        const notMap = finding(next, 'list/SKILL.md', 'hermes-frontmatter-not-mapping');
        assert.deepEqual([notMap?.line, notMap?.column, notMap?.endColumn], [1, 1, 4]);
        assert.equal(finding(base, 'list/SKILL.md', 'hermes-frontmatter-not-mapping'), undefined);
      } finally {
        t.cleanup();
      }
    });

    it('a file that is not UTF-8 still fails at 780e0980 (strict utf-8 there; utf-8-sig with errors="replace" came later)', async () => {
      const t = tree({ 'e/latin/SKILL.md': Buffer.from('---\nname: latin\ndescription: Caf\xe9\n---\n', 'latin1') });
      try {
        const r = await evaluateHermes(t.root, t.ctx(NEW));
        assert.equal(r.skills[0]?.verdict, 'not_loadable');
        assert.ok(finding(r, 'latin/SKILL.md', 'hermes-not-utf8'));
      } finally {
        t.cleanup();
      }
    });
  });

  it('the read cache keeps each version’s reading apart: one is never served for the other', async () => {
    const t = tree({ 'win/notepad/SKILL.md': `${BOM}---\nname: from-notepad\ndescription: Saved by Notepad.\n---\nBody.\n` });
    try {
      // A stamp is trusted only once the file is older than the cache's racy window (2 s).
      await new Promise((r) => setTimeout(r, 2100));
      const dir = path.join(t.tmp, 'cache');
      const cached = (version?: string): RuntimeContext => ({ ...t.ctx(version), readCache: { dir, salt: 'build-1' } });
      const index = async (version?: string): Promise<string> => (await evaluateHermes(t.root, cached(version))).index;
      const base = '<available_skills>\n  win:\n    - notepad\n</available_skills>';
      const next = '<available_skills>\n  win:\n    - from-notepad: Saved by Notepad.\n</available_skills>';
      // Each twice, interleaved: the second run of each is served from its own entries.
      assert.equal(await index(), base);
      assert.equal(await index(NEW), next);
      assert.equal(await index(), base);
      assert.equal(await index(NEW), next);
      const folders = fs.readdirSync(dir).filter((n) => n.startsWith('hermes-read-'));
      assert.equal(folders.length, 2, 'one folder per version');
      const runs = ['306e2d23', NEW].map((v) => runHermes(t.root, cached(v)));
      assert.equal(runs[0]?.skills[0]?.fm.kind, 'none');
      assert.equal(runs[1]?.skills[0]?.fm.kind, 'yaml');
      assert.equal(runs[1]?.skills[0]?.fm.yamlStart, 4);
    } finally {
      t.cleanup();
    }
  });

  describe('the CLI', () => {
    let tmp: string;
    before(() => {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-versions-cli-'));
      const dir = path.join(tmp, 'skills', 'notepad');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'SKILL.md'), `${BOM}---\nname: notepad\ndescription: Saved by Notepad.\n---\nBody.\n`);
    });
    after(() => fs.rmSync(tmp, { recursive: true, force: true }));

    it(`check --runtime hermes@${NEW} --json names the version and reads through the BOM; index prints the description`, () => {
      const r = runCli(['check', '--json', '--no-cache', '--runtime', `hermes@${NEW}`, 'skills'], tmp);
      const j = JSON.parse(r.out) as {
        skills: Array<{
          runtime_version: string;
          verdict: string;
          color: string;
          diagnostics: Array<{ code: string; severity: string }>;
          runtimes: Array<{ runtime: string; runtime_version: string }>;
        }>;
      };
      const s = j.skills[0];
      assert.equal(s?.runtime_version, NEW);
      assert.deepEqual(
        s?.runtimes.map((x) => [x.runtime, x.runtime_version]),
        [['hermes', NEW]],
      );
      assert.deepEqual([s?.verdict, s?.color], ['loaded', 'green']);
      assert.deepEqual(
        s?.diagnostics.filter((d) => d.code === 'hermes-bom').map((d) => d.severity),
        ['information'],
      );
      assert.equal(r.err, '');
      // The description, read through the BOM, in the index Hermes prints (check --json has no description).
      const ix = runCli(['index', '--no-cache', '--runtime', `hermes@${NEW}`, 'skills'], tmp);
      assert.equal(ix.code, 0, ix.err);
      assert.match(ix.out, /- notepad: Saved by Notepad\./);
      const old = runCli(['check', '--json', '--no-cache', '--runtime', 'hermes@306e2d23', 'skills'], tmp);
      const o = (JSON.parse(old.out) as { skills: Array<{ runtime_version: string; color: string; diagnostics: Array<{ code: string; severity: string }> }> })
        .skills[0];
      assert.equal(o?.runtime_version, '306e2d23');
      assert.deepEqual(
        o?.diagnostics.filter((d) => d.code === 'hermes-bom').map((d) => d.severity),
        ['error'],
      );
    });
  });
});
