// What Copilot CLI 1.0.102 takes from `~/.copilot/settings.json` for skills (RULES.md §2, §7):
//  - `disabledSkills`: names kept from the model, built-ins included (cases f01, k03);
//  - `skillDirectories`: more skills folders, "custom" (case a07); a relative entry is taken from the working
//    folder and `~` is NOT expanded (`~/my-skills` is looked for as `<cwd>/~/my-skills`);
//  - `ignoredSkillsLocations`: skills folders not read; here `~` IS expanded (`~/.agents/skills`, case a07).
// A missing, unreadable or non-JSON file counts as no settings (not observed: every case's file is valid).

import * as path from 'node:path';
import { readJsonFile } from '../../machine/skillText';

export interface CopilotSettings {
  disabledSkills: Set<string>;
  skillDirectories: string[];
  ignoredSkillsLocations: string[];
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

export function settingsFile(home: string): string {
  return path.join(home, '.copilot', 'settings.json');
}

export function readSettings(home: string): CopilotSettings {
  const json = readJsonFile(settingsFile(home));
  const o = json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
  return {
    disabledSkills: new Set(strings(o.disabledSkills)),
    skillDirectories: strings(o.skillDirectories),
    ignoredSkillsLocations: strings(o.ignoredSkillsLocations),
  };
}
