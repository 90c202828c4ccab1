// The language server as a client sees it: `node dist/cli.js lsp --stdio` in a real child process, driven
// over JSON-RPC — initialize, open, change, hover, completion, code actions, definition, our own requests,
// bad input, shutdown and exit. Findings are compared with what `check --json` prints for the same files.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  type CodeAction,
  CodeActionRequest,
  CancellationTokenSource,
  CompletionRequest,
  type CompletionList,
  DefinitionRequest,
  DocumentDiagnosticRequest,
  type DocumentDiagnosticReport,
  LSPErrorCodes,
  WorkspaceDiagnosticRequest,
  type WorkspaceDocumentDiagnosticReport,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  ErrorCodes,
  ExecuteCommandRequest,
  HoverRequest,
  type Location,
  RegistrationRequest,
  ShowMessageRequest,
  type TextEdit,
} from 'vscode-languageserver-protocol';
import { descriptionProblems, nameProblems, skillScaffold } from '../../src/core/assist/scaffold';
import { FIELDS_BY_RUNTIME } from '../../src/core/runtimes/fields';
import { newSkillSnippet, REQUIRES_SNIPPET } from '../../src/server/features/completion';
import { preview } from '../../src/server/features/custom';
import { SkillService } from '../../src/server/service';
import {
  type CheckedParams,
  CheckedNotification,
  DEFAULT_SETTINGS,
  IndexRequest,
  PreviewRequest,
  ReprobeRequest,
  ProbeLogRequest,
  ScaffoldRequest,
  SkillsRequest,
  VersionsRequest,
} from '../../src/shared/protocol';
import { checkJson, CLI, REPO } from '../utils/cli';
import { writeUnder } from '../utils/fs';
import { asFinding, CAPABILITIES, LspClient, PULL_CAPABILITIES, tempWorkspace, uriOf } from '../utils/lsp-client';
import { waitFor } from '../utils/wait';

let tmp: string;
let ws: string;
let env: NodeJS.ProcessEnv;

const SKILLS: Record<string, string> = {
  'skills/media/convert/SKILL.md': `---
name: convert
description: Converts videos with ffmpeg (npm-style range).
requires:
  bins: [ffmpeg]
  bin_versions:
    ffmpeg: ">=4.0 <5"
colour: blue
---

# Convert

See [usage](references/usage.md) and \`references/usage.md\`.
`,
  'skills/media/convert/references/usage.md': '# Usage\n',
  'skills/chat/herm/SKILL.md': `---
name: herm
description: A Hermes skill whose description is long enough to be cut in the Hermes index for sure, really long.
platforms: [linux, windows, plan9]
prerequisites:
  commands: [sa-missing-cmd]
---

# Herm
`,
  'skills/tools/banner/SKILL.md': `---
name: banner
description: Needs a tool nobody has, loaded with a banner.
requires:
  bins: [sa-definitely-missing-tool]
  mode: warn
---

# Banner

Body text.
`,
  'skills/tools/hidden/SKILL.md': `---
name: hidden
description: Needs a tool nobody has; hidden in strict mode.
requires:
  bins: [sa-definitely-missing-tool]
---

# Hidden
`,
  'skills/broken/SKILL.md': `---
name: broken
description: [unclosed
requires: {bins: [a, b}
---

# Broken
`,
  'skills/plain/SKILL.md': `---
name: plain
description: A plain skill.
---

# Plain
`,
};

function put(rel: string, text: string | Buffer): string {
  return writeUnder(ws, rel, text);
}

/** The findings `check --json` prints for one file (checked as part of `target`, in the workspace). */
function checkFindings(file: string, target = ws): Record<string, unknown>[] {
  const entry = checkJson(ws, env, [target]).get(file);
  assert.ok(entry, `check --json has no entry for ${file}`);
  return entry.diagnostics as unknown as Record<string, unknown>[];
}

