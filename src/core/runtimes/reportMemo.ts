// A tree runtime's whole report of a skills root, kept between runs (the CLI's cache folder) together with
// everything the run asked of the file system and of the environment, and the answers it got. A later run
// with the same build, runtime version and context asks the same questions again — one stat, listing or real
// path each, in the recorded order — and when every answer is the same, the report is the one the runtime
// would compute: nothing else goes into it. This is what makes a second check of an unchanged tree cost a
// walk instead of a run of the emulation (Hermes on a real-shaped tree of 2,000 skills: its discovery,
// 2,000 readings, the index builds and 2,000 skill_view calls).
//
// What is recorded (../machine/fsview.ts FsObservation): every folder listing as names and types, every
// real path, every stat and lstat as the file's identity (type, inode, size, modification and change
// times), every file read by that identity (by a hash of its bytes for what reports no size: /proc), every
// link read. The environment: each variable the run looked up and its value, or the whole environment when
// the run enumerated it. The context's other fields (platform, home, working directory, tools, versions…)
// and the root are part of the key.
//
// A file or folder whose recorded times reach within RACY_MS of the run's start could be written again in the
// same clock tick and look unchanged (the analysis cache's rule, src/core/check/cache.ts): it is recorded by what
// the run saw of it instead — a folder's names and types, a file's bytes by their hash. One file per runtime, root
// and context (`report-<runtime>-<hash>.bin`, Node's structured serialization: what the worker thread's
// messages carry), written to a temporary file and renamed into place; the oldest beyond MAX_REPORTS are
// removed. A file that cannot be read, is foreign or corrupt counts as absent; one that cannot be written is
// skipped. Nothing here throws out of the runtime's own run.

import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import { writeFileAtomically } from '../machine/atomicWrite';
import { FsView, stillHolds, type FsObservation } from '../machine/fsview';
import type { RuntimeContext, RuntimeId, RuntimeReport } from './types';

/** Bump when what is stored changes shape. */
const FORMAT = 'tree-report-1';
/** As the analysis cache's RACY_MS. */
const RACY_MS = 2000;
/** A report of 10,000 skills is ~14 MB with its observations. */
const MAX_REPORTS = 16;
const PREFIX = 'report-';

type Env = RuntimeContext['env'];

interface StoredReport {
  format: string;
  key: string;
  /** The variables looked up and their values (null: unset), or, when the run enumerated the
   *  environment, all of it. */
  env: { looked: Array<[string, string | null]> } | { whole: Array<[string, string]> };
  observations: FsObservation[];
  report: RuntimeReport;
}

/** A tree evaluator that reads the file system only through the view it is given. */
export type ViewedEvaluator = (root: string, ctx: RuntimeContext, view: FsView) => Promise<RuntimeReport>;

/** `evaluate`'s report of `root`, from the context's cache folder when nothing it read has changed; otherwise
 *  computed, recorded and kept. Without a cache folder in the context, simply computed. */
export async function rememberedReport(runtime: RuntimeId, root: string, ctx: RuntimeContext, evaluate: ViewedEvaluator): Promise<RuntimeReport> {
  const settings = ctx.readCache;
  if (!settings) return evaluate(root, ctx, new FsView());
  const { readCache: _settings, env, ...rest } = ctx;
  const key = JSON.stringify([FORMAT, settings.salt, runtime, root, path.resolve(ctx.cwd || process.cwd(), root), rest]);
  const file = path.join(settings.dir, `${PREFIX}${runtime}-${createHash('sha256').update(key).digest('hex').slice(0, 32)}.bin`);
  const stored = load(file, key);
  if (stored && envHolds(stored.env, env) && stillHolds(stored.observations)) return stored.report;

  const startedAt = Date.now();
  const looked = new Map<string, string | null>();
  let enumerated = false;
  const watched = new Proxy(env as Record<string, string | undefined>, {
    get(target, name) {
      const v = Reflect.get(target, name) as string | undefined;
      if (typeof name === 'string') looked.set(name, v ?? null);
      return v;
    },
    has(target, name) {
      if (typeof name === 'string') looked.set(name, (Reflect.get(target, name) as string | undefined) ?? null);
      return Reflect.has(target, name);
    },
    ownKeys(target) {
      enumerated = true;
      return Reflect.ownKeys(target);
    },
  });
  const view = new FsView({ record: true });
  const report = await evaluate(root, { ...ctx, env: watched }, view);
  // What was written within RACY_MS of the run is kept by what the run saw of it, not by its times.
  const observations = view.settled(startedAt - RACY_MS);
  if (observations) {
    const envRecord: StoredReport['env'] = enumerated ? { whole: wholeEnv(env) } : { looked: [...looked] };
    save(settings.dir, file, { format: FORMAT, key, env: envRecord, observations, report });
  }
  return report;
}

function wholeEnv(env: Env): Array<[string, string]> {
  return Object.entries(env)
    .filter((e): e is [string, string] => typeof e[1] === 'string')
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

function envHolds(recorded: StoredReport['env'], env: Env): boolean {
  if ('whole' in recorded) {
    const now = wholeEnv(env);
    return now.length === recorded.whole.length && now.every(([k, v], i) => recorded.whole[i]?.[0] === k && recorded.whole[i]?.[1] === v);
  }
  return recorded.looked.every(([k, v]) => (env[k] ?? null) === v);
}

function load(file: string, key: string): StoredReport | null {
  try {
    const stored = v8.deserialize(fs.readFileSync(file)) as Partial<StoredReport> | null;
    if (!stored || stored.format !== FORMAT || stored.key !== key || !Array.isArray(stored.observations) || !stored.report || !stored.env) return null;
    return stored as StoredReport;
  } catch {
    return null;
  }
}

function save(dir: string, file: string, stored: StoredReport): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    writeFileAtomically(file, v8.serialize(stored));
    evictOldest(dir);
  } catch {
    // the report is simply not kept
  }
}

/** Beyond MAX_REPORTS kept reports, the least recently written go. */
function evictOldest(dir: string): void {
  const kept = fs.readdirSync(dir).filter((n) => n.startsWith(PREFIX) && n.endsWith('.bin'));
  if (kept.length <= MAX_REPORTS) return;
  const byAge = kept
    .map((n) => {
      const p = path.join(dir, n);
      try {
        return { p, t: fs.statSync(p).mtimeMs };
      } catch {
        return { p, t: -Infinity };
      }
    })
    .sort((a, b) => a.t - b.t);
  for (const { p } of byAge.slice(0, kept.length - MAX_REPORTS)) fs.rmSync(p, { force: true });
}
