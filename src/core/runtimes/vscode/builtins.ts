// GitHub Copilot Chat 0.67.0's own skills, as VS Code 1.139.1 lists them (RULES.md §8, cases b03, f01, f03).
//
// Copilot contributes skills from its extension folder (`extensions/copilot/assets/prompts/skills/<name>/SKILL.md`
// inside VS Code's install). VS Code takes them after every workspace and personal skill (promptsServiceImpl.ts
// computeSkillDiscoveryInfo: an extension's contribution sorts last), shadowed by a skill of the same name found
// before them (case b03), and with the same filters: in a default start four are listed, the others being hidden
// (no description, `disable-model-invocation`, or the `troubleshoot/SKILL.md` rule). Their entries take budget like
// any other, and past it they are named on the `Additional skills available` line (cases f01, f03).
//
// Only what the project may know of them is kept here: each listed one's name and the width of its entry — the
// characters VS Code counts against the budget (the entry's lines joined by line breaks, plus one) without the path
// in its <file>, which depends on where VS Code is installed. Widths measured by test/conformance/vscode/run.mjs
// (skills.json `builtins` of the golden cases); never their text.

import * as path from 'node:path';

export interface CopilotBuiltin {
  name: string;
  /** The entry's width without its file path. */
  chars: number;
}

/** The built-ins a default VS Code 1.139.1 lists, in their order. */
export const COPILOT_BUILTINS: readonly CopilotBuiltin[] = [
  { name: 'project-setup-info-local', chars: 1121 },
  { name: 'get-search-view-results', chars: 158 },
  { name: 'agent-customization', chars: 1034 },
  { name: 'chronicle', chars: 410 },
];

type Env = Readonly<Record<string, string | undefined>>;

/** VS Code's application folder (the one holding `extensions/`): SKILL_AUTHOR_VSCODE_APP_ROOT when set (the golden
 *  runner sets it to its code-server's), else where VS Code's packages install it. Only the length of a built-in's
 *  path depends on it, which matters only when the budget falls among the built-ins. */
export function vscodeAppRoot(env: Env, platform: NodeJS.Platform, home: string): string {
  if (env.SKILL_AUTHOR_VSCODE_APP_ROOT) return env.SKILL_AUTHOR_VSCODE_APP_ROOT;
  if (platform === 'darwin') return '/Applications/Visual Studio Code.app/Contents/Resources/app';
  if (platform === 'win32')
    return path.win32.join(env.LOCALAPPDATA || path.win32.join(home, 'AppData', 'Local'), 'Programs', 'Microsoft VS Code', 'resources', 'app');
  return '/usr/share/code/resources/app';
}

/** Where a built-in's SKILL.md is in that install. */
export function builtinFile(appRoot: string, name: string, platform: NodeJS.Platform): string {
  const p = platform === 'win32' ? path.win32 : path.posix;
  return p.join(appRoot, 'extensions', 'copilot', 'assets', 'prompts', 'skills', name, 'SKILL.md');
}