describe('lsp: the language server over JSON-RPC (dist/cli.js lsp --stdio)', function () {
  this.timeout(60000);
  let client: LspClient;

  before(async () => {
    ({ tmp, ws, env } = tempWorkspace('sa-lsp-', SKILLS));
    client = LspClient.start({ cwd: ws, env });
  });

  after(() => {
    client?.kill();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('initializes with the features it serves and its custom requests', async () => {
    const r = await client.initialize(ws);
    const caps = r.capabilities;
    assert.equal(r.serverInfo?.name, 'skill-author');
    assert.equal(caps.diagnosticProvider, undefined, 'this client does not pull diagnostics: they are pushed');
    assert.ok(caps.hoverProvider && caps.definitionProvider && caps.codeActionProvider && caps.completionProvider);
    assert.deepEqual(caps.textDocumentSync, { openClose: true, change: 2, save: { includeText: false } });
    assert.deepEqual((caps.experimental as { skillAuthor: { requests: string[] } }).skillAuthor.requests, [
      'skillAuthor/skills',
      'skillAuthor/preview',
      'skillAuthor/index',
      'skillAuthor/probeLog',
      'skillAuthor/reprobe',
      'skillAuthor/skillsIdle',
      'skillAuthor/refresh',
      'skillAuthor/agentView',
      'skillAuthor/scaffold',
      'skillAuthor/versions',
    ]);
  });

  it("publishes, for each opened SKILL.md, exactly check --json's findings for that file (runtime-scoped ones included)", async () => {
    const files = Object.keys(SKILLS).filter((f) => f.endsWith('SKILL.md'));
    const uris = [];
    for (const rel of files) uris.push(await client.open(path.join(ws, rel), SKILLS[rel] as string));
    const check = checkJson(ws, env, [ws]);
    let runtimeScoped = 0;
    for (const [i, rel] of files.entries()) {
      const published = await client.diagnostics(uris[i] as string, { version: 1 });
      const expected = check.get(path.join(ws, rel))?.diagnostics;
      assert.ok(expected, rel);
      assert.deepEqual(published.diagnostics.map(asFinding), expected, rel);
      runtimeScoped += expected.filter((d) => d.runtime).length;
      for (const d of published.diagnostics) {
        assert.equal(d.codeDescription?.href, 'https://github.com/skill-author/skill-author/blob/main/docs/codes.md');
        assert.equal(d.source, 'skill-author');
      }
    }
    assert.ok(runtimeScoped >= 2, 'the fixture has findings only Hermes makes');
    const herm = await client.diagnostics(uriOf(path.join(ws, 'skills/chat/herm/SKILL.md')));
    assert.ok(herm.diagnostics.some((d) => d.code === 'hermes-prerequisites-commands' && (d.data as { runtime?: string }).runtime === 'hermes'));
  });

  it('re-checks after an incremental change, and drops what the change fixed', async () => {
    const file = path.join(ws, 'skills/plain/SKILL.md');
    const uri = uriOf(file);
    const from = client.published.length;
    // Break the YAML: `description: A plain skill.` → `description: [A plain skill.`
    await client.change(uri, 2, [{ range: { start: { line: 2, character: 13 }, end: { line: 2, character: 13 } }, text: '[' }]);
    const broken = await client.diagnostics(uri, { version: 2, from });
    assert.ok(
      broken.diagnostics.some((d) => d.code === 'yaml-syntax' && d.severity === 1),
      JSON.stringify(broken.diagnostics),
    );
    await client.change(uri, 3, [{ range: { start: { line: 2, character: 13 }, end: { line: 2, character: 14 } }, text: '' }]);
    const fixed = await client.diagnostics(uri, { version: 3, from });
    assert.deepEqual(fixed.diagnostics.map(asFinding), checkFindings(file));
  });

  it('reads a file with lone CR line ends as the runtime does while the editor shows them as line breaks', async () => {
    // The runtime sees no line break at a lone CR: no frontmatter fence closes. The editor shows CRLF.
    const file = put('skills/lone-cr/SKILL.md', '---\rname: lone-cr\rdescription: Classic Mac line ends.\r---\rBody.\r');
    const uri = await client.open(file, '---\r\nname: lone-cr\r\ndescription: Classic Mac line ends.\r\n---\r\nBody.\r\n');
    const published = await client.diagnostics(uri, { version: 1 });
    const expected = checkFindings(file);
    assert.ok(
      expected.some((d) => d.code === 'frontmatter-unclosed'),
      JSON.stringify(expected),
    );
    assert.deepEqual(
      published.diagnostics.map((d) => d.code),
      expected.map((d) => d.code),
    );
    // Once edited, the text the editor will save decides: CRLF closes the fence.
    await client.change(uri, 2, [{ range: { start: { line: 4, character: 5 }, end: { line: 4, character: 5 } }, text: '!' }]);
    const edited = await client.diagnostics(uri, { version: 2 });
    assert.ok(!edited.diagnostics.some((d) => d.code === 'frontmatter-unclosed'), JSON.stringify(edited.diagnostics));
    await client.close(uri);
    rmSync(path.dirname(file), { recursive: true, force: true });
    await client.conn.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri, type: FileChangeType.Deleted }] });
  });

  it('tells the client its one check per edit (entry and status), previews that check, and re-probes on request', async () => {
    const file = put('skills/checked/SKILL.md', '---\nname: checked\ndescription: d\nrequires:\n  bins: [sa-definitely-missing-tool]\n---\n\n# Checked\n');
    const uri = await client.open(file, readFileSync(file, 'utf8'));
    await client.diagnostics(uri, { version: 1 });
    const first = await waitFor('the check of version 1', () => client.checks.find((c) => c.uri === uri && c.version === 1), 20000);
    const cli = checkJson(ws, env, [ws]).get(file);
    assert.deepEqual(
      [first.entry.verdict, first.entry.missing, first.entry.runtimes],
      [cli?.verdict, cli?.missing, cli?.runtimes],
      'the entry is check --json’s',
    );
    assert.equal(first.status.verdict, 'skipped_strict');
    assert.deepEqual(first.status.missing.bins, ['sa-definitely-missing-tool']);
    // The preview of that version: the page the editor shows for a skill nexo-rs hides.
    const page = await client.conn.sendRequest(PreviewRequest.type, { uri });
    assert.ok(page?.page.startsWith('# The model never sees `checked`'), page?.page);
    assert.deepEqual(page?.entry, first.entry);
    // The versions it judged by: the entry's, as skillAuthor/versions says (nexo-rs at its one commit).
    const { versions } = await client.conn.sendRequest(VersionsRequest.type);
    assert.deepEqual(
      versions.map((v) => v.runtime),
      ['nexo', 'hermes', 'openclaw', 'claude-code', 'codex', 'copilot-cli', 'gemini-cli', 'opencode', 'qwen-code', 'vscode', 'agentskills'],
    );
    assert.equal(first.entry.runtime_version, versions.find((v) => v.runtime === 'nexo')?.version);
    assert.equal(first.entry.runtime_version, 'eec3f33');
    // Re-probe: the open documents are checked again before the request resolves.
    const before = client.checks.length;
    await client.conn.sendRequest(ReprobeRequest.type);
    assert.ok(
      client.checks.slice(before).some((c) => c.uri === uri),
      'no new check after the re-probe',
    );
    await client.close(uri);
    rmSync(path.dirname(file), { recursive: true, force: true });
    await client.conn.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri, type: FileChangeType.Deleted }] });
  });

  it('debounces a burst of changes into one check of the last version', async () => {
    const uri = uriOf(path.join(ws, 'skills/plain/SKILL.md'));
    const from = client.published.length;
    for (let v = 4; v < 14; v++) await client.change(uri, v, [{ range: { start: { line: 6, character: 0 }, end: { line: 6, character: 0 } }, text: 'x' }]);
    await client.diagnostics(uri, { version: 13, from });
    // Versions of the burst only: a re-check of the version before it (an earlier test's file event re-judges
    // the open documents of that root) may still land meanwhile.
    const versions = client.published
      .slice(from)
      .filter((p) => p.uri === uri && (p.version ?? 0) >= 4)
      .map((p) => p.version);
    assert.deepEqual(versions, [13]);
  });

  it('hovers a key with the schema, and a requirement with what this machine has', async () => {
    const uri = uriOf(path.join(ws, 'skills/tools/hidden/SKILL.md'));
    const onKey = await client.conn.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 2, character: 3 } });
    assert.ok(onKey && typeof onKey.contents === 'object' && 'value' in onKey.contents);
    assert.match((onKey.contents as { value: string }).value, /\S/);
    const onBin = await client.conn.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 4, character: 12 } });
    assert.ok(onBin, 'a hover on the binary');
    assert.match((onBin.contents as { value: string }).value, /sa-definitely-missing-tool/);
    assert.deepEqual(onBin.range?.start, { line: 4, character: 9 });
    const inBody = await client.conn.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 7, character: 2 } });
    assert.equal(inBody, null);
  });

  it('completes the keys of the frontmatter not yet written', async () => {
    const file = path.join(ws, 'skills/fresh/SKILL.md');
    const text = '---\nname: fresh\ndescription: New.\nli\n---\n\n# Fresh\n';
    const uri = await client.open(file, text);
    const list = (await client.conn.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 3, character: 2 } })) as CompletionList;
    const labels = list.items.map((i) => i.label);
    assert.ok(labels.includes('license'), labels.join(', '));
    assert.ok(!labels.includes('name'), 'a key already present is not offered');
    const license = list.items.find((i) => i.label === 'license');
    assert.ok(license?.textEdit && 'insert' in license.textEdit);
    assert.deepEqual(license.textEdit.insert, { start: { line: 3, character: 0 }, end: { line: 3, character: 2 } });
  });

  it('offers a quick fix whose edit makes the finding go away', async () => {
    const file = path.join(ws, 'skills/media/convert/SKILL.md');
    const uri = uriOf(file);
    const published = await client.diagnostics(uri, { version: 1 });
    const d = published.diagnostics.find((x) => x.code === 'constraint-invalid');
    assert.ok(d, 'the npm-style range is reported');
    const actions = (await client.conn.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [d] },
    })) as CodeAction[];
    const fix = actions.find((a) => a.kind === 'quickfix' && a.edit);
    assert.ok(fix, JSON.stringify(actions));
    assert.deepEqual(fix.diagnostics, [d]);
    const edits = fix.edit?.changes?.[uri] as TextEdit[];
    const doc = TextDocument.create(uri, 'markdown', 1, SKILLS['skills/media/convert/SKILL.md'] as string);
    const fixed = TextDocument.applyEdits(doc, edits);
    assert.match(fixed, /ffmpeg: ">=4\.0, ?<5"/);
    const from = client.published.length;
    await client.change(uri, 2, [{ text: fixed }]);
    const after = await client.diagnostics(uri, { version: 2, from });
    assert.ok(!after.diagnostics.some((x) => x.code === 'constraint-invalid'), JSON.stringify(after.diagnostics));
  });

  it('offers "mode: warn" on the requires block of a skill strict mode hides', async () => {
    const uri = uriOf(path.join(ws, 'skills/tools/hidden/SKILL.md'));
    const actions = (await client.conn.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: { start: { line: 3, character: 2 }, end: { line: 3, character: 2 } },
      context: { diagnostics: [] },
    })) as CodeAction[];
    const warn = actions.find((a) => /mode: warn/.test(a.title));
    assert.ok(warn?.edit?.changes?.[uri], JSON.stringify(actions));
    const text = TextDocument.applyEdits(
      TextDocument.create(uri, 'markdown', 1, SKILLS['skills/tools/hidden/SKILL.md'] as string),
      warn.edit.changes[uri] as TextEdit[],
    );
    assert.match(text, /\n {2}mode: warn\n/);
  });

  it('goes to a supporting file from a link or a code span, and nowhere from other text', async () => {
    const uri = uriOf(path.join(ws, 'skills/media/convert/SKILL.md'));
    const target = uriOf(path.join(ws, 'skills/media/convert/references/usage.md'));
    const line = 12; // See [usage](references/usage.md) and `references/usage.md`.
    for (const character of [20, 45]) {
      const loc = (await client.conn.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position: { line, character } })) as Location | null;
      assert.equal(loc?.uri, target, `column ${character}`);
    }
    assert.equal(await client.conn.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position: { line, character: 1 } }), null);
  });

  it('answers skillAuthor/skills with check --json entries, preview with the banner, index as the CLI prints it', async () => {
    const skills = await client.conn.sendRequest(SkillsRequest.type, {});
    assert.equal(skills.version, 2);
    assert.deepEqual(skills.roots, [ws]);
    // Open documents count as they are in the editor: compare the files no test has edited.
    const check = checkJson(ws, env, [ws]);
    for (const rel of ['skills/chat/herm/SKILL.md', 'skills/tools/banner/SKILL.md', 'skills/tools/hidden/SKILL.md', 'skills/broken/SKILL.md']) {
      const file = path.join(ws, rel);
      const mine = skills.skills.find((s) => s.path === file);
      const theirs = check.get(file);
      assert.ok(mine && theirs, rel);
      assert.deepEqual({ ...mine, path: '' }, { ...theirs, path: '' }, rel);
    }
    const bannerFile = path.join(ws, 'skills/tools/banner/SKILL.md');
    const preview = await client.conn.sendRequest(PreviewRequest.type, { uri: uriOf(bannerFile) });
    const cliBanner = spawnSync(process.execPath, [CLI, 'banner', '--no-probe', '--no-cache', bannerFile], { cwd: ws, env, encoding: 'utf8' }).stdout;
    const cliRender = spawnSync(process.execPath, [CLI, 'banner', '--render', '--no-probe', '--no-cache', bannerFile], {
      cwd: ws,
      env,
      encoding: 'utf8',
    }).stdout;
    assert.ok(preview?.visible);
    assert.equal(`${preview.banner}\n`, cliBanner);
    assert.equal(`${preview.content}\n`, cliRender);
    // The agent CLIs read `root` as the folder they start in, as `index` reads its PATH.
    for (const runtime of ['agentskills', 'hermes', 'nexo', 'claude-code', 'codex', 'copilot-cli'] as const) {
      const index = await client.conn.sendRequest(IndexRequest.type, { runtime, root: ws });
      const cli = spawnSync(process.execPath, [CLI, 'index', '--runtime', runtime, '--no-probe', '--no-cache', ws], { cwd: ws, env, encoding: 'utf8' }).stdout;
      assert.equal(index.index ? `${index.index}\n` : '', cli, runtime);
    }
  });

  it('spawns no probe in a workspace the client did not call trusted', async () => {
    const uri = await client.open(
      path.join(ws, 'skills/probe/SKILL.md'),
      put('skills/probe/SKILL.md', '') &&
        '---\nname: probe\ndescription: Probed.\nrequires:\n  bins: [sa-fake-ffmpeg]\n  bin_versions:\n    sa-fake-ffmpeg: ">=4.0, <5"\n---\n\n# Probe\n',
    );
    await client.diagnostics(uri, { version: 1 });
    const log = await client.conn.sendRequest(ProbeLogRequest.type);
    assert.equal(log.probing, false);
    assert.deepEqual(log.entries, []);
  });

  it('survives bad input: malformed YAML, a huge file, a binary file, a file outside every root, a non-file URI', async () => {
    // Malformed YAML (opened above): the same findings as check.
    const broken = path.join(ws, 'skills/broken/SKILL.md');
    assert.deepEqual((await client.diagnostics(uriOf(broken), { version: 1 })).diagnostics.map(asFinding), checkFindings(broken));
    // A binary SKILL.md: whatever the client decoded, the runtime cannot read the file.
    const binary = put('skills/binary/SKILL.md', Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0xfe, 0x00, 0x81, 0x0a]));
    const binUri = await client.open(binary, '---\n\ufffd\ufffd\u0000\ufffd\n');
    const binDiags = (await client.diagnostics(binUri, { version: 1 })).diagnostics.map(asFinding);
    assert.deepEqual(binDiags, checkFindings(binary));
    assert.equal(binDiags[0]?.code, 'file-encoding');
    // A 3 MB SKILL.md: checked (later), and the server keeps answering meanwhile.
    const huge = `---\nname: huge\ndescription: Huge.\n---\n\n${'All work and no play makes a dull skill.\n'.repeat(75000)}`;
    const hugeFile = put('skills/huge/SKILL.md', huge);
    const t0 = Date.now();
    const hugeUri = await client.open(hugeFile, huge);
    const hover = await client.conn.sendRequest(HoverRequest.type, { textDocument: { uri: hugeUri }, position: { line: 1, character: 2 } });
    assert.equal(hover, null, 'no hover on a huge document');
    assert.deepEqual((await client.diagnostics(hugeUri, { version: 1 })).diagnostics.map(asFinding), checkFindings(hugeFile));
    assert.ok(Date.now() - t0 < 20000);
    // Outside every root: as `check FILE` finds it.
    const outside = path.join(tmp, 'elsewhere', 'loose', 'SKILL.md');
    mkdirSync(path.dirname(outside), { recursive: true });
    writeFileSync(outside, '---\nname: not-loose\ndescription: Outside.\n---\n\n# Loose\n');
    const outUri = await client.open(outside, readFileSync(outside, 'utf8'));
    assert.deepEqual((await client.diagnostics(outUri, { version: 1 })).diagnostics.map(asFinding), checkJson(ws, env, [outside]).get(outside)?.diagnostics);
    // An unsaved buffer: checked by its text.
    const untitled = await client.open('untitled:Untitled-1/SKILL.md', '---\nname: x\n---\n');
    assert.ok((await client.diagnostics(untitled, { version: 1 })).diagnostics.some((d) => d.code === 'description-missing'));
  });

  it('answers a request that fails with an error, and keeps serving', async () => {
    const uri = uriOf(path.join(ws, 'skills/plain/SKILL.md'));
    await assert.rejects(
      client.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: null }),
      (e: { code?: number; message?: string }) => e.code === ErrorCodes.InternalError && /hover failed/.test(String(e.message)),
    );
    await assert.rejects(
      client.conn.sendRequest(PreviewRequest.type, { uri: 42 as unknown as string }),
      (e: { code?: number }) => e.code === ErrorCodes.InvalidParams,
    );
    await assert.rejects(
      client.conn.sendRequest(IndexRequest.type, { runtime: 'bogus' as never }),
      (e: { code?: number }) => e.code === ErrorCodes.InvalidParams,
    );
    await assert.rejects(client.conn.sendRequest('skillAuthor/nothing', {}), (e: { code?: number }) => e.code === ErrorCodes.MethodNotFound);
    const hover = await client.conn.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 1 } });
    assert.ok(hover, 'still serving');
    assert.ok(
      client.logs.some((l) => /textDocument\/hover failed/.test(l.message)),
      'the failure is logged to the client',
    );
  });

  it('answers a request that takes no params when a client sends some, and one whose params come as an array', async () => {
    // Many clients send `{}` (or `null`) to a request without params; the handler must not take it for its token.
    for (const params of [{}, null]) {
      const idle = (await client.conn.sendRequest('skillAuthor/skillsIdle', params)) as { skills: number };
      assert.equal(typeof idle.skills, 'number');
      const refreshed = (await client.conn.sendRequest('skillAuthor/refresh', params)) as { skills: number };
      assert.equal(((await client.conn.sendRequest('skillAuthor/skillsIdle', params)) as { skills: number }).skills, refreshed.skills);
    }
    const versions = (await client.conn.sendRequest('skillAuthor/versions', {})) as { versions: unknown[] };
    assert.ok(Array.isArray(versions.versions));
    const byPosition = (await client.conn.sendRequest('skillAuthor/skills', [{}])) as { skills: unknown[] };
    const byName = (await client.conn.sendRequest('skillAuthor/skills', {})) as { skills: unknown[] };
    assert.deepEqual(byPosition, byName);
    assert.ok(byName.skills.length > 0);
  });

  it("answers skillAuthor/scaffold with the analyzer's verdicts on a new skill's name and description, and its SKILL.md", async () => {
    const bad = await client.conn.sendRequest(ScaffoldRequest.type, { name: 'Pdf Tools' });
    assert.deepEqual(bad.nameProblems, nameProblems('Pdf Tools'));
    assert.equal(bad.nameProblems[0]?.severity, 'error');
    assert.deepEqual(bad.descriptionProblems, []);
    assert.equal(bad.text, null);
    const good = await client.conn.sendRequest(ScaffoldRequest.type, { name: 'pdf-tools', description: 'Reads PDF files. Use when a PDF is shared.' });
    assert.deepEqual([good.nameProblems, good.descriptionProblems], [[], []]);
    assert.equal(good.text, skillScaffold('pdf-tools', 'Reads PDF files. Use when a PDF is shared.'));
    assert.deepEqual((await client.conn.sendRequest(ScaffoldRequest.type, { description: '' })).descriptionProblems, descriptionProblems(''));
    await assert.rejects(
      client.conn.sendRequest(ScaffoldRequest.type, { name: 7 as unknown as string }),
      (e: { code?: number }) => e.code === ErrorCodes.InvalidParams,
    );
  });

  it('shuts down and exits 0, with nothing on stderr', async () => {
    const code = await client.stop();
    assert.equal(code, 0);
    assert.equal(client.stderr, '');
    assert.ok(!client.logs.some((l) => /\n\s+at /.test(l.message)), 'no stack trace in the log either');
  });
});

