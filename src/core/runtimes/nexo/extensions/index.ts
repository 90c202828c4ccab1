// nexo-rs extensions (`plugin.toml`) at eec3f33 (../shared/golden/nexo-extensions/RULES.md): the second kind
// of file the nexo-rs profile reads. A map, in the order the runtime works:
//   toml.ts      — the text as a positioned TOML 1.0 tree (toml-eslint-parser), syntax errors in toml_edit's words
//   fields.ts    — every table and key (type, default, what nexo-rs does): the reader's shapes, hover's words
//   manifest.ts  — `ExtensionManifest::from_str`: serde's structural parse, then `validate()` (first error only)
//   findings.ts  — the text's findings: the error at its place, in the runtime's words, a code per rule (pure)
//   config.ts    — the agent's `config/extensions.yaml`: search paths, disabled, allowlist … (serde's checks)
//   discovery.ts — the agent's walk of its search paths, nesting, duplicates; the manifests it never reads
//   requires.ts  — `Requires::missing()`: bins over `$PATH` as nexo-rs walks it, env set and non-empty
//   secrets.ts   — the secret filter of an extension's process
//   boot.ts      — each extension's boot decision on this machine, with its findings
//   locate.ts    — an agent's folder and its configuration's place
//   checkAt.ts   — the look a check takes under its paths (boot.ts loaded only when it finds something)

export {
  checkExtensions,
  checkExtensionsConfigText,
  checkManifestInPlace,
  checkManifestFile,
  checkManifestText,
  type BootDecision,
  type ConfigExclusion,
  type DeclaredEnv,
  type ExtensionReport,
  type ExtensionsCheck,
  type ExtensionsOptions,
} from './boot';
export { checkExtensionsAt } from './checkAt';
export { agentFolderOfConfig, EXTENSIONS_CONFIG_FILENAME, isAgentFolder, isExtensionsConfigPath } from './locate';
export { parseExtensionsConfig, readExtensionsConfig, type ExtensionsConfigFile, type ExtensionsSettings } from './config';
export { DEFAULT_IGNORE_DIRS, DEFAULT_MAX_DEPTH, DEFAULT_SEARCH_PATHS, MANIFEST_FILENAME, OTHER_SCHEMA_FILENAME, type DiscoveryOptions } from './discovery';
export { analyzeManifest, type ManifestAnalysis } from './findings';
export { AGENT_VERSION, readManifest, type ExtensionManifest, type ManifestError, type ManifestErrorVariant } from './manifest';
export { missingRequires, type ExtensionMachine, type RequiresMissing } from './requires';
export { blockedBy, filterEnv, type EnvFilter } from './secrets';
