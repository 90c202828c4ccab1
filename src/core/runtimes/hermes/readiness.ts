// Readiness as skill_view reports it (tools/skills_tool.py ST:336-502, ST:1489-1621, and
// tools/credential_files.py). Nothing here hides a skill: an unset variable or a missing credential file
// only makes skill_view answer `setup_needed`, with a note the model reads.
//
// - Required variables come from `required_environment_variables` (names, or mappings with name/env_var,
//   prompt, help/provider_url/url, required_for, optional; one mapping alone is accepted), then
//   `setup.collect_secrets`, then the legacy `prerequisites.env_vars`; names must look like shell
//   variable names; a repeated name keeps its first entry. `prerequisites.commands` is advisory only.
// - A variable is missing when it is not optional and not set: `HERMES_HOME/.env` decides when it has the
//   key (an empty value there is missing even if the process has one), else the process environment.
// - `required_credential_files` (a list only) names files relative to HERMES_HOME; absolute paths and
//   paths leaving HERMES_HOME count as missing.

import type { Stats } from 'node:fs';
import * as path from 'node:path';
import type { FsView } from '../../machine/fsview';
import { getenv, type Host } from './host';
import { isStr, PyDict, PyError, PyList, pyIter, pyStr, pyStrip, pyTruthy, type PyValue } from './pyvalue';

