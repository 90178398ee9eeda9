import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';

// The tenant's people and groups as mentions see them (row-level security keeps other tenants out).

const USER_COLUMNS = ['id', 'email', 'first_name', 'last_name'] as const;

// An exists-subquery over `users as mu`: the workflow is visible to mu (the access rule of
// workflow-access.ts, region or business-unit access, for any user rather than the signed-in one).
export function seesWorkflow(
  eb: ExpressionBuilder<Database & { mu: Database['users'] }, 'mu'>,
  workflowId: string,
) {
  return eb
    .selectFrom('workflows as w')
    .select(sql`1`.as('one'))
    .where('w.id', '=', workflowId)
    .where((inner) =>
      inner.or([
        inner.exists(
          inner
            .selectFrom('user_region_access as ra')
            .select(sql`1`.as('one'))
            .whereRef('ra.region_id', '=', 'w.region_id')
            .whereRef('ra.user_id', '=', 'mu.id'),
        ),
        inner.exists(
          inner
            .selectFrom('user_business_unit_access as ba')
            .select(sql`1`.as('one'))
            .whereRef('ba.business_unit_id', '=', 'w.business_unit_id')
            .whereRef('ba.user_id', '=', 'mu.id'),
        ),
      ]),
    );
}

// Which of these users can see the workflow.
export async function usersSeeingWorkflow(
  tx: Tx,
  workflowId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const seeing = await tx
    .selectFrom('users as mu')
    .select('mu.id')
    .where('mu.id', 'in', [...userIds])
    .where((eb) => eb.exists(seesWorkflow(eb, workflowId)))
    .execute();
  return new Set(seeing.map((r) => r.id));
}

export function usersByIds(tx: Tx, userIds: string[]) {
  return tx
    .selectFrom('users')
    .select([...USER_COLUMNS, 'is_active'])
    .where('id', 'in', userIds)
    .execute();
}

// Which of these groups exist.
export async function existingGroupIds(tx: Tx, groupIds: string[]): Promise<string[]> {
  const rows = await tx.selectFrom('groups').select('id').where('id', 'in', groupIds).execute();
  return rows.map((r) => r.id);
}

// The active members of these groups (a person in two of them comes twice).
export async function activeGroupMemberIds(tx: Tx, groupIds: string[]): Promise<string[]> {
  const rows = await tx
    .selectFrom('user_groups as ug')
    .innerJoin('users as u', (j) =>
      j.onRef('u.tenant_id', '=', 'ug.tenant_id').onRef('u.id', '=', 'ug.user_id'),
    )
    .select('ug.user_id')
    .where('ug.group_id', 'in', groupIds)
    .where('u.is_active', '=', true)
    .execute();
  return rows.map((r) => r.user_id);
}

// The person who started an integration run.
export function runStarter(tx: Tx, tenantId: string, runId: string) {
  return tx
    .selectFrom('integration_runs as r')
    .innerJoin('users as u', (j) =>
      j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.created_by'),
    )
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.is_active'])
    .where('r.tenant_id', '=', tenantId)
    .where('r.id', '=', runId)
    .executeTakeFirst();
}

// The tenant's active users, by name, matching `pattern` (a LIKE pattern, lower case) on name or
// e-mail when given; a page of them and how many there are in all.
export async function activeUsersPage(
  tx: Tx,
  filter: { pattern: string | null; limit: number; offset: number },
) {
  let users = tx.selectFrom('users').where('is_active', '=', true);
  if (filter.pattern !== null) {
    const pattern = filter.pattern;
    users = users.where((eb) =>
      eb.or([
        eb(sql`lower(first_name || ' ' || last_name)`, 'like', pattern),
        eb(sql`lower(email)`, 'like', pattern),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    users
      .select(USER_COLUMNS)
      .orderBy(sql`lower(first_name || ' ' || last_name)`)
      .orderBy('id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    users.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

// Active users who can see the workflow, by name, matching `pattern` on name or e-mail.
export function mentionableUsers(tx: Tx, workflowId: string, pattern: string, limit: number) {
  return tx
    .selectFrom('users as mu')
    .select(['mu.id', 'mu.email', 'mu.first_name', 'mu.last_name'])
    .where('mu.is_active', '=', true)
    .where((eb) => eb.exists(seesWorkflow(eb, workflowId)))
    .where((eb) =>
      eb.or([
        eb(sql`lower(mu.first_name || ' ' || mu.last_name)`, 'like', pattern),
        eb(sql`lower(mu.email)`, 'like', pattern),
      ]),
    )
    .orderBy(sql`lower(mu.first_name || ' ' || mu.last_name)`)
    .orderBy('mu.id')
    .limit(limit)
    .execute();
}

// Groups matching `pattern` by name, with their count of active members.
export function mentionableGroups(tx: Tx, pattern: string, limit: number) {
  return tx
    .selectFrom('groups as g')
    .select(['g.id', 'g.name'])
    .select((eb) =>
      eb
        .selectFrom('user_groups as ug')
        .innerJoin('users as u', (j) =>
          j.onRef('u.tenant_id', '=', 'ug.tenant_id').onRef('u.id', '=', 'ug.user_id'),
        )
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('ug.group_id', '=', 'g.id')
        .where('u.is_active', '=', true)
        .as('member_count'),
    )
    .where(sql`lower(g.name)`, 'like', pattern)
    .orderBy(sql`lower(g.name)`)
    .orderBy('g.id')
    .limit(limit)
    .execute();
}
