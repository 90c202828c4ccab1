// One run of an agent release on one case folder, exactly as ../shared/golden/<runtime>/README.md says the golden
// cases were run:
//   1. `root/` is copied byte for byte (symlinks kept) to a fresh `/tmp/golden-XXXXXXXX` (20 characters: Codex
//      prints absolute paths and its roots table takes budget, so the length matters); `git init -q` runs in each
//      `git` folder; the `home` and `cwd` folders are created when git did not keep them;
//   2. a mock model endpoint starts on 127.0.0.1 (mock.mjs);
//   3. the release's native binary runs from `<root>/<cwd>`, stdin closed, in its own process group, with exactly
//      `PATH=/usr/bin:/bin HOME=<root>/<home>`, the case's `env` ($ROOT replaced) and the variables the README's
//      runner adds for the mock (nothing else from this process's environment);
//   4. the skills section is cut from the first model request as the README defines it, and the root is written
//      back as `$ROOT`; stderr lines that mention skills are kept (Codex: timestamp removed).
// Every run is bounded: a timeout kills the whole process group; there are no retries.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { mirror } from '../sandbox.mjs';
import { startDnsRefuser, startMock } from './mock.mjs';
import { launch, pkgCacheHome } from './provision.mjs';

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A new empty `/tmp/golden-XXXXXXXX` (20 characters). */
export function makeRoot() {
  for (let i = 0; i < 100; i++) {
    const suffix = Array.from(randomBytes(8), (b) => ALNUM[b % ALNUM.length]).join('');
    const dir = `/tmp/golden-${suffix}`;
    try {
      mkdirSync(dir);
      return dir;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
    }
  }
  throw new Error('cannot create a /tmp/golden-XXXXXXXX folder');
}

/** Folders above the temporary roots that would add skills to cases without git (the READMEs: `/tmp` and `/`
 *  must hold none). Returns the offending paths. */
export function pollutedParents() {
  const names = ['.claude/skills', '.claude/commands', '.github/skills', '.agents/skills', '.codex/skills'];
  return ['/tmp', '/'].flatMap((p) => names.map((n) => join(p, n))).filter((p) => existsSync(p));
}

/**
 * Sets a case folder up (case.json + root/) in a fresh root. Returns `{ root, cwd, home, caseEnv, spec,
 * dispose }`; `caseEnv` is the case's env with `$ROOT` replaced.
 */
