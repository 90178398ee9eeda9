import {
  attributeTypeOfField,
  type BadgeChip,
  type BadgeIcon,
  type FieldDefinition,
  flattenSteps,
  isAnswerable,
  LC_FIELD_COUNT,
  type LcDataItem,
  listRank,
  type WorkflowDefinition,
  type WorkflowListItem,
} from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import { loadDefinition } from '../workflows/index.js';
import type { ListRow } from './list.repository.js';
import { type FamilyLinkRow, pageLookups } from './list-lookups.repository.js';

// The lc_data columns (spec 1 §3), ours: the place and the creator, then the kind's list_columns
// (issue 15) or else the definition's first LC_FIELD_COUNT required answerable fields, each only
// when answered.

type Lookups = {
  statuses: Map<string, { tag: string; display_name: string; color_code: string }>;
  kinds: Map<string, { name: string; tag: string }>;
  regions: Map<string, string>;
  units: Map<string, string>;
  people: Map<string, { name: string; email: string }>;
  alerts: Map<string, WorkflowListItem['alerts']>;
  badges: Map<string, BadgeChip[]>;
  parents: Map<string, WorkflowListItem['workflow_family']>;
  answers: Map<string, Map<string, Answer>>;
  definitions: Map<string, WorkflowDefinition>;
};

function definitionFields(definition: WorkflowDefinition) {
  return flattenSteps(definition).flatMap((step) => step.fields);
}

// A definition's list columns, worked out once: loadDefinition keeps each published definition as
// one object, and every row of every page asks.
const lcFieldsOf = new WeakMap<WorkflowDefinition, FieldDefinition[]>();

function lcFields(definition: WorkflowDefinition): FieldDefinition[] {
  const known = lcFieldsOf.get(definition);
  if (known) return known;
  const listable = (field: FieldDefinition) => isAnswerable(field.type) && attributeTypeOfField(field.type);
  let fields: FieldDefinition[];
  if (definition.list_columns) {
    const byTag = new Map(definitionFields(definition).map((field) => [field.tag, field]));
    fields = definition.list_columns
      .map((tag) => byTag.get(tag))
      .filter((field): field is FieldDefinition => field !== undefined && Boolean(listable(field)))
      .slice(0, LC_FIELD_COUNT);
  } else {
    fields = definitionFields(definition)
      .filter((field) => field.required && listable(field))
      .slice(0, LC_FIELD_COUNT);
  }
  lcFieldsOf.set(definition, fields);
  return fields;
}

// The kind's sorting field (issue 15), shown as sorting_primary_field while the list is in its
// default order; its answers are loaded with the lc_data ones.
function sortingField(definition: WorkflowDefinition | undefined) {
  if (definition?.sorting_field === undefined) return undefined;
  return definitionFields(definition).find((field) => field.tag === definition.sorting_field);
}

// Each row's visible ancestors, farthest first (a hidden one is never named: it would leak).
function familyOf(links: readonly FamilyLinkRow[]) {
  const parents = new Map<string, WorkflowListItem['workflow_family']>();
  for (const link of [...links].sort((a, b) => b.depth - a.depth)) {
    const list = parents.get(link.child_id) ?? [];
    list.push({ id: Number(link.id), name: link.name, relation: 'parent' });
    parents.set(link.child_id, list);
  }
  return parents;
}

// defaultOrder: the list is in its default ordering, so a kind's sorting_field names its rows.
type ListContext = { tenantId: string; userId: string; locale: string; defaultOrder?: boolean };

async function lookups(
  tx: Tx,
  { tenantId, userId, locale, defaultOrder }: ListContext,
  rows: readonly ListRow[],
): Promise<Lookups> {
  const ids = rows.map((r) => r.id);
  const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))];
  const definitionIds = distinct(rows.map((r) => r.definition_id));
  const definitions = new Map<string, WorkflowDefinition>();
  for (const id of definitionIds) definitions.set(id, await loadDefinition(tx, tenantId, id));
  const lcTags = [
    ...new Set(
      [...definitions.values()].flatMap((d) => [
        ...lcFields(d).map((f) => f.tag),
        ...(defaultOrder && d.sorting_field !== undefined ? [d.sorting_field] : []),
      ]),
    ),
  ];
  const { statuses, kinds, regions, units, people, alerts, answers, family, badges } = await pageLookups(tx, {
    tenantId,
    userId,
    locale,
    workflowIds: ids,
    statusIds: distinct(rows.map((r) => r.status_id)),
    kindIds: distinct(rows.map((r) => r.kind_id)),
    regionIds: distinct(rows.map((r) => r.region_id)),
    unitIds: distinct(rows.map((r) => r.business_unit_id)),
    peopleIds: distinct(rows.map((r) => r.created_by)),
    withParentIds: rows.filter((r) => r.parent_id !== null).map((r) => r.id),
    fieldTags: lcTags,
  });
  const alertMap = new Map<string, WorkflowListItem['alerts']>();
  for (const a of alerts) {
    const list = alertMap.get(a.workflow_id) ?? [];
    list.push({
      id: Number(a.id),
      field_id: a.field_tag,
      step_id: a.step_tag,
      step_group_id: a.step_group_tag,
      workflow_id: Number(a.workflow_id),
      cat_color_label: a.cat_color_label,
      alert_tag: a.alert_tag,
    });
    alertMap.set(a.workflow_id, list);
  }
  const badgeMap: Lookups['badges'] = new Map();
  for (const b of badges) {
    const list = badgeMap.get(b.workflow_id) ?? [];
    list.push({ tag: b.tag, label: b.label, colour: b.colour, icon: b.icon as BadgeIcon });
    badgeMap.set(b.workflow_id, list);
  }
  const answerMap: Lookups['answers'] = new Map();
  for (const a of answers) {
    const map = answerMap.get(a.workflow_id) ?? new Map();
    map.set(a.field_tag, {
      text: a.text_value,
      number: a.number_value,
      date: a.date_value,
    });
    answerMap.set(a.workflow_id, map);
  }
  return {
    statuses: new Map(statuses.map((s) => [s.id, s])),
    kinds: new Map(kinds.map((k) => [k.id, k])),
    regions: new Map(regions.map((r) => [r.id, r.name])),
    units: new Map(units.map((u) => [u.id, u.name])),
    people: new Map(
      people.map((p) => [p.id, { name: `${p.first_name} ${p.last_name}`.trim() || p.email, email: p.email }]),
    ),
    alerts: alertMap,
    badges: badgeMap,
    parents: familyOf(family),
    answers: answerMap,
    definitions,
  };
}

