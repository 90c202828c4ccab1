// One skill, every agent runtime, side by side: for each skill of a check, how each runtime that lists skills to
// the model from where it is started (the agent CLIs, src/core/runtimes/listing.ts) shows it — in full, with its
// description cut, by name only, shadowed by a same-named skill, absent for another reason, or not read at all
// from where it lives. The columns are the runtimes chosen (`--runtime`, the editor's setting) or, when none
// were, every agent runtime that reads one of the skills' folders; each says the version its cells speak for and
// whether it is the one installed here. Built from the check's entries: nothing is judged twice.

// This file is pure (labels and types only), so the extension can draw a skill's row without the profiles; the
// columns nobody chose are found in ./matrixColumns.ts.

import type { Entry, RuntimeEntry } from './entry';
import { RUNTIME_LABELS } from '../runtimes/registry';
import type { ResolvedVersion, RuntimeId } from '../runtimes/types';

/** A skill's state in one runtime's section, as the matrix says it. */
export type MatrixState = 'full' | 'cut' | 'name_only' | 'shadowed' | 'absent' | 'not_read';

export interface MatrixCell {
  state: MatrixState;
  /** The name exactly as listed, or null. */
  listed_as: string | null;
  /** The runtime's reason, in its terms (every state but `full`). */
  why?: string;
}

export interface MatrixColumn {
  runtime: RuntimeId;
  label: string;
  /** The version the column's cells speak for. */
  version?: string;
  /** Whether that version is the one found installed on this machine. */
  installed: boolean;
}

export interface MatrixRow {
  path: string;
  name: string;
  /** One cell per column, in the columns' order. */
  cells: MatrixCell[];
}

export interface SkillMatrix {
  columns: MatrixColumn[];
  rows: MatrixRow[];
}

/** The runtime's verdict of a skill as a matrix cell. */
export function cellOf(r: RuntimeEntry | undefined, runtime: RuntimeId): MatrixCell {
  if (!r) return { state: 'not_read', listed_as: null, why: `${RUNTIME_LABELS[runtime]} does not read skills from this skill's folder` };
  const why = r.reasons[0];
  const withWhy = (state: MatrixState): MatrixCell => ({ state, listed_as: r.listed_as ?? null, ...(why ? { why } : {}) });
  switch (r.listing) {
    case 'full':
      return { state: 'full', listed_as: r.listed_as ?? null };
    case 'cut':
    case 'name_only':
      return withWhy(r.listing);
    default:
      if (r.verdict === 'hidden' && r.hidden_by?.includes('duplicate_name')) return withWhy('shadowed');
      if (r.verdict === 'not_found') return withWhy('not_read');
      return withWhy('absent');
  }
}

/** The matrix of `entries` with one column per runtime of `ids` (in that order). */
export function skillMatrix(entries: readonly Entry[], ids: readonly RuntimeId[], resolved: readonly ResolvedVersion[] = []): SkillMatrix {
  const columns: MatrixColumn[] = ids.map((runtime) => {
    const v = resolved.find((x) => x.runtime === runtime);
    const version = v?.version ?? entries.flatMap((e) => e.runtimes).find((r) => r.runtime === runtime)?.runtime_version;
    return { runtime, label: RUNTIME_LABELS[runtime], ...(version ? { version } : {}), installed: v?.source === 'installed' };
  });
  const rows = entries.map((e) => ({
    path: e.path,
    name: e.name,
    cells: columns.map((c) =>
      cellOf(
        e.runtimes.find((r) => r.runtime === c.runtime),
        c.runtime,
      ),
    ),
  }));
  return { columns, rows };
}

/** A cell's state in a word or two, for tables and tree items. */
export function matrixWords(state: MatrixState): string {
  return state === 'name_only' ? 'name only' : state === 'not_read' ? 'not read' : state;
}

/** How bad a state is for the author: 0 listed whole, 1 listed in part, 2 not listed. */
export function matrixSeverity(state: MatrixState): 0 | 1 | 2 {
  return state === 'full' ? 0 : state === 'cut' || state === 'name_only' ? 1 : 2;
}
