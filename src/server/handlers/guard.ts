// What every handler shares: a request's cancellation as an AbortSignal, and failures answered as errors
// (logged to the client's log in one line, never a stack trace on stderr) so one bad request never takes the
// server down.

import { CancellationToken, type Connection, ErrorCodes, LSPErrorCodes, ResponseError } from 'vscode-languageserver';
import { RequestError } from '../features/custom';

export function signalOf(token: CancellationToken | undefined): AbortSignal {
  const abort = new AbortController();
  if (token?.isCancellationRequested) abort.abort();
  else token?.onCancellationRequested(() => abort.abort());
  return abort.signal;
}

/** Requests waiting for something to happen (a check, a scan): `wait` resolves at the next `wake`, or when
 *  its signal aborts. */
export class Wakeup {
  private readonly waiters = new Set<() => void>();

  wait(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        this.waiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      this.waiters.add(done);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  wake(): void {
    for (const w of [...this.waiters]) w();
  }
}

export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The request's cancellation token: vscode-jsonrpc passes it last, after the params, which a client may send
 *  to a request that takes none (many send `{}`) or as an array of positions. */
export function tokenOf(args: readonly unknown[]): CancellationToken | undefined {
  const last = args[args.length - 1];
  return CancellationToken.is(last) ? last : undefined;
}

/** `fn` as a request handler: cancelled → RequestCancelled, a bad request → InvalidParams, anything else
 *  → InternalError with the message, logged. Its params are the first argument (none when the request came
 *  without: the token is then the only one). */
export function guard<P, R>(
  connection: Connection,
  method: string,
  fn: (params: P, signal: AbortSignal) => Promise<R> | R,
): (params: P, token?: CancellationToken) => Promise<R | ResponseError<void>> {
  return async (...args: unknown[]) => {
    const token = tokenOf(args);
    const params = (token !== undefined && args.length === 1 ? undefined : args[0]) as P;
    const signal = signalOf(token);
    try {
      return await fn(params, signal);
    } catch (e) {
      if (signal.aborted) return new ResponseError(LSPErrorCodes.RequestCancelled, `${method} was cancelled`);
      if (e instanceof RequestError) return new ResponseError(ErrorCodes.InvalidParams, `${method}: ${e.message}`);
      connection.console.error(`${method} failed: ${messageOf(e)}`);
      return new ResponseError(ErrorCodes.InternalError, `${method} failed: ${messageOf(e)}`);
    }
  };
}
