// Every shared golden case of Hermes (../shared/golden/hermes, written by running Hermes's own code at
// commit 306e2d23) against the emulation in src/core/runtimes/hermes, byte for byte: the cold and warm
// `<available_skills>` blocks, and per skill the index entry, the skills_list() entry and the
// skill_view() answer. The case trees are read in place (copying could lose a BOM, CRLF, Latin-1 or a
// folder named node_modules); the rest of each case (environment, config.yaml, files in HERMES_HOME,
// tools, pinned probes) is set up in a temporary HERMES_HOME.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runHermes, type HermesRun } from '../../src/core/runtimes/hermes/emulate';
import { skillView } from '../../src/core/runtimes/hermes/view';
import type { RuntimeContext } from '../../src/core/runtimes/types';
import { pyToJson } from '../../src/core/runtimes/hermes/pyvalue';

const GOLDEN = path.resolve(__dirname, '../../../..', 'shared/golden/hermes');

interface CaseJson {
  description: string;
  env: Record<string, string>;
  bins: string[];
  tools: string[] | null;
  toolsets: string[] | null;
  config_yaml: string | null;
  home_files?: Record<string, string>;
  detect?: { container?: boolean; s6?: boolean };
}

interface Setup {
  ctx: RuntimeContext;
  probes: { container: boolean; s6: boolean };
  home: string;
  hermesHome: string;
  cleanup: () => void;
}

function setUp(c: CaseJson): Setup {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-golden-'));
  const home = path.join(tmp, 'home');
  const hermesHome = path.join(home, '.hermes');
  fs.mkdirSync(hermesHome, { recursive: true });
  fs.mkdirSync(path.join(tmp, 'bin'));
  if (c.config_yaml !== null) fs.writeFileSync(path.join(hermesHome, 'config.yaml'), c.config_yaml);
  for (const [rel, text] of Object.entries(c.home_files ?? {})) {
    const p = path.join(hermesHome, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, text);
  }
  // Exactly the environment the generator gave Hermes: PATH, HOME, HERMES_HOME and the case's own.
  const env = { ...c.env, PATH: path.join(tmp, 'bin'), HOME: home, HERMES_HOME: hermesHome };
  const ctx: RuntimeContext = { env, platform: 'linux', home, cwd: tmp, tools: c.tools, toolsets: c.toolsets, hermesHome };
  return {
    ctx,
    probes: { container: c.detect?.container ?? false, s6: c.detect?.s6 ?? false },
    home,
    hermesHome,
    cleanup: () => fs.rmSync(tmp, { recursive: true, force: true }),
  };
}

/** Absolute paths as the golden files write them. */
function placeholders(v: unknown, root: string, s: Setup): unknown {
  if (typeof v === 'string') return v.split(root).join('$HERMES_HOME/skills').split(s.hermesHome).join('$HERMES_HOME').split(s.home).join('$HOME');
  if (Array.isArray(v)) return v.map((x) => placeholders(x, root, s));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, placeholders(x, root, s)]));
  return v;
}

/** linked_files come in filesystem order: compare them as sets. */
function sortLinked(view: unknown): unknown {
  if (!view || typeof view !== 'object') return view;
  const o = { ...(view as Record<string, unknown>) };
  const lf = o.linked_files;
  if (lf && typeof lf === 'object')
    o.linked_files = Object.fromEntries(Object.entries(lf as Record<string, string[]>).map(([k, list]) => [k, [...list].sort()]));
  return o;
}

