import { sql } from 'kysely';
import { localizedColumn } from '../../platform/reader-locale.js';
import type { Tx } from '../../platform/tenant-transaction.js';

// What a page's rows show beyond open_tasks, each read in one query for the whole page (the page's
// keys as two parallel arrays), never one per row.

export type PageKeys = { tenantId: string; workflowIds: readonly string[]; stepTags: readonly string[] };

export type TaskWorkflowRow = {
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
};

export type TaskAssigneeNameRow = {
  workflow_id: string;
  step_tag: string;
  user_id: string | null;
  group_id: string | null;
  name: string;
};

export type TaskAlertRow = { workflow_id: string; step_tag: string; alert_count: string; strongest: string };

export type TaskFollowUpRow = { workflow_id: string; step_tag: string; follow_up_on: string };

const keysOf = (keys: PageKeys) =>
  sql`unnest(${keys.workflowIds}::bigint[], ${keys.stepTags}::text[]) as k (workflow_id, step_tag)`;

export const taskRowExtrasRepository = {
  // The workflow, its step's lock, kind, status (in the reader's language), region and unit.
  async workflows(tx: Tx, keys: PageKeys, locale: string): Promise<TaskWorkflowRow[]> {
    const statusName = localizedColumn(
      sql.ref('st.display_name'),
      sql.ref('st.display_name_translations'),
      locale,
    );
    const result = await sql<TaskWorkflowRow>`select k.workflow_id, k.step_tag, w.name as workflow_name,
        w.definition_id, (w.is_locked or s.is_locked) as is_locked,
        w.kind_id, wk.tag as kind_tag, wk.name as kind_name,
        st.id as status_id, ${statusName} as status_name, st.color_code as status_color,
        w.region_id, r.name as region_name, w.business_unit_id, bu.name as business_unit_name
      from ${keysOf(keys)}
      join workflows w on w.tenant_id = ${keys.tenantId} and w.id = k.workflow_id
      join workflow_steps s on s.tenant_id = w.tenant_id and s.workflow_id = w.id and s.step_tag = k.step_tag
      join workflow_kinds wk on wk.tenant_id = w.tenant_id and wk.id = w.kind_id
      left join workflow_statuses st on st.tenant_id = w.tenant_id and st.id = w.status_id
      join regions r on r.tenant_id = w.tenant_id and r.id = w.region_id
      left join business_units bu on bu.tenant_id = w.tenant_id and bu.id = w.business_unit_id`.execute(tx);
    return result.rows;
  },

  // Every assignee of the page's steps, people by name (else e-mail) and groups by name, oldest first.
  async assignees(tx: Tx, keys: PageKeys): Promise<TaskAssigneeNameRow[]> {
    const result = await sql<TaskAssigneeNameRow>`select su.workflow_id, su.step_tag, su.user_id, su.group_id,
        case when su.user_id is null then g.name
          else coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) end as name
      from ${keysOf(keys)}
      join workflow_step_users su on su.tenant_id = ${keys.tenantId} and su.workflow_id = k.workflow_id
        and su.step_tag = k.step_tag
      left join users u on u.tenant_id = su.tenant_id and u.id = su.user_id
      left join groups g on g.tenant_id = su.tenant_id and g.id = su.group_id
      order by su.id`.execute(tx);
    return result.rows;
  },

  // Open alerts raised on each step, with the strongest colour: R before A before G.
  async alerts(tx: Tx, keys: PageKeys): Promise<TaskAlertRow[]> {
    const result = await sql<TaskAlertRow>`select a.workflow_id, a.step_tag, count(*) as alert_count,
        (array_agg(a.cat_color_label order by position(a.cat_color_label in 'RAG')))[1] as strongest
      from ${keysOf(keys)}
      join workflow_alerts a on a.tenant_id = ${keys.tenantId} and a.workflow_id = k.workflow_id
        and a.step_tag = k.step_tag and a.resolved_at is null
      group by a.workflow_id, a.step_tag`.execute(tx);
    return result.rows;
  },

  // The viewer's follow-up dates, as YYYY-MM-DD.
  async followUps(tx: Tx, keys: PageKeys, userId: string): Promise<TaskFollowUpRow[]> {
    const result = await sql<TaskFollowUpRow>`select f.workflow_id, f.step_tag,
        to_char(f.follow_up_on, 'YYYY-MM-DD') as follow_up_on
      from ${keysOf(keys)}
      join task_follow_ups f on f.tenant_id = ${keys.tenantId} and f.user_id = ${userId}
        and f.workflow_id = k.workflow_id and f.step_tag = k.step_tag`.execute(tx);
    return result.rows;
  },
};
