// Verdicts, reasons, banners and indexes against real files and real (fake) binaries on a temporary PATH.
import { strict as assert } from 'node:assert';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseAgentsFile } from '../../src/core/runtimes/nexo/agents';
import { bannerFor, contentFor, Engine, type EvaluatedSkill, mergeCategoryDescriptions, renderIndex } from '../../src/core/check/engine';
import { renderHermesIndex, renderXmlIndex, hermesDescription } from '../../src/core/check/agentIndex';
import { renderBanner, renderContent, renderSystemBlock } from '../../src/core/runtimes/nexo/render';

let tmp: string;
let binDir: string;

function fakeBin(name: string, script: string, executable = true): string {
  const p = path.join(binDir, name);
  writeFileSync(p, `#!/bin/sh\n${script}\n`);
  chmodSync(p, executable ? 0o755 : 0o644);
  return p;
}

function writeSkill(rel: string, text: string): string {
  const dir = path.join(tmp, 'skills', rel);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'SKILL.md'), text);
  return path.join(dir, 'SKILL.md');
}

const skill = (name: string, fm: string, body = 'Use it well.'): string => `---\nname: ${name}\ndescription: The ${name} skill.\n${fm}---\n${body}\n`;

function engine(env: Record<string, string> = {}, probe = true): Engine {
  return new Engine({
    env: { PATH: `${binDir}${path.delimiter}/usr/bin${path.delimiter}/bin`, ...env },
    probe,
    probeOptions: { timeoutMs: 1500 },
    notProbedReason: 'not probed (--no-probe)',
  });
}

async function evalOne(file: string, e = engine()): Promise<EvaluatedSkill> {
  try {
    const { skills } = await e.checkPaths([file]);
    assert.equal(skills.length, 1);
    return skills[0]!;
  } finally {
    e.dispose();
  }
}

before(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'skill-author-status-'));
  binDir = path.join(tmp, 'bin');
  mkdirSync(binDir);
  fakeBin('tool', 'echo "tool version 2.4.1"');
  fakeBin('oldtool', 'echo "oldtool 1.9"');
  fakeBin('stderrtool', 'echo "stderrtool v3.1.0" >&2');
  fakeBin('helponly', '[ "$1" = "--help" ] && echo "helponly 5.0.2 usage: …" || exit 1');
  fakeBin('noversion', 'echo "no digits here"');
  fakeBin('hangs', 'sleep 30');
  fakeBin('notexec', 'echo 1.0.0', false);
});

after(() => rmSync(tmp, { recursive: true, force: true }));

