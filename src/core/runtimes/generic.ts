// The runtimes that read a SKILL.md but gate nothing on the machine: Claude Code, VS Code (Copilot) and the
// generic clients of the open Agent Skills format. Each finds skills one level below a skills folder
// (`<skills>/<name>/SKILL.md`), reads the frontmatter, and offers every readable skill to the model, except
// one whose author turned model invocation off. Their differences (the name's default, which folders they
// search) live in each profile's own folder; this file holds what they share.

import * as path from 'node:path';
import { colorOfVerdict, type RuntimeFinding, type RuntimeId, type RuntimeSkillVerdict, type SkillInput } from './types';

export interface GenericProfile {
  id: RuntimeId;
  /** The runtime's name in sentences. */
  label: string;
  /** Claude Code uses the folder name when `name` is absent; the open format requires `name`. */
  nameDefaultsToFolder: boolean;
  /** Whether the runtime honours `disable-model-invocation: true` (the model is never offered the skill). */
  readsDisableModelInvocation: boolean;
  /** The folder names (`.claude/skills`) this runtime searches, as [parent, child] pairs, for the nesting
   *  check: a skill deeper than `<skills>/<name>/` is not found there. */
  skillsFolders: ReadonlyArray<readonly [string, string]>;
}

export function judgeGeneric(profile: GenericProfile, input: SkillInput): { verdict: RuntimeSkillVerdict; findings: RuntimeFinding[] } {
  const folder = path.basename(input.dir);
  const authored = input.data?.['name'];
  const name = typeof authored === 'string' && authored.trim() ? authored.trim() : profile.nameDefaultsToFolder ? folder : '';
  const base = {
    runtime: profile.id,
    file: input.file,
    dir: input.dir,
    id: folder,
    name,
    category: null,
    hiddenBy: [] as RuntimeSkillVerdict['hiddenBy'],
    missing: {},
  };
  const findings: RuntimeFinding[] = [];
  const depth = nestingBelowSkillsFolder(profile, input.dir);
  if (depth !== null && depth > 1) {
    findings.push(
      wholeFile(
        profile.id,
        input.file,
        `${profile.id}-nested-too-deep`,
        'warning',
        `${profile.label} looks for skills only at <skills>/<name>/SKILL.md; this one is ${depth} folders below the skills folder, so ${profile.label} does not find it. Move the folder up.`,
      ),
    );
    return {
      verdict: {
        ...base,
        verdict: 'not_found',
        color: colorOfVerdict('not_found'),
        reasons: [`${profile.label} does not find it: it is nested ${depth} folders below the skills folder.`],
      },
      findings,
    };
  }
  if (!(input.readable ?? input.text !== null)) {
    const why = input.problem ?? 'the file cannot be read';
    return {
      verdict: { ...base, verdict: 'not_loadable', color: colorOfVerdict('not_loadable'), reasons: [`${profile.label} cannot read it: ${why}`] },
      findings,
    };
  }
  if (input.blank ?? (input.text ?? '').trim() === '') {
    return {
      verdict: {
        ...base,
        verdict: 'not_loadable',
        color: colorOfVerdict('not_loadable'),
        reasons: [`${profile.label} cannot use it: the file is empty (no frontmatter, no instructions).`],
      },
      findings,
    };
  }
  if (profile.readsDisableModelInvocation && input.data?.['disable-model-invocation'] === true) {
    return {
      verdict: {
        ...base,
        verdict: 'hidden',
        color: colorOfVerdict('hidden'),
        hiddenBy: ['invocation'],
        reasons: [`\`disable-model-invocation: true\`: ${profile.label} never offers it to the model; only the user can invoke it (/${name || folder}).`],
      },
      findings,
    };
  }
  const reasons = [`${profile.label} gates nothing on the machine: it offers the skill to the model as ${name ? `\`${name}\`` : 'a skill without a name'}.`];
  return { verdict: { ...base, verdict: 'loaded', color: colorOfVerdict('loaded'), reasons }, findings };
}

/** How many folders below the nearest skills folder of this runtime the skill folder sits (1 = directly
 *  inside), or null when it is not below one. */
function nestingBelowSkillsFolder(profile: GenericProfile, dir: string): number | null {
  const parts = path.resolve(dir).split(path.sep);
  for (let i = parts.length - 2; i >= 1; i--) {
    if (profile.skillsFolders.some(([a, b]) => parts[i - 1] === a && parts[i] === b)) return parts.length - 1 - i;
  }
  return null;
}

function wholeFile(runtime: RuntimeId, file: string, code: string, severity: RuntimeFinding['severity'], message: string): RuntimeFinding {
  return { runtime, file, code, severity, message, line: 1, column: 1, endLine: 1, endColumn: 1 };
}