describe('lsp: trust and usage', function () {
  this.timeout(60000);

  it('runs version probes only when started --trusted (or told so in initializationOptions)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sa-lsp-trust-'));
    try {
      const file = path.join(dir, 'skills', 'probe', 'SKILL.md');
      mkdirSync(path.dirname(file), { recursive: true });
      const text =
        '---\nname: probe\ndescription: Probed.\nrequires:\n  bins: [sa-fake-ffmpeg]\n  bin_versions:\n    sa-fake-ffmpeg: ">=4.0, <5"\n---\n\n# Probe\n';
      writeFileSync(file, text);
      const env2 = { PATH: `${path.join(REPO, 'test', 'fixtures', 'bin')}${path.delimiter}/usr/bin${path.delimiter}/bin`, HOME: dir };
      for (const how of [{ args: ['--trusted'] }, { init: { trusted: true } }]) {
        const c = LspClient.start({ cwd: dir, env: env2, ...(how.args ? { args: how.args } : {}) });
        try {
          await c.initialize(dir, how.init);
          const uri = await c.open(file, text);
          await c.diagnostics(uri, { version: 1 });
          const log = await c.conn.sendRequest(ProbeLogRequest.type);
          assert.equal(log.probing, true);
          assert.ok(
            log.entries.some((e) => e.bin === 'sa-fake-ffmpeg' && e.outcome === 'ok'),
            JSON.stringify(log.entries),
          );
          assert.equal(await c.stop(), 0);
        } finally {
          c.kill();
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('publishes every SKILL.md of the roots with background on, as check --json reports them', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sa-lsp-bg-'));
    const c = LspClient.start({ cwd: dir, env: { PATH: '/usr/bin:/bin', HOME: dir } });
    try {
      const files = ['a/one', 'a/two', 'b/three'].map((rel, i) => {
        const file = path.join(dir, 'skills', rel, 'SKILL.md');
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(
          file,
          `---\nname: ${i === 1 ? 'not-two' : path.basename(rel)}\ndescription: Skill ${i}.\n${i === 2 ? 'colour: red\n' : ''}---\n\n# ${rel}\n`,
        );
        return file;
      });
      await c.initialize(dir, { background: true });
      const check = checkJson(dir, { PATH: '/usr/bin:/bin', HOME: dir }, [dir]);
      for (const file of files) {
        const published = await c.diagnostics(uriOf(file));
        assert.equal(published.version, undefined, 'not an open document');
        assert.deepEqual(published.diagnostics.map(asFinding), check.get(file)?.diagnostics, file);
      }
      // A SKILL.md created on disk, told by the client's file watcher: scanned and published too.
      const four = path.join(dir, 'skills', 'b', 'four', 'SKILL.md');
      mkdirSync(path.dirname(four), { recursive: true });
      writeFileSync(four, '---\nname: four\n---\n\n# Four\n');
      await c.conn.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uriOf(four), type: FileChangeType.Created }] });
      const fourPublished = await c.diagnostics(uriOf(four));
      assert.deepEqual(fourPublished.diagnostics.map(asFinding), checkJson(dir, { PATH: '/usr/bin:/bin', HOME: dir }, [dir]).get(four)?.diagnostics);
      assert.equal(await c.stop(), 0);
    } finally {
      c.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports the problems of a nexo-rs agents file and of an openclaw.json OpenClaw cannot read', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sa-lsp-config-'));
    const c = LspClient.start({ cwd: dir, env: { PATH: '/usr/bin:/bin', HOME: dir } });
    try {
      await c.initialize(dir);
      const agents = await c.open(path.join(dir, 'config', 'agents.yaml'), 'agents:\n  - id: a\n    skills: [x]\n    skill_overrides:\n      x: loud\n');
      const a = await c.diagnostics(agents, { version: 1 });
      assert.ok(a.diagnostics.length > 0 && a.diagnostics.every((d) => d.source === 'skill-author'), JSON.stringify(a.diagnostics));
      const claw = await c.open(path.join(dir, 'openclaw.json'), '{ skills: { entries: [ }');
      const o = await c.diagnostics(claw, { version: 1 });
      assert.equal(o.diagnostics.length, 1);
      assert.match(o.diagnostics[0]?.message ?? '', /OpenClaw cannot read this file/);
      // A file OpenClaw 2026.9.6 (the newest, in use by default) refuses: each complaint on the key it names.
      const refused = await c.open(path.join(dir, 'refused', 'openclaw.json'), '{\n  // mine\n  env: { vars: {}, APP_REGION: "eu" },\n}\n');
      const r = await c.diagnostics(refused, { version: 1 });
      assert.equal(r.diagnostics.length, 1, JSON.stringify(r.diagnostics));
      assert.equal(r.diagnostics[0]?.code, 'openclaw-config-refused');
      assert.deepEqual(r.diagnostics[0]?.range, { start: { line: 2, character: 19 }, end: { line: 2, character: 29 } });
      assert.match(r.diagnostics[0]?.message ?? '', /^OpenClaw 2026\.9\.6 refuses this config \("env: Unrecognized key: "APP_REGION""\), so its CLI exits 1/);
      assert.equal(await c.stop(), 0);
    } finally {
      c.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits when its client goes away without a word (stdin closed)', async () => {
    const c = LspClient.start({ cwd: tmpdir(), env: { PATH: '/usr/bin:/bin', HOME: tmpdir() } });
    await c.initialize(tmpdir());
    const exited = new Promise<number | null>((resolve) => c.proc.on('exit', (code) => resolve(code)));
    c.proc.stdin?.end();
    const code = await exited;
    assert.notEqual(code, null, 'exited by itself, not killed');
    assert.equal(c.stderr, '');
    c.kill();
  });

  it('refuses other transports with exit code 2', () => {
    const r = spawnSync(process.execPath, [CLI, 'lsp', '--socket=1'], { encoding: 'utf8' });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /unknown option `--socket=1` for lsp/);
    const help = spawnSync(process.execPath, [CLI, 'lsp', '--help'], { encoding: 'utf8' });
    assert.equal(help.status, 0);
    assert.match(help.stdout, /--stdio/);
  });
});

