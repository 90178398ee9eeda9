import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { assignedTo } from './list-where.js';

// Above this many open tasks, a list page probes workflows along its order instead of starting
// from the tasks (list-where.ts myTasks).
export const MANY_TASKS = 2_000;

// The open steps assigned as filter_by_group says, counted up to `cap` + 1 (reading no more).
export async function openTaskCount(
  tx: Tx,
  tenantId: string,
  userId: string,
  group: 'me' | number,
  cap: number,
): Promise<number> {
  const result = await sql<{ n: string }>`select count(*) as n from (select 1 from workflow_step_users su
      join workflow_steps st on st.tenant_id = su.tenant_id and st.workflow_id = su.workflow_id
        and st.step_tag = su.step_tag and st.state = 'enabled'
      where su.tenant_id = ${tenantId} and ${assignedTo(userId, group)} limit ${cap + 1}) c`.execute(tx);
  return Number(result.rows[0]?.n ?? 0);
}

// Which form of my tasks the page and the count use: start from the tasks while they are few,
// probe along the order when they are many; the count starts from the tasks until there are more
// of them than it would count exactly.
export async function myTasksForms(
  tx: Tx,
  scope: { tenantId: string; userId: string; group: 'me' | number; countLimit: number },
): Promise<{ page: 'semi' | 'probe'; count: 'semi' | 'probe' }> {
  const tasks = await openTaskCount(tx, scope.tenantId, scope.userId, scope.group, scope.countLimit);
  return {
    page: tasks > MANY_TASKS ? 'probe' : 'semi',
    count: tasks > scope.countLimit ? 'probe' : 'semi',
  };
}
