// The differential generator: random skill trees, reproducible from a seed, written as case folders in the
// golden layout (case.json + skills/), and the shrinker that cuts a tree on which the release and the
// emulation differ down to a minimal one.
//
// A tree exercises what the emulation has to get exactly right: YAML edge cases (quotes, `: ` in values,
// block scalars, duplicate keys, a BOM, CRLF, a `----` closing line, no closing line), where metadata is
// (metadata.openclaw as JSON, JSON5, a YAML block or flow mapping, the legacy keys clawdbot/clawdis, wrong
// places), requirements (bins, anyBins, env set / empty / blank, config paths truthy / falsy / absent, os,
// always), disable-model-invocation, name clashes, many and long skills against the prompt limits, and
// nested (grouped) folders. Executable names are unique to the suite (`ocx-…`), so the folders the CLI adds
// to PATH cannot hold them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** mulberry32: a small seeded PRNG, the same numbers on every machine. */
function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (list) => list[int(list.length)],
    some: (list, p) => list.filter(() => next() < p),
  };
}

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima', 'mike', 'oscar'];
const BINS = ['ocx-git', 'ocx-jq', 'ocx-rg', 'ocx-fd', 'ocx-curl', 'ocx-yq'];
const ENVS = ['OCX_TOKEN', 'OCX_KEY', 'OCX_URL', 'OCX_EMPTY', 'OCX_BLANK'];
const CONFIG_PATHS = [
  'browser.enabled',
  'browser.evaluateEnabled',
  'agents.defaults.maxConcurrent',
  'skills.allowBundled',
  'ocx.flag',
  'tools.web.search.enabled',
];
const OSES = ['linux', 'darwin', 'win32', 'macos', 'Linux'];

/** A requirement list, written as a JSON list or one comma-separated string. */
function list(r, items) {
  return r.chance(0.2) ? items.join(', ') : items;
}

function requirementsObject(r) {
  const req = {};
  if (r.chance(0.5)) req.bins = list(r, r.some(BINS, 0.3));
  if (r.chance(0.25)) req.anyBins = list(r, r.some(BINS, 0.4));
  if (r.chance(0.4)) req.env = list(r, r.some(ENVS, 0.35));
  if (r.chance(0.3)) req.config = list(r, r.some(CONFIG_PATHS, 0.35));
  return req;
}

function openclawObject(r, name) {
  const o = {};
  if (r.chance(0.8)) o.requires = requirementsObject(r);
  if (r.chance(0.2)) o.os = list(r, r.some(OSES, 0.4));
  if (r.chance(0.1)) o.always = r.pick([true, 'true', false]);
  if (r.chance(0.15)) o.primaryEnv = r.pick(ENVS);
  if (r.chance(0.1)) o.skillKey = `${name}-key`;
  if (r.chance(0.1)) o.emoji = '🔧';
  return o;
}

/** JSON5 text of a value: unquoted keys, single-quoted strings, sometimes a trailing comma. */
function json5(r, v) {
  if (Array.isArray(v)) return `[${v.map((x) => json5(r, x)).join(', ')}${v.length && r.chance(0.3) ? ',' : ''}]`;
  if (v && typeof v === 'object') {
    const parts = Object.entries(v).map(([k, x]) => `${k}: ${json5(r, x)}`);
    return `{ ${parts.join(', ')}${parts.length && r.chance(0.3) ? ',' : ''} }`;
  }
  return typeof v === 'string' ? `'${v}'` : String(v);
}

/** YAML block lines of a value at `indent`. */
function yamlBlock(v, indent) {
  const pad = ' '.repeat(indent);
  const lines = [];
  for (const [k, x] of Object.entries(v)) {
    if (x && typeof x === 'object' && !Array.isArray(x)) lines.push(`${pad}${k}:`, ...yamlBlock(x, indent + 2));
    else if (Array.isArray(x)) lines.push(`${pad}${k}: [${x.join(', ')}]`);
    else lines.push(`${pad}${k}: ${x}`);
  }
  return lines;
}

