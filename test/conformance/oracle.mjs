// The release's side of the conformance suite: run under Node 24 by run.mjs (and bisect.mjs), one process per
// case, with the case's environment exactly (HOME, PATH of the fake executables, the case's variables, an empty
// OPENCLAW_BUNDLED_SKILLS_DIR, OPENCLAW_DISABLE_BUNDLED_PLUGINS=1) and the sandbox as its working folder. It
// imports the release's own dist/ chunks, unmodified, and calls what an agent run and `openclaw skills`
// call: the config loader, the default agent and its workspace, the skills snapshot (its `.prompt` is the
// skills block of the system prompt), the system prompt builder, and the status data behind `openclaw
// skills list|check`. Last, it asks the release's PATH bootstrap (ensureOpenClawCliOnPath, which the CLI
// entry runs first) what PATH the CLI works with, so the CLI's output can be compared with the emulation run
// on that PATH.
//
//   node oracle.mjs <job.json>     job: { dist, exports: { fn: { file, alias } }, out }
//
// It writes `{ api, prompt, section, skills: [...], cliPath }` (or `{ error }`) as JSON to `out`: OpenClaw
// may print to stdout and stderr itself.
import { readFileSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
if (job.compileCache) module.enableCompileCache?.(job.compileCache);

async function fn(name) {
  const where = job.exports[name];
  if (!where) throw new Error(`this release exports no ${name}`);
  const mod = await import(pathToFileURL(join(job.dist, where.file)).href);
  const f = mod[where.alias];
  if (typeof f !== 'function') throw new Error(`${where.file} exports ${where.alias}, not the function ${name}`);
  return f;
}

/** The API generations: what the agent run and `openclaw skills` call, per release line. */
const GENERATIONS = {
  // 2026.4.x: src/commands/agent.ts and src/cli/skills-cli.ts at 2026.4.12.
  'workspace-skill-snapshot': {
    async run() {
      const cfg = (await fn('loadConfig'))();
      const agentId = (await fn('resolveDefaultAgentId'))(cfg);
      const workspaceDir = (await fn('resolveAgentWorkspaceDir'))(cfg, agentId);
      const skillFilter = (await fn('resolveAgentSkillsFilter'))(cfg, agentId);
      const snapshot = (await fn('buildWorkspaceSkillSnapshot'))(workspaceDir, { config: cfg, skillFilter, agentId });
      const status = (await fn('buildWorkspaceSkillStatus'))(workspaceDir, { config: cfg });
      const build = await fn('buildAgentSystemPrompt');
      const systemPrompt = (skillsPrompt) => build({ workspaceDir, skillsPrompt });
      return { snapshot, status, systemPrompt };
    },
  },
  // 2026.5.x–2026.8.x (the releases between, run by bisect.mjs): the 2026.4.x snapshot and status builders,
  // but `openclaw skills` passes the agent to the status builder (its skill allow-list), as
  // src/cli/skills-cli.ts does there, and the system prompt comes from buildConfiguredAgentSystemPrompt
  // (buildAgentSystemPrompt is no longer exported). It is given no config: what the config adds to the system
  // prompt (TTS hint, owner display, model aliases) is outside the skills section, and its TTS hint loads the
  // speech plugin, which OPENCLAW_DISABLE_BUNDLED_PLUGINS=1 (these releases' plugins bring skills) turns off.
  'workspace-skill-snapshot-configured-prompt': {
    async run() {
      const cfg = (await fn(job.exports.getRuntimeConfig ? 'getRuntimeConfig' : 'loadConfig'))();
      const agentId = (await fn('resolveDefaultAgentId'))(cfg);
      const workspaceDir = (await fn('resolveAgentWorkspaceDir'))(cfg, agentId);
      const skillFilter = (await fn('resolveAgentSkillsFilter'))(cfg, agentId);
      const snapshot = await (await fn('buildWorkspaceSkillSnapshot'))(workspaceDir, { config: cfg, skillFilter, agentId });
      const status = await (await fn('buildWorkspaceSkillStatus'))(workspaceDir, { config: cfg, agentId });
      const build = await fn('buildConfiguredAgentSystemPrompt');
      const systemPrompt = (skillsPrompt) => build({ agentId, workspaceDir, skillsPrompt, toolNames: ['read'] });
      return { snapshot, status, systemPrompt };
    },
  },
  // 2026.9.x: the agent run's session snapshot and the CLI's local fallback (skills-cli loadSkillsStatusReport).
  'skill-snapshot': {
    async run() {
      const cfg = (await fn('getRuntimeConfig'))();
      const agentId = (await fn('resolveDefaultAgentId'))(cfg);
      const workspaceDir = (await fn('resolveAgentWorkspaceDir'))(cfg, agentId);
      const skillFilter = (await fn('resolveAgentSkillsFilter'))(cfg, agentId);
      const snapshot = await (await fn('buildSkillSnapshot'))(workspaceDir, { config: cfg, agentId, skillFilter });
      const { report: status } = await (await fn('prepareWorkspaceSkillStatus'))(workspaceDir, { config: cfg, agentId });
      const build = await fn('buildConfiguredAgentSystemPrompt');
      // An agent run with the read tool (the prompt has no skills section without it).
      const systemPrompt = (skillsPrompt) => build({ config: cfg, agentId, workspaceDir, skillsPrompt, toolNames: ['read'] });
      return { snapshot, status, systemPrompt };
    },
  },
  // 2026.8.x (run by bisect.mjs): the 2026.9.x snapshot, but no prepareWorkspaceSkillStatus yet: the CLI's local
  // fallback calls buildWorkspaceSkillStatus with the agent. The system prompt as in the 2026.5.x–8.x generation
  // above (no config, so the speech plugin's TTS hint is not loaded).
  'skill-snapshot-workspace-status': {
    async run() {
      const cfg = (await fn('getRuntimeConfig'))();
      const agentId = (await fn('resolveDefaultAgentId'))(cfg);
      const workspaceDir = (await fn('resolveAgentWorkspaceDir'))(cfg, agentId);
      const skillFilter = (await fn('resolveAgentSkillsFilter'))(cfg, agentId);
      const snapshot = await (await fn('buildSkillSnapshot'))(workspaceDir, { config: cfg, agentId, skillFilter });
      const status = await (await fn('buildWorkspaceSkillStatus'))(workspaceDir, { config: cfg, agentId });
      const build = await fn('buildConfiguredAgentSystemPrompt');
      const systemPrompt = (skillsPrompt) => build({ agentId, workspaceDir, skillsPrompt, toolNames: ['read'] });
      return { snapshot, status, systemPrompt };
    },
  },
};

function generationOf(exports) {
  if (exports.buildSkillSnapshot && exports.prepareWorkspaceSkillStatus) return 'skill-snapshot';
  if (exports.buildSkillSnapshot && exports.buildWorkspaceSkillStatus) return 'skill-snapshot-workspace-status';
  if (exports.buildWorkspaceSkillSnapshot && exports.buildAgentSystemPrompt) return 'workspace-skill-snapshot';
  if (exports.buildWorkspaceSkillSnapshot && exports.buildConfiguredAgentSystemPrompt) return 'workspace-skill-snapshot-configured-prompt';
  throw new Error('this release exports neither buildSkillSnapshot nor buildWorkspaceSkillSnapshot: add its API generation to oracle.mjs');
}

/** The text the system prompt gains from the skills prompt: from its `## Skills…` heading, as long as the
 *  difference between the prompt with and without skills. */
function skillsSection(withSkills, without) {
  const delta = withSkills.length - without.length;
  if (delta <= 0) return '';
  for (let i = withSkills.indexOf('## Skills'); i >= 0; i = withSkills.indexOf('## Skills', i + 1)) {
    if ((i === 0 || withSkills[i - 1] === '\n') && withSkills.slice(0, i) === without.slice(0, i)) return withSkills.slice(i, i + delta);
  }
  throw new Error('the system prompt grew, but not by a "## Skills" section');
}

function pickMissing(m) {
  return { bins: m?.bins ?? [], anyBins: m?.anyBins ?? [], env: m?.env ?? [], config: m?.config ?? [], os: m?.os ?? [] };
}

async function main() {
  const api = generationOf(job.exports);
  const { snapshot, status, systemPrompt } = await GENERATIONS[api].run();
  const prompt = snapshot.prompt ?? '';
  const section = prompt.trim() ? skillsSection(systemPrompt(prompt), systemPrompt('')) : '';
  // The prompt lists a prefix of the resolved skills (the limits cut from the end): count its entries.
  const listed = (prompt.match(/<skill>/g) ?? []).length;
  const resolved = (snapshot.resolvedSkills ?? []).map((s) => s.filePath);
  const inPrompt = new Set(resolved.slice(0, listed));
  const runtimeEligible = new Set((snapshot.skills ?? []).map((s) => s.name));
  const skills = status.skills.map((s) => ({
    name: s.name,
    filePath: s.filePath,
    eligible: s.eligible,
    missing: pickMissing(s.missing),
    runtimeEligible: runtimeEligible.has(s.name),
    inPrompt: inPrompt.has(s.filePath),
    source: s.source,
  }));
  (await fn('ensureOpenClawCliOnPath'))();
  return { api, prompt, section, skills, listed, resolvedCount: resolved.length, cliPath: process.env.PATH };
}

let result;
try {
  result = await main();
} catch (err) {
  result = { error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
}
writeFileSync(job.out, JSON.stringify(result));
// OpenClaw may leave timers or watchers behind.
process.exit(0);
