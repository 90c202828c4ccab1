// The `skill-author` command: runs the CLI's bundle (cli-main.js beside this file) with its compiled code
// from the build or kept between runs (./codeCache.ts). The bundle's own `require.main` check does not fire when it is loaded
// from here, so this file starts it.
//
// Before loading anything, a `check`, `index` or `banner` looks for the same run kept from before
// (./runMemo.ts): when nothing it read has changed, that run's output is printed and the bundle is never
// loaded. Otherwise this run's questions to the file system are noted from the start, so that it can be kept.
import * as path from 'node:path';
import { cacheDir } from './cacheDir';
import { installCodeCache } from './codeCache';
import { keepable, replayKept, RunKeeper, runFile, runKey } from './runMemo';

const bundle = path.join(__dirname, 'cli-main.js');
const argv = process.argv.slice(2);
// --no-cache: nothing is read from or written to the cache folder, compiled code and kept runs included (the
// build's compiled code, part of the installation, is still used).
const dir = argv.includes('--no-cache') ? null : cacheDir(process.env);
// The bundle's parts and chunks (cli-*.js beside it) are written with it by every build: its identity is theirs.
const key =
  dir !== null && keepable(argv, process.env)
    ? runKey(argv, [
        __filename,
        bundle,
        path.join(__dirname, 'analyze-worker.js'),
        path.join(__dirname, 'runtime-worker.js'),
        path.join(__dirname, 'questions.js'),
      ])
    : null;
const kept = key !== null && dir !== null ? runFile(dir, key) : null;
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
});
if (kept === null || key === null || !replayKept(kept, key))
  run(kept !== null && key !== null && dir !== null ? new RunKeeper(kept, key, dir, __dirname) : null);

function run(keeper: RunKeeper | null): void {
  let main: typeof import('./main');
  try {
    installCodeCache(__dirname, dir);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    main = require(bundle) as typeof import('./main');
  } catch (e) {
    // An installation without its bundle (a partial copy): one line, as every other failure of the command.
    process.stderr.write(
      `skill-author: internal error: cannot load ${bundle} (${e instanceof Error ? e.message.split('\n')[0] : String(e)}); reinstall skill-author\n`,
    );
    process.exit(3);
  }
  // The cache folder worked out above is the run's: the bundle does not work it out again.
  main.start(keeper ? (code) => keeper.finish(code) : undefined, dir);
}
