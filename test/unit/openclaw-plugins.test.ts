// The skills of an OpenClaw installation's plugins (src/core/runtimes/openclaw/plugins.ts), on a fake installation:
// a package folder with dist/extensions/<plugin>/openclaw.plugin.json, given to the run as the installation found
// on the machine. The rules are those the conformance suite checks against the real releases with their bundled
// plugins on (test/conformance/run.mjs PLUGIN_VARIANTS, plugin-cases/); here each one on a small tree, with
// hostile manifests and paths that must never stop a run.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runOpenClaw, type OpenClawRun, type OpenClawVersion } from '../../src/core/runtimes/openclaw';
import { collectFindings } from '../../src/core/runtimes/openclaw/findings';

const temps: string[] = [];
after(() => {
  for (const t of temps) fs.rmSync(t, { recursive: true, force: true });
});

function skillMd(name: string, description: string): string {
  return `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n\n# body\n`;
}

function manifest(id: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ id, configSchema: { type: 'object' }, ...extra });
}

/** The default fake installation: browser and canvas on by default with a skill each, wiki off by default with
 *  two, a channel plugin and a memory plugin with one each. */
const DEFAULT_PLUGINS: Record<string, string> = {
  'browser/openclaw.plugin.json': manifest('browser', { enabledByDefault: true, skills: ['./skills'] }),
  'browser/skills/browser-automation/SKILL.md': skillMd('browser-automation', 'Drive a browser.'),
  'canvas/openclaw.plugin.json': manifest('canvas', { enabledByDefault: true, skills: ['./skills'] }),
  'canvas/skills/canvas/SKILL.md': skillMd('canvas', 'Present a canvas.'),
  'memory-wiki/openclaw.plugin.json': manifest('memory-wiki', { skills: ['./skills'] }),
  'memory-wiki/skills/wiki-maintainer/SKILL.md': skillMd('wiki-maintainer', 'Maintain the wiki.'),
  'memory-wiki/skills/obsidian/SKILL.md': skillMd('obsidian-vault-maintainer', 'Maintain a vault.'),
  'chat/openclaw.plugin.json': manifest('chat', { channels: ['chat'], skills: ['./skills'] }),
  'chat/skills/chat-skill/SKILL.md': skillMd('chat-skill', 'Chat.'),
  'mem/openclaw.plugin.json': manifest('mem', { kind: 'memory', skills: ['./skills'] }),
  'mem/skills/mem-skill/SKILL.md': skillMd('mem-skill', 'Remember.'),
};

interface Setup {
  /** Files of the installation's dist/extensions (`link:target` makes a symlink). */
  plugins?: Record<string, string>;
  /** Workspace skills (relative to <workspace>/skills; `~/…` relative to HOME). */
  files?: Record<string, string>;
  config?: unknown;
  env?: Record<string, string>;
  version?: OpenClawVersion;
  /** false: no installation found on the machine. */
  installed?: boolean;
}

function run(s: Setup = {}): { run: OpenClawRun; home: string; pkg: string } {
  const home = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'openclaw-plugins-')));
  temps.push(home);
  const version = s.version ?? '2026.9.6';
  const pkg = path.join(home, 'install', 'node_modules', 'openclaw');
  const ext = path.join(pkg, 'dist', 'extensions');
  fs.mkdirSync(ext, { recursive: true });
  fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'openclaw', version }));
  for (const [rel, text] of Object.entries(s.plugins ?? DEFAULT_PLUGINS)) {
    const p = path.join(ext, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    if (text.startsWith('link:')) fs.symlinkSync(text.slice(5), p);
    else fs.writeFileSync(p, text);
  }
  const state = path.join(home, '.openclaw');
  const root = path.join(state, 'workspace', 'skills');
  fs.mkdirSync(root, { recursive: true });
  fs.mkdirSync(path.join(home, 'bundled'));
  fs.writeFileSync(path.join(state, 'openclaw.json'), JSON.stringify(s.config ?? {}));
  for (const [rel, text] of Object.entries(s.files ?? {})) {
    const p = rel.startsWith('~/') ? path.join(home, rel.slice(2)) : path.join(root, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, text);
  }
  const env = { PATH: '/nonexistent', HOME: home, OPENCLAW_BUNDLED_SKILLS_DIR: path.join(home, 'bundled'), ...(s.env ?? {}) };
  const resolvedVersions = s.installed === false ? [] : [{ runtime: 'openclaw' as const, version, source: 'installed' as const, foundAt: pkg }];
  const r = runOpenClaw(root, { env, platform: 'linux', home, cwd: home, resolvedVersions }, { version, cliPath: false });
  return { run: r, home, pkg };
}

