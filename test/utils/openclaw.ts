// A sandbox HOME for OpenClaw runs, as the golden README describes the set-up: the workspace skills folder
// ~/.openclaw/workspace/skills, an empty bundled folder, an empty bin folder as PATH, bundled plugins off.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export interface OpenClawSandbox {
  home: string;
  /** The workspace skills folder. */
  root: string;
  env: Record<string, string>;
}

/** `files` are paths relative to the workspace skills folder (`~/…` relative to HOME; `link:target` content
 *  makes a symlink); `config` is written as openclaw.json. The folder is added to `temps` for removal. */
export function openClawSandbox(files: Record<string, string>, config: unknown, prefix: string, temps: string[]): OpenClawSandbox {
  const home = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  temps.push(home);
  const state = path.join(home, '.openclaw');
  const root = path.join(state, 'workspace', 'skills');
  fs.mkdirSync(root, { recursive: true });
  fs.mkdirSync(path.join(home, 'bundled'));
  fs.mkdirSync(path.join(home, 'bin'));
  fs.writeFileSync(path.join(state, 'openclaw.json'), JSON.stringify(config));
  for (const [rel, text] of Object.entries(files)) {
    const p = rel.startsWith('~/') ? path.join(home, rel.slice(2)) : path.join(root, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    if (text.startsWith('link:')) fs.symlinkSync(text.slice(5), p);
    else fs.writeFileSync(p, text);
  }
  const env = { PATH: path.join(home, 'bin'), HOME: home, OPENCLAW_BUNDLED_SKILLS_DIR: path.join(home, 'bundled'), OPENCLAW_DISABLE_BUNDLED_PLUGINS: '1' };
  return { home, root, env };
}
