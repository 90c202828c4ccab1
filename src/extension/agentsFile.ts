// The agents file's problems in the Problems panel: what `check --agent` prints on stderr (YAML errors,
// unknown override modes, overrides of unlisted skills, listed skills with no SKILL.md) as diagnostics on the
// agents file itself, at the line and column it reports, with source `skill-author`. Follows the store: the
// file is re-read when it changes, and the listed skills are looked up again after each batch of changes.
import * as vscode from 'vscode';
import type { SkillAuthorContext } from './context';
import { type SkillStore, StoreFollower } from './skills';

export function register(ctx: SkillAuthorContext): vscode.Disposable {
  const collection = vscode.languages.createDiagnosticCollection('skill-author-agents');
  let generation = 0;
  const update = async (store: SkillStore): Promise<void> => {
    const mine = ++generation;
    const files = await store.agentsFileProblems();
    if (mine !== generation) return; // a later change answered meanwhile
    collection.clear();
    for (const f of files) {
      collection.set(
        vscode.Uri.file(f.path),
        f.problems.map((p) => {
          const at = new vscode.Position(Math.max(0, p.line - 1), Math.max(0, p.column - 1));
          const d = new vscode.Diagnostic(
            new vscode.Range(at, at),
            p.message,
            p.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
          );
          d.source = 'skill-author';
          return d;
        }),
      );
    }
  };
  // Only a change in which skills exist (or a re-read agents file, which comes with `all`) can change the
  // listed skills found: status updates (probes, every re-analysis of an edited document) look nothing up.
  let known = new Set<string>();
  const follower = new StoreFollower(ctx, (store, change) => {
    if (change && !change.all && change.removed.length === 0 && change.changed.every((r) => known.has(r.file))) return;
    known = new Set(store.all().map((r) => r.file));
    void update(store).catch((e: unknown) => ctx.output.error(`agents file diagnostics: ${e instanceof Error ? e.message : String(e)}`));
  });
  return vscode.Disposable.from(follower, collection);
}

/**
 * When the agents file in use defines no agent because it could not be read or parsed, the view says so
 * (else it would fall back to the roots without a word, and the agent grouping would vanish): the file, its
 * first error and where, as `check --agent` reports it (the output channel has the rest).
 */
export function brokenAgentsFile(store: SkillStore): string | undefined {
  if (store.agents().length > 0) return undefined;
  for (const f of store.agentsFileList) {
    const first = f.problems.find((p) => p.severity === 'error');
    if (!first) continue;
    const more = f.problems.filter((p) => p.severity === 'error').length - 1;
    // A file that parses into agents but that nexo-rs refuses as a whole is said as such.
    const what = f.agents.length > 0 ? 'is refused by nexo-rs (it starts no agent)' : 'defines no agent';
    return `The agents file ${vscode.workspace.asRelativePath(f.path)} ${what}, so skills are grouped by root: line ${first.line}, column ${first.column}: ${first.message}${more > 0 ? ` (and ${more} more error${more === 1 ? '' : 's'}, see the output)` : ''}`;
  }
  return undefined;
}
