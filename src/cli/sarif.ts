// `check --format sarif`: the findings as one SARIF 2.1.0 run, for code-scanning services (GitHub's
// upload-sarif, Azure DevOps, SARIF viewers). A pure function of the entries `check --json` prints.
//
// Locations are relative to `%SRCROOT%`, the directory the check ran in (`originalUriBaseIds`), so a log
// made in CI maps onto the repository; a skill outside that directory keeps its absolute file URI. Our
// columns are 1-based UTF-16 code units, which is SARIF's default `columnKind`.

import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Sarif from 'sarif';
import type { Entry } from '../core/check/entry';
import { CODES_URL, HOME_URL } from '../core/types';
import { inBaseline } from './baseline';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
export const SRCROOT = '%SRCROOT%';

/** One line per code of docs/codes.md's table; the runtime profiles' own codes are described by their prefix. */
const SHORT: Readonly<Record<string, string>> = {
  'file-empty': 'The file is blank; the runtime skips it.',
  'file-unreadable': 'The runtime cannot read the file.',
  'file-too-large': 'The file is over 16 MB; the runtime cannot read it.',
  'file-encoding': 'The file is not UTF-8; the runtime cannot read it.',
  'frontmatter-missing': 'No frontmatter block at the start: no name, description or requirements.',
  'frontmatter-unclosed': 'The frontmatter block is never closed.',
  'frontmatter-fence-text': 'Text after the opening fence is ignored by the runtime.',
  'yaml-syntax': 'The frontmatter YAML does not parse.',
  'frontmatter-not-mapping': 'The frontmatter is a list or a single value, not a mapping.',
  bom: 'A byte-order mark hides the whole frontmatter from the runtime.',
  'body-empty': 'Nothing after the frontmatter: the runtime skips the skill.',
  'duplicate-key': 'A key appears twice in one map.',
  'requirements-ignored': 'nexo-rs throws the whole frontmatter away: none of the requirements are enforced.',
  'name-missing': 'The skill has no name.',
  'name-too-long': 'The name is over 64 characters.',
  'name-charset': 'The name has characters other than a-z, 0-9 and -.',
  'name-non-ascii': 'The name has non-ASCII letters or digits most runtimes reject.',
  'name-not-normalized': 'The name is not NFKC-normalized.',
  'name-hyphen': 'The name starts or ends with a hyphen.',
  'name-double-hyphen': 'The name contains two hyphens in a row.',
  'name-dir-mismatch': 'The name differs from the folder; agents know the skill by its folder.',
  'description-missing': 'The skill has no description.',
  'description-too-long': 'The description is over 1024 characters.',
  'description-index-truncated': "The description is cut in Hermes's index.",
  'compatibility-too-long': 'The compatibility field is over 500 characters.',
  'unknown-field': 'A key no known runtime reads.',
  'scalar-not-string': 'A number or boolean where text belongs.',
  'type-mismatch': 'The value does not fit the schema (wrong type).',
  'enum-invalid': 'The value is not one of those allowed.',
  'schema-invalid': 'The value does not fit the schema.',
  'constraint-invalid': "Not a version constraint in Cargo's dialect.",
  'constraint-bare-version': "A bare version means a caret requirement in Cargo's dialect.",
  'env-name-invalid': 'An environment variable name that can never be set.',
  'bin-name-invalid': 'A binary name that is never found or works on one machine only.',
  'probe-command-whitespace': 'A probe command is passed as one argument, never split.',
  'probe-regex-invalid': "A probe pattern the runtime's regex engine rejects or this tool cannot evaluate.",
  'probe-regex-capture-group': 'The runtime uses the whole match of a probe pattern, not the group.',
  'requires-duplicate': 'The same binary or variable is listed twice.',
  'link-broken': 'A path the body points at does not resolve in the skill folder.',
  'link-escapes': 'A path the body points at leads outside the skill folder.',
  'link-absolute': 'The body points at an absolute path, which exists on one machine only.',
  'link-backslash': 'A path in the body uses a backslash as separator.',
  'script-not-executable': 'The body runs a script directly that is not executable.',
  'links-unchecked': 'The body names too many paths; the rest are not checked.',
};

