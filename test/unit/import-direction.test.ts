// Which way the imports of src/ run (docs/architecture.md draws it). The engine (core/) is the ground: it
// knows none of its users and no editor. The CLI and the language server stand on it, side by side; the
// VS Code extension is a client of the server and takes from core/ only types and a fixed list of words
// and labels; shared/ is the wire between server and extension. The graph is test/utils/imports.ts's:
// an import written `type` is a type-only one (it leaves no trace in a bundle); any other is a value.
import * as assert from 'node:assert/strict';
import { type Import, importsOf, rel, sources } from '../utils/imports';

type Layer = 'core' | 'cli' | 'server' | 'extension' | 'shared';
const LAYERS: readonly Layer[] = ['core', 'cli', 'server', 'extension', 'shared'];

function layerOf(relPath: string): Layer | undefined {
  const top = relPath.split('/')[0];
  return LAYERS.find((l) => l === top);
}

/** The packages of the editors' side: VS Code's API and the Language Server Protocol's libraries. */
const VSCODE = /^vscode$/;
const LSP = /^vscode-language(server|client)(-|\/|$)/;

interface Rule {
  /** Who may not import. */
  from: Layer;
  /** What: a layer of src/, or packages by name. */
  to: Layer | RegExp;
  /** Type-only imports are let through. */
  typesAllowed?: boolean;
  /** Value imports let through anyway, by the file of src/ they come from. */
  valuesAllowed?: Readonly<Record<string, readonly string[]>>;
  why: string;
}

/** The core values the extension takes today: the runtime registry's names, labels and `id@version` specs,
 *  the words a verdict is shown in, and the supporting folders' path rules (pure functions; the tree-shaken
 *  bundle carries nothing of the engine's else). Everything else it learns from the server. A new entry here is a design decision: the
 *  server can send it instead. */
const EXTENSION_CORE_VALUES: Readonly<Record<string, readonly string[]>> = {
  // A skill's row of the matrix (one agent runtime's listing as a cell, its words and colour): pure, over the
  // entry the server sent.
  'core/check/matrix.ts': ['cellOf', 'matrixSeverity', 'matrixWords'],
  'core/runtimes/registry.ts': ['RUNTIMES', 'RUNTIME_LABELS', 'parseRuntimeSpec', 'runtimeSpecs', 'runtimeTitle'],
  'core/runtimes/words.ts': [
    'NOT_PROBED_UNTRUSTED',
    'budgetShort',
    'budgetWords',
    'isHiddenVerdict',
    'leadFacts',
    'listingBudgetShort',
    'listingBudgetWords',
    'missingFacts',
    'missingText',
    'verdictLabel',
    'verdictWords',
    'versionFact',
  ],
  'core/supporting/files.ts': ['resolveInside'],
  'core/supporting/links.ts': ['SUPPORT_FOLDERS', 'linkDestination', 'supportFileNameProblem'],
};

const RULES: readonly Rule[] = [
  { from: 'core', to: 'cli', why: 'the engine knows none of its users' },
  { from: 'core', to: 'server', why: 'the engine knows none of its users' },
  { from: 'core', to: 'extension', why: 'the engine knows none of its users' },
  { from: 'core', to: 'shared', why: 'the wire between server and extension is no concern of the engine' },
  { from: 'core', to: VSCODE, why: 'the engine runs in a terminal, a worker and any editor' },
  { from: 'core', to: LSP, why: 'the engine speaks its own shapes; the server converts them (src/server/convert.ts)' },
  { from: 'server', to: 'cli', why: 'the server and the CLI are two faces of the engine, side by side' },
  { from: 'server', to: 'extension', why: 'the server serves every editor; VS Code is one client' },
  { from: 'server', to: VSCODE, why: 'the server runs in a plain Node process (Neovim, Helix, …)' },
  {
    from: 'cli',
    to: 'server',
    typesAllowed: true,
    why: '`skill-author lsp` loads the server bundle (dist/lsp.js) by path when run; every other command starts without it',
  },
  { from: 'cli', to: 'extension', why: 'the CLI runs without VS Code' },
  { from: 'cli', to: VSCODE, why: 'the CLI runs without VS Code' },
  { from: 'cli', to: LSP, why: 'the protocol is the server’s, loaded only by `skill-author lsp`' },
  { from: 'extension', to: 'server', why: 'the extension talks to the server over the protocol (src/shared/protocol.ts), never in-process' },
  { from: 'extension', to: 'cli', why: 'the extension is a client of the server' },
  {
    from: 'extension',
    to: 'core',
    typesAllowed: true,
    valuesAllowed: EXTENSION_CORE_VALUES,
    why: 'the extension is a client of the server: the engine runs there',
  },
  { from: 'shared', to: 'core', typesAllowed: true, why: 'the wire carries the engine’s shapes, not its code' },
  { from: 'shared', to: 'cli', why: 'shared/ is the wire between server and extension' },
  { from: 'shared', to: 'server', why: 'shared/ is the wire between server and extension' },
  { from: 'shared', to: 'extension', why: 'shared/ is the wire between server and extension' },
  { from: 'shared', to: VSCODE, why: 'the server imports shared/, and runs without VS Code' },
];

