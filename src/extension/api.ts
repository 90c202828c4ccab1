// What `activate()` returns to other extensions (and to the integration tests):
//   const api = vscode.extensions.getExtension('skill-author.skill-author')?.exports;
//   if (api?.version === 2) for (const e of await api.skills()) …
// `skills()` waits for the language server's scan and every probe under way, then returns one `Entry` per
// skill of the workspace and the skill roots — the same shape as one element of `skill-author check --json`'s
// `skills` array (paths absolute). The version number changes only when that shape changes incompatibly.
import * as vscode from 'vscode';
import type { Entry } from '../core/check/entry';
import type { ProbeLogEntry } from '../core/machine/probe';
import type { SkillAuthorContext } from './context';
import { storeOf } from './skills';

export interface SkillAuthorApi {
  readonly version: 2;
  /**
   * Every skill of the workspace and the configured roots, evaluated on this machine; with `agent`, that
   * agent's skills from the agents file instead (its order, its overrides, `not_found` entries included),
   * as `skill-author check --agent ID` reports them.
   */
  skills(options?: { agent?: string }): Promise<Entry[]>;
  /** The probes run (or refused) in this session, oldest first (at most the last 1,000). */
  probeLog(): readonly ProbeLogEntry[];
  /**
   * Fires when skills were added, re-evaluated or removed (SKILL.md paths; `all`: anything may have changed).
   * The language server scans the roots at start, whether or not anyone subscribes.
   */
  readonly onDidChangeSkills: vscode.Event<SkillsChange>;
}

export interface SkillsChange {
  changed: string[];
  removed: string[];
  all: boolean;
}

export function createApi(ctx: SkillAuthorContext): SkillAuthorApi {
  return {
    version: 2,
    async skills(options?: { agent?: string }): Promise<Entry[]> {
      const store = storeOf(ctx);
      await store.whenIdle();
      if (options?.agent === undefined) {
        // Each skill as the language server judged it: the same judgement as `check --json` (once the model is
        // idle, every skill is judged).
        return store.all().flatMap((r) => (r.entry ? [r.entry] : []));
      }
      const view = await store.agentView(options.agent);
      if (!view) throw new Error(`no agent \`${options.agent}\` in ${store.agentsFileList.map((f) => f.path).join(', ') || 'any agents file'}`);
      // An agent's skills are nexo-rs's, as `check --agent` says.
      return view.entries;
    },
    probeLog: () => [...ctx.probeLog],
    onDidChangeSkills: (listener, thisArgs, disposables) =>
      storeOf(ctx).onDidChange(
        (c) => listener.call(thisArgs, { changed: c.changed.map((r) => r.file), removed: [...c.removed], all: c.all }),
        undefined,
        disposables,
      ),
  };
}
