// Every case of ../shared/golden/nexo, run through the path users run — the Engine's statuses (what `check`
// and the language server report), `check --json`'s verdicts, the block `index --runtime nexo` prints and
// each `banner` — in the environment the runtime's own loader was run in (README of that folder: `env -i
// PATH=<case>/bin HOME=<any> <env>`, working directory = the case folder, config directory =
// `<case>/config`), and compared byte for byte with what the runtime did. An `agent` case is `--agent ID
// --agents-file config/agents.yaml`; an `all` case (every folder of `skills/`, sorted) is the skills folder
// given as PATH.
//
// The case folders are read in place (their bytes are the test: BOM, CRLF, Latin-1). What a case does not
// store — `bin/` and `config/` — is made in a temporary folder that stands in for the case folder: it holds
// `bin/`, `config/` and a `skills` link to the case's own `skills/`, and it is the runtime's working
// directory, so relative bin paths (`./bin/tool`) and `skills_dir: ../skills` resolve as they did there.

import { strict as assert } from 'node:assert';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Entry } from '../../src/core/check/entry';
import { cli, runNexoAsUsers } from '../utils/nexo';

const GOLDEN = path.resolve(__dirname, '../../../..', 'shared/golden/nexo');

interface CaseJson {
  description: string;
  env: Record<string, string>;
  bins: Record<string, string | null>;
  agents_yaml: string | null;
  agent?: string;
  bin_modes?: Record<string, string>;
  raw_bins?: string[];
  path?: string[];
  agents_d?: Record<string, string>;
}

interface ExpectedVersion {
  bin: string;
  required: string;
  found: string | null;
  reason: string;
}

interface ExpectedSkill {
  id: string;
  status: string;
  mode: string;
  missing: { bins: string[]; env: string[]; versions: ExpectedVersion[] };
  banner: string | null;
  display_name: string | null;
  description: string | null;
  model_content: string | null;
}

interface Expected {
  run: 'all' | 'agent';
  agent: { id: string; skill_overrides: Record<string, string>; skills: string[]; skills_dir: string; tenant_id: string | null } | null;
  agents_error: string | null;
  names?: string[];
  skills: ExpectedSkill[];
  block_present: boolean;
}

/** Makes `bin/`, `config/` and the `skills` link of one case in a fresh folder standing in for the case. */
function stage(caseDir: string, c: CaseJson): string {
  const root = mkdtempSync(path.join(tmpdir(), `golden-nexo-${path.basename(caseDir)}-`));
  const bin = path.join(root, 'bin');
  mkdirSync(bin);
  for (const [name, body] of Object.entries(c.bins)) {
    const p = path.join(bin, name);
    if (body === null) {
      mkdirSync(p);
      continue;
    }
    const raw = (c.raw_bins ?? []).includes(name) || body.startsWith('#!');
    writeFileSync(p, raw ? body : `#!/bin/sh\n${body}`);
    chmodSync(p, parseInt(c.bin_modes?.[name] ?? '755', 8));
  }
  if (existsSync(path.join(caseDir, 'skills'))) symlinkSync(path.join(caseDir, 'skills'), path.join(root, 'skills'));
  if (c.agents_yaml !== null) {
    mkdirSync(path.join(root, 'config'));
    writeFileSync(path.join(root, 'config', 'agents.yaml'), c.agents_yaml);
    if (c.agents_d) {
      mkdirSync(path.join(root, 'config', 'agents.d'));
      for (const [file, text] of Object.entries(c.agents_d)) writeFileSync(path.join(root, 'config', 'agents.d', file), text);
    }
  }
  return root;
}

/** a26 stores no input: its one skill lived under `config/skills/`, and `config/` is never stored (README).
 *  The runtime's own record of it (oracle.json: the parsed name, the content) is all there is, so the file is
 *  written back from that record. The rule under test — the default `skills_dir` is `<config>/skills` — is
 *  decided by the profile, not by this file. */
function restoreConfigSkills(caseDir: string, root: string, expected: Expected): void {
  if (existsSync(path.join(caseDir, 'skills')) || !expected.agent?.skills_dir.startsWith('config/')) return;
  const oracle = JSON.parse(readFileSync(path.join(caseDir, 'expected', 'oracle.json'), 'utf8')) as {
    skills: Array<{ id: string; content: string | null; metadata: { name: string | null; description: string | null } }>;
  };
  for (const s of oracle.skills) {
    if (s.content === null) continue;
    const dir = path.join(root, expected.agent.skills_dir, s.id);
    mkdirSync(dir, { recursive: true });
    const fm = [
      s.metadata.name !== null ? `name: ${JSON.stringify(s.metadata.name)}` : '',
      s.metadata.description !== null ? `description: ${JSON.stringify(s.metadata.description)}` : '',
    ].filter(Boolean);
    writeFileSync(path.join(dir, 'SKILL.md'), `${fm.length ? `---\n${fm.join('\n')}\n---\n` : ''}${s.content}\n`);
  }
}

