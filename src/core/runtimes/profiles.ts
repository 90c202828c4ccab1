// Every runtime profile, in the registry's order (./registry.ts: names, labels, versions). What the rest of
// skill-author knows of a runtime's behaviour — where it applies, its fields, how it judges, where it is
// installed, which files it reads — is taken from here (the contract: ./types.ts RuntimeProfile).

import { AGENTSKILLS_PROFILE } from './agentskills/profile';
import { CLAUDE_CODE_PROFILE } from './claude-code/profile';
import { CODEX_PROFILE } from './codex/profile';
import { COPILOT_CLI_PROFILE } from './copilot-cli/profile';
import { GEMINI_CLI_PROFILE } from './gemini-cli/profile';
import { HERMES_PROFILE } from './hermes/profile';
import { NEXO_PROFILE } from './nexo/profile';
import { OPENCLAW_PROFILE } from './openclaw/profile';
import { OPENCODE_PROFILE } from './opencode/profile';
import { QWEN_CODE_PROFILE } from './qwen-code/profile';
import { RUNTIME_IDS } from './registry';
import type { ListingJudging, RuntimeId, RuntimeProfile, TreeEvaluator } from './types';
import { VSCODE_PROFILE } from './vscode/profile';

const BY_ID: Readonly<Record<RuntimeId, RuntimeProfile>> = {
  nexo: NEXO_PROFILE,
  hermes: HERMES_PROFILE,
  openclaw: OPENCLAW_PROFILE,
  'claude-code': CLAUDE_CODE_PROFILE,
  codex: CODEX_PROFILE,
  'copilot-cli': COPILOT_CLI_PROFILE,
  'gemini-cli': GEMINI_CLI_PROFILE,
  opencode: OPENCODE_PROFILE,
  'qwen-code': QWEN_CODE_PROFILE,
  vscode: VSCODE_PROFILE,
  agentskills: AGENTSKILLS_PROFILE,
};

/** The profiles in the registry's order. */
export const PROFILES: readonly RuntimeProfile[] = RUNTIME_IDS.map((id) => BY_ID[id]);

export function profileOf(id: RuntimeId): RuntimeProfile {
  return BY_ID[id];
}

/** The runtimes that decide over a whole skills root, with their evaluators. */
export const TREE_EVALUATORS: Partial<Record<RuntimeId, TreeEvaluator>> = Object.fromEntries(
  PROFILES.flatMap((p) => (p.judging.kind === 'tree' ? [[p.id, p.judging.evaluate]] : [])),
);

/** The agent CLIs that list skills from where they are started, with their start-up. */
export const LISTING_RUNTIMES: Partial<Record<RuntimeId, ListingJudging>> = Object.fromEntries(
  PROFILES.flatMap((p) => (p.judging.kind === 'listing' ? [[p.id, p.judging.listing]] : [])),
);
