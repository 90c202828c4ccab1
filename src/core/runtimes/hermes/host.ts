// Everything Hermes reads from the machine besides the skills tree, gathered once per evaluation:
// `$HERMES_HOME` (default `~/.hermes`), its `config.yaml` and `.env`, the process environment, the OS
// (`sys.platform`), Termux, and the probes for the `environments` gate (kanban, docker, s6). Tests and
// the editor pin any of it through RuntimeContext and HermesOptions; otherwise it is detected as Hermes
// detects it.

import * as path from 'node:path';
import { FsView } from '../../machine/fsview';
import type { RuntimeContext } from '../types';
import { PyDict, PyList, pyIn, pyStr, pyStrip, pyIter, type PyValue } from './pyvalue';
import { decodeUtf8 } from './read';
import { HERMES_BASELINE, isHermesVersion, type HermesVersion } from './versions';
import { loadYaml11 } from './yaml11';

/** Host probes Hermes runs for the `environments` gate. Pinned values replace the probe. */
export interface HermesProbes {
  /** `hermes_constants.is_container()`; default: detected (/.dockerenv, /run/.containerenv,
   *  KUBERNETES_SERVICE_HOST, container markers in /proc/1/cgroup or the root mount). */
  container?: boolean;
  /** The s6 probe: `/run/s6` or `/package/admin/s6-overlay` is a folder. */
  s6?: boolean;
}

export interface HermesOptions {
  probes?: HermesProbes;
  /** The Hermes commit to emulate (default: the context's `versions.hermes`, else the baseline 306e2d23). */
  version?: HermesVersion;
  /** How the run sees the file system (default: a new FsView, each question asked of the system once). */
  fsView?: FsView;
}

/** The Hermes commit a run emulates: the options', else the context's `versions.hermes` when the profile
 *  emulates it, else the baseline. */
export function hermesVersionOf(ctx: RuntimeContext, options: HermesOptions = {}): HermesVersion {
  if (options.version) return options.version;
  const chosen = ctx.versions?.hermes;
  return chosen && isHermesVersion(chosen) ? chosen : HERMES_BASELINE;
}

export interface Host {
  /** The Hermes commit emulated (./versions.ts): the rules that differ between commits read it. */
  version: HermesVersion;
  env: Readonly<Record<string, string | undefined>>;
  /** Python's `sys.platform` for the context's OS. */
  sysPlatform: string;
  hermesHome: string;
  termux: boolean;
  /** config.yaml as Hermes's light reader sees it (`{}` when absent, unreadable or not a mapping). */
  rawConfig: PyDict;
  /** Whether config.yaml exists but could not be loaded (for a finding). */
  configProblem: string | null;
  /** `HERMES_HOME/.env` keys and values (empty when absent). */
  dotenv: Map<string, string>;
  /** Active environments for the `environments` gate. */
  environments: ReadonlySet<string>;
  tools: ReadonlySet<string> | null;
  toolsets: ReadonlySet<string> | null;
  /** The set of disabled names the index and skills_list use. */
  disabled: ReadonlySet<string>;
  /** The part of `disabled` that comes from `skills.platform_disabled.<platform>`, and that platform. */
  platformDisabled: ReadonlySet<string>;
  platformName: string | null;
  /** The run's view of the file system: everything Hermes reads goes through it. */
  fs: FsView;
}

/** `os.getenv(name)`: the value, or undefined when unset. */
export function getenv(host: Pick<Host, 'env'>, name: string): string | undefined {
  const v = host.env[name];
  return v === undefined ? undefined : v;
}

/** Python's `sys.platform` for a Node platform name. */
export function sysPlatformOf(p: NodeJS.Platform): string {
  switch (p) {
    case 'sunos':
      return 'sunos5';
    case 'android':
      // Python 3.11 (the version Hermes was run with) reports Android/Termux as `linux`.
      return 'linux';
    default:
      return p;
  }
}

export function hermesHomeOf(ctx: RuntimeContext): string {
  if (ctx.hermesHome) return ctx.hermesHome;
  const fromEnv = ctx.env.HERMES_HOME;
  if (fromEnv !== undefined && pyStrip(fromEnv) !== '') return fromEnv;
  return path.join(ctx.home, '.hermes');
}

