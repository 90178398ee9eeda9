import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { sqlDay } from './task-today.js';

export type DelegationRow = {
  id: string;
  delegator_id: string;
  delegator_name: string;
  delegate_id: string;
  delegate_name: string;
  starts_on: string;
  ends_on: string;
};

const name = (alias: 'a' | 'b') =>
  sql<string>`coalesce(nullif(trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}), ''), ${sql.ref(`${alias}.email`)})`;

// Delegations of tasks for a date range (task_delegations). Days are compared as YYYY-MM-DD text
// read from `date` columns (::text), so no time zone ever shifts them.
export const taskDelegationsRepository = {
  // The ones not revoked and not over by `today`, given by or to the user, soonest first.
  current: (tx: Tx, userId: string, today: string): Promise<DelegationRow[]> =>
    tx
      .selectFrom('task_delegations as d')
      .innerJoin('users as a', 'a.id', 'd.delegator_id')
      .innerJoin('users as b', 'b.id', 'd.delegate_id')
      .select([
        'd.id',
        'd.delegator_id',
        name('a').as('delegator_name'),
        'd.delegate_id',
        name('b').as('delegate_name'),
        sql<string>`d.starts_on::text`.as('starts_on'),
        sql<string>`d.ends_on::text`.as('ends_on'),
      ])
      .where((eb) => eb.or([eb('d.delegator_id', '=', userId), eb('d.delegate_id', '=', userId)]))
      .where('d.revoked_at', 'is', null)
      .where('d.ends_on', '>=', sqlDay(today))
      .orderBy('d.starts_on')
      .orderBy('d.id')
      .execute(),

  // One delegator's delegations at a time: concurrent creations of overlapping ranges are checked
  // one after the other (transaction-scoped advisory lock on the delegator).
  async lockDelegator(tx: Tx, tenantId: string, delegatorId: string) {
    await sql`select pg_advisory_xact_lock(hashtext('task_delegations'), hashtext(${`${tenantId}:${delegatorId}`}))`.execute(
      tx,
    );
  },

  async overlaps(tx: Tx, delegatorId: string, startsOn: string, endsOn: string) {
    const row = await tx
      .selectFrom('task_delegations')
      .select('id')
      .where('delegator_id', '=', delegatorId)
      .where('revoked_at', 'is', null)
      .where('starts_on', '<=', sqlDay(endsOn))
      .where('ends_on', '>=', sqlDay(startsOn))
      .executeTakeFirst();
    return row !== undefined;
  },

  async insert(
    tx: Tx,
    row: {
      tenantId: string;
      delegatorId: string;
      delegateId: string;
      startsOn: string;
      endsOn: string;
      createdBy: string;
    },
  ) {
    const { id } = await tx
      .insertInto('task_delegations')
      .values({
        tenant_id: row.tenantId,
        delegator_id: row.delegatorId,
        delegate_id: row.delegateId,
        starts_on: row.startsOn,
        ends_on: row.endsOn,
        created_by: row.createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },

  // Revokes one of the delegator's own, still in force: its delegate and range, or null when there is
  // none such.
  async revoke(tx: Tx, id: string, delegatorId: string) {
    const row = await tx
      .updateTable('task_delegations')
      .set({ revoked_at: new Date() })
      .where('id', '=', id)
      .where('delegator_id', '=', delegatorId)
      .where('revoked_at', 'is', null)
      .returning([
        'delegate_id',
        sql<string>`starts_on::text`.as('starts_on'),
        sql<string>`ends_on::text`.as('ends_on'),
      ])
      .executeTakeFirst();
    return row ?? null;
  },

  // The step's people assignees who delegate to `delegateId` today: on whose behalf they act.
  activeDelegatorsAmong: (tx: Tx, delegateId: string, userIds: readonly string[], today: string) =>
    userIds.length === 0
      ? Promise.resolve([])
      : tx
          .selectFrom('task_delegations')
          .select('delegator_id')
          .where('delegate_id', '=', delegateId)
          .where('delegator_id', 'in', userIds)
          .where('starts_on', '<=', sqlDay(today))
          .where('ends_on', '>=', sqlDay(today))
          .where('revoked_at', 'is', null)
          .orderBy('id')
          .execute(),
};
