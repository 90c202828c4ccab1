// Waiting without a fixed sleep: poll a condition with a deadline. Node built-ins only, so it loads in the
// unit tests and in the VS Code extension host alike (the waits on VS Code events are in vscode.ts).

/**
 * Polls `probe` until it returns a truthy value, and returns that value; fails after `timeoutMs` with
 * `what` in the message. For states that have no event to wait on (e.g. `Extension.isActive`).
 */
export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
  intervalMs = 20,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Polls `cond` (every 10 ms) until it holds or `ms` pass. */
export async function until(cond: () => boolean, ms = 3000, what = 'condition'): Promise<void> {
  await waitFor(what, cond, ms, 10);
}