/** Unquoted YAML flow text (`{requires: {bins: [jq]}}`): YAML, but not JSON5. */
function yamlFlow(v) {
  if (Array.isArray(v)) return `[${v.join(', ')}]`;
  if (v && typeof v === 'object')
    return `{${Object.entries(v)
      .map(([k, x]) => `${k}: ${yamlFlow(x)}`)
      .join(', ')}}`;
  return String(v);
}

/** The frontmatter entries that carry metadata, in one of the placements OpenClaw reads or ignores. */
function metadataEntries(r, name) {
  const oc = openclawObject(r, name);
  switch (r.pick(['json', 'json', 'json5', 'yaml-block', 'yaml-flow', 'clawdbot', 'clawdis', 'top-level', 'quoted-json', 'none'])) {
    case 'json':
      return [`metadata: ${JSON.stringify({ openclaw: oc })}`];
    case 'quoted-json':
      return [`metadata: '${JSON.stringify({ openclaw: oc })}'`];
    case 'json5':
      return [`metadata: ${json5(r, { openclaw: oc })}`];
    case 'yaml-block':
      return [['metadata:', ...yamlBlock({ openclaw: oc }, 2)].join('\n')];
    case 'yaml-flow':
      return [`metadata: ${yamlFlow({ openclaw: oc })}`];
    case 'clawdbot':
      return [`metadata: ${JSON.stringify({ clawdbot: oc })}`];
    case 'clawdis':
      return [`metadata: ${JSON.stringify({ clawdis: oc })}`];
    case 'top-level':
      return [['openclaw:', ...yamlBlock(oc, 2)].join('\n')];
    default:
      return [];
  }
}

function sentence(r, words) {
  return Array.from({ length: words }, () => r.pick(WORDS)).join(' ');
}

/** A description entry in one of the YAML shapes (some of which lose the description or break the YAML). */
function descriptionEntries(r, long) {
  const text = long ? `${sentence(r, 8)} ${'and more detail '.repeat(r.int(60) + 20)}`.trim() : `${sentence(r, r.int(6) + 2)}.`;
  switch (
    r.pick(['plain', 'plain', 'plain', 'single', 'double', 'colon', 'colon-quoted', 'literal', 'folded', 'xml', 'empty', 'absent', 'duplicate', 'multiline'])
  ) {
    case 'single':
      return [`description: '${text} it''s fine'`];
    case 'double':
      return [`description: "${text} \\"quoted\\""`];
    case 'colon':
      return [`description: Use when: ${text}`];
    case 'colon-quoted':
      return [`description: "Use when: ${text}"`];
    case 'literal':
      return [`description: |\n  ${text}\n  second line`];
    case 'folded':
      return [`description: >-\n  ${text}\n  folded`];
    case 'xml':
      return [`description: Tom & Jerry <b>"${text}"</b> 'x'`];
    case 'empty':
      return [r.pick(['description:', 'description: ""', 'description: "   "', 'description: ~'])];
    case 'absent':
      return [];
    case 'duplicate':
      return [`description: first ${text}`, `description: second ${text}`];
    case 'multiline':
      return [`description: ${text}\n  continued here`];
    default:
      return [`description: ${text}`];
  }
}

