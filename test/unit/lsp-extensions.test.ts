// nexo-rs extension manifests (`plugin.toml`) in the language server, as a client sees them: the server is
// `node dist/cli.js lsp --stdio` in a child process, driven over JSON-RPC. Diagnostics are `check --json`'s
// findings for the same manifest; hover and completion come from the manifest's field table; the quick fixes
// the engine supplies a replacement for are applied and checked again; bad input never stops the server.
import { strict as assert } from 'node:assert';
import { rmSync } from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  type CodeAction,
  CodeActionRequest,
  CompletionRequest,
  type CompletionList,
  type Diagnostic,
  HoverRequest,
  type InitializeResult,
  SemanticTokensRequest,
  type TextEdit,
} from 'vscode-languageserver-protocol';
import { cliSync } from '../utils/cli';
import { asFinding, LspClient, tempWorkspace, uriOf } from '../utils/lsp-client';

const manifest = (id: string, rest: string): string =>
  `[plugin]\nid = "${id}"\nversion = "0.1.0"\n\n[capabilities]\ntools = ["list_notes"]\n\n[transport]\nkind = "stdio"\ncommand = "./bin/x"\n${rest}`;

const FILES: Record<string, string> = {
  'extensions/notes-sync/plugin.toml': manifest('notes-sync', '\n[requires]\nenv = ["NOTES_API_TOKEN", "NOTES_BASE_URL"]\n'),
  'extensions/notes-search/plugin.toml': manifest('notes-search', '\n[requires]\nbins = ["sa-no-such-indexer"]\n'),
  'extensions/bad-version/plugin.toml': manifest('bad-version', '').replace('version = "0.1.0"', 'version = "v1.2.0"'),
  'extensions/docs-type/plugin.toml': manifest('docs-type', '').replace('kind = "stdio"', 'type = "stdio"'),
  'extensions/hyphen/plugin.toml': manifest('hyphen', '').replace('"list_notes"', '"list-notes"'),
  'extensions/other/nexo-plugin.toml': '[plugin]\nid = "x"\n',
};

