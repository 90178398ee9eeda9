import type { FieldsExport, KindAlertCounts, KindCounts, PageQuery } from '@attest/shared';
import { catalogueForDefinition, type RiskColorLabel } from '@attest/shared';
import { sql } from 'kysely';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { visibleWorkflowsFilter } from '../workflows/index.js';
import { cappedCount } from './capped-count.js';
import { currentDefinitions } from './kind-catalogue.js';

// A kind of the caller's tenant with a published definition, or 404 (another tenant's id too).
async function kindOr404(tx: Tx, tenantId: string, kindId: number) {
  const [kind] = await currentDefinitions(tx, tenantId, [String(kindId)]);
  if (!kind) throw new NotFoundError();
  return kind;
}

// The visible, unarchived workflows of a kind (`workflows as w`).
function kindWorkflows(tx: Tx, ctx: UserContext, kindId: string) {
  return tx
    .selectFrom('workflows as w')
    .where('w.tenant_id', '=', ctx.tenant.id)
    .where('w.kind_id', '=', kindId)
    .where('w.archived_at', 'is', null)
    .where(visibleWorkflowsFilter(ctx.auth.user.id));
}

// Spec 1 §7 count/?type=stepgroup, the task queues: per step group of the kind's current
// definition, the visible, unarchived workflows of the kind with an open step in it. One capped
// count per group (the count rule), each on the open-steps-per-group index of 0008.
export function stepgroupCounts(ctx: UserContext, kindId: number): Promise<KindCounts> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const kind = await kindOr404(tx, ctx.tenant.id, kindId);
    const stepgroupdef_counts = [];
    for (const group of kind.definition.step_groups) {
      // From the open steps of the group in workflow order (the 0008 index), one row per workflow
      // (a workflow may have two open steps in a group), so counting can stop at the cap.
      const open = tx
        .selectFrom('workflow_steps as st')
        .innerJoin('workflows as w', (join) =>
          join.onRef('w.tenant_id', '=', 'st.tenant_id').onRef('w.id', '=', 'st.workflow_id'),
        )
        .where('st.tenant_id', '=', ctx.tenant.id)
        .where('st.step_group_tag', '=', group.tag)
        .where('st.state', '=', 'enabled')
        .where('w.kind_id', '=', kind.id)
        .where('w.archived_at', 'is', null)
        .where(visibleWorkflowsFilter(ctx.auth.user.id))
        .select('st.workflow_id')
        .distinct();
      const total = await cappedCount(tx, open);
      stepgroupdef_counts.push({
        step_group_tag: group.tag,
        name: group.name,
        count: total.count,
        count_is_estimate: total.estimate,
      });
    }
    return { stepgroupdef_counts };
  });
}

const COLOUR_ORDER = { R: 0, A: 1, G: 2 } as const;

// Spec 1 §7 alert-count ('Can View Alerts'): open alerts of the kind's visible, unarchived
// workflows per alert tag and colour of the kind's alert rules, reddest first, each a capped count.
export function alertCounts(ctx: UserContext, kindId: number): Promise<KindAlertCounts> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const kind = await kindOr404(tx, ctx.tenant.id, kindId);
    const pairs = new Map<string, { alert_tag: string; cat_color_label: RiskColorLabel }>();
    for (const rule of kind.definition.alert_rules ?? []) {
      pairs.set(`${rule.alert_tag}/${rule.cat_color_label}`, {
        alert_tag: rule.alert_tag,
        cat_color_label: rule.cat_color_label,
      });
    }
    const sorted = [...pairs.values()].sort(
      (a, b) =>
        COLOUR_ORDER[a.cat_color_label] - COLOUR_ORDER[b.cat_color_label] ||
        a.alert_tag.localeCompare(b.alert_tag),
    );
    const alert_details = [];
    for (const pair of sorted) {
      const alerts = kindWorkflows(tx, ctx, kind.id)
        .innerJoin('workflow_alerts as a', (join) =>
          join.onRef('a.tenant_id', '=', 'w.tenant_id').onRef('a.workflow_id', '=', 'w.id'),
        )
        .where('a.alert_tag', '=', pair.alert_tag)
        .where('a.cat_color_label', '=', pair.cat_color_label)
        .where('a.resolved_at', 'is', null)
        .select(sql`1`.as('one'));
      const total = await cappedCount(tx, alerts);
      if (total.count > 0)
        alert_details.push({ ...pair, count: total.count, count_is_estimate: total.estimate });
    }
    return { alert_details };
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
