// One SKILL.md, read once and parsed the two ways Hermes parses it: the whole file (index, skill_view)
// and its first 4000 characters (skills_list). Reading errors are kept in Python's words, because
// skill_view prints them.

import { FsView } from '../../machine/fsview';
import type { FoundFile } from './discover';
import {
  decodeUtf8,
  loadFrontmatterYaml,
  MAX_FILE_BYTES,
  parseFrontmatter,
  skillsListHead,
  universalNewlines,
  type Frontmatter,
  type YamlOutcome,
} from './read';
import type { HermesReadCache } from './readCache';
import { HERMES_BASELINE, type HermesVersion } from './versions';

export interface LoadedSkill {
  found: FoundFile;
  /** The text as Python reads it (universal newlines), or null when it could not be read. */
  text: string | null;
  /** Why it could not be read, as Python's exception text (`'utf-8' codec can't decode byte …`,
   *  `[Errno 2] No such file or directory: '…'`). */
  readError: string | null;
  /** What kind of failure, for findings. */
  readProblem: 'not-utf8' | 'unreadable' | 'too-large' | null;
  /** The frontmatter of the whole file (empty when unreadable). */
  fm: Frontmatter;
  /** The frontmatter skills_list sees (first 4000 characters). */
  fmHead: Frontmatter;
}

function pyOsError(e: unknown, file: string): string {
  const err = e as NodeJS.ErrnoException;
  const table: Record<string, [number, string]> = {
    ENOENT: [2, 'No such file or directory'],
    EACCES: [13, 'Permission denied'],
    EPERM: [1, 'Operation not permitted'],
    EISDIR: [21, 'Is a directory'],
    ELOOP: [40, 'Too many levels of symbolic links'],
  };
  const t = table[err?.code ?? ''];
  return t ? `[Errno ${t[0]}] ${t[1]}: '${file}'` : `${err?.message ?? String(e)}`;
}

/** The frontmatters of a text, parsed as Hermes `version` parses it (see below). `load` answers each YAML
 *  load. */
function parsed(found: FoundFile, text: string, version: HermesVersion, load: (yaml: string, start: number) => YamlOutcome): LoadedSkill {
  // A longer file's head usually holds the same frontmatter block at the same offset: its YAML is loaded
  // once for both parses (an outcome is never changed after it is made).
  let last: { yaml: string; start: number; outcome: YamlOutcome } | null = null;
  const once = (yaml: string, start: number): YamlOutcome => {
    if (last && last.yaml === yaml && last.start === start) return last.outcome;
    last = { yaml, start, outcome: load(yaml, start) };
    return last.outcome;
  };
  const fm = parseFrontmatter(text, version, once);
  // skills_list's head is the whole text for a file of at most 4000 characters (nearly all of them): the
  // same parse then, not a second one (a Frontmatter is never changed after it is made).
  const head = skillsListHead(text);
  return { found, text, readError: null, readProblem: null, fm, fmHead: head === text ? fm : parseFrontmatter(head, version, once) };
}

/** One SKILL.md as Hermes `version` reads it. With `cache` (kept for that version): an unchanged file (same
 *  stamp) is neither read nor parsed, its text and YAML loads come from the cache; a file read is stored
 *  there. Same result either way. */
export function loadSkill(
  found: FoundFile,
  cache: HermesReadCache | null = null,
  version: HermesVersion = HERMES_BASELINE,
  view: FsView = new FsView(),
): LoadedSkill {
  const empty = parseFrontmatter('');
  const fail = (readError: string, readProblem: LoadedSkill['readProblem']): LoadedSkill => ({
    found,
    text: null,
    readError,
    readProblem,
    fm: empty,
    fmHead: empty,
  });
  let buf: Buffer;
  const readAt = Date.now();
  let stamp: { mtimeMs: number; ctimeMs: number; size: number; ino: number };
  try {
    const st = view.stat(found.file);
    if (st.isDirectory()) return fail(pyOsError({ code: 'EISDIR' }, found.file), 'unreadable');
    // A pipe, socket or device: Hermes's read_text() would wait on it forever (a FIFO has no writer); we
    // never open it, and report the skill unreadable instead.
    if (!st.isFile()) return fail(`${found.file} is not a regular file (a pipe, socket or device); Hermes's read would block on it`, 'unreadable');
    if (st.size > MAX_FILE_BYTES) return fail(`file too large to check (${st.size} bytes)`, 'too-large');
    stamp = { mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, size: st.size, ino: st.ino };
    const hit = cache?.lookup(found.file, stamp);
    if (hit) {
      // The loads in the order parseFrontmatter asks for them, as they were when the file was read.
      let next = 0;
      const stored = (): YamlOutcome => {
        const o = hit.loads[next++];
        if (!o) throw new Error('read cache: fewer YAML loads than the text asks for');
        return o;
      };
      try {
        const skill = parsed(found, hit.text, version, stored);
        if (next === hit.loads.length) return skill;
      } catch {
        // an entry that does not fit its own text: read the file as if it were not cached
      }
    }
    buf = view.readFile(found.file);
  } catch (e) {
    return fail(pyOsError(e, found.file), 'unreadable');
  }
  const decoded = decodeUtf8(buf);
  if (!decoded.ok) return fail(decoded.error, 'not-utf8');
  const text = universalNewlines(decoded.text);
  if (!cache) return parsed(found, text, version, loadFrontmatterYaml);
  const loads: YamlOutcome[] = [];
  const skill = parsed(found, text, version, (yaml, start) => {
    const o = loadFrontmatterYaml(yaml, start);
    loads.push(o);
    return o;
  });
  cache.store(found.file, stamp, readAt, { text, loads });
  return skill;
}
