// Real processes, no mocks: fake binaries are `#!/bin/sh` scripts written into a temp dir at test time. A
// version is read as the product reads it: the ProbeRunner runs the process, nexo-rs's gate matches,
// normalizes and parses its output (test/utils/probe.ts).
// Nothing here waits with a fixed sleep: the only waits are the probe timeouts under test and `until()`, which
// polls for a condition with a deadline.
import { strict as assert } from 'node:assert';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findBinary } from '../../src/core/machine/binlookup';
import { ProbeRunner, type ProbeLogEntry } from '../../src/core/machine/probe';
import { probeWithGate } from '../utils/probe';
import { isDead, readPid } from '../utils/proc';
import { until } from '../utils/wait';

const posix = process.platform !== 'win32';

describe('version probes (real processes)', function () {
  if (!posix) return; // fake binaries are POSIX shell scripts
  this.timeout(15_000);
  let dir: string;
  const runners: ProbeRunner[] = [];
  const runner = (opts: ConstructorParameters<typeof ProbeRunner>[0] = {}): ProbeRunner => {
    const r = new ProbeRunner({ cwd: dir, ...opts });
    runners.push(r);
    return r;
  };
  const bin = (name: string, body: string, mode = 0o755, shebang = true): string => {
    const p = join(dir, name);
    writeFileSync(p, `${shebang ? '#!/bin/sh\n' : ''}${body}\n`);
    chmodSync(p, mode);
    return p;
  };

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'skill-author-probe-'));
  });
  after(() => {
    for (const r of runners) r.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads a version printed on stdout', async () => {
    const p = bin('stdout-tool', 'echo "stdout-tool 1.2.3 (build 42)"');
    const v = await probeWithGate(runner(), p, '--version');
    assert.equal(v.found, '1.2.3');
    assert.equal(v.ok, true);
  });

  it('reads a version printed only on stderr; output is stdout + "\\n" + stderr', async () => {
    const p = bin('stderr-tool', 'echo "stderr-tool v2.5" >&2');
    assert.equal((await probeWithGate(runner(), p, '--version')).found, '2.5.0'); // the match "2.5", normalized
    const q = bin('both', 'printf out; printf err >&2');
    const out = await runner().run(q, '--version');
    assert.ok(out.ok);
    assert.equal(out.output, 'out\nerr');
  });

  it('passes `command` as ONE argv element, never split, never through a shell', async () => {
    const p = bin('argv-tool', `printf '%s' "$#" > "${dir}/argc"; printf '%s' "$1" > "${dir}/arg1"\n[ "$1" = "--version --verbose" ] && echo 3.4.5`);
    const v = await probeWithGate(runner(), p, '--version --verbose');
    assert.equal(v.found, '3.4.5');
    assert.equal(readFileSync(join(dir, 'argc'), 'utf8'), '1');
    assert.equal(readFileSync(join(dir, 'arg1'), 'utf8'), '--version --verbose');
  });

  it('a tool that answers only `--help`: parse_failed with `--version`, found with `--help`', async () => {
    const p = bin('help-tool', 'if [ "$1" = "--help" ]; then echo "help-tool 7.1 usage: ..."; else echo "unknown option $1" >&2; exit 2; fi');
    const r = runner();
    const bad = await probeWithGate(r, p, '--version');
    assert.equal(bad.reason, 'parse_failed');
    assert.equal(bad.found, null);
    assert.equal((await probeWithGate(r, p, '--help')).found, '7.1.0');
  });

  it('ignores the exit status: a non-zero exit that prints a version is fine', async () => {
    const p = bin('exit3', 'echo 4.0.1; exit 3');
    const r = runner();
    const out = await r.run(p, '--version');
    assert.ok(out.ok);
    assert.equal(out.exitCode, 3);
    assert.equal((await probeWithGate(r, p, '--version')).found, '4.0.1');
  });

  it('a hanging binary is killed at the timeout, and so is its child', async () => {
    const pidFile = join(dir, 'hang.pid');
    const p = bin('hang', `sleep 60 & echo $! > "${pidFile}"; wait`);
    const r = runner({ timeoutMs: 300 });
    const t0 = performance.now();
    const v = await probeWithGate(r, p, '--version');
    const ms = performance.now() - t0;
    assert.equal(v.reason, 'probe_failed');
    assert.match(v.detail ?? '', /300 ms/);
    assert.ok(ms >= 290 && ms < 3000, `took ${ms} ms`);
    const child = readPid(pidFile);
    await until(() => isDead(child), 3000, `child ${child} to die`);
  });

  it('a forked background child that keeps stdout open keeps the probe waiting until the timeout (as the runtime does)', async () => {
    const pidFile = join(dir, 'bg.pid');
    const p = bin('forker', `sleep 60 & echo $! > "${pidFile}"; echo 5.6.7; exit 0`);
    const logs: ProbeLogEntry[] = [];
    const v = await probeWithGate(runner({ timeoutMs: 300, onLog: (e) => logs.push(e) }), p, '--version');
    assert.equal(v.reason, 'probe_failed');
    assert.equal(logs[0]?.outcome, 'timeout');
    const child = readPid(pidFile);
    await until(() => isDead(child), 3000, `background child ${child} to die`);
  });

  it('a background child that closes its output does not hold the probe', async () => {
    const pidFile = join(dir, 'bg2.pid');
    const p = bin('daemonizer', `sleep 60 >/dev/null 2>&1 & echo $! > "${pidFile}"; echo 5.6.8`);
    const v = await probeWithGate(runner({ timeoutMs: 5000 }), p, '--version');
    assert.equal(v.found, '5.6.8');
    try {
      process.kill(readPid(pidFile), 'SIGKILL');
    } catch {
      // already gone
    }
  });

  it('a 200 MB flood: output capped at 1 MiB per stream, memory stays flat, still drained to the end', async () => {
    const p = bin('flood', 'yes "flood 1.2.3" | head -c 200000000');
    const logs: ProbeLogEntry[] = [];
    const r = runner({ timeoutMs: 14_000, onLog: (e) => logs.push(e) });
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const t0 = performance.now();
    const out = await r.run(p, '--version');
    const ms = performance.now() - t0;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    assert.ok(out.ok, JSON.stringify(out).slice(0, 200));
    assert.equal(out.truncated, true);
    assert.equal(out.output.length, 1024 * 1024 + 1); // 1 MiB of stdout + "\n" + empty stderr
    assert.equal(logs[0]?.bytes, 200_000_000);
    const growthMb = (peak - rss0) / 1024 / 1024;
    // Figures for the report.
    console.log(`      flood: ${ms.toFixed(0)} ms, peak RSS growth ${growthMb.toFixed(1)} MB`);
    assert.ok(growthMb < 100, `RSS grew ${growthMb.toFixed(1)} MB`);
    assert.equal((await probeWithGate(r, p, '--version')).found, '1.2.3');
  });

  it('a file without the execute bit is found by lookup but its probe fails (spawn_failed)', async () => {
    const p = bin('noexec', 'echo 1.0.0', 0o644);
    const lookup = await findBinary('noexec', { path: dir, platform: process.platform, cwd: dir });
    assert.equal(lookup.found, true);
    assert.equal(lookup.executable, false);
    const out = await runner().run(p, '--version');
    assert.equal(out.ok, false);
    assert.equal(!out.ok && out.reason, 'spawn_failed');
    assert.equal((await probeWithGate(runner(), p, '--version')).reason, 'probe_failed');
  });

  it('a script without #! fails as exec(2) fails for the runtime (Node alone would run it with /bin/sh)', async () => {
    const p = bin('noshebang', 'echo 9.9.9', 0o755, false);
    const out = await runner().run(p, '--version');
    assert.equal(!out.ok && out.reason, 'spawn_failed');
    assert.match(!out.ok ? out.message : '', /Exec format error/);
  });

  it('names and commands with shell metacharacters are never interpreted by a shell', async () => {
    const name = 'tool;touch m1;$(touch m2)`touch m3`|touch m4&';
    bin(name, `printf '%s' "$1" > "${dir}/meta-arg"; echo 2.0.0`);
    const lookup = await findBinary(name, { path: dir, platform: process.platform, cwd: dir });
    assert.ok(lookup.found && lookup.path);
    const command = '--version; touch m5 $(touch m6) `touch m7` && touch m8';
    const v = await probeWithGate(runner(), lookup.path, command);
    assert.equal(v.found, '2.0.0');
    assert.equal(readFileSync(join(dir, 'meta-arg'), 'utf8'), command);
    for (const m of ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8']) {
      assert.equal(existsSync(join(dir, m)), false, `marker ${m} must not exist`);
      assert.equal(existsSync(join(process.cwd(), m)), false, `marker ${m} must not exist in cwd`);
    }
  });

  it('a symlink loop on PATH: not found, no hang; a probe of the loop path fails cleanly', async () => {
    const { symlinkSync } = await import('node:fs');
    symlinkSync(join(dir, 'loopB'), join(dir, 'loopA'));
    symlinkSync(join(dir, 'loopA'), join(dir, 'loopB'));
    const lookup = await findBinary('loopA', { path: dir, platform: process.platform, cwd: dir });
    assert.equal(lookup.found, false);
    const out = await runner().run(join(dir, 'loopA'), '--version');
    assert.equal(!out.ok && out.reason, 'spawn_failed');
  });

  it('50 concurrent identical probes share one spawn; later calls hit the cache', async () => {
    const p = bin('dedupe', 'echo 6.0.0');
    const r = runner();
    const all = await Promise.all(Array.from({ length: 50 }, () => probeWithGate(r, p, '--version')));
    assert.equal(r.spawnCount, 1);
    assert.ok(all.every((v) => v.found === '6.0.0'));
    await probeWithGate(r, p, '--version');
    assert.equal(r.spawnCount, 1);
    await probeWithGate(r, p, '-V'); // another command is another probe
    assert.equal(r.spawnCount, 2);
    r.clear();
    await probeWithGate(r, p, '--version');
    assert.equal(r.spawnCount, 3);
  });

  it('respects the concurrency bound', async () => {
    const log = join(dir, 'conc.log');
    const p = bin('slow', `echo "start $1" >> "${log}"; sleep 0.25; echo "end $1" >> "${log}"; echo 1.0.0`);
    const r = runner({ concurrency: 2 });
    await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((c) => r.run(p, c)));
    let now = 0;
    let max = 0;
    for (const line of readFileSync(log, 'utf8').trim().split('\n')) {
      now += line.startsWith('start') ? 1 : -1;
      max = Math.max(max, now);
    }
    assert.equal(r.spawnCount, 6);
    assert.equal(max, 2);
  });

  it('cancellation: aborting the only caller kills the process and does not cache', async () => {
    const pidFile = join(dir, 'abort.pid');
    const p = bin('abortable', `echo $$ > "${pidFile}"; exec sleep 60`);
    const r = runner({ timeoutMs: 10_000 });
    const ac = new AbortController();
    const pending = r.run(p, '--version', ac.signal);
    await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '', 3000, 'the probe to start');
    ac.abort();
    await assert.rejects(pending, (e: Error) => e.name === 'AbortError');
    const pid = readPid(pidFile);
    await until(() => isDead(pid), 3000, `aborted probe ${pid} to die`);
    await assert.rejects(r.run(p, '--version', AbortSignal.abort()), (e: Error) => e.name === 'AbortError');
    // Not cached: a new call spawns again (and we stop it by disposing).
    const again = r.run(p, '--version');
    await until(() => r.spawnCount === 2, 3000, 'a second spawn');
    r.dispose();
    const out = await again;
    assert.equal(!out.ok && out.reason, 'not_probed');
  });

  it('cancellation: one caller aborting does not cancel the probe for the others', async () => {
    const p = bin('shared', 'echo 8.8.8');
    const r = runner();
    const ac = new AbortController();
    const a = r.run(p, '--version', ac.signal);
    const b = r.run(p, '--version');
    ac.abort();
    await assert.rejects(a);
    const out = await b;
    assert.ok(out.ok);
    assert.equal(r.spawnCount, 1);
  });

  it('cancellation: a queued probe that is aborted never spawns', async () => {
    const pidFile = join(dir, 'blocker.pid');
    const blocker = bin('blocker', `echo $$ > "${pidFile}"; exec sleep 60`);
    const quick = bin('quick', 'echo 1.0.0');
    const r = runner({ timeoutMs: 10_000, concurrency: 1 });
    const first = r.run(blocker, '--version');
    const ac = new AbortController();
    const queued = r.run(quick, '--version', ac.signal);
    await until(() => r.spawnCount === 1, 3000, 'the blocker to start');
    ac.abort();
    await assert.rejects(queued, (e: Error) => e.name === 'AbortError');
    r.dispose();
    await first;
    assert.equal(r.spawnCount, 1);
  });

  it('dispose() kills what is running; later runs are refused', async () => {
    const pidFile = join(dir, 'dispose.pid');
    const p = bin('disposable', `echo $$ > "${pidFile}"; exec sleep 60`);
    const r = runner({ timeoutMs: 10_000, concurrency: 1 });
    const pending = r.run(p, '--version');
    const queued = r.run(p, '--queued'); // waits behind the first (concurrency 1)
    await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '', 3000, 'the probe to start');
    r.dispose();
    const [out, outQueued] = await Promise.all([pending, queued]);
    assert.equal(!out.ok && out.reason, 'not_probed');
    assert.equal(!outQueued.ok && outQueued.reason, 'not_probed');
    await until(() => isDead(readPid(pidFile)), 3000, 'disposed probe to die');
    const later = await r.run(p, '--version');
    assert.equal(!later.ok && later.reason, 'not_probed');
    assert.equal(r.spawnCount, 1);
  });

  it('never runs .cmd/.bat with Windows rules', async () => {
    const r = runner({ platform: 'win32' });
    const out = await r.run('C:\\tools\\tool.CMD', '--version');
    assert.equal(!out.ok && out.reason, 'not_probed');
    assert.equal(r.spawnCount, 0);
  });

  it('logs every spawn with its outcome, exit code and byte count', async () => {
    const p = bin('logged', 'echo 1.0.0; exit 4');
    const logs: ProbeLogEntry[] = [];
    await runner({ onLog: (e) => logs.push(e) }).run(p, '--version');
    assert.equal(logs.length, 1);
    const e = logs[0]!;
    assert.equal(e.bin, 'logged');
    assert.equal(e.resolvedPath, p);
    assert.equal(e.command, '--version');
    assert.equal(e.outcome, 'ok');
    assert.equal(e.exitCode, 4);
    assert.equal(e.bytes, 6);
    assert.ok(e.durationMs >= 0);
  });

  it('normalization and strict semver parsing of the whole match', async () => {
    const r = runner();
    const p = bin('versions', 'echo "v7 v1.2 01.2.3 1.2.3-rc.1+b5 1.2.3.4 curl 8.5.0"');
    assert.equal((await probeWithGate(r, p, 'x', 'v(\\d+)')).reason, 'parse_failed'); // "v7" → "v7.0.0"
    assert.equal((await probeWithGate(r, p, 'x', '\\d+')).found, '7.0.0'); // the match "7", normalized
    assert.equal((await probeWithGate(r, p, 'x', '01\\.\\d+\\.\\d+')).reason, 'parse_failed'); // leading zero
    assert.equal((await probeWithGate(r, p, 'x', '\\d+\\.\\d+\\.\\d+-[a-z]+\\.\\d+\\+[0-9a-z]+')).found, '1.2.3-rc.1+b5');
    // With `\\w` the pattern passes nexo-rs's 64 KiB compiled-size limit: rejected, whatever the output (golden a41).
    assert.equal((await probeWithGate(r, p, 'x', '\\d+\\.\\d+\\.\\d+-[a-z]+\\.\\d+\\+\\w+')).reason, 'parse_failed');
    assert.equal((await probeWithGate(r, p, 'x', '1\\.2\\.3\\.4')).reason, 'parse_failed');
    const curl = await probeWithGate(r, p, 'x', 'curl (\\d+\\.\\d+)');
    assert.equal(curl.reason, 'parse_failed');
    assert.match(curl.detail ?? '', /^"curl 8\.5" \(normalized "curl 8\.5\.0"\) is not a semver version$/);
    assert.equal((await probeWithGate(r, p, 'x', '(?=v)v')).reason, 'parse_failed'); // rejected by Rust `regex`
    assert.equal((await probeWithGate(r, p, 'x', '[a&&b]')).reason, 'not_probed'); // cannot be evaluated here
    assert.equal((await probeWithGate(r, p, 'x', 'nomatch')).reason, 'parse_failed');
    assert.equal(r.spawnCount, 1);
  });

  it('a catastrophic regex over real output stays fast', async () => {
    const p = bin('aaaa', "head -c 50000 /dev/zero | tr '\\0' a");
    const t0 = performance.now();
    const v = await probeWithGate(runner(), p, '--version', '(a+)+$');
    const ms = performance.now() - t0;
    assert.equal(v.reason, 'parse_failed'); // the match "aaa…" is no version; "$" is end of text, after "\n"
    assert.ok(ms < 2000, `took ${ms} ms`);
  });

  it('truncated output is reported; invalid UTF-8 is decoded lossily', async () => {
    const p = bin('long', "printf 'aaaaaaaaaaaaaaaaaaaa 1.2.3'; printf '\\377\\376 2.0' >&2");
    const out = await runner({ maxOutputBytes: 10 }).run(p, '--version');
    assert.ok(out.ok);
    assert.equal(out.truncated, true);
    assert.equal(out.output, 'aaaaaaaaaa\n\ufffd\ufffd 2.0');
    const v = await probeWithGate(runner({ maxOutputBytes: 10 }), p, '--version', '1\\.2\\.3');
    assert.match(v.detail ?? '', /truncated/);
  });
});
