// Every case of ../shared/golden/nexo, run through the nexo-rs profile exactly as the runtime's own loader
// was run on it (README of that folder: `env -i PATH=<case>/bin HOME=<any> <env>`, working directory = the
// case folder, config directory = `<case>/config`), and compared byte for byte with what the runtime did.
//
// The case folders are read in place (their bytes are the test: BOM, CRLF, Latin-1). What a case does not
// store — `bin/` and `config/` — is made in a temporary folder that stands in for the case folder: it holds
// `bin/`, `config/` and a `skills` link to the case's own `skills/`, and it is the runtime's working
// directory, so relative bin paths (`./bin/tool`) and `skills_dir: ../skills` resolve as they did there.

import { strict as assert } from 'node:assert';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { evaluateNexo, runNexo, type NexoRun } from '../../src/core/runtimes/nexo';

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

/** The runtime's record of one status, rebuilt from ours, in the golden's shape and key order. */
function asExpected(run: NexoRun): ExpectedSkill[] {
  return run.skills.map((s) => ({
    id: s.id,
    status: s.status,
    mode: s.mode,
    missing: {
      bins: s.missing.bins,
      env: s.missing.env,
      versions: s.missing.versions.map((v) => ({ bin: v.bin, required: v.required, found: v.found, reason: v.reason })),
    },
    banner: s.banner,
    display_name: s.displayName,
    description: s.description,
    model_content: s.modelContent,
  }));
}

function sortedVersions(s: ExpectedSkill): ExpectedSkill {
  return { ...s, missing: { ...s.missing, versions: s.missing.versions.map((v) => ({ bin: v.bin, required: v.required, found: v.found, reason: v.reason })) } };
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
      this.timeout(30_000);
      const caseDir = path.join(GOLDEN, name);
      const c = JSON.parse(readFileSync(path.join(caseDir, 'case.json'), 'utf8')) as CaseJson;
      const expected = JSON.parse(readFileSync(path.join(caseDir, 'expected', 'skills.json'), 'utf8')) as Expected;
      const block = readFileSync(path.join(caseDir, 'expected', 'block.txt'), 'utf8');
      const root = stage(caseDir, c);
      try {
        restoreConfigSkills(caseDir, root, expected);
        const env = environment(root, c);
        const ctx = { env, cwd: root, platform: 'linux' as NodeJS.Platform, home: root };
        const run =
          expected.run === 'agent'
            ? await runNexo({ ...ctx, configDir: path.join(root, 'config'), ...(c.agent !== undefined ? { agent: c.agent } : {}) })
            : await runNexo({ ...ctx, skillsRoot: path.join(caseDir, 'skills') });

        // The agents file: refused (nothing loads) or resolved as the runtime resolved it.
        assert.equal(
          run.agentsError !== null,
          expected.agents_error !== null,
          `agents_error: ours ${JSON.stringify(run.agentsError)}, runtime's ${JSON.stringify(expected.agents_error)}`,
        );
        if (expected.agent && run.agent) {
          const rel = (p: string): string => (p.startsWith(`${root}/`) ? p.slice(root.length + 1) : p);
          assert.deepEqual(
            {
              id: run.agent.id,
              skill_overrides: run.agent.overrides,
              skills: run.agent.skills,
              skills_dir: rel(run.agent.skillsDir),
              tenant_id: run.agent.tenantId,
            },
            { ...expected.agent, skills_dir: expected.agent.skills_dir.replace(/^<CASE>\//, '') },
          );
        }
        if (expected.names && expected.run === 'all') assert.deepEqual(run.names, expected.names);

        assert.deepEqual(asExpected(run), expected.skills.map(sortedVersions));
        assert.equal(run.block !== null, expected.block_present, 'block_present');
        assert.equal(run.block ?? '', block, 'block.txt');

        // The façade says the same in the shared vocabulary: one verdict per status, the block as the index.
        const report = await evaluateNexo(expected.run === 'all' ? path.join(caseDir, 'skills') : path.join(root, 'skills'), {
          ...ctx,
          ...(expected.run === 'agent' ? { agentsFile: path.join(root, 'config', 'agents.yaml'), ...(c.agent !== undefined ? { agent: c.agent } : {}) } : {}),
        });
        assert.equal(report.index, block, 'RuntimeReport.index');
        assert.deepEqual(
          report.skills.map((s) => s.id),
          run.skills.map((s) => s.id),
        );
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });
  }
});
