// `check --format text|json|sarif|github`, through the built `dist/cli.js` in a real child process.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import type * as Sarif from 'sarif';
import { escapeData, escapeProperty } from '../../src/cli/github';
import { cliSync, diagnosticsOf } from '../utils/cli';

let tmp: string;

// A parent folder whose name needs escaping in a workflow command's property and in a URI.
const TREE = 'fmt,a:b/skills';
const FILE = 'fmt,a:b/skills/demo/SKILL.md';
// nexo-rs and OpenClaw judge it: an error (npm-style constraint), warnings (name vs folder; OpenClaw's own
// finding, carrying `runtime`) and an information finding whose message quotes a key holding `%`, `:`, `,`
// and a line end.
const SKILL =
  '---\nname: demo-x\ndescription: Demo skill.\n"odd%key: a,b\\nc": 1\nrequires:\n  bins: [tool]\n  bin_versions:\n    tool: ">=1 <2"\n---\nBody.\n';
const ARGS = ['check', TREE, '--runtime', 'nexo,openclaw', '--no-probe', '--no-cache'];

function run(args: string[]) {
  return cliSync(args, { cwd: tmp, env: { PATH: '/usr/bin:/bin', HOME: tmp } });
}

before(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'skill-author-formats-'));
  mkdirSync(path.join(tmp, 'fmt,a:b/skills/demo'), { recursive: true });
  writeFileSync(path.join(tmp, FILE), SKILL);
  mkdirSync(path.join(tmp, 'clean/skills/ok'), { recursive: true });
  writeFileSync(path.join(tmp, 'clean/skills/ok/SKILL.md'), '---\nname: ok\ndescription: A clean skill.\n---\nBody.\n');
});

after(() => rmSync(tmp, { recursive: true, force: true }));