function skillSpec(r, i, names, long) {
  const word = r.pick(WORDS);
  const folder = `${word}-${i}`;
  const grouped = r.chance(0.08);
  const hidden = r.chance(0.03);
  const path = hidden ? `.${folder}` : grouped ? `group-${r.int(2)}/${folder}` : folder;
  let name = folder;
  const fm = [];
  const nameShape = r.pick(['plain', 'plain', 'plain', 'quoted', 'absent', 'spaced', 'clash']);
  if (nameShape === 'clash' && names.length) name = r.pick(names);
  if (nameShape === 'quoted') fm.push(`name: "${name}"`);
  else if (nameShape === 'spaced') fm.push(`name:   ${name}  `);
  else if (nameShape !== 'absent') fm.push(`name: ${name}`);
  names.push(name);
  fm.push(...descriptionEntries(r, long));
  fm.push(...metadataEntries(r, name));
  if (r.chance(0.15)) fm.push(`disable-model-invocation: ${r.pick(['true', 'yes', '1', 'false', 'maybe', 'True'])}`);
  if (r.chance(0.1)) fm.push(`user-invocable: ${r.pick(['false', 'no'])}`);
  if (r.chance(0.1)) fm.push(`homepage: https://example.com/${folder}`);
  // Shuffle the keys a little: order matters for duplicate keys and the line parser.
  if (r.chance(0.3)) fm.reverse();
  return {
    path,
    open: r.chance(0.03) ? '--- ' : '---',
    frontmatter: fm,
    close: r.pick(['---', '---', '---', '---', '---', '---', '----', '--- ', null]),
    body: r.chance(0.8) ? [`# ${name}`, '', sentence(r, 12)] : [],
    bom: r.chance(0.05),
    crlf: r.chance(0.08),
  };
}

function configSpec(r, skills) {
  const cfg = {};
  if (r.chance(0.3)) cfg.browser = { enabled: r.pick([true, false]) };
  if (r.chance(0.25)) cfg.env = { vars: Object.fromEntries(r.some(ENVS, 0.3).map((k) => [k, r.pick(['from-config', ''])])) };
  const entries = {};
  for (const s of skills) {
    if (!r.chance(0.1)) continue;
    const key = s.path.split('/').pop();
    entries[key] = r.pick([{ enabled: false }, { env: { OCX_TOKEN: 'entry' } }, { apiKey: 'secret' }, { enabled: true }]);
  }
  const limits = {};
  if (r.chance(0.15)) limits.maxSkillsInPrompt = r.pick([1, 2, 5]);
  if (r.chance(0.15)) limits.maxSkillsPromptChars = r.pick([400, 1500, 4000]);
  if (Object.keys(entries).length || Object.keys(limits).length)
    cfg.skills = { ...(Object.keys(entries).length ? { entries } : {}), ...(Object.keys(limits).length ? { limits } : {}) };
  return cfg;
}

/** The tree of `seed`: `{ env, bins, config, skills: [{ path, open, frontmatter, close, body, bom, crlf }] }`. */
export function generateCase(seed) {
  const r = prng(seed);
  const mode = r.pick(['small', 'small', 'small', 'small', 'medium', 'many', 'long']);
  const count = mode === 'small' ? r.int(5) + 1 : mode === 'medium' ? r.int(12) + 6 : mode === 'many' ? r.int(40) + 150 : r.int(10) + 25;
  const names = [];
  const skills = Array.from({ length: count }, (_, i) => skillSpec(r, i, names, mode === 'long' || r.chance(0.05)));
  const env = {};
  for (const k of ENVS) {
    if (k === 'OCX_EMPTY') env[k] = '';
    else if (k === 'OCX_BLANK') env[k] = ' ';
    else if (r.chance(0.5)) env[k] = r.pick(['value', '', ' ']);
  }
  return { seed, env, bins: r.some(BINS, 0.5), config: configSpec(r, skills), skills };
}

/** The SKILL.md text of a skill spec. */
export function skillText(s) {
  const lines = [s.open, ...s.frontmatter.flatMap((e) => e.split('\n')), ...(s.close === null ? [] : [s.close]), ...s.body];
  const eol = s.crlf ? '\r\n' : '\n';
  return (s.bom ? '\uFEFF' : '') + lines.join(eol) + eol;
}

/** Writes `spec` as a case folder: case.json and skills/<path>/SKILL.md. */
export function writeCaseFolder(dir, spec) {
  mkdirSync(join(dir, 'skills'), { recursive: true });
  const c = { description: `generated (seed ${spec.seed})`, env: spec.env, bins: spec.bins, config: spec.config };
  writeFileSync(join(dir, 'case.json'), JSON.stringify(c, null, 2) + '\n');
  for (const s of spec.skills) {
    const file = join(dir, 'skills', s.path, 'SKILL.md');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, skillText(s));
  }
}