export function setUpSandbox(caseDir) {
  const spec = JSON.parse(readFileSync(join(caseDir, 'case.json'), 'utf8'));
  const root = makeRoot();
  try {
    if (existsSync(join(caseDir, 'root'))) mirror(join(caseDir, 'root'), root, join(caseDir, 'root'));
    const home = join(root, spec.home ?? 'home');
    const cwd = join(root, spec.cwd ?? 'project');
    mkdirSync(home, { recursive: true });
    mkdirSync(cwd, { recursive: true });
    for (const g of spec.git ?? []) {
      const dir = join(root, g);
      mkdirSync(dir, { recursive: true });
      const r = spawnSync('git', ['init', '-q'], {
        cwd: dir,
        env: { PATH: '/usr/bin:/bin', HOME: home, GIT_CONFIG_NOSYSTEM: '1' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      if (r.status !== 0) throw new Error(`git init in ${g}: ${r.stderr || r.error}`);
    }
    const caseEnv = Object.fromEntries(Object.entries(spec.env ?? {}).map(([k, v]) => [k, String(v).split('$ROOT').join(root)]));
    return { root, cwd, home, caseEnv, spec, dispose: () => rmSync(root, { recursive: true, force: true }) };
  } catch (e) {
    rmSync(root, { recursive: true, force: true });
    throw e;
  }
}

/** What each runtime needs: the runner's variables and arguments, which request holds the section, and how the
 *  section is cut from it. */
export const RUNTIME_SPECS = {
  'claude-code': {
    env: (origin) => ({
      ANTHROPIC_BASE_URL: origin,
      ANTHROPIC_API_KEY: 'sk-ant-mock',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_TELEMETRY: '1',
    }),
    args: () => ['-p', 'hello'],
    isModelRequest: (r) => /\/v1\/messages$/.test(r.path),
    // From the header line through the last entry line: the section ends before the blank line that follows
    // it (system message: `\n\nToday's date is …`) or before `\n</system-reminder>` (4.x models).
    cut(text) {
      const header = 'The following skills are available for use with the Skill tool:';
      const i = text.indexOf(header);
      if (i < 0) return null;
      const from = i + header.length + 2; // past "\n\n"
      const ends = [text.indexOf('\n\n', from), text.indexOf('\n</system-reminder>', from)].filter((n) => n >= 0);
      return text.slice(i, ends.length ? Math.min(...ends) : text.length);
    },
  },
  codex: {
    env: () => ({ MOCK_API_KEY: 'mock' }),
    args: (origin) => [
      'exec',
      '--skip-git-repo-check',
      '-c',
      'model_provider="mock"',
      '-c',
      'model_providers.mock.name="mock"',
      '-c',
      `model_providers.mock.base_url="${origin}/v1"`,
      '-c',
      'model_providers.mock.wire_api="responses"',
      '-c',
      'model_providers.mock.env_key="MOCK_API_KEY"',
      'hello',
    ],
    isModelRequest: (r) => /\/v1\/responses$/.test(r.path),
    cut: (text) => cutTags(text, '<skills_instructions>', '</skills_instructions>'),
  },
  'copilot-cli': {
    env: (origin) => ({
      COPILOT_OFFLINE: 'true',
      COPILOT_AUTO_UPDATE: 'false',
      COPILOT_ALLOW_ALL: 'true',
      COPILOT_PROVIDER_BASE_URL: `${origin}/v1`,
      COPILOT_PROVIDER_TYPE: 'openai',
      COPILOT_PROVIDER_API_KEY: 'mock',
      COPILOT_MODEL: 'gpt-4.1',
      COPILOT_PKG_CACHE_HOME: pkgCacheHome(),
    }),
    args: () => ['-p', 'hello'],
    isModelRequest: (r) => /\/v1\/chat\/completions$/.test(r.path),
    cut: (text) => cutTags(text, '<available_skills>', '</available_skills>'),
  },
  'gemini-cli': {
    env: (origin) => ({ GEMINI_API_KEY: 'mock', GOOGLE_GEMINI_BASE_URL: origin, GEMINI_CLI_TRUST_WORKSPACE: 'true' }),
    args: () => ['-m', 'gemini-2.5-flash', '-p', 'hello'],
    prepare: (sandbox) => mergeHomeJson(sandbox.home, '.gemini/settings.json', { security: { auth: { selectedType: 'gemini-api-key' } } }),
    isModelRequest: (r) => /:(?:streamGenerateContent|generateContent)$/.test(r.path),
    cut: (text) => cutTags(text, '# Available Agent Skills', '</available_skills>'),
  },
  opencode: {
    env: () => ({ OPENCODE_DISABLE_MODELS_FETCH: '1', OPENCODE_DISABLE_AUTOUPDATE: '1', OPENCODE_DISABLE_DEFAULT_PLUGINS: '1' }),
    args: () => ['run', 'hello'],
    prepare: (sandbox, origin) =>
      mergeHomeJson(sandbox.home, '.config/opencode/opencode.json', {
        model: 'anthropic/claude-sonnet-4-5',
        provider: { anthropic: { options: { baseURL: `${origin}/v1`, apiKey: 'mock' } } },
      }),
    // The first request asks for a title; the turn's own request is the one whose system prompt is not the
    // title generator's.
    isModelRequest: (r) => /\/v1\/messages$/.test(r.path) && !isTitleRequest(r),
    cut: (text) => cutTags(text, '<available_skills>', '</available_skills>'),
  },
  'qwen-code': {
    env: (origin) => ({ OPENAI_API_KEY: 'mock', OPENAI_BASE_URL: `${origin}/v1`, OPENAI_MODEL: 'gpt-4.1' }),
    args: () => ['-p', 'hello'],
    prepare: (sandbox) => mergeHomeJson(sandbox.home, '.qwen/settings.json', { security: { auth: { selectedType: 'openai' } } }),
    isModelRequest: (r) => /\/v1\/chat\/completions$/.test(r.path),
    cut: (text) => cutTags(text, '<available_skills>', '</available_skills>'),
  },
};

/** OpenCode's title request: a system prompt about generating a title (its first model request). */
function isTitleRequest(r) {
  const system = r.json?.system;
  const text = Array.isArray(system) ? system.map((p) => (typeof p === 'string' ? p : (p?.text ?? ''))).join('\n') : String(system ?? '');
  return /\btitle\b/i.test(text.slice(0, 400));
}

/** Writes `patch` into the JSON file `rel` under HOME, merged key by key into what the case put there (objects
 *  merged, anything else replaced): the runner's own keys (auth type, the mock's address) beside the case's
 *  settings. A file that is not a JSON object is left alone (the case is about that file). */
function mergeHomeJson(home, rel, patch) {
  const file = join(home, rel);
  let base = {};
  if (existsSync(file)) {
    try {
      base = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return;
    }
    if (!base || typeof base !== 'object' || Array.isArray(base)) return;
  }
  const merge = (a, b) => {
    const out = { ...a };
    for (const [k, v] of Object.entries(b))
      out[k] = v && typeof v === 'object' && !Array.isArray(v) && out[k] && typeof out[k] === 'object' && !Array.isArray(out[k]) ? merge(out[k], v) : v;
    return out;
  };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(merge(base, patch), null, 2) + '\n');
}

/** The files a runtime's runner adds to a sandbox's HOME before both the emulation and the release run
 *  (idempotent). */
export function prepareSandbox(runtime, sandbox, origin) {
  RUNTIME_SPECS[runtime].prepare?.(sandbox, origin);
}

/** `open` through `close` (the closing tag at the start of a line, so a description holding it cannot end the
 *  section early). */
function cutTags(text, open, close) {
  const i = text.indexOf(open);
  if (i < 0) return null;
  const j = text.indexOf(`\n${close}`, i);
  return j < 0 ? null : text.slice(i, j + 1 + close.length);
}

/** Every string inside a parsed JSON value, depth first, in document order. */
function* strings(value) {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const v of value) yield* strings(v);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) yield* strings(v);
}

