import type { AvailableStatus, PageQuery, WorkflowKind } from '@attest/shared';
import { readerLocale } from '../../platform/reader-locale.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { workflowKindsRepository } from './workflow-kinds.repository.js';

type StatusRow = { id: string; tag: string; display_name: string; color_code: string };

export function toAvailableStatus(row: StatusRow): AvailableStatus {
  return { id: Number(row.id), tag: row.tag, display_name: row.display_name, color_code: row.color_code };
}

// Spec 1 §3 Workflow kind: the kinds a user can create and filter by, with their statuses.
export function listWorkflowKinds(ctx: UserContext, page: PageQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await workflowKindsRepository.page(tx, page);
    const statuses = await workflowKindsRepository.statusesOfKinds(
      tx,
      rows.map((r) => r.id),
      readerLocale(ctx),
    );
    const results: WorkflowKind[] = rows.map((kind) => ({
      id: Number(kind.id),
      tag: kind.tag,
      name: kind.name,
      icon: kind.icon,
      features: kind.features,
      is_sorting_field_enabled: kind.is_sorting_field_enabled,
      is_related_kind: kind.is_related_kind,
      available_statuses: statuses.filter((s) => s.kind_id === kind.id).map(toAvailableStatus),
      // Filled by the dashboard's filters (issue 5).
      field_tags_for_filter: [],
      current_version: kind.version,
    }));
    return { rows: results, count };
  });
}

// Spec 1 §3 Available status, for the status filter; optionally of one kind.
export function listAvailableStatuses(ctx: UserContext, query: PageQuery & { kind_id?: number }) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await workflowKindsRepository.statusesPage(tx, {
      kindId: query.kind_id === undefined ? undefined : String(query.kind_id),
      locale: readerLocale(ctx),
      limit: query.limit,
      offset: query.offset,
    });
    return { rows: rows.map(toAvailableStatus), count };
  });
}
