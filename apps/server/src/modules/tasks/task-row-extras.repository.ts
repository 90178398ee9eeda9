import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { type PageNames, taskRowNamesRepository } from './task-row-names.repository.js';

// What a page's rows show beyond open_tasks, in two queries for the whole page (the page's keys as
// two parallel arrays), each part by its key's index: never one query per row. The first joins
// only the page's keys, the workflow and the step, with the step's assignees (ids), its open alerts
// and the viewer's follow-up as subqueries; the second reads the names of the page's distinct
// kinds, statuses, places, people and groups. The same as one query with a subquery per name for
// every row spent 3-4 ms planning and as long running at the bench seed (twelve joins: 7 ms
// planning); small lookups once per page plan and run in a fraction of that.

export type PageKeys = { tenantId: string; workflowIds: readonly string[]; stepTags: readonly string[] };

export type TaskAssigneeName = { user_id: string | null; group_id: string | null; name: string };

export type TaskExtrasRow = {
  workflow_id: string;
  step_tag: string;
  workflow_name: string;
  definition_id: string;
  is_locked: boolean;
  kind_id: string;
  kind_tag: string;
  kind_name: string;
  status_id: string | null;
  status_name: string | null;
  status_color: string | null;
  region_id: string;
  region_name: string;
  business_unit_id: string | null;
  business_unit_name: string | null;
  // The step's people (by name, else e-mail) and groups, oldest first.
  assignees: TaskAssigneeName[];
  // Open alerts raised on the step, and the strongest label: R before A before G.
  alert_count: number;
  alert_color: string | null;
  // The viewer's follow-up date, YYYY-MM-DD.
  follow_up_on: string | null;
};

type RawAssignee = { user_id: number | null; group_id: number | null };

type NamedFields =
  | 'kind_tag'
  | 'kind_name'
  | 'status_name'
  | 'status_color'
  | 'region_name'
  | 'business_unit_name';

type PageRow = Omit<TaskExtrasRow, NamedFields | 'assignees'> & { assignees: RawAssignee[] | null };

type IdAssignee = { user_id: string | null; group_id: string | null };

// A row with its names, as the one-query form answered them: null for a status or unit the
// workflow has none of (or one gone), an empty name for an assignee whose row is gone.
function withNames(row: Omit<PageRow, 'assignees'> & { assignees: IdAssignee[] }, names: PageNames) {
  const kind = names.kind.get(row.kind_id);
  const status = row.status_id === null ? undefined : names.status.get(row.status_id);
  const unit = row.business_unit_id === null ? undefined : names.unit.get(row.business_unit_id);
  return {
    ...row,
    kind_tag: kind?.code ?? '',
    kind_name: kind?.name ?? '',
    status_name: status?.name ?? null,
    status_color: status?.code ?? null,
    region_name: names.region.get(row.region_id)?.name ?? '',
    business_unit_name: unit?.name ?? null,
    assignees: row.assignees.map((a) => ({
      ...a,
      name:
        (a.user_id === null
          ? a.group_id === null
            ? undefined
            : names.group.get(a.group_id)?.name
          : names.user.get(a.user_id)?.name) ?? '',
    })),
  } satisfies TaskExtrasRow;
}

export const taskRowExtrasRepository = {
  // The workflow, its step's lock, kind, status (in the reader's language), region and unit, the
  // step's assignees, its open alerts and the viewer's follow-up date.
  async pageExtras(tx: Tx, keys: PageKeys, locale: string, viewerId: string): Promise<TaskExtrasRow[]> {
    if (keys.workflowIds.length === 0) return [];
    const result = await sql<PageRow>`
      select k.workflow_id, k.step_tag, w.name as workflow_name, w.definition_id,
        (w.is_locked or s.is_locked) as is_locked,
        w.kind_id, w.status_id, w.region_id, w.business_unit_id,
        (select json_agg(json_build_object('user_id', su.user_id, 'group_id', su.group_id) order by su.id)
          from workflow_step_users su
          where su.tenant_id = w.tenant_id and su.workflow_id = w.id and su.step_tag = k.step_tag) as assignees,
        coalesce(alerts.alert_count, 0)::int as alert_count, alerts.alert_color,
        (select to_char(f.follow_up_on, 'YYYY-MM-DD') from task_follow_ups f
          where f.tenant_id = w.tenant_id and f.user_id = ${viewerId} and f.workflow_id = w.id
            and f.step_tag = k.step_tag) as follow_up_on
      from unnest(${keys.workflowIds}::bigint[], ${keys.stepTags}::text[]) as k (workflow_id, step_tag)
      join workflows w on w.tenant_id = ${keys.tenantId} and w.id = k.workflow_id
      join workflow_steps s on s.tenant_id = w.tenant_id and s.workflow_id = w.id and s.step_tag = k.step_tag
      left join lateral (
        select count(*) as alert_count,
          (array_agg(a.cat_color_label order by position(a.cat_color_label in 'RAG')))[1] as alert_color
        from workflow_alerts a
        where a.tenant_id = w.tenant_id and a.workflow_id = w.id and a.step_tag = k.step_tag
          and a.resolved_at is null
      ) alerts on true`.execute(tx);
    const rows = result.rows.map((row) => ({
      ...row,
      assignees: (row.assignees ?? []).map((a) => ({
        user_id: a.user_id === null ? null : String(a.user_id),
        group_id: a.group_id === null ? null : String(a.group_id),
      })),
    }));
    if (rows.length === 0) return [];
    const people = rows.flatMap((r) => r.assignees);
    const names = await taskRowNamesRepository.namesOf(
      tx,
      keys.tenantId,
      {
        kinds: rows.map((r) => r.kind_id),
        statuses: rows.flatMap((r) => (r.status_id === null ? [] : [r.status_id])),
        regions: rows.map((r) => r.region_id),
        units: rows.flatMap((r) => (r.business_unit_id === null ? [] : [r.business_unit_id])),
        users: people.flatMap((p) => (p.user_id === null ? [] : [p.user_id])),
        groups: people.flatMap((p) => (p.group_id === null ? [] : [p.group_id])),
      },
      locale,
    );
    return rows.map((row) => withNames(row, names));
  },
};
