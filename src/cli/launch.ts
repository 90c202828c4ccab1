// The `skill-author` command: runs the CLI's bundle (cli-main.js beside this file) with its compiled code
// kept between runs (./codeCache.ts). The bundle's own `require.main` check does not fire when it is loaded
// from here, so this file starts it.
import * as path from 'node:path';
import { cacheDir } from './cacheDir';
import { requireWithCodeCache } from './codeCache';

const bundle = path.join(__dirname, 'cli-main.js');
// --no-cache: nothing is read from or written to the cache folder, compiled code included.
const dir = process.argv.includes('--no-cache') ? null : cacheDir(process.env);
let main: typeof import('./main');
try {
  main = requireWithCodeCache(bundle, dir) as typeof import('./main');
} catch (e) {
  // An installation without its bundle (a partial copy): one line, as every other failure of the command.
  process.stderr.write(
    `skill-author: internal error: cannot load ${bundle} (${e instanceof Error ? e.message.split('\n')[0] : String(e)}); reinstall skill-author\n`,
  );
  process.exit(3);
}
main.start();