/** The floors of core/, top first: a file imports only from its own floor or the floors below it, types
 *  included. assist/ (completion, hover, fixes) stands on check/ (the pipeline: analysis, engine, judge,
 *  entries, workers), which stands on the runtime profiles; they stand on the skill-independent ground:
 *  supporting files, reading a SKILL.md, the machine's facts, the Rust ports and the shared types. */
const CORE_FLOORS: ReadonlyArray<readonly string[]> = [['assist'], ['check'], ['runtimes'], ['supporting'], ['skill', 'machine'], ['rust'], ['types.ts']];

function coreFloorOf(relPath: string): number | undefined {
  const top = /^core\/([^/]+)/.exec(relPath)?.[1];
  if (top === undefined) return undefined;
  const i = CORE_FLOORS.findIndex((f) => f.includes(top));
  return i < 0 ? undefined : i;
}

/** The runtime folder (core/runtimes/<id>/) a file is in, if any. */
function runtimeOf(relPath: string): string | undefined {
  const m = /^core\/runtimes\/([^/]+)\//.exec(relPath);
  return m?.[1];
}

function breaks(rule: Rule, imp: Import): string[] | undefined {
  if (rule.to instanceof RegExp) return imp.file === undefined && rule.to.test(imp.specifier) ? imp.values : undefined;
  if (imp.file === undefined || layerOf(rel(imp.file)) !== rule.to) return undefined;
  if (imp.typeOnly && rule.typesAllowed) return undefined;
  const allowed = rule.valuesAllowed?.[rel(imp.file)] ?? [];
  const taken = imp.values.filter((v) => !allowed.includes(v));
  return imp.typeOnly || taken.length > 0 ? taken : undefined;
}

describe('import direction of src/', () => {
  const files = sources().map((f) => ({ file: f, path: rel(f), imports: importsOf(f) }));

  it('reads the layers and finds their imports', () => {
    // A guard for the guard: a parser that found nothing would pass every rule below.
    for (const layer of LAYERS)
      assert.ok(
        files.some((f) => layerOf(f.path) === layer && f.imports.length > 0),
        layer,
      );
    const cliToServer = files.find((f) => f.path === 'cli/main.ts')?.imports.find((i) => i.file && rel(i.file) === 'server/main.ts');
    assert.deepEqual(cliToServer && { typeOnly: cliToServer.typeOnly, values: cliToServer.values }, { typeOnly: true, values: [] });
  });

  for (const rule of RULES) {
    const target = rule.to instanceof RegExp ? `the packages ${rule.to.source}` : `${rule.to}/`;
    const what = rule.typesAllowed ? `no value of ${target}` : `nothing of ${target}`;
    it(`${rule.from}/ imports ${what}${rule.valuesAllowed ? ' but the listed ones' : ''}: ${rule.why}`, () => {
      const found: string[] = [];
      for (const f of files.filter((x) => layerOf(x.path) === rule.from))
        for (const imp of f.imports) {
          const taken = breaks(rule, imp);
          if (taken === undefined) continue;
          const names = imp.typeOnly ? 'types' : taken.join(', ');
          found.push(`${f.path}:${imp.line} imports ${imp.file ? rel(imp.file) : imp.specifier} (${names})`);
        }
      assert.deepEqual(found, [], `${rule.from}/ → ${target}: ${rule.why}`);
    });
  }

  it('core/ in floors: assist over check over the runtime profiles over supporting, skill and machine over rust over types', () => {
    const found: string[] = [];
    const unplaced = new Set<string>();
    for (const f of files) {
      const from = coreFloorOf(f.path);
      if (f.path.startsWith('core/') && from === undefined) unplaced.add(f.path);
      if (from === undefined) continue;
      for (const imp of f.imports) {
        const to = imp.file === undefined ? undefined : coreFloorOf(rel(imp.file));
        if (to !== undefined && to < from) found.push(`${f.path}:${imp.line} imports ${rel(imp.file as string)}${imp.typeOnly ? ' (types)' : ''}`);
      }
    }
    assert.deepEqual([...unplaced], [], 'every file of core/ stands on a floor');
    assert.deepEqual(found, []);
  });

  it('a runtime’s folder (core/runtimes/<id>/) imports no other runtime’s: each runtime’s quirks stay in its own', () => {
    const found: string[] = [];
    for (const f of files) {
      const own = runtimeOf(f.path);
      if (own === undefined) continue;
      for (const imp of f.imports) {
        const other = imp.file && runtimeOf(rel(imp.file));
        if (other && other !== own) found.push(`${f.path}:${imp.line} imports ${rel(imp.file as string)}`);
      }
    }
    assert.deepEqual(found, []);
  });
});
