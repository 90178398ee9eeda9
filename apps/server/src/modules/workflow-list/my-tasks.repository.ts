import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { assignedTo } from './list-where.js';

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