/** The tree as text, for the report of a difference. */
export function describeCase(spec) {
  const out = [`case.json: ${JSON.stringify({ env: spec.env, bins: spec.bins, config: spec.config })}`];
  for (const s of spec.skills) {
    const flags = [s.bom ? 'BOM' : '', s.crlf ? 'CRLF' : ''].filter(Boolean).join(', ');
    out.push(`skills/${s.path}/SKILL.md${flags ? ` (${flags})` : ''}:`);
    out.push(
      ...skillText(s)
        .replace(/^\uFEFF/, '')
        .replace(/\r\n/g, '\n')
        .replace(/\n$/, '')
        .split('\n')
        .map((l) => `  | ${l}`),
    );
  }
  return out.join('\n');
}

/** The smaller trees to try next, most promising first. */
function* candidates(spec) {
  const n = spec.skills.length;
  // Drop skills: halves, quarters, … then one at a time.
  for (let size = Math.floor(n / 2); size >= 1; size = Math.floor(size / 2))
    for (let start = 0; start + size <= n; start += size) yield { ...spec, skills: [...spec.skills.slice(0, start), ...spec.skills.slice(start + size)] };
  for (const key of ['env', 'config'])
    for (const k of Object.keys(spec[key])) yield { ...spec, [key]: Object.fromEntries(Object.entries(spec[key]).filter(([x]) => x !== k)) };
  for (let i = 0; i < spec.bins.length; i++) yield { ...spec, bins: spec.bins.filter((_, j) => j !== i) };
  const withSkill = (i, s) => ({ ...spec, skills: spec.skills.map((x, j) => (j === i ? s : x)) });
  for (let i = 0; i < n; i++) {
    const s = spec.skills[i];
    if (s.body.length) yield withSkill(i, { ...s, body: [] });
    if (s.bom) yield withSkill(i, { ...s, bom: false });
    if (s.crlf) yield withSkill(i, { ...s, crlf: false });
    if (s.path.includes('/')) yield withSkill(i, { ...s, path: s.path.split('/').pop() });
    for (let j = 0; j < s.frontmatter.length; j++) yield withSkill(i, { ...s, frontmatter: s.frontmatter.filter((_, k) => k !== j) });
    // Shorten long lines (descriptions against the prompt budget) by half.
    for (let j = 0; j < s.frontmatter.length; j++) {
      const e = s.frontmatter[j];
      if (e.length > 60) yield withSkill(i, { ...s, frontmatter: s.frontmatter.map((x, k) => (k === j ? e.slice(0, Math.ceil(e.length / 2)) : x)) });
    }
  }
}

/** Shrinks `spec` while `differs(spec)` stays true: greedy passes over candidates() until none is accepted,
 *  `maxSteps` runs are spent or `deadline` (a Date.now() value) passes. `jobs` candidates are tried at once
 *  (the first of them, in order, that still differs is taken). Returns the smallest tree found. */
export async function shrinkCase(spec, differs, { maxSteps = 80, deadline = Infinity, jobs = 1 } = {}) {
  let current = spec;
  let steps = 0;
  let progress = true;
  while (progress && steps < maxSteps && Date.now() < deadline) {
    progress = false;
    const it = candidates(current);
    for (;;) {
      if (steps >= maxSteps || Date.now() >= deadline) break;
      const batch = [];
      for (let n = 0; n < Math.min(jobs, maxSteps - steps); n++) {
        const c = it.next();
        if (c.done) break;
        batch.push(c.value);
      }
      if (!batch.length) break;
      steps += batch.length;
      const verdicts = await Promise.all(batch.map((c) => differs(c)));
      const k = verdicts.indexOf(true);
      if (k >= 0) {
        current = batch[k];
        progress = true;
        break;
      }
    }
  }
  return { spec: current, steps };
}

/** How big a tree is (skills and SKILL.md bytes), to shrink the smallest differing trees first. */
export function caseSize(spec) {
  return spec.skills.reduce((n, s) => n + 1000 + skillText(s).length, 0);
}
