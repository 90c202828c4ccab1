// The vocabulary of the agent CLIs that list skills to the model from where they are started (Claude Code,
// Codex, Copilot CLI, Gemini CLI, OpenCode, Qwen Code): each profile (./claude-code, ./codex, ./copilot-cli,
// ./gemini-cli, ./opencode, ./qwen-code) emulates one release's start-up —
// where it looks from the working folder, HOME and its config folder, how it reads each SKILL.md, what hides a
// skill, which of two same-named skills wins, the order, the name as listed and the budget with its exact cut —
// and answers with a ListingRun: the skills section exactly as the release sends it, and the state of every
// SKILL.md it found. What these runtimes do is checked by running their npm releases against a loopback model
// endpoint (../shared/golden/<runtime>/, test/golden/<runtime>/, test/conformance/agents); the first three are
// known from that alone, the last three also from their public source, read (never their bundles).

/** How a skill appears in the section the model reads:
 *  - `full`: listed with its whole description;
 *  - `cut`: listed with a description the runtime shortened (a cap, or the budget);
 *  - `name_only`: listed by name without any description (the budget, a setting);
 *  - `absent`: not in the section at all (`why` says why). */
export type ListingState = 'full' | 'cut' | 'name_only' | 'absent';

/** Why a found skill is absent, as a class (the words are in `why`). */
export type AbsentBecause =
  | 'shadowed' // another skill of the same name won
  | 'hidden' // a field or a setting keeps it from the model
  | 'conditional' // listed only later (paths:, below the working folder)
  | 'unreadable' // the runtime failed to read it (YAML, BOM, missing field)
  | 'budget' // dropped by the listing budget
  | 'setup' // listed once the user takes a step the runtime asks for (Gemini CLI: trust the folder)
  | 'not_read'; // in a folder this runtime never reads from here

/** One SKILL.md the runtime found (also the ones it then drops), with its state in the section. */
export interface ListedSkill {
  /** Absolute path of the SKILL.md, as the runtime reached it (through a linked folder: the link's path). */
  file: string;
  /** Absolute path of its folder (same spelling as `file`). */
  dir: string;
  listing: ListingState;
  /** The name exactly as it appears in the section (escaped as there), or null when absent. */
  listedAs: string | null;
  /** Why it is not listed in full, in the runtime's own terms (one sentence, no trailing period needed). */
  why?: string;
  /** The class of `why` when `listing` is `absent`. */
  absentBecause?: AbsentBecause;
  /** The file that shadows this one (absent, `shadowed`). */
  shadowedBy?: string;
}

/** The listing budget and what the section uses of it, in the runtime's own unit. */
export interface ListingBudget {
  unit: 'characters' | 'tokens' | 'columns';
  /** The budget the release computed. */
  limit: number;
  /** What the section as built uses of it (same unit). */
  used: number;
  /** How the limit was derived, in words: "1% of claude-opus-5-5's 1,000,000-token context window × 3". */
  source: string;
  /** The model the budget was computed for, where the runtime ties it to one. */
  model?: string;
  /** Counts of the found skills by state (built-ins not included). */
  full: number;
  cut: number;
  nameOnly: number;
  dropped: number;
  /** Skills that lost (part of) their description to the budget, in the order the runtime cut them. */
  lost: string[];
  /** Width the runtime's own built-in skills take of the budget (never their text). */
  builtins: number;
}

/** Where and with what a release is started. */
export interface ListingContext {
  cwd: string;
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
}

/** One start of a release: the section it sends the model and the state of every SKILL.md it found. */
export interface ListingRun {
  /** The skills section exactly as sent, without the release's built-in entries ('' when it sends none). */
  section: string;
  /** Every SKILL.md the release found from this start, in the order found. */
  skills: ListedSkill[];
  /** The lines the release prints on stderr about skills (timestamps left out). */
  stderr: string[];
  /** The budget, where the release has one. */
  budget: ListingBudget | null;
  /** The release's own built-in entries in the section, by name and width (never their text). */
  builtins: Array<{ name: string; chars: number; listing: ListingState }>;
}

/** A built-in skill of a release, as far as the project may know it: its name and the width of its entries. */
export interface BuiltinEntry {
  name: string;
  /** Length of its whole entry as listed (the runtime's unit). */
  chars: number;
}