function readText(file: string, view: FsView): { text: string | null; error: string | null } {
  let buf: Buffer;
  try {
    const st = view.stat(file);
    if (!st.isFile()) return { text: null, error: 'not a file' };
    if (st.size > 4 * 1024 * 1024) return { text: null, error: 'too large' };
    buf = view.readFile(file);
  } catch (e) {
    return { text: null, error: (e as NodeJS.ErrnoException).code === 'ENOENT' ? null : String((e as Error).message) };
  }
  const d = decodeUtf8(buf);
  return d.ok ? { text: d.text.replace(/\r\n?/g, '\n'), error: null } : { text: null, error: d.error };
}

function loadConfig(home: string, view: FsView): { config: PyDict; problem: string | null } {
  const { text, error } = readText(path.join(home, 'config.yaml'), view);
  if (text === null) return { config: new PyDict(), problem: error };
  const r = loadYaml11(text);
  if (!r.ok) return { config: new PyDict(), problem: r.message };
  return {
    config: r.value instanceof PyDict ? r.value : new PyDict(),
    problem: r.value instanceof PyDict || r.value === null ? null : 'config.yaml is not a mapping',
  };
}

/** `load_env()` (tools/skills_tool.py): `KEY=value` lines of `HERMES_HOME/.env`; blank lines and `#`
 *  comments skipped, an `export ` prefix dropped, values stripped of whitespace and quotes. */
function loadDotenv(home: string, view: FsView): Map<string, string> {
  const out = new Map<string, string>();
  let buf: Buffer;
  try {
    buf = view.readFile(path.join(home, '.env'));
  } catch {
    return out;
  }
  let text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }).decode(buf);
  text = text.replace(/\r\n?/g, '\n');
  for (const raw of text.split('\n')) {
    let line = pyStrip(raw);
    if (!line || line.startsWith('#') || !line.includes('=')) continue;
    if (line.startsWith('export ')) line = line.slice(7);
    const at = line.indexOf('=');
    out.set(pyStrip(line.slice(0, at)), pyStrip(pyStrip(line.slice(at + 1)), '"\''));
  }
  return out;
}

/** `hermes_cli.config.load_config()` value for a top-level key: the user's value when config.yaml sets
 *  it (a mapping merged over the defaults), else the default. */
export function loadConfigValue(host: Host, key: string, fallback: PyValue): PyValue {
  const v = host.rawConfig.get(key);
  return v === undefined ? fallback : v;
}

function detectContainer(env: RuntimeContext['env'], view: FsView): boolean {
  const exists = (p: string): boolean => view.exists(p);
  const read = (p: string): string => {
    try {
      return view
        .readFile(p)
        .toString('utf8')
        .slice(0, 1 << 20);
    } catch {
      return '';
    }
  };
  if (exists('/.dockerenv') || exists('/run/.containerenv') || env.KUBERNETES_SERVICE_HOST) return true;
  const cgroup = read('/proc/1/cgroup');
  if (['docker', 'podman', '/lxc/', 'kubepods', 'containerd', 'crio'].some((m) => cgroup.includes(m))) return true;
  // cgroup v2: only the root mount line of mountinfo names the runtime.
  return read('/proc/self/mountinfo')
    .split('\n')
    .filter((l) => l.split(/\s+/)[4] === '/')
    .some((l) => ['kubepods', 'containerd', 'crio'].some((m) => l.includes(m)));
}

/** Names in `skills.disabled` plus `skills.platform_disabled.<platform>` (SU:357-400), each `str(v).strip()`.
 *  A list (or any iterable) or one string is read; another scalar counts as nothing. */
function disabledNames(host: Omit<Host, 'disabled' | 'platformDisabled' | 'platformName' | 'fs'>): {
  all: Set<string>;
  platform: Set<string>;
  platformName: string | null;
} {
  const platform = getenv(host, 'HERMES_PLATFORM') || getenv(host, 'HERMES_SESSION_PLATFORM') || null;
  const skills = host.rawConfig.get('skills');
  if (!(skills instanceof PyDict)) return { all: new Set(), platform: new Set(), platformName: platform };
  const norm = (v: PyValue | undefined): Set<string> => {
    const out = new Set<string>();
    if (v === undefined || v === null) return out;
    let items: PyValue[];
    if (typeof v === 'string') items = [v];
    else {
      try {
        items = pyIter(v);
      } catch {
        return out;
      }
    }
    for (const item of items) {
      const s = pyStrip(pyStr(item));
      if (s) out.add(s);
    }
    return out;
  };
  const names = norm(skills.get('disabled'));
  const fromPlatform = new Set<string>();
  if (platform) {
    const pd = skills.get('platform_disabled');
    if (pd instanceof PyDict) {
      const list = pd.get(platform);
      if (list !== undefined && list !== null) for (const n of norm(list)) fromPlatform.add(n);
    }
  }
  return { all: new Set([...names, ...fromPlatform]), platform: fromPlatform, platformName: platform };
}

