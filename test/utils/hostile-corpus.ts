// The hostile-input corpus (test/fixtures/hostile, listed in its README.md) made ready to run: copied to a
// temporary folder, completed with the cases too large to commit or impossible to keep in git (megabyte
// files, file-system oddities), and a folder of fake binaries for the version probes. One preparation for
// both faces that must say the same thing about it: the CLI (test/unit/hostile.test.ts) and the extension in
// the real VS Code (test/integration/hostile.test.ts). Node built-ins only, so it loads in either host.
//
// Fake binaries are `#!/bin/sh` scripts; each appends its own `$0` to the spawn log before doing anything,
// so a test can tell exactly what was spawned, and the ones that leave a child behind write its pid to a file
// (`hang.pid`, `forker.pid`) so a test can check the child is dead afterwards. Where the log and the pid files
// go is written into the scripts (`SPAWN_LOG` and `PIDDIR` in the environment still win), so a probe started
// by an engine whose environment knows nothing of the test (the extension host's) logs to the right place.
import { execFile } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

/** The repository (this file is compiled to out/test/utils/). */
export const REPO = path.resolve(__dirname, '../../..');
/** The committed corpus: one folder per case, plus `agents/` and the README. */
export const CORPUS = path.join(REPO, 'test', 'fixtures', 'hostile');

/** Fake binary name → what its script does after logging its start. Bin names match the corpus's. */
const FAKE_BINARIES: Readonly<Record<string, string>> = {
  hang: 'sleep 60 & echo $! > "$PIDDIR/hang.pid"; wait',
  forker: 'sleep 60 & echo $! > "$PIDDIR/forker.pid"; echo 5.6.7; exit 0',
  flood: 'yes "flood 1.2.3" | head -c 200000000',
  exit7: 'echo "exit7 2.0.0"; exit 7',
  noexec: 'echo 1.0.0',
  aaaa: "head -c 50000 /dev/zero | tr '\\0' a",
  flooda: "head -c 1048576 /dev/zero | tr '\\0' a",
  'meta;tool $(touch pwned-v)': 'printf "%s\\n%s\\n%s\\n" "$0" "$#" "$1" > "$PIDDIR/meta.args"; echo 1.0.0',
};

export interface HostileCorpus {
  /** The temporary folder holding everything below (mode 755: another user may have to read it). */
  readonly tmp: string;
  /** The skills root: every committed case, the generated ones, the loops and the permission cases. */
  readonly root: string;
  /** The fake binaries (`noexec` has mode 644). */
  readonly binDir: string;
  /** Each fake binary appends its `$0` here when it starts. */
  readonly spawnLog: string;
  /** Where `hang.pid`, `forker.pid` and `meta.args` are written. */
  readonly pidDir: string;
  /** Case folders of the committed corpus (those holding a SKILL.md), sorted. */
  readonly committedCases: readonly string[];
  /** The paths the fake binaries logged, in order (empty before any spawn). */
  spawned(): string[];
  /** Restores the permissions it took away and removes the temporary folder. */
  cleanup(): void;
}

export interface CorpusOptions {
  /** Prefix of the temporary folder's name. */
  prefix?: string;
}

