// Hostile input and failure, end to end: the committed corpus (test/fixtures/hostile, listed in its
// README.md) plus cases generated at test time (megabyte files, file-system oddities, fake binaries: all made
// by test/utils/hostile-corpus.ts, which the extension's test/integration/hostile.test.ts shares), run through the
// built CLI (`node dist/cli.js`, spawned with execFile: no shell) and through the engine in-process.
// Fake binaries are `#!/bin/sh` scripts written at test time; each logs its own `$0` so the test can tell
// exactly what was spawned. No fixed sleeps.
import { strict as assert } from 'node:assert';
import { execFile, spawn } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseAgentsFile } from '../../src/core/runtimes/nexo/agents';
import { analyzeSkill } from '../../src/core/check/analyze';
import { AnalysisCache } from '../../src/core/check/cache';
import { blockingIo, type SkillIo } from '../../src/core/skill/catalog';
import { Engine } from '../../src/core/check/engine';
import { ProbeRunner } from '../../src/core/machine/probe';
import { probeWithGate } from '../utils/probe';
import type { Entry } from '../../src/core/check/entry';
import type { Verdict } from '../../src/core/types';
import { decided, type Decided } from '../utils/decided';
import { CORPUS, type HostileCorpus, prepareHostileCorpus, REPO } from '../utils/hostile-corpus';
import { isDead, readPid } from '../utils/proc';

const posix = process.platform !== 'win32';
const repo = REPO;
const cli = path.join(repo, 'dist', 'cli.js');
const corpus = CORPUS;
const SECRET = `s3cret-${process.pid}-${Date.now()}`;

interface Run {
  code: number | null;
  out: string;
  err: string;
  ms: number;
}

/** Every run of the CLI, for the final check that no environment value was ever printed. */
const runs: Run[] = [];

/** The CLI in a child process: execFile, so no shell ever sees an argument. `check` runs are judged by
 *  nexo-rs alone: the expectations below are nexo-rs's (its gating, its probes, its agents file). */
function run(argv: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; uid?: number; gid?: number }): Promise<Run> {
  const args = argv[0] === 'check' && !argv.includes('--runtime') ? [...argv, '--runtime', 'nexo'] : argv;
  const t0 = performance.now();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, ...args],
      {
        cwd: opts.cwd,
        env: opts.env,
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
        timeout: 60_000,
        ...(opts.uid !== undefined ? { uid: opts.uid, gid: opts.gid ?? opts.uid } : {}),
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        const r = { code, out: stdout, err: stderr, ms: performance.now() - t0 };
        runs.push(r);
        resolve(r);
      },
    );
  });
}

/** Exit 0 or 1, valid JSON, no stack trace and nothing but `skill-author: …` / `file:line:col: …` lines on stderr. */
function parsed(r: Run): Decided[] {
  assert.ok(r.code === 0 || r.code === 1, `exit ${r.code}: ${r.err.slice(0, 500)}`);
  noStack(r.err);
  const j = JSON.parse(r.out) as { version: number; skills: Entry[] };
  assert.equal(j.version, 2);
  return j.skills.map(engineEntry);
}

/** A `check --runtime nexo --json` entry in the engine's own words (`Decided`), which the expectations use. */
function engineEntry(e: Entry): Decided {
  assert.equal(e.runtime, 'nexo');
  const verdict = (e.verdict === 'hidden' ? (e.hidden_by?.includes('platform') ? 'unsupported_platform' : 'skipped_strict') : e.verdict) as Verdict;
  return {
    id: e.id,
    name: e.name,
    path: e.path,
    category: e.category,
    verdict,
    color: e.color,
    mode: e.mode ?? 'strict',
    missing: { bins: e.missing.bins ?? [], env: e.missing.env ?? [], versions: e.missing.versions ?? [] },
    diagnostics: e.diagnostics,
  };
}

function noStack(stderr: string): void {
  assert.doesNotMatch(stderr, /^ {4}at /m, 'a stack trace on stderr');
  assert.doesNotMatch(stderr, /internal error/);
}

function byId(entries: Decided[]): Map<string, Decided> {
  const m = new Map<string, Decided>();
  for (const e of entries) {
    assert.ok(!m.has(e.id), `${e.id} reported twice`);
    m.set(e.id, e);
  }
  return m;
}

const codes = (e: Decided): string[] => e.diagnostics.map((d) => d.code);

/** Every file under `dir` whose name starts with `pwned` (what a `$(touch pwned…)` payload would create). */
function markers(dir: string, out: string[] = []): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.name.startsWith('pwned')) out.push(p);
    if (e.isDirectory() && !e.isSymbolicLink()) markers(p, out);
  }
  return out;
}

interface Expectation {
  verdict: Verdict;
  /** Codes that must all be present (in any order); `[]` means no finding at all. */
  codes: string[];
  check?: (e: Decided) => void;
}

