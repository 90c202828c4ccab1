// The nexo-rs agents file lives with the nexo-rs profile (src/core/runtimes/nexo/agents.ts); this module
// keeps the name the CLI and the language server import it by.
export * from './runtimes/nexo/agents';