/** Single-quoted for `/bin/sh`: nothing inside is expanded. */
function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** POSIX only: FIFOs, symbolic links and `#!/bin/sh` binaries. */
export async function prepareHostileCorpus(options: CorpusOptions = {}): Promise<HostileCorpus> {
  const tmp = mkdtempSync(path.join(tmpdir(), options.prefix ?? 'skill-author-hostile-'));
  chmodSync(tmp, 0o755); // another user may have to read it (the permission cases)
  const root = path.join(tmp, 'root');
  const binDir = path.join(tmp, 'bin');
  const spawnLog = path.join(tmp, 'spawn.log');
  const locked: string[] = [];
  const cleanup = (): void => {
    for (const p of locked) {
      try {
        chmodSync(p, 0o755);
      } catch {
        // already gone
      }
    }
    rmSync(tmp, { recursive: true, force: true });
  };
  try {
    cpSync(CORPUS, root, { recursive: true, filter: (src) => path.basename(src) !== 'README.md' });
    const put = (rel: string, data: string | Buffer): void => {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), data);
    };
    // Large cases, generated rather than committed.
    const line = `${'Line of the body. '.repeat(4)}\n`;
    put('big-body/SKILL.md', `---\nname: big-body\ndescription: A 5 MB body.\n---\n${line.repeat(Math.ceil((5 * 1024 * 1024) / line.length))}`);
    put('long-line/SKILL.md', `---\nname: long-line\ndescription: ${'x'.repeat(100 * 1024)}\n---\nBody.\n`);
    put('deep-nesting/SKILL.md', `---\nname: deep-nesting\ndescription: 20,000 nested lists.\nx: ${'['.repeat(20_000)}\n---\nBody.\n`);
    const comparators = Array.from({ length: 10_000 }, (_, i) => `>=${i % 10}.0`).join(', ');
    put(
      'many-comparators/SKILL.md',
      `---\nname: many-comparators\ndescription: 10,000 comparators.\nrequires:\n  bin_versions:\n    tool: "${comparators}"\n---\nBody.\n`,
    );
    // File-system cases.
    mkdirSync(path.join(root, 'skill-md-is-dir', 'SKILL.md'), { recursive: true });
    mkdirSync(path.join(root, 'dangling-link'));
    symlinkSync('/nonexistent/skill-author/nowhere', path.join(root, 'dangling-link', 'SKILL.md'));
    mkdirSync(path.join(root, 'link-loop'));
    symlinkSync('SKILL.md', path.join(root, 'link-loop', 'SKILL.md'));
    mkdirSync(path.join(root, 'fifo'));
    await new Promise<void>((resolve, reject) => execFile('mkfifo', [path.join(root, 'fifo', 'SKILL.md')], (e) => (e ? reject(e) : resolve())));
    symlinkSync('.', path.join(root, 'loop-link')); // the root again
    mkdirSync(path.join(root, 'loop-folder'));
    symlinkSync(path.join('..', 'loop-folder'), path.join(root, 'loop-folder', 'self'));
    // Supporting files: a symbolic link out of the skill, one to itself, a FIFO a link points at (never
    // opened), a script the body runs directly without the executable bit.
    const sp = path.join(root, 'supporting-paths');
    symlinkSync('/etc', path.join(sp, 'assets'));
    symlinkSync('loop', path.join(sp, 'references', 'loop'));
    await new Promise<void>((resolve, reject) => execFile('mkfifo', [path.join(sp, 'references', 'pipe')], (e) => (e ? reject(e) : resolve())));
    chmodSync(path.join(sp, 'scripts', 'run.sh'), 0o644);
    // Permissions: enforced for users other than root only (root reads both skills).
    put('unreadable-file/SKILL.md', '---\nname: unreadable-file\ndescription: Mode 000.\n---\nBody.\n');
    chmodSync(path.join(root, 'unreadable-file', 'SKILL.md'), 0o000);
    locked.push(path.join(root, 'unreadable-file', 'SKILL.md'));
    put('unreadable-folder/inner/SKILL.md', '---\nname: inner\ndescription: In a folder of mode 000.\n---\nBody.\n');
    chmodSync(path.join(root, 'unreadable-folder'), 0o000);
    locked.push(path.join(root, 'unreadable-folder'));
    // Fake binaries: each logs how it was started, and runs its system tools from a PATH of its own.
    mkdirSync(binDir);
    const header = `[ -n "$SPAWN_LOG" ] || SPAWN_LOG=${shQuote(spawnLog)}\n[ -n "$PIDDIR" ] || PIDDIR=${shQuote(tmp)}`;
    for (const [name, body] of Object.entries(FAKE_BINARIES)) {
      const p = path.join(binDir, name);
      writeFileSync(p, `#!/bin/sh\n${header}\nprintf '%s\\n' "$0" >> "$SPAWN_LOG"\nPATH=/usr/bin:/bin\n${body}\n`);
      chmodSync(p, name === 'noexec' ? 0o644 : 0o755);
    }
  } catch (err) {
    cleanup();
    throw err;
  }
  const committedCases = readdirCases(CORPUS);
  return {
    tmp,
    root,
    binDir,
    spawnLog,
    pidDir: tmp,
    committedCases,
    spawned: () => {
      try {
        return readFileSync(spawnLog, 'utf8').split('\n').filter(Boolean);
      } catch {
        return [];
      }
    },
    cleanup,
  };
}

function readdirCases(dir: string): string[] {
  return readdirSync(dir)
    .filter((n) => existsSync(path.join(dir, n, 'SKILL.md')))
    .sort();
}
