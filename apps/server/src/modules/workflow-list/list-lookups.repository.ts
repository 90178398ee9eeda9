import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { PREPARED } from '../../db/prepared-statements.js';
import { statementTemplate } from '../../db/statement-template.js';
import { localizedColumn } from '../../platform/reader-locale.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { visibleWorkflowsFilter } from '../workflows/index.js';

// The names and details a page of the list shows beside its rows, read by id for the whole page in
// one statement: each kind of detail is a JSON array of its rows (ids as text, as the driver reads
// bigint; numbers as text, as it reads numeric).

const MAX_FAMILY_DEPTH = 10;

export type PageLookupKeys = {
  tenantId: string;
  userId: string;
  locale: string;
  workflowIds: readonly string[];
  statusIds: readonly string[];
  kindIds: readonly string[];
  regionIds: readonly string[];
  unitIds: readonly string[];
  peopleIds: readonly string[];
  // The page's workflows that have a parent: their ancestors the user may see are named.
  withParentIds: readonly string[];
  // The fields whose current answers are shown.
  fieldTags: readonly string[];
};

export type StatusRow = { id: string; tag: string; display_name: string; color_code: string };
export type KindNameRow = { id: string; name: string; tag: string };
export type NamedRow = { id: string; name: string };
export type PersonRow = { id: string; first_name: string; last_name: string; email: string };
export type OpenAlertRow = {
  id: string;
  workflow_id: string;
  field_tag: string | null;
  step_tag: string;
  step_group_tag: string;
  cat_color_label: 'R' | 'A' | 'G';
  alert_tag: string;
};
export type AnswerValueRow = {
  workflow_id: string;
  field_tag: string;
  text_value: string | null;
  number_value: string | null;
  date_value: string | null;
};
export type BadgeRow = { workflow_id: string; tag: string; label: string; colour: string; icon: string };
// One visible ancestor of a workflow: `id` is `depth` generations above `child_id`.
export type FamilyLinkRow = { child_id: string; id: string; depth: number; name: string };

export type PageLookups = {
  statuses: StatusRow[];
  kinds: KindNameRow[];
  regions: NamedRow[];
  units: NamedRow[];
  people: PersonRow[];
  alerts: OpenAlertRow[];
  answers: AnswerValueRow[];
  family: FamilyLinkRow[];
  badges: BadgeRow[];
};

const text = (column: string) => sql<string>`${sql.ref(column)}::text`;
const anyOf = (column: string, values: readonly string[], type: 'bigint' | 'text' = 'bigint') =>
  sql<SqlBool>`${sql.ref(column)} = any(${[...values]}::${sql.raw(type)}[])`;

// The ancestors (up to MAX_FAMILY_DEPTH generations) of the given workflows that the user may see;
// a hidden one is left out, as naming it would leak it.
function visibleAncestors(tx: Tx, tenantId: string, userId: string, workflowIds: readonly string[]) {
  const up = sql<{ child_id: string; id: string; depth: number }>`(
    with recursive up (child_id, id, depth) as (
      select w.id, w.parent_id, 1 from workflows w
      where w.tenant_id = ${tenantId} and w.id = any(${[...workflowIds]}::bigint[])
      union all
      select up.child_id, p.parent_id, up.depth + 1 from up
      join workflows p on p.tenant_id = ${tenantId} and p.id = up.id
      where p.parent_id is not null and up.depth < ${MAX_FAMILY_DEPTH}
    )
    select child_id, id, depth from up)`;
  return tx
    .selectFrom(up.as('up'))
    .innerJoin('workflows as w', (join) => join.on('w.tenant_id', '=', tenantId).onRef('w.id', '=', 'up.id'))
    .select([text('up.child_id').as('child_id'), text('up.id').as('id'), 'up.depth', 'w.name'])
    .where(visibleWorkflowsFilter(userId));
}

// What changes the lookups' text: the reader's locale (its labels' fallback order is written into
// it), and whether the page shows answers and has workflows with a parent.
type LookupShape = { locale: string; answers: boolean; family: boolean };
type LookupValues = Omit<PageLookupKeys, 'locale'>;

const none = <T>() => sql<T[]>`'[]'::json`;

