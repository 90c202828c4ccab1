// Quick fixes from the runtime profiles' own findings, in the shape of the engine's fixes (src/core/assist/assist.ts
// `QuickFix`), so the editor offers them next to the others and `check --fix` applies the safe ones by the same
// path (src/core/assist/fix.ts). OpenClaw's findings carry a mechanical fix (src/core/runtimes/openclaw/findings.ts):
// `os: ["macos"]` → `darwin`, `always: "true"` → `true`, a misspelt key renamed, requirements moved under
// `metadata.openclaw.requires`, a value quoted, metadata written as JSON …
//
// Only where the runtime applies to the skill (pinned or detected), and only a fix that does not make the file
// worse: applied alone, OpenClaw reports fewer of the fixed finding and no error it did not report before, and
// the author view no error it did not have. (A warning may appear: renaming `clawdbot` to `openclaw` makes
// OpenClaw read the block, and with it a misspelt `os` value it ignored before.)

import { analyzeSkill, type SkillAnalysis } from '../check/analyze';
import type { QuickFix } from './quickFixes';
import { analyzeSkillText } from '../runtimes/openclaw/findings';
import type { OpenClawFinding } from '../runtimes/openclaw/types';
import type { RuntimeFinding, RuntimeId } from '../runtimes/types';

/** OpenClaw's fixes that say what the author evidently meant in the spelling OpenClaw reads, and nothing else:
 *  what `check --fix` applies unattended. Rewriting all of metadata as JSON, removing a BOM or renaming a key's
 *  case stay editor-only. */
const SAFE: ReadonlySet<string> = new Set([
  'openclaw-os-value',
  'openclaw-always-not-boolean',
  'openclaw-metadata-wrong-key',
  'openclaw-metadata-unknown-key',
  'openclaw-requires-unknown-key',
  'openclaw-requires-misplaced',
  'openclaw-yaml-invalid',
]);

export interface RuntimeFix {
  finding: RuntimeFinding;
  fix: QuickFix;
}

function errorCodes(a: SkillAnalysis): Set<string> {
  return new Set(a.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code));
}

const errorsOf = (findings: readonly RuntimeFinding[]): Set<string> => new Set(findings.filter((f) => f.severity === 'error').map((f) => f.code));

/** The codes of the runtime profiles' errors on `text` (for fix.ts's "no new error" rule). */
export function runtimeErrorCodes(text: string, file: string, runtimes: readonly RuntimeId[]): Set<string> {
  return runtimes.includes('openclaw') ? errorsOf(analyzeSkillText(file, text)) : new Set();
}

function notWorse(analysis: SkillAnalysis, file: string, before: readonly OpenClawFinding[], fixed: OpenClawFinding, next: string): boolean {
  const after = analyzeSkillText(file, next);
  const known = errorsOf(before);
  if ([...errorsOf(after)].some((c) => !known.has(c))) return false;
  if (after.filter((f) => f.code === fixed.code).length >= before.filter((f) => f.code === fixed.code).length) return false;
  const errors = errorCodes(analysis);
  return [...errorCodes(analyzeSkill(next, analysis.dirName === undefined ? {} : { dirName: analysis.dirName }))].every((c) => errors.has(c));
}

/** The fixes of the runtime profiles' findings on the analysis's text (offsets in it), for the runtimes that
 *  apply. `file`: the SKILL.md's path, as the findings name it; `wanted`: only these findings' fixes are
 *  checked and returned (the editor asks for those under the cursor). */
export function runtimeFixes(
  analysis: SkillAnalysis,
  file: string,
  runtimes: readonly RuntimeId[],
  wanted: (f: RuntimeFinding) => boolean = () => true,
): RuntimeFix[] {
  if (!runtimes.includes('openclaw')) return [];
  const text = analysis.text;
  const findings = analyzeSkillText(file, text);
  const out: RuntimeFix[] = [];
  for (const f of findings) {
    if (!f.fix || !wanted(f) || f.fix.start < 0 || f.fix.end > text.length || f.fix.start > f.fix.end) continue;
    const edit = { start: f.fix.start, end: f.fix.end, text: f.fix.replacement };
    if (!notWorse(analysis, file, findings, f, text.slice(0, edit.start) + edit.text + text.slice(edit.end))) continue;
    // A quoted value holding ` #` would take a comment the author wrote into the value.
    const safe = SAFE.has(f.code) && !(f.code === 'openclaw-yaml-invalid' && /\s#/.test(f.fix.replacement));
    out.push({ finding: f, fix: { title: f.fix.title, edits: [edit], preferred: true, safe } });
  }
  return out;
}