/** Our answer in the shape of expected/skills.json. */
function actualSkillsJson(run: HermesRun, _s: Setup): Record<string, unknown> {
  const coldCrashed = run.cold.build.error !== null;
  const warmCrashed = run.warm.error !== null;
  const records = run.skills.map((_, i) => {
    const rec = run.cold.build.records[i];
    const warm = run.warm.records[i];
    const view = run.views[i];
    const entry = run.list.entries[i] ?? null;
    const vj = (view?.json ?? {}) as Record<string, unknown>;
    const pick = (k: string): unknown => (k in vj ? vj[k] : null);
    let byName: Record<string, unknown> | null = null;
    if (rec && rec.name !== null && !coldCrashed) {
      // skill_view by the index name, against the finished run.
      const r = skillView(rec.name, run.viewIndex, run.host);
      const j = r.json;
      byName = { called_with: rec.name, success: j.success };
      if (j.success) byName.path = j.path;
      else byName.error = j.error;
      if ('matches' in j) byName.matches = j.matches;
      byName.readiness_status = 'readiness_status' in j ? j.readiness_status : null;
    }
    return {
      path: run.ids[i],
      name: rec?.name ?? null,
      category: rec?.category ?? null,
      description: rec?.description ?? null,
      in_index: rec?.inIndex ?? false,
      index_excluded_by: rec?.excludedBy ?? null,
      in_skills_list: entry !== null,
      skills_list_entry: entry === null ? null : { name: pyToJson(entry.name), description: pyToJson(entry.description), category: entry.category },
      readiness_status: pick('readiness_status'),
      setup_needed: pick('setup_needed'),
      missing_required_environment_variables: pick('missing_required_environment_variables'),
      missing_credential_files: pick('missing_credential_files'),
      skill_view: vj,
      skill_view_by_name: byName,
      index_warm:
        warmCrashed || !warm
          ? null
          : { in_index: warm.inIndex, excluded_by: warm.excludedBy, name: warm.name, category: warm.category, description: warm.description },
    };
  });
  return {
    index_present: run.cold.build.block !== '',
    index_error: run.cold.build.error,
    index_warm_error: run.warm.error,
    category_descriptions: Object.fromEntries(run.cold.build.categoryDescriptions),
    skills: records,
    skills_list: run.list.json,
  };
}

function jsonOf(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v));
}

describe('Hermes golden cases (shared/golden/hermes)', function () {
  if (!fs.existsSync(GOLDEN)) {
    it('skipped: ../shared/golden/hermes is not present next to the repository', function () {
      this.skip();
    });
    return;
  }
  const cases = fs
    .readdirSync(GOLDEN)
    .filter((n) => fs.existsSync(path.join(GOLDEN, n, 'case.json')))
    .sort();
  for (const name of cases) {
    it(name, function () {
      const dir = path.join(GOLDEN, name);
      const c = JSON.parse(fs.readFileSync(path.join(dir, 'case.json'), 'utf8')) as CaseJson;
      const s = setUp(c);
      try {
        const run = runHermes(path.join(dir, 'skills'), s.ctx, { probes: s.probes });
        const expectedIndex = fs.readFileSync(path.join(dir, 'expected/index.txt'), 'utf8');
        const expectedWarm = fs.readFileSync(path.join(dir, 'expected/index_warm.txt'), 'utf8');
        assert.equal(run.cold.build.block, expectedIndex, 'cold index.txt');
        assert.equal(run.warm.block, expectedWarm, 'warm index_warm.txt');
        const expected = JSON.parse(fs.readFileSync(path.join(dir, 'expected/skills.json'), 'utf8')) as Record<string, unknown>;
        const actual = jsonOf(placeholders(actualSkillsJson(run, s), run.root, s)) as Record<string, unknown>;
        for (const key of ['index_present', 'index_error', 'index_warm_error', 'category_descriptions', 'skills_list']) {
          assert.deepEqual(actual[key], expected[key], key);
        }
        const exp = expected.skills as Record<string, unknown>[];
        const act = actual.skills as Record<string, unknown>[];
        assert.deepEqual(
          act.map((r) => r.path),
          exp.map((r) => r.path),
          'discovered skills',
        );
        exp.forEach((e, i) => {
          const a = act[i] ?? {};
          for (const key of Object.keys(e)) {
            const ev = key === 'skill_view' ? sortLinked(e[key]) : e[key];
            const av = key === 'skill_view' ? sortLinked(a[key]) : a[key];
            assert.deepEqual(av, ev, `${String(e.path)}: ${key}`);
          }
        });
      } finally {
        s.cleanup();
      }
    });
  }
});
