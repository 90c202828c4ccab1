// OpenClaw's outcome per skill mapped onto the shared vocabulary (../types.ts):
//  - `loaded` exactly when the prompt builder lists the skill in <available_skills>;
//  - `skipped_disabled` for `skills.entries.<key>.enabled: false`;
//  - `hidden` with hiddenBy for everything else that keeps a loaded skill from the model (os, bins, any_bins,
//    env, config, allowlist (skills.allowBundled or the agent's list), invocation, limit), and for folders
//    that produce no skill because of their content (description) or another folder (duplicate_name, limit);
//  - `not_loadable` for folders OpenClaw refuses to read or never looks at (symlinked or oversized SKILL.md,
//    a path escaping the root, a folder under a nested root or a root SKILL.md).
// `missing` is OpenClaw's own status lists { bins, anyBins, env, config, os } for every loaded skill.

import * as path from 'node:path';
import { colorOfVerdict, type HiddenBy, type InstallHint, type RuntimeSkillVerdict, type RuntimeVerdict } from '../types';
import { resolveSkillsInstallPreferences } from './config';
import { installChoices, installCommand } from './status';
import type { SkillEntry } from './types';
import type { OpenClawRun } from './emulate';
import type { FolderFate } from './discover';
import { dropReason, foundFact, installFact, notVisibleFact, readyFact, visibleFact, type NotVisibleWhy } from './words';
import type { Requirements } from './eligibility';

function missingKinds(m: Requirements): HiddenBy[] {
  const out: HiddenBy[] = [];
  if (m.bins.length) out.push('bins');
  if (m.anyBins.length) out.push('any_bins');
  if (m.env.length) out.push('env');
  if (m.config.length) out.push('config');
  if (m.os.length) out.push('os');
  return out;
}

const GATE_HIDDEN: Record<string, HiddenBy> = { os: 'os', bins: 'bins', anyBins: 'any_bins', env: 'env', config: 'config', allowBundled: 'allowlist' };

function verdict(v: Omit<RuntimeSkillVerdict, 'runtime' | 'color' | 'category'>): RuntimeSkillVerdict {
  return { runtime: 'openclaw', category: null, color: colorOfVerdict(v.verdict), ...v };
}

/** The fate that explains a folder best when several were traced (a read failure before a description). */
function mainFate(fates: FolderFate[]): FolderFate | undefined {
  const order: FolderFate['kind'][] = [
    'escapes-root',
    'oversized',
    'unreadable',
    'no-description',
    'beyond-limit',
    'not-scanned-nested-root',
    'not-scanned-root-skill',
  ];
  for (const kind of order) {
    const f = fates.find((x) => x.kind === kind);
    if (f) return f;
  }
  return undefined;
}

/** The installers OpenClaw offers (its one-installer choice, for this platform) that provide a binary the
 *  skill lacks; one that names no binaries may provide any. */
function installHints(run: OpenClawRun, entry: SkillEntry, missing: Requirements): InstallHint[] {
  const lacking = [...missing.bins, ...missing.anyBins];
  if (lacking.length === 0) return [];
  const { nodeManager } = resolveSkillsInstallPreferences(run.eligibility.config);
  const out: InstallHint[] = [];
  for (const { option, spec } of installChoices(entry, run.eligibility)) {
    const provides = option.bins.filter((b) => lacking.includes(b));
    const command = installCommand(spec, nodeManager);
    if (command && (option.bins.length === 0 || provides.length)) out.push({ label: option.label, command, bins: provides });
  }
  return out;
}

/** `fs.existsSync(path.join(dir, name))`, through the run's view of the file system. */
function exists(run: OpenClawRun, dir: string, name: string): boolean {
  try {
    run.fs.statIn(dir, name);
    return true;
  } catch {
    return false;
  }
}

