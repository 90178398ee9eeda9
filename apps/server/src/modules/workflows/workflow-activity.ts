import type { ActivityAction } from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import { workflowActivityRepository } from './workflow-activity.repository.js';

// One entry of a workflow's activity log. `event` (answer_saved, step_submitted, status_changed...)
// is kept inside details, beside what it changed; `action` is its spec 2 §3.11 timeline type.
export type ActivityInput = {
  workflowId: string;
  action: ActivityAction;
  event: string;
  actorId: string | null;
  stepTag?: string | null;
  fieldTag?: string | null;
  details?: Record<string, unknown>;
  at?: Date;
};

const CHUNK = 500;

// Written in the transaction of the change it records, so the log never claims what was rolled back.
export async function recordActivity(tx: Tx, tenantId: string, entries: readonly ActivityInput[]) {
  for (let i = 0; i < entries.length; i += CHUNK) {
    await workflowActivityRepository.insertMany(
      tx,
      entries.slice(i, i + CHUNK).map((e) => ({
        tenant_id: tenantId,
        workflow_id: e.workflowId,
        action: e.action,
        actor_user_id: e.actorId,
        step_tag: e.stepTag ?? null,
        field_tag: e.fieldTag ?? null,
        details: JSON.stringify({ ...e.details, event: e.event }),
        ...(e.at && { created_at: e.at }),
      })),
    );
  }
}
