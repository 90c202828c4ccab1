// Shared vocabulary of the engine. Nothing here imports `vscode`; the CLI and the language server both speak it.

/** The project's home page: SARIF's `informationUri`, the editor's links into the documentation. */
export const HOME_URL = 'https://github.com/skill-author/skill-author';
/** The documentation's page of a repository file (`docs/codes.md`). */
export const DOCS_URL = `${HOME_URL}/blob/main/docs`;
/** The table of finding codes (docs/codes.md): SARIF's `helpUri` and each editor diagnostic's `codeDescription`. */
export const CODES_URL = `${DOCS_URL}/codes.md`;

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** A finding in a SKILL.md. Offsets are UTF-16 code-unit offsets into the ORIGINAL file text (BOM and CRLF
 *  included); line/column are 1-based and derived from those offsets. */
export interface Diagnostic {
  code: string;
  severity: Severity;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** Original-text offsets, [start, end). */
  start: number;
  end: number;
  /** Machine-readable extras for quick fixes (e.g. a suggested replacement). Never printed by the CLI. */
  data?: DiagnosticData;
  /** Marks findings an editor should render as unnecessary (faded), e.g. unknown fields. */
  unnecessary?: boolean;
}

export interface DiagnosticData {
  /** Suggested replacement text for [start, end). */
  replacement?: string;
  /** Extra facts a quick fix or hover may use. */
  [key: string]: unknown;
}

/** What the runtime does with a skill on this machine. */
export type Verdict = 'loaded' | 'loaded_with_banner' | 'skipped_strict' | 'skipped_disabled' | 'not_loadable' | 'unsupported_platform' | 'not_found';

export type Color = 'green' | 'amber' | 'red';

export type GatingMode = 'strict' | 'warn' | 'disable';

export type VersionReason =
  | 'bin_not_found'
  | 'probe_failed'
  | 'parse_failed'
  | 'constraint_unsatisfied'
  | 'invalid_constraint'
  /** Only when probing is off (`--no-probe`, untrusted workspace): the version is not known and does not hide the skill. */
  | 'not_probed';

export interface MissingVersion {
  bin: string;
  required: string;
  found: string | null;
  reason: VersionReason;
  /** Why a probe failed or was not run, for people (never part of the banner). */
  detail?: string;
}

export interface Missing {
  bins: string[];
  env: string[];
  versions: MissingVersion[];
}
