// Generates realistic skill libraries for the benchmark: categories (some nested), a mix of the dialects
// real libraries use (nexo-rs `requires`, Hermes `prerequisites`/`metadata.hermes`/`platforms`, plain
// Agent Skills spec fields), bodies of a few KB, and a share of broken files with the mistakes people make
// (an unquoted `: ` in a value, an unclosed frontmatter, a typo'd key, a bad constraint, a BOM, an empty
// body, a name that does not match its folder). Deterministic: the same seed gives the same bytes.
//
// `specValid: true` writes only what the Agent Skills spec allows (name, description, license,
// compatibility, allowed-tools, metadata of strings), all valid, so `skills-ref` accepts every file and the
// comparison measures the same work on both sides.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CATEGORIES = [
  'dev',
  'dev/git',
  'dev/release',
  'media',
  'media/video',
  'research',
  'notes',
  'ops',
  'ops/cloud',
  'data',
  'writing',
  'security',
  'productivity',
  'finance',
  'design',
  'mobile',
  'smart-home',
  'social',
  'travel',
  'web',
];
const VERBS = [
  'convert',
  'search',
  'summarize',
  'deploy',
  'review',
  'sync',
  'render',
  'inspect',
  'backup',
  'translate',
  'lint',
  'publish',
  'schedule',
  'archive',
  'monitor',
];
const NOUNS = [
  'video',
  'pdf',
  'notes',
  'issues',
  'images',
  'logs',
  'invoices',
  'releases',
  'podcasts',
  'calendar',
  'tickets',
  'metrics',
  'photos',
  'docs',
  'emails',
  'feeds',
];
const BINS = [
  'ffmpeg',
  'ffprobe',
  'git',
  'gh',
  'curl',
  'jq',
  'node',
  'python3',
  'docker',
  'kubectl',
  'pandoc',
  'rg',
  'aws',
  'terraform',
  'convert',
  'sqlite3',
  'yt-dlp',
  'rclone',
  'gpg',
  'make',
];
const ENVS = [
  'GITHUB_TOKEN',
  'OPENAI_API_KEY',
  'AWS_PROFILE',
  'NOTION_TOKEN',
  'SLACK_WEBHOOK_URL',
  'TENOR_API_KEY',
  'HOME_ASSISTANT_URL',
  'OUTPUT_DIR',
  'DEEPL_API_KEY',
  'SENTRY_DSN',
];
const WORDS =
  'the a file skill agent run output check when with each first then only use before after list every project command version result folder report current'.split(
    ' ',
  );

const pick = (r, xs) => xs[Math.floor(r() * xs.length)];
const some = (r, xs, max) => {
  const n = 1 + Math.floor(r() * max);
  const out = new Set();
  while (out.size < n) out.add(pick(r, xs));
  return [...out];
};
const sentence = (r, n) => {
  const w = Array.from({ length: n }, () => pick(r, WORDS));
  w[0] = w[0][0].toUpperCase() + w[0].slice(1);
  return `${w.join(' ')}.`;
};

function body(r, name) {
  const lines = [`# ${name}`, '', sentence(r, 14), sentence(r, 10), ''];
  const sections = 2 + Math.floor(r() * 4);
  for (let s = 0; s < sections; s++) {
    lines.push(`## Step ${s + 1}: ${pick(r, VERBS)} the ${pick(r, NOUNS)}`, '');
    for (let i = 0; i < 3 + Math.floor(r() * 5); i++) lines.push(`- ${sentence(r, 6 + Math.floor(r() * 10))}`);
    lines.push('', '```sh', `${pick(r, BINS)} --${pick(r, VERBS)} ${pick(r, NOUNS)}/input > out.txt`, '```', '');
  }
  lines.push(sentence(r, 12));
  return lines.join('\n');
}

function description(r, name) {
  const [verb, noun] = name.split('-');
  return `${verb[0].toUpperCase()}${verb.slice(1)} ${noun} ${pick(r, ['with', 'from', 'into', 'for'])} ${pick(r, NOUNS)}. Use when the user asks to ${verb} ${noun} or ${pick(r, VERBS)} ${pick(r, NOUNS)}.`;
}

