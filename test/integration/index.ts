// The in-host entry point: VS Code loads this file in the extension host (it is the `extensionTestsPath`,
// compiled to out/test/integration/index.js) and awaits its run(). It runs mocha over every
// out/test/integration/**/*.test.js with the full `vscode` API available, and reports each result to the
// outer runner when one listens (code-server harness), or to the console (@vscode/test-electron).
import * as net from 'node:net';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { ENV, type RunnerReply, type RunnerRequest, type TestEvent } from '../utils/protocol';
import { makeReporter } from './reporter';
import { setRunnerClient } from '../utils/vscode';

type MochaModule = typeof import('mocha');

/** Test files under `dir`, in a stable order. */
function findTestFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) findTestFiles(p, out);
    else if (name.endsWith('.test.js')) out.push(p);
  }
  return out;
}

interface ReportChannel {
  send(e: TestEvent): void;
  /** Sends a request to the outer runner and resolves with its reply (rejects on timeout or a closed channel). */
  request(r: RunnerRequest, timeoutMs: number): Promise<RunnerReply>;
  /** Waits (bounded) until the outer runner has acknowledged the end of the run, then closes. */
  finish(timeoutMs: number): Promise<void>;
}

async function connect(address: string, token: string): Promise<ReportChannel> {
  const [host, port] = address.split(':');
  const socket = net.connect({ host: host ?? '127.0.0.1', port: Number(port) });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.setNoDelay(true);
  let buffered = '';
  let nextId = 1;
  const waiting = new Map<number, { resolve: (r: RunnerReply) => void; reject: (e: Error) => void }>();
  let ackReceived!: () => void;
  const acked = new Promise<void>((resolve) => (ackReceived = resolve));
  const closed = (): void => {
    ackReceived();
    for (const w of waiting.values()) w.reject(new Error('the outer runner closed the report channel'));
    waiting.clear();
  };
  // The runner writes one line per reply (a JSON object with the request's id) and `ack` at the end.
  socket.on('data', (chunk) => {
    buffered += chunk.toString();
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl).trim();
      buffered = buffered.slice(nl + 1);
      if (line === 'ack') {
        ackReceived();
        continue;
      }
      let reply: RunnerReply;
      try {
        reply = JSON.parse(line) as RunnerReply;
      } catch {
        continue;
      }
      const w = waiting.get(reply.id);
      waiting.delete(reply.id);
      w?.resolve(reply);
    }
  });
  socket.on('close', closed);
  socket.on('error', closed);
  const channel: ReportChannel = {
    send(e) {
      if (!socket.destroyed) socket.write(JSON.stringify(e) + '\n');
    },
    request(r, timeoutMs) {
      if (socket.destroyed) return Promise.reject(new Error('the report channel is closed'));
      const id = nextId++;
      return new Promise<RunnerReply>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`the outer runner did not answer ${r.action} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.set(id, {
          resolve: (reply) => (clearTimeout(timer), resolve(reply)),
          reject: (err) => (clearTimeout(timer), reject(err)),
        });
        channel.send({ event: 'request', id, ...r });
      });
    },
    async finish(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([acked, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
      socket.end();
    },
  };
  channel.send({ event: 'hello', token, vscode: vscode.version, node: process.version, pid: process.pid });
  return channel;
}

export async function run(): Promise<void> {
  // Stack traces point at the TypeScript sources (esbuild writes source maps next to out/**.js).
  process.setSourceMapsEnabled(true);
  const address = process.env[ENV.reportAddress];
  const channel = address ? await connect(address, process.env[ENV.reportToken] ?? '') : undefined;
  // Tests ask the runner for screenshots and workbench clicks through `runner` in test/utils/vscode.ts.
  setRunnerClient(channel ? { request: (r, timeoutMs) => channel.request(r, timeoutMs) } : undefined);
  try {
    // mocha 12 is an ES module whose entry re-exports this CommonJS build; requiring it directly works in
    // every extension host (Electron's Node and code-server's Node 24 alike).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Mocha = require('mocha/lib/mocha.cjs') as MochaModule;
    const mocha = new Mocha({ ui: 'bdd', timeout: 30_000, color: false });
    mocha.reporter(makeReporter(Mocha, channel ? (e) => channel.send(e) : undefined));
    const grep = process.env[ENV.grep];
    if (grep) mocha.grep(new RegExp(grep));
    for (const file of findTestFiles(__dirname)) mocha.addFile(file);
    const failures = await new Promise<number>((resolve) => mocha.run(resolve));
    if (failures > 0) throw new Error(`${failures} integration test(s) failed`);
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    // Test failures were reported one by one already; anything else (a test file that does not load,
    // mocha itself throwing) is reported here.
    if (!/integration test\(s\) failed$/.test(e.message)) channel?.send({ event: 'error', message: e.message, stack: e.stack ?? '' });
    throw e;
  } finally {
    setRunnerClient(undefined);
    await channel?.finish(60_000);
  }
}
