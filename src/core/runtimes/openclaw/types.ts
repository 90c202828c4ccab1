// Types of the OpenClaw profile that the shared vocabulary (../types.ts) does not have.

import type { RuntimeFinding } from '../types';
import type { LoadedSkill } from './discover';
import type { ParsedFrontmatter } from './frontmatter';
import type { InvocationPolicy, OpenClawMetadata } from './metadata';

/** OpenClaw's `SkillEntry`: a loaded skill with its frontmatter, `metadata.openclaw` and invocation policy. */
export interface SkillEntry extends LoadedSkill {
  frontmatter: ParsedFrontmatter;
  metadata: OpenClawMetadata | undefined;
  invocation: InvocationPolicy;
}

/** A mechanical fix: replace the text between two offsets of the SKILL.md (UTF-16 offsets into the file as
 *  read, before any newline normalisation) with `replacement`. A quick fix applies it as one edit. */
export interface OpenClawFix {
  start: number;
  end: number;
  replacement: string;
  /** Short title for the quick fix ("Use `darwin`"). */
  title: string;
}

export interface OpenClawFinding extends RuntimeFinding {
  runtime: 'openclaw';
  fix?: OpenClawFix;
}
