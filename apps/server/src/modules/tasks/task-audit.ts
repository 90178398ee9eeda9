import { recordAudit } from '../../platform/audit/audit-log.js';
import type { UserContext } from '../../platform/request-context.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import type { TaskAssigneeRow } from './task-assignees.repository.js';

// Issue 12: every change of a step's assignees is in the audit trail, in the same transaction; a
// claim, an unclaim and a reassignment are recorded as the step users service records its own.
export function auditAssigneeChange(
  tx: Tx,
  ctx: UserContext,
  ipAddress: string | null,
  change: {
    workflowId: string;
    stepTag: string;
    action: 'added' | 'removed';
    assignee: TaskAssigneeRow;
    via: string;
  },
) {
  const { assignee } = change;
  return recordAudit(tx, {
    tenantId: ctx.tenant.id,
    action: 'step.assignees_changed',
    actorUserId: ctx.auth.user.id,
    targetUserId: assignee.user_id,
    details: {
      workflow_id: Number(change.workflowId),
      step_tag: change.stepTag,
      change: change.action,
      user_id: assignee.user_id === null ? null : Number(assignee.user_id),
      group_id: assignee.group_id === null ? null : Number(assignee.group_id),
      name: assignee.name,
      via: change.via,
    },
    ipAddress,
  });
}

// A delegation given or revoked is a change of who may act on whose tasks: the audit trail records
// it (the delegate as target), in the same transaction as the change.
export function auditDelegation(
  tx: Tx,
  ctx: UserContext,
  ipAddress: string | null,
  action: 'task_delegation.given' | 'task_delegation.revoked',
  delegation: { id: string; delegateId: string; startsOn: string; endsOn: string },
) {
  return recordAudit(tx, {
    tenantId: ctx.tenant.id,
    action,
    actorUserId: ctx.auth.user.id,
    targetUserId: delegation.delegateId,
    details: {
      delegation_id: Number(delegation.id),
      delegate_id: Number(delegation.delegateId),
      starts_on: delegation.startsOn,
      ends_on: delegation.endsOn,
    },
    ipAddress,
  });
}