describe('lsp: nexo-rs extension manifests (plugin.toml)', function () {
  this.timeout(60000);
  let tmp: string;
  let ws: string;
  let env: NodeJS.ProcessEnv;
  let client: LspClient;
  let init: InitializeResult;
  const open = async (rel: string, text = FILES[rel] as string, version = 1): Promise<{ uri: string; diagnostics: Diagnostic[] }> => {
    const uri = await client.open(path.join(ws, rel), text, version, 'nexo-plugin-toml');
    return { uri, diagnostics: (await client.diagnostics(uri, { version })).diagnostics };
  };

  before(async () => {
    ({ tmp, ws, env } = tempWorkspace('sa-lsp-ext-', FILES));
    env = { ...env, NOTES_API_TOKEN: 'dummy', NOTES_BASE_URL: 'https://notes.example' };
    client = LspClient.start({ cwd: ws, env });
    init = await client.initialize(ws);
  });

  after(() => {
    client?.kill();
    rmSync(tmp, { recursive: true, force: true });
  });

  it("publishes check --json's findings for a manifest: a stripped secret, the variables its process receives, a skipped extension", async () => {
    const json = JSON.parse(cliSync(['check', '--json', '--no-cache', '--no-probe', '.'], { cwd: ws, env }).out) as {
      extensions: Array<{ path: string; diagnostics: Array<Record<string, unknown>> }>;
    };
    for (const rel of ['extensions/notes-sync/plugin.toml', 'extensions/notes-search/plugin.toml', 'extensions/bad-version/plugin.toml']) {
      const { diagnostics } = await open(rel);
      const expected = json.extensions.find((e) => e.path === rel)?.diagnostics;
      assert.ok(expected, rel);
      assert.deepEqual(diagnostics.map(asFinding), expected, rel);
      for (const d of diagnostics) {
        assert.equal(d.source, 'skill-author');
        assert.equal(d.codeDescription?.href, 'https://github.com/skill-author/skill-author/blob/main/docs/codes.md');
      }
    }
    const sync = (await client.diagnostics(uriOf(path.join(ws, 'extensions/notes-sync/plugin.toml')))).diagnostics;
    const stripped = sync.find((d) => d.code === 'nexo-ext-secret-stripped');
    assert.ok(stripped, JSON.stringify(sync));
    assert.match(stripped.message, /NOTES_API_TOKEN/);
    assert.deepEqual(stripped.range.start, { line: 12, character: 7 });
    assert.ok(sync.some((d) => d.code === 'nexo-ext-env-received' && /NOTES_BASE_URL/.test(d.message) && !/NOTES_API_TOKEN,/.test(d.message)));
    const search = (await client.diagnostics(uriOf(path.join(ws, 'extensions/notes-search/plugin.toml')))).diagnostics;
    assert.deepEqual(
      search.map((d) => [d.code, d.severity]),
      [['nexo-ext-missing-bin', 2]],
    );
  });

  it('says only that a nexo-plugin.toml is another schema', async () => {
    const { diagnostics } = await open('extensions/other/nexo-plugin.toml');
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.severity]),
      [['nexo-ext-other-schema', 3]],
    );
  });

  it('hovers a key and a table with its type, default and what nexo-rs does', async () => {
    const uri = uriOf(path.join(ws, 'extensions/notes-sync/plugin.toml'));
    const env = await client.conn.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 12, character: 1 } });
    const text = (env?.contents as { value: string }).value;
    assert.match(text, /requires\.env/);
    assert.match(text, /array of strings · default `\[\]`/);
    assert.match(text, /secret filter/);
    assert.deepEqual(env?.range, { start: { line: 12, character: 0 }, end: { line: 12, character: 3 } });
    const table = await client.conn.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 7, character: 3 } });
    assert.match((table?.contents as { value: string }).value, /\[transport\].*tagged by `kind`/s);
  });

  it('colours a manifest with semantic tokens from the legend it announced, and nothing else', async () => {
    const rel = 'extensions/notes-search/plugin.toml';
    const { uri } = await open(rel);
    const legend = init.capabilities.semanticTokensProvider?.legend;
    assert.deepEqual(legend?.tokenTypes, ['namespace', 'property', 'string', 'number', 'keyword', 'comment', 'operator']);
    const tokens = await client.conn.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } });
    // Decode the relative encoding and name each token by its text.
    const doc = TextDocument.create(uri, 'nexo-plugin-toml', 1, FILES[rel] as string);
    const got: Array<[string, string]> = [];
    let line = 0;
    let char = 0;
    const data = tokens?.data ?? [];
    for (let i = 0; i < data.length; i += 5) {
      const [dl, dc, len, type] = data.slice(i, i + 4) as [number, number, number, number];
      line += dl;
      char = dl ? dc : char + dc;
      const start = doc.offsetAt({ line, character: char });
      got.push([doc.getText().slice(start, start + len), legend?.tokenTypes[type] as string]);
    }
    assert.deepEqual(got.slice(0, 8), [
      ['plugin', 'namespace'],
      ['id', 'property'],
      ['=', 'operator'],
      ['"notes-search"', 'string'],
      ['version', 'property'],
      ['=', 'operator'],
      ['"0.1.0"', 'string'],
      ['capabilities', 'namespace'],
    ]);
    assert.deepEqual(got.slice(-4), [
      ['requires', 'namespace'],
      ['bins', 'property'],
      ['=', 'operator'],
      ['"sa-no-such-indexer"', 'string'],
    ]);
    // A SKILL.md keeps its Markdown colours: no tokens.
    const skill = await client.open(path.join(ws, 'skills', 'x', 'SKILL.md'), '---\nname: x\n---\n', 1);
    assert.deepEqual((await client.conn.sendRequest(SemanticTokensRequest.type, { textDocument: { uri: skill } }))?.data, []);
  });

  it("completes a table's keys and the transport's kind", async () => {
    const rel = 'extensions/typing/plugin.toml';
    const text = '[plugin]\nid = "typing"\n\n[transport]\nkind = ""\n\n[requires]\n\n';
    const { uri } = await open(rel, text);
    const keys = (await client.conn.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 7, character: 0 } })) as CompletionList;
    assert.deepEqual(
      keys.items.map((i) => i.label),
      ['bins', 'env'],
    );
    assert.match((keys.items[0]?.documentation as { value: string }).value, /is_file/);
    const plugin = (await client.conn.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 2, character: 0 } })) as CompletionList;
    assert.deepEqual(
      plugin.items.map((i) => i.label),
      ['version', 'name', 'description', 'min_agent_version', 'priority'],
    );
    const kind = (await client.conn.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 4, character: 8 } })) as CompletionList;
    assert.deepEqual(
      kind.items.map((i) => i.label),
      ['"stdio"', '"nats"', '"http"'],
    );
  });

  for (const [rel, code, title, fixed] of [
    ['extensions/bad-version/plugin.toml', 'nexo-ext-invalid-version', /1\.2\.0/, 'version = "1.2.0"'],
    ['extensions/docs-type/plugin.toml', 'nexo-ext-missing-key', /kind =/, 'kind = "stdio"'],
    ['extensions/hyphen/plugin.toml', 'nexo-ext-invalid-capability-name', /list_notes/, 'tools = ["list_notes"]'],
  ] as const)
    it(`applies the quick fix of ${code}, and the manifest then loads`, async () => {
      const uri = uriOf(path.join(ws, rel));
      let diagnostics = (await client.published.find((p) => p.uri === uri))?.diagnostics;
      if (!diagnostics) diagnostics = (await open(rel)).diagnostics;
      const finding = diagnostics.find((d) => d.code === code);
      assert.ok(finding, JSON.stringify(diagnostics));
      const actions = (await client.conn.sendRequest(CodeActionRequest.type, {
        textDocument: { uri },
        range: finding.range,
        context: { diagnostics: [finding] },
      })) as CodeAction[];
      assert.equal(actions.length, 1, JSON.stringify(actions));
      const action = actions[0] as CodeAction;
      assert.match(action.title, title);
      assert.deepEqual(action.diagnostics, [finding]);
      const edits = action.edit?.changes?.[uri] as TextEdit[];
      const doc = TextDocument.create(uri, 'nexo-plugin-toml', 1, FILES[rel] as string);
      const after = TextDocument.applyEdits(doc, edits);
      assert.ok(after.includes(fixed), after);
      const from = client.published.length;
      await client.change(uri, 2, [{ text: after }]);
      const again = await client.diagnostics(uri, { version: 2, from });
      assert.deepEqual(
        again.diagnostics.filter((d) => d.severity === 1),
        [],
      );
    });

  it('survives a huge, a binary and a deeply nested manifest, and keeps answering', async () => {
    const nested = `[plugin]\nid = ${'['.repeat(100000)}\n`;
    const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256)).toString('latin1');
    const huge = manifest('huge', `description = "${'x'.repeat(2_000_000)}"\n`);
    for (const [i, text] of [nested, binary, huge].entries()) {
      const { diagnostics } = await open(`extensions/bad${i}/plugin.toml`, text);
      assert.ok(
        diagnostics.some((d) => d.severity === 1),
        `${i}: ${JSON.stringify(diagnostics).slice(0, 500)}`,
      );
      await client.conn.sendRequest(HoverRequest.type, {
        textDocument: { uri: uriOf(path.join(ws, `extensions/bad${i}/plugin.toml`)) },
        position: { line: 1, character: 1 },
      });
      await client.conn.sendRequest(CompletionRequest.type, {
        textDocument: { uri: uriOf(path.join(ws, `extensions/bad${i}/plugin.toml`)) },
        position: { line: 1, character: 1 },
      });
    }
    const uri = uriOf(path.join(ws, 'extensions/notes-sync/plugin.toml'));
    assert.ok(await client.conn.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 12, character: 1 } }));
    assert.equal(client.proc.exitCode, null);
  });
});

