// The shared golden cases of the agent CLIs (../shared/golden/{claude-code,codex,copilot-cli}), set up as
// their READMEs say the releases were run: a copy of `root/` in a temporary folder `/tmp/golden-XXXXXXXX` (20
// characters: Codex prints absolute paths, and their length takes budget), `git init` in each `git` folder, the
// `home` and `cwd` folders created when git dropped them, `$ROOT` put into the env values. The expected outputs
// are compared with an emulation's ListingRun: the section byte for byte (with `$ROOT` for the root), each
// SKILL.md's state and listed name, the stderr lines, and the built-in entries by name and width.

import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ListingContext, ListingRun, ListingState } from '../../src/core/runtimes/listing';

export const SHARED_GOLDEN = path.resolve(__dirname, '../../../..', 'shared/golden');
/** This project's own golden sets, recorded from the releases with the agents runner's --record (Gemini CLI,
 *  OpenCode, Qwen Code): test/golden/<runtime>/. */
export const PROJECT_GOLDEN = path.resolve(__dirname, '../../..', 'test/golden');

export interface AgentCaseJson {
  runtime: string;
  version: string;
  description: string;
  cwd: string;
  git: string[];
  env: Record<string, string>;
  home: string;
}

export interface ExpectedSkill {
  path: string;
  listing: ListingState;
  listed_as: string | null;
  why?: string;
}

export interface ExpectedSkills {
  skills: ExpectedSkill[];
  stderr: string[];
  builtins?: Array<{ name: string; chars: number }>;
}

export interface AgentCase {
  name: string;
  dir: string;
  json: AgentCaseJson;
  listing: string;
  expected: ExpectedSkills;
}

/** The cases of one runtime's golden set (empty when the folder is absent): ../shared/golden by default. */
export function agentCases(runtime: string, base: string = SHARED_GOLDEN): AgentCase[] {
  const dir = path.join(base, runtime);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((n) => fs.existsSync(path.join(dir, n, 'case.json')))
    .sort()
    .map((name) => {
      const d = path.join(dir, name);
      return {
        name,
        dir: d,
        json: JSON.parse(fs.readFileSync(path.join(d, 'case.json'), 'utf8')) as AgentCaseJson,
        listing: fs.readFileSync(path.join(d, 'expected', 'listing.txt'), 'utf8'),
        expected: JSON.parse(fs.readFileSync(path.join(d, 'expected', 'skills.json'), 'utf8')) as ExpectedSkills,
      };
    });
}

export interface CaseSandbox {
  /** The temporary root (`/tmp/golden-XXXXXXXX`, 20 characters). */
  root: string;
  /** Links of a checkout without symlinks, restored in the copy. */
  restoredLinks: number;
  ctx: ListingContext;
  dispose(): void;
}

