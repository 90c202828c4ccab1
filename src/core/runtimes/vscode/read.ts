// Reading one SKILL.md as VS Code 1.139.1 does (RULES.md §3, cases c03–c06, e01).
//
// promptsServiceImpl.ts parseNew reads the whole file (IFileService.readFile) and decodes it as UTF-8: invalid
// bytes become U+FFFD and a byte order mark is kept — it is then a character before the `---`, so the file has
// no frontmatter (case c06). promptFileParser.ts PromptFileParser.parse splits the text into lines (at \r\n, \n
// or \r, keeping the breaks); when the first line is `---` (blanks after it allowed: /^---[\s\r\n]*$/), the
// frontmatter runs to the next such line, or to the end of the file when none follows. That text is read by VS
// Code's own YAML reader (./yaml.ts); PromptHeader's getters then take, from a top-level map only, the FIRST
// entry with the exact key (`name`, `description`, `disable-model-invocation`): a text value is the value, any
// other kind (a list, a map) is no value; a boolean is the text `true` or `false`, nothing else.
//
// A file that cannot be read (and the one input VS Code's YAML reader throws on) fails: VS Code skips it
// ('parse-error' in computeSkillDiscoveryInfo). Here the file is read through the guarded reader shared with the
// Copilot CLI emulation: the first MiB only (a frontmatter longer than that reads as cut there), never a FIFO, a
// socket or a folder.

import { readSkillText } from '../../machine/skillText';
import { parseYaml, type YamlNode } from './yaml';

export interface SkillHeader {
  /** Whether the file has a frontmatter at all. */
  hasHeader: boolean;
  name: string | undefined;
  description: string | undefined;
  disableModelInvocation: boolean | undefined;
}

export type ReadOutcome = { ok: true; header: SkillHeader } | { ok: false; why: string };

/** promptFileParser.ts: the lines of `text`, each with its line break. */
function linesWithBreaks(text: string): string[] {
  const out: string[] = [];
  const re = /\r\n|\r|\n/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    out.push(text.slice(last, m.index + m[0].length));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

const DASHES = /^---[\s\r\n]*$/;

/** The frontmatter text of a SKILL.md (the lines between the `---` lines), or null when it has none. */
export function frontmatterText(text: string): string | null {
  const lines = linesWithBreaks(text);
  if (!DASHES.test(lines[0] ?? '')) return null;
  let end = lines.findIndex((l, i) => i > 0 && DASHES.test(l));
  if (end < 0) end = lines.length;
  return lines.slice(1, end).join('');
}

/** PromptHeader's view of the parsed frontmatter. */
export function headerOf(node: YamlNode | undefined): Omit<SkillHeader, 'hasHeader'> {
  const entries = node?.kind === 'map' ? node.entries : [];
  const text = (key: string): string | undefined => {
    const e = entries.find((x) => x.key === key);
    return e && e.value.kind === 'scalar' ? e.value.value : undefined;
  };
  const flag = (key: string): boolean | undefined => {
    const v = text(key);
    return v === 'true' ? true : v === 'false' ? false : undefined;
  };
  return { name: text('name'), description: text('description'), disableModelInvocation: flag('disable-model-invocation') };
}

/** The frontmatter fields of a SKILL.md text as VS Code reads them. */
export function readHeaderText(text: string): ReadOutcome {
  const fm = frontmatterText(text);
  if (fm === null) return { ok: true, header: { hasHeader: false, name: undefined, description: undefined, disableModelInvocation: undefined } };
  const parsed = parseYaml(fm);
  if ('error' in parsed) return { ok: false, why: `its frontmatter makes VS Code's YAML reader fail (${parsed.error})` };
  return { ok: true, header: { hasHeader: true, ...headerOf(parsed.node) } };
}

/** Reads and parses one SKILL.md; never throws. */
export function readSkill(file: string): ReadOutcome {
  const r = readSkillText(file);
  if (!r.ok) return { ok: false, why: `VS Code could not read it: ${r.why}` };
  return readHeaderText(r.text);
}
