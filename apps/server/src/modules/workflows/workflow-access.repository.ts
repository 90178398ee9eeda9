import { type Expression, type ExpressionBuilder, expressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';

// The SQL of region and business-unit access (the rule is in workflow-access.ts): the grants one
// workflow's access is read from, and the same rule as a where-clause for every list: of workflows,
// and of the places (regions, business units) whose workflows a user may see (or, for workflows,
// may change).

type WorkflowsRef = ExpressionBuilder<Database & { w: Database['workflows'] }, 'w'>;
type RegionsRef = ExpressionBuilder<Database & { r: Database['regions'] }, 'r'>;
type UnitsRef = ExpressionBuilder<Database & { b: Database['business_units'] }, 'b'>;

const grants = expressionBuilder<Database>();

// The user's grant on the region, or the business unit, that the outer query names: a correlated
// sub-select for exists().
function regionGrant(userId: string, regionId: Expression<string | null>) {
  return grants
    .selectFrom('user_region_access as ra')
    .select(sql`1`.as('one'))
    .where('ra.region_id', '=', regionId)
    .where('ra.user_id', '=', userId);
}

function businessUnitGrant(userId: string, businessUnitId: Expression<string | null>) {
  return grants
    .selectFrom('user_business_unit_access as ba')
    .select(sql`1`.as('one'))
    .where('ba.business_unit_id', '=', businessUnitId)
    .where('ba.user_id', '=', userId);
}

// The rule of region and business-unit access over any row that lies in a place (a workflow, a
// record of a type with places, plan issue 18 §1.3): a grant on the row's region or on its business
// unit; with 'full', only a grant that allows changes. regionId and unitId are the outer query's
// columns.
export function placeGrantFilter(
  userId: string,
  regionId: Expression<string | null>,
  unitId: Expression<string | null>,
  access?: 'full',
): Expression<SqlBool> {
  const region = regionGrant(userId, regionId);
  const unit = businessUnitGrant(userId, unitId);
  return grants.or([
    grants.exists(access ? region.where('ra.access', '=', access) : region),
    grants.exists(access ? unit.where('ba.access', '=', access) : unit),
  ]);
}

// A where-clause for queries over `workflows as w`.
export function visibleWorkflowsFilter(userId: string) {
  return (eb: WorkflowsRef) => placeGrantFilter(userId, eb.ref('w.region_id'), eb.ref('w.business_unit_id'));
}

// A where-clause for queries over `workflows as w`: the workflows a user may change, with 'full'
// access to the region or to the business unit (the rule of workflowAccess's 'full'). For lists that
// offer a change (a home shortcut's parents to start a child from), so nothing offered is refused.
export function changeableWorkflowsFilter(userId: string) {
  return (eb: WorkflowsRef) =>
    placeGrantFilter(userId, eb.ref('w.region_id'), eb.ref('w.business_unit_id'), 'full');
}

// A where-clause for queries over `regions as r`: a region is visible with a grant on it or on one of
// its business units (the user sees that unit's workflows, so may filter by its region).
export function visibleRegionsFilter(userId: string) {
  return (eb: RegionsRef) =>
    eb.or([
      eb.exists(regionGrant(userId, eb.ref('r.id'))),
      eb.exists(
        eb
          .selectFrom('user_business_unit_access as ba')
          .innerJoin('business_units as bu', 'bu.id', 'ba.business_unit_id')
          .select(sql`1`.as('one'))
          .whereRef('bu.region_id', '=', 'r.id')
          .where('ba.user_id', '=', userId),
      ),
    ]);
}

// A where-clause for queries over `business_units as b`: a unit is visible with a grant on it or on
// its region.
export function visibleBusinessUnitsFilter(userId: string) {
  return (eb: UnitsRef) =>
    eb.or([
      eb.exists(businessUnitGrant(userId, eb.ref('b.id'))),
      eb.exists(regionGrant(userId, eb.ref('b.region_id'))),
    ]);
}

// Of the given users, those who see one workflow: the rule of visibleWorkflowsFilter for many users
// at once (the tasks module tells only them of a change, issue 16).
export async function usersSeeingWorkflow(tx: Tx, workflowId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  const rows = await tx
    .selectFrom('users as u')
    .innerJoin('workflows as w', (join) => join.on('w.id', '=', workflowId))
    .select('u.id')
    .where('u.id', 'in', userIds)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('user_region_access as ra')
            .select(sql`1`.as('one'))
            .whereRef('ra.region_id', '=', 'w.region_id')
            .whereRef('ra.user_id', '=', 'u.id'),
        ),
        eb.exists(
          eb
            .selectFrom('user_business_unit_access as ba')
            .select(sql`1`.as('one'))
            .whereRef('ba.business_unit_id', '=', 'w.business_unit_id')
            .whereRef('ba.user_id', '=', 'u.id'),
        ),
      ]),
    )
    .execute();
  return rows.map((r) => r.id);
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
