// `agents/openai.yaml` next to a SKILL.md (RULES §7, case f01): a file Codex reads for its own policy. The skill
// stays out of the model-visible listing when
//   policy.allow_implicit_invocation: false                 (the model may not pick it by itself), or
//   policy.products: [...] without `codex`                   (meant for other OpenAI products).
// `products` including `codex`, `interface` fields (display name, short description), a file it cannot parse
// and a file named `agents/openai.yml` change nothing, and nothing is printed about them (case f01).
// Not shown by a case, our reading: an empty `products` list restricts nothing; only a YAML boolean `false`
// turns implicit invocation off.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { isMap, parseDocument } from 'yaml';

/** Larger policy files are not read (our guard). */
const MAX_POLICY_BYTES = 1024 * 1024;

export type Policy = { hidden: false } | { hidden: true; why: string };

export function readPolicy(skillDir: string): Policy {
  const file = path.join(skillDir, 'agents', 'openai.yaml');
  let text: string;
  try {
    const st = fs.statSync(file);
    if (!st.isFile() || st.size > MAX_POLICY_BYTES) return { hidden: false };
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { hidden: false };
  }
  const doc = parseDocument(text, { prettyErrors: false });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return { hidden: false };
  let root: unknown;
  try {
    root = doc.toJS({ maxAliasCount: 100 });
  } catch {
    return { hidden: false };
  }
  const policy = (root as Record<string, unknown>)?.policy;
  if (typeof policy !== 'object' || policy === null || Array.isArray(policy)) return { hidden: false };
  const p = policy as Record<string, unknown>;
  if (p.allow_implicit_invocation === false) return { hidden: true, why: 'agents/openai.yaml policy.allow_implicit_invocation: false' };
  if (Array.isArray(p.products) && p.products.length > 0 && !p.products.includes('codex'))
    return { hidden: true, why: 'agents/openai.yaml policy.products does not include codex' };
  return { hidden: false };
}
