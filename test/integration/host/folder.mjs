// The extension folder the integration runners hand VS Code: the repository's manifest with `main` pointing
// at the test host (out/host/extension.js: the product's features plus what the tests inspect), and links to
// everything else the extension reads (its bundles in dist/, grammar, snippets, schema, pictures). The
// product's own manifest and bundle stay as they are.

import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LINKED = ['dist', 'syntaxes', 'snippets', 'schemas', 'media', 'language-configuration.json', 'README.md', 'LICENSE'];

/** Builds `<tmp>/extension` for the repository at `root` and returns its path. */
export function testHostFolder(root, tmp) {
  const host = join(root, 'out', 'host', 'extension.js');
  if (!existsSync(host)) throw new Error(`${host} is missing: run \`npm run build\` first`);
  const dir = join(tmp, 'extension');
  mkdirSync(dir, { recursive: true });
  for (const name of LINKED) if (existsSync(join(root, name))) symlinkSync(join(root, name), join(dir, name));
  // Copied, not linked: VS Code tells which extension calls its API by the real path of the calling module,
  // which must lie inside this folder.
  cpSync(join(root, 'out', 'host'), join(dir, 'host'), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...manifest, main: './host/extension.js' }, null, 2));
  return dir;
}
