import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';

// The SQL of region and business-unit access (the rule is in workflow-access.ts): the grants one
// workflow's access is read from, and the same rule as a where-clause for every list.

type WorkflowsRef = ExpressionBuilder<Database & { w: Database['workflows'] }, 'w'>;

// A where-clause for queries over `workflows as w`.
export function visibleWorkflowsFilter(userId: string) {
  return (eb: WorkflowsRef) =>
    eb.or([
      eb.exists(
        eb
          .selectFrom('user_region_access as ra')
          .select(sql`1`.as('one'))
          .whereRef('ra.region_id', '=', 'w.region_id')
          .where('ra.user_id', '=', userId),
      ),
      eb.exists(
        eb
          .selectFrom('user_business_unit_access as ba')
          .select(sql`1`.as('one'))
          .whereRef('ba.business_unit_id', '=', 'w.business_unit_id')
          .where('ba.user_id', '=', userId),
      ),
    ]);
}

export const workflowAccessRepository = {
  // Where a workflow lies; undefined when it does not exist or belongs to another tenant (RLS).
  workflowPlace: (tx: Tx, workflowId: string) =>
    tx
      .selectFrom('workflows')
      .select(['region_id', 'business_unit_id'])
      .where('id', '=', workflowId)
      .executeTakeFirst(),

  regionGrant: (tx: Tx, userId: string, regionId: string) =>
    tx
      .selectFrom('user_region_access')
      .select('access')
      .where('user_id', '=', userId)
      .where('region_id', '=', regionId)
      .executeTakeFirst(),

  businessUnitGrant: (tx: Tx, userId: string, businessUnitId: string) =>
    tx
      .selectFrom('user_business_unit_access')
      .select('access')
      .where('user_id', '=', userId)
      .where('business_unit_id', '=', businessUnitId)
      .executeTakeFirst(),
};