describe('status: verdicts', () => {
  it('loaded: bins found, env set, version satisfied (green)', async () => {
    const f = writeSkill('ok', skill('ok', 'requires:\n  bins: [tool]\n  env: [TOKEN]\n  bin_versions:\n    tool: ">=2.0, <3"\n'));
    const s = await evalOne(f, engine({ TOKEN: 'x' }));
    assert.equal(s.status.verdict, 'loaded');
    assert.equal(s.status.color, 'green');
    assert.deepEqual(s.status.missing, { bins: [], env: [], versions: [] });
    assert.equal(s.status.versions[0]?.found, '2.4.1');
    assert.equal(s.status.bins[0]?.path, path.join(binDir, 'tool'));
  });

  it('skipped_strict when something is missing (red), env blank counts as unset', async () => {
    const f = writeSkill('strict', skill('strict', 'requires:\n  bins: [tool, nosuchbin]\n  env: [TOKEN]\n'));
    const s = await evalOne(f, engine({ TOKEN: '   ' }));
    assert.equal(s.status.verdict, 'skipped_strict');
    assert.equal(s.status.color, 'red');
    assert.deepEqual(s.status.missing.bins, ['nosuchbin']);
    assert.deepEqual(s.status.missing.env, ['TOKEN']);
    assert.equal(bannerFor(s), '');
  });

  it('loaded_with_banner in warn mode, with the exact banner and content', async () => {
    const f = writeSkill(
      'warned',
      skill(
        'warned',
        'requires:\n  bins: [nosuchbin]\n  env: [OUT_DIR]\n  bin_versions:\n    oldtool: ">=2.0"\n    tool: "<2"\n  mode: warn\n',
        '\n\n  Body here.  \n',
      ),
    );
    const s = await evalOne(f);
    assert.equal(s.status.verdict, 'loaded_with_banner');
    assert.equal(s.status.color, 'amber');
    const banner = [
      '> ⚠️ MISSING DEPS for skill `warned`:',
      '>   - bin not found: nosuchbin',
      '>   - env unset: OUT_DIR',
      '>   - version mismatch: oldtool requires >=2.0 (found 1.9.0)',
      '>   - version mismatch: tool requires <2 (found 2.4.1)',
      '> Calls into this skill may fail.',
    ].join('\n');
    assert.equal(bannerFor(s), banner);
    assert.equal(contentFor(s), `${banner}\n\nBody here.`);
    assert.deepEqual(s.status.missing.versions, [
      { bin: 'oldtool', required: '>=2.0', found: '1.9.0', reason: 'constraint_unsatisfied' },
      { bin: 'tool', required: '<2', found: '2.4.1', reason: 'constraint_unsatisfied' },
    ]);
  });

  it('skipped_disabled without running any check', async () => {
    const e = engine();
    const f = writeSkill('off', skill('off', 'requires:\n  bins: [nosuchbin]\n  bin_versions:\n    tool: ">=1"\n  mode: disable\n'));
    const s = await evalOne(f, e);
    assert.equal(s.status.verdict, 'skipped_disabled');
    assert.equal(e.runner?.spawnCount, 0);
  });

  it('not_loadable for an empty body or a blank file', async () => {
    assert.equal((await evalOne(writeSkill('nobody', skill('nobody', '', '   ')))).status.verdict, 'not_loadable');
    assert.equal((await evalOne(writeSkill('blank', '\n \n'))).status.verdict, 'not_loadable');
  });

  // nexo-rs reads only name, description, max_chars and requires (golden a40): Hermes fields gate nothing here.
  it('Hermes platforms do not change the nexo-rs verdict', async () => {
    const other = process.platform === 'win32' ? 'linux' : 'windows';
    const s = await evalOne(writeSkill('plat', skill('plat', `platforms: [${other}]\n`)));
    assert.equal(s.status.verdict, 'loaded');
  });

  it('Hermes prerequisites do not hide the skill for nexo-rs', async () => {
    const s = await evalOne(
      writeSkill('herm', skill('herm', 'prerequisites:\n  env_vars: [TENOR_KEY, "bad-name"]\n  commands: [tool]\n')),
      engine({ 'bad-name': 'x' }),
    );
    assert.equal(s.status.verdict, 'loaded');
    assert.deepEqual(s.status.missing.env, []);
  });

  it('amber when loaded but the file has errors; nexo ignoring the frontmatter loads it with no requirements', async () => {
    const s = await evalOne(writeSkill('typed', skill('typed', 'requires:\n  bins: nosuchbin\n')));
    assert.equal(s.status.verdict, 'loaded');
    assert.equal(s.status.color, 'amber');
    assert.equal(s.status.mode, 'strict');
  });
});

describe('status: version reasons', () => {
  const one = async (fm: string, e?: Engine) =>
    (await evalOne(writeSkill(`v${Math.random().toString(36).slice(2)}`, skill('v', `requires:\n  bin_versions:\n${fm}  mode: warn\n`)), e)).status.missing
      .versions;

  it('invalid_constraint is checked first (even for a missing binary)', async () => {
    assert.deepEqual(await one('    nosuchbin: ">=1 <2"\n'), [
      { bin: 'nosuchbin', required: '>=1 <2', found: null, reason: 'invalid_constraint', detail: (await one('    nosuchbin: ">=1 <2"\n'))[0]?.detail },
    ]);
  });
  it('bin_not_found', async () => assert.equal((await one('    nosuchbin: ">=1"\n'))[0]?.reason, 'bin_not_found'));
  it('probe_failed for a binary that hangs (killed at the timeout) and one that is not executable', async () => {
    assert.equal((await one('    hangs: ">=1"\n'))[0]?.reason, 'probe_failed');
    assert.equal((await one('    notexec: ">=1"\n'))[0]?.reason, 'probe_failed');
  });
  it('parse_failed when nothing matches, and for the whole-match quirk', async () => {
    assert.equal((await one('    noversion: ">=1"\n'))[0]?.reason, 'parse_failed');
    assert.equal((await one('    tool:\n      constraint: ">=1"\n      regex: \'version (\\d+\\.\\d+)\'\n'))[0]?.reason, 'parse_failed');
  });
  it('reads stderr, and passes command as one argument', async () => {
    assert.deepEqual(await one('    stderrtool: ">=3"\n'), []);
    assert.deepEqual(await one('    helponly:\n      constraint: "^5"\n      command: --help\n'), []);
  });
  it('--no-probe: versions are unknown and hide nothing; nothing is spawned', async () => {
    const e = engine({}, false);
    const f = writeSkill('noprobe', skill('noprobe', 'requires:\n  bin_versions:\n    tool: ">=99"\n'));
    const s = await evalOne(f, e);
    assert.equal(s.status.verdict, 'loaded');
    assert.equal(s.status.missing.versions[0]?.reason, 'not_probed');
    assert.equal(bannerFor(s), '');
  });
  it('one spawn per distinct binary and command, however many skills share it', async () => {
    const e = engine();
    for (let i = 0; i < 12; i++) writeSkill(`shared/s${i}`, skill(`s${i}`, 'requires:\n  bin_versions:\n    tool: ">=1"\n    oldtool: ">=1"\n'));
    try {
      const { skills } = await e.checkPaths([path.join(tmp, 'skills', 'shared')]);
      assert.equal(skills.length, 12);
      assert.equal(e.runner?.spawnCount, 2);
    } finally {
      e.dispose();
    }
  });
});

