// Every shared OpenClaw golden case (../shared/golden/openclaw), run through the emulation and compared byte
// for byte with what OpenClaw 2026.4.12-beta.1 produced: the prompt, the system-prompt section, `openclaw
// skills list --json` and `check --json`, OpenClaw's log records, and the per-folder eligibility data
// (skills.json, rebuilt from the emulation the way the case generator describes it in the README).
//
// Set-up per case, as the case README says: a fresh HOME with `case.json` `config` as
// ~/.openclaw/openclaw.json, a PATH of one folder holding the fake executables of `bins` (mode 755 or the
// given mode), the environment `env` + PATH + HOME + an empty OPENCLAW_BUNDLED_SKILLS_DIR, platform linux.
// The skills tree is read IN PLACE: ~/.openclaw/workspace is a symlink to the case folder, so locations read
// `~/.openclaw/workspace/skills/...` exactly as in OpenClaw's sandbox. The one exception: when the checkout
// turned the case's symlinks into small text files holding the link target (git with core.symlinks=false
// does that), those links cannot be read in place, so that case's tree is mirrored byte for byte (plain
// copies, links re-created as links) into the temporary workspace; the test says so in its title.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runOpenClaw, formatSkillsCheckJson, formatSkillsListJson, formatSkillInfoJson, type OpenClawRun } from '../../src/core/runtimes/openclaw';
import { parseFrontmatter } from '../../src/core/runtimes/openclaw/frontmatter';
import { flattenedLinkTarget } from '../utils/agent-golden';

const GOLDEN = path.resolve(__dirname, '../../../..', 'shared/golden/openclaw');

interface CaseJson {
  description: string;
  env: Record<string, string>;
  bins: Array<string | { name: string; mode: string }>;
  config: unknown;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of fs.readdirSync(dir)) {
    const p = path.join(dir, name);
    out.push(p);
    const st = fs.lstatSync(p);
    if (st.isDirectory()) walk(p, out);
  }
  return out;
}

function findFlattenedLinks(caseDir: string): string[] {
  const out: string[] = [];
  for (const sub of ['skills', 'outside']) {
    const dir = path.join(caseDir, sub);
    if (!fs.existsSync(dir)) continue;
    for (const p of walk(dir)) if (flattenedLinkTarget(p, caseDir) !== null) out.push(p);
  }
  return out;
}

/** Byte-exact mirror of `src` into `dest`: files copied, real symlinks kept, flattened links re-created. */
function mirror(src: string, dest: string, caseDir: string): void {
  fs.mkdirSync(dest, { recursive: true });
  for (const name of fs.readdirSync(src)) {
    const s = path.join(src, name);
    const d = path.join(dest, name);
    const st = fs.lstatSync(s);
    if (st.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(s), d);
    else if (st.isDirectory()) mirror(s, d, caseDir);
    else {
      const link = flattenedLinkTarget(s, caseDir);
      if (link !== null) fs.symlinkSync(link, d);
      else fs.copyFileSync(s, d);
    }
  }
}

interface CaseSetup {
  tmp: string;
  home: string;
  root: string;
  mirrored: boolean;
  /** The case folder's real path when read in place (maps to ~/.openclaw/workspace). */
  inPlaceReal: string | null;
  run: OpenClawRun;
}

function setUp(caseDir: string, c: CaseJson): CaseSetup {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'openclaw-golden-'));
  const home = path.join(tmp, 'home');
  const stateDir = path.join(home, '.openclaw');
  fs.mkdirSync(stateDir, { recursive: true });
  fs.writeFileSync(path.join(stateDir, 'openclaw.json'), JSON.stringify(c.config, null, 2));
  const binDir = path.join(tmp, 'bin');
  fs.mkdirSync(binDir);
  for (const b of c.bins) {
    const name = typeof b === 'string' ? b : b.name;
    const mode = typeof b === 'string' ? 0o755 : parseInt(b.mode, 8);
    const p = path.join(binDir, name);
    fs.writeFileSync(p, '#!/bin/sh\nexit 0\n');
    fs.chmodSync(p, mode);
  }
  const bundled = path.join(tmp, 'bundled-skills');
  fs.mkdirSync(bundled);
  const workspace = path.join(stateDir, 'workspace');
  const mirrored = findFlattenedLinks(caseDir).length > 0;
  if (mirrored) {
    mirror(path.join(caseDir, 'skills'), path.join(workspace, 'skills'), caseDir);
    if (fs.existsSync(path.join(caseDir, 'outside'))) mirror(path.join(caseDir, 'outside'), path.join(workspace, 'outside'), caseDir);
  } else {
    fs.symlinkSync(caseDir, workspace);
  }
  const env: Record<string, string> = { ...c.env, PATH: binDir, HOME: home, OPENCLAW_BUNDLED_SKILLS_DIR: bundled };
  const root = path.join(workspace, 'skills');
  // The golden data came from OpenClaw's modules imported directly: no CLI PATH bootstrap.
  const run = runOpenClaw(root, { env, platform: 'linux', home, cwd: tmp }, { cliPath: false });
  return { tmp, home, root, mirrored, inPlaceReal: mirrored ? null : fs.realpathSync(caseDir), run };
}