describe("lsp: the nexo-rs agent's config/extensions.yaml, and a manifest judged among the others", function () {
  this.timeout(60000);
  const FILES2: Record<string, string> = {
    'config/extensions.yaml': 'extensions:\n  disabled: [notes-b]\n  allowlist:\n    - notes-a\n    - notes-b\n    - ghost\n  follow_links: true\n',
    'extensions/a/plugin.toml': manifest('notes-a', ''),
    'extensions/b/plugin.toml': manifest('notes-b', ''),
    'extensions/z/plugin.toml': manifest('notes-a', ''),
  };
  let tmp: string;
  let ws: string;
  let env: NodeJS.ProcessEnv;
  let client: LspClient;
  before(async () => {
    ({ tmp, ws, env } = tempWorkspace('sa-lsp-ext-config-', FILES2));
    client = LspClient.start({ cwd: ws, env });
    await client.initialize(ws);
  });
  after(() => {
    client?.kill();
    rmSync(tmp, { recursive: true, force: true });
  });

  it("publishes check --json's extensions_config findings for the open file, and re-judges its edits", async () => {
    const json = JSON.parse(cliSync(['check', '--json', '--no-cache', '--no-probe', '.'], { cwd: ws, env }).out) as {
      extensions: Array<{ path: string; boot: string; excluded_by: string | null; diagnostics: Array<Record<string, unknown>> }>;
      extensions_config: Array<{ path: string; error: string | null; diagnostics: Array<Record<string, unknown>> }>;
    };
    assert.equal(json.extensions_config[0]?.path, 'config/extensions.yaml');
    const rel = 'config/extensions.yaml';
    const uri = await client.open(path.join(ws, rel), FILES2[rel] as string, 1, 'yaml');
    const { diagnostics } = await client.diagnostics(uri, { version: 1 });
    assert.deepEqual(diagnostics.map(asFinding), json.extensions_config[0]?.diagnostics);
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.range.start.line + 1]),
      [
        ['nexo-ext-config-follow-links', 7],
        ['nexo-ext-config-allowlist-unknown', 5],
        ['nexo-ext-config-allowlist-unknown', 6],
      ],
    );
    // An unsaved edit the agent would refuse: one error at the key, the agent does not start.
    await client.change(uri, 2, [{ text: (FILES2[rel] as string).replace('follow_links', 'follow_symlinks') }]);
    const edited = (await client.diagnostics(uri, { version: 2 })).diagnostics;
    assert.deepEqual(
      edited.map((d) => [d.code, d.severity, d.range.start.line + 1]),
      [['nexo-ext-config-unknown-key', 1, 7]],
    );
    assert.match(edited[0]?.message ?? '', /refuses its configuration and does not start.*unknown field `follow_symlinks`/);
  });

  it('an open manifest says what the others and the configuration make of it: disabled, a duplicate id', async () => {
    const json = JSON.parse(cliSync(['check', '--json', '--no-cache', '--no-probe', '.'], { cwd: ws, env }).out) as {
      extensions: Array<{ path: string; boot: string; excluded_by: string | null; diagnostics: Array<Record<string, unknown>> }>;
    };
    for (const [rel, boot, code] of [
      ['extensions/b/plugin.toml', 'not_started', 'nexo-ext-config-excluded'],
      ['extensions/z/plugin.toml', 'duplicate', 'nexo-ext-duplicate-id'],
    ] as const) {
      const entry = json.extensions.find((e) => e.path === rel);
      assert.equal(entry?.boot, boot, rel);
      const uri = await client.open(path.join(ws, rel), FILES2[rel] as string, 1, 'nexo-plugin-toml');
      const { diagnostics } = await client.diagnostics(uri, { version: 1 });
      assert.deepEqual(diagnostics.map(asFinding), entry?.diagnostics, rel);
      assert.ok(
        diagnostics.some((d) => d.code === code),
        rel,
      );
    }
  });
});
