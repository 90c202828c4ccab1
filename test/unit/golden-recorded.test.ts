// The golden sets this project recorded with the runners' --record (test/golden/<runtime>: Gemini CLI 0.61.0,
// OpenCode 1.18.33 and Qwen Code 0.24.4 from their npm releases, test/conformance/agents; VS Code 1.139.1's own
// chat through code-server, test/conformance/vscode; each README.md says how it was run)
// against the emulations in src/core/runtimes/<runtime>: the skills section byte for byte, each SKILL.md's state
// and listed name, stderr and the built-in entries (test/utils/agent-golden.ts sets each case up as the runner
// did, with the variables the runner adds). Then hostile trees: each emulation ends with a clear outcome and never
// throws.

import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runGeminiCli } from '../../src/core/runtimes/gemini-cli/listing';
import type { ListingContext, ListingRun } from '../../src/core/runtimes/listing';
import { runOpenCode } from '../../src/core/runtimes/opencode/listing';
import { runQwenCode } from '../../src/core/runtimes/qwen-code/listing';
import { runVsCode } from '../../src/core/runtimes/vscode/listing';
import { agentCases, assertRunMatches, PROJECT_GOLDEN, setUpAgentCase } from '../utils/agent-golden';

interface Recorded {
  runtime: string;
  label: string;
  run: (ctx: ListingContext) => ListingRun;
  /** The variables the agents runner adds to every run of the release (test/conformance/agents/oracle.mjs
   *  RUNTIME_SPECS), so the emulation sees what the release saw. */
  env: Record<string, string>;
  /** What the runner writes into the sandbox before the run besides the case's tree (VS Code: the user settings). */
  prepare?: (home: string, caseJson: Record<string, unknown>) => void;
}

/** VS Code's user settings where the VS Code runner writes them: code-server's user-data folder under HOME. */
function vscodeUserSettings(home: string, caseJson: Record<string, unknown>): void {
  const settings = caseJson['settings'];
  if (!settings) return;
  const dir = path.join(home, '.local', 'share', 'code-server', 'User');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(settings, null, 2));
}

const RECORDED: readonly Recorded[] = [
  {
    runtime: 'gemini-cli',
    label: 'Gemini CLI 0.61.0',
    run: runGeminiCli,
    env: { GEMINI_API_KEY: 'mock', GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:43117', GEMINI_CLI_TRUST_WORKSPACE: 'true' },
  },
  {
    runtime: 'opencode',
    label: 'OpenCode 1.18.33',
    run: runOpenCode,
    env: { OPENCODE_DISABLE_MODELS_FETCH: '1', OPENCODE_DISABLE_AUTOUPDATE: '1', OPENCODE_DISABLE_DEFAULT_PLUGINS: '1' },
  },
  {
    runtime: 'qwen-code',
    label: 'Qwen Code 0.24.4',
    run: runQwenCode,
    env: { OPENAI_API_KEY: 'mock', OPENAI_BASE_URL: 'http://127.0.0.1:43117/v1', OPENAI_MODEL: 'gpt-4.1' },
  },
  { runtime: 'vscode', label: 'VS Code 1.139.1', run: runVsCode, env: {}, prepare: vscodeUserSettings },
];

for (const r of RECORDED) {
  describe(`${r.label} golden cases (test/golden/${r.runtime})`, function () {
    const cases = agentCases(r.runtime, PROJECT_GOLDEN);
    it('has its recorded cases', () => assert.ok(cases.length >= 15, `${cases.length} cases in ${path.join(PROJECT_GOLDEN, r.runtime)}`));
    for (const c of cases) {
      it(`${c.name}: ${c.json.description}`, function () {
        const box = setUpAgentCase(c);
        try {
          r.prepare?.(box.ctx.home, c.json as unknown as Record<string, unknown>);
          assertRunMatches(c, box, r.run({ ...box.ctx, env: { ...box.ctx.env, ...r.env } }));
        } finally {
          box.dispose();
        }
      });
    }
  });

  describe(`${r.label} emulation: hostile trees`, function () {
    let tmp: string;
    afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

    it('a FIFO, a folder named SKILL.md, a link loop, binary bytes and a 3 MB file end in a clear outcome', function () {
      tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `${r.runtime}-hostile-`)));
      const home = path.join(tmp, 'home');
      const project = path.join(tmp, 'project');
      const skills = path.join(project, '.agents', 'skills');
      const skill = (name: string, text: string | Buffer): void => {
        fs.mkdirSync(path.join(skills, name), { recursive: true });
        fs.writeFileSync(path.join(skills, name, 'SKILL.md'), text);
      };
      fs.mkdirSync(path.join(project, '.git'), { recursive: true });
      fs.mkdirSync(path.join(skills, 'fifo'), { recursive: true });
      execFileSync('mkfifo', [path.join(skills, 'fifo', 'SKILL.md')]);
      fs.mkdirSync(path.join(skills, 'dir', 'SKILL.md'), { recursive: true });
      skill('loop', '---\nname: loop\ndescription: Loops.\n---\n');
      fs.symlinkSync('.', path.join(skills, 'loop', 'again'));
      skill('binary', Buffer.from([0, 255, 254, 0, 1, 2, 3]));
      skill('huge', `---\nname: huge\ndescription: Big.\n---\n${'x'.repeat(3_000_000)}\n`);
      skill('ok', '---\nname: ok\ndescription: Fine.\n---\nBody.\n');
      const run = r.run({ cwd: project, home, env: { HOME: home, PATH: '/usr/bin:/bin', ...r.env }, platform: 'linux' });
      assert.ok(run.section.includes('ok'), run.section);
      for (const s of run.skills) assert.ok(['full', 'cut', 'name_only', 'absent'].includes(s.listing), JSON.stringify(s));
      const fifo = run.skills.find((s) => s.file.endsWith(path.join('fifo', 'SKILL.md')));
      if (fifo) assert.equal(fifo.listing, 'absent');
    });
  });
}