/** The section in a request body ('' when none). Several strings holding it would be a surprise: reported. */
export function extractSection(runtime, request) {
  const spec = RUNTIME_SPECS[runtime];
  const found = [];
  for (const s of strings(request.json)) {
    const cut = spec.cut(s);
    if (cut !== null) found.push(cut);
  }
  return { section: found[0] ?? '', copies: found.length };
}

// ---- Built-in entries --------------------------------------------------------------------------------------
// listing.txt leaves the release's own built-in entries out (the golden READMEs); so does the oracle. Codex marks
// them by their root (`…/.codex/skills/.system` in the roots table), Copilot by `<location>builtin</location>`
// (and by name on the `Additional skills` line), Claude Code by name only: its built-in names are read once
// from a run on an empty tree (`probeBuiltinNames`, kept in the release's stamp; names only, never text). An
// entry named like a built-in is the tree's own when the tree has a skill (or command) of that name: a user
// skill named like a built-in replaces it.

/** The names the tree's skills may be listed under: each folder holding a SKILL.md (symlinked ones too), its
 *  frontmatter `name` (spaces as `-`), and each legacy command file's name. */
export function treeNames(root) {
  const names = new Set();
  const walk = (dir, depth) => {
    if (depth > 12) return;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.name === 'SKILL.md') {
        names.add(basename(dir));
        try {
          const m = /^\s*name:\s*(.*?)\s*$/m.exec(readFileSync(p, 'utf8'));
          if (m) names.add(m[1].replace(/^(["'])(.*)\1$/, '$2').replace(/ +/g, '-'));
        } catch {
          /* unreadable: its folder name is enough */
        }
      } else if (e.isDirectory() && e.name !== '.git') walk(p, depth + 1);
      else if (e.isSymbolicLink() && existsSync(join(p, 'SKILL.md'))) names.add(e.name);
      else if (e.isFile() && e.name.endsWith('.md') && dir.includes(`${sep}commands`)) names.add(e.name.slice(0, -3));
    }
  };
  walk(root, 0);
  return names;
}

const CLAUDE_HEADER = 'The following skills are available for use with the Skill tool:';

/** How a built-in block is told by its location, for the runtimes that list one block per skill with it. */
const BLOCK_BUILTIN = {
  'gemini-cli': (location) => !location.startsWith('$ROOT/'),
  opencode: (location) => location === '&lt;built-in&gt;',
  'qwen-code': (location) => location === 'bundled',
};

/** `section` without the built-in entries, and those entries as `[{ name, chars }]` (the golden `builtins`). */
export function splitBuiltins(runtime, section, { builtinNames = [], tree = new Set() } = {}) {
  if (!section) return { section, builtins: [] };
  const isBuiltinName = (n) => builtinNames.includes(n) && !tree.has(n);
  if (runtime === 'codex') {
    const system = new Set();
    for (const m of section.matchAll(/^- `(r\d+)` = `(.*)`$/gm)) if (/\/skills\/\.system$/.test(m[2])) system.add(m[1]);
    const builtins = [];
    const kept = section.split('\n').filter((line) => {
      const m = /^- ([^:]*):.* \(file: (r\d+)\/[^\n]*\)$/.exec(line) ?? /^- ([^:]*): \(file: (r\d+)\/[^\n]*\)$/.exec(line);
      if (m && system.has(m[2])) {
        builtins.push({ name: m[1], chars: line.length });
        return false;
      }
      return true;
    });
    return { section: kept.join('\n'), builtins };
  }
  if (BLOCK_BUILTIN[runtime]) {
    // Gemini CLI, OpenCode, Qwen Code: one `<skill>` block per skill; a built-in is told by its location (the
    // release's own install folder, `<built-in>`, `bundled`), never by name. Gemini's location is a path inside
    // the install, which differs by machine: its width is counted without the location's text.
    const builtins = [];
    const out = section.replace(/^ *<skill>\n[\s\S]*?^ *<\/skill>\n/gm, (block) => {
      const location = /<location>\s*([\s\S]*?)\s*<\/location>/.exec(block)?.[1] ?? '';
      if (!BLOCK_BUILTIN[runtime](location)) return block;
      const name = /<name>\s*([\s\S]*?)\s*<\/name>/.exec(block)?.[1] ?? '';
      const chars = runtime === 'gemini-cli' ? block.length - location.length : block.length;
      builtins.push({ name, chars });
      return '';
    });
    return { section: out, builtins };
  }
  if (runtime === 'copilot-cli') {
    const builtins = [];
    let out = section.replace(/<skill>\n {2}<name>([^<]*)<\/name>\n[\s\S]*?<\/skill>\n/g, (block, name) => {
      if (!block.includes('\n  <location>builtin</location>\n')) return block;
      builtins.push({ name, chars: block.length });
      return '';
    });
    out = out.replace(/^(Additional skills available \(invoke by name\): )(.*)\n/m, (line, lead, list) => {
      const names = list.split(', ');
      const keep = names.filter((n) => {
        if (!isBuiltinName(n)) return true;
        builtins.push({ name: n, chars: n.length });
        return false;
      });
      return keep.length ? `${lead}${keep.join(', ')}\n` : '';
    });
    return { section: out, builtins };
  }
  // Claude Code: entries are `- name…` lines; a built-in entry may span lines (its continuation lines are any
  // lines up to the next line that starts an entry of a known name).
  if (!section.startsWith(CLAUDE_HEADER)) return { section, builtins: [] };
  const lines = section.slice(CLAUDE_HEADER.length + 2).split('\n');
  const nameOf = (line) => /^- (.*?)(?: \(|:|$)/.exec(line)?.[1] ?? '';
  const entries = [];
  for (const line of lines) {
    const cur = entries.at(-1);
    const name = line.startsWith('- ') ? nameOf(line) : null;
    const starts = name !== null && (!cur || !cur.builtin || builtinNames.includes(name) || tree.has(name));
    if (starts) entries.push({ name, lines: [line], builtin: isBuiltinName(name) });
    else if (cur) cur.lines.push(line);
    else entries.push({ name: '', lines: [line], builtin: false });
  }
  const builtins = entries.filter((e) => e.builtin).map((e) => ({ name: e.name, chars: e.lines.join('\n').length }));
  const kept = entries.filter((e) => !e.builtin).map((e) => e.lines.join('\n'));
  return { section: kept.length ? `${CLAUDE_HEADER}\n\n${kept.join('\n')}` : CLAUDE_HEADER, builtins };
}

/** `text` with every occurrence of `root` written `$ROOT`. */
export function rootRelative(text, root) {
  return text.split(root).join('$ROOT');
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

/** The stderr lines that mention skills: ANSI colours and a leading timestamp removed, the root as `$ROOT`. */
export function skillStderr(stderr, root) {
  return stderr
    .split(/\r?\n/)
    .map((l) =>
      l
        .replace(ANSI, '')
        .replace(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z?\s+/, '')
        .trimEnd(),
    )
    .filter((l) => /skill/i.test(l))
    .map((l) => rootRelative(l, root));
}

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    /* gone */
  }
}

/** The whole environment a release runs with (and the emulation is given): `env -i` plus exactly the README's
 *  variables. */
export function releaseEnv(runtime, sandbox, origin) {
  return { PATH: '/usr/bin:/bin', HOME: sandbox.home, ...sandbox.caseEnv, ...RUNTIME_SPECS[runtime].env(origin) };
}

/** A port for the mock: in an isolated run any port is free (a namespace of its own), else one the kernel gives. */
export async function pickPort(isolated) {
  if (isolated) return 43117;
  const { createServer } = await import('node:net');
  return new Promise((resolvePromise, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolvePromise(port));
    });
  });
}