/** Copies the case's `root/` byte for byte (symlinks kept as written) into a fresh `/tmp/golden-XXXXXXXX`. */
export function setUpAgentCase(c: AgentCase): CaseSandbox {
  const root = fs.mkdtempSync('/tmp/golden-xx');
  assert.equal(root.length, 20, `the temporary root must be 20 characters long: ${root}`);
  fs.cpSync(path.join(c.dir, 'root'), root, { recursive: true, verbatimSymlinks: true });
  const restoredLinks = restoreFlattenedLinks(root);
  fs.mkdirSync(path.join(root, c.json.home), { recursive: true });
  fs.mkdirSync(path.join(root, c.json.cwd), { recursive: true });
  for (const g of c.json.git) {
    fs.mkdirSync(path.join(root, g), { recursive: true });
    execFileSync('git', ['init', '-q'], { cwd: path.join(root, g), stdio: 'ignore' });
  }
  const env: Record<string, string> = { PATH: '/usr/bin:/bin', HOME: path.join(root, c.json.home) };
  for (const [k, v] of Object.entries(c.json.env)) env[k] = v.split('$ROOT').join(root);
  return {
    root,
    restoredLinks,
    ctx: { cwd: path.join(root, c.json.cwd), home: path.join(root, c.json.home), env, platform: 'linux' },
    dispose: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

/** A checkout without symlink support (git's core.symlinks=false) turns a link into a small file holding its
 *  target: a regular file whose whole content is a relative path to another entry of the tree. */
export function flattenedLinkTarget(file: string, root: string): string | null {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(file);
  } catch {
    return null;
  }
  if (!st.isFile() || st.size === 0 || st.size > 512) return null;
  const text = fs.readFileSync(file, 'utf8');
  if (/[\n\r\0]/.test(text) || path.isAbsolute(text)) return null;
  const target = path.resolve(path.dirname(file), text);
  if (!target.startsWith(root + path.sep) || target === file || !fs.existsSync(target)) return null;
  return text;
}

/** Makes the copy writable (the shared tree is read-only) and turns its flattened links back into links, so the
 *  case is read as recorded; returns how many links it restored. */
function restoreFlattenedLinks(root: string): number {
  let n = 0;
  const walk = (dir: string): void => {
    fs.chmodSync(dir, 0o755);
    for (const name of fs.readdirSync(dir)) {
      const p = path.join(dir, name);
      const st = fs.lstatSync(p);
      if (st.isDirectory()) walk(p);
      else {
        const link = flattenedLinkTarget(p, root);
        if (link !== null) {
          fs.rmSync(p);
          fs.symlinkSync(link, p);
          n++;
        }
      }
    }
  };
  walk(root);
  return n;
}

/** Whether the case's stored tree holds flattened links (a test says so in its title). */
export function hasFlattenedLinks(c: AgentCase): boolean {
  const root = path.join(c.dir, 'root');
  const walk = (dir: string): boolean =>
    fs.readdirSync(dir).some((name) => {
      const p = path.join(dir, name);
      return fs.lstatSync(p).isDirectory() ? walk(p) : flattenedLinkTarget(p, root) !== null;
    });
  return fs.existsSync(root) && walk(root);
}

/** Every SKILL.md under `dir`, walking through symlinked folders (once per real folder on the current path). */
export function skillFilesUnder(dir: string, rel = '', seen: Set<string> = new Set()): string[] {
  let real: string;
  try {
    real = fs.realpathSync(dir);
  } catch {
    return [];
  }
  if (seen.has(real)) return [];
  seen.add(real);
  const out: string[] = [];
  for (const name of fs.readdirSync(dir).sort()) {
    const p = path.join(dir, name);
    let st: fs.Stats;
    try {
      st = fs.statSync(p);
    } catch {
      continue;
    }
    const r = rel ? `${rel}/${name}` : name;
    if (st.isDirectory()) out.push(...skillFilesUnder(p, r, seen));
    else if (name === 'SKILL.md' && st.isFile()) out.push(r);
  }
  seen.delete(real);
  return out;
}

/** Compares a run with the case's expected outputs; throws an assertion error naming the first difference. */
export function assertRunMatches(c: AgentCase, box: CaseSandbox, run: ListingRun): void {
  const put = (s: string): string => s.split(box.root).join('$ROOT');
  assert.equal(put(run.section), c.listing, `${c.name}: the section differs`);
  const found = new Map<string, ListingRun['skills'][number]>();
  for (const s of run.skills) {
    const rel = path.relative(box.root, s.file).split(path.sep).join('/');
    if (!found.has(rel) || found.get(rel)?.listing === 'absent') found.set(rel, s);
  }
  const got = c.expected.skills.map((e) => {
    const s = found.get(e.path);
    return { path: e.path, listing: s?.listing ?? 'absent', listed_as: s?.listedAs ?? null };
  });
  const want = c.expected.skills.map((e) => ({ path: e.path, listing: e.listing, listed_as: e.listed_as }));
  assert.deepEqual(got, want, `${c.name}: the skills' states differ`);
  assert.deepEqual(run.stderr.map(put), c.expected.stderr, `${c.name}: stderr differs`);
  assert.deepEqual(
    run.builtins.map((b) => ({ name: b.name, chars: b.chars })),
    c.expected.builtins ?? [],
    `${c.name}: the built-in entries differ`,
  );
}