describe("lsp: what the VS Code extension's own providers give", function () {
  this.timeout(60000);
  let dir: string;
  let pws: string;
  let penv: NodeJS.ProcessEnv;
  let c: LspClient;
  const checked: CheckedParams[] = [];
  const shown: Array<{ message: string }> = [];
  const watched: string[] = [];
  const SECRET = 'env-file-value-4711';
  const FILES: Record<string, string> = {
    'skills/media/convert/SKILL.md':
      '---\nname: convert\ndescription: Needs a tool on the extra PATH and a variable from the env file.\nrequires:\n  bins: [sa-extra-tool]\n  env: [SA_FROM_ENV_FILE]\n  mode: strict\n---\n\n# Convert\n',
    'skills/claw/SKILL.md': '---\nname: claw\ndescription: An OpenClaw skill.\nmetadata: {"openclaw": {"os": ["macos"]}}\n---\n\n# Claw\n',
    'skills/or/SKILL.md': '---\nname: or\ndescription: An npm range with ||.\nrequires:\n  bin_versions:\n    ffmpeg: "^4 || ^5"\n---\n\n# Or\n',
    'skills/docs/SKILL.md':
      '---\nname: docs\ndescription: Supporting files.\n---\n\n# Docs\n\nSee [](\nRead references/\nNot [out](../convert/SKILL.md) nor [in](references/guide.md).\nAlso [api](references/api.md).\n',
    'skills/docs/references/guide.md': '# Guide\n',
    'config/agents.yaml':
      'agents:\n  - id: kate\n    model: {provider: anthropic, model: claude-sonnet-4}\n    skills_dir: ../skills/media\n    skills: [convert, ghost]\n    skill_overrides:\n      convert: warn\n',
    '.env': `SA_FROM_ENV_FILE=${SECRET}\n`,
    'tools-extra/sa-extra-tool': '#!/bin/sh\necho 1.0.0\n',
  };
  const file = (rel: string): string => path.join(pws, rel);
  const checkedOf = async (uri: string, version: number): Promise<CheckedParams> => {
    const deadline = Date.now() + 20000;
    for (;;) {
      const hit = checked.find((x) => x.uri === uri && x.version === version);
      if (hit) return hit;
      if (Date.now() > deadline) throw new Error(`no skillAuthor/checked for ${uri} version ${version}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  before(async () => {
    ({ tmp: dir, ws: pws } = tempWorkspace('sa-lsp-parity-', FILES, (rel) => (rel.startsWith('tools-extra/') ? 0o755 : 0o644)));
    penv = { PATH: '/usr/bin:/bin', HOME: path.join(dir, 'home') };
    c = LspClient.start({ cwd: pws, env: penv });
    c.conn.onNotification(CheckedNotification.type, (p) => void checked.push(p));
    c.conn.onRequest(ShowMessageRequest.type, (p) => {
      shown.push({ message: p.message });
      return null;
    });
    c.conn.onRequest(RegistrationRequest.type, (p) => {
      for (const r of p.registrations)
        if (r.method === DidChangeWatchedFilesNotification.method)
          watched.push(...(r.registerOptions as { watchers: Array<{ globPattern: string }> }).watchers.map((w) => w.globPattern));
      return null;
    });
    const caps = {
      ...CAPABILITIES,
      workspace: { ...CAPABILITIES.workspace, didChangeWatchedFiles: { dynamicRegistration: true } },
      experimental: { skillAuthor: { clientCommands: ['editor.action.triggerSuggest'] } },
    };
    await c.initialize(pws, { envFiles: ['.env'], extraPath: ['${workspaceFolder}/tools-extra'] }, caps);
    await c.open(file('skills/docs/SKILL.md'), FILES['skills/docs/SKILL.md'] as string);
  });

  after(() => {
    c?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads envFiles and extraPath as the extension does: the variable counts as set (its value never sent nor logged), the binary is found', async () => {
    const uri = await c.open(file('skills/media/convert/SKILL.md'), FILES['skills/media/convert/SKILL.md'] as string);
    const { entry, ms, lateMs } = await checkedOf(uri, 1);
    // The check's own time, and how late after its debounce it started (a number: 0 on a server with nothing else to do).
    assert.ok(ms > 0 && typeof lateMs === 'number' && lateMs >= 0, JSON.stringify({ ms, lateMs }));
    assert.deepEqual(entry.missing, { bins: [], env: [], versions: [] });
    assert.equal(entry.verdict, 'loaded');
    const onEnv = await c.conn.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 5, character: 10 } });
    assert.equal((onEnv?.contents as { value: string }).value, 'SA_FROM_ENV_FILE is set (its value is never shown).');
    assert.ok(c.logs.some((l) => /env file .*\.env: 1 variable\(s\): SA_FROM_ENV_FILE/.test(l.message)));
    assert.ok(!JSON.stringify([c.logs, checked, c.published]).includes(SECRET), 'the value appears nowhere');
  });

  it("sends skillAuthor/checked after each check of an open SKILL.md: check --json's entry for its text, also when nothing changed", async () => {
    const rel = 'skills/docs/SKILL.md';
    const uri = uriOf(file(rel)); // opened before the tests
    const first = await checkedOf(uri, 1);
    const published = c.published.findIndex((p) => p.uri === uri && p.version === 1);
    assert.ok(published >= 0, 'the diagnostics came first');
    // Its root is the workspace's `skills` folder (the nearest folder named so), as the Skills view groups it.
    const cli = checkJson(pws, penv, [path.join(pws, 'skills')]).get(file(rel));
    assert.deepEqual({ ...first.entry, path: path.resolve(pws, first.entry.path) }, { ...cli, path: file(rel) });
    assert.equal(first.entry.category, 'general');
    assert.ok(typeof first.ms === 'number' && first.ms >= 0);
    await c.change(uri, 2, [{ range: { start: { line: 5, character: 0 }, end: { line: 5, character: 0 } }, text: '#' }]);
    const second = await checkedOf(uri, 2);
    assert.deepEqual(second.entry.diagnostics, first.entry.diagnostics, 'the same findings, told again');
  });

  it("hovers with the agents file's overrides (found in config/), and publishes its problems though it is not open", async () => {
    const uri = uriOf(file('skills/media/convert/SKILL.md'));
    const onMode = await c.conn.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 6, character: 9 } });
    assert.match((onMode?.contents as { value: string }).value, /Agent `kate` overrides it with `warn` \(`skill_overrides` in `agents\.yaml`\)\./);
    const agents = await c.diagnostics(uriOf(file('config/agents.yaml')));
    assert.equal(agents.version, undefined, 'not an open document');
    assert.deepEqual(
      agents.diagnostics.map((d) => [d.severity, d.range.start.line, d.source]),
      [[2, 4, 'skill-author']],
    );
    assert.match(agents.diagnostics[0]?.message ?? '', /no SKILL\.md for `ghost`/);
  });

  it('completes with the scope of the skill, the client-run retrigger command, own snippets for a non-`skill` document, and paths in the body', async () => {
    const fresh = await c.open(file('skills/fresh-one/SKILL.md'), '---\nname: fresh-one\ndescription: d\n\n---\n\n# Body\n');
    const top = (await c.conn.sendRequest(CompletionRequest.type, { textDocument: { uri: fresh }, position: { line: 3, character: 0 } })) as CompletionList;
    const requires = top.items.find((i) => i.label === 'requires' && i.kind === 10);
    assert.equal(requires?.detail, 'map · makes nexo-rs apply');
    assert.equal(requires?.command?.command, 'editor.action.triggerSuggest');
    assert.ok(!top.items.some((i) => i.label === 'when_to_use'), 'a key only runtimes that do not apply read');
    const block = top.items.find((i) => i.kind === 15 && i.detail === 'Requirements (nexo-rs requires)');
    assert.match(block?.textEdit?.newText ?? '', /^requires:\n {2}bins: \[/);
    // A `skill` document has the snippets from the client.
    const asSkill = await c.open(file('skills/fresh-two/SKILL.md'), '---\nname: fresh-two\ndescription: d\n\n---\n', 1, 'skill');
    const noSnippets = (await c.conn.sendRequest(CompletionRequest.type, {
      textDocument: { uri: asSkill },
      position: { line: 3, character: 0 },
    })) as CompletionList;
    assert.ok(!noSnippets.items.some((i) => i.kind === 15));
    const blank = await c.open(file('skills/lang-snippet/SKILL.md'), '');
    const inBlank = (await c.conn.sendRequest(CompletionRequest.type, { textDocument: { uri: blank }, position: { line: 0, character: 0 } })) as CompletionList;
    const skill = inBlank.items.find((i) => i.detail === 'New skill');
    assert.equal(skill?.label, 'skill');
    const text = TextDocument.applyEdits(TextDocument.create(blank, 'markdown', 1, ''), [skill?.textEdit as TextEdit]);
    assert.ok(text.startsWith('---\nname: ${1:lang-snippet}\ndescription: ${2:What this skill does. Use when …}\n---\n\n# ${3:Lang snippet}\n'), text);
    // Paths of the skill folder in the body.
    const docs = uriOf(file('skills/docs/SKILL.md'));
    const inLink = (await c.conn.sendRequest(CompletionRequest.type, { textDocument: { uri: docs }, position: { line: 7, character: 7 } })) as CompletionList;
    assert.deepEqual(
      inLink.items.map((i) => [i.label, i.detail, i.command?.command]),
      [['references/', 'references/', 'editor.action.triggerSuggest']],
    );
    const inWord = (await c.conn.sendRequest(CompletionRequest.type, { textDocument: { uri: docs }, position: { line: 8, character: 16 } })) as CompletionList;
    assert.deepEqual(
      inWord.items.map((i) => [i.label, i.detail, i.textEdit?.newText]),
      [['guide.md', 'references/guide.md', 'guide.md']],
    );
  });

  it("offers OpenClaw's fixes where OpenClaw applies, and the explanation of `||` as a command the server runs", async () => {
    const claw = await c.open(file('skills/claw/SKILL.md'), FILES['skills/claw/SKILL.md'] as string);
    const d = (await c.diagnostics(claw, { version: 1 })).diagnostics.find((x) => x.code === 'openclaw-os-value');
    assert.ok(d, 'the OpenClaw finding');
    const actions = (await c.conn.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: claw },
      range: d.range,
      context: { diagnostics: [d] },
    })) as CodeAction[];
    const darwin = actions.find((a) => a.title === 'Use darwin');
    assert.ok(darwin?.edit?.changes?.[claw] && darwin.isPreferred, JSON.stringify(actions));
    assert.deepEqual(darwin.diagnostics, [d]);
    const fixed = TextDocument.applyEdits(
      TextDocument.create(claw, 'markdown', 1, FILES['skills/claw/SKILL.md'] as string),
      darwin.edit.changes[claw] as TextEdit[],
    );
    assert.equal(fixed, (FILES['skills/claw/SKILL.md'] as string).replace('macos', 'darwin'));

    const or = await c.open(file('skills/or/SKILL.md'), FILES['skills/or/SKILL.md'] as string);
    const bad = (await c.diagnostics(or, { version: 1 })).diagnostics.find((x) => x.code === 'constraint-invalid');
    assert.ok(bad);
    const orActions = (await c.conn.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: or },
      range: bad.range,
      context: { diagnostics: [bad] },
    })) as CodeAction[];
    const explain = orActions.find((a) => a.title === 'Why `||` has no Cargo equivalent (nothing to rewrite)');
    assert.ok(explain && !explain.edit && explain.isPreferred !== true, JSON.stringify(orActions));
    assert.equal(explain.command?.command, 'skillAuthor.explainConstraint');
    assert.equal(await c.conn.sendRequest(ExecuteCommandRequest.type, explain.command), null);
    const deadline = Date.now() + 5000;
    while (shown.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.match(shown[0]?.message ?? '', /no single equivalent/);
  });

  it('goes to a supporting file inside the skill folder only (its real path), never out of it', async () => {
    const docs = uriOf(file('skills/docs/SKILL.md'));
    const line = 9; // Not [out](../convert/SKILL.md) nor [in](references/guide.md).
    const out = await c.conn.sendRequest(DefinitionRequest.type, { textDocument: { uri: docs }, position: { line, character: 12 } });
    assert.equal(out, null, 'a path leading out of the skill folder');
    const inside = (await c.conn.sendRequest(DefinitionRequest.type, { textDocument: { uri: docs }, position: { line, character: 45 } })) as Location | null;
    assert.equal(inside?.uri, uriOf(realpathSync(file('skills/docs/references/guide.md'))));
  });

  it('watches every file, and a supporting file created in an open skill’s folder clears its link-broken', async () => {
    assert.ok(watched.includes('**/*'), JSON.stringify(watched));
    const uri = uriOf(file('skills/docs/SKILL.md'));
    const last = c.published.filter((p) => p.uri === uri).pop();
    assert.ok(
      last?.diagnostics.some((d) => d.code === 'link-broken'),
      JSON.stringify(last),
    );
    const api = file('skills/docs/references/api.md');
    writeFileSync(api, '# API\n');
    const from = c.published.length;
    await c.conn.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uriOf(api), type: FileChangeType.Created }] });
    const after = await c.diagnostics(uri, { from });
    assert.ok(!after.diagnostics.some((d) => d.code === 'link-broken'), JSON.stringify(after.diagnostics));
  });

  it('checks a huge document only after a wait, even on open', async () => {
    const big = `---\nname: big\ndescription: Big.\ncolour: blue\n---\n\n${'word '.repeat(230_000)}\n`;
    const t0 = Date.now();
    const uri = await c.open(file('skills/big/SKILL.md'), big);
    const published = await c.diagnostics(uri, { version: 1 });
    assert.ok(Date.now() - t0 >= 1000, `published after ${Date.now() - t0} ms`);
    assert.deepEqual(
      published.diagnostics.map((d) => [d.code, d.tags]),
      [['unknown-field', [1]]],
    );
  });
});

describe('lsp: pinned runtimes, and the preview of a checked version', function () {
  this.timeout(60000);

  it('pinned by `runtimes`: only their fields are completed, and a hover on another runtime’s key says who reads it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sa-lsp-pinned-'));
    const c = LspClient.start({ cwd: dir, env: { PATH: '/usr/bin:/bin', HOME: dir } });
    try {
      await c.initialize(dir, { runtimes: ['claude-code'] });
      const uri = await c.open(path.join(dir, 'skills', 'p', 'SKILL.md'), '---\nname: p\ndescription: d\nplatforms: [linux]\n\n---\n\n# Body\n');
      const list = (await c.conn.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 4, character: 0 } })) as CompletionList;
      const expected = FIELDS_BY_RUNTIME['claude-code']
        .filter((f) => f.path.length === 1 && f.path[0] !== 'name' && f.path[0] !== 'description')
        .map((f) => f.path[0] as string)
        .sort();
      assert.deepEqual(
        list.items
          .filter((i) => i.kind !== 15)
          .map((i) => i.label)
          .sort(),
        expected,
      );
      assert.ok(!list.items.some((i) => i.command), 'no retrigger command for a client that did not ask for it');
      const h = await c.conn.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 3, character: 2 } });
      assert.match(
        (h?.contents as { value: string }).value,
        /^Not read by the runtime that applies to this skill \(Claude Code\), so it has no effect here\. Hermes would read it:/,
      );
      assert.equal(await c.stop(), 0);
    } finally {
      c.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('skillAuthor/preview of an open document at the version already checked reuses that check', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sa-lsp-reuse-'));
    try {
      const file = path.join(dir, 'skills', 'r', 'SKILL.md');
      mkdirSync(path.dirname(file), { recursive: true });
      const text = '---\nname: r\ndescription: d\n---\n\n# R\n';
      writeFileSync(file, text);
      const service = new SkillService({ ...DEFAULT_SETTINGS }, { info: () => undefined, warn: () => undefined, error: () => undefined });
      const doc = TextDocument.create(uriOf(file), 'markdown', 3, text);
      const { entry, skill } = await service.entryOf(doc);
      assert.equal(entry.verdict, 'loaded');
      // What the check of version 3 said is what the preview of version 3 says (a marked copy tells them apart).
      service.rememberCheck(doc.uri, 3, { ...entry, verdict: 'skipped_disabled' }, skill);
      assert.equal((await preview(service, doc.uri, () => doc))?.verdict, 'skipped_disabled');
      const next = TextDocument.update(doc, [{ text: `${text}\nMore.\n` }], 4);
      assert.equal((await preview(service, next.uri, () => next))?.verdict, 'loaded', 'another version is judged afresh');
      service.dispose();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('lsp: the snippets the server offers are the contributed ones', () => {
  it('the requires block is snippets/skill.code-snippets’s, and New skill is its body with the folder put in', () => {
    const contributed = JSON.parse(readFileSync(path.join(REPO, 'snippets', 'skill.code-snippets'), 'utf8')) as Record<
      string,
      { prefix: string; body: string[] }
    >;
    const requires = contributed[REQUIRES_SNIPPET.name];
    assert.equal(REQUIRES_SNIPPET.body, requires?.body.join('\n'));
    assert.equal(REQUIRES_SNIPPET.prefix, requires?.prefix);
    const skill = contributed['New skill'];
    const dir = 'my-new-skill';
    const expanded = skill?.body
      .join('\n')
      .replace(/\$\{TM_DIRECTORY\/.*\/g\}/, 'My new skill')
      .replace(/\$\{TM_DIRECTORY\/.*?\/\/\}/, dir);
    assert.equal(newSkillSnippet(dir).body, expanded);
  });
});

describe('lsp: pull diagnostics (textDocument/diagnostic, workspace/diagnostic) for a client that asks for them', function () {
  this.timeout(60000);
  let dir: string;
  let pws: string;
  let penv: NodeJS.ProcessEnv;
  let c: LspClient;
  const FILES: Record<string, string> = {
    'skills/a/one/SKILL.md': '---\nname: not-one\ndescription: The name is not the folder.\n---\n\n# One\n',
    'skills/a/two/SKILL.md': '---\nname: two\ndescription: An unknown key.\ncolour: red\n---\n\n# Two\n',
    'skills/b/three/SKILL.md': '---\nname: three\ndescription: Clean.\n---\n\n# Three\n',
    'config/agents.yaml':
      'agents:\n  - id: kate\n    model: {provider: anthropic, model: claude-sonnet-4}\n    skills_dir: ../skills/a\n    skills: [two, ghost]\n',
  };
  const file = (rel: string): string => path.join(pws, rel);
  const pull = (uri: string, previousResultId?: string): Promise<DocumentDiagnosticReport> =>
    c.conn.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri }, ...(previousResultId ? { previousResultId } : {}) });
  const pullWorkspace = async (previous: WorkspaceDocumentDiagnosticReport[] = []): Promise<Map<string, WorkspaceDocumentDiagnosticReport>> => {
    const r = await c.conn.sendRequest(WorkspaceDiagnosticRequest.type, {
      previousResultIds: previous.map((i) => ({ uri: i.uri, value: i.resultId as string })),
    });
    return new Map(r.items.map((i) => [i.uri, i]));
  };
  const full = (r: DocumentDiagnosticReport | WorkspaceDocumentDiagnosticReport | undefined): Record<string, unknown>[] => {
    assert.equal(r?.kind, 'full', JSON.stringify(r));
    return (r as { items: Parameters<typeof asFinding>[0][] }).items.map(asFinding);
  };
  let report: Map<string, WorkspaceDocumentDiagnosticReport>;

  before(async () => {
    ({ tmp: dir, ws: pws } = tempWorkspace('sa-lsp-pull-', FILES));
    penv = { PATH: '/usr/bin:/bin', HOME: path.join(dir, 'home') };
    c = LspClient.start({ cwd: pws, env: penv });
  });

  after(() => {
    c?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it("registers the provider, answers textDocument/diagnostic with check --json's findings, `unchanged` for the same resultId, and pushes nothing for the document", async () => {
    const r = await c.initialize(pws, { background: true }, PULL_CAPABILITIES);
    assert.deepEqual(r.capabilities.diagnosticProvider, { identifier: 'skill-author', interFileDependencies: true, workspaceDiagnostics: true });
    const one = file('skills/a/one/SKILL.md');
    const uri = await c.open(one, FILES['skills/a/one/SKILL.md'] as string);
    const first = await pull(uri);
    const expected = checkJson(pws, penv, [pws]).get(one)?.diagnostics;
    assert.ok(expected && expected.length > 0);
    assert.deepEqual(full(first), expected);
    assert.ok(first.resultId);
    // The pull reused the check of version 1: one check, told once.
    await waitFor('the check of version 1', () => c.checks.find((x) => x.uri === uri && x.version === 1));
    assert.deepEqual(await pull(uri, first.resultId), { kind: 'unchanged', resultId: first.resultId });
    // An edit: the pull waits for the check of the new version.
    await c.change(uri, 2, [{ range: { start: { line: 2, character: 13 }, end: { line: 2, character: 13 } }, text: '[' }]);
    const broken = await pull(uri, first.resultId);
    assert.ok(
      full(broken).some((d) => d.code === 'yaml-syntax'),
      JSON.stringify(broken),
    );
    assert.notEqual(broken.resultId, first.resultId);
    // Undone: the findings (and so the resultId) of version 1 again.
    await c.change(uri, 3, [{ range: { start: { line: 2, character: 13 }, end: { line: 2, character: 14 } }, text: '' }]);
    const undone = await pull(uri, broken.resultId);
    assert.deepEqual(full(undone), expected);
    assert.equal(undone.resultId, first.resultId);
    assert.equal((await pull(uri, first.resultId)).kind, 'unchanged');
    assert.equal(c.checks.filter((x) => x.uri === uri && x.version === 1).length, 1, 'version 1 was checked once');
    assert.deepEqual(
      c.published.filter((p) => p.uri === uri),
      [],
      'pulled findings are never pushed',
    );
    // Not open: nothing (the workspace report has the roots' files).
    assert.deepEqual(await pull(uriOf(file('skills/b/three/SKILL.md'))), { kind: 'full', items: [] });
  });

  it('answers workspace/diagnostic with every SKILL.md of the roots as check --json reports them, and the agents file; then clears what background had pushed', async () => {
    // Until the client pulls the workspace, background pushes the roots (a client may pull only open documents).
    const two = uriOf(file('skills/a/two/SKILL.md'));
    assert.ok((await c.diagnostics(two)).diagnostics.length > 0);
    const agents = uriOf(file('config/agents.yaml'));
    await c.diagnostics(agents);
    report = await pullWorkspace();
    const check = checkJson(pws, penv, [pws]);
    assert.equal(check.size, 3);
    for (const [f, entry] of check) assert.deepEqual(full(report.get(uriOf(f))), entry.diagnostics, f);
    const open = report.get(uriOf(file('skills/a/one/SKILL.md')));
    assert.equal(open?.version, 3, 'an open document at its version');
    assert.equal(report.get(two)?.version, null);
    const ghost = full(report.get(agents));
    assert.equal(ghost.length, 1);
    assert.match(String(ghost[0]?.message), /no SKILL\.md for `ghost`/);
    assert.equal(report.size, 4);
    // What was pushed is cleared: the client has each finding once, from its pulls.
    for (const u of [two, agents]) assert.deepEqual(c.published.filter((p) => p.uri === u).pop()?.diagnostics, [], u);
    // Nothing changed: every report is `unchanged`, with the same resultId.
    const again = await pullWorkspace([...report.values()]);
    assert.deepEqual(
      [...again.values()].map((i) => [i.uri, i.kind, i.resultId]).sort(),
      [...report.values()].map((i) => [i.uri, 'unchanged', i.resultId]).sort(),
    );
  });

  it('streams the workspace report as partial results when the client gives a token', async () => {
    const parts: WorkspaceDocumentDiagnosticReport[] = [];
    const token = 'pull-progress-1';
    const listening = c.conn.onProgress(WorkspaceDiagnosticRequest.partialResult, token, (p) => void parts.push(...p.items));
    try {
      const r = await c.conn.sendRequest(WorkspaceDiagnosticRequest.type, { previousResultIds: [], partialResultToken: token });
      assert.deepEqual(r.items, [], 'everything came as partial results');
      await waitFor('every partial result', () => parts.length >= report.size || undefined, 5000);
      assert.deepEqual(parts.map((i) => [i.uri, i.kind, i.resultId]).sort(), [...report.values()].map((i) => [i.uri, i.kind, i.resultId]).sort());
    } finally {
      listening.dispose();
    }
  });

  it('asks the client to pull again when a watched file changes; the next workspace pull has the new skill, the rest `unchanged`', async () => {
    const before = c.refreshes;
    const four = file('skills/b/four/SKILL.md');
    mkdirSync(path.dirname(four), { recursive: true });
    writeFileSync(four, '---\nname: four\n---\n\n# Four\n');
    await c.conn.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uriOf(four), type: FileChangeType.Created }] });
    await waitFor('a workspace/diagnostic/refresh', () => c.refreshes > before || undefined, 10000);
    const next = await pullWorkspace([...report.values()]);
    assert.deepEqual(full(next.get(uriOf(four))), checkJson(pws, penv, [pws]).get(four)?.diagnostics);
    for (const [uri, item] of report) assert.deepEqual([next.get(uri)?.kind, next.get(uri)?.resultId], ['unchanged', item.resultId], uri);
    assert.deepEqual(
      c.published.filter((p) => p.uri === uriOf(four)),
      [],
      'nothing pushed once the client pulls the workspace',
    );
  });

  it('stops a workspace pull the client cancels, and keeps serving', async () => {
    // A change: the next pull waits for the scan it asks for.
    await c.conn.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: uriOf(file('skills/b/three/SKILL.md')), type: FileChangeType.Changed }],
    });
    const source = new CancellationTokenSource();
    const pending = c.conn.sendRequest(WorkspaceDiagnosticRequest.type, { previousResultIds: [] }, source.token);
    setTimeout(() => source.cancel(), 50);
    await assert.rejects(pending, (e: { code?: number }) => e.code === LSPErrorCodes.RequestCancelled);
    const after = await pullWorkspace();
    assert.equal(after.size, 5);
    assert.equal(await c.stop(), 0);
    assert.equal(c.stderr, '');
  });
});
