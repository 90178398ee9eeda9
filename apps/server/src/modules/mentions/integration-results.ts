import { mentionToken } from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import { type CommentEffects, commentPosted } from './comment-fanout.js';
import { insertMentions } from './mentions.repository.js';
import { insertMessage } from './messages.repository.js';
import { runStarter, usersSeeingWorkflow } from './people.repository.js';
import { insertThreadIfAbsent, stepThread } from './threads.repository.js';

export type FinishedRun = {
  id: string;
  workflow_id: string;
  step_tag: string;
  connector: string;
  state: 'finished' | 'failed';
  error: string | null;
  // The connector's result, when it has one: read for a one-line outcome (a screening's match).
  result?: unknown;
};

// 'sanctions_screening' -> 'Sanctions screening'.
export function connectorLabel(connector: string): string {
  const words = connector.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]?.toUpperCase() + words.slice(1) : 'Integration';
}

const OUTCOME_WORDS: Record<string, string> = {
  no_match: 'no match',
  potential_match: 'potential match',
  confirmed_match: 'confirmed match',
};

// A short plain-text line for the step's thread. It is stored text, so it is written once, in
// English, and says only what the run recorded.
export function integrationResultSummary(run: FinishedRun): string {
  const label = connectorLabel(run.connector);
  if (run.state === 'failed') return `${label} failed: ${run.error ?? 'no reason was given'}`;
  const outcome =
    run.result && typeof run.result === 'object' && 'outcome' in run.result
      ? (run.result as { outcome: unknown }).outcome
      : undefined;
  if (typeof outcome === 'string' && outcome) {
    return `${label} finished: ${OUTCOME_WORDS[outcome] ?? outcome.replace(/_/g, ' ')}`;
  }
  return `${label} finished.`;
}

// Spec 1 §3 Mention.integration_result: a finished or failed run posts its outcome in its step's
// thread (created when the step has none), authored by the run rather than a person, so the
// thread's subscribers hear of it like any comment, and the person who started it is mentioned. Call it in the transaction that records the
// outcome, and hand the answer to announceComment (comment-fanout.ts) after that commits.
export async function postIntegrationResult(
  tx: Tx,
  tenantId: string,
  run: FinishedRun,
): Promise<CommentEffects> {
  await insertThreadIfAbsent(tx, {
    tenant_id: tenantId,
    workflow_id: run.workflow_id,
    step_tag: run.step_tag,
    field_tag: null,
  });
  const thread = await stepThread(tx, run.workflow_id, run.step_tag);
  // The person who started the run (submitted the step) is mentioned, so the result reaches their
  // mentions; they are notified of the run itself by the integrations module, not again here.
  const starter = await runStarter(tx, tenantId, run.id);
  const mentioned =
    starter?.is_active && (await usersSeeingWorkflow(tx, run.workflow_id, [starter.id])).has(starter.id)
      ? starter
      : null;
  const summary = integrationResultSummary(run);
  const body = mentioned
    ? `${mentionToken('user', Number(mentioned.id), `${mentioned.first_name} ${mentioned.last_name}`.trim() || mentioned.email)} ${summary}`
    : summary;
  const messageId = await insertMessage(tx, {
    tenant_id: tenantId,
    thread_id: thread.id,
    author_id: null,
    integration_run_id: run.id,
    body,
  });
  if (mentioned) {
    await insertMentions(tx, [{ tenant_id: tenantId, message_id: messageId, user_id: mentioned.id }]);
  }
  return commentPosted(tx, tenantId, {
    thread,
    messageId,
    authorId: null,
    actor: null,
    mentioned: mentioned ? [mentioned.id] : [],
    notifyMentioned: false,
  });
}
