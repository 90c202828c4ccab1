// OpenCode 1.18.33's permission rules, as far as they decide the skills section
// (packages/opencode/src/permission/index.ts fromConfig, evaluate, disabled; packages/opencode/src/util/wildcard.ts
// match; packages/opencode/src/session/system.ts SystemPrompt.skills; packages/opencode/src/skill/index.ts
// available).
//
//  - `permission` in opencode.json becomes a list of rules, in the order written: `"skill": "deny"` is one rule
//    (pattern `*`), `"skill": { "internal-*": "deny", "internal-ok": "allow" }` one rule per pattern;
//  - a skill is left out when the LAST rule whose permission matches `skill` and whose pattern matches the
//    skill's name says `deny` (case f01); `ask` and `allow` keep it;
//  - the whole section (the two lines before it included) is left out when the last rule whose permission
//    matches `skill` has the pattern `*` and says `deny` — `"skill": "deny"`, or `"*": "deny"` (cases f02, f04);
//  - patterns: `*` any run of characters, `?` one character, everything else literal and case-sensitive
//    (`Case` does not match `case`, case f01); a pattern ending in ` *` also matches without that tail.

export type Action = 'allow' | 'ask' | 'deny';

export interface Rule {
  permission: string;
  pattern: string;
  action: Action;
}

function isAction(v: unknown): v is Action {
  return v === 'allow' || v === 'ask' || v === 'deny';
}

/** `~/` and `$HOME` at the start of a pattern are HOME (permission/index.ts expand). */
function expand(pattern: string, home: string): string {
  if (pattern.startsWith('~/')) return home + pattern.slice(1);
  if (pattern === '~') return home;
  if (pattern.startsWith('$HOME/')) return home + pattern.slice(5);
  if (pattern.startsWith('$HOME')) return home + pattern.slice(5);
  return pattern;
}

/** The rules a `permission` object stands for, in its key order. */
export function fromConfig(config: Record<string, unknown>, home: string): Rule[] {
  const rules: Rule[] = [];
  for (const [permission, value] of Object.entries(config)) {
    if (isAction(value)) rules.push({ permission, pattern: '*', action: value });
    else if (value && typeof value === 'object' && !Array.isArray(value))
      for (const [pattern, action] of Object.entries(value as Record<string, unknown>))
        if (isAction(action)) rules.push({ permission, pattern: expand(pattern, home), action });
  }
  return rules;
}

/** Wildcard.match on Linux: `*` → any run, `?` → one character, `\` read as `/`, a trailing ` *` optional. */
export function wildcardMatch(text: string, pattern: string): boolean {
  const s = text.replace(/\\/g, '/');
  const p = pattern.replace(/\\/g, '/');
  let re = p
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  if (re.endsWith(' .*')) re = `${re.slice(0, -3)}( .*)?`;
  try {
    return new RegExp(`^${re}$`, 's').test(s);
  } catch {
    return false;
  }
}

/** The rule that decides `skill` for this name (the last one matching both), or null (OpenCode then asks). */
export function ruleForSkill(name: string, rules: readonly Rule[]): Rule | null {
  for (let i = rules.length - 1; i >= 0; i--) {
    const r = rules[i] as Rule;
    if (wildcardMatch('skill', r.permission) && wildcardMatch(name, r.pattern)) return r;
  }
  return null;
}

/** The rule that switches the skill tool off (and with it the whole section), or null. */
export function skillToolDisabledBy(rules: readonly Rule[]): Rule | null {
  for (let i = rules.length - 1; i >= 0; i--) {
    const r = rules[i] as Rule;
    if (wildcardMatch('skill', r.permission)) return r.pattern === '*' && r.action === 'deny' ? r : null;
  }
  return null;
}

/** A rule in the words of opencode.json. */
export function ruleWords(r: Rule): string {
  return r.pattern === '*' ? `"${r.permission}": "${r.action}"` : `"${r.permission}": { "${r.pattern}": "${r.action}" }`;
}