const PREFIXES: ReadonlyArray<[string, string]> = [
  ['hermes-', 'Hermes'],
  ['openclaw-', 'OpenClaw'],
  ['claude-code-', 'Claude Code'],
  ['codex-', 'Codex'],
  ['copilot-cli-', 'Copilot CLI'],
  ['gemini-cli-', 'Gemini CLI'],
  ['opencode-', 'OpenCode'],
  ['qwen-code-', 'Qwen Code'],
  ['vscode-', 'VS Code'],
  ['agentskills-', 'Agent Skills clients'],
];

/** The rule's short description: docs/codes.md's words, or for a runtime profile's code the runtime and the code's words. */
export function shortDescription(code: string): string {
  const known = SHORT[code];
  if (known) return known;
  for (const [prefix, label] of PREFIXES) {
    if (code.startsWith(prefix)) return `${label}: ${code.slice(prefix.length).replace(/-/g, ' ')}.`;
  }
  return `${code.replace(/-/g, ' ')}.`;
}

function level(severity: string): Sarif.Result.level {
  return severity === 'error' ? 'error' : severity === 'warning' ? 'warning' : 'note';
}

/** A URI reference for a path relative to the base: each segment percent-encoded, joined by `/`. */
function relativeUri(rel: string): string {
  return rel.split(/[\\/]/).map(encodeURIComponent).join('/');
}

/** Where a shown path lives: relative to `%SRCROOT%` when under `cwd`, else its absolute file URI. */
function artifactLocation(shown: string, cwd: string): Sarif.ArtifactLocation {
  const abs = path.resolve(cwd, shown);
  const rel = path.relative(cwd, abs);
  if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) return { uri: relativeUri(rel), uriBaseId: SRCROOT };
  return { uri: pathToFileURL(abs).href };
}

/** A directory's file URI with the trailing slash SARIF requires of a base URI. */
function directoryUri(dir: string): string {
  const href = pathToFileURL(dir).href;
  return href.endsWith('/') ? href : `${href}/`;
}

const atLeastOne = (n: number): number => (Number.isFinite(n) && n >= 1 ? Math.floor(n) : 1);

/** With `baseline` (a `--baseline` run), each result has `baselineState`: `unchanged` when the finding is in
 *  the baseline, else `new`. */
export function toSarif(entries: readonly Pick<Entry, 'path' | 'diagnostics'>[], opts: { version: string; cwd: string; baseline?: boolean }): Sarif.Log {
  const rules: Sarif.ReportingDescriptor[] = [];
  const ruleIndex = new Map<string, number>();
  const results: Sarif.Result[] = [];
  for (const e of entries) {
    const artifact = artifactLocation(e.path, opts.cwd);
    for (const d of e.diagnostics) {
      let index = ruleIndex.get(d.code);
      if (index === undefined) {
        index = rules.length;
        ruleIndex.set(d.code, index);
        rules.push({ id: d.code, shortDescription: { text: shortDescription(d.code) }, helpUri: CODES_URL });
      }
      const startLine = atLeastOne(d.line);
      const startColumn = atLeastOne(d.column);
      const endLine = Math.max(startLine, atLeastOne(d.endLine));
      const endColumn = endLine === startLine ? Math.max(startColumn, atLeastOne(d.endColumn)) : atLeastOne(d.endColumn);
      results.push({
        ruleId: d.code,
        ruleIndex: index,
        level: level(d.severity),
        message: { text: d.message },
        locations: [{ physicalLocation: { artifactLocation: { ...artifact }, region: { startLine, startColumn, endLine, endColumn } } }],
        ...(opts.baseline ? { baselineState: inBaseline(d) ? ('unchanged' as const) : ('new' as const) } : {}),
        ...(d.runtime ? { properties: { runtime: d.runtime } } : {}),
      });
    }
  }
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'skill-author', version: opts.version, semanticVersion: opts.version, informationUri: HOME_URL, rules } },
        originalUriBaseIds: { [SRCROOT]: { uri: directoryUri(opts.cwd) } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}

export function formatSarif(entries: readonly Pick<Entry, 'path' | 'diagnostics'>[], opts: { version: string; cwd: string; baseline?: boolean }): string {
  return `${JSON.stringify(toSarif(entries, opts), null, 2)}\n`;
}
