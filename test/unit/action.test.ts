// The GitHub Action (action.yml) and the pre-commit hook (.pre-commit-hooks.yaml), run here as GitHub and
// pre-commit would run them: each `run` step of the action in a copy of the repository as the action's
// checkout (`github.action_path`), with its inputs set, on examples/. Only `actions/setup-node` is not run:
// this machine's Node stands for it.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';

const root = join(__dirname, '..', '..', '..');
const exec = promisify(execFile);

interface Step {
  uses?: string;
  run?: string;
  id?: string;
  shell?: string;
  'working-directory'?: string;
  env?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { default?: string; description: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

const action = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as Action;

/** `${{ github.action_path }}` and `${{ inputs.X }}` as the runner substitutes them. */
function expand(text: string, actionPath: string, inputs: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, expr: string) => {
    if (expr === 'github.action_path') return actionPath;
    if (expr.startsWith('inputs.')) return inputs[expr.slice('inputs.'.length)] ?? '';
    throw new Error(`unexpected expression ${expr}`);
  });
}

async function runStep(
  step: Step,
  actionPath: string,
  inputs: Record<string, string>,
  outputFile: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, GITHUB_OUTPUT: outputFile, npm_config_prefer_offline: 'true' };
  for (const [k, v] of Object.entries(step.env ?? {})) env[k] = expand(v, actionPath, inputs);
  const cwd = step['working-directory'] ? expand(step['working-directory'], actionPath, inputs) : join(root);
  assert.equal(step.shell, 'bash');
  try {
    const { stdout, stderr } = await exec('bash', ['-e', '-o', 'pipefail', '-c', expand(step.run ?? '', actionPath, inputs)], {
      cwd,
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe('GitHub Action', function () {
  this.timeout(300_000);
  let tmp = '';
  let actionPath = '';
  const inputsWith = (over: Record<string, string>): Record<string, string> => ({
    ...Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, v.default ?? ''])),
    ...over,
  });
  const checkStep = (): Step => action.runs.steps.find((s) => s.id === 'check') as Step;

  before(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'skill-author-action-'));
    actionPath = join(tmp, 'action');
    for (const f of ['action.yml', 'package.json', 'package-lock.json', 'tsconfig.json', 'src', 'scripts', 'schemas'])
      cpSync(join(root, f), join(actionPath, f), { recursive: true });
    // Every step before the check, as the runner runs them (the build: npm ci and a production build).
    assert.equal(action.runs.using, 'composite');
    for (const step of action.runs.steps) {
      if (step.id === 'check') break;
      if (step.uses) {
        assert.match(step.uses, /^actions\/setup-node@v\d+$/);
        continue;
      }
      const r = await runStep(step, actionPath, inputsWith({}), join(tmp, 'output'));
      assert.equal(r.code, 0, r.stderr);
    }
  });

  after(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('annotates every finding and fails the step on errors (the default inputs)', async () => {
    const out = join(tmp, 'out-default');
    writeFileSync(out, '');
    const r = await runStep(checkStep(), actionPath, inputsWith({ path: 'examples/skills' }), out);
    assert.equal(r.code, 1, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.ok(lines.length > 3 && lines.every((l) => /^::(error|warning|notice) file=examples\/skills\//.test(l)), r.stdout);
    assert.equal(readFileSync(out, 'utf8'), 'sarif-file=\n');
  });

  it('writes SARIF and annotations in one step; fail-on never passes; a runtime and a baseline are passed through', async () => {
    const out = join(tmp, 'out-sarif');
    writeFileSync(out, '');
    const baseline = join(tmp, 'baseline.json');
    writeFileSync(
      baseline,
      (await exec(process.execPath, [join(root, 'dist', 'cli.js'), 'check', '--json', 'examples/skills'], { cwd: root }).catch((e: { stdout: string }) => e))
        .stdout,
    );
    const sarif = join(tmp, 'results.sarif');
    const r = await runStep(
      checkStep(),
      actionPath,
      inputsWith({ path: 'examples/skills examples/openclaw', format: 'github,sarif', 'sarif-file': sarif, 'fail-on': 'never', runtime: 'openclaw@2026.9.6' }),
      out,
    );
    assert.equal(r.code, 0, r.stderr);
    const log = JSON.parse(readFileSync(sarif, 'utf8')) as { version: string; runs: Array<{ results: unknown[] }> };
    assert.equal(log.version, '2.1.0');
    assert.ok((log.runs[0]?.results.length ?? 0) > 0);
    assert.equal(readFileSync(out, 'utf8'), `sarif-file=${sarif}\n`);
    // Every finding of the baseline is known: nothing new fails the check.
    const withBaseline = await runStep(checkStep(), actionPath, inputsWith({ path: 'examples/skills', baseline }), join(tmp, 'out-baseline'));
    assert.equal(withBaseline.code, 0, withBaseline.stdout + withBaseline.stderr);
  });

  it('a path with spaces or shell characters is an argument, never shell text', async () => {
    const r = await runStep(checkStep(), actionPath, inputsWith({ path: 'examples/skills/$(touch${IFS}pwned)' }), join(tmp, 'out-hostile'));
    assert.equal(r.code, 2);
    assert.match(r.stderr, /skill-author: /);
    assert.throws(() => readFileSync(join(root, 'pwned')));
  });

  it('pre-commit: the hook runs `skill-author check` on the staged SKILL.md files it matches', async () => {
    const hooks = parse(readFileSync(join(root, '.pre-commit-hooks.yaml'), 'utf8')) as Array<Record<string, unknown>>;
    const hook = hooks.find((h) => h['id'] === 'skill-author');
    assert.ok(hook);
    assert.equal(hook['language'], 'node');
    const [command, ...args] = String(hook['entry']).split(' ');
    assert.equal(command, 'skill-author', 'the package’s bin');
    const matches = new RegExp(hook['files'] as string);
    const staged = [
      'examples/skills/dev/git-helper/SKILL.md',
      'examples/skills/dev/node-release/SKILL.md',
      'README.md',
      'examples/skills/dev/git-helper/notes.md',
    ];
    const files = staged.filter((f) => matches.test(f));
    assert.deepEqual(files, staged.slice(0, 2));
    // pre-commit appends the files to the entry; the installed bin is dist/cli.js.
    const hookRun = async (fs: string[]): Promise<number> =>
      exec(process.execPath, [join(root, 'dist', 'cli.js'), ...args, ...fs], { cwd: root }).then(
        () => 0,
        (e: { code: number }) => e.code,
      );
    assert.equal(await hookRun(files), 1, 'node-release has an invalid constraint');
    assert.equal(await hookRun(files.slice(0, 1)), 0);
  });
});