function specFrontmatter(r, name) {
  const fm = [`name: ${name}`, `description: ${description(r, name)}`];
  if (r() < 0.6) fm.push(`license: ${pick(r, ['MIT', 'Apache-2.0', 'Proprietary. LICENSE.txt has complete terms'])}`);
  if (r() < 0.3) fm.push(`compatibility: Requires ${pick(r, BINS)} and network access`);
  if (r() < 0.4) fm.push(`allowed-tools: ${some(r, ['Bash(git:*)', 'Read', 'Write', 'WebFetch', 'Grep'], 3).join(' ')}`);
  if (r() < 0.7) fm.push('metadata:', `  author: ${pick(r, ['acme', 'example-org', 'me'])}`, `  version: "${1 + Math.floor(r() * 3)}.${Math.floor(r() * 10)}"`);
  return fm;
}

function richFrontmatter(r, name, category) {
  const fm = specFrontmatter(r, name);
  const roll = r();
  if (roll < 0.45) {
    fm.push('requires:');
    fm.push(`  bins: [${some(r, BINS, 3).join(', ')}]`);
    if (r() < 0.5) fm.push(`  env: [${some(r, ENVS, 2).join(', ')}]`);
    if (r() < 0.4) {
      fm.push('  bin_versions:');
      const b = pick(r, BINS);
      if (r() < 0.7) fm.push(`    ${b}: "${pick(r, ['>=4.0', '^2.30', '>=1.2, <2', '~3.1'])}"`);
      else fm.push(`    ${b}:`, `      constraint: ">=${1 + Math.floor(r() * 9)}.0"`, '      command: "--version"');
    }
    if (r() < 0.5) fm.push(`  mode: ${pick(r, ['strict', 'warn', 'warn', 'disable'])}`);
  } else if (roll < 0.7) {
    fm.push('prerequisites:', `  commands: [${some(r, BINS, 2).join(', ')}]`);
    if (r() < 0.6) fm.push(`  env_vars: [${some(r, ENVS, 2).join(', ')}]`);
    if (!fm.includes('metadata:')) fm.push('metadata:');
    fm.push('  hermes:', `    category: ${category.split('/')[0]}`, `    tags: [${some(r, NOUNS, 3).join(', ')}]`);
    if (r() < 0.2) fm.push(`platforms: [${some(r, ['linux', 'macos', 'windows'], 2).join(', ')}]`);
  }
  return fm;
}

/** Mistakes people make, each a realistic finding for the engine. */
const BREAKAGES = [
  (fm) => fm.map((l) => (l.startsWith('description:') ? `${l} Note: works offline` : l)), // unquoted `: `
  (fm) => fm.map((l) => (l === 'requires:' ? 'require:' : l.startsWith('name:') ? `${l}\nrequiers:\n  bins: [git]` : l)), // typo
  (fm) => [...fm, 'requires:', '  bin_versions:', '    ffmpeg: 4.0'], // unquoted float → nexo ignores everything
  (fm) => [...fm, 'requires:', '  bin_versions:', '    node: ">= 18 <20 ||"'], // invalid constraint
  (fm) => fm.map((l) => (l.startsWith('name:') ? `${l}-old` : l)), // name-dir mismatch
  (fm) => fm.filter((l) => !l.startsWith('description:')), // missing description
];

/**
 * Write `count` skills under `root`. Returns { files, brokenCount }.
 * options: { seed, specValid, brokenShare }
 */
export function generateCorpus(root, count, options = {}) {
  const r = rng(options.seed ?? 42);
  const specValid = options.specValid === true;
  const brokenShare = specValid ? 0 : (options.brokenShare ?? 0.1);
  const files = [];
  let brokenCount = 0;
  const used = new Set();
  for (let i = 0; i < count; i++) {
    const category = pick(r, CATEGORIES);
    let name = `${pick(r, VERBS)}-${pick(r, NOUNS)}`;
    if (used.has(name)) name = `${name}-${i}`;
    used.add(name);
    const fm = specValid ? specFrontmatter(r, name) : richFrontmatter(r, name, category);
    let text;
    const broken = r() < brokenShare;
    if (broken) {
      brokenCount++;
      const kind = Math.floor(r() * (BREAKAGES.length + 3));
      if (kind < BREAKAGES.length) text = `---\n${BREAKAGES[kind](fm).join('\n')}\n---\n${body(r, name)}\n`;
      else if (kind === BREAKAGES.length)
        text = `---\n${fm.join('\n')}\n${body(r, name)}\n`; // never closed
      else if (kind === BREAKAGES.length + 1)
        text = `\ufeff---\n${fm.join('\n')}\n---\n${body(r, name)}\n`; // BOM
      else text = `---\n${fm.join('\n')}\n---\n\n`; // empty body
    } else {
      text = `---\n${fm.join('\n')}\n---\n${body(r, name)}\n`;
    }
    const dir = join(root, category, name);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'SKILL.md');
    writeFileSync(file, text);
    files.push(file);
  }
  return { files, brokenCount };
}