export async function pageLookups(tx: Tx, keys: PageLookupKeys): Promise<PageLookups> {
  const { locale, ...values } = keys;
  const shape = { locale, answers: keys.fieldTags.length > 0, family: keys.withParentIds.length > 0 };
  const { rows } = await tx.executeQuery<PageLookups>(lookupsStatement(tx, shape, values));
  if (!rows[0]) throw new Error('The page lookups read no row');
  return rows[0];
}

// Built and compiled once per shape (statement-template.ts), sent as a prepared statement.
const lookupsStatement = statementTemplate(
  {
    tenantId: 'value',
    userId: 'value',
    workflowIds: 'list',
    statusIds: 'list',
    kindIds: 'list',
    regionIds: 'list',
    unitIds: 'list',
    peopleIds: 'list',
    withParentIds: 'list',
    fieldTags: 'list',
  },
  lookupsQuery,
);

function lookupsQuery(tx: Tx, keys: LookupValues, shape: LookupShape) {
  const answers: RawBuilder<AnswerValueRow[]> = !shape.answers
    ? none()
    : jsonArrayFrom(
        tx
          .selectFrom('workflow_responses')
          .select([text('workflow_id').as('workflow_id'), 'field_tag', 'text_value'])
          .select(text('number_value').as('number_value'))
          .select(sql<string | null>`to_char(date_value, 'YYYY-MM-DD')`.as('date_value'))
          .where(anyOf('workflow_id', keys.workflowIds))
          .where(anyOf('field_tag', keys.fieldTags, 'text'))
          .where('is_current', '=', true),
      );
  // Read by id whatever the page: planned once per connection (prepared-statements.ts).
  return tx
    .selectNoFrom([
      jsonArrayFrom(
        tx
          .selectFrom('workflow_statuses')
          .select([text('id').as('id'), 'tag', 'color_code'])
          .select(
            localizedColumn('display_name', 'display_name_translations', shape.locale).as('display_name'),
          )
          .where(anyOf('id', keys.statusIds)),
      ).as('statuses'),
      jsonArrayFrom(
        tx
          .selectFrom('workflow_kinds')
          .select([text('id').as('id'), 'name', 'tag'])
          .where(anyOf('id', keys.kindIds)),
      ).as('kinds'),
      jsonArrayFrom(
        tx
          .selectFrom('regions')
          .select([text('id').as('id'), 'name'])
          .where(anyOf('id', keys.regionIds)),
      ).as('regions'),
      jsonArrayFrom(
        tx
          .selectFrom('business_units')
          .select([text('id').as('id'), 'name'])
          .where(anyOf('id', keys.unitIds)),
      ).as('units'),
      jsonArrayFrom(
        tx
          .selectFrom('users')
          .select([text('id').as('id'), 'first_name', 'last_name', 'email'])
          .where(anyOf('id', keys.peopleIds)),
      ).as('people'),
      // The unresolved alerts, oldest first.
      jsonArrayFrom(
        tx
          .selectFrom('workflow_alerts')
          .select([text('id').as('id'), text('workflow_id').as('workflow_id')])
          .select(['field_tag', 'step_tag', 'step_group_tag', 'cat_color_label', 'alert_tag'])
          .where(anyOf('workflow_id', keys.workflowIds))
          .where('resolved_at', 'is', null)
          .orderBy('id'),
      ).as('alerts'),
      answers.as('answers'),
      // Issue 19: the live badges the page's workflows hold (workflow_badges), labelled for the reader.
      jsonArrayFrom(
        tx
          .selectFrom('workflow_badges as wb')
          .innerJoin('badge_definitions as d', (join) =>
            join.onRef('d.tenant_id', '=', 'wb.tenant_id').onRef('d.id', '=', 'wb.badge_id'),
          )
          .select([text('wb.workflow_id').as('workflow_id'), 'd.tag', 'd.colour', 'd.icon'])
          .select(localizedColumn('d.label', 'd.label_translations', shape.locale).as('label'))
          .where(anyOf('wb.workflow_id', keys.workflowIds))
          .where('d.archived_at', 'is', null)
          .orderBy('d.tag'),
      ).as('badges'),
      (!shape.family
        ? none<FamilyLinkRow>()
        : jsonArrayFrom(visibleAncestors(tx, keys.tenantId, keys.userId, keys.withParentIds))
      ).as('family'),
    ])
    .modifyFront(PREPARED);
}