/** The kanban probe: HERMES_KANBAN_TASK or HERMES_KANBAN_BOARD non-empty, or `kanban` in config.yaml's
 *  `toolsets` (Python `in`: a list holds it, a string contains it). */
function kanbanActive(host: Omit<Host, 'disabled' | 'environments' | 'platformDisabled' | 'platformName' | 'fs'>): boolean {
  if (getenv(host, 'HERMES_KANBAN_TASK') || getenv(host, 'HERMES_KANBAN_BOARD')) return true;
  const toolsets = host.rawConfig.get('toolsets');
  try {
    return pyIn('kanban', toolsets === undefined ? new PyList(['hermes-cli']) : toolsets);
  } catch {
    return false;
  }
}

export function makeHost(ctx: RuntimeContext, options: HermesOptions = {}): Host {
  const view = options.fsView ?? new FsView();
  const hermesHome = hermesHomeOf(ctx);
  const { config, problem } = loadConfig(hermesHome, view);
  const prefix = ctx.env.PREFIX ?? '';
  const base = {
    version: hermesVersionOf(ctx, options),
    env: ctx.env,
    sysPlatform: sysPlatformOf(ctx.platform),
    hermesHome,
    termux: Boolean(ctx.env.TERMUX_VERSION) || prefix.includes('com.termux/files/usr'),
    rawConfig: config,
    configProblem: problem,
    dotenv: loadDotenv(hermesHome, view),
    tools: ctx.tools === undefined || ctx.tools === null ? null : new Set(ctx.tools),
    toolsets: ctx.toolsets === undefined || ctx.toolsets === null ? null : new Set(ctx.toolsets),
  };
  let environments: Set<string>;
  if (ctx.environments !== undefined) environments = new Set(ctx.environments.map((e) => pyStrip(e.toLowerCase())));
  else {
    environments = new Set();
    if (kanbanActive(base)) environments.add('kanban');
    if (options.probes?.container ?? detectContainer(ctx.env, view)) environments.add('docker');
    if (options.probes?.s6 ?? (view.isDir('/run/s6') || view.isDir('/package/admin/s6-overlay'))) environments.add('s6');
  }
  const withEnv = { ...base, environments };
  const d = disabledNames(withEnv);
  return { ...withEnv, disabled: d.all, platformDisabled: d.platform, platformName: d.platformName, fs: view };
}

/** `os.path.expandvars`: `$NAME` and `${NAME}` replaced when set, left as written otherwise. */
function expandVars(s: string, env: RuntimeContext['env']): string {
  return s.replace(/\$(\w+|\{[^}]*\})/gu, (m, name: string) => {
    const key = name.startsWith('{') ? name.slice(1, -1) : name;
    const v = env[key];
    return v === undefined ? m : v;
  });
}

/** `os.path.expanduser` for `~` and `~/…` (HOME from the environment). */
function expandUser(s: string, host: Host, home: string): string {
  if (s !== '~' && !s.startsWith('~/')) return s;
  const h = getenv(host, 'HOME') ?? home;
  return h + s.slice(1);
}

/** `get_external_skills_dirs()` (SU): `skills.external_dirs` (one string or a list) from config.yaml, each
 *  `~` and `$VAR` expanded, relative paths taken from HERMES_HOME, symbolic links resolved; the local
 *  skills folder itself, repeats and paths that are not folders are skipped. */
export function externalSkillDirs(host: Host, localRoot: string, home: string, resolve: (p: string) => string): string[] {
  const skills = host.rawConfig.get('skills');
  if (!(skills instanceof PyDict)) return [];
  let raw: PyValue | undefined = skills.get('external_dirs');
  if (raw === undefined || raw === null || raw === '' || raw === false) return [];
  if (typeof raw === 'string') raw = new PyList([raw]);
  if (!(raw instanceof PyList)) return [];
  const local = resolve(localRoot);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const entry of raw.items) {
    const s = pyStrip(pyStr(entry));
    if (!s) continue;
    const expanded = expandUser(expandVars(s, host.env), host, home);
    const p = resolve(path.isAbsolute(expanded) ? expanded : path.join(host.hermesHome, expanded));
    if (p === local || seen.has(p) || !host.fs.isDir(p)) continue;
    seen.add(p);
    out.push(p);
  }
  return out;
}