/** The generator's only rewrite: absolute paths under the sandbox home are written `~/…`. Read in place, the
 *  case folder's real path stands for ~/.openclaw/workspace (and a root that resolves to itself prints no
 *  `rootResolved=`). */
function rewrite(text: string, s: CaseSetup): string {
  let out = text;
  if (s.inPlaceReal) {
    out = out.split(s.inPlaceReal + path.sep).join(path.join(s.home, '.openclaw', 'workspace') + path.sep);
    out = out.split(`"${s.inPlaceReal}"`).join(`"${path.join(s.home, '.openclaw', 'workspace')}"`);
  }
  out = out.split(s.home + path.sep).join('~/');
  out = out.split(`"${s.home}"`).join('"~"');
  out = out.replace(/ rootResolved=(\S+)( reason=)/g, (m, r: string, rest: string) => (out.includes(`root=${r} `) ? rest : m));
  return out;
}

function logJson(run: OpenClawRun): string {
  return JSON.stringify({ loadConfig: { openclawLogger: [], console: [] }, skillsSnapshot: { openclawLogger: run.logs, console: [] } }, null, 2) + '\n';
}

function fileSize(p: string): number | null {
  try {
    return fs.statSync(p).size;
  } catch {
    return null;
  }
}

function readFrontmatterOf(p: string): Record<string, string> | null {
  try {
    return parseFrontmatter(fs.readFileSync(p, 'utf8'));
  } catch {
    return null;
  }
}

