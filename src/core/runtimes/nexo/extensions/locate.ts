// Where nexo-rs extensions live: an agent's folder (it holds `extensions/` or `config/extensions.yaml`) and its
// configuration. Small on purpose: ./checkAt.ts looks here before it loads anything that reads extensions.
import { statSync, type Stats } from 'node:fs';
import * as nodePath from 'node:path';

export const EXTENSIONS_CONFIG_FILENAME = 'extensions.yaml';
/** Whether `file` is an agent's extensions configuration: `extensions.yaml` in a folder named `config` (the
 *  agent runs with `--config ./config`). */
export function isExtensionsConfigPath(file: string): boolean {
  return nodePath.basename(file) === EXTENSIONS_CONFIG_FILENAME && nodePath.basename(nodePath.dirname(nodePath.resolve(file))) === 'config';
}

/** The folder the agent whose configuration is `file` runs from: above `config/`, else the file's own folder. */
export function agentFolderOfConfig(file: string): string {
  const configDir = nodePath.dirname(nodePath.resolve(file));
  return nodePath.basename(configDir) === 'config' ? nodePath.dirname(configDir) : configDir;
}

/** A folder the nexo-rs agent would run from: it holds `extensions/` (the default search path) or
 *  `config/extensions.yaml`. */
export async function isAgentFolder(dir: string): Promise<boolean> {
  return (
    (await statOrNull(nodePath.join(dir, 'extensions')))?.isDirectory() === true ||
    (await statOrNull(nodePath.join(dir, 'config', EXTENSIONS_CONFIG_FILENAME)))?.isFile() === true
  );
}

/** `fs.stat`, null when it fails. Blocking (two or three calls, each a few microseconds): looking for
 *  extensions where there are none, as every check does, then does not load node:fs/promises; and, unlike
 *  the callback form, it is a question a kept run can note (src/core/machine/questions.ts). */
export function statOrNull(p: string): Promise<Stats | null> {
  try {
    return Promise.resolve(statSync(p, { throwIfNoEntry: false }) ?? null);
  } catch {
    return Promise.resolve(null);
  }
}
