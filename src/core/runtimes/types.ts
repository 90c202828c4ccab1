// The vocabulary shared by every runtime profile (src/core/runtimes/<runtime>/). Each profile emulates one
// agent runtime exactly as its code behaves: how it finds skills, reads a SKILL.md, gates it and renders
// what the model sees. The CLI and the language server speak only this vocabulary, so a verdict always says which
// runtime it is for and maps onto one set of words and colours.

import type { Color, MissingVersion, Severity } from '../types';
import type { ListingBudget, ListingRun, ListingState } from './listing';

/** The runtime profiles (./registry.ts lists them, with their labels and versions). */
export type RuntimeId =
  'nexo' | 'hermes' | 'openclaw' | 'claude-code' | 'codex' | 'copilot-cli' | 'gemini-cli' | 'opencode' | 'qwen-code' | 'vscode' | 'agentskills';

/** What a runtime does with one skill, in one vocabulary for all runtimes:
 *  - `loaded`: offered to the model as it is;
 *  - `loaded_with_banner`: offered with a warning in front (nexo-rs `mode: warn`);
 *  - `needs_setup`: offered, but the runtime asks for setup first (Hermes readiness);
 *  - `hidden`: found and readable, but kept from the model (`hiddenBy` says by what);
 *  - `skipped_disabled`: switched off by its author or the user's configuration;
 *  - `not_loadable`: the runtime cannot read it (encoding, size, empty body …);
 *  - `not_found`: listed (by an agent) but no SKILL.md is there. */
export type RuntimeVerdict = 'loaded' | 'loaded_with_banner' | 'needs_setup' | 'hidden' | 'skipped_disabled' | 'not_loadable' | 'not_found';

/** Why a skill is hidden, in the runtime's own terms. */
export type HiddenBy =
  | 'bins'
  | 'any_bins'
  | 'env'
  | 'versions'
  | 'config'
  | 'os'
  | 'platform'
  | 'environment'
  | 'conditions'
  | 'disabled'
  | 'duplicate_name'
  | 'index_error'
  | 'config_refused'
  | 'description'
  | 'invocation'
  | 'allowlist'
  | 'limit';

export function colorOfVerdict(verdict: RuntimeVerdict): Color {
  switch (verdict) {
    case 'loaded':
      return 'green';
    case 'loaded_with_banner':
    case 'needs_setup':
      return 'amber';
    default:
      return 'red';
  }
}

/** A finding about a file, said in one runtime's terms. Positions are 1-based; a finding about a whole file
 *  (or a folder) has line 1, column 1 and the same end. */
