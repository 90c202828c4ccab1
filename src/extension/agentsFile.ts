// The nexo-rs agents file as the Skills view speaks of it. Its problems (YAML errors, unknown override modes,
// listed skills with no SKILL.md …) are the language server's findings on the file itself.
import * as vscode from 'vscode';
import type { SkillStore } from './skills';

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
