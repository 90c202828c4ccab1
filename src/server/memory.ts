// Giving memory back after a scan. A scan of a large root allocates hundreds of megabytes that are garbage
// once its entries are made, and a language server then sits idle for hours: V8 collects on allocation,
// not on idleness, so without a collection the process keeps its peak size (bench/lsp.mjs: ~520 MB after
// 10,000 skills). One full collection once the scan is done returns the free pages to the system.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | null | undefined;

/** A full garbage collection, when this Node lets us ask for one (it always has so far). */
export function collectGarbage(): void {
  if (collect === undefined) {
    try {
      // `gc` is exposed to contexts created after the flag is set; this process's own global stays as it is.
      setFlagsFromString('--expose-gc');
      const gc: unknown = runInNewContext('gc');
      collect = typeof gc === 'function' ? (gc as () => void) : null;
    } catch {
      collect = null;
    }
  }
  collect?.();
}
