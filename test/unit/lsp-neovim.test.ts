// Neovim as the language server's client: Debian's `nvim` (0.7+, built-in LSP client) runs headless with
// the configuration docs/lsp.md documents (docs/lsp/skill-author.lua, with its defaults: `skill-author` from
// PATH, probes off), opens a SKILL.md, and writes the diagnostics it received; they must be what
// `check --json` reports for that file. scripts/neovim.mjs installs Neovim when missing and allowed; when it
// cannot, the test is skipped with the command that installs it.
import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { checkJson, CLI, REPO } from '../utils/cli';

const CONFIG = path.join(REPO, 'docs', 'lsp', 'skill-author.lua');
const HARNESS = path.join(REPO, 'test', 'fixtures', 'neovim', 'harness.lua');
const SEVERITY = ['', 'error', 'warning', 'information', 'hint'];

interface NvimOut {
  arrived: boolean;
  uri: string;
  clients: string[];
  version: string;
  diagnostics: Array<{
    line: number;
    column: number;
    endLine: number;
    endColumn: number;
    severity: number;
    message: string;
    code?: string;
    source?: string;
    href?: string;
  }>;
}

function runNvim(nvim: string, file: string, env: NodeJS.ProcessEnv, out: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(nvim, ['--headless', '-n', '-i', 'NONE', '-u', HARNESS, file], {
      cwd: path.dirname(file),
      env: { ...env, SA_CONFIG: CONFIG, SA_OUT: out },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

/** A finding as both sides are compared: what Neovim received, in check --json's words and positions. */
interface Compared {
  code: string | undefined;
  severity: string | undefined;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

interface Finding {
  code?: string | undefined;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

const compared = (d: Finding, severity: string | undefined): Compared => ({
  code: d.code,
  severity,
  message: d.message,
  line: d.line,
  column: d.column,
  endLine: d.endLine,
  endColumn: d.endColumn,
});

/** What Neovim received, and what check --json reports, in one shape and order. */
const received = (got: NvimOut): Compared[] => got.diagnostics.map((d) => compared(d, SEVERITY[d.severity])).sort(order);
const reported = (expected: ReadonlyArray<Finding & { severity: string }>): Compared[] => expected.map((d) => compared(d, d.severity)).sort(order);

const order = (a: { line: number; column: number; code?: string | undefined }, b: { line: number; column: number; code?: string | undefined }): number =>
  a.line - b.line || a.column - b.column || String(a.code).localeCompare(String(b.code));

describe('lsp: Neovim (headless, built-in LSP client) with the documented configuration', function () {
  this.timeout(180000);
  let nvim: string;
  let tmp: string;
  let env: NodeJS.ProcessEnv;

  before(function () {
    const r = spawnSync(process.execPath, [path.join(REPO, 'scripts', 'neovim.mjs')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 900000 });
    if (r.status !== 0) {
      console.log(`      skipped: ${r.stderr.trim()}`);
      this.skip();
    }
    nvim = r.stdout.trim().split(' (')[0] as string;
    tmp = mkdtempSync(path.join(tmpdir(), 'sa-lsp-nvim-'));
    const bin = path.join(tmp, 'bin');
    mkdirSync(bin);
    // `skill-author` on PATH, as an npm install puts it there: the configuration's default command.
    symlinkSync(CLI, path.join(bin, 'skill-author'));
    const home = path.join(tmp, 'home');
    mkdirSync(home);
    env = {
      PATH: `${bin}${path.delimiter}${path.dirname(process.execPath)}${path.delimiter}/usr/bin${path.delimiter}/bin`,
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_DATA_HOME: path.join(home, '.local', 'share'),
      XDG_STATE_HOME: path.join(home, '.local', 'state'),
      XDG_CACHE_HOME: path.join(home, '.cache'),
    };
  });

  after(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  for (const [name, rel, text] of [
    [
      'nexo-rs findings (an npm-style range, requirements thrown away)',
      'skills/media/convert/SKILL.md',
      '---\nname: convert\ndescription: Converts videos.\nrequires:\n  bins: ffmpeg\n  bin_versions:\n    ffmpeg: ">=4.0 <5"\ncolour: blue\n---\n\n# Convert\n',
    ],
    [
      'findings only Hermes makes',
      'skills/chat/herm/SKILL.md',
      '---\nname: herm\ndescription: A Hermes skill whose description is long enough to be cut in the Hermes index for sure, really long.\nplatforms: [linux, windows, plan9]\nprerequisites:\n  commands: [sa-missing-cmd]\n---\n\n# Herm\n',
    ],
  ] as const) {
    it(`shows check --json's findings for an opened SKILL.md: ${name}`, async () => {
      const ws = path.join(tmp, `ws-${rel.split('/')[2]}`);
      const file = path.join(ws, rel);
      mkdirSync(path.join(ws, '.git'), { recursive: true });
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
      const out = path.join(tmp, `${rel.split('/')[2]}.json`);
      const run = await runNvim(nvim, file, env, out);
      assert.equal(run.code, 0, `nvim exited ${run.code}: ${run.stderr}`);
      const got = JSON.parse(readFileSync(out, 'utf8')) as NvimOut;
      assert.ok(got.arrived, `Neovim received no diagnostics for ${got.uri} (clients: ${got.clients.join(', ') || 'none'})`);
      assert.deepEqual(got.clients, ['skill-author']);
      const expected = checkJson(ws, env, [ws]).get(file)?.diagnostics;
      assert.ok(expected && expected.length > 0, 'the fixture has findings');
      assert.deepEqual(received(got), reported(expected));
      for (const d of got.diagnostics) assert.match(String(d.source), /^skill-author/);
    });
  }

  it("shows check --json's findings for an opened nexo-rs plugin.toml (a stripped secret, a version with `v`)", async () => {
    const ws = path.join(tmp, 'ws-extension');
    const file = path.join(ws, 'extensions', 'notes-mail', 'plugin.toml');
    mkdirSync(path.join(ws, '.git'), { recursive: true });
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      '[plugin]\nid = "notes-mail"\nversion = "v1.0.0"\n\n[capabilities]\ntools = ["notes_mail"]\n\n[transport]\nkind = "stdio"\ncommand = "./bin/notes-mail"\n\n[requires]\nenv = ["NOTES_MAIL_TOKEN"]\n',
    );
    const out = path.join(tmp, 'extension.json');
    const run = await runNvim(nvim, file, { ...env, NOTES_MAIL_TOKEN: 'x' }, out);
    assert.equal(run.code, 0, `nvim exited ${run.code}: ${run.stderr}`);
    const got = JSON.parse(readFileSync(out, 'utf8')) as NvimOut;
    assert.ok(got.arrived, `Neovim received no diagnostics for ${got.uri} (clients: ${got.clients.join(', ') || 'none'})`);
    assert.deepEqual(got.clients, ['skill-author']);
    const checked = spawnSync(process.execPath, [CLI, 'check', '--json', '--no-probe', '.'], {
      cwd: ws,
      env: { ...env, NOTES_MAIL_TOKEN: 'x' },
      encoding: 'utf8',
    });
    type Found = { code: string; severity: string; message: string; line: number; column: number; endLine: number; endColumn: number };
    const report = JSON.parse(checked.stdout) as { extensions?: Array<{ path: string; diagnostics: Found[] }> };
    const expected = report.extensions?.find((e) => path.resolve(ws, e.path) === file)?.diagnostics;
    assert.ok(expected && expected.some((d) => d.severity === 'error'), JSON.stringify(report.extensions));
    assert.deepEqual(received(got), reported(expected));
  });

  it("shows check --json's findings for an opened config/extensions.yaml (an allowlisted id never discovered)", async () => {
    const ws = path.join(tmp, 'ws-extensions-config');
    const file = path.join(ws, 'config', 'extensions.yaml');
    mkdirSync(path.join(ws, '.git'), { recursive: true });
    mkdirSync(path.join(ws, 'config'), { recursive: true });
    mkdirSync(path.join(ws, 'extensions', 'notes'), { recursive: true });
    writeFileSync(
      path.join(ws, 'extensions', 'notes', 'plugin.toml'),
      '[plugin]\nid = "notes"\nversion = "1.0.0"\n\n[capabilities]\ntools = ["notes"]\n\n[transport]\nkind = "stdio"\ncommand = "./x"\n',
    );
    writeFileSync(file, 'extensions:\n  allowlist: [notes, notes-mail]\n');
    const out = path.join(tmp, 'extensions-config.json');
    const run = await runNvim(nvim, file, env, out);
    assert.equal(run.code, 0, `nvim exited ${run.code}: ${run.stderr}`);
    const got = JSON.parse(readFileSync(out, 'utf8')) as NvimOut;
    assert.ok(got.arrived, `Neovim received no diagnostics for ${got.uri} (clients: ${got.clients.join(', ') || 'none'})`);
    assert.deepEqual(got.clients, ['skill-author']);
    const checked = spawnSync(process.execPath, [CLI, 'check', '--json', '--no-probe', '.'], { cwd: ws, env, encoding: 'utf8' });
    type Found = { code: string; severity: string; message: string; line: number; column: number; endLine: number; endColumn: number };
    const report = JSON.parse(checked.stdout) as { extensions_config?: Array<{ path: string; diagnostics: Found[] }> };
    const expected = report.extensions_config?.[0]?.diagnostics;
    assert.ok(expected && expected.some((d) => d.code === 'nexo-ext-config-allowlist-unknown'), checked.stdout);
    assert.deepEqual(received(got), reported(expected));
  });
});

describe('lsp: the documented Neovim configuration', () => {
  it('docs/lsp.md shows the configuration the Neovim test runs, verbatim', () => {
    const doc = readFileSync(path.join(REPO, 'docs', 'lsp.md'), 'utf8');
    assert.ok(doc.includes(`\`\`\`lua\n${readFileSync(CONFIG, 'utf8')}\`\`\``), 'docs/lsp.md embeds docs/lsp/skill-author.lua in a ```lua block');
  });
});
