import { sql } from 'kysely';
import { localizedColumn } from '../../platform/reader-locale.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { visibleWorkflowsFilter } from '../workflows/index.js';

// The names and details a page of the list shows beside its rows, read by id for the whole page.

const MAX_FAMILY_DEPTH = 10;

// One ancestor of a workflow: `id` is `depth` generations above `child_id`.
export type FamilyLinkRow = { child_id: string; id: string; depth: number };

export async function ancestorLinks(
  tx: Tx,
  tenantId: string,
  workflowIds: readonly string[],
): Promise<FamilyLinkRow[]> {
  const chain = await sql<FamilyLinkRow>`
    with recursive up (child_id, id, depth) as (
      select w.id, w.parent_id, 1 from workflows w
      where w.tenant_id = ${tenantId} and w.id in (${sql.join(workflowIds.map((id) => sql`cast(${id} as bigint)`))})
      union all
      select up.child_id, p.parent_id, up.depth + 1 from up
      join workflows p on p.tenant_id = ${tenantId} and p.id = up.id
      where p.parent_id is not null and up.depth < ${MAX_FAMILY_DEPTH}
    )
    select child_id, id, depth from up`.execute(tx);
  return chain.rows;
}

export type WorkflowNameRow = { id: string; name: string };

// Of the given workflows, those the user may see.
export function visibleWorkflowNames(
  tx: Tx,
  userId: string,
  ids: readonly string[],
): Promise<WorkflowNameRow[]> {
  return tx
    .selectFrom('workflows as w')
    .select(['w.id', 'w.name'])
    .where('w.id', 'in', [...ids])
    .where(visibleWorkflowsFilter(userId))
    .execute();
}

export type StatusRow = { id: string; tag: string; display_name: string; color_code: string };

// Named in the reader's language (issue 14).
export function statusesByIds(tx: Tx, ids: readonly string[], locale: string): Promise<StatusRow[]> {
  return tx
    .selectFrom('workflow_statuses')
    .select(['id', 'tag', 'color_code'])
    .select(localizedColumn('display_name', 'display_name_translations', locale).as('display_name'))
    .where('id', 'in', [...ids])
    .execute();
}

export type KindNameRow = { id: string; name: string; tag: string };

export function kindsByIds(tx: Tx, ids: readonly string[]): Promise<KindNameRow[]> {
  return tx
    .selectFrom('workflow_kinds')
    .select(['id', 'name', 'tag'])
    .where('id', 'in', [...ids])
    .execute();
}

export type NamedRow = { id: string; name: string };

export function regionsByIds(tx: Tx, ids: readonly string[]): Promise<NamedRow[]> {
  return tx
    .selectFrom('regions')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
}

export function businessUnitsByIds(tx: Tx, ids: readonly string[]): Promise<NamedRow[]> {
  return tx
    .selectFrom('business_units')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
}

export type PersonRow = { id: string; first_name: string; last_name: string; email: string };

export function peopleByIds(tx: Tx, ids: readonly string[]): Promise<PersonRow[]> {
  return tx
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', 'in', [...ids])
    .execute();
}

export type OpenAlertRow = {
  id: string;
  workflow_id: string;
  field_tag: string | null;
  step_tag: string;
  step_group_tag: string;
  cat_color_label: 'R' | 'A' | 'G';
  alert_tag: string;
};

// The unresolved alerts of the given workflows, oldest first.
export function openAlertsOf(tx: Tx, workflowIds: readonly string[]): Promise<OpenAlertRow[]> {
  return tx
    .selectFrom('workflow_alerts')
    .select(['id', 'workflow_id', 'field_tag', 'step_tag', 'step_group_tag', 'cat_color_label', 'alert_tag'])
    .where('workflow_id', 'in', [...workflowIds])
    .where('resolved_at', 'is', null)
    .orderBy('id')
    .execute();
}

export type AnswerValueRow = {
  workflow_id: string;
  field_tag: string;
  text_value: string | null;
  number_value: number | null;
  date_value: string | null;
};

// The current answers of the given workflows to the given fields.
export function currentAnswerValues(
  tx: Tx,
  workflowIds: readonly string[],
  fieldTags: readonly string[],
): Promise<AnswerValueRow[]> {
  return (
    tx
      .selectFrom('workflow_responses')
      .select(['workflow_id', 'field_tag', 'text_value', 'number_value'])
      // As text: the driver would read a date column as a Date at local midnight.
      .select(sql<string | null>`to_char(date_value, 'YYYY-MM-DD')`.as('date_value'))
      .where('workflow_id', 'in', [...workflowIds])
      .where('field_tag', 'in', [...fieldTags])
      .where('is_current', '=', true)
      .execute()
  );
}