/**
 * Runs a release in a set-up sandbox. `release` is provisionAgent()'s answer. Returns `{ section, stderr,
 * env, requests, code, signal, timedOut, ms, error? }`; `env` is the environment the release ran with (the
 * emulation is given the same). `port`: the mock's (0: a free one). `timeoutMs` bounds the whole run; once the model request has arrived the release
 * has `graceMs` more to finish its turn and exit.
 */
export async function runRelease(runtime, release, sandbox, { timeoutMs = 120_000, graceMs = 15_000, port = 0 } = {}) {
  const spec = RUNTIME_SPECS[runtime];
  const tree = treeNames(sandbox.root); // before the run: Codex writes its bundled skills into HOME
  const mock = await startMock(port);
  prepareSandbox(runtime, sandbox, mock.origin);
  const env = releaseEnv(runtime, sandbox, mock.origin);
  const t0 = performance.now();
  try {
    const l = launch(release.bin, spec.args(mock.origin));
    const child = spawn(l.file, l.args, { cwd: sandbox.cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    let timedOut = false;
    const exited = new Promise((resolvePromise) => {
      child.on('error', (e) => resolvePromise({ code: null, signal: null, spawnError: e.message }));
      child.on('close', (code, signal) => resolvePromise({ code, signal }));
    });
    const hard = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, timeoutMs);
    let grace;
    mock.waitFor(spec.isModelRequest, timeoutMs).then((r) => {
      if (r) grace = setTimeout(() => killGroup(child), graceMs);
    });
    const exit = await exited;
    clearTimeout(hard);
    clearTimeout(grace);
    killGroup(child); // whatever it left running
    const ms = performance.now() - t0;
    const first = mock.requests.find(spec.isModelRequest);
    const out = {
      env,
      requests: mock.requests.map((r) => `${r.method} ${r.path}`),
      code: exit.code,
      signal: exit.signal,
      timedOut,
      ms,
      stdout,
      stderr: skillStderr(stderr, sandbox.root),
      rawStderr: stderr,
    };
    if (exit.spawnError) return { ...out, section: '', error: `cannot start ${release.bin}: ${exit.spawnError}` };
    if (!first) {
      const tail = stderr.trim().split('\n').slice(-5).join('\n');
      return {
        ...out,
        section: '',
        error: `no model request (${timedOut ? 'timed out' : `exit ${exit.code ?? exit.signal}`}; requests: ${out.requests.join(', ') || 'none'})${tail ? `\n${tail}` : ''}`,
      };
    }
    const { section: whole, copies } = extractSection(runtime, first);
    const { section, builtins } = splitBuiltins(runtime, rootRelative(whole, sandbox.root), { builtinNames: release.builtinNames ?? [], tree });
    return { ...out, section, builtins, whole: release.keepWhole ? rootRelative(whole, sandbox.root) : undefined, copies };
  } finally {
    await mock.close();
  }
}

// ---- Network isolation -------------------------------------------------------------------------------------
// Codex looks up hosts (api.github.com, chatgpt.com) at start even when pointed at the mock. So that nothing at
// all leaves the machine, each run happens, where the kernel allows it, in a network namespace of its own whose
// only interface is loopback (`unshare -rnm`, `ip link set lo up`): this file is run there as a script, with the
// mock and the release both inside; the answer comes back as a JSON file.

// Inside, /etc/resolv.conf is (in a mount namespace of its own) one that names 127.0.0.1, so a host lookup is
// refused at once instead of waiting out the resolver's timeout on an unreachable network.
const ISOLATE_SH =
  'PATH=/usr/sbin:/sbin:/usr/bin:/bin; ip link set lo up || exit 97; ' +
  'if [ -n "$AGENTS_RESOLV" ] && [ -e /etc/resolv.conf ]; then mount --bind "$AGENTS_RESOLV" /etc/resolv.conf 2>/dev/null; fi; ' +
  'unset AGENTS_RESOLV; exec "$@"';

function resolvConf() {
  const f = join(tmpdir(), 'skill-author-agents-resolv.conf');
  if (!existsSync(f)) writeFileSync(f, 'nameserver 127.0.0.1\n');
  return f;
}

/** Whether runs can be isolated here (`unshare -rnm` and `ip` work). `{ ok, why }`. */
export function probeIsolation() {
  const r = spawnSync('unshare', ['-rnm', 'sh', '-c', ISOLATE_SH, 'sh', 'true'], {
    encoding: 'utf8',
    timeout: 10_000,
    env: { ...process.env, AGENTS_RESOLV: resolvConf() },
  });
  if (r.error) return { ok: false, why: r.error.message };
  return r.status === 0 ? { ok: true, why: '' } : { ok: false, why: (r.stderr || `exit ${r.status}`).trim() };
}

/** runRelease in a network namespace of its own (see above). Same answer as runRelease. */
export async function runReleaseIsolated(runtime, release, sandbox, opts = {}) {
  const { timeoutMs = 120_000 } = opts;
  const job = join(sandbox.root + '.job.json');
  const out = join(sandbox.root + '.out.json');
  writeFileSync(
    job,
    JSON.stringify({
      runtime,
      release: { bin: release.bin, builtinNames: release.builtinNames, keepWhole: release.keepWhole },
      sandbox: { root: sandbox.root, cwd: sandbox.cwd, home: sandbox.home, caseEnv: sandbox.caseEnv },
      opts,
      out,
    }),
  );
  try {
    const script = new URL(import.meta.url).pathname;
    const child = spawn('unshare', ['-rnm', 'sh', '-c', ISOLATE_SH, 'sh', process.execPath, script, job], {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
      env: { ...process.env, AGENTS_RESOLV: resolvConf() },
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => killGroup(child), timeoutMs + 20_000);
    const code = await new Promise((r) => child.on('close', (c, s) => r(c ?? s)));
    clearTimeout(timer);
    killGroup(child);
    try {
      return JSON.parse(readFileSync(out, 'utf8'));
    } catch {
      return { section: '', stderr: [], requests: [], ms: 0, error: `isolated run wrote nothing (exit ${code}): ${stderr.trim().slice(-1500)}` };
    }
  } finally {
    rmSync(job, { force: true });
    rmSync(out, { force: true });
  }
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
  const dns = await startDnsRefuser();
  const result = await runRelease(job.runtime, job.release, job.sandbox, job.opts);
  result.dnsQuestions = dns ? [...new Set(dns.questions)] : null;
  await dns?.close();
  writeFileSync(job.out, JSON.stringify(result));
}
