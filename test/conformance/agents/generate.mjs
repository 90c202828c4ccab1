// Small random skill trees for one runtime, from a seed: the same seed gives the same tree on every machine.
// A tree is a case folder in the golden format (case.json + root/), so the oracle runs it like a golden case.
// It draws user and project locations the runtime reads (and one it does not), folder names with clashes,
// frontmatter names that differ from the folder or are odd, descriptions of random lengths with `: `, CJK,
// `<>&"'`, lengths near the runtime's caps, block scalars, a few YAML oddities (an unquoted `: `, a tab, a
// duplicate key, no closing line), CRLF and a BOM now and then, git or not, built-ins off (mostly) or on.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
// The bench's seeded PRNG (mulberry32): the same trees for a seed on every machine.
import { rng as prng } from '../../../bench/corpus.mjs';

const WORDS = ['deploy', 'lint', 'review', 'draft', 'email', 'logs', 'rotate', 'sql', 'docs', 'release', 'triage', 'bench', 'cache', 'auth', 'pdf', 'chart'];
const TEXT = ['Writes', 'the', 'release', 'notes', 'from', 'merged', 'pull', 'requests', 'and', 'checks', 'every', 'link', 'in', 'docs', 'quickly'];
const CJK = ['日本語の', '説明文', '技能', '构建', '测试', '한국어', '설명'];

/** Per runtime: where skills live (the last one of `project` is read by no runtime here or only by this one), what
 *  turns the built-ins off, and the description cap worth probing around. */
const PROFILES = {
  'claude-code': {
    user: ['home/.claude/skills'],
    project: ['project/.claude/skills'],
    ignored: ['project/.agents/skills'],
    cap: 1536,
    builtinsOff: (files, env) => {
      env.CLAUDE_CODE_DISABLE_BUNDLED_SKILLS = '1';
      files['home/.claude/settings.json'] = JSON.stringify({ enabledPlugins: { 'cc-plugin-plugin-authoring@builtin': false } }, null, 2) + '\n';
    },
  },
  codex: {
    user: ['home/.codex/skills', 'home/.agents/skills'],
    project: ['project/.agents/skills', 'project/.codex/skills'],
    ignored: ['project/.claude/skills'],
    cap: 1024,
    builtinsOff: (files) => {
      files['home/.codex/config.toml'] = '[skills.bundled]\nenabled = false\n';
    },
  },
  'copilot-cli': {
    user: ['home/.copilot/skills', 'home/.agents/skills'],
    project: ['project/.github/skills', 'project/.agents/skills', 'project/.claude/skills'],
    ignored: ['project/.copilot/skills'],
    cap: 1024,
    builtinsOff: (files) => {
      files['home/.copilot/settings.json'] =
        JSON.stringify({ disabledSkills: ['customize-cloud-agent', 'github-pr-media', 'discover-resources'] }, null, 2) + '\n';
    },
  },
  'gemini-cli': {
    user: ['home/.gemini/skills', 'home/.agents/skills'],
    project: ['project/.gemini/skills', 'project/.agents/skills', 'project/.claude/skills'],
    ignored: ['project/.claude/skills'],
    cap: 1024,
    builtinsOff: (files) => {
      files['home/.gemini/settings.json'] = JSON.stringify({ skills: { disabled: ['skill-creator', 'antigravity-support'] } }, null, 2) + '\n';
    },
  },
  // OpenCode and Qwen Code: the built-in blocks stay (no budget to share); the oracle leaves them out by location.
  opencode: {
    user: ['home/.claude/skills', 'home/.agents/skills'],
    project: ['project/.agents/skills', 'project/.claude/skills', 'project/.github/skills'],
    ignored: ['project/.github/skills'],
    cap: 1024,
    builtinsOff: () => {},
  },
  'qwen-code': {
    user: ['home/.qwen/skills', 'home/.agents/skills'],
    project: ['project/.qwen/skills', 'project/.agents/skills', 'project/.claude/skills'],
    ignored: ['project/.claude/skills'],
    cap: 1024,
    builtinsOff: () => {},
  },
};
export const GENERATED_RUNTIMES = Object.keys(PROFILES);