describe('agents file', () => {
  it('parses agents, resolves skills_dir against the config folder (`..` kept, as the runtime does), flags bad overrides', () => {
    const f = parseAgentsFile(
      'agents:\n  - id: kate\n    skills: [a, b]\n    skills_dir: ../skills\n    skill_overrides:\n      a: warn\n      b: loud\n      zzz: strict\n    model: {provider: p, model: m}\n',
      '/x/config/agents.yaml',
    );
    assert.equal(f.agents.length, 1);
    assert.equal(f.agents[0]?.skillsDir, '/x/config/../skills');
    assert.equal(f.agents[0]?.overrides.get('a'), 'warn');
    assert.ok(f.problems.some((p) => p.severity === 'error' && /`loud`/.test(p.message) && p.line === 7));
    assert.ok(f.problems.some((p) => p.severity === 'warning' && /zzz/.test(p.message)));
  });
  it('reports malformed YAML with a line', () => {
    const f = parseAgentsFile('agents:\n  - id: [\n', 'a.yaml');
    assert.ok(f.problems.length > 0 && f.problems[0]!.line >= 1);
  });
  it('an agent: its order, overrides beat the frontmatter, not_found entries', async () => {
    const root = path.join(tmp, 'agent-tree');
    mkdirSync(path.join(root, 'skills', '__global__', 'g'), { recursive: true });
    mkdirSync(path.join(root, 'skills', 'w'), { recursive: true });
    writeFileSync(path.join(root, 'skills', '__global__', 'g', 'SKILL.md'), skill('g', ''));
    writeFileSync(path.join(root, 'skills', 'w', 'SKILL.md'), skill('w', 'requires:\n  bins: [nosuchbin]\n  mode: strict\n'));
    const agentsPath = path.join(root, 'config', 'agents.yaml');
    mkdirSync(path.dirname(agentsPath));
    writeFileSync(
      agentsPath,
      'agents:\n  - id: k\n    model: {provider: p, model: m}\n    skills: [w, missing, g]\n    skills_dir: ../skills\n    skill_overrides:\n      w: warn\n',
    );
    const e = engine();
    try {
      const { agent } = await e.loadAgent(agentsPath, 'k');
      const skills = await e.checkAgent(agent!);
      assert.deepEqual(
        skills.map((s) => [s.id, s.status.verdict, s.status.modeSource]),
        [
          ['w', 'loaded_with_banner', 'override'],
          ['missing', 'not_found', 'default'],
          ['g', 'loaded', 'default'],
        ],
      );
      assert.equal(skills[1]!.status.color, 'red');
      const block = await renderIndex(skills, 'nexo', new Map());
      assert.ok(
        block.startsWith(
          '# SKILLS\n\n## w\n> The w skill.\n\n> ⚠️ MISSING DEPS for skill `w`:\n>   - bin not found: nosuchbin\n> Calls into this skill may fail.\n\nUse it well.\n\n## g\n',
        ),
      );
    } finally {
      e.dispose();
    }
  });
});

