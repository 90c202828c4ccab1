// The git repository a folder is in, as the agent CLIs find it when they start (Claude Code, Codex and Copilot
// CLI stop their walk up for skills folders there): the nearest folder, the start included, holding an entry
// named `.git` (a folder, or the file a worktree or submodule has). Not followed: a dangling link still counts.

import * as fs from 'node:fs';
import * as path from 'node:path';

export function gitRootOf(dir: string): string | null {
  for (let d = dir; ;) {
    try {
      fs.lstatSync(path.join(d, '.git'));
      return d;
    } catch {
      // not a repository's root
    }
    const up = path.dirname(d);
    if (up === d) return null;
    d = up;
  }
}
