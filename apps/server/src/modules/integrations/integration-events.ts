import { type EventGroup, type EventOutcome, workflowChannel } from '@attest/shared';
import type { OutgoingEvent } from '../../platform/realtime/realtime-publisher.js';
import type { NotificationInput } from '../notifications/index.js';

export type RunRef = { id: string; workflow_id: string; step_tag: string; connector: string };

// Spec 1 §4: a screening reports under its own group, every other connector under 'integration'.
export function integrationGroup(connector: string): EventGroup {
  return connector === 'sanctions_screening' ? 'screening' : 'integration';
}

// 'workflow.integration_run' on the workflow's channel: queued, started, then finished or failed.
export function integrationRunEvent(tenantId: string, run: RunRef, outcome: EventOutcome): OutgoingEvent {
  return {
    channel: workflowChannel(tenantId, run.workflow_id),
    type: 'workflow.integration_run',
    group: integrationGroup(run.connector),
    outcome,
    workflow_id: Number(run.workflow_id),
    actor: null,
    data: { run_id: Number(run.id), step_tag: run.step_tag, connector: run.connector },
  };
}

// The person whose action queued the run hears, kept on their notifications page, when it starts and
// how it ends (runs queued by the platform itself, with no person behind them, tell nobody).
export function integrationRunNotification(
  run: RunRef & { created_by: string | null },
  outcome: Extract<EventOutcome, 'started' | 'finished' | 'failed'>,
  stepName: string,
): NotificationInput[] {
  if (run.created_by === null) return [];
  return [
    {
      userId: run.created_by,
      kind: 'integration_run',
      group: integrationGroup(run.connector),
      outcome,
      actorId: null,
      workflowId: run.workflow_id,
      params: {
        run_id: Number(run.id),
        step_tag: run.step_tag,
        step_name: stepName,
        connector: run.connector,
      },
      link: `/process/${run.workflow_id}`,
    },
  ];
}

// The connector's answers, announced like a person's so the open process page re-reads them.
export function connectorAnsweredEvent(tenantId: string, run: RunRef, fieldTags: string[]): OutgoingEvent {
  return {
    channel: workflowChannel(tenantId, run.workflow_id),
    type: 'workflow.answered',
    group: 'response_changed',
    outcome: null,
    workflow_id: Number(run.workflow_id),
    actor: null,
    data: { step_tag: run.step_tag, field_tags: fieldTags },
  };
}