describe('renderers (byte-exact)', () => {
  it('banner lines by reason', () => {
    const banner = renderBanner('x', {
      bins: ['ffmpeg'],
      env: ['KEY'],
      versions: [
        { bin: 'a', required: '>=1', found: '0.9.0', reason: 'constraint_unsatisfied' },
        { bin: 'b', required: '>=1', found: null, reason: 'bin_not_found' },
        { bin: 'c', required: '>=1', found: null, reason: 'probe_failed' },
        { bin: 'd', required: '>=1', found: null, reason: 'parse_failed' },
        { bin: 'e', required: '>=1 <2', found: null, reason: 'invalid_constraint' },
        { bin: 'f', required: '>=1', found: null, reason: 'not_probed' },
      ],
    });
    assert.equal(
      banner,
      '> ⚠️ MISSING DEPS for skill `x`:\n>   - bin not found: ffmpeg\n>   - env unset: KEY\n>   - version mismatch: a requires >=1 (found 0.9.0)\n>   - version mismatch: b requires >=1 (bin missing)\n>   - version mismatch: c requires >=1 (probe failed)\n>   - version mismatch: d requires >=1 (version output unparseable)\n>   - version mismatch: e invalid constraint `>=1 <2`\n> Calls into this skill may fail.',
    );
    assert.equal(renderBanner('x', { bins: [], env: [], versions: [] }), '');
  });
  it('content with max_chars counts characters, not bytes', () => {
    assert.equal(renderContent('  héllo wörld  ', '', 5), 'héllo\n\n…[truncated to 5 chars]');
    assert.equal(renderContent('short', '', 5), 'short');
  });
  it('system block', () => {
    assert.equal(
      renderSystemBlock([
        { displayName: 'a', description: ' A desc ', content: 'Body A\n' },
        { displayName: 'b', description: '', content: 'Body B' },
      ]),
      '# SKILLS\n\n## a\n> A desc\n\nBody A\n\n## b\nBody B',
    );
  });
  it('Hermes index: sorted, deduplicated, truncated, quotes stripped', () => {
    const out = renderHermesIndex(
      [
        { category: 'media', name: 'zeta', description: '' },
        { category: 'media', name: 'alpha', description: '"Quoted description"' },
        { category: 'general', name: 'w', description: 'x'.repeat(61) },
        { category: 'media', name: 'alpha', description: 'dup' },
      ],
      new Map([['media', 'Media tools']]),
    );
    assert.equal(
      out,
      `<available_skills>\n  general:\n    - w: ${'x'.repeat(57)}...\n  media: Media tools\n    - alpha: Quoted description\n    - zeta\n</available_skills>`,
    );
    assert.equal(hermesDescription('x'.repeat(60)), 'x'.repeat(60));
  });
  it('XML index with escaping', () => {
    assert.equal(
      renderXmlIndex([{ name: 'pdf-tools', description: 'Tom & Jerry <"\'>', location: '/abs/pdf-tools/SKILL.md' }]),
      '<available_skills>\n  <skill>\n    <name>pdf-tools</name>\n    <description>Tom &amp; Jerry &lt;&quot;&apos;&gt;</description>\n    <location>/abs/pdf-tools/SKILL.md</location>\n  </skill>\n</available_skills>',
    );
  });
  it('hermes index from a real tree: categories from folders, DESCRIPTION.md, hidden skills absent', async () => {
    const root = path.join(tmp, 'hermes-tree');
    const put = (rel: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), text);
    };
    put('media/DESCRIPTION.md', '---\ndescription: Audio and video\n---\n');
    put('media/gif/SKILL.md', skill('gif', ''));
    put('media/video/ffmpeg/SKILL.md', skill('ffmpeg', ''));
    put('top/SKILL.md', skill('top', ''));
    put('hidden/SKILL.md', skill('hidden', 'requires:\n  bins: [nosuchbin]\n'));
    symlinkSync(root, path.join(root, 'media', 'loop'));
    const e = engine();
    try {
      const { skills, catalogs } = await e.checkPaths([root]);
      const out = await renderIndex(skills, 'hermes', mergeCategoryDescriptions(catalogs));
      assert.equal(
        out,
        '<available_skills>\n  general:\n    - top: The top skill.\n  media: Audio and video\n    - gif: The gif skill.\n  media/video:\n    - ffmpeg: The ffmpeg skill.\n</available_skills>',
      );
    } finally {
      e.dispose();
    }
  });
});