export interface RuntimeFinding {
  runtime: RuntimeId;
  file: string;
  code: string;
  severity: Severity;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** What is missing for a skill, in the runtime's own lists: nexo-rs `bins`, `env`, `versions`; Hermes `env`
 *  (required variables unset) and `files` (credential files absent); OpenClaw `bins`, `anyBins`, `env`,
 *  `config`, `os`. A runtime sets only its own lists. */
export interface RuntimeMissing {
  bins?: string[];
  anyBins?: string[];
  env?: string[];
  versions?: MissingVersion[];
  files?: string[];
  config?: string[];
  os?: string[];
}

/** One skill as one runtime judges it. */
export interface RuntimeSkillVerdict {
  runtime: RuntimeId;
  /** The version of the runtime it was judged by (set by the judge from the context's versions). */
  version?: string;
  /** Absolute path of the SKILL.md. */
  file: string;
  /** Absolute path of the skill folder. */
  dir: string;
  /** The runtime's identity for the skill (folder name, relative path or skill key). */
  id: string;
  /** The name the runtime shows the model ('' when it shows none). */
  name: string;
  /** The runtime's category, or null where it has none. */
  category: string | null;
  verdict: RuntimeVerdict;
  color: Color;
  /** Non-empty exactly when `verdict` is `hidden`. */
  hiddenBy: HiddenBy[];
  /** What is missing, in the runtime's own lists. Empty object when nothing is. */
  missing: RuntimeMissing;
  /** Plain words, in the runtime's terms, explaining the verdict (one sentence each). */
  reasons: string[];
  /** What the runtime offers to install for binaries the skill lacks (OpenClaw's install specs). */
  install?: InstallHint[];
  /** How the skill appears in the section the model reads (the agent CLIs: ./listing.ts). */
  listing?: ListingState;
  /** The name exactly as listed there, or null when absent. */
  listedAs?: string | null;
}

/** An installer a runtime offers: its label, the command it runs, and which missing binaries it provides
 *  (empty: it names none, so it may provide any). */
export interface InstallHint {
  label: string;
  command: string;
  bins: string[];
}

/** How the version a runtime is judged by was chosen. */
export interface ResolvedVersion {
  runtime: RuntimeId;
  /** A version the profile emulates. */
  version: string;
  /** `asked`: named by the user; `installed`: found on this machine; `newest`: neither, the newest emulated. */
  source: 'asked' | 'installed' | 'newest';
  /** The version asked for or found, when it is not one the profile emulates. */
  requested?: string;
  /** Where the installed version was found. */
  foundAt?: string;
  /** Said to the user when the version judged by is not the one asked for or found. */
  note?: string;
}

/** The machine and the user's choices a runtime decides with. Everything a profile reads from the outside
 *  world comes through here, so tests and the editor can pin it. */
export interface RuntimeContext {
  /** The process environment the runtime would run with. */
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  /** The user's home folder (`~`). */
  home: string;
  /** The runtime's working directory (nexo-rs resolves relative bin paths against it). */
  cwd: string;
  /** Hermes: the tools and toolsets given to the index (null/undefined = none given, conditions off). */
  tools?: readonly string[] | null;
  toolsets?: readonly string[] | null;
  /** Hermes: the active environments (kanban, docker, s6); undefined = detected as Hermes does. */
  environments?: readonly string[];
  /** Hermes: `$HERMES_HOME` (default `<home>/.hermes`). */
  hermesHome?: string;
  /** OpenClaw: the `openclaw.json` to read (default: found as OpenClaw finds it). */
  openclawConfig?: string;
  /** OpenClaw: the folder of the node binary that runs OpenClaw (its CLI and Gateway put it first on PATH
   *  before checking `requires.bins`); absent: unknown, not added. */
  openclawNodeDir?: string;
  /** The version of each runtime to judge by (one its profile emulates); absent: the profile's baseline. */
  versions?: Partial<Record<RuntimeId, string>>;
  /** How each of those versions was chosen (asked, installed, newest), with a note when it is not the one
   *  asked for or found. */
  resolvedVersions?: readonly ResolvedVersion[];
  /** Hermes: where to keep what it derives from each SKILL.md between runs (hermes/readCache.ts): the
   *  cache folder, the build's identity, and whether warnings go to stderr. Absent: nothing is cached.
   *  Plain data, so it crosses to the runtime worker. */
  readCache?: { dir: string; salt: string; warnings?: 'stderr' };
}

/** One runtime's answer for one skill root: a verdict per skill it discovers, exactly what it prints for
 *  the model, and findings about what it does silently. */
export interface RuntimeReport {
  runtime: RuntimeId;
  root: string;
  skills: RuntimeSkillVerdict[];
  /** Exactly the index / prompt block the runtime builds ('' when it prints none). */
  index: string;
  /** Why no index was printed when the runtime itself fails building it (Hermes's TypeError), else null. */
  indexError: string | null;
  findings: RuntimeFinding[];
  /** How much of the runtime's prompt budget the index uses, where the runtime has one (OpenClaw). */
  budget?: PromptBudget;
  /** The agent CLIs: the listing's budget, and the built-in entries (names and widths) left out of `index`. */
  listingBudget?: ListingBudget | null;
  builtins?: ListingRun['builtins'];
  /** Lines the runtime prints on stderr about skills. */
  stderr?: string[];
  /** The runtime stops before it reads any skill because it refuses its configuration (OpenClaw 2026.9.6 and an
   *  openclaw.json its schema rejects): the file and the runtime's own words. Every skill of the root is then
   *  `hidden` by `config_refused`, `index` exits 1, and `check` reports the file's finding as an error. `version`:
   *  the release that refuses it. */
  refusal?: { file: string; message: string; version: string };
}

/** A prompt's limits and what the skills use of them (lengths in the runtime's own units). */
export interface PromptBudget {
  /** Skills listed in the prompt, of `candidates` offered to it. */
  skills: number;
  candidates: number;
  maxSkills: number;
  /** Length of the skills block as measured against `maxChars`. */
  chars: number;
  maxChars: number;
  /** `compact`: names and locations only, because the full block did not fit. */
  format: 'full' | 'compact' | 'none';
  /** Skills were left out (count or length limit). */
  truncated: boolean;
}

/** One frontmatter field a runtime reads: its part of the schema, with the words hovers and completions
 *  show. `path` is the key path from the frontmatter's top (`['metadata', 'openclaw', 'requires', 'bins']`);
 *  `*` stands for any key of a map (`['requires', 'bin_versions', '*']`). */
export interface RuntimeField {
  path: readonly string[];
  /** JSON-schema-like type(s) the runtime accepts. */
  type: ReadonlyArray<'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null'>;
  /** Markdown: what the runtime does with it, in its own terms (one or two sentences). */
  description: string;
  /** Allowed values, when the runtime reads only a fixed set. */
  enum?: readonly (string | boolean | number)[];
  /** What the runtime uses when the field is absent, as the author would write it. */
  default?: string | boolean | number;
  /** Values worth offering where the runtime takes open-ended text (the list's items for a list): what its
   *  own documentation names, not a limit. */
  examples?: readonly string[];
  /** Whether the runtime refuses or drops a skill without it. */
  required?: boolean;
  /** Where the runtime documents or implements it (doc page or source path). */
  source: string;
}

/** One skill as a runtime that judges file by file sees it. */
export interface SkillInput {
  /** Absolute paths of the SKILL.md and of its folder. */
  file: string;
  dir: string;
  /** The file's text, or null when it cannot be read. May be a getter that loads the file: test
   *  `readable` and `blank` first where they say enough. */
  text: string | null;
  /** Whether `text` is not null / only whitespace (`trim()` is empty), when known without loading it. */
  readable?: boolean;
  blank?: boolean;
  /** Why it cannot be read (the catalog's words), when it cannot. */
  problem?: string;
  /** The frontmatter as the author wrote it (a plain map), or null. */
  data: Readonly<Record<string, unknown>> | null;
}

/** What decides whether a runtime applies to a skill when the user pinned none (../detect.ts). */
export interface DetectInput {
  /** Absolute path of the skill folder. */
  dir: string;
  /** The frontmatter as the author wrote it (a plain map), or null when there is none. */
  data: Readonly<Record<string, unknown>> | null;
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Absolute `skills_dir`s of the nexo-rs agents file(s) in view. */
  nexoSkillsDirs?: readonly string[];
  /** Runtimes the user pinned; empty or absent: detect. */
  pinned?: readonly RuntimeId[];
}

/** The SKILL.md files a report is asked for (null: every one), given once the asker knows them: a report of a
 *  root is started while the check still analyzes, and judged skills are known only afterwards. */
export type TreeScope = PromiseLike<ReadonlySet<string> | null>;

/** A runtime that decides over a whole skills root at once (Hermes, OpenClaw). With `only`, the report's
 *  per-skill verdicts and findings may leave out the other files (the runtime still reads the whole root: they
 *  decide names, duplicates and the index); what it gives for a file in scope is what the whole report gives. */
export type TreeEvaluator = (root: string, ctx: RuntimeContext, only?: TreeScope) => Promise<RuntimeReport>;

/** How a runtime comes to its verdicts:
 *  - `file`: from each SKILL.md alone (the runtimes that gate nothing on the machine);
 *  - `tree`: over a whole skills root at once, because the runtime decides per tree (duplicate names,
 *    categories, prompt budgets);
 *  - `listing`: from one start of the runtime in a working folder (the agent CLIs: Claude Code, Codex,
 *    Copilot CLI), which lists every skill it finds there at once, with a budget;
 *  - `engine`: from the check pipeline's own evaluation of each skill on this machine (nexo-rs: its gate
 *    probes binaries and versions, which the pipeline schedules, caches and shares). */
export type RuntimeJudging =
  | { kind: 'file'; judge: (skill: SkillInput) => { verdict: RuntimeSkillVerdict; findings: RuntimeFinding[] } }
  | { kind: 'listing'; listing: ListingJudging }
  | { kind: 'tree'; evaluate: TreeEvaluator }
  | { kind: 'engine' };

/** An agent CLI as its start-up decides: the section it sends the model from a working folder, and where it
 *  looks, so a skill it does not find is said in its terms. */
export interface ListingJudging {
  /** One start in `cwd` (ctx.cwd is the check's; `cwd` the folder judged from), at `version`. */
  start(ctx: RuntimeContext, cwd: string, version: string): ListingRun;
  /** The working folder a skill is judged from when the check's own working folder cannot see it (a
   *  project elsewhere): the folder holding the runtime's skills folder; null when the skill lives in no
   *  folder this runtime reads. */
  projectOf(dir: string, home: string): string | null;
  /** Why the runtime started in `cwd` does not find the skill at `dir`, in its terms. */
  notFound(dir: string, cwd: string, ctx: RuntimeContext): { why: string; because: 'not_read' | 'conditional' };
}

/** The contract every runtime profile (./<runtime>/profile.ts) fulfils; ./profiles.ts holds them all and
 *  ./registry.ts their names and versions. Everything the rest of skill-author knows of a runtime's
 *  behaviour comes through here. */
export interface RuntimeProfile {
  id: RuntimeId;
  /** When the user pinned no runtime: why this one reads the skill — where it lives, or a field only this
   *  runtime reads — completing "applies because …"; null when nothing ties the skill to it. */
  appliesBecause(skill: DetectInput): string | null;
  /** Whether a key at `path` (`['metadata', 'openclaw']`) makes this runtime apply (completions and hovers
   *  offer its fields there even before detection sees it). */
  impliedBy(path: readonly string[]): boolean;
  /** The frontmatter fields it reads, with the words hovers and completions show. */
  fields: readonly RuntimeField[];
  judging: RuntimeJudging;
  /** The version installed on this machine, found without running anything; absent: never looked for. */
  findInstalled?(env: Readonly<Record<string, string | undefined>>, home: string, platform: NodeJS.Platform): { version: string; at: string } | null;
  /** The files outside the skills folders whose contents change its verdicts (an editor watches them). */
  configFiles?(ctx: RuntimeContext): string[];
}
