// Builds a large table of (constraint, version) cases, asks the real Rust `semver` crate for each verdict
// (target/release/semver-oracle), and writes test/fixtures/semver/cargo-verdicts.tsv.
//
//   cd tools/semver-oracle && cargo build --offline --release && node generate.mjs
//
// Deterministic: the pseudo-random parts use a fixed seed, so regenerating with the same crate gives the same file.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const oracle = join(here, 'target/release/semver-oracle');
const outFile = join(here, '../../test/fixtures/semver/cargo-verdicts.tsv');
if (!existsSync(oracle)) {
  console.error(`missing ${oracle}; run: cargo build --offline --release`);
  process.exit(1);
}

/** Fields are escaped so that a row is one line with exactly two tabs. */
const escape = (s) => s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\0/g, '\\0');

const rows = new Map(); // key -> [constraint, version]
function add(c, v) {
  const key = `${c}\u0001${v}`;
  if (!rows.has(key)) rows.set(key, [c, v]);
}
const addAll = (c, vs) => vs.forEach((v) => add(c, v));

// Seeded PRNG (mulberry32).
let seed = 0x5eed1234;
function rand() {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (a) => a[Math.floor(rand() * a.length)];

const OPS = ['', '=', '>', '>=', '<', '<=', '~', '^'];
const PRES = ['alpha', 'alpha.1', 'beta', 'rc.1', '0', '1', 'beta.11', 'beta.2', 'alpha.beta', 'a-b', '--', 'A', '10'];
const CONTROL_VERSION = '1.2.3';

// Versions around a triple, with pre-releases, for systematic pairing.
function neighbourhood(I, J, K) {
  const out = new Set();
  const around = (n) => [n - 1, n, n + 1].filter((x) => x >= 0);
  for (const a of around(I)) for (const b of [...around(J), 0]) for (const c of [...around(K), 0]) out.add(`${a}.${b}.${c}`);
  for (const p of ['alpha', 'rc.1', '0', 'zeta']) {
    out.add(`${I}.${J}.${K}-${p}`);
    out.add(`${I}.${J}.${K + 1}-${p}`);
    out.add(`${I}.${J + 1}.0-${p}`);
    out.add(`${I + 1}.0.0-${p}`);
    out.add(`${I}.${J}.0-${p}`);
    out.add(`${I}.0.0-${p}`);
  }
  out.add(`${I}.${J}.${K}+build`);
  out.add(`${I}.${J}.${K}-alpha+build`);
  return [...out];
}
const sample = (vs, n) => vs.filter((_, k) => k % Math.ceil(vs.length / n) === 0);

// 1. Every operator × every partial and wildcard form × a few triples × versions around them.
const TRIPLES = [
  [0, 0, 0],
  [0, 0, 3],
  [0, 2, 5],
  [1, 0, 0],
  [1, 2, 3],
  [3, 1, 0],
];
for (const [I, J, K] of TRIPLES) {
  const vs = neighbourhood(I, J, K);
  const core = [`${I}`, `${I}.${J}`, `${I}.${J}.${K}`, `${I}.${J}.${K}-alpha`, `${I}.${J}.${K}-0`, `${I}.${J}.${K}+build`, `${I}.*`, `${I}.${J}.*`];
  const extra = [`${I}.x`, `${I}.X`, `${I}.*.*`, `${I}.x.X`, `${I}.${J}.x`, `${I}.${J}.X`, `${I}.${J}.${K}-beta.2`, `${I}.${J}.${K}-rc.1+build.5`];
  for (const op of OPS) {
    for (const f of core) addAll(op + f, vs);
    for (const f of extra) addAll(op + f, sample(vs, 15));
  }
  // Invalid forms under every operator, one version each.
  for (const op of OPS) {
    for (const f of [
      `${I}.*.${K}`,
      `${I}.x.${K}`,
      `${I}.${J}-alpha`,
      `${I}-alpha`,
      `${I}.${J}+b`,
      `${I}+b`,
      `${I}.${J}.${K}-`,
      `${I}.${J}.${K}+`,
      `${I}.${J}.${K}.4`,
      `${I}.${J}.${K}-alpha.`,
      `${I}.${J}.${K}-.alpha`,
      `${I}.${J}.${K}-a..b`,
      `${I}.${J}.${K}-01`,
      `${I}.${J}.${K}-00`,
      `${I}.${J}.${K}+01`,
      `${I}.${J}.${K}-0a`,
      `v${I}.${J}.${K}`,
      `V${I}.${J}`,
      `0${I}.${J}`,
      `${I}.0${J}`,
      `${I}.${J}.0${K}`,
      `${I}.`,
      `${I}.${J}.`,
      `${I}..${K}`,
      `*.${J}`,
      `${I}.*-alpha`,
      `${I}.${J}.*-alpha`,
      `${I}.*+b`,
      `*`,
      `x`,
      `X`,
      `*.*`,
      ``,
    ]) {
      add(op + f, `${I}.${J}.${K}`);
    }
  }
}

// 2. Pre-release ordering against pre-release comparators.
const PRE_VERSIONS = [];
for (const p of [...PRES, 'alpha.0', 'alpha.2', 'alpha.10', 'alpha.beta.1', 'beta.1', 'rc.0', 'rc.10', 'x', 'Z', 'a', 'aa', '9', '99', '100', '0.0', '99999999999999999999999999', '99999999999999999999999998', '1a', 'a1']) {
  PRE_VERSIONS.push(`1.0.0-${p}`);
}
PRE_VERSIONS.push('1.0.0', '1.0.1', '1.0.1-alpha', '0.9.9', '1.1.0-alpha', '2.0.0-alpha');
for (const op of OPS) {
  for (const p of [...PRES, '99999999999999999999999999', 'alpha.10', 'rc.0']) addAll(`${op}1.0.0-${p}`, PRE_VERSIONS);
}

// 3. Two- and three-comparator requirements, including the pre-release rule across comparators.
const MULTI = [
  '>=1.2, <2',
  '>=1.2.0, <2.0.0',
  '>1.0.0-alpha, <1.0.0',
  '>1.0.0-alpha, <1.0',
  '>1.0.0-alpha, <1',
  '>= 1.2 ,< 2',
  '>=1.2.3-alpha, <1.2.3',
  '>=1.2.3-alpha, <1.2.4',
  '>=1.2.3-alpha, <2.0.0-beta',
  '<2.0.0-beta, >=1.0.0',
  '>=0.5.1-alpha3, <0.6',
  '^1.2.3, <1.5',
  '~1.2.3, >=1.2.5',
  '=1.2.3, =1.2.3',
  '1.2, 1.3',
  '0.3.0, 0.4.0',
  '<= 0.2.0, >= 0.5.0',
  '0.1.0, 0.1.4, 0.1.6',
  '> 0.0.9, <= 2.5.3',
  '>=1.*, <3.*',
  '1.*, >=1.5',
  '>=1, <=1',
  '>1, <2',
  '>=1.0.0-rc.1, <=1.0.0-rc.3',
  '~1.0.0-rc.1, ^1.0.0-rc.2',
  '=1.0.0-rc.1, >=1.0.0-alpha',
  '<1.0.0-rc.1, >0.9',
];
const MULTI_VERSIONS = [
  '0.1.0', '0.1.4', '0.1.6', '0.3.0', '0.4.0', '0.5.1', '0.5.1-alpha3', '0.5.1-alpha4', '0.5.2-alpha3', '0.6.0',
  '0.9.0', '0.9.5', '1.0.0', '1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-beta', '1.0.0-rc.1', '1.0.0-rc.2', '1.0.0-rc.3',
  '1.0.0-rc.4', '1.1.0', '1.2.0', '1.2.2', '1.2.3', '1.2.3-alpha', '1.2.3-beta', '1.2.4', '1.2.4-alpha', '1.2.5',
  '1.3.0', '1.4.9', '1.5.0', '1.9.9', '2.0.0', '2.0.0-alpha', '2.0.0-beta', '2.5.3', '2.5.4', '3.0.0', '3.9.9',
  '4.0.0',
];
for (const m of MULTI) addAll(m, MULTI_VERSIONS);

// 4. The crate's own test suite: every requirement and version string it uses.
const crateTests = '/usr/share/cargo/registry/semver-1.0.14/tests/test_version_req.rs';
if (existsSync(crateTests)) {
  const src = readFileSync(crateTests, 'utf8');
  const strings = [...src.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1].replace(/\\0/g, '\0').replace(/\\"/g, '"'));
  const versions = strings.filter((s) => /^\d+\.\d+\.\d+/.test(s));
  for (const s of strings) addAll(s, versions.length ? sample(versions, 20) : [CONTROL_VERSION]);
}

// 5. The reference page's verdicts and the npm-isms authors will type.
const NPMISMS = [
  '>=4.0 <5', '>=4.0  <5', '>= 4.0 < 5', '>=4.0\t<5', '>=4.0 <5 >=4.5', '>=4.0, <5 >=4.5', '>=1.2<2', '1.2.3 1.2.4',
  '>=4.0 || <3', '>=1 || <0.5', '1.1 || =1.2.3', '6.* || 8.* || >= 10.*', '>=1 | <2', '||', '1.2.3 ||', '|| 1.2.3',
  '1.2 - 2.0', '1.2.3 - 2.3.4', '1 - 2', '1.2.3-alpha - 2', '* - 2', '1 - *', 'v1.2 - v2.0', '1.2 -2.0', '1.2- 2.0',
  '1.2-2.0', '1.2 - 2.0 - 3', '1.2\t-\t2.0',
  'v1.2.3', '>=v1.2', '=v1', 'V1.2.3', 'v 1.2', '>= v1.2, <v2', 'version1',
  '01.2.3', '1.02.3', '1.2.03', '00', '0', '>=00.1', '1.2.3-01', '1.2.3-00', '1.2.3-0', '1.2.3+01', '1.2.3+00',
  '1.2.3.4', '1.2.3.4.5', '>=1.2.3.4', '1.2.*.4', '1.*.*.*',
  '1.2-alpha', '1-alpha', '>=1.2-alpha', '1.*-alpha', '1.2.*-beta', '1.0.0-', '1.0.0-+b', '1.0.0-a.', '1.0.0-.a',
  '1.2+b', '1+b', '>=1.2+b', '1.2.3+', '1.2.3+b', '1.2.3-alpha+b', '1.2.3+b+c', '1.2.3-alpha-1', '1.2.3-x.7.z.92',
  '1.*.3', '1.x.3', '>=1.*.1', '*.1', '*.*', 'x.x.x', '*.*.*', '=*', '>=*', '>*', '<*', '<=*', '~*', '^*', '=x', '>= x',
  '^X', '>=*.1', '*, 1.0', '1.0, *', '0.20.0-any, *, 1.0', '* >=1', '* 1.0', 'x1', 'xyz', '*1', '* ', ' *', ' * ', 'x', 'X',
  '', ' ', '  ', ',', '1.2,', '1.2, ', ',1.2', '1.2,,1.3', '> 0.1.0,', '> 0.3.0, ,', '>=', '>= ', '=', '~', '^', '<', '<=',
  '>== 0.0.2', '>= >= 0.0.2', '=>1.2', '=<1.2', '~>1.2', '!=1.2', '!1.2', '>>1', '<>1', '^^1', '~^1', '==1.2', '= =1',
  '> =1', '< =1', '^ 1.2', '~ 1.2.3', '>=  1.2', '1 .2', '1. 2', '1.2 .3', '>=banana', 'a.0.0', 'latest', 'any', 'none',
  '1.2.3;', '>=1.2; <2', '>=1.2 && <2', '>=1.2,<2', '>=1.2 ,<2', '>=1.2 , <2', ' >=1.2, <2 ', '>=1.2,\t<2', '\t>=1.2',
  '>=1.2\t', '>=1.2\n', '\n>=1.2', '>=1.2\r\n', '>=1.2\u00a0', '\u00a0>=1.2', '\u2003>=1.2', '>=\u00a01.2',
  '≥1.2', '≤1.2', '>=１.2', '1.2.3-α', '1.2.3+ß', '1.2.3-a\u00e9', '1.2.3-🙂', '🙂', '>=1.2, 🙂', '\0', '1.2.3\0',
  '-1', '>=-1', '1.-2', '+1', '1.2.3-a b', '1.2.3 -alpha', '1.2.3 +b', '1.0.0-a_b', '1.0.0-a/b', '1.0.0+a_b',
  '>=1.2.3-', '^1.0.0-', '~1.0.0-.', '1.0.0-a..b', '1.0.0+a..b', '1.0.0+.b', '1.0.0+b.',
];
for (const c of NPMISMS) addAll(c, [CONTROL_VERSION, '4.2.1', '1.2.3-alpha']);

// 6. Whitespace variants of valid requirements.
const WS_BASE = ['>=1.2', '>=1.2, <2', '1.2.3', '=1.2.3-alpha', '~1.2', '^0.2.3', '1.*', '<=2.0.0-rc.1+b', '>1, <3, !=2'];
for (const base of WS_BASE) {
  const variants = [
    ` ${base}`, `${base} `, `  ${base}  `, base.replace(/([<>=~^]+)/g, '$1 '), base.replace(/([<>=~^]+)/g, '$1   '),
    base.replace(/,/g, ' ,'), base.replace(/,/g, ' , '), base.replace(/,\s*/g, ','), base.replace(/,/g, ',   '),
    base.replace(/ /g, '\t'), base.replace(/ /g, '\n'), base.replace(/ /g, '\u00a0'), base.replace(/\./g, ' .'),
    base.replace(/\./g, '. '), `${base},`, `,${base}`, `${base} ,`,
  ];
  for (const v of variants) addAll(v, ['1.2.3', '1.2.3-alpha', '2.0.0-rc.1', '0.2.5', '1.5.0', '2.5.0']);
}

// 7. Comparator counts around the crate's limit of 32.
const versionsForCount = ['1.2.3', '0.0.1'];
for (const n of [1, 2, 16, 31, 32, 33, 34, 40, 64, 100]) {
  const many = (c, sep = ', ') => Array.from({ length: n }, () => c).join(sep);
  addAll(many('>=0'), versionsForCount);
  addAll(many('>=1.0.0'), versionsForCount);
  addAll(many('>=0', ','), versionsForCount);
  addAll(many('>=0', ' , '), versionsForCount);
  addAll(`${many('>=0')},`, versionsForCount);
  addAll(`${many('>=0')}, `, versionsForCount);
  addAll(`${many('>=0')}, banana`, versionsForCount);
  addAll(`banana, ${many('>=0')}`, versionsForCount);
  addAll(`${many('>=0')}, *`, versionsForCount);
  addAll(`${many('>=0')}, <1`, versionsForCount);
  addAll(many('>=0', ' '), versionsForCount);
  addAll(Array.from({ length: n }, (_, k) => `>=0.0.${k}`).join(', '), ['0.0.30', '0.0.31', '0.0.32', '0.0.99']);
}

// 8. Numbers around 2^53 and u64::MAX, where a float would round.
const BIG = [
  '9007199254740991', '9007199254740992', '9007199254740993', '9007199254740994', '18446744073709551614',
  '18446744073709551615', '18446744073709551616', '18446744073709551617', '99999999999999999999',
  '100000000000000000000', '340282366920938463463374607431768211456', '0',
];
const BIG_VERSIONS = [];
for (const a of BIG) {
  BIG_VERSIONS.push(`${a}.0.0`, `0.${a}.0`, `0.0.${a}`, `1.${a}.${a}`, `${a}.${a}.${a}`, `${a}.0.0-alpha`);
}
for (const a of BIG) {
  for (const op of OPS) {
    addAll(`${op}${a}`, BIG_VERSIONS.filter((v) => v.startsWith(a) || v.startsWith('9007') || v.startsWith('1844')));
    addAll(`${op}0.${a}`, BIG_VERSIONS.filter((v) => v.startsWith('0.') || v.startsWith('1.')));
    addAll(`${op}0.0.${a}`, BIG_VERSIONS.filter((v) => v.startsWith('0.0.')));
    addAll(`${op}1.${a}.${a}`, BIG_VERSIONS.filter((v) => v.startsWith('1.')));
    addAll(`${op}${a}.${a}.${a}-alpha`, [`${a}.${a}.${a}`, `${a}.${a}.${a}-beta`, `${a}.${a}.${a}-alpha`]);
  }
}
addAll('>=9007199254740993', ['9007199254740992.0.0', '9007199254740993.0.0', '9007199254740994.0.0']);
addAll('<9007199254740993', ['9007199254740992.0.0', '9007199254740993.0.0']);
addAll('=9007199254740993', ['9007199254740992.0.0', '9007199254740993.0.0']);
addAll('^18446744073709551615', ['18446744073709551615.0.0', '18446744073709551615.18446744073709551615.18446744073709551615']);
addAll('>18446744073709551615.18446744073709551615', ['18446744073709551615.18446744073709551615.0']);
addAll('<=18446744073709551615', ['18446744073709551615.18446744073709551615.18446744073709551615']);

// Where the crate's partial comparators treat pre-releases differently from their full-version spelling in
// cargo-semver.md's table (`>=1.2` vs `>=1.2.0`, `^1.2` vs `>=1.2.0, <2.0.0`, `=1.2` vs `>=1.2.0, <1.3.0`).
for (const [c, vs] of [
  ['>=1.2, >=1.2.3-rc.1', ['1.2.3-rc.2', '1.2.3', '1.2.4-rc.1']],
  ['>=1.2.0, >=1.2.3-rc.1', ['1.2.3-rc.2', '1.2.3']],
  ['^1.2, >=1.2.0-alpha', ['1.2.0-beta', '1.2.0']],
  ['>=1.2.0, <2.0.0, >=1.2.0-alpha', ['1.2.0-beta', '1.2.0']],
  ['^1.2.0, >=1.2.0-alpha', ['1.2.0-beta']],
  ['^1, >=1.0.0-alpha', ['1.0.0-beta']],
  ['^0.2, >=0.2.0-alpha', ['0.2.0-beta']],
  ['=1.2, >=1.2.3-alpha', ['1.2.3-beta', '1.2.3']],
  ['>=1.2.0, <1.3.0, >=1.2.3-alpha', ['1.2.3-beta']],
  ['<=1.2, >=1.2.3-alpha', ['1.2.3-beta']],
  ['<1.3.0, >=1.2.3-alpha', ['1.2.3-beta']],
  ['~1.2, >=1.2.3-alpha', ['1.2.3-beta']],
  ['1.2.*, >=1.2.3-alpha', ['1.2.3-beta']],
  ['1.*, >=1.2.3-alpha', ['1.2.3-beta']],
  ['>1.2, >=1.2.3-alpha', ['1.2.3-beta']],
  ['<1.2, <=1.1.3-alpha', ['1.1.3-alpha']],
]) {
  addAll(c, vs);
}

// 9. Version strings on their own: what Version::parse accepts (paired with requirements that accept all).
const VERSIONS = [
  '1.2.3', '0.0.0', '1.2', '1', '', ' ', 'v1.2.3', 'V1.2.3', '=1.2.3', '1.2.3.4', '01.2.3', '1.02.3', '1.2.03', '00.0.0',
  '1.2.3-', '1.2.3+', '1.2.3-01', '1.2.3-00', '1.2.3-0', '1.2.3-0a', '1.2.3-a..b', '1.2.3+a..b', '1.2.3+001',
  '1.2.3-alpha+001', ' 1.2.3', '1.2.3 ', '1.2.3\n', '1.2.3\t', '1.2.3-α', '1.2.3-a_b', '1.2.3+b+c', '1.2.3-a-b',
  '1.2.3--', '1.2.3-a.', '1.2.3-.a', '1.2.3+-', '1.2.3+.', '1.2.3-+b', '1..3', '.1.2', '1.2.', '1.2.3-a+b-c.d',
  '18446744073709551615.18446744073709551615.18446744073709551615', '18446744073709551616.0.0', '0.18446744073709551616.0',
  '0.0.18446744073709551616', '99999999999999999999.0.0', '1.2.3-99999999999999999999999999', '1.2.3-099', '1.2.x',
  '1.2.*', 'x.y.z', 'a.b.c', '1.2.3 -alpha', '1.2.3-ALPHA', '1.2.3+BUILD', '1.2.3-🙂', '１.2.3', '8.5.0', 'curl 8.5.0',
  '8.5.0.0', '1.2.3,', '1.2.3-a,b', '1,2,3', '1.2.3\0', '1.2.3-rc.1+build.1.2.3',
];
for (const v of VERSIONS) {
  add('*', v);
  add('>=0.0.0-0', v);
  add('banana', v);
  add('1.2.3', v);
}
// The runtime normalizes found versions (no dot -> X.0.0, one dot -> X.Y.0) before Version::parse.
for (const raw of ['8', '8.5', '8.5.0', '10', '1.2.3.4', '08', '8.05', 'v8.5', '8.5-rc1', '8.5.0-rc1']) {
  const dots = (raw.match(/\./g) ?? []).length;
  const norm = dots === 0 ? `${raw}.0.0` : dots === 1 ? `${raw}.0` : raw;
  addAll('>=8.0', [norm]);
}

// 10. Grammar-directed random requirements: valid comparators with random mutations, and their neighbours.
const FRAG = ['0', '1', '2', '10', '01', '*', 'x', 'X', 'a', 'alpha', '1a', '00'];
function randomComparator() {
  let s = pick(OPS);
  if (rand() < 0.1) s += pick([' ', '  ']);
  const parts = 1 + Math.floor(rand() * 3);
  const nums = [];
  for (let k = 0; k < parts; k++) nums.push(rand() < 0.75 ? String(Math.floor(rand() * 3)) : pick(FRAG));
  s += nums.join('.');
  if (rand() < 0.3) s += `-${pick(PRES)}`;
  if (rand() < 0.1) s += `+${pick(['b', 'build.1', '01', 'x-y'])}`;
  return s;
}
function mutate(s) {
  const alphabet = ['.', '-', '+', ',', ' ', '*', 'x', '0', '1', '>', '<', '=', '~', '^', 'v', '|', 'a', '\t'];
  const k = Math.floor(rand() * (s.length + 1));
  const r = rand();
  if (r < 0.33) return s.slice(0, k) + pick(alphabet) + s.slice(k);
  if (r < 0.66) return s.slice(0, k) + s.slice(k + 1);
  return s.slice(0, k) + pick(alphabet) + s.slice(k + 1);
}
const RANDOM_VERSIONS = [];
for (let n = 0; n < 300; n++) {
  const v = `${Math.floor(rand() * 3)}.${Math.floor(rand() * 3)}.${Math.floor(rand() * 3)}`;
  RANDOM_VERSIONS.push(rand() < 0.35 ? `${v}-${pick(PRES)}` : v);
}
for (let n = 0; n < 6000; n++) {
  const count = 1 + Math.floor(rand() * 3);
  let c = Array.from({ length: count }, randomComparator).join(pick([', ', ',', ' , ']));
  if (rand() < 0.4) c = mutate(c);
  if (rand() < 0.15) c = mutate(c);
  for (let k = 0; k < 3; k++) add(c, pick(RANDOM_VERSIONS));
}
// Pure character soup, short.
const SOUP = ['0', '1', '2', '.', '-', '+', ',', ' ', '*', 'x', 'X', '>', '<', '=', '~', '^', 'a', 'v'];
for (let n = 0; n < 3000; n++) {
  const len = 1 + Math.floor(rand() * 8);
  let c = '';
  for (let k = 0; k < len; k++) c += pick(SOUP);
  add(c, pick(RANDOM_VERSIONS));
}
for (let n = 0; n < 1500; n++) {
  const len = 1 + Math.floor(rand() * 10);
  let v = '';
  for (let k = 0; k < len; k++) v += pick(['0', '1', '2', '.', '-', '+', 'a', 'Z', '00', '01']);
  add('*', v);
  add('>=0.0.0-0', v);
}

// Ask the crate.
const list = [...rows.values()];
const input = list.map(([c, v]) => `${escape(c)}\t${escape(v)}`).join('\n') + '\n';
const res = spawnSync(oracle, [], { input, maxBuffer: 1 << 30, encoding: 'utf8' });
if (res.status !== 0) {
  console.error(res.stderr);
  process.exit(1);
}
const verdicts = res.stdout.split('\n').filter((l) => l !== '');
if (verdicts.length !== list.length) throw new Error(`oracle returned ${verdicts.length} verdicts for ${list.length} rows`);

const lines = ['constraint\tversion\tverdict'];
const tally = {};
list.forEach(([c, v], k) => {
  lines.push(`${escape(c)}\t${escape(v)}\t${verdicts[k]}`);
  tally[verdicts[k]] = (tally[verdicts[k]] ?? 0) + 1;
});
mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(outFile, lines.join('\n') + '\n');
console.log(`${list.length} rows -> ${outFile}`, tally);
