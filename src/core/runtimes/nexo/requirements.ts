// What a skill needs as nexo-rs reads it: `requires` (bins, env, bin_versions, mode), read through the
// runtime's strict deserialization, so when nexo-rs ignores the frontmatter these are empty, exactly as at
// run time. Hermes `prerequisites` and `platforms` are not nexo-rs's (it ignores them); the Hermes profile
// reads them. (`source: 'prerequisites'` and `platforms` stay in the shape for callers that print them.)

import type { NexoBinVersion } from './metadata';
import type { GatingMode } from '../../types';

export type RequirementSource = 'requires' | 'prerequisites';

export interface BinRequirement {
  name: string;
  source: RequirementSource;
  range: [number, number] | null;
}

export interface EnvRequirement {
  name: string;
  source: RequirementSource;
  range: [number, number] | null;
}

/** A `bin_versions` entry as the runtime checks it (command defaulted, regex undefined → runtime default). */
export type VersionRequirement = Pick<NexoBinVersion, 'bin' | 'constraint' | 'regex' | 'keyRange' | 'constraintRange'> & { command: string };

export interface Requirements {
  /** `requires.mode` as the runtime reads it; undefined → strict. */
  mode: GatingMode | undefined;
  bins: BinRequirement[];
  env: EnvRequirement[];
  versions: VersionRequirement[];
  /** Hermes `platforms` (macos, linux, windows), or undefined when unrestricted. */
  platforms: string[] | undefined;
}

export const NO_REQUIREMENTS: Requirements = Object.freeze({
  mode: undefined,
  bins: [],
  env: [],
  versions: [],
  platforms: undefined,
}) as Requirements;