function environment(root: string, c: CaseJson): Record<string, string> {
  const entries = c.path ?? ['bin'];
  const PATH = entries.map((e) => (e === '' ? '' : path.join(root, e))).join(':');
  return { PATH, HOME: root, ...c.env };
}

function sortedVersions(s: ExpectedSkill): ExpectedSkill {
  return { ...s, missing: { ...s.missing, versions: s.missing.versions.map((v) => ({ bin: v.bin, required: v.required, found: v.found, reason: v.reason })) } };
}

/** A status of the runtime in the shared vocabulary (`check --json`). */
function sharedVerdict(status: string, fileFound: boolean): string {
  if (status === 'skipped_strict') return 'hidden';
  if (status === 'not_found' && fileFound) return 'not_loadable';
  return status;
}

const cases = existsSync(GOLDEN)
  ? readdirSync(GOLDEN)
      .filter((d) => statSync(path.join(GOLDEN, d)).isDirectory() && existsSync(path.join(GOLDEN, d, 'case.json')))
      .sort()
  : [];

describe('golden: nexo-rs (../shared/golden/nexo)', function () {
  before(function () {
    if (!existsSync(GOLDEN)) {
      console.log(`    (skipped: ${GOLDEN} is absent; the shared golden data sits beside the project as ../shared)`);
      this.skip();
    }
  });

  for (const name of cases) {
    it(name, async function () {
      this.timeout(60_000);
      const caseDir = path.join(GOLDEN, name);
      const c = JSON.parse(readFileSync(path.join(caseDir, 'case.json'), 'utf8')) as CaseJson;
      const expected = JSON.parse(readFileSync(path.join(caseDir, 'expected', 'skills.json'), 'utf8')) as Expected;
      const block = readFileSync(path.join(caseDir, 'expected', 'block.txt'), 'utf8');
      const root = stage(caseDir, c);
      try {
        restoreConfigSkills(caseDir, root, expected);
        const env = environment(root, c);
        const agentsFile = path.join(root, 'config', 'agents.yaml');
        const run =
          expected.run === 'agent'
            ? await runNexoAsUsers({ env, cwd: root, agentsFile, ...(c.agent !== undefined ? { agent: c.agent } : {}) })
            : await runNexoAsUsers({ env, cwd: root, skillsRoot: path.join(root, 'skills') });

        // The agents file: refused (nothing loads) or resolved as the runtime resolved it.
        assert.equal(
          run.agentsError !== null,
          expected.agents_error !== null,
          `agents_error: ours ${JSON.stringify(run.agentsError)}, runtime's ${JSON.stringify(expected.agents_error)}`,
        );
        if (expected.agent) {
          assert.ok(run.agent, 'the agent is defined');
          const rel = (p: string): string => (p.startsWith(`${root}/`) ? p.slice(root.length + 1) : p);
          assert.deepEqual(
            {
              id: run.agent.id,
              skill_overrides: Object.fromEntries(run.agent.overrides),
              skills: run.agent.skills,
              skills_dir: rel(run.agent.skillsDir),
              tenant_id: run.agent.tenantId ?? null,
            },
            { ...expected.agent, skills_dir: expected.agent.skills_dir.replace(/^<CASE>\//, '') },
          );
        }
        if (expected.names && expected.run === 'all')
          assert.deepEqual(
            run.skills.map((s) => s.id),
            expected.names,
          );

        // Each status as the engine reports it (`check`, the editor), and the block `index --runtime nexo` prints.
        assert.deepEqual(run.records, expected.skills.map(sortedVersions));
        assert.equal(run.block !== null, expected.block_present, 'block_present');
        assert.equal(run.block ?? '', block, 'block.txt');

        const agentArgs = expected.run === 'agent' && run.agent ? ['--agent', run.agent.id, '--agents-file', agentsFile] : [];
        // `check --json` says the same in the vocabulary every runtime shares: SkippedStrict is `hidden`, and a
        // NotFound the loader found a file for (blank, empty body) is `not_loadable`.
        const checked = await cli(['check', '--json', '--no-cache', '--runtime', 'nexo', ...agentArgs, ...(agentArgs.length ? [] : ['skills'])], env, root);
        const entries = (JSON.parse(checked.out) as { skills: Entry[] }).skills;
        assert.deepEqual(
          entries.map((e) => [e.id, e.runtimes.find((r) => r.runtime === 'nexo')?.verdict]),
          expected.skills.map((e, i) => [e.id, sharedVerdict(e.status, run.skills[i]?.analysis !== null)]),
          'check --json',
        );

        // `banner PATH` prints each banner exactly (nothing for a skill without one).
        for (const s of run.skills) {
          if (!s.analysis) continue;
          const printed = await cli(['banner', '--no-cache', ...agentArgs, s.location.file], env, root);
          assert.equal(printed.code, 0, printed.err);
          const want = expected.skills.find((e) => e.id === s.id)?.banner ?? null;
          assert.equal(printed.out, want === null ? '' : `${want}\n`, `banner ${s.id}`);
        }
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });
  }
});
