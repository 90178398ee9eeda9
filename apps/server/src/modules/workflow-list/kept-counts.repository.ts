import type { WorkflowListState } from '@attest/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

// The list's filters as the count needs them: the decoded state and the kinds it lists (null: all).
export type KeptCountScope = { state: WorkflowListState; kindIds: string[] | null };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

// Whether report_workflow_counts (migration 0029: unarchived workflows per kind, status, region,
// business unit, environment and UTC day of creation, kept by the writing transactions) holds the
// list's count exactly: its filters are only those dimensions, its created range whole days.
export function keptCountFits({ state }: KeptCountScope): boolean {
  const advanced = state.advanced_filters;
  const ranged = Boolean(state.created_range_after || state.created_range_before);
  return (
    !state.archived &&
    !state.q &&
    state.filter_by_group === undefined &&
    state.answer.length === 0 &&
    Object.keys(state.json_answer ?? {}).length === 0 &&
    (!advanced || advanced.conditions.length + advanced.groups.length === 0) &&
    (!ranged || state.date_filter_type === 'created_at') &&
    (!state.created_range_after || DAY.test(state.created_range_after)) &&
    (!state.created_range_before || DAY.test(state.created_range_before))
  );
}

const ids = (values: readonly (number | string)[]) =>
  sql.join(values.map((v) => sql`cast(${String(v)} as bigint)`));

// The visible workflows matching a fitting list state, summed from the kept counts: exact, and
// as cheap as the rows of its days and dimensions. Visibility is the rule of visibleWorkflowsFilter
// (a grant on the region or on the business unit), which the rows' dimensions carry.
export async function keptCount(
  tx: Tx,
  scope: KeptCountScope & { tenantId: string; userId: string },
): Promise<number> {
  const { state, kindIds } = scope;
  const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`r.tenant_id = ${scope.tenantId}`];
  if (kindIds)
    parts.push(kindIds.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`r.kind_id in (${ids(kindIds)})`);
  if (state.status__in.length > 0) parts.push(sql<SqlBool>`r.status_id in (${ids(state.status__in)})`);
  if (state.region__in.length > 0) parts.push(sql<SqlBool>`r.region_id in (${ids(state.region__in)})`);
  if (state.business_unit__in.length > 0) {
    parts.push(sql<SqlBool>`r.business_unit_id in (${ids(state.business_unit__in)})`);
  }
  if (state.environment === 'PRODUCTION') parts.push(sql<SqlBool>`r.test_environment is null`);
  else if (state.environment !== 'ALL') parts.push(sql<SqlBool>`r.test_environment = ${state.environment}`);
  if (state.created_range_after)
    parts.push(sql<SqlBool>`r.day >= cast(${state.created_range_after} as date)`);
  if (state.created_range_before)
    parts.push(sql<SqlBool>`r.day <= cast(${state.created_range_before} as date)`);
  parts.push(sql<SqlBool>`(exists (select 1 from user_region_access ra
      where ra.region_id = r.region_id and ra.user_id = ${scope.userId})
    or exists (select 1 from user_business_unit_access ba
      where ba.business_unit_id = r.business_unit_id and ba.user_id = ${scope.userId}))`);
  const { rows } = await sql<{ n: string }>`
    select coalesce(sum(r.n), 0) as n from report_workflow_counts r where ${sql.join(parts, sql` and `)}
  `.execute(tx);
  return Number(rows[0]?.n ?? 0);
}
