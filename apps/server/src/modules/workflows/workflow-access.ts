import { type ExpressionBuilder, sql } from 'kysely';
import type { AccessLevel, Database } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';

// Region and business-unit access (issue 3) decides which workflows a user sees and changes:
// - a workflow is visible to a user with access ('read' or 'full') to its region or to its business
//   unit; otherwise it does not exist for them (404, never 403, so ids cannot be probed);
// - it is changeable (answers, submit, undo, step users, archive, children) with 'full' access to
//   either; permissions such as 'Can submit a step' are checked on top of this.
// The same rule serves one workflow (workflowAccess) and every list (visibleWorkflowsFilter), so a
// list never shows what a detail would refuse.

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

function strongest(levels: readonly (AccessLevel | undefined)[]): AccessLevel | null {
  if (levels.includes('full')) return 'full';
  return levels.includes('read') ? 'read' : null;
}

// The user's access to a place (a region, optionally a business unit of it), or null for none.
export async function placeAccess(
  tx: Tx,
  userId: string,
  regionId: string,
  businessUnitId: string | null,
): Promise<AccessLevel | null> {
  const [region, unit] = await Promise.all([
    tx
      .selectFrom('user_region_access')
      .select('access')
      .where('user_id', '=', userId)
      .where('region_id', '=', regionId)
      .executeTakeFirst(),
    businessUnitId === null
      ? undefined
      : tx
          .selectFrom('user_business_unit_access')
          .select('access')
          .where('user_id', '=', userId)
          .where('business_unit_id', '=', businessUnitId)
          .executeTakeFirst(),
  ]);
  return strongest([region?.access, unit?.access]);
}

// The user's access to one workflow of the transaction's tenant, or null when it does not exist,
// belongs to another tenant (RLS hides it) or lies outside the user's regions and business units.
export async function workflowAccess(
  tx: Tx,
  userId: string,
  workflowId: string,
): Promise<AccessLevel | null> {
  const workflow = await tx
    .selectFrom('workflows')
    .select(['region_id', 'business_unit_id'])
    .where('id', '=', workflowId)
    .executeTakeFirst();
  if (!workflow) return null;
  return placeAccess(tx, userId, workflow.region_id, workflow.business_unit_id);
}
