// What the engine decided about one skill, as plain data: the tests that run the engine twice (with and
// without worker threads, with a cold and a warm cache) compare the runs by it. The facts `check --json`
// prints of nexo-rs's decision: name, place, verdict, mode, what is missing, the findings.
import { entryDiagnostic, entryName, type EntryDiagnostic, type EvaluatedSkill } from '../../src/core/check/engine';
import type { Color, GatingMode, Missing, Verdict } from '../../src/core/types';

export interface Decided {
  id: string;
  name: string;
  path: string;
  category: string;
  verdict: Verdict;
  color: Color;
  mode: GatingMode;
  missing: Missing;
  diagnostics: EntryDiagnostic[];
}

export function decided(s: EvaluatedSkill): Decided {
  return {
    id: s.id,
    name: entryName(s),
    path: s.location.file,
    category: s.location.category,
    verdict: s.status.verdict,
    color: s.status.color,
    mode: s.status.mode,
    missing: s.status.missing,
    diagnostics: (s.analysis?.diagnostics ?? []).map(entryDiagnostic),
  };
}
