import type { FieldsExport, KindAlertCounts, KindCounts, PageQuery } from '@attest/shared';
import { catalogueForDefinition } from '@attest/shared';
import { sql } from 'kysely';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { visibleWorkflowsFilter } from '../workflows/workflow-access.js';
import { currentDefinitions } from './kind-catalogue.js';

// A kind of the caller's tenant with a published definition, or 404 (another tenant's id too).
async function kindOr404(tx: Tx, tenantId: string, kindId: number) {
  const [kind] = await currentDefinitions(tx, tenantId, [String(kindId)]);
  if (!kind) throw new NotFoundError();
  return kind;
}

// Spec 1 §7 count/?type=stepgroup, the task queues: per step group of the kind's current
// definition, the visible, unarchived workflows of the kind with an open step in it.
export function stepgroupCounts(ctx: UserContext, kindId: number): Promise<KindCounts> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const kind = await kindOr404(tx, ctx.tenant.id, kindId);
    const rows = await tx
      .selectFrom('workflows as w')
      .innerJoin('workflow_steps as st', (join) =>
        join.onRef('st.tenant_id', '=', 'w.tenant_id').onRef('st.workflow_id', '=', 'w.id'),
      )
      .select(['st.step_group_tag', sql<string>`count(distinct w.id)`.as('n')])
      .where('w.tenant_id', '=', ctx.tenant.id)
      .where('w.kind_id', '=', kind.id)
      .where('w.archived_at', 'is', null)
      .where('st.state', '=', 'enabled')
      .where(visibleWorkflowsFilter(ctx.auth.user.id))
      .groupBy('st.step_group_tag')
      .execute();
    const counts = new Map(rows.map((r) => [r.step_group_tag, Number(r.n)]));
    return {
      stepgroupdef_counts: kind.definition.step_groups.map((group) => ({
        step_group_tag: group.tag,
        name: group.name,
        count: counts.get(group.tag) ?? 0,
      })),
    };
  });
}

// Spec 1 §7 alert-count ('Can View Alerts'): open alerts of the kind's visible, unarchived
// workflows per alert tag and colour, reddest first.
export function alertCounts(ctx: UserContext, kindId: number): Promise<KindAlertCounts> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const kind = await kindOr404(tx, ctx.tenant.id, kindId);
    const rows = await tx
      .selectFrom('workflows as w')
      .innerJoin('workflow_alerts as a', (join) =>
        join.onRef('a.tenant_id', '=', 'w.tenant_id').onRef('a.workflow_id', '=', 'w.id'),
      )
      .select(['a.alert_tag', 'a.cat_color_label', sql<string>`count(*)`.as('n')])
      .where('w.tenant_id', '=', ctx.tenant.id)
      .where('w.kind_id', '=', kind.id)
      .where('w.archived_at', 'is', null)
      .where('a.resolved_at', 'is', null)
      .where(visibleWorkflowsFilter(ctx.auth.user.id))
      .groupBy(['a.alert_tag', 'a.cat_color_label'])
      .orderBy(sql`case a.cat_color_label when 'R' then 0 when 'A' then 1 else 2 end`)
      .orderBy('a.alert_tag')
      .execute();
    return {
      alert_details: rows.map((r) => ({
        alert_tag: r.alert_tag,
        cat_color_label: r.cat_color_label,
        count: Number(r.n),
      })),
    };
  });
}

// Spec 1 §7 fields/export-json/?active_kind=: the attribute catalogue of the kind's definition.
export function fieldsExport(ctx: UserContext, kindId: number): Promise<FieldsExport> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const kind = await kindOr404(tx, ctx.tenant.id, kindId);
    const results = catalogueForDefinition(kind.definition);
    return { results, count: results.length };
  });
}

// Spec 1 §7 extra-json/user_group_list/: the tenant's groups by name, paged.
export function userGroupList(ctx: UserContext, page: PageQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
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
    return { rows: rows.map((r) => ({ id: Number(r.id), name: r.name })), count: Number(total.n) };
  });
}
