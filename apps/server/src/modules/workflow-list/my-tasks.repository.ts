import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { taskAssignedTo } from './list-where.js';

// The viewer's groups (user_groups), for my tasks' list of constants (list-where.ts taskAssignedTo).
export async function myGroupIds(tx: Tx, tenantId: string, userId: string): Promise<string[]> {
  const result = await sql<{ group_id: string }>`select ug.group_id from user_groups ug
    where ug.tenant_id = ${tenantId} and ug.user_id = ${userId} order by ug.group_id`.execute(tx);
  return result.rows.map((row) => String(row.group_id));
}

// The open tasks (open_tasks rows: open step and assignee) assigned as filter_by_group says, counted
// up to `cap` + 1 (reading no more), from open_tasks' indexes by user and by group.
export async function openTaskCount(
  tx: Tx,
  scope: { tenantId: string; userId: string; group: 'me' | number; groupIds: readonly string[] },
  cap: number,
): Promise<number> {
  const assigned = taskAssignedTo(scope.userId, scope.group, scope.groupIds);
  const result = await sql<{ n: string }>`select count(*) as n from (select 1 from open_tasks o
      where o.tenant_id = ${scope.tenantId} and ${assigned} limit ${cap + 1}) c`.execute(tx);
  return Number(result.rows[0]?.n ?? 0);
}
