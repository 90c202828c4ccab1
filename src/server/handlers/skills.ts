// The skills model's messages: `skillsChanged` (and `probed`) to a client that announced
// `experimental.skillAuthor.skillsModel`, and the requests any client may ask — skillsIdle, refresh,
// agentView. The model scans whether or not a client mirrors it (the index, the agents' views read it).

import type { ClientCapabilities, Connection } from 'vscode-languageserver';
import {
  type AgentViewResult,
  AgentViewRequest,
  ProbedNotification,
  RefreshRequest,
  SKILLS_CHUNK,
  type SkillAuthorClientCapabilities,
  type SkillsChangedParams,
  SkillsChangedNotification,
  SkillsIdleRequest,
} from '../../shared/protocol';
import { RequestError } from '../features/custom';
import type { SkillService } from '../service';
import { agentDefView, type ModelChange, type SkillModel } from '../skills';
import { guard } from './guard';

/** Whether the client mirrors the skills model. */
export function mirrorsSkills(caps: ClientCapabilities): boolean {
  const ours = (caps.experimental as { skillAuthor?: SkillAuthorClientCapabilities } | undefined)?.skillAuthor;
  return ours?.skillsModel === true;
}

export class SkillsPublisher {
  private first = true;
  /** What was last sent of the roots, the agents files and the budgets (JSON), to send them when they change. */
  private sentRoots = '';
  private sentAgents = '';
  private sentBudgets = '{}';
  private sentExtensions = '';

  constructor(
    private readonly connection: Connection,
    private readonly model: SkillModel,
  ) {}

  /** Sends one batch of the model's changes, SKILLS_CHUNK skills per notification; resolves once sent. */
  async publish(change: ModelChange): Promise<void> {
    const params: SkillsChangedParams = { changed: [], removed: [...change.removed], all: change.all, ready: this.model.ready };
    const roots = this.model.roots();
    const agents = this.model.agentsFiles();
    const budgets = this.model.budgets();
    const rootsJson = JSON.stringify(roots);
    const agentsJson = JSON.stringify(agents);
    const budgetsJson = JSON.stringify(budgets);
    if (this.first || rootsJson !== this.sentRoots) params.roots = roots;
    if (this.first || agentsJson !== this.sentAgents) params.agents = agents;
    if (budgetsJson !== this.sentBudgets) params.budgets = budgets;
    const extensions = this.model.extensions();
    const extensionsJson = JSON.stringify(extensions);
    if (this.first || extensionsJson !== this.sentExtensions) params.extensions = extensions;
    this.sentExtensions = extensionsJson;
    this.first = false;
    this.sentRoots = rootsJson;
    this.sentAgents = agentsJson;
    this.sentBudgets = budgetsJson;
    const changed = change.changed;
    if (changed.length === 0) return this.connection.sendNotification(SkillsChangedNotification.type, params);
    for (let i = 0; i < changed.length; i += SKILLS_CHUNK) {
      const views = changed.slice(i, i + SKILLS_CHUNK).map((r) => this.model.view(r));
      // The first notification of a batch carries what is not per skill; the others only skills.
      const chunk: SkillsChangedParams = i === 0 ? { ...params, changed: views } : { changed: views, removed: [], all: false, ready: params.ready };
      await this.connection.sendNotification(SkillsChangedNotification.type, chunk);
      // Let the server answer what else came in between large notifications.
      if (i + SKILLS_CHUNK < changed.length) await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/**
 * Hands the model's batches to `also` (background diagnostics, completion's binaries) and, to a client that
 * mirrors the model, as `skillsChanged`; the probe log's entries as `probed`; answers the model's requests.
 */
export function registerSkillsHandlers(
  connection: Connection,
  service: SkillService,
  model: SkillModel,
  caps: ClientCapabilities,
  also: (change: ModelChange) => Promise<void>,
): void {
  const publisher = mirrorsSkills(caps) ? new SkillsPublisher(connection, model) : null;
  model.listener = async (change) => {
    await also(change);
    await publisher?.publish(change);
  };
  if (publisher) service.onProbe((e) => void connection.sendNotification(ProbedNotification.type, e).catch(() => undefined));
  const idle = guard(connection, SkillsIdleRequest.method, async () => {
    await model.whenIdle();
    return { skills: model.size };
  });
  connection.onRequest(SkillsIdleRequest.type, idle);
  const refresh = guard(connection, RefreshRequest.method, async () => {
    await model.refresh();
    await model.whenIdle();
    return { skills: model.size };
  });
  connection.onRequest(RefreshRequest.type, refresh);
  connection.onRequest(
    AgentViewRequest.type,
    guard(connection, AgentViewRequest.method, async (p): Promise<AgentViewResult | null> => {
      const agent: unknown = p?.agent;
      if (agent !== undefined && typeof agent !== 'string') throw new RequestError('`agent` must be a string');
      const view = await model.agentView(agent);
      if (!view) return null;
      return {
        file: view.file.path,
        agent: agentDefView(view.agent),
        skills: view.skills.map((s, i) => model.agentSkillView(s, view.entries[i] as NonNullable<(typeof view.entries)[number]>)),
        entries: view.entries,
      };
    }),
  );
}
