// The environment variables OpenCode 1.18.33 reads that change which skills it lists
// (packages/opencode/src/effect/runtime-flags.ts RuntimeFlags; packages/opencode/src/config/paths.ts directories).
//
// The switches are Effect `Config.boolean` values: exactly `true`, `yes`, `on`, `1`, `y` turn one on, `false`,
// `no`, `off`, `0`, `n` (or leaving it unset) leave it off, and anything else — `TRUE`, an empty string,
// `enabled` — stops OpenCode at start with a SchemaError, before any model request (case e02, and the probe
// runs described in README.md).
//  - OPENCODE_DISABLE_EXTERNAL_SKILLS: no `.claude`/`.agents` skills folders at all, in HOME or the project
//    (case e03);
//  - OPENCODE_DISABLE_CLAUDE_CODE_SKILLS, or the broader OPENCODE_DISABLE_CLAUDE_CODE: no `.claude` skills
//    folders; `.agents` ones stay (cases e01, e02);
//  - OPENCODE_DISABLE_PROJECT_CONFIG: the project's `.opencode` folders and `opencode.json` files are not read
//    (case e04);
// and the paths:
//  - OPENCODE_CONFIG_DIR: one more config folder, read last (its `skill/` and `skills/`, and its opencode.json)
//    (case a08);
//  - OPENCODE_CONFIG: one more config file; OPENCODE_CONFIG_CONTENT: config as JSON text; OPENCODE_PERMISSION:
//    permission rules as JSON text (packages/opencode/src/config/config.ts).
// XDG_CONFIG_HOME moves the global config folder (`$XDG_CONFIG_HOME/opencode` instead of `~/.config/opencode`,
// packages/core/src/global.ts through xdg-basedir).

import * as path from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

export interface OpenCodeFlags {
  disableExternalSkills: boolean;
  disableClaudeCodeSkills: boolean;
  /** Which variable turned the `.claude` folders off (for the words of `why`). */
  claudeSkillsOffBy: string | null;
  disableProjectConfig: boolean;
  configDir: string | null;
  configFile: string | null;
  configContent: string | null;
  permission: string | null;
  /** `$XDG_CONFIG_HOME/opencode` or `~/.config/opencode`. */
  globalConfigDir: string;
}

export type FlagsRead = { ok: true; flags: OpenCodeFlags } | { ok: false; why: string };

const ON = ['true', 'yes', 'on', '1', 'y'];
const OFF = ['false', 'no', 'off', '0', 'n'];

/** The switches OpenCode reads as booleans at start, among them every one that touches skills and the ones the
 *  runner sets (a bad value in any of them stops the release). */
const BOOLEAN_FLAGS = [
  'OPENCODE_DISABLE_EXTERNAL_SKILLS',
  'OPENCODE_DISABLE_CLAUDE_CODE',
  'OPENCODE_DISABLE_CLAUDE_CODE_SKILLS',
  'OPENCODE_DISABLE_CLAUDE_CODE_PROMPT',
  'OPENCODE_DISABLE_PROJECT_CONFIG',
  'OPENCODE_DISABLE_DEFAULT_PLUGINS',
  'OPENCODE_DISABLE_AUTOUPDATE',
  'OPENCODE_DISABLE_MODELS_FETCH',
];

export function readFlags(env: Env, home: string, cwd: string): FlagsRead {
  const values: Record<string, boolean> = {};
  for (const name of BOOLEAN_FLAGS) {
    const v = env[name];
    if (v === undefined) {
      values[name] = false;
      continue;
    }
    if (ON.includes(v)) values[name] = true;
    else if (OFF.includes(v)) values[name] = false;
    else
      return {
        ok: false,
        why: `OpenCode stops at start: ${name}=${JSON.stringify(v)} is not one of true, yes, on, 1, y, false, no, off, 0, n (a SchemaError, no model request)`,
      };
  }
  const text = (name: string): string | null => {
    const v = env[name];
    return v ? v : null; // an empty value counts as unset where OpenCode tests it for truth
  };
  const broad = values.OPENCODE_DISABLE_CLAUDE_CODE === true;
  const direct = values.OPENCODE_DISABLE_CLAUDE_CODE_SKILLS === true;
  const xdg = env.XDG_CONFIG_HOME;
  const configDir = text('OPENCODE_CONFIG_DIR');
  const configFile = text('OPENCODE_CONFIG');
  return {
    ok: true,
    flags: {
      disableExternalSkills: values.OPENCODE_DISABLE_EXTERNAL_SKILLS === true,
      disableClaudeCodeSkills: broad || direct,
      claudeSkillsOffBy: direct ? 'OPENCODE_DISABLE_CLAUDE_CODE_SKILLS' : broad ? 'OPENCODE_DISABLE_CLAUDE_CODE' : null,
      disableProjectConfig: values.OPENCODE_DISABLE_PROJECT_CONFIG === true,
      configDir: configDir === null ? null : path.resolve(cwd, configDir),
      configFile: configFile === null ? null : path.resolve(cwd, configFile),
      configContent: text('OPENCODE_CONFIG_CONTENT'),
      permission: text('OPENCODE_PERMISSION'),
      globalConfigDir: path.join(xdg ? path.resolve(xdg) : path.join(home, '.config'), 'opencode'),
    },
  };
}
