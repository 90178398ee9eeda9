import type { RiskColorLabel } from '@attest/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { visibleWorkflowsFilter } from '../workflows/index.js';
import { type CappedCount, cappedCount } from './capped-count.repository.js';

// `where`: the list's filters (listWhere over `workflows as w`), so the counts follow them.
type KindScope = { tenantId: string; userId: string; kindId: string; where: RawBuilder<SqlBool> };

// The visible, unarchived workflows of a kind (`workflows as w`).
function kindWorkflows(tx: Tx, scope: KindScope) {
  return tx
    .selectFrom('workflows as w')
    .where('w.tenant_id', '=', scope.tenantId)
    .where('w.kind_id', '=', scope.kindId)
    .where('w.archived_at', 'is', null)
    .where(visibleWorkflowsFilter(scope.userId))
    .where(scope.where);
}

// The visible, unarchived workflows of the kind with an open step in the step group: from the open
// steps of the group in workflow order (the 0008 index), one row per workflow (a workflow may have
// two open steps in a group), so counting can stop at the cap.
export function countOpenInStepGroup(tx: Tx, scope: KindScope & { groupTag: string }): Promise<CappedCount> {
  const open = tx
    .selectFrom('workflow_steps as st')
    .innerJoin('workflows as w', (join) =>
      join.onRef('w.tenant_id', '=', 'st.tenant_id').onRef('w.id', '=', 'st.workflow_id'),
    )
    .where('st.tenant_id', '=', scope.tenantId)
    .where('st.step_group_tag', '=', scope.groupTag)
    .where('st.state', '=', 'enabled')
    .where('w.kind_id', '=', scope.kindId)
    .where('w.archived_at', 'is', null)
    .where(visibleWorkflowsFilter(scope.userId))
    .where(scope.where)
    .select('st.workflow_id')
    .distinct();
  return cappedCount(tx, open);
}

// The open alerts of one tag and colour on the kind's visible, unarchived workflows.
export function countOpenAlerts(
  tx: Tx,
  scope: KindScope & { alertTag: string; colorLabel: RiskColorLabel },
): Promise<CappedCount> {
  const alerts = kindWorkflows(tx, scope)
    .innerJoin('workflow_alerts as a', (join) =>
      join.onRef('a.tenant_id', '=', 'w.tenant_id').onRef('a.workflow_id', '=', 'w.id'),
    )
    .where('a.alert_tag', '=', scope.alertTag)
    .where('a.cat_color_label', '=', scope.colorLabel)
    .where('a.resolved_at', 'is', null)
    .select(sql`1`.as('one'));
  return cappedCount(tx, alerts);
}

export type UserGroupRow = { id: string; name: string };

// The tenant's groups by name, one page, and how many there are.
export async function userGroupsPage(
  tx: Tx,
  page: { limit: number; offset: number },
): Promise<{ rows: UserGroupRow[]; count: number }> {
  const [rows, total] = await Promise.all([
    tx
      .selectFrom('groups')
      .select(['id', 'name'])
      .orderBy('name')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    tx
      .selectFrom('groups')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}
