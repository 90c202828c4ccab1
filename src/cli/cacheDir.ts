// Where the CLI keeps what it may reuse between runs (analyses, runtimes' readings and reports, compiled code).
import { homedir } from 'node:os';
import * as path from 'node:path';

/** `$XDG_CACHE_HOME/skill-author` (the spec ignores a relative value), else `~/.cache/skill-author`. */
export function cacheDir(env: NodeJS.ProcessEnv): string | null {
  const xdg = env['XDG_CACHE_HOME'];
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'skill-author');
  let home = env['HOME'] || env['USERPROFILE'];
  if (!home) {
    try {
      home = homedir();
    } catch {
      return null;
    }
  }
  return home ? path.join(home, '.cache', 'skill-author') : null;
}