/** What the tool does with each committed case (mirrors test/fixtures/hostile/README.md). */
const COMMITTED: Record<string, Expectation> = {
  'alias-bomb': {
    verdict: 'loaded',
    codes: ['yaml-syntax', 'requirements-ignored'],
    check: (e) => assert.ok(e.diagnostics.some((d) => /alias bomb/.test(d.message))),
  },
  'binary-bytes': { verdict: 'loaded', codes: [] },
  bom: { verdict: 'loaded', codes: ['bom'], check: (e) => assert.deepEqual(e.missing.bins, []) }, // the BOM hides `requires`
  crlf: { verdict: 'loaded', codes: [] },
  'dotdot-paths': {
    verdict: 'loaded_with_banner',
    codes: ['name-charset', 'name-dir-mismatch', 'bin-name-invalid'],
    check: (e) => assert.deepEqual(e.missing.bins, ['../../../../../../no/such/tool', '..\\..\\win']),
  },
  'duplicate-keys': {
    verdict: 'loaded',
    codes: ['duplicate-key', 'requirements-ignored'],
    check: (e) => {
      const dup = e.diagnostics.filter((d) => d.code === 'duplicate-key').map((d) => d.message.split(' appears')[0]);
      assert.deepEqual(dup, ['`description`', '`bins`']);
    },
  },
  'empty-file': { verdict: 'not_loadable', codes: ['file-empty'] },
  'env-secret': { verdict: 'loaded_with_banner', codes: [], check: (e) => assert.deepEqual(e.missing.env, ['HOSTILE_BLANK_VAR']) },
  'invalid-utf8': { verdict: 'not_loadable', codes: ['file-encoding'] },
  // No `\n` after the opening `---`: nexo-rs takes an empty body and loads nothing (RULES §3, b24).
  'lone-cr': {
    verdict: 'not_loadable',
    codes: ['frontmatter-unclosed'],
    check: (e) => {
      assert.deepEqual(codes(e), ['frontmatter-unclosed']);
      assert.match(e.diagnostics[0]?.message ?? '', /lone CR/);
    },
  },
  'lone-fence': { verdict: 'not_loadable', codes: ['frontmatter-unclosed'] },
  'markup-injection': { verdict: 'loaded', codes: [] }, // Hermes's index cut (description-index-truncated) is not nexo-rs's concern
  'number-constraint': {
    verdict: 'loaded',
    codes: ['requirements-ignored'],
    check: (e) => assert.match(e.diagnostics[0]?.message ?? '', /the number 4 instead of text/),
  },
  'number-scalars': {
    verdict: 'skipped_strict',
    codes: ['scalar-not-string'],
    check: (e) => {
      assert.equal(codes(e).filter((c) => c === 'scalar-not-string').length, 4);
      assert.deepEqual(e.missing.bins, ['7z', '1.10']);
    },
  },
  'probe-exit': { verdict: 'loaded', codes: [] },
  'probe-flood': { verdict: 'loaded', codes: [] },
  'probe-forker': { verdict: 'loaded_with_banner', codes: [], check: (e) => assertProbe(e, 'probe_failed', /no answer within 5000 ms/) },
  'probe-hang': { verdict: 'loaded_with_banner', codes: [], check: (e) => assertProbe(e, 'probe_failed', /no answer within 5000 ms/) },
  'probe-noexec': { verdict: 'loaded_with_banner', codes: [], check: (e) => assertProbe(e, 'probe_failed', /EACCES/) },
  'proto-keys': {
    verdict: 'loaded_with_banner',
    codes: ['unknown-field'],
    check: (e) => {
      assert.deepEqual(e.missing.bins, ['__proto__', 'constructor']);
      assert.deepEqual(e.missing.env, ['__proto__', 'constructor', 'hasOwnProperty']);
      assert.deepEqual(
        e.missing.versions.map((v) => [v.bin, v.reason]),
        [
          ['__proto__', 'bin_not_found'],
          ['constructor', 'bin_not_found'],
        ],
      );
    },
  },
  'regex-blowup': { verdict: 'loaded', codes: [], check: (e) => assertProbe(e, 'not_probed', /too large to search/) },
  'regex-huge': { verdict: 'loaded', codes: ['probe-regex-invalid'], check: (e) => assertProbe(e, 'not_probed', /at most 1000/) },
  // `$` is the end of the text, which ends with "\n" + stderr: no match, as in the runtime.
  'regex-redos': { verdict: 'skipped_strict', codes: ['probe-regex-capture-group'], check: (e) => assertProbe(e, 'parse_failed', /no match/) },
  'shell-names': {
    verdict: 'loaded_with_banner',
    codes: ['name-charset', 'bin-name-invalid', 'env-name-invalid', 'probe-command-whitespace'],
    // The binary literally named `meta;tool $(touch pwned-v)` exists: found, probed with one argument, satisfied.
    check: (e) => assert.deepEqual(e.missing.versions, []),
  },
  'supporting-paths': {
    verdict: 'loaded',
    codes: ['link-absolute', 'link-escapes', 'link-backslash', 'link-broken', 'script-not-executable'],
    check: (e) =>
      assert.deepEqual(
        e.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`),
        [
          'link-absolute 5:49',
          'link-escapes 5:68',
          'link-escapes 6:11',
          'link-backslash 6:51',
          'link-escapes 6:83',
          'link-broken 7:8',
          'link-broken 7:60',
          'script-not-executable 8:6',
          'script-not-executable 11:1',
        ],
      ),
  },
  tabs: { verdict: 'loaded', codes: ['yaml-syntax', 'requirements-ignored'], check: (e) => assert.ok(e.diagnostics.some((d) => /Tabs/.test(d.message))) },
};

/** Cases written at test time (too large to commit, or not representable in git). */
const GENERATED: Record<string, Expectation> = {
  'big-body': { verdict: 'loaded', codes: [] },
  'long-line': { verdict: 'loaded', codes: ['description-too-long'] },
  'deep-nesting': {
    verdict: 'loaded',
    codes: ['yaml-syntax', 'requirements-ignored'],
    check: (e) => assert.ok(e.diagnostics.some((d) => /nesting deeper than 200/.test(d.message))),
  },
  'many-comparators': {
    verdict: 'skipped_strict',
    codes: ['constraint-invalid'],
    check: (e) => {
      assert.match(e.diagnostics[0]?.message ?? '', /at most 32 comparators/);
      assert.equal(e.missing.versions[0]?.reason, 'invalid_constraint');
    },
  },
  'skill-md-is-dir': {
    verdict: 'not_loadable',
    codes: ['file-unreadable'],
    check: (e) => assert.match(e.diagnostics[0]?.message ?? '', /is a folder, not a file/),
  },
  'dangling-link': {
    verdict: 'not_loadable',
    codes: ['file-unreadable'],
    check: (e) => assert.match(e.diagnostics[0]?.message ?? '', /dangling symbolic link/),
  },
  'link-loop': { verdict: 'not_loadable', codes: ['file-unreadable'], check: (e) => assert.match(e.diagnostics[0]?.message ?? '', /loops back on itself/) },
  fifo: { verdict: 'not_loadable', codes: ['file-unreadable'], check: (e) => assert.match(e.diagnostics[0]?.message ?? '', /not a regular file/) },
};

function assertProbe(e: Decided, reason: string, detail: RegExp): void {
  const v = e.missing.versions[0];
  assert.equal(v?.reason, reason, JSON.stringify(e.missing));
  assert.match((v as { detail?: string }).detail ?? '', detail);
}

describe('hostile input: the corpus through the CLI', function () {
  if (!posix) return; // fake binaries, FIFOs and symbolic links as POSIX has them
  this.timeout(60_000);
  let tmp: string;
  let root: string;
  let binDir: string;
  let env: NodeJS.ProcessEnv;
  let mainRun: Promise<Run>;
  let main: Run | undefined;
  let entries: Map<string, Decided> | undefined;

  let corpusFiles: HostileCorpus | undefined;

  before(async () => {
    corpusFiles = await prepareHostileCorpus(); // the committed cases, the generated ones, the fake binaries
    ({ tmp, root, binDir } = corpusFiles);
    env = {
      PATH: binDir, // nothing from the machine: verdicts must not depend on what is installed
      HOME: tmp,
      XDG_CACHE_HOME: path.join(tmp, 'cache'),
      PIDDIR: tmp,
      SPAWN_LOG: path.join(tmp, 'spawn.log'),
      HOSTILE_SECRET_TOKEN: SECRET,
      HOSTILE_BLANK_VAR: '   ',
    };
    // The one run with probes waits out the 5 s probe timeout (hang, forker): the cases that do not need it
    // run meanwhile, and the tests about it come last.
    mainRun = run(['check', 'root', '--json', '--no-cache'], { cwd: tmp, env });
  });

  /** The corpus check with probes, once it has finished. */
  async function ready(): Promise<void> {
    main ??= await mainRun;
    entries ??= byId(parsed(main));
  }

  after(() => corpusFiles?.cleanup());

  it('the table: no raw control characters, no row longer than a screenful', async () => {
    const r = await run(['check', 'root', '--no-cache', '--no-probe', '--no-color', '--verbose'], { cwd: tmp, env });
    assert.equal(r.code, 1);
    noStack(r.err);

    assert.doesNotMatch(r.out, /[\u0000-\u0008\u000b-\u001f\u007f]/);
    const longest = Math.max(...r.out.split('\n').map((l) => l.length));
    assert.ok(longest < 2000, `a ${longest}-character line`);
  });

  it('banner: exact text for hostile names, and a plain reason for files the runtime cannot use', async () => {
    const proto = await run(['banner', 'root/proto-keys', '--no-cache', '--no-probe'], { cwd: tmp, env });
    assert.equal(proto.code, 0);
    assert.equal(
      proto.out,
      [
        '> ⚠️ MISSING DEPS for skill `proto-keys`:',
        '>   - bin not found: __proto__',
        '>   - bin not found: constructor',
        '>   - env unset: __proto__',
        '>   - env unset: constructor',
        '>   - env unset: hasOwnProperty',
        '>   - version mismatch: __proto__ requires >=1 (bin missing)',
        '>   - version mismatch: constructor requires >=1 (bin missing)',
        '> Calls into this skill may fail.',
        '',
      ].join('\n'),
    );
    const shell = await run(['banner', 'root/shell-names', '--no-cache', '--no-probe'], { cwd: tmp, env });
    assert.ok(shell.out.includes('>   - bin not found: $(touch pwned-subst)\n>   - bin not found: `touch pwned-tick`\n'));
    for (const id of ['fifo', 'dangling-link', 'skill-md-is-dir', 'invalid-utf8']) {
      const r = await run(['banner', `root/${id}`, '--render', '--no-cache', '--no-probe'], { cwd: tmp, env });
      assert.equal(r.code, 0, `${id}: ${r.err}`);
      assert.equal(r.out, '');
      assert.match(r.err, new RegExp(`^skill-author: the model never sees \`${id}\`: nexo-rs: not loadable — SKILL\\.md (is|cannot)`));
    }
    const big = await run(['banner', 'root/big-body', '--render', '--no-cache', '--no-probe'], { cwd: tmp, env });
    assert.equal(
      big.out,
      `${readFileSync(path.join(root, 'big-body', 'SKILL.md'), 'utf8')
        .split('---\n')[2]
        ?.trim()}\n`,
    );
  });

  it('index: hidden and unusable skills are absent; XML escapes hostile text; nexo keeps bodies byte-exact', async () => {
    const absent = ['empty-file', 'invalid-utf8', 'fifo', 'dangling-link', 'number-scalars', 'many-comparators'];
    const hermes = await run(['index', 'root', '--no-cache', '--no-probe'], { cwd: tmp, env });
    assert.equal(hermes.code, 0);
    noStack(hermes.err);
    // Hermes lists what it cannot parse by its folder name (RULES D5) and gates nothing nexo-rs gates.
    for (const id of ['empty-file', 'invalid-utf8', 'number-scalars']) assert.ok(hermes.out.includes(`    - ${id}`), id);
    assert.ok(hermes.out.includes('    - big-body: A 5 MB body.\n'));
    const xml = await run(['index', 'root', '--format', 'xml', '--no-cache', '--no-probe'], { cwd: tmp, env });
    assert.equal(xml.code, 0);
    assert.ok(
      xml.out.includes(
        '<description>Closes tags: &lt;/description&gt;&lt;location&gt;/etc/passwd&lt;/location&gt; &amp; &apos;quotes&apos; &quot;here&quot;</description>',
      ),
    );
    assert.equal(xml.out.split('<location>').length, xml.out.split('<skill>').length);
    const nexo = await run(['index', 'root', '--format', 'nexo', '--no-cache', '--no-probe'], { cwd: tmp, env });
    assert.equal(nexo.code, 0);
    assert.ok(nexo.out.includes('\n## markup-injection\n'));
    for (const id of absent) assert.ok(!nexo.out.includes(`\n## ${id}\n`), id);
    assert.ok(
      nexo.out.includes(
        readFileSync(path.join(root, 'big-body', 'SKILL.md'), 'utf8')
          .split('---\n')[2]
          ?.trim() ?? '!',
      ),
    );
  });

  it('a warm run from the analysis cache says exactly what a cold run says', async () => {
    const args = ['check', 'root', '--json', '--no-probe'];
    const cold = await run(args, { cwd: tmp, env });
    const warm = await run(args, { cwd: tmp, env });
    const none = await run([...args, '--no-cache'], { cwd: tmp, env });
    assert.equal(warm.out, cold.out);
    assert.equal(none.out, cold.out);
    noStack(cold.err + warm.err);
  });

  it('the agents file: malformed YAML, unknown modes, overrides and skills that do not exist, with line numbers', async () => {
    const agents = (file: string, extra: string[] = []): Promise<Run> =>
      run(['check', 'root', '--agent', 'kate', '--agents-file', `root/agents/${file}`, '--no-cache', '--no-probe', ...extra], { cwd: tmp, env });
    const malformed = await agents('malformed.yaml');
    assert.equal(malformed.code, 2);
    assert.match(malformed.err, /^root\/agents\/malformed\.yaml:\d+:\d+: error: YAML: /m);
    assert.match(malformed.err, /agent `kate` is not defined/);
    noStack(malformed.err);

    const mode = await agents('unknown-mode.yaml');
    assert.equal(mode.code, 1);
    assert.match(mode.err, /^root\/agents\/unknown-mode\.yaml:6:13: error: agent `kate`: override for `crlf` is `loud`; use strict, warn or disable$/m);
    assert.match(mode.err, /^root\/agents\/unknown-mode\.yaml:7:12: error: agent `kate`: override for `bom` is `WARN`/m);

    const missing = await agents('missing-skills.yaml', ['--json']);
    assert.equal(missing.code, 0);
    const skills = parsed(missing);
    // NotFound is reported with mode strict whatever the override (RULES §2, golden a23).
    assert.deepEqual(
      skills.map((s) => [s.id, s.verdict, s.mode]),
      [
        ['crlf', 'loaded', 'strict'],
        ['ghost', 'not_found', 'strict'],
        ['../../etc', 'not_found', 'strict'],
        ['__proto__', 'not_found', 'strict'],
        ['proto-keys', 'skipped_disabled', 'disable'],
      ],
    );
    const lines = missing.err.trim().split('\n');
    const at = (re: RegExp): string | undefined => lines.find((l) => re.test(l));
    assert.match(at(/`phantom`/) ?? '', /^root\/agents\/missing-skills\.yaml:7:7: warning: .*not in its `skills` list/);
    assert.match(at(/`constructor`/) ?? '', /^root\/agents\/missing-skills\.yaml:8:7: warning: .*not in its `skills` list/);
    assert.match(at(/`ghost`/) ?? '', /^root\/agents\/missing-skills\.yaml:3:20: warning: agent `kate`: no SKILL\.md for `ghost`/);
    assert.match(at(/`\.\.\/\.\.\/etc`/) ?? '', /^root\/agents\/missing-skills\.yaml:3:27: warning: .*is a path, not a folder name/);
    assert.match(at(/`__proto__`/) ?? '', /^root\/agents\/missing-skills\.yaml:3:38: warning: agent `kate`: no SKILL\.md for `__proto__`/);

    writeFileSync(path.join(root, 'agents', 'deep.yaml'), `agents:\n  - id: kate\n    skills: ${'['.repeat(20_000)}\n`);
    const deep = await agents('deep.yaml');
    assert.equal(deep.code, 2);
    assert.deepEqual(deep.err.trim().split('\n'), [
      'root/agents/deep.yaml:3:213: error: YAML: nesting deeper than 200 levels; the agents file was not parsed',
      'skill-author: agent `kate` is not defined in root/agents/deep.yaml (agents: none)',
    ]);

    // Unknown top-level keys (the bomb's anchors) make nexo-rs refuse the whole file: no skill loads. The
    // aliases are never expanded: instant.
    const bomb = await agents('alias-bomb.yaml', ['--json']);
    assert.equal(bomb.code, 1);
    assert.match(bomb.err, /^root\/agents\/alias-bomb\.yaml:5:1: error: unknown field `bomb0`/m);
    assert.deepEqual(
      parsed(bomb).map((s) => s.id),
      [],
    );
    assert.ok(bomb.ms < 5000);
  });

  it('a root with 100,000 entries', async () => {
    const big = path.join(tmp, 'wide');
    mkdirSync(path.join(big, 'junk'), { recursive: true });
    const t0 = performance.now();
    for (let i = 0; i < 100_000; i++) closeSync(openSync(path.join(big, 'junk', `f${i}`), 'w'));
    const made = performance.now() - t0;
    mkdirSync(path.join(big, 'a'));
    writeFileSync(path.join(big, 'a', 'SKILL.md'), '---\nname: a\ndescription: Found among 100,000 files.\n---\nBody.\n');
    const r = await run(['check', 'wide', '--json', '--no-cache', '--no-probe'], { cwd: tmp, env });
    assert.deepEqual(
      parsed(r).map((s) => [s.id, s.verdict]),
      [['a', 'loaded']],
    );
    console.log(`      100,000 entries: generated in ${made.toFixed(0)} ms, checked in ${r.ms.toFixed(0)} ms`);
    assert.ok(r.ms < 10_000);
    rmSync(big, { recursive: true, force: true });
  });

  it('files appearing, changing and vanishing while the CLI scans', async () => {
    const churn = path.join(tmp, 'churn');
    const skill = (n: number, v: string): string => `---\nname: s${n}\ndescription: Version ${v}.\n---\nBody ${v}.\n`;
    for (let i = 0; i < 300; i++) {
      mkdirSync(path.join(churn, `s${i}`), { recursive: true });
      writeFileSync(path.join(churn, `s${i}`, 'SKILL.md'), skill(i, '0'));
    }
    // A separate process rewrites, deletes, re-creates and renames skill folders for as long as the scans run.
    const script = `
      const fs = require('fs'), path = require('path'); const root = ${JSON.stringify(churn)};
      let i = 0; const end = Date.now() + 20000;
      while (Date.now() < end && !fs.existsSync(path.join(root, '..', 'churn.stop'))) {
        const n = i++ % 300, d = path.join(root, 's' + n);
        try {
          if (i % 4 === 0) fs.rmSync(d, { recursive: true, force: true });
          else if (i % 4 === 1) { fs.mkdirSync(d, { recursive: true }); fs.writeFileSync(path.join(d, 'SKILL.md'), 'x'.repeat(i % 50) + '\\n---\\nname: s' + n + '\\n---\\n'); }
          else if (i % 4 === 2) fs.renameSync(d, d + '-moved');
          else fs.renameSync(d + '-moved', d);
        } catch {}
      }`;
    const churner = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
    try {
      for (let k = 0; k < 4; k++) {
        const r = await run(['check', 'churn', '--json', '--no-probe'], { cwd: tmp, env });
        const skills = parsed(r);
        for (const s of skills) assert.ok(['loaded', 'not_loadable'].includes(s.verdict), JSON.stringify(s).slice(0, 300));
        for (const l of r.err.split('\n').filter(Boolean)) assert.match(l, /^skill-author: churn\/\S+: (does not exist|not a folder)$/);
      }
    } finally {
      writeFileSync(path.join(tmp, 'churn.stop'), '');
      await new Promise((r) => (churner.exitCode !== null ? r(null) : churner.on('exit', r)));
    }
  });

  it('check --json: exit 1, valid JSON, no stack trace, bounded by the 5 s probe timeout', async () => {
    await ready();
    assert.ok(main && entries);
    assert.equal(main.code, 1); // error findings exist
    console.log(`      corpus check: ${entries.size} skills in ${main.ms.toFixed(0)} ms`);
    assert.ok(main.ms < 20_000, `took ${main.ms} ms`);
    // stderr: only the walk's one-line notes (none expected for this tree, when root can read everything).
    for (const l of main.err.split('\n').filter(Boolean)) assert.match(l, /^skill-author: /);
  });

  it('every case folder is reported, each with its expected verdict and codes', async () => {
    await ready();
    assert.ok(entries);
    const expected = { ...COMMITTED, ...GENERATED };
    const corpusCases = readdirSync(corpus).filter((n) => existsSync(path.join(corpus, n, 'SKILL.md')));
    assert.deepEqual(corpusCases.sort(), Object.keys(COMMITTED).sort(), 'every committed case has an expectation (and vice versa)');
    for (const [id, want] of Object.entries(expected)) {
      const e = entries.get(id);
      assert.ok(e, `${id} is not reported`);
      assert.equal(e.verdict, want.verdict, `${id}: ${JSON.stringify({ verdict: e.verdict, codes: codes(e), missing: e.missing })}`);
      if (want.codes.length === 0) assert.deepEqual(codes(e), [], `${id} has findings`);
      for (const c of want.codes) assert.ok(codes(e).includes(c), `${id}: ${c} not in ${JSON.stringify(codes(e))}`);
      want.check?.(e);
    }
    // The loops are walked once: no skill appears twice (byId), and nothing else is reported.
    const extra = [...entries.keys()].filter((id) => !(id in expected) && !['unreadable-file', 'inner'].includes(id));
    assert.deepEqual(extra, []);
  });

  it('a probe that hangs, or whose child keeps the pipe open, is killed with its children', async () => {
    await ready();
    for (const f of ['hang.pid', 'forker.pid']) {
      const pid = readPid(path.join(tmp, f));
      assert.ok(isDead(pid), `${f}: process ${pid} still runs after the CLI exited`);
    }
  });

  it('shell metacharacters never reach a shell: no payload ran, and only resolved absolute paths were spawned', async () => {
    await ready();
    assert.deepEqual([...markers(tmp), ...markers(repo)], []);
    const spawned = readFileSync(path.join(tmp, 'spawn.log'), 'utf8').trim().split('\n');
    for (const p of spawned) {
      assert.ok(path.isAbsolute(p) && path.dirname(p) === binDir, `spawned ${p}`);
    }
    assert.deepEqual([...new Set(spawned)].map((p) => path.basename(p)).sort(), [
      'aaaa',
      'exit7',
      'flood',
      'flooda',
      'forker',
      'hang',
      'meta;tool $(touch pwned-v)',
    ]);
    // argv = [command] as ONE element, exactly as written.
    const [argv0, argc, arg1] = readFileSync(path.join(tmp, 'meta.args'), 'utf8').split('\n');
    assert.equal(argv0, path.join(binDir, 'meta;tool $(touch pwned-v)'));
    assert.equal(argc, '1');
    assert.equal(arg1, '--version; touch pwned-cmd $(touch pwned-cmd2) `touch pwned-cmd3`');
  });

  it('file permissions: unreadable file and folder (as another user when running as root)', async function () {
    await ready();
    assert.ok(main && entries);
    const asRoot = process.getuid?.() === 0;
    if (!asRoot) {
      assert.equal(entries.get('unreadable-file')?.verdict, 'not_loadable');
      assert.match(entries.get('unreadable-file')?.diagnostics[0]?.message ?? '', /permission denied/);
      assert.ok(!entries.has('inner'));
      assert.match(main.err, /unreadable-folder: permission denied/);
      return;
    }
    // root reads mode-000 files: both skills load in the main run. Check enforcement as `nobody`.
    assert.equal(entries.get('unreadable-file')?.verdict, 'loaded');
    assert.equal(entries.get('inner')?.verdict, 'loaded');
    const nobody = await run(['check', 'root/unreadable-file', 'root/unreadable-folder', 'root/crlf', '--json', '--no-cache', '--no-probe'], {
      cwd: tmp,
      env: { PATH: binDir },
      uid: 65534,
    });
    if (nobody.code === null || /EPERM|EACCES/.test(nobody.err) || nobody.out === '') {
      console.log(
        `      permissions are not enforced for root and no other user could be used here (${nobody.err.trim().slice(0, 80)}): only the root behaviour was checked`,
      );
      return this.skip();
    }
    const as = byId(parsed(nobody));
    assert.equal(as.get('unreadable-file')?.verdict, 'not_loadable');
    assert.equal(
      as.get('unreadable-file')?.diagnostics[0]?.message,
      'SKILL.md cannot be read: permission denied. The runtime cannot read it either, so the skill is never loaded.',
    );
    assert.ok(!as.has('inner'));
    assert.match(nobody.err, /^skill-author: root\/unreadable-folder: permission denied$/m);
    assert.equal(as.get('crlf')?.verdict, 'loaded');
  });

  it('environment values are never printed: not by any run above, nor by check, banner --render or index of the skill that needs one', async () => {
    await ready();
    await run(['check', 'root/env-secret', '--no-cache'], { cwd: tmp, env });
    await run(['banner', 'root/env-secret', '--render', '--no-cache'], { cwd: tmp, env });
    await run(['index', 'root/env-secret', '--format', 'nexo', '--no-cache'], { cwd: tmp, env });
    assert.ok(runs.length > 20);
    for (const r of runs) assert.ok(!r.out.includes(SECRET) && !r.err.includes(SECRET));
  });
});

