// Changes of a set of skills, batched for the ones who redraw after them (the server's model publishing to
// its clients, the extension's mirror firing to the Skills view): changes are gathered until the current
// macrotask ends (a scan slice, a file event, a notification), and bursts are throttled — a change after a
// quiet spell goes at once, the next ones at most every `burstMs`. A listener that walks every skill on each
// batch (a tree, decorations, background findings) then costs a few walks during a 10,000-skill scan, not
// one per slice. No dependency: the server and the extension both use it.

export interface Batch<R> {
  /** Added or updated, by key; the latest change of each. */
  changed: Map<string, R>;
  /** Keys no longer present. */
  removed: string[];
  /** Everything may have changed. */
  all: boolean;
}

export class ChangeBatcher<R extends { file: string }> {
  private changed = new Map<string, R>();
  private removed = new Set<string>();
  private all = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastFire = -Infinity;

  constructor(
    private readonly burstMs: number,
    private readonly fire: (batch: Batch<R>) => void,
  ) {}

  /** A batch is gathered and waits for its turn. */
  get pending(): boolean {
    return this.timer !== undefined;
  }

  add(change: { changed?: readonly R[]; removed?: readonly string[]; all?: boolean }): void {
    for (const r of change.changed ?? []) {
      this.changed.set(r.file, r);
      this.removed.delete(r.file);
    }
    for (const f of change.removed ?? []) {
      this.changed.delete(f);
      this.removed.add(f);
    }
    if (change.all) this.all = true;
    this.timer ??= setTimeout(() => this.flush(), Math.max(0, this.lastFire + this.burstMs - performance.now()));
  }

  private flush(): void {
    this.timer = undefined;
    this.lastFire = performance.now();
    const batch: Batch<R> = { changed: this.changed, removed: [...this.removed], all: this.all };
    this.changed = new Map();
    this.removed = new Set();
    this.all = false;
    this.fire(batch);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