type Answer = { text: string | null; number: string | null; date: string | null };

// An answer's value as the list shows it: dates and numbers from their typed column.
function answerValue(field: FieldDefinition, answer: Answer): string | null {
  const type = attributeTypeOfField(field.type);
  if (type === 'date' || type === 'naive_date') return answer.date;
  if (type === 'integer' || type === 'decimal') return answer.number ?? answer.text;
  return answer.text;
}

function sortingPrimaryField(row: ListRow, l: Lookups, defaultOrder: boolean | undefined): string | null {
  const field = defaultOrder ? sortingField(l.definitions.get(row.definition_id)) : undefined;
  if (!field) return row.sort_value;
  const answer = l.answers.get(row.id)?.get(field.tag);
  return answer ? answerValue(field, answer) : null;
}

function lcData(row: ListRow, l: Lookups): LcDataItem[] {
  const fixed = (key: string, value: string | null, display: LcDataItem['display_type']): LcDataItem => ({
    key,
    value,
    label: null,
    translated_label: `dashboard.columns.${key}`,
    display_type: display,
    format: null,
  });
  const creator = row.created_by ? l.people.get(row.created_by) : undefined;
  const items: LcDataItem[] = [
    fixed('region', l.regions.get(row.region_id) ?? null, 'place'),
    fixed(
      'business_unit',
      row.business_unit_id ? (l.units.get(row.business_unit_id) ?? null) : null,
      'place',
    ),
    fixed('created_by', creator?.name ?? null, 'user'),
  ];
  const definition = l.definitions.get(row.definition_id);
  const answers = l.answers.get(row.id);
  for (const field of definition ? lcFields(definition) : []) {
    const answer = answers?.get(field.tag);
    if (!answer) continue;
    const type = attributeTypeOfField(field.type);
    const date = type === 'date' || type === 'naive_date';
    const number = type === 'integer' || type === 'decimal';
    // Choices show their option's label, not the stored value.
    const option = field.options?.find((o) => o.value === answer.text);
    items.push({
      key: field.tag,
      value: option?.label ?? answerValue(field, answer),
      label: field.label,
      translated_label: null,
      display_type: date
        ? 'date'
        : number
          ? 'number'
          : type === 'boolean'
            ? 'boolean'
            : option
              ? 'choice'
              : 'text',
      format: date ? 'YYYY-MM-DD' : null,
    });
  }
  return items;
}

// The list items of a page (spec 1 §3), with their rank (spec 1 §4).
export async function listItems(
  tx: Tx,
  context: ListContext,
  rows: readonly ListRow[],
  rank: { offset: number; count: number; descending: boolean },
): Promise<WorkflowListItem[]> {
  if (rows.length === 0) return [];
  const l = await lookups(tx, context, rows);
  return rows.map((row, index) => {
    const status = l.statuses.get(row.status_id);
    const kind = l.kinds.get(row.kind_id);
    return {
      id: Number(row.id),
      name: row.name,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      sorting_primary_field: sortingPrimaryField(row, l, context.defaultOrder),
      lc_data: lcData(row, l),
      workflow_family: [
        ...(l.parents.get(row.id) ?? []),
        { id: Number(row.id), name: row.name, relation: 'self' },
      ],
      alerts: l.alerts.get(row.id) ?? [],
      badges: l.badges.get(row.id) ?? [],
      status: {
        id: Number(row.status_id),
        tag: status?.tag ?? '',
        display_name: status?.display_name ?? '',
        color_code: status?.color_code ?? '',
      },
      progress: row.progress,
      kind: { id: Number(row.kind_id), name: kind?.name ?? '', tag: kind?.tag ?? '' },
      region: { id: Number(row.region_id), name: l.regions.get(row.region_id) ?? '' },
      business_unit: row.business_unit_id
        ? { id: Number(row.business_unit_id), name: l.units.get(row.business_unit_id) ?? '' }
        : null,
      test_environment: row.test_environment,
      rank: listRank({ offset: rank.offset, index, count: rank.count, descending: rank.descending }),
    };
  });
}