describe('hostile input: engine-level cases', function () {
  if (!posix) return;
  this.timeout(20_000);
  let tmp: string;
  before(() => (tmp = mkdtempSync(path.join(tmpdir(), 'skill-author-hostile-engine-'))));
  after(() => rmSync(tmp, { recursive: true, force: true }));

  it('no prototype pollution anywhere downstream: analysis, evaluation, the disk cache round trip, the agents file', async () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const root = path.join(tmp, 'proto');
    cpSync(path.join(corpus, 'proto-keys'), path.join(root, 'proto-keys'), { recursive: true });
    const cacheDir = path.join(tmp, 'proto-cache');
    const check = async (): Promise<Decided[]> => {
      const e = new Engine({ env: { PATH: '' }, probe: false, cache: new AnalysisCache({ dir: cacheDir, io: blockingIo, now: () => Date.now() + 60_000 }) });
      try {
        return (await e.checkPaths([root])).skills.map(decided);
      } finally {
        e.dispose();
      }
    };
    const cold = await check();
    const warm = await check(); // analyses restored from the JSON snapshot on disk
    assert.deepEqual(warm, cold);
    const a = analyzeSkill(readFileSync(path.join(root, 'proto-keys', 'SKILL.md'), 'utf8'), { dirName: 'proto-keys' });
    assert.equal(Object.getPrototypeOf(a.data), null);
    assert.ok(Object.keys(a.data ?? {}).includes('__proto__'), '`__proto__` is an ordinary own key');
    parseAgentsFile(readFileSync(path.join(corpus, 'agents', 'missing-skills.yaml'), 'utf8'), path.join(corpus, 'agents', 'missing-skills.yaml'));
    assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), before);
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
  });

  it('files that vanish, change or turn into folders between the walk and the read', async () => {
    const root = path.join(tmp, 'race');
    const put = (id: string, text: string): void => {
      mkdirSync(path.join(root, id), { recursive: true });
      writeFileSync(path.join(root, id, 'SKILL.md'), text);
    };
    const skill = (id: string, d: string): string => `---\nname: ${id}\ndescription: ${d}\n---\nBody.\n`;
    for (const id of ['vanish-dir', 'vanish-file', 'grows', 'to-dir', 'steady']) put(id, skill(id, 'Before.'));
    const file = (id: string): string => path.join(root, id, 'SKILL.md');
    // Each hook runs once, right after the named call first returned: the file system changes under the engine.
    const hooks = new Map<string, () => void>([
      [`readdir:${root}`, () => rmSync(path.join(root, 'vanish-dir'), { recursive: true })],
      [`stat:${file('vanish-file')}`, () => unlinkSync(file('vanish-file'))],
      [`stat:${file('grows')}`, () => writeFileSync(file('grows'), skill('grows', `After, and ${'much '.repeat(50)}longer.`))],
      [`stat:${file('to-dir')}`, () => (unlinkSync(file('to-dir')), mkdirSync(file('to-dir')))],
    ]);
    const after = (call: string): void => {
      const h = hooks.get(call);
      hooks.delete(call);
      h?.();
    };
    const racy: SkillIo = {
      ...blockingIo,
      stat: async (p) => {
        const st = await blockingIo.stat(p);
        after(`stat:${p}`);
        return st;
      },
      readdir: async (p) => {
        const entries = await blockingIo.readdir(p);
        after(`readdir:${p}`);
        return entries;
      },
    };
    const e = new Engine({ env: { PATH: '' }, probe: false, cache: new AnalysisCache({ dir: null, io: racy }) });
    try {
      const { skills, catalogs } = await e.checkPaths([root]);
      assert.equal(hooks.size, 0, 'every change happened');
      const got = new Map(skills.map((s) => [s.id, s]));
      assert.deepEqual([...got.keys()].sort(), ['grows', 'steady', 'to-dir', 'vanish-file']);
      assert.match(catalogs[0]?.problems[0]?.message ?? '', /does not exist/); // the folder listed, then gone
      assert.equal(got.get('vanish-file')?.status.verdict, 'not_loadable');
      assert.match(got.get('vanish-file')?.analysis?.diagnostics[0]?.message ?? '', /^SKILL\.md does not exist/);
      // The analysis is of the bytes actually read (stamped from the open file), not of what was stat'ed.
      assert.match(got.get('grows')?.analysis?.description ?? '', /^After/);
      assert.equal(got.get('to-dir')?.status.verdict, 'not_loadable');
      assert.equal(got.get('steady')?.status.verdict, 'loaded');
    } finally {
      e.dispose();
    }
  });

  it('a `.cmd` version probe under Windows rules is never run (cmd.exe is a shell): not probed, with the reason', async () => {
    const tool = path.join(tmp, 'tool.cmd');
    writeFileSync(tool, `#!/bin/sh\ntouch "${path.join(tmp, 'pwned-cmd')}"\necho 1.0.0\n`);
    chmodSync(tool, 0o755);
    const e = new Engine({ env: { PATH: '' }, platform: 'win32', probeOptions: { platform: 'win32' } });
    e.pathEnv = { path: '', pathExt: '.COM;.EXE;.BAT;.CMD', platform: 'win32', cwd: tmp };
    try {
      const a = analyzeSkill(`---\nname: w\ndescription: d\nrequires:\n  bin_versions:\n    ${JSON.stringify(tool)}: ">=1"\n---\nBody.\n`, { dirName: 'w' });
      const status = await e.evaluate(a);
      assert.equal(status.verdict, 'loaded'); // unknown hides nothing
      assert.equal(status.missing.versions[0]?.reason, 'not_probed');
      assert.match(status.missing.versions[0]?.detail ?? '', /`\.cmd`\/`\.bat` files are run by cmd\.exe, a shell; they are never probed/);
      assert.equal(e.runner?.spawnCount, 0);
      assert.equal(existsSync(path.join(tmp, 'pwned-cmd')), false);
    } finally {
      e.dispose();
    }
  });

  it('a version regex too large for the output is not run (it would block for seconds per MiB)', async () => {
    const bin = path.join(tmp, 'flooda');
    writeFileSync(bin, "#!/bin/sh\nhead -c 1048576 /dev/zero | tr '\\0' a\n");
    chmodSync(bin, 0o755);
    const runner = new ProbeRunner({ cwd: tmp });
    try {
      const t0 = performance.now();
      const v = await probeWithGate(runner, bin, '--version', 'a*'.repeat(400));
      const ms = performance.now() - t0;
      assert.equal(v.reason, 'not_probed');
      assert.match(v.detail ?? '', /802 instructions\) is too large to search 1048577 characters/);
      assert.ok(ms < 3000, `took ${ms} ms`); // matching it took ~16 s before
      // The runtime's default pattern over the same flood is still searched.
      assert.equal((await probeWithGate(runner, bin, '--version')).reason, 'parse_failed');
    } finally {
      runner.dispose();
    }
  });

  it('regression: findings that used to crash, mislead or flood', () => {
    // A map (or `{}`) as the description threw "Cannot convert object to primitive value": exit 3 for the CLI.
    const map = analyzeSkill('---\nname: m\ndescription: {}\n---\nBody.\n', { dirName: 'm' });
    assert.deepEqual(
      map.diagnostics.map((d) => d.code),
      ['requirements-ignored'],
    );
    // A duplicate key was named by its first character only ("`d` appears twice").
    const dup = analyzeSkill('---\nname: d\ndescription: a\ndescription: b\n---\nBody.\n', { dirName: 'd' }).diagnostics.find(
      (d) => d.code === 'duplicate-key',
    );
    assert.match(dup?.message ?? '', /^`description` appears twice/);
    assert.equal((dup?.endColumn ?? 0) - (dup?.column ?? 0), 'description'.length);
    // Lone-CR files also got "text after the opening `---`" pointing at the whole file.
    assert.deepEqual(
      analyzeSkill('---\rname: x\r---\rBody.\r', { dirName: 'x' }).diagnostics.map((d) => d.code),
      ['frontmatter-unclosed'],
    );
    // A 80,000-character version regex took ~5 s to compile on every analysis.
    const t0 = performance.now();
    const huge = analyzeSkill(
      `---\nname: h\ndescription: d\nrequires:\n  bin_versions:\n    t:\n      constraint: ">=1"\n      regex: "${'(a|'.repeat(20_000)}${')'.repeat(20_000)}"\n---\nBody.\n`,
      { dirName: 'h' },
    );
    assert.ok(performance.now() - t0 < 1000);
    assert.match(huge.diagnostics.find((d) => d.code === 'probe-regex-invalid')?.message ?? '', /80000 characters long/);
    // 20,000 `[` in an agents file printed one YAML error per bracket (and a stack overflow message).
    const deep = parseAgentsFile(`agents:\n  - id: k\n    skills: ${'['.repeat(20_000)}\n`, '/x/agents.yaml');
    assert.equal(deep.problems.length, 1);
    assert.match(deep.problems[0]?.message ?? '', /nesting deeper than 200 levels/);
    const cascade = parseAgentsFile(`agents:\n  - id: k\n    skills: [a\n${'    - x: [\n'.repeat(50)}`, '/x/agents.yaml');
    assert.ok(cascade.problems.length <= 6, `${cascade.problems.length} problems`);
  });
});

// Keep the helpers honest: a marker created on purpose is found.
describe('hostile input: the test helpers', () => {
  it('markers() finds a `pwned` file', () => {
    const d = mkdtempSync(path.join(tmpdir(), 'skill-author-markers-'));
    try {
      mkdirSync(path.join(d, 'a'));
      writeFileSync(path.join(d, 'a', 'pwned-x'), '');
      assert.deepEqual(markers(d), [path.join(d, 'a', 'pwned-x')]);
      renameSync(path.join(d, 'a', 'pwned-x'), path.join(d, 'a', 'fine'));
      assert.deepEqual(markers(d), []);
      assert.ok(statSync(path.join(d, 'a', 'fine')).isFile());
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});
