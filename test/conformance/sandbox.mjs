// One case's sandbox, set up as ../shared/golden/openclaw/README.md says a case was run: a fresh HOME whose
// ~/.openclaw/openclaw.json is `case.json` `config`, the case's `skills/` (and `outside/`) copied byte for
// byte to ~/.openclaw/workspace/, a PATH of one folder holding the fake executables of `bins`, and the
// environment `env` + PATH + HOME + an empty OPENCLAW_BUNDLED_SKILLS_DIR. Both sides of the comparison read
// this one sandbox.
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  copyFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';

/** A regular file whose whole content is a relative path to an entry of the case: a symlink that a checkout
 *  with core.symlinks=false flattened into a file (test/unit/golden-openclaw.test.ts reads them the same way). */
function flattenedLinkTarget(file, caseDir) {
  const st = lstatSync(file);
  if (!st.isFile() || st.size === 0 || st.size > 512) return null;
  const text = readFileSync(file, 'utf8');
  if (/[\n\r\0]/.test(text) || isAbsolute(text)) return null;
  const target = resolve(dirname(file), text);
  return target.startsWith(caseDir + sep) && existsSync(target) ? text : null;
}

/** Byte-exact copy of `src` into `dest`: files copied, symlinks kept as symlinks (flattened ones re-created). */
export function mirror(src, dest, caseDir) {
  mkdirSync(dest, { recursive: true });
  for (const name of readdirSync(src)) {
    const s = join(src, name);
    const d = join(dest, name);
    const st = lstatSync(s);
    if (st.isSymbolicLink()) symlinkSync(readlinkSync(s), d);
    else if (st.isDirectory()) mirror(s, d, caseDir);
    else {
      const link = flattenedLinkTarget(s, caseDir);
      if (link !== null) symlinkSync(link, d);
      else copyFileSync(s, d);
    }
  }
}

/** `config` with `plugins` merged in, one level deeper for `plugins.entries`. */
function withPlugins(config, plugins) {
  if (!plugins) return config;
  const base = config && typeof config === 'object' ? config : {};
  const was = base.plugins && typeof base.plugins === 'object' ? base.plugins : {};
  return { ...base, plugins: { ...was, ...plugins, entries: { ...(was.entries ?? {}), ...(plugins.entries ?? {}) } } };
}

/** Sets up `caseDir` (case.json, skills/, optional outside/) in a new temporary folder; `extraEnv` is added
 *  to the environment (run.mjs adds OPENCLAW_DISABLE_BUNDLED_PLUGINS=1 for a release whose bundled plugins
 *  bring skills), and `plugins` to the config's `plugins` (run.mjs's runs with the bundled plugins on). */
export function setUpCase(caseDir, parent = tmpdir(), extraEnv = {}, plugins = undefined) {
  const c = JSON.parse(readFileSync(join(caseDir, 'case.json'), 'utf8'));
  c.config = withPlugins(c.config, plugins);
  const tmp = mkdtempSync(join(parent, 'openclaw-conformance-'));
  const home = join(tmp, 'home');
  const stateDir = join(home, '.openclaw');
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(join(stateDir, 'openclaw.json'), JSON.stringify(c.config ?? {}, null, 2));
  const bin = join(tmp, 'bin');
  mkdirSync(bin);
  for (const b of c.bins ?? []) {
    const name = typeof b === 'string' ? b : b.name;
    const p = join(bin, name);
    writeFileSync(p, '#!/bin/sh\nexit 0\n');
    chmodSync(p, typeof b === 'string' ? 0o755 : parseInt(b.mode, 8));
  }
  const bundled = join(tmp, 'bundled-skills');
  mkdirSync(bundled);
  const workspace = join(stateDir, 'workspace');
  const caseReal = resolve(caseDir);
  mirror(join(caseDir, 'skills'), join(workspace, 'skills'), caseReal);
  if (existsSync(join(caseDir, 'outside'))) mirror(join(caseDir, 'outside'), join(workspace, 'outside'), caseReal);
  const env = { ...(c.env ?? {}), PATH: bin, HOME: home, OPENCLAW_BUNDLED_SKILLS_DIR: bundled, ...extraEnv };
  return {
    tmp,
    home,
    cwd: tmp,
    root: join(workspace, 'skills'),
    env,
    description: c.description ?? '',
    dispose: () => rmSync(tmp, { recursive: true, force: true }),
  };
}

/** `text` with the sandbox's home written `~` (the golden data's only rewrite). */
export function homeRelative(text, home) {
  return text
    .split(home + sep)
    .join('~/')
    .split(`"${home}"`)
    .join('"~"');
}
