// The nexo-rs profile (lordmacu/nexo-rs at eec3f33; ../shared/golden/nexo/RULES.md): what the runtime's skill
// loader does with each skill an agent lists, run by the engine (core/check/engine.ts) on the analysis of
// each SKILL.md — the one path `check`, `index --runtime nexo`, `banner` and the language server share, and
// the one the golden suite runs.
//
// A map of this folder, in the order the runtime works:
//   agents.ts       — the agents file and its agents.d/ drop-ins: which skills an agent lists, in order, from
//                     which skills_dir, with which overrides and tenant; where a listed name is looked up
//   metadata.ts     — the frontmatter as serde_yaml deserializes `SkillMetadata` (any error: the default)
//   requirements.ts — `requires` in the shape the engine's analysis keeps
//   fields.ts       — the frontmatter fields nexo-rs reads, for the shared field tables
//   gate.ts         — mode, env, bins and bin_versions (probes, the process-wide version cache): the status
//   status.ts       — one analyzed skill's verdict in the engine's words (`evaluateSkill`), and in the
//                     vocabulary every profile shares (`nexoSkillVerdict`)
//   render.ts       — the MISSING DEPS banner, a skill's content and the `# SKILLS` system block

export { type AgentDef, type AgentsFile, readAgentsConfig, resolveAgentSkill } from './agents';
export { type NexoFileChecks, newFileChecks, NexoVersionCache } from './gate';
export { renderBanner, renderContent, renderSystemBlock, type SystemBlockSkill } from './render';
export { bareStatus, evaluateSkill, isVisible, nexoSkillVerdict, type NexoStatus } from './status';
