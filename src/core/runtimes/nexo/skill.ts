// One SKILL.md as nexo-rs's `load_one` reads it (RULES.md §3, `skills.rs:281-303`, `:675-725`): the file must
// be UTF-8 (else the loader returns no skill), its Rust-trimmed text must not be blank, the frontmatter is
// split off by the fence rules of core/frontmatter.ts, deserialized (metadata.ts: any error → default
// metadata, body kept), and the trimmed body must not be empty. A file the loader returns nothing for gets
// the status NotFound, like a missing one: nexo-rs has no other word for it.

import { splitSkill, type SplitResult } from '../../skill/frontmatter';
import { parseYaml, type ParsedYaml } from '../../skill/yaml';
import { EMPTY_NEXO, readNexo, type NexoFailure, type NexoMeta } from './metadata';

export interface NexoSkillText {
  /** False when the loader returns no skill: a blank file, or an empty body after the frontmatter. */
  loadable: boolean;
  split: SplitResult;
  /** The metadata the runtime uses (the default when there is no frontmatter or it fails to deserialize). */
  meta: NexoMeta;
  /** Why the frontmatter was voided, when it was. */
  failure: NexoFailure | null;
  /** The trimmed body. */
  body: string;
}

/** `parsed`: the block already parsed by the caller (the author view parses the same block), if any. */
export function readNexoSkillText(text: string, parsed?: ParsedYaml | null): NexoSkillText {
  // The runtime does not skip a BOM: `\u{FEFF}---` does not start with `---`, so there is no frontmatter.
  const split = splitSkill(text, 0);
  const body = text.slice(split.bodyStart, split.bodyEnd);
  const out: NexoSkillText = { loadable: split.state !== 'blank' && body !== '', split, meta: EMPTY_NEXO, failure: null, body };
  const fm = split.frontmatter;
  if (split.state !== 'ok' || !fm) return out;
  const yaml = parsed && parsed.base === fm.yamlStart ? parsed : parseYaml(text.slice(fm.yamlStart, fm.yamlEnd), fm.yamlStart);
  const whole: [number, number] = [fm.openStart, fm.openEnd];
  // serde_yaml fails on a syntax error, nesting past its recursion limit and an alias bomb; a duplicated key
  // is not a YAML error for it (serde decides per field: metadata.ts).
  const broken = yaml.issues.find((i) => i.kind !== 'duplicate-key');
  if (broken || !yaml.doc) {
    out.failure = {
      reason: broken?.kind === 'alias-budget' ? 'its aliases expand without bound' : 'the YAML does not parse',
      start: broken?.start ?? whole[0],
      end: broken?.end ?? whole[1],
      pointer: '',
    };
    return out;
  }
  const { meta, failure } = readNexo(yaml.doc, fm.yamlStart, whole);
  out.meta = meta;
  out.failure = failure;
  return out;
}

/** Decode a SKILL.md the way `tokio::fs::read_to_string` does: strict UTF-8 (a BOM is kept as U+FEFF); null
 *  when it is not UTF-8. */
export function decodeUtf8Strict(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}
