// `SkillLoader::load_many_with_status` + `render_system_blocks` (RULES.md §1–§3, §8, §10): for each listed
// name, in order, one status; the loaded skills make the `# SKILLS` block.

import { promises as fsp } from 'node:fs';
import { MAX_SKILL_BYTES } from '../../skill/catalog';
import { rustTrim } from '../../skill/text';
import type { GatingMode, Missing } from '../../types';
import { skillCandidates } from './agents';
import { gateNexoSkill, type NexoGate, type NexoMachine, type NexoStatus } from './gate';
import { blockContent, renderSystemBlock, skillContent } from './render';
import { decodeUtf8Strict, readNexoSkillText, type NexoSkillText } from './skill';

/** One status as the runtime returns it, with what it places in the block for a loaded skill. */
export interface NexoSkillStatus {
  /** The trimmed listed name. */
  id: string;
  status: NexoStatus;
  mode: GatingMode;
  missing: Missing;
  /** The exact banner (only for `loaded_with_banner`), else null. */
  banner: string | null;
  /** For loaded skills: the heading (`metadata.name` as written, else the id). */
  displayName: string | null;
  /** For loaded skills: `metadata.description` as written (null when none). */
  description: string | null;
  /** For loaded skills: the content exactly as placed in the block (banner, body, max_chars cut, trimmed). */
  modelContent: string | null;
  /** The SKILL.md the runtime read (or found and could not use); null when no candidate exists. */
  file: string | null;
  /** The file as read, when it was (null: missing, unreadable, not UTF-8). */
  read: NexoSkillText | null;
  /** The checks behind the status (null when the skill never reached them). */
  gate: NexoGate | null;
  /** Why the loader returned no skill, in words, for `not_found`. */
  notFoundWhy: string | null;
}

export interface NexoLoadOptions {
  /** The skills folder (`agent.skills_dir`). */
  root: string;
  overrides: ReadonlyMap<string, GatingMode>;
  tenantId: string | null;
}

export interface NexoLoadResult {
  statuses: NexoSkillStatus[];
  /** The `# SKILLS` block, or null when the runtime renders none. */
  block: string | null;
}

const EMPTY_MISSING = (): Missing => ({ bins: [], env: [], versions: [] });

export async function loadNexoSkills(names: readonly string[], options: NexoLoadOptions, m: NexoMachine): Promise<NexoLoadResult> {
  const statuses: NexoSkillStatus[] = [];
  // A blank skills_dir: the runtime warns and injects no skill at all (`llm_behavior.rs:910-915`).
  const root = rustTrim(options.root);
  if (root !== '') {
    for (const name of names) {
      const s = await loadOne(name, root, options, m);
      if (s) statuses.push(s);
    }
  }
  const loaded = statuses.filter((s) => s.status === 'loaded' || s.status === 'loaded_with_banner');
  const block = renderSystemBlock(loaded.map((s) => ({ displayName: s.displayName ?? s.id, description: s.description ?? '', content: s.modelContent ?? '' })));
  return { statuses, block };
}

function notFound(id: string, file: string | null, read: NexoSkillText | null, why: string): NexoSkillStatus {
  return {
    id,
    status: 'not_found',
    mode: 'strict',
    missing: EMPTY_MISSING(),
    banner: null,
    displayName: null,
    description: null,
    modelContent: null,
    file,
    read,
    gate: null,
    notFoundWhy: why,
  };
}

/** `load_one`: null for a blank name (no status at all). */
async function loadOne(name: string, root: string, options: NexoLoadOptions, m: NexoMachine): Promise<NexoSkillStatus | null> {
  const id = rustTrim(name);
  if (id === '') return null;
  // The first candidate that EXISTS wins, even a folder named SKILL.md (which then cannot be read).
  let file: string | null = null;
  for (const candidate of skillCandidates(root, id, options.tenantId)) {
    try {
      await fsp.stat(candidate);
      file = candidate;
      break;
    } catch {
      // next candidate
    }
  }
  if (file === null) return notFound(id, null, null, 'no SKILL.md in any place the runtime looks');
  let bytes: Buffer;
  try {
    const st = await fsp.stat(file);
    // The runtime reads any size; past this we do not (a file that large is not a skill), and say so.
    if (st.isFile() && st.size > MAX_SKILL_BYTES)
      return notFound(id, file, null, `the file is larger than ${MAX_SKILL_BYTES / 1048576} MB; skill-author does not read it`);
    bytes = await fsp.readFile(file);
  } catch (e) {
    return notFound(id, file, null, `the file cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const text = decodeUtf8Strict(bytes);
  if (text === null) return notFound(id, file, null, 'the file is not UTF-8');
  return evaluateNexoText(id, file, readNexoSkillText(text), options.overrides.get(id), m);
}

/** The status of a skill whose text is already read (the loader's files, or the editor's unsaved text). */
export async function evaluateNexoText(
  id: string,
  file: string | null,
  read: NexoSkillText,
  override: GatingMode | undefined,
  m: NexoMachine,
): Promise<NexoSkillStatus> {
  if (!read.loadable) return notFound(id, file, read, read.split.state === 'blank' ? 'the file is blank' : 'the body is empty');
  const gate = await gateNexoSkill(read.meta, id, override, m);
  const base: NexoSkillStatus = {
    id,
    status: gate.status,
    mode: gate.mode,
    missing: gate.missing,
    banner: null,
    displayName: null,
    description: null,
    modelContent: null,
    file,
    read,
    gate,
    notFoundWhy: null,
  };
  // A skipped skill reports what was missing; only warn mode keeps them on a loaded skill.
  if (gate.status === 'skipped_disabled') return base;
  if (gate.status === 'skipped_strict') return base;
  const content = skillContent(read.body, gate.banner);
  return {
    ...base,
    banner: gate.status === 'loaded_with_banner' ? gate.banner : null,
    displayName: read.meta.name ?? id,
    description: read.meta.description ?? null,
    modelContent: blockContent(content, read.meta.maxChars),
  };
}
