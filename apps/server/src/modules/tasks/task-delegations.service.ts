import type { CreateDelegationRequest, Delegation, Delegations } from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { taskAssigneesRepository } from './task-assignees.repository.js';
import { auditDelegation } from './task-audit.js';
import { type DelegationRow, taskDelegationsRepository as repo } from './task-delegations.repository.js';
import { taskRefusal } from './task-errors.js';
import { delegationChanged } from './task-live.js';
import { todayIso } from './task-today.js';

type DelegationDeps = { realtime: RealtimePublisher; ipAddress: string | null };

// Bonita/jBPM's delegation: while a person is away (a date range, both ends included) a delegate sees
// their open and new tasks in the delegated tab and may act on them; the activity log then records on
// whose behalf (task-change-hooks.ts). Both people see the delegation.

function toDelegation(row: DelegationRow, today: string): Delegation {
  return {
    id: Number(row.id),
    delegator: { id: Number(row.delegator_id), name: row.delegator_name },
    delegate: { id: Number(row.delegate_id), name: row.delegate_name },
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    active: row.starts_on <= today && today <= row.ends_on,
  };
}

export function listDelegations(ctx: UserContext): Promise<Delegations> {
  const today = todayIso();
  const me = ctx.auth.user.id;
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const rows = await repo.current(tx, me, today);
    return {
      given: rows.filter((r) => r.delegator_id === me).map((r) => toDelegation(r, today)),
      received: rows.filter((r) => r.delegate_id === me).map((r) => toDelegation(r, today)),
    };
  });
}

// One delegation at a time per person: ranges may not overlap (which delegate would act?).
// The row itself is the record of who gave what to whom and when (created_by, created_at, revoked_at).
export async function createDelegation(
  ctx: UserContext,
  input: CreateDelegationRequest,
  deps: DelegationDeps,
): Promise<Delegation> {
  const today = todayIso();
  const me = ctx.auth.user.id;
  if (String(input.delegate_id) === me) throw taskRefusal('delegation_self');
  if (input.ends_on < input.starts_on) throw taskRefusal('delegation_ends_before_start');
  if (input.ends_on < today) throw taskRefusal('delegation_ends_in_past');
  const created = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const delegate = await taskAssigneesRepository.activeUser(tx, String(input.delegate_id));
    if (!delegate) throw taskRefusal('delegation_user_not_found');
    await repo.lockDelegator(tx, ctx.tenant.id, me);
    if (await repo.overlaps(tx, me, input.starts_on, input.ends_on)) throw taskRefusal('delegation_overlaps');
    const id = await repo.insert(tx, {
      tenantId: ctx.tenant.id,
      delegatorId: me,
      delegateId: delegate.id,
      startsOn: input.starts_on,
      endsOn: input.ends_on,
      createdBy: me,
    });
    const row = (await repo.current(tx, me, today)).find((r) => r.id === id);
    if (!row) throw new Error('The delegation just created is not readable.');
    await auditDelegation(tx, ctx, deps.ipAddress, 'task_delegation.given', {
      id,
      delegateId: delegate.id,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
    });
    return toDelegation(row, today);
  });
  deps.realtime.publish(delegationChanged(ctx, created.id, [me, String(created.delegate.id)]));
  return created;
}

// Only the delegator revokes (404 for anyone else: the API never confirms another's delegation).
export async function revokeDelegation(ctx: UserContext, id: number, deps: DelegationDeps) {
  const me = ctx.auth.user.id;
  const delegateId = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const revoked = await repo.revoke(tx, String(id), me);
    if (revoked === null) throw new NotFoundError();
    await auditDelegation(tx, ctx, deps.ipAddress, 'task_delegation.revoked', {
      id: String(id),
      delegateId: revoked.delegate_id,
      startsOn: revoked.starts_on,
      endsOn: revoked.ends_on,
    });
    return revoked.delegate_id;
  });
  deps.realtime.publish(delegationChanged(ctx, id, [me, delegateId]));
}
