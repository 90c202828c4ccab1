// `npm run package`: a production build (minified bundles, no source maps) and a VSIX made by @vscode/vsce
// from it. .vscodeignore keeps only what VS Code loads; the bundles carry every runtime dependency, so vsce's
// own dependency collection is off. Prints the VSIX's path and size.
//
// package.json's `files` list is the npm package's (the CLI); vsce refuses a manifest with both `files` and
// a .vscodeignore, so vsce runs in a staging folder holding the manifest without `files`, the .vscodeignore
// and what it may keep. `--ls` lists what the VSIX would hold (`vsce ls`) without building.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const { name, version } = manifest;
const out = join(root, `${name}-${version}.vsix`);
const run = (file, args, opts = {}) => execFileSync(file, args, { cwd: root, stdio: 'inherit', ...opts });
const vsce = join(root, 'node_modules/@vscode/vsce/vsce');

/** The staging folder: everything .vscodeignore may keep (it decides), and the manifest without `files`. */
function stage() {
  const dir = mkdtempSync(join(tmpdir(), 'skill-author-vsix-stage-'));
  for (const f of ['README.md', 'LICENSE', 'CHANGELOG.md', '.vscodeignore', 'language-configuration.json', 'dist', 'schemas', 'syntaxes', 'snippets', 'media'])
    if (existsSync(join(root, f))) cpSync(join(root, f), join(dir, f), { recursive: true });
  const vsix = { ...manifest };
  delete vsix.files;
  writeFileSync(join(dir, 'package.json'), JSON.stringify(vsix, null, 2) + '\n');
  return dir;
}

const dir = stage();
try {
  if (process.argv.includes('--ls')) {
    run(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: dir });
  } else {
    run(process.execPath, [join(root, 'scripts/build.mjs'), '--production']);
    rmSync(join(dir, 'dist'), { recursive: true, force: true });
    cpSync(join(root, 'dist'), join(dir, 'dist'), { recursive: true });
    run(process.execPath, [vsce, 'package', '--no-dependencies', '--out', out], { cwd: dir });
    console.log(`${out}: ${(statSync(out).size / 1024).toFixed(0)} KB`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
