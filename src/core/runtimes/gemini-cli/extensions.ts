// The extensions whose skills Gemini CLI 0.61.0 lists (RULES.md §1), from the source
// (packages/cli/src/config/extension-manager.ts loadExtensions, _buildExtension, loadExtensionConfig):
//  - every entry of `<home>/.gemini/extensions` that is a folder, in name order (Node's readdir, sorted);
//  - its `.gemini-extension-install.json` of type `link` points at the extension's real folder (`source`);
//  - `gemini-extension.json` there must be JSON with a `name` and a `version`; the name may hold only letters,
//    digits and `-` (validateName). An extension that fails any of this is skipped (case a04);
//  - two extensions of one name make loadExtensions throw: the release stops before any request;
//  - `extension-enablement.json` in the extensions folder may switch one off for the working folder
//    (packages/cli/src/config/extensions/extensionEnablement.ts isEnabled: the last matching override wins),
//    case a04;
//  - its skills are those of its `skills` folder, read like any skills folder (discover.ts), and in their name,
//    description and location `${extensionPath}`, `${workspacePath}`, `${/}` and `${pathSeparator}` are
//    replaced (packages/cli/src/config/extensions/variables.ts hydrateString), case a04.
// Extension skills come right after the built-ins and before the user's (skillManager.ts discoverSkills), so
// any user or project skill of the same name replaces one (case a04).
// Not emulated: `security.allowedExtensions`, `security.blockGitExtensions`, extension settings (`.env`
// files, under `experimental.extensionConfig`) as hydration values.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { readJsonFile } from '../../machine/skillText';

export interface Extension {
  name: string;
  /** The folder its files are read from (a linked extension's source). */
  dir: string;
  active: boolean;
  /** The values `${…}` in its skills' texts are replaced with. */
  variables: Record<string, string>;
  /** Why the release skips the whole extension, when it does (its skills are then reported, never read). */
  skipped?: string;
}

const MAX_EXTENSIONS = 500;

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function record(v: unknown): Record<string, unknown> | null {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** variables.ts hydrateString: `${key}` replaced when the key is known, left as it is otherwise. */
export function hydrate(text: string, variables: Record<string, string>): string {
  return text.replace(/\${(.*?)}/g, (match: string, key: string) => (Object.prototype.hasOwnProperty.call(variables, key) ? (variables[key] ?? match) : match));
}

function hydrateDeep(v: unknown, variables: Record<string, string>, depth = 0): unknown {
  if (depth > 20) return v;
  if (typeof v === 'string') return hydrate(v, variables);
  if (Array.isArray(v)) return v.map((x) => hydrateDeep(x, variables, depth + 1));
  const o = record(v);
  if (!o) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(o)) if (k !== '__proto__' && k !== 'constructor' && k !== 'prototype') out[k] = hydrateDeep(x, variables, depth + 1);
  return out;
}

/** extensionEnablement.ts: `/`-wrapped path rules, `*` for sub-folders, `!` to disable; the last match wins. */
function enabledFor(rules: unknown, cwd: string): boolean {
  if (!Array.isArray(rules)) return true;
  const wrap = (p: string): string => {
    let r = p.replace(/\\/g, '/');
    if (!r.startsWith('/')) r = `/${r}`;
    if (!r.endsWith('/')) r = `${r}/`;
    return r;
  };
  const here = wrap(cwd);
  let enabled = true;
  for (const rule of rules) {
    if (typeof rule !== 'string') return true; // the release refuses the file (its schema) and enables everything
    const disable = rule.startsWith('!');
    let base = disable ? rule.slice(1) : rule;
    const subdirs = base.endsWith('*');
    if (subdirs) base = base.slice(0, -1);
    const source = `${base}${subdirs ? '*' : ''}`.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/(\/?)\*/g, '($1.*)?');
    let re: RegExp;
    try {
      re = new RegExp(`^${source}$`);
    } catch {
      continue;
    }
    if (re.test(here)) enabled = !disable;
  }
  return enabled;
}

/** The extensions of `<geminiHome>/.gemini/extensions`, in the release's order, with their state. */
export function loadExtensions(geminiHome: string, cwd: string): { extensions: Extension[]; fatal: string | null } {
  const root = path.join(geminiHome, '.gemini', 'extensions');
  let entries: string[];
  try {
    entries = fs.readdirSync(root).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  } catch {
    return { extensions: [], fatal: null };
  }
  const enablement = record(readJsonFile(path.join(root, 'extension-enablement.json'))) ?? {};
  const out: Extension[] = [];
  for (const entry of entries.slice(0, MAX_EXTENSIONS)) {
    const folder = path.join(root, entry);
    if (!isDir(folder)) continue;
    let dir = folder;
    const install = record(readJsonFile(path.join(folder, '.gemini-extension-install.json')));
    if (install?.type === 'link' && typeof install.source === 'string') dir = install.source;
    const variables: Record<string, string> = { extensionPath: dir, workspacePath: cwd, '/': path.sep, pathSeparator: path.sep };
    const skip = (why: string): void => {
      out.push({ name: entry, dir, active: false, variables, skipped: `the extension in ${folder} is skipped: ${why}` });
    };
    const raw = record(readJsonFile(path.join(dir, 'gemini-extension.json')));
    if (!raw) {
      skip('gemini-extension.json is missing or not JSON');
      continue;
    }
    if (!raw.name || !raw.version) {
      skip(`gemini-extension.json has no ${!raw.name ? '"name"' : '"version"'}`);
      continue;
    }
    const name = record(hydrateDeep(raw, variables))?.name;
    if (typeof name !== 'string' || !/^[a-zA-Z0-9-]+$/.test(name)) {
      skip('its name may hold only letters, digits and dashes');
      continue;
    }
    const rules = record(enablement[name])?.overrides;
    out.push({ name, dir, active: enabledFor(rules, cwd), variables });
  }
  const seen = new Set<string>();
  for (const e of out) {
    if (e.skipped) continue;
    // loadExtensions throws "Extension with name … already was loaded.": the release stops with a critical
    // error before any request (case a04 is kept clear of it; observed by hand).
    if (seen.has(e.name)) return { extensions: out, fatal: `two extensions are named ${e.name} (Extension with name ${e.name} already was loaded.)` };
    seen.add(e.name);
  }
  return { extensions: out, fatal: null };
}
