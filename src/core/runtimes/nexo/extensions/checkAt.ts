// `checkExtensionsAt`: where a check looks for nexo-rs extensions under its paths. Reading and judging what it
// finds (./boot.ts, with the manifest and configuration readers and the TOML parser) is loaded only when
// something is there: every check looks, and most find nothing.
import * as nodePath from 'node:path';
import type { ExtensionsCheck } from './boot';
import { MANIFEST_FILENAME, OTHER_SCHEMA_FILENAME } from './discovery';
import { agentFolderOfConfig, EXTENSIONS_CONFIG_FILENAME, isAgentFolder, statOrNull } from './locate';
import type { ExtensionMachine } from './requires';

let bootModule: typeof import('./boot') | undefined;
function boot(): typeof import('./boot') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (bootModule ??= require('./boot') as typeof import('./boot'));
}

/**
 * The extensions a `check PATH` judges, as the agent would find them when run from PATH: a folder holding
 * `extensions/` or `config/extensions.yaml` is the agent's working directory (its search paths, default
 * `./extensions`, resolve there; its configuration is `config/extensions.yaml`); a folder named `extensions` is
 * that search path itself; `extensions.yaml` is the configuration of the agent run from above its folder; a
 * folder holding `plugin.toml`, or that file, is one extension. Anything else holds no extension. The
 * environment and platform are the agent's; its working directory (for an empty or relative `$PATH` entry) is
 * the folder it would run from. A manifest under `from` (the command's own folder) is judged as the agent run
 * from there finds it, among the others, when that folder is an agent's.
 */
export async function checkExtensionsAt(target: string, machine: Omit<ExtensionMachine, 'cwd'>, from?: string): Promise<ExtensionsCheck> {
  const none: ExtensionsCheck = { extensions: [], scanned: 0, warnings: [], config: null };
  const st = await statOrNull(target);
  if (!st) return none;
  const base = nodePath.basename(target);
  // One manifest: judged among the others when the command runs from the agent's folder above it.
  const one = async (file: string, cwd: string): Promise<ExtensionsCheck> => {
    const agent = from !== undefined && nodePath.resolve(file).startsWith(nodePath.resolve(from) + nodePath.sep) ? nodePath.resolve(from) : null;
    const r = agent ? await boot().checkManifestInPlace(file, null, { ...machine, cwd: agent }) : await boot().checkManifestFile(file, { ...machine, cwd });
    return { ...none, extensions: [r], scanned: 1 };
  };
  const agentAt = (cwd: string, configDir?: string): Promise<ExtensionsCheck> =>
    boot().checkExtensions({ cwd, ...(configDir ? { configDir } : {}) }, { ...machine, cwd });
  if (st.isFile()) {
    if (base === EXTENSIONS_CONFIG_FILENAME) return agentAt(agentFolderOfConfig(target), nodePath.dirname(target));
    if (base !== MANIFEST_FILENAME && base !== OTHER_SCHEMA_FILENAME) return none;
    return one(target, nodePath.dirname(target));
  }
  if (!st.isDirectory()) return none;
  if (await isAgentFolder(target)) return agentAt(target);
  if (base === 'extensions') return agentAt(nodePath.dirname(target));
  const own = nodePath.join(target, MANIFEST_FILENAME);
  if ((await statOrNull(own))?.isFile()) return one(own, target);
  return none;
}