/** A tree for `runtime` from `seed`: `{ runtime, seed, cwd, git, env, files: { relPath: string } , notes }`. */
export function generateCase(runtime, seed) {
  const p = PROFILES[runtime];
  const rnd = prng(seed);
  const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
  const chance = (x) => rnd() < x;
  const words = (n, pool = TEXT) => Array.from({ length: n }, () => pick(pool)).join(' ');
  const files = {};
  // Gemini CLI checks the files of one skills folder with concurrent lstat calls, so neighbours may swap places
  // now and then (test/golden/gemini-cli/README.md); one libuv thread keeps its order the one it means.
  const env = runtime === 'gemini-cli' ? { UV_THREADPOOL_SIZE: '1' } : {};
  const notes = [];
  const builtinsOn = chance(0.12);
  if (builtinsOn) notes.push('built-ins on');
  else p.builtinsOff(files, env);
  const git = chance(0.5) ? ['project'] : [];

  const textOfLength = (n) => {
    let s = '';
    while (s.length < n) s += (s ? ' ' : '') + pick(TEXT);
    return s.slice(0, n).trimEnd() || 'x';
  };
  const description = () => {
    const kind = int(0, 11);
    switch (kind) {
      case 0:
        return { raw: `"${words(int(2, 8))}: ${words(int(1, 5))}"` };
      case 1:
        return { raw: `${words(int(2, 6))}: ${words(int(1, 4))}`, note: 'unquoted ": "' };
      case 2:
        return { raw: `${words(int(1, 3))} ${pick(CJK)}${pick(CJK)} ${words(int(1, 3))}` };
      case 3:
        return { raw: `'Use <${pick(WORDS)}> & "${pick(WORDS)}" when ''asked'' > twice'` };
      case 4: {
        const n = p.cap + int(-6, 6);
        return { raw: `"${textOfLength(n)}"`, note: `description of ${n} characters` };
      }
      case 5:
        return { raw: `|\n  ${words(int(2, 6))}\n  ${words(int(2, 6))}` };
      case 6:
        return { raw: `>\n  ${words(int(2, 6))}\n  ${words(int(2, 6))}\n` };
      case 7:
        return null; // no description
      case 8:
        return { raw: pick(['""', '42', 'true', '[a, b]', '~']) };
      case 9:
        return { raw: `${textOfLength(int(150, 700))}` };
      default:
        return { raw: words(int(3, 14)) };
    }
  };
  const nameLine = (folder) => {
    const r = rnd();
    if (r < 0.55) return `name: ${folder}`;
    if (r < 0.7) return null;
    if (r < 0.82) return `name: ${pick(WORDS)}-${pick(WORDS)}`;
    if (r < 0.9) return `name: ${folder.toUpperCase()}`;
    return `name: ${pick(['"two words"', 'has:colon', 'dot.name', '_under', folder + '-' + 'x'.repeat(int(40, 70))])}`;
  };

  const count = int(1, 8);
  const used = [];
  for (let i = 0; i < count; i++) {
    const place = chance(0.08) ? pick(p.ignored) : chance(0.5) ? pick(p.user) : pick(p.project);
    const folder = used.length && chance(0.2) ? pick(used) : `${pick(WORDS)}-${int(1, 99)}`;
    used.push(folder);
    const lines = ['---'];
    const nl = nameLine(folder);
    if (nl) lines.push(nl);
    const d = description();
    if (d) {
      lines.push(`description: ${d.raw}`);
      if (d.note) notes.push(`${place}/${folder}: ${d.note}`);
    }
    if (chance(0.1)) {
      lines.push('metadata:\n\tversion: 1');
      notes.push(`${place}/${folder}: tab indent`);
    }
    if (chance(0.05)) {
      lines.push(`description: ${words(2)}`);
      notes.push(`${place}/${folder}: duplicate key`);
    }
    const unclosed = chance(0.04);
    if (!unclosed) lines.push('---');
    else notes.push(`${place}/${folder}: no closing ---`);
    lines.push('', `# ${words(int(1, 4))}`, '', words(int(3, 20)), '');
    let text = lines.join('\n');
    if (chance(0.08)) {
      text = text.replace(/\n/g, '\r\n');
      notes.push(`${place}/${folder}: CRLF`);
    }
    if (chance(0.05)) {
      text = '\ufeff' + text;
      notes.push(`${place}/${folder}: BOM`);
    }
    files[`${place}/${folder}/SKILL.md`] = text;
  }
  return { runtime, seed, cwd: 'project', git, env, files, notes };
}

/** Writes a generated tree as a case folder (case.json + root/). */
export function writeCaseFolder(dir, spec) {
  mkdirSync(join(dir, 'root', 'home'), { recursive: true });
  mkdirSync(join(dir, 'root', spec.cwd), { recursive: true });
  const c = { runtime: spec.runtime, description: `generated, seed ${spec.seed}`, cwd: spec.cwd, git: spec.git, env: spec.env, home: 'home' };
  writeFileSync(join(dir, 'case.json'), JSON.stringify(c, null, 2) + '\n');
  for (const [rel, text] of Object.entries(spec.files)) {
    const f = join(dir, 'root', rel);
    mkdirSync(dirname(f), { recursive: true });
    writeFileSync(f, text);
  }
}

/** The tree in a few lines (what a difference report prints to reproduce it by hand). */
export function describeCase(spec, maxChars = 160) {
  const out = [`seed ${spec.seed}, cwd ${spec.cwd}, git ${JSON.stringify(spec.git)}, env ${JSON.stringify(spec.env)}`];
  for (const [rel, text] of Object.entries(spec.files)) {
    const t = JSON.stringify(text);
    out.push(`  ${rel}: ${t.length > maxChars ? `${t.slice(0, maxChars)}…(${text.length} chars)` : t}`);
  }
  return out.join('\n');
}

/** The same tree without skill file `rel` (for shrinking). */
export function withoutFile(spec, rel) {
  const files = { ...spec.files };
  delete files[rel];
  return { ...spec, files };
}