const names = (r: OpenClawRun): string[] => r.entries.map((o) => o.entry.name).sort();
const prompted = (r: OpenClawRun): string[] => r.prompt.skills.map((s) => s.name);

describe('OpenClaw: the skills of the installation’s plugins', () => {
  it('2026.9.6 counts the plugins enabled by default, shown at their plugin-skills links', () => {
    const { run: r, home, pkg } = run({ files: { 'own/SKILL.md': skillMd('own', 'Mine.') } });
    assert.deepEqual(names(r), ['browser-automation', 'canvas', 'own']);
    const canvas = r.entries.find((o) => o.entry.name === 'canvas')!;
    assert.equal(canvas.entry.filePath, path.join(home, '.openclaw', 'plugin-skills', 'canvas', 'SKILL.md'));
    assert.equal(canvas.entry.source, 'openclaw-extra');
    assert.equal(canvas.location, '~/.openclaw/plugin-skills/canvas/SKILL.md');
    assert.ok(canvas.inPrompt);
    assert.match(r.prompt.text, /<location>~\/\.openclaw\/plugin-skills\/browser-automation\/SKILL\.md<\/location>/);
    assert.deepEqual(
      r.plugins.active.map((a) => a.id),
      ['browser', 'canvas'],
    );
    assert.equal(r.plugins.bundledDir, path.join(pkg, 'dist', 'extensions'));
    // Nothing is written: the links are only emulated.
    assert.equal(fs.existsSync(path.join(home, '.openclaw', 'plugin-skills')), false);
  });

  it('2026.4.12 counts no plugin by default (its skill resolution ignores enabledByDefault), only those the config enables, at their own paths', () => {
    assert.deepEqual(names(run({ version: '2026.4.12' }).run), []);
    const { run: r, pkg } = run({ version: '2026.4.12', config: { plugins: { entries: { 'memory-wiki': { enabled: true } } } } });
    assert.deepEqual(names(r), ['obsidian-vault-maintainer', 'wiki-maintainer']);
    assert.equal(r.entries[0]!.entry.filePath, path.join(pkg, 'dist', 'extensions', 'memory-wiki', 'skills', 'obsidian', 'SKILL.md'));
  });

  it('counts nothing without an installation found on the machine', () => {
    const r = run({ installed: false }).run;
    assert.deepEqual(names(r), []);
    assert.equal(r.plugins.install, null);
  });

  it('OPENCLAW_DISABLE_BUNDLED_PLUGINS=1 or true turns the bundled plugins off', () => {
    for (const value of ['1', 'true', ' TRUE ']) assert.deepEqual(names(run({ env: { OPENCLAW_DISABLE_BUNDLED_PLUGINS: value } }).run), [], value);
    assert.deepEqual(names(run({ env: { OPENCLAW_DISABLE_BUNDLED_PLUGINS: '0' } }).run), ['browser-automation', 'canvas']);
  });

  it('follows plugins.enabled, entries, allow and deny (2026.9.6 compares ids in any case, 2026.4.12 exactly)', () => {
    const cases: Array<[unknown, string[], OpenClawVersion?]> = [
      [{ plugins: { enabled: false, entries: { 'memory-wiki': { enabled: true } } } }, []],
      [{ plugins: { entries: { canvas: { enabled: false } } } }, ['browser-automation']],
      [{ plugins: { deny: ['browser'] } }, ['canvas']],
      [{ plugins: { allow: ['Canvas'] } }, ['canvas']],
      [{ plugins: { allow: ['memory-wiki'] } }, []],
      [{ plugins: { allow: ['memory-wiki'], entries: { 'memory-wiki': { enabled: true } } } }, ['obsidian-vault-maintainer', 'wiki-maintainer']],
      [{ plugins: { deny: ['canvas'], entries: { canvas: { enabled: true } } } }, ['browser-automation']],
      [{ plugins: { entries: { 'MEMORY-WIKI': { enabled: true } } } }, ['browser-automation', 'canvas', 'obsidian-vault-maintainer', 'wiki-maintainer']],
      [{ plugins: { entries: { 'MEMORY-WIKI': { enabled: true } } } }, [], '2026.4.12'],
      [{ plugins: { slots: { memory: 'memory-wiki' } } }, ['obsidian-vault-maintainer', 'wiki-maintainer'], '2026.4.12'],
    ];
    for (const [config, expected, version] of cases)
      assert.deepEqual(names(run({ config, ...(version ? { version } : {}) }).run), expected, JSON.stringify(config));
  });

  it('a channel plugin follows channels.<id>.enabled; a memory plugin only as the memory slot’s choice', () => {
    assert.deepEqual(names(run({ config: { channels: { chat: { enabled: true } } } }).run), ['browser-automation', 'canvas', 'chat-skill']);
    assert.deepEqual(names(run({ version: '2026.4.12', config: { channels: { chat: { enabled: true } } } }).run), ['chat-skill']);
    assert.deepEqual(names(run({ config: { channels: { chat: { enabled: false } }, plugins: { entries: { chat: { enabled: true } } } } }).run), [
      'browser-automation',
      'canvas',
    ]);
    // Enabled in config but not the memory slot's choice (memory-core by default): not counted.
    assert.deepEqual(names(run({ config: { plugins: { entries: { mem: { enabled: true } } } } }).run), ['browser-automation', 'canvas']);
    assert.deepEqual(names(run({ config: { plugins: { slots: { memory: 'mem' } } } }).run), ['browser-automation', 'canvas', 'mem-skill']);
  });

  it('precedence: workspace, managed and personal skills beat a plugin skill; a plugin skill beats an extraDirs one', () => {
    const { run: r, home } = run({
      config: { skills: { load: { extraDirs: ['~/extra'] } }, plugins: { entries: { 'memory-wiki': { enabled: true } } } },
      files: {
        'c/SKILL.md': skillMd('canvas', 'The workspace canvas.'),
        '~/.openclaw/skills/b/SKILL.md': skillMd('browser-automation', 'The managed one.'),
        '~/extra/w/SKILL.md': skillMd('wiki-maintainer', 'The extra one.'),
      },
    });
    const by = new Map(r.entries.map((o) => [o.entry.name, o.entry]));
    assert.equal(by.get('canvas')!.description, 'The workspace canvas.');
    assert.equal(by.get('browser-automation')!.source, 'openclaw-managed');
    assert.equal(by.get('wiki-maintainer')!.description, 'Maintain the wiki.');
    assert.equal(by.get('wiki-maintainer')!.filePath, path.join(home, '.openclaw', 'plugin-skills', 'wiki-maintainer', 'SKILL.md'));
    assert.deepEqual(prompted(r), ['browser-automation', 'canvas', 'obsidian-vault-maintainer', 'wiki-maintainer']);
  });

  it('plugin skills take prompt budget', () => {
    const { run: r } = run({ config: { skills: { limits: { maxSkillsInPrompt: 2 } } }, files: { 'z/SKILL.md': skillMd('zz-own', 'Mine.') } });
    assert.deepEqual(prompted(r), ['browser-automation', 'canvas']);
    assert.equal(r.entries.find((o) => o.entry.name === 'zz-own')!.inPrompt, false);
  });

  it('hostile installations never stop a run: a manifest that is not JSON, no id, an escaping or missing skills path', () => {
    const outside = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'openclaw-plugins-outside-')));
    temps.push(outside);
    fs.mkdirSync(path.join(outside, 'evil'));
    fs.writeFileSync(path.join(outside, 'evil', 'SKILL.md'), skillMd('evil', 'Outside.'));
    const { run: r } = run({
      plugins: {
        ...DEFAULT_PLUGINS,
        'broken/openclaw.plugin.json': '{ "id": "broken", enabledByDefault: true, skills: [',
        'broken/skills/x/SKILL.md': skillMd('broken-skill', 'Never.'),
        'noid/openclaw.plugin.json': JSON.stringify({ configSchema: {}, enabledByDefault: true, skills: ['./skills'] }),
        'noid/skills/y/SKILL.md': skillMd('noid-skill', 'Never.'),
        'array/openclaw.plugin.json': '[1, 2]',
        'escape/openclaw.plugin.json': manifest('escape', {
          enabledByDefault: true,
          skills: ['../../../../../..' + outside, '../browser/skills', 'missing', 42, ''],
        }),
        'linked/openclaw.plugin.json': manifest('linked', { enabledByDefault: true, skills: ['./skills'] }),
        'linked/skills': `link:${outside}`,
        'json5/openclaw.plugin.json': "{ id: 'json5', configSchema: {}, enabledByDefault: true, skills: ['./skills',], }",
        'json5/skills/j/SKILL.md': skillMd('json5-skill', 'A JSON5 manifest.'),
        'huge/openclaw.plugin.json': manifest('huge', { enabledByDefault: true, skills: ['./skills'], pad: 'x'.repeat(300_000) }),
        'huge/skills/h/SKILL.md': skillMd('huge-skill', 'Too large a manifest.'),
        'file-not-dir': 'just a file',
      },
    });
    assert.deepEqual(names(r), ['browser-automation', 'canvas', 'json5-skill']);
    const codes = collectFindings(r).map((f) => `${f.code} ${path.basename(path.dirname(f.file))}`);
    for (const c of [
      'openclaw-plugin-manifest-invalid broken',
      'openclaw-plugin-manifest-invalid noid',
      'openclaw-plugin-manifest-invalid array',
      'openclaw-plugin-manifest-invalid huge',
    ])
      assert.ok(codes.includes(c), `${c} in ${codes.join(', ')}`);
    assert.ok(codes.filter((c) => c.startsWith('openclaw-plugin-skill-path-escapes')).length >= 2, codes.join(', '));
  });

  it('a missing or empty extensions folder, an unreadable one, no dist at all: no plugin, no crash', () => {
    assert.deepEqual(names(run({ plugins: {} }).run), []);
    const { run: r } = run({ installed: true, plugins: { 'x/openclaw.plugin.json': manifest('x', { enabledByDefault: true, skills: ['./nope'] }) } });
    assert.deepEqual(names(r), []);
  });

  it('OPENCLAW_BUNDLED_PLUGINS_DIR: 2026.4.12 takes any folder; 2026.9.6 only one inside its package, and says so', () => {
    const other = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'openclaw-plugins-other-')));
    temps.push(other);
    fs.mkdirSync(path.join(other, 'solo', 'skills', 'solo'), { recursive: true });
    fs.writeFileSync(path.join(other, 'solo', 'openclaw.plugin.json'), manifest('solo', { enabledByDefault: true, skills: ['./skills'] }));
    fs.writeFileSync(path.join(other, 'solo', 'skills', 'solo', 'SKILL.md'), skillMd('solo', 'Elsewhere.'));
    const config = { plugins: { entries: { solo: { enabled: true } } } };
    assert.deepEqual(names(run({ version: '2026.4.12', config, env: { OPENCLAW_BUNDLED_PLUGINS_DIR: other } }).run), ['solo']);
    const r96 = run({ env: { OPENCLAW_BUNDLED_PLUGINS_DIR: other } }).run;
    assert.deepEqual(names(r96), ['browser-automation', 'canvas']);
    assert.ok(collectFindings(r96).some((f) => f.code === 'openclaw-plugins-dir-untrusted'));
  });

  it('2026.9.6: a non-link entry of the same name in plugin-skills blocks the link (the skill stays at its plugin path), and says so', () => {
    const { run: r, pkg } = run({ files: { '~/.openclaw/plugin-skills/canvas/SKILL.md': skillMd('canvas', 'A stale copy.') } });
    assert.deepEqual(names(r), ['browser-automation', 'canvas']);
    const canvas = r.entries.find((o) => o.entry.name === 'canvas')!.entry;
    assert.equal(canvas.filePath, path.join(pkg, 'dist', 'extensions', 'canvas', 'skills', 'canvas', 'SKILL.md'));
    assert.equal(canvas.description, 'Present a canvas.');
    assert.ok(collectFindings(r).some((f) => f.code === 'openclaw-plugin-skill-link-blocked'));
  });

  it('says which plugins outside the installation it does not count', () => {
    const { run: r } = run({
      config: { plugins: { load: { paths: ['~/my-plugin'] } } },
      files: {
        '~/.openclaw/extensions/user-plugin/openclaw.plugin.json': manifest('user-plugin', { skills: ['./skills'] }),
        '~/my-plugin/openclaw.plugin.json': manifest('mine', { skills: ['./skills'] }),
      },
    });
    const notes = collectFindings(r).filter((f) => f.code === 'openclaw-plugin-skills-not-counted');
    assert.equal(notes.length, 2, notes.map((n) => n.message).join('\n'));
    assert.ok(notes.every((n) => n.severity === 'information'));
  });
});