export interface RequiredVar {
  name: string;
  prompt: string;
  help?: string;
  required_for?: string;
  optional?: true;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `str(x or default).strip()` helpers. */
function orStr(v: PyValue | undefined, fallback: string): string {
  return pyStrip(pyTruthy(v) ? pyStr(v ?? null) : fallback);
}

function setupMetadata(fm: PyDict): { help: string | null; secrets: { env_var: string; prompt: string; provider_url?: string }[] } {
  const setup = fm.get('setup');
  if (!(setup instanceof PyDict)) return { help: null, secrets: [] };
  const h = setup.get('help');
  const help = isStr(h) && pyStrip(h) ? pyStrip(h) : null;
  let raw: PyValue | undefined = setup.get('collect_secrets');
  if (raw instanceof PyDict) raw = new PyList([raw]);
  const secrets: { env_var: string; prompt: string; provider_url?: string }[] = [];
  if (raw instanceof PyList) {
    for (const item of raw.items) {
      if (!(item instanceof PyDict)) continue;
      const envVar = orStr(item.get('env_var'), '');
      if (!envVar) continue;
      const prompt = orStr(item.get('prompt'), `Enter value for ${envVar}`);
      const url = pyTruthy(item.get('provider_url')) ? item.get('provider_url') : item.get('url');
      const providerUrl = orStr(url, '');
      secrets.push(providerUrl ? { env_var: envVar, prompt, provider_url: providerUrl } : { env_var: envVar, prompt });
    }
  }
  return { help, secrets };
}

/** `_collect_prerequisite_values`: the legacy `prerequisites.env_vars` and `.commands` as strings. Iterating
 *  a number there raises, which makes skill_view fail. */
export function prerequisites(fm: PyDict): { envVars: string[]; commands: string[] } {
  const p = fm.get('prerequisites');
  if (!pyTruthy(p) || !(p instanceof PyDict)) return { envVars: [], commands: [] };
  const norm = (v: PyValue | undefined): string[] => {
    if (!pyTruthy(v)) return [];
    const items = isStr(v) ? [v] : pyIter(v ?? null);
    return items.map((i) => pyStr(i)).filter((s) => pyStrip(s) !== '');
  };
  return { envVars: norm(p.get('env_vars')), commands: norm(p.get('commands')) };
}

/** `_get_required_environment_variables(frontmatter)`, with the names dropped for being invalid. */
export function requiredVariables(fm: PyDict): { vars: RequiredVar[]; invalid: string[] } {
  const setup = setupMetadata(fm);
  let raw: PyValue | undefined = fm.get('required_environment_variables');
  if (raw instanceof PyDict) raw = new PyList([raw]);
  const items = raw instanceof PyList ? raw.items : [];
  const vars: RequiredVar[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  const append = (entry: PyDict): void => {
    const n = pyTruthy(entry.get('name')) ? entry.get('name') : entry.get('env_var');
    const name = orStr(n, '');
    if (!name || seen.has(name)) return;
    if (!ENV_NAME.test(name)) {
      invalid.push(name);
      return;
    }
    const v: RequiredVar = { name, prompt: orStr(entry.get('prompt'), `Enter value for ${name}`) };
    let help: PyValue | undefined = null;
    for (const k of ['help', 'provider_url', 'url']) {
      const x = entry.get(k);
      if (pyTruthy(x)) {
        help = x;
        break;
      }
    }
    if (!pyTruthy(help)) help = setup.help;
    if (isStr(help) && pyStrip(help)) v.help = pyStrip(help);
    const rf = entry.get('required_for');
    if (isStr(rf) && pyStrip(rf)) v.required_for = pyStrip(rf);
    if (pyTruthy(entry.get('optional'))) v.optional = true;
    seen.add(name);
    vars.push(v);
  };
  const dict = (pairs: [string, PyValue][]): PyDict => {
    const d = new PyDict();
    for (const [k, v] of pairs) d.set(k, v);
    return d;
  };
  for (const item of items) {
    if (isStr(item)) append(dict([['name', item]]));
    else if (item instanceof PyDict) append(item);
  }
  for (const s of setup.secrets)
    append(
      dict([
        ['name', s.env_var],
        ['prompt', s.prompt],
        ['help', s.provider_url ?? setup.help],
      ]),
    );
  for (const name of prerequisites(fm).envVars) append(dict([['name', name]]));
  return { vars, invalid };
}

/** `_is_env_var_persisted`: `.env` decides when it has the key, else the process environment. */
export function isVarSet(name: string, host: Host): boolean {
  if (host.dotenv.has(name)) return Boolean(host.dotenv.get(name));
  return Boolean(getenv(host, name));
}

/** Python's `Path.resolve()` (non-strict): symbolic links resolved as far as the path exists, `..`
 *  applied after them, the rest kept as written. */
export function pyResolve(p: string, view: FsView): string {
  const parts = path.resolve(p).split('/').filter(Boolean);
  let cur = '/';
  let hops = 0;
  const pending = [...parts];
  while (pending.length) {
    const part = pending.shift() ?? '';
    if (part === '.' || part === '') continue;
    if (part === '..') {
      cur = path.dirname(cur);
      continue;
    }
    const next = path.join(cur, part);
    let st: Stats | null = null;
    try {
      st = view.lstat(next);
    } catch {
      st = null;
    }
    if (st?.isSymbolicLink() && hops++ < 40) {
      let target: string;
      try {
        target = view.readlink(next);
      } catch {
        cur = next;
        continue;
      }
      const abs = path.isAbsolute(target) ? target : path.join(cur, target);
      pending.unshift(...abs.split('/').filter(Boolean));
      cur = '/';
      continue;
    }
    cur = next;
  }
  return cur;
}

/** `register_credential_files(entries)`: the relative paths that are missing (absent, not a regular file,
 *  absolute, or outside HERMES_HOME). A mapping whose `path` is not a string raises inside Hermes, which
 *  skill_view swallows: then nothing counts as missing. */
export function missingCredentialFiles(raw: PyValue | undefined, host: Host): { missing: string[]; rejected: string[] } {
  if (!(raw instanceof PyList)) return { missing: [], rejected: [] };
  const missing: string[] = [];
  const rejected: string[] = [];
  const home = host.hermesHome;
  try {
    for (const entry of raw.items) {
      let rel: string;
      if (isStr(entry)) rel = pyStrip(entry);
      else if (entry instanceof PyDict) {
        const p = pyTruthy(entry.get('path')) ? entry.get('path') : pyTruthy(entry.get('name')) ? entry.get('name') : '';
        if (!isStr(p)) throw new PyError('AttributeError', `'${typeof p}' object has no attribute 'strip'`);
        rel = pyStrip(p);
      } else continue;
      if (!rel) continue;
      if (rel.startsWith('/')) {
        missing.push(rel);
        rejected.push(rel);
        continue;
      }
      const resolved = pyResolve(path.join(home, rel), host.fs);
      const homeResolved = pyResolve(home, host.fs);
      if (resolved !== homeResolved && !resolved.startsWith(`${homeResolved === '/' ? '' : homeResolved}/`)) {
        missing.push(rel);
        rejected.push(rel);
        continue;
      }
      let isFile = false;
      try {
        isFile = host.fs.stat(resolved).isFile();
      } catch {
        isFile = false;
      }
      if (!isFile) missing.push(rel);
    }
  } catch {
    return { missing: [], rejected };
  }
  return { missing, rejected };
}

/** `env_var_enabled`: a truthy flag value. */
function flag(host: Host, name: string): boolean {
  const v = getenv(host, name);
  return v !== undefined && ['1', 'true', 'yes', 'on'].includes(pyStrip(v).toLowerCase());
}

export const GATEWAY_HINT =
  'Secure secret entry is not supported over messaging. Load this skill in the local CLI to be prompted, or add the key to ~/.hermes/.env manually.';

const REMOTE_BACKENDS = new Set(['docker', 'singularity', 'modal', 'ssh', 'daytona']);

export interface Readiness {
  required: RequiredVar[];
  invalidNames: string[];
  missingEnv: string[];
  missingFiles: string[];
  rejectedFiles: string[];
  setupNeeded: boolean;
  setupHelp: string | null;
  gatewayHint: string | null;
  setupNote: string | null;
}

/** The readiness part of skill_view for one frontmatter. */
export function readiness(fm: PyDict, host: Host): Readiness {
  const { vars, invalid } = requiredVariables(fm);
  const missingEnv = vars.filter((v) => !v.optional && !isVarSet(v.name, host)).map((v) => v.name);
  // A messaging gateway cannot prompt for a secret, so it says so instead (unless the surface is
  // interactive).
  const gateway = flag(host, 'HERMES_GATEWAY_SESSION') || Boolean(getenv(host, 'HERMES_SESSION_PLATFORM'));
  const gatewayHint = missingEnv.length && gateway && !flag(host, 'HERMES_INTERACTIVE') ? GATEWAY_HINT : null;
  let missingFiles: string[] = [];
  let rejectedFiles: string[] = [];
  const credRaw = fm.get('required_credential_files', new PyList());
  if (credRaw instanceof PyList && credRaw.items.length) ({ missing: missingFiles, rejected: rejectedFiles } = missingCredentialFiles(credRaw, host));
  const setupNeeded = missingEnv.length > 0 || missingFiles.length > 0;
  const setupHelp = vars.find((v) => v.help)?.help ?? null;
  let setupNote: string | null = null;
  if (setupNeeded) {
    const items = [...missingEnv.map((n) => `env $${n}`), ...missingFiles.map((f) => `file ${f}`)];
    setupNote = `Setup needed before using this skill: missing ${items.length ? items.join(', ') : 'required prerequisites'}.`;
    if (setupHelp) setupNote += ` ${setupHelp}`;
    const backend = pyStrip(getenv(host, 'TERMINAL_ENV') ?? 'local').toLowerCase() || 'local';
    if (REMOTE_BACKENDS.has(backend))
      setupNote += ` ${backend.toUpperCase()}-backed skills need these requirements available inside the remote environment as well.`;
  }
  return { required: vars, invalidNames: invalid, missingEnv, missingFiles, rejectedFiles, setupNeeded, setupHelp, gatewayHint, setupNote };
}