describe('cli: check --format', () => {
  it('the tree has an error, a warning, an information finding and a runtime-specific one', () => {
    const d = diagnosticsOf(run([...ARGS, '--json']).out);
    assert.deepEqual(new Set(d.map((x) => x.severity)), new Set(['error', 'warning', 'information']));
    assert.ok(
      d.some((x) => x.runtime === 'openclaw'),
      JSON.stringify(d),
    );
    assert.ok(
      d.some((x) => x.message.includes('odd%key: a,b\nc')),
      JSON.stringify(d),
    );
  });

  it('--json and --format json are byte-identical; --format text is the default', () => {
    const a = run([...ARGS, '--json']);
    const b = run([...ARGS, '--format', 'json']);
    assert.equal(a.code, 1);
    assert.equal(b.code, 1);
    assert.equal(a.out, b.out);
    assert.equal(run([...ARGS, '--json', '--format', 'json']).out, a.out);
    const text = run(ARGS);
    assert.equal(run([...ARGS, '--format', 'text']).out, text.out);
    assert.match(text.out, /error constraint-invalid/);
  });

  it('a bad --format, or --json with another format, is a one-line usage error', () => {
    for (const args of [
      [...ARGS, '--format', 'xml'],
      [...ARGS, '--json', '--format', 'sarif'],
      [...ARGS, '--format'],
    ]) {
      const r = run(args);
      assert.equal(r.code, 2, args.join(' '));
      assert.equal(r.out, '');
      assert.match(r.err, /^skill-author: [^\n]+\n$/);
    }
    assert.match(run([...ARGS, '--format', 'xml']).err, /--format must be text, json, sarif or github \(got `xml`\)/);
  });

  it('--fail-on: errors (the default), warnings too, or never; a bad level is a usage error', () => {
    // The tree has an error and warnings; a tree with a warning only fails with --fail-on warning alone.
    mkdirSync(path.join(tmp, 'warn/skills/w'), { recursive: true });
    writeFileSync(path.join(tmp, 'warn/skills/w/SKILL.md'), '---\nname: other-name\ndescription: A skill named apart from its folder.\n---\nBody.\n');
    const warnArgs = ['check', 'warn/skills', '--runtime', 'agentskills', '--no-probe', '--no-cache', '--json'];
    assert.ok(diagnosticsOf(run(warnArgs).out).some((d) => d.severity === 'warning'));
    assert.equal(run(warnArgs).code, 0);
    assert.equal(run([...warnArgs, '--fail-on', 'error']).code, 0);
    assert.equal(run([...warnArgs, '--fail-on', 'warning']).code, 1);
    assert.equal(run([...ARGS, '--fail-on', 'never']).code, 0);
    assert.equal(run([...ARGS, '--fail-on', 'warning']).code, 1);
    const bad = run([...ARGS, '--fail-on', 'info']);
    assert.equal(bad.code, 2);
    assert.equal(bad.err, 'skill-author: --fail-on must be error, warning or never (got `info`)\n');
  });

  describe('sarif', () => {
    let log: Sarif.Log;
    let text: string;
    let diagnostics: ReturnType<typeof diagnosticsOf>;
    before(() => {
      const r = run([...ARGS, '--format', 'sarif']);
      assert.equal(r.code, 1, r.err);
      text = r.out;
      log = JSON.parse(r.out) as Sarif.Log;
      diagnostics = diagnosticsOf(run([...ARGS, '--json']).out);
    });

    it('is SARIF 2.1.0 from skill-author at its version, one run rooted at the working directory', () => {
      assert.equal(log.version, '2.1.0');
      assert.equal(log.$schema, 'https://json.schemastore.org/sarif-2.1.0.json');
      assert.equal(log.runs.length, 1);
      const runObj = log.runs[0]!;
      assert.equal(runObj.tool.driver.name, 'skill-author');
      assert.equal(runObj.tool.driver.version, run(['--version']).out.trim());
      assert.deepEqual(runObj.originalUriBaseIds, { '%SRCROOT%': { uri: `${pathToFileURL(tmp).href}/` } });
    });

    it('has one rule per code used, with a short description and the README link', () => {
      const rules = log.runs[0]!.tool.driver.rules ?? [];
      assert.deepEqual(rules.map((r) => r.id).sort(), [...new Set(diagnostics.map((d) => d.code))].sort());
      for (const r of rules) {
        assert.ok(r.shortDescription?.text && r.shortDescription.text.length > 3, r.id);
        assert.equal(r.helpUri, 'https://github.com/skill-author/skill-author/blob/main/docs/codes.md');
      }
    });

    it('has one result per finding: rule, level, message, location relative to %SRCROOT%, region', () => {
      const runObj = log.runs[0]!;
      const results = runObj.results ?? [];
      const rules = runObj.tool.driver.rules ?? [];
      assert.equal(results.length, diagnostics.length);
      const levels = { error: 'error', warning: 'warning', information: 'note', hint: 'note' } as const;
      results.forEach((r, i) => {
        const d = diagnostics[i]!;
        assert.equal(r.ruleId, d.code);
        assert.equal(rules[r.ruleIndex!]?.id, d.code);
        assert.equal(r.level, levels[d.severity]);
        assert.equal(r.message.text, d.message);
        assert.equal(r.locations?.length, 1);
        const loc = r.locations![0]!.physicalLocation!;
        assert.deepEqual(loc.artifactLocation, { uri: 'fmt%2Ca%3Ab/skills/demo/SKILL.md', uriBaseId: '%SRCROOT%' });
        assert.deepEqual(loc.region, { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: d.endColumn });
        assert.deepEqual(r.properties, d.runtime ? { runtime: d.runtime } : undefined);
      });
      // The URI resolves against the base to the file.
      assert.equal(
        fileURLToPath(new URL(results[0]!.locations![0]!.physicalLocation!.artifactLocation!.uri!, runObj.originalUriBaseIds!['%SRCROOT%']!.uri)),
        path.join(tmp, FILE),
      );
      assert.ok(results.some((r) => r.properties?.['runtime'] === 'openclaw'));
    });

    it('validates against the SARIF 2.1.0 JSON schema (the one the multitool ships)', function () {
      const schemaFile = multitoolSchema();
      if (!schemaFile) this.skip();
      const schema = JSON.parse(readFileSync(schemaFile as string, 'utf8')) as object;
      const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
      const validate = ajv.compile(schema);
      assert.ok(validate(JSON.parse(text)), JSON.stringify(validate.errors, null, 2));
      // The check is real: a region starting on line 0 fails it.
      const broken = JSON.parse(text) as Sarif.Log;
      broken.runs[0]!.results![0]!.locations![0]!.physicalLocation!.region!.startLine = 0;
      assert.equal(validate(broken), false);
    });

    it('validates without errors or warnings with Microsoft SARIF multitool', function () {
      this.timeout(60000);
      const tool = multitool();
      if (!tool) this.skip();
      const input = path.join(tmp, 'check.sarif');
      const output = path.join(tmp, 'validation.sarif');
      writeFileSync(input, text);
      const r = spawnSync(tool as string, ['validate', input, '--output', output, '--log', 'ForceOverwrite', '--level', 'Error;Warning'], {
        encoding: 'utf8',
        timeout: 60000,
        env: { ...process.env, DOTNET_CLI_TELEMETRY_OPTOUT: '1' },
      });
      assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
      const validation = JSON.parse(readFileSync(output, 'utf8')) as Sarif.Log;
      assert.equal(validation.runs[0]!.invocations?.[0]?.executionSuccessful, true);
      const found = (validation.runs[0]!.results ?? []).map((x) => `${x.level ?? 'warning'} ${x.ruleId}: ${JSON.stringify(x.message.arguments)}`);
      assert.deepEqual(found, []);
    });

    it('a check with no findings has no rules and no results; exit 0', () => {
      const r = run(['check', 'clean/skills', '--format', 'sarif', '--no-probe', '--no-cache']);
      assert.equal(r.code, 0, r.err);
      const l = JSON.parse(r.out) as Sarif.Log;
      assert.deepEqual(l.runs[0]!.tool.driver.rules, []);
      assert.deepEqual(l.runs[0]!.results, []);
    });
  });

  describe('github', () => {
    it('prints one workflow command per finding, escaped', () => {
      const r = run([...ARGS, '--format', 'github']);
      assert.equal(r.code, 1, r.err);
      const diagnostics = diagnosticsOf(run([...ARGS, '--json']).out);
      const lines = r.out.split('\n');
      assert.equal(lines.pop(), '');
      assert.equal(lines.length, diagnostics.length);
      const kinds = { error: 'error', warning: 'warning', information: 'notice', hint: 'notice' } as const;
      lines.forEach((line, i) => {
        const d = diagnostics[i]!;
        assert.ok(
          line.startsWith(
            `::${kinds[d.severity]} file=fmt%2Ca%3Ab/skills/demo/SKILL.md,line=${d.line},col=${d.column},endLine=${d.endLine},endColumn=${d.endColumn},title=${d.code}::`,
          ),
          line,
        );
        assert.doesNotMatch(line, /\r/);
      });
      const info = lines.find((l) => l.startsWith('::notice '));
      assert.ok(info?.includes('::`odd%25key: a,b%0Ac` is not read by any known runtime'), info);
      const openclaw = diagnostics.findIndex((d) => d.runtime === 'openclaw');
      assert.match(lines[openclaw]!, /::OpenClaw[: ]/);
      assert.match(
        lines.find((l) => l.startsWith('::error '))!,
        /title=constraint-invalid::Invalid version constraint `>=1 <2`/,
      );
    });

    it('prints nothing for a clean tree; exit 0', () => {
      const r = run(['check', 'clean/skills', '--format', 'github', '--no-probe', '--no-cache']);
      assert.equal(r.code, 0, r.err);
      assert.equal(r.out, '');
    });

    it('escapes messages and property values as the runner expects', () => {
      assert.equal(escapeData('100% a:b,c\r\nd'), '100%25 a:b,c%0D%0Ad');
      assert.equal(escapeProperty('100% a:b,c\r\nd'), '100%25 a%3Ab%2Cc%0D%0Ad');
      assert.equal(escapeData('%0A'), '%250A');
    });
  });
});

/** The multitool's own copy of the SARIF 2.1.0 schema, when its platform package is installed. */
function multitoolSchema(): string | null {
  const tool = multitoolPath();
  const schema = tool ? path.join(path.dirname(tool), 'sarif-2.1.0.json') : null;
  return schema && existsSync(schema) ? schema : null;
}

function multitoolPath(): string | null {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('@microsoft/sarif-multitool') as string;
  } catch {
    return null;
  }
}

/** The multitool binary when it runs on this machine (a self-contained .NET build for linux, darwin, win32). */
function multitool(): string | null {
  const tool = multitoolPath();
  if (!tool) return null;
  const r = spawnSync(tool, ['--version'], { encoding: 'utf8', timeout: 30000 });
  return r.status === 0 ? tool : null;
}