/** skills.json as the generator writes it (README "expected/skills.json"). */
function goldenSkillsJson(s: CaseSetup): string {
  const run = s.run;
  const root = run.root;
  const folders: string[] = [];
  const isDir = (p: string): boolean => {
    try {
      return fs.statSync(p).isDirectory();
    } catch {
      return false;
    }
  };
  for (const name of fs.readdirSync(root)) if (isDir(path.join(root, name))) folders.push(name);
  if (fs.existsSync(path.join(root, 'SKILL.md'))) folders.push('.');
  const nested = run.scans.find((sc) => sc.source === 'openclaw-workspace')?.nestedRoot;
  if (nested) for (const name of fs.readdirSync(path.join(root, 'skills'))) if (isDir(path.join(root, 'skills', name))) folders.push(`skills/${name}`);
  folders.sort();

  const traceOf = (dir: string) => run.traces.filter((t) => path.resolve(t.dir) === dir).map((t) => t.fate);
  const folderOf = (baseDir: string): string => (baseDir === root ? '.' : path.relative(root, baseDir));
  const records = folders.map((folder) => {
    const dir = folder === '.' ? root : path.join(root, folder);
    const skillMd = path.join(dir, 'SKILL.md');
    const size = fileSize(skillMd);
    const outcome = run.entries.find((e) => e.entry.baseDir === dir);
    const base = { folder, skillFile: size !== null, skillFileBytes: size };
    if (outcome) {
      const e = outcome.entry;
      const status = JSON.parse(formatSkillInfoJson(run.status, e.name)) as unknown;
      const st = run.status.skills.find((x) => x.filePath === e.filePath);
      return {
        ...base,
        loaded: true,
        name: e.name,
        description: e.description,
        source: e.source,
        skillKey: st?.skillKey,
        eligible: st?.eligible,
        missing: st?.missing,
        runtimeEligible: outcome.runtimeEligible,
        disableModelInvocation: e.invocation.disableModelInvocation,
        userInvocable: e.invocation.userInvocable,
        promptCandidate: outcome.promptCandidate,
        inPrompt: outcome.inPrompt,
        location: outcome.location,
        status,
        metadata: e.metadata ?? null,
        frontmatter: e.frontmatter,
      };
    }
    const fates = traceOf(dir);
    const has = (k: string) => fates.some((f) => f.kind === k);
    const replaced = run.replaced.find((r) => r.loser.baseDir === dir);
    let reason: string;
    if (path.basename(dir).startsWith('.') && folder !== '.') reason = 'ignored-folder-name';
    else if (has('is-nested-root')) reason = 'is-the-nested-skills-root';
    else if (has('not-scanned-nested-root')) reason = 'not-scanned:root-switched-to-skills/skills';
    else if (has('not-scanned-root-skill')) reason = 'not-scanned:skills/SKILL.md-makes-the-root-one-skill';
    else if (size === null) reason = 'no-SKILL.md';
    else if (fates.some((f) => f.kind === 'unreadable' && f.reason === 'symlink')) reason = 'SKILL.md-is-a-symlink';
    else if (has('escapes-root')) reason = 'path-escapes-root';
    else if (has('oversized')) reason = 'SKILL.md-over-maxSkillFileBytes';
    else if (replaced) reason = `name-taken-by:${folderOf(replaced.winner.baseDir)}`;
    else if (has('no-description') || has('unreadable')) reason = 'no-description';
    else reason = 'not-discovered:beyond-maxSkillsLoadedPerSource-or-symlink';
    return {
      ...base,
      loaded: false,
      name: null,
      eligible: null,
      runtimeEligible: false,
      inPrompt: false,
      derivedReason: reason,
      frontmatter: size === null ? null : readFrontmatterOf(skillMd),
    };
  });
  const json = {
    generator: 'golden generate.mjs (runs the real OpenClaw modules; see README.md)',
    platform: 'linux',
    node: 'v22.23.3',
    workspaceDir: run.workspaceDir,
    agentId: run.agentId,
    promptFormat: run.prompt.format,
    promptSkillCount: run.prompt.included,
    skills: records,
    runtimeEligible: run.entries.filter((e) => e.runtimeEligible).map((e) => e.entry.name),
  };
  return JSON.stringify(json, null, 2) + '\n';
}

function read(p: string): string {
  return fs.readFileSync(p, 'utf8');
}

describe('OpenClaw golden cases (shared)', function () {
  if (!fs.existsSync(GOLDEN)) {
    it.skip(`../shared/golden/openclaw is absent (looked in ${GOLDEN}); no golden case can run`, () => undefined);
    return;
  }
  if (process.platform === 'win32') {
    it.skip('the golden cases are POSIX trees (symlinks, modes); skipped on Windows', () => undefined);
    return;
  }
  const cases = fs
    .readdirSync(GOLDEN)
    .filter((n) => fs.existsSync(path.join(GOLDEN, n, 'case.json')))
    .sort();
  for (const name of cases) {
    const caseDir = path.join(GOLDEN, name);
    const flattened = findFlattenedLinks(caseDir).length > 0;
    const title = flattened ? `${name} (symlinks flattened by the checkout: tree mirrored with real links)` : name;
    it(title, () => {
      const c = JSON.parse(read(path.join(caseDir, 'case.json'))) as CaseJson;
      const s = setUp(caseDir, c);
      try {
        const exp = (f: string) => read(path.join(caseDir, 'expected', f));
        assert.equal(s.run.prompt.text, exp('prompt.txt'), 'prompt.txt');
        assert.equal(s.run.systemPromptSection, exp('system-prompt-section.txt'), 'system-prompt-section.txt');
        assert.equal(rewrite(formatSkillsListJson(s.run.status), s), exp('openclaw-skills-list.json'), 'openclaw-skills-list.json');
        assert.equal(rewrite(formatSkillsCheckJson(s.run.status), s), exp('openclaw-skills-check.json'), 'openclaw-skills-check.json');
        assert.equal(rewrite(logJson(s.run), s), exp('openclaw-log.json'), 'openclaw-log.json');
        assert.equal(rewrite(goldenSkillsJson(s), s), exp('skills.json'), 'skills.json');
      } finally {
        fs.rmSync(s.tmp, { recursive: true, force: true });
      }
    });
  }
});
