import { sql } from 'kysely';
import { localizedColumn } from '../../platform/reader-locale.js';
import type { Tx } from '../../platform/tenant-transaction.js';

// What a page's rows show beyond open_tasks, read in one query for the whole page (the page's keys
// as two parallel arrays), each part by its key's index: never one query per row. Only the page's
// keys, the workflow and the step are joined; the rest are subqueries in the select list, each
// planned on its own: the same query as twelve joins spent about as long in the planner (7 ms at the
// bench seed) as in running.

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

type RawAssignee = { user_id: number | null; group_id: number | null; name: string | null };

export const taskRowExtrasRepository = {
  // The workflow, its step's lock, kind, status (in the reader's language), region and unit, the
  // step's assignees, its open alerts and the viewer's follow-up date.
  async pageExtras(tx: Tx, keys: PageKeys, locale: string, viewerId: string): Promise<TaskExtrasRow[]> {
    if (keys.workflowIds.length === 0) return [];
    const statusName = localizedColumn(
      sql.ref('st.display_name'),
      sql.ref('st.display_name_translations'),
      locale,
    );
    const result = await sql<Omit<TaskExtrasRow, 'assignees'> & { assignees: RawAssignee[] | null }>`
      select k.workflow_id, k.step_tag, w.name as workflow_name, w.definition_id,
        (w.is_locked or s.is_locked) as is_locked,
        w.kind_id,
        (select wk.tag from workflow_kinds wk where wk.tenant_id = w.tenant_id and wk.id = w.kind_id) as kind_tag,
        (select wk.name from workflow_kinds wk where wk.tenant_id = w.tenant_id and wk.id = w.kind_id) as kind_name,
        w.status_id,
        (select ${statusName} from workflow_statuses st where st.tenant_id = w.tenant_id and st.id = w.status_id) as status_name,
        (select st.color_code from workflow_statuses st where st.tenant_id = w.tenant_id and st.id = w.status_id) as status_color,
        w.region_id,
        (select r.name from regions r where r.tenant_id = w.tenant_id and r.id = w.region_id) as region_name,
        w.business_unit_id,
        (select bu.name from business_units bu where bu.tenant_id = w.tenant_id and bu.id = w.business_unit_id)
          as business_unit_name,
        (select json_agg(json_build_object('user_id', su.user_id, 'group_id', su.group_id,
            'name', case when su.user_id is null then g.name
              else coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) end)
          order by su.id)
        from workflow_step_users su
        left join users u on u.tenant_id = su.tenant_id and u.id = su.user_id
        left join groups g on g.tenant_id = su.tenant_id and g.id = su.group_id
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
    return result.rows.map((row) => ({
      ...row,
      assignees: (row.assignees ?? []).map((a) => ({
        user_id: a.user_id === null ? null : String(a.user_id),
        group_id: a.group_id === null ? null : String(a.group_id),
        name: a.name ?? '',
      })),
    }));
  },
};
