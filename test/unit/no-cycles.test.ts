// No module of src/ imports itself back through others, type-only imports included: the engine, the
// server, the CLI and the extension read as layers, and a feature reaches another only through the
// context's slots (src/extension/context.ts). The graph is test/utils/imports.ts's.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { importsOf, SRC, sources } from '../utils/imports';

describe('module graph of src/', () => {
  it('has no import cycle', () => {
    const graph = new Map(sources(SRC).map((f) => [f, importsOf(f).flatMap((i) => (i.file ? [i.file] : []))]));
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (f: string, trail: string[]): void => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(f)), f].map((x) => path.relative(SRC, x)).join(' → '));
        return;
      }
      state.set(f, 'open');
      for (const g of graph.get(f) ?? []) visit(g, [...trail, f]);
      state.set(f, 'done');
    };
    for (const f of graph.keys()) visit(f, []);
    assert.deepEqual(cycles, []);
  });
});