/** A typical SKILL.md (about 15 frontmatter lines, a 2–3 KB body). */
export function typicalSkill() {
  const r = rng(7);
  const fm = [
    'name: ffmpeg-tools',
    'description: Transcode, trim and inspect audio and video files with ffmpeg. Use when the user asks to convert or cut media.',
    'license: MIT',
    'compatibility: Requires ffmpeg 4 or later',
    'metadata:',
    '  author: example-org',
    '  version: "1.2"',
    'requires:',
    '  bins: [ffmpeg, ffprobe]',
    '  env: [TRANSCODE_OUTPUT_DIR]',
    '  bin_versions:',
    '    ffmpeg: ">=4.0"',
    '    ffprobe:',
    '      constraint: ">=4.0"',
    '  mode: warn',
  ];
  return `---\n${fm.join('\n')}\n---\n${body(r, 'ffmpeg-tools')}\n`;
}

/** A frontmatter of `lines` lines (a long metadata map and long lists), as a stress case. */
export function hugeFrontmatterSkill(lines = 5000) {
  const fm = ['name: huge-skill', 'description: A skill with a very long frontmatter, to show the cost grows linearly.', 'metadata:'];
  const listLines = Math.floor((lines - 8) / 2);
  for (let i = 0; fm.length < 3 + listLines; i++) fm.push(`  key-${i}: "value number ${i} of the metadata map"`);
  fm.push('requires:', '  bins:');
  for (let i = 0; fm.length < lines - 1; i++) fm.push(`    - tool-${i}`);
  fm.push('  mode: warn');
  return `---\n${fm.join('\n')}\n---\n# Huge\n\nBody.\n`;
}

/** The median of a list of figures (the benchmarks report medians). */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * A tree shaped like the public skill collections: `count` skills under 10 category folders (two of them
 * nested), a `references/guide.md` and a `README.md` beside each SKILL.md, one name in seven shared across
 * categories, one skill in ten with Hermes fields (`platforms`, `metadata.hermes`). Spec-valid otherwise, so
 * every peer accepts it. Returns { files }.
 */
export function generateRealShapedCorpus(root, count, options = {}) {
  const r = rng(options.seed ?? 7);
  const categories = ['coding', 'coding/python', 'data', 'devops', 'devops/k8s', 'docs', 'media', 'research', 'security', 'writing'];
  const files = [];
  for (let i = 0; i < count; i++) {
    const category = categories[i % categories.length];
    // One name in seven is another category's name too (the same skill published twice).
    const name = i % 7 === 0 && i >= 7 ? `${pick(r, VERBS)}-${pick(r, NOUNS)}-${Math.floor(i / 70)}` : `${pick(r, VERBS)}-${pick(r, NOUNS)}-${i}`;
    const dir = join(root, category, name);
    mkdirSync(join(dir, 'references'), { recursive: true });
    const fm = [
      `name: ${name}`,
      `description: ${pick(r, NOUNS)} ${pick(r, VERBS)} helper for ${category} work. Use when the user asks to ${pick(r, VERBS)} a ${pick(r, NOUNS)}.`,
      'license: MIT',
    ];
    if (i % 10 === 5) fm.push('platforms: [linux, macos]', 'metadata:', '  hermes:', `    tags: [${category.split('/')[0]}]`);
    const text = `---\n${fm.join('\n')}\n---\n${body(r, name)}\n\nSee [the guide](references/guide.md).\n`;
    writeFileSync(join(dir, 'SKILL.md'), text);
    writeFileSync(join(dir, 'references', 'guide.md'), `# ${name} guide\n\n${body(r, name)}\n`);
    writeFileSync(join(dir, 'README.md'), `# ${name}\n\nA skill for ${category}.\n`);
    files.push(join(dir, 'SKILL.md'));
  }
  return { files };
}