export function buildVerdicts(run: OpenClawRun): RuntimeSkillVerdict[] {
  const out: RuntimeSkillVerdict[] = [];
  const limits = run.limits;
  for (const o of run.entries) {
    const e = o.entry;
    const st = run.status.skills.find((s) => s.filePath === e.filePath);
    if (!st) continue;
    const reasons = [
      foundFact(e.name, e.source),
      readyFact({
        eligible: st.eligible,
        disabled: st.disabled,
        blocked: st.blockedByAllowlist,
        skillKey: st.skillKey,
        missing: st.missing,
        always: st.always,
      }),
    ];
    let v: RuntimeVerdict;
    let hiddenBy: HiddenBy[] = [];
    let why: NotVisibleWhy | null = null;
    if (o.inPrompt) {
      v = 'loaded';
    } else if (o.gate === 'disabled') {
      v = 'skipped_disabled';
      why = { why: 'gate', gate: 'disabled', osList: [], platform: run.platform, always: false };
    } else if (o.gate) {
      v = 'hidden';
      const first = GATE_HIDDEN[o.gate] ?? 'conditions';
      hiddenBy = [first, ...missingKinds(st.missing).filter((k) => k !== first)];
      why = { why: 'gate', gate: o.gate, osList: e.metadata?.os ?? [], platform: run.platform, always: e.metadata?.always === true };
    } else if (o.blockedByAgent) {
      v = 'hidden';
      hiddenBy = ['allowlist'];
      why = { why: 'agent', agentId: run.agentId, filter: run.skillFilter ?? [] };
    } else if (e.invocation.disableModelInvocation) {
      v = 'hidden';
      hiddenBy = ['invocation'];
      why = { why: 'invocation' };
    } else {
      v = 'hidden';
      hiddenBy = ['limit'];
      why = {
        why: 'limit',
        included: run.prompt.included,
        candidates: run.prompt.candidates,
        compact: run.prompt.compact,
        maxSkills: limits.maxSkillsInPrompt,
        maxChars: limits.maxSkillsPromptChars,
      };
    }
    reasons.push(why ? notVisibleFact(why) : visibleFact());
    const install = st.eligible ? [] : installHints(run, e, st.missing);
    if (install.length) reasons.push(installFact(install));
    if (o.inPrompt && run.prompt.compact) {
      // 2026.9.6 keeps descriptions in the compact form, cut to what fits (prompt.ts buildSkillsPrompt96).
      reasons.push(
        run.prompt.descriptionMaxChars > 0
          ? `The prompt uses the compact format: the model sees the name, the location and the description cut to ${run.prompt.descriptionMaxChars} characters.`
          : 'The prompt uses the compact format: the model sees the name and location, not the description.',
      );
    }
    out.push(
      verdict({
        file: e.filePath,
        dir: e.baseDir,
        id: st.skillKey,
        name: e.name,
        verdict: v,
        hiddenBy,
        missing: { bins: st.missing.bins, anyBins: st.missing.anyBins, env: st.missing.env, config: st.missing.config, os: st.missing.os },
        reasons,
        ...(install.length ? { install } : {}),
      }),
    );
  }

  // Folders that produced no skill.
  const loadedDirs = new Set(run.entries.map((o) => path.resolve(o.entry.baseDir)));
  const done = new Set<string>();
  for (const r of run.replaced) {
    const dir = path.resolve(r.loser.baseDir);
    if (loadedDirs.has(dir) || done.has(dir)) continue;
    done.add(dir);
    out.push(
      verdict({
        file: r.loser.filePath,
        dir,
        id: path.basename(dir),
        name: r.loser.name,
        verdict: 'hidden',
        hiddenBy: ['duplicate_name'],
        missing: {},
        reasons: [
          `Not found: ${r.winner.baseDir} also declares the name \`${r.loser.name}\`; OpenClaw keys skills by name and keeps that folder's skill (in this folder's position), so this folder produces none (no message).`,
        ],
      }),
    );
  }
  for (const s of run.cut) {
    const dir = path.resolve(s.baseDir);
    if (loadedDirs.has(dir) || done.has(dir)) continue;
    done.add(dir);
    out.push(
      verdict({
        file: s.filePath,
        dir,
        id: path.basename(dir),
        name: s.name,
        verdict: 'hidden',
        hiddenBy: ['limit'],
        missing: {},
        reasons: [`Not found: the root loaded more than ${limits.maxSkillsLoadedPerSource} skills; OpenClaw keeps the first by name and drops this one.`],
      }),
    );
  }
  const byDir = new Map<string, FolderFate[]>();
  for (const t of run.traces) {
    const dir = path.resolve(t.dir);
    const list = byDir.get(dir) ?? [];
    list.push(t.fate);
    byDir.set(dir, list);
  }
  const dropped = [...byDir.keys()].filter((d) => !loadedDirs.has(d) && !done.has(d)).sort();
  for (const dir of dropped) {
    const fate = mainFate(byDir.get(dir) ?? []);
    if (!fate) continue;
    // A folder never looked at counts only when it holds a SKILL.md (otherwise it is not a skill at all).
    const skillMd = path.join(dir, 'SKILL.md');
    if ((fate.kind === 'beyond-limit' || fate.kind === 'not-scanned-nested-root' || fate.kind === 'not-scanned-root-skill') && !exists(run, dir, 'SKILL.md'))
      continue;
    let v: RuntimeVerdict;
    let hiddenBy: HiddenBy[] = [];
    switch (fate.kind) {
      case 'no-description':
        v = 'hidden';
        hiddenBy = ['description'];
        break;
      case 'unreadable':
        if (fate.reason === 'empty') {
          v = 'hidden';
          hiddenBy = ['description'];
        } else v = 'not_loadable';
        break;
      case 'beyond-limit':
        v = 'hidden';
        hiddenBy = ['limit'];
        break;
      default:
        v = 'not_loadable';
    }
    out.push(verdict({ file: skillMd, dir, id: path.basename(dir), name: '', verdict: v, hiddenBy, missing: {}, reasons: [dropReason(fate)] }));
  }
  return out;
}
