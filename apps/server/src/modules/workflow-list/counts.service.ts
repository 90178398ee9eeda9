import type {
  FieldsExport,
  KindAlertCounts,
  KindCounts,
  KindWorkflowCountsQuery,
  PageQuery,
} from '@attest/shared';
import { catalogueForDefinition, type RiskColorLabel } from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import { withTenantReadOnly } from '../../platform/read-replica/read-only.js';
import { readerLocale } from '../../platform/reader-locale.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { countOpenAlerts, countOpenInStepGroups, userGroupsPage } from './counts.repository.js';
import { currentDefinitions } from './kind-catalogue.js';
import { countState } from './kind-counts.service.js';
import { checkListEnvironment } from './list-environment.js';
import { listWhere } from './list-where.js';
import { resolveListScope } from './resolve-list-scope.js';

// A kind of the caller's tenant with a published definition, or 404 (another tenant's id too).
async function kindOr404(tx: Tx, tenantId: string, kindId: number) {
  const [kind] = await currentDefinitions(tx, tenantId, [String(kindId)]);
  if (!kind) throw new NotFoundError();
  return kind;
}

// The list's filters for one kind, as the list would apply them with kind_id set to it (advanced
// filters checked against the kind's catalogue: 400 otherwise), so a queue or alert count equals
// what the list shows for the same filters plus that queue or alert.
async function kindFilters(tx: Tx, ctx: UserContext, kindId: string, query: KindWorkflowCountsQuery) {
  const state = { ...countState(query), kind_id: Number(kindId) };
  checkListEnvironment(ctx, state);
  const { catalogue } = await resolveListScope(tx, ctx.tenant.id, state);
  return listWhere({
    state,
    kindIds: [kindId],
    tenantId: ctx.tenant.id,
    userId: ctx.auth.user.id,
    catalogue,
    now: new Date(),
  });
}

// Spec 1 §7 count/?type=stepgroup, the task queues: per step group of the kind's current
// definition, the visible, unarchived workflows of the kind with an open step in it. The count rule
// per group, in two statements for all groups (countOpenInStepGroups).
export function stepgroupCounts(
  ctx: UserContext,
  kindId: number,
  query: KindWorkflowCountsQuery = {},
): Promise<KindCounts> {
  return withTenantReadOnly(ctx.db, ctx.tenant.id, async (tx) => {
    const kind = await kindOr404(tx, ctx.tenant.id, kindId);
    const where = await kindFilters(tx, ctx, kind.id, query);
    const groups = kind.definition.step_groups;
    const scope = { tenantId: ctx.tenant.id, userId: ctx.auth.user.id, kindId: kind.id, where };
    const counts = await countOpenInStepGroups(
      tx,
      scope,
      groups.map((group) => group.tag),
    );
    return {
      stepgroupdef_counts: groups.map((group, i) => ({
        step_group_tag: group.tag,
        name: group.name,
        count: counts[i]?.count ?? 0,
        count_is_estimate: counts[i]?.estimate ?? false,
      })),
    };
  });
}

const COLOUR_ORDER = { R: 0, A: 1, G: 2 } as const;

// Spec 1 §7 alert-count ('Can View Alerts'): open alerts of the kind's visible, unarchived
// workflows per alert tag and colour of the kind's alert rules, reddest first, the non-zero ones.
// The count rule per pair, in two statements for all pairs (countOpenAlerts).
export function alertCounts(
  ctx: UserContext,
  kindId: number,
  query: KindWorkflowCountsQuery = {},
): Promise<KindAlertCounts> {
  return withTenantReadOnly(ctx.db, ctx.tenant.id, async (tx) => {
    const kind = await kindOr404(tx, ctx.tenant.id, kindId);
    const where = await kindFilters(tx, ctx, kind.id, query);
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
    const scope = { tenantId: ctx.tenant.id, userId: ctx.auth.user.id, kindId: kind.id, where };
    const counts = await countOpenAlerts(
      tx,
      scope,
      sorted.map((pair) => ({ alertTag: pair.alert_tag, colorLabel: pair.cat_color_label })),
    );
    const alert_details = sorted
      .map((pair, i) => ({
        ...pair,
        count: counts[i]?.count ?? 0,
        count_is_estimate: counts[i]?.estimate ?? false,
      }))
      .filter((detail) => detail.count > 0);
    return { alert_details };
  });
}

// Spec 1 §7 fields/export-json/?active_kind=: the attribute catalogue of the kind's definition, its
// status choices named in the reader's language (issue 14).
export function fieldsExport(ctx: UserContext, kindId: number): Promise<FieldsExport> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const kind = await kindOr404(tx, ctx.tenant.id, kindId);
    const results = catalogueForDefinition(kind.definition, readerLocale(ctx));
    return { results, count: results.length };
  });
}

// Spec 1 §7 extra-json/user_group_list/: the tenant's groups by name, paged.
export function userGroupList(ctx: UserContext, page: PageQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await userGroupsPage(tx, page);
    return { rows: rows.map((r) => ({ id: Number(r.id), name: r.name })), count };
  });
}
