// `npm run package`: a production build (minified bundles, no source maps) and a VSIX made by @vscode/vsce
// from it. .vscodeignore keeps only what VS Code loads; the bundles carry every runtime dependency, so vsce's
// own dependency collection is off. Prints the VSIX's path and size.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const out = join(root, `${name}-${version}.vsix`);
const run = (file, args) => execFileSync(file, args, { cwd: root, stdio: 'inherit' });

run(process.execPath, [join(root, 'scripts/build.mjs'), '--production']);
run(process.execPath, [join(root, 'node_modules/@vscode/vsce/vsce'), 'package', '--no-dependencies', '--out', out]);
console.log(`${out}: ${(statSync(out).size / 1024).toFixed(0)} KB`);
