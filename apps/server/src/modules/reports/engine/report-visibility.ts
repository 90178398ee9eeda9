import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../../db/schema.js';

type WorkflowsRef = ExpressionBuilder<Database & { w: Database['workflows'] }, 'w'>;

// The workflows a report may read for a user: visibleWorkflowsFilter's rule (workflow-access.ts: a
// workflow is visible with access to its region or to its business unit), written so that a report
// over a million workflows can run in parallel. visibleWorkflowsFilter's correlated EXISTS become
// hashed SubPlans, which PostgreSQL neither runs in parallel workers nor costs sensibly (a
// sequential scan of the kind estimated at 16M instead of 95k, so the planner chose nested loops);
// here the user's regions and business units are read once (uncorrelated sub-selects: InitPlans,
// whose values the parallel workers receive) and each workflow is tested against them. Same rows: in
// a WHERE clause `x = any(array(...))` holds exactly when some row of the sub-select equals x (a
// null business unit matches nothing either way). The engine's tests (run-report.test.ts,
// run-report.property.test.ts) check a report against the list's visibility.
export function reportVisibilityFilter(userId: string) {
  return (eb: WorkflowsRef) =>
    eb.or([
      sql<boolean>`w.region_id = any(array(select ra.region_id from user_region_access ra where ra.user_id = ${userId}))`,
      sql<boolean>`w.business_unit_id = any(array(select ba.business_unit_id from user_business_unit_access ba where ba.user_id = ${userId}))`,
    ]);
}
