// What the model sees of one skill, as the editor's preview shows it: for a skill a runtime shows, exactly
// the text the model gets (nexo-rs's MISSING DEPS banner byte for byte where nexo-rs applies, a blank line
// and the body, `max_chars` applied: `banner --render`); for a skill the runtime that speaks for it keeps
// from the model, a short Markdown page saying so, with each runtime's verdict and reasons in its words.
// Built by the language server (skillAuthor/preview) from the same check as the document's findings.
import { contentFor, type EvaluatedSkill, nexoVerdictOf } from './engine';
import type { Entry } from './entry';
import { RUNTIME_LABELS } from '../runtimes/registry';
import { isHiddenVerdict, missingFacts, verdictLabel, verdictWords } from '../runtimes/words';
import { isVisible, type ModeSource } from '../runtimes/nexo/status';

/**
 * Everything the model sees for the skill (visible), or why it sees nothing (hidden), for the runtimes that
 * judge it (`entry`, as `check` judges it): nexo-rs's banner and body where nexo-rs applies; elsewhere the
 * body, unless the runtime that speaks for the skill keeps it from the model.
 */
export function modelView(s: EvaluatedSkill, entry?: Entry): string {
  if (!entry || entry.runtimes.some((r) => r.runtime === 'nexo')) return isVisible(s.status.verdict) ? contentFor(s) : hiddenStatement(s);
  return isHiddenVerdict(entry.verdict) ? runtimeHiddenStatement(s.id, entry) : contentFor(s);
}

/** The page shown for a skill the runtime that speaks for it keeps from the model, each runtime's verdict
 *  and reasons in its words. */
function runtimeHiddenStatement(id: string, entry: Entry): string {
  const lead = RUNTIME_LABELS[entry.runtime];
  const others = entry.runtimes.filter((r) => !isHiddenVerdict(r.verdict)).map((r) => RUNTIME_LABELS[r.runtime]);
  const lines = [others.length ? `# ${lead} never shows \`${id}\` to the model` : `# The model never sees \`${id}\``, ''];
  for (const r of entry.runtimes) lines.push(`- ${RUNTIME_LABELS[r.runtime]}: **${verdictWords(r)}**${r.reasons.length ? ` — ${r.reasons.join(' ')}` : ''}`);
  lines.push(
    '',
    others.length
      ? `${others.join(' and ')} ${others.length === 1 ? 'offers' : 'offer'} it: this page stands in for its text only because ${lead} hides it.`
      : 'Neither its name and description (in the prompt index) nor its instructions reach the model.',
  );
  return lines.join('\n');
}

const MODE_SOURCE: Record<ModeSource, string> = {
  default: 'the default: the frontmatter sets no `requires.mode`',
  frontmatter: "from the frontmatter's `requires.mode`",
  override: "from the agent's `skill_overrides`",
};

/** The page shown instead of the model's text for a skill nexo-rs never shows the model. */
function hiddenStatement(s: EvaluatedSkill): string {
  const { id, status } = s;
  const nexo = nexoVerdictOf(s);
  const verdict = `**nexo-rs: ${verdictLabel({ runtime: 'nexo', verdict: nexo.verdict, hidden_by: nexo.hiddenBy }, status.mode)}** (verdict \`${nexo.verdict}\`)`;
  const lines = [`# The model never sees \`${id}\``, '', status.summary, '', `- ${verdict}`, `- Mode: \`${status.mode}\` (${MODE_SOURCE[status.modeSource]})`];
  const missing = missingFacts(status.missing);
  if (missing.length) lines.push('- Missing:', ...missing.map((f) => `  - ${f.kind} \`${f.label}\`: ${f.detail}`));
  lines.push('', 'Neither its name and description (in the prompt index) nor its instructions reach the model.');
  return lines.join('\n');
}
