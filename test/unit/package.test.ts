// What the VSIX holds (`npm run package`): exactly the files VS Code loads, decided by .vscodeignore.
// `scripts/package.mjs --ls` runs `vsce ls` in the same staging folder as `vsce package`, without building,
// so this stays fast.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const root = join(__dirname, '..', '..', '..');

describe('VSIX contents', () => {
  it('lists only the manifest, README, licence, contributions, the extension bundle and the language server it starts (its own runtime worker too)', async function () {
    this.timeout(60_000);
    const { stdout } = await promisify(execFile)(process.execPath, [join(root, 'scripts/package.mjs'), '--ls'], { cwd: root });
    const files = stdout
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .sort();
    assert.deepEqual(files, [
      'LICENSE',
      'README.md',
      'dist/extension.js',
      'dist/lsp.js',
      'language-configuration.json',
      'media/icon.png',
      'media/skills.svg',
      'package.json',
      'schemas/skill-frontmatter.schema.json',
      'snippets/skill.code-snippets',
      'syntaxes/plugin-toml.language-configuration.json',
      'syntaxes/skill.tmLanguage.json',
    ]);
  });
});
