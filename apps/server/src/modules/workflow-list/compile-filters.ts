import type {
  AttributeType,
  ConditionGroup,
  FilterAttribute,
  FilterCondition,
  StepAttribute,
  WorkflowAttribute,
} from '@attest/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import {
  positivePredicate,
  resolveCondition,
  splitNegation,
  typedAnswerColumn,
  type ValueKind,
} from './filter-predicates.js';

// The advanced filter compiler (spec 1 §3, §5): one validated condition group becomes one SQL
// boolean over `workflows as w`. Attribute paths are looked up in the catalogue and map to fixed
// column expressions; step and field tags and every value are parameters, so no filter can change
// the SQL's shape. Step, field and user attributes are EXISTS subqueries on the indexed tables;
// negated operators (not_eq, not_in, not_contains, is_empty) are NOT EXISTS of their positive
// form, so "not X" also holds where there is no value.
type Source = { expr: RawBuilder<unknown>; kind: ValueKind };

const TRUE = sql<SqlBool>`true`;
const FALSE = sql<SqlBool>`false`;

function workflowColumn(attribute: WorkflowAttribute): Source {
  switch (attribute) {
    case 'id':
      return { expr: sql`w.id`, kind: 'id' };
    case 'name':
      return { expr: sql`w.name`, kind: 'text' };
    case 'created_at':
    case 'updated_at':
    case 'cycle_start':
    case 'cycle_end':
      return { expr: sql.ref(`w.${attribute}`), kind: 'instant' };
    case 'status':
      // Status values are tags; the compiler reads the tag through the status id (see below).
      return { expr: sql`s.tag`, kind: 'text' };
    case 'region':
      return { expr: sql`w.region_id`, kind: 'id' };
    case 'business_unit':
      return { expr: sql`w.business_unit_id`, kind: 'id' };
    case 'progress':
      return { expr: sql`w.progress`, kind: 'number' };
    case 'created_by':
      return { expr: sql`w.created_by`, kind: 'id' };
    case 'cycle_time':
      return {
        expr: sql`(extract(epoch from coalesce(w.cycle_end, now()) - w.cycle_start) / 3600)`,
        kind: 'number',
      };
    case 'is_cycle_running':
      return { expr: sql`(w.cycle_end is null)`, kind: 'boolean' };
    case 'is_locked':
      return { expr: sql`w.is_locked`, kind: 'boolean' };
    // Badge values are tags; the compiler reads the workflow's live badges (see below).
    case 'badges':
      return { expr: sql`d.tag`, kind: 'text' };
  }
}

function stepColumn(attribute: Exclude<StepAttribute, 'assignee'>): Source {
  switch (attribute) {
    case 'completed_at':
    case 'initiated_at':
      return { expr: sql.ref(`st.${attribute}`), kind: 'instant' };
    case 'is_locked':
      return { expr: sql`st.is_locked`, kind: 'boolean' };
    case 'is_enabled':
      return { expr: sql`(st.state = 'enabled')`, kind: 'boolean' };
    // Open and past its SLA now.
    case 'overdue':
      return {
        expr: sql`(st.state = 'enabled' and coalesce(st.sla_breach_at < now(), false))`,
        kind: 'boolean',
      };
    // Past its SLA when it was completed, or now if still open.
    case 'is_sla_breached':
      return {
        expr: sql`coalesce(st.sla_breach_at < coalesce(st.completed_at, now()), false)`,
        kind: 'boolean',
      };
    case 'submit_count':
      return { expr: sql`st.submit_count`, kind: 'number' };
    case 'completed_by':
      return { expr: sql`st.completed_by`, kind: 'id' };
  }
}

// The column of answer row `alias` a field's type compares on.
function answerColumn(type: AttributeType, operator: FilterCondition['operator'], alias: string): Source {
  return typedAnswerColumn(type, operator, (name) => sql.ref(`${alias}.${name}`), sql.ref(`${alias}.value`));
}

// What one current answer row `alias` must hold for a condition's positive form.
function answerRow(
  condition: FilterCondition,
  attribute: FilterAttribute,
  fieldTag: string,
  alias: string,
  now: Date,
): RawBuilder<SqlBool> {
  const { operator, positive, value } = resolveCondition(condition, now);
  const column = answerColumn(attribute.type, operator, alias);
  return sql<SqlBool>`${sql.ref(`${alias}.field_tag`)} = ${fieldTag} and ${sql.ref(`${alias}.is_current`)}
    and ${positivePredicate(column.expr, column.kind, positive, value)}`;
}

function conditionSql(
  condition: FilterCondition,
  attribute: FilterAttribute,
  now: Date,
): RawBuilder<SqlBool> {
  const { positive, negated, value } = resolveCondition(condition, now);
  const source = attribute.source;
  let holds: RawBuilder<SqlBool>;
  switch (source.kind) {
    case 'workflow': {
      const column = workflowColumn(source.attribute);
      const predicate = positivePredicate(column.expr, column.kind, positive, value);
      if (source.attribute === 'badges') {
        // Issue 19: the badges a workflow holds (workflow_badges, kept by the badges module), by
        // tag; an archived badge is held by no one.
        holds = sql<SqlBool>`exists (select 1 from workflow_badges wb
          join badge_definitions d on d.tenant_id = wb.tenant_id and d.id = wb.badge_id and d.archived_at is null
          where wb.tenant_id = w.tenant_id and wb.workflow_id = w.id and ${predicate})`;
      } else if (source.attribute === 'status') {
        holds = sql<SqlBool>`w.status_id in (select s.id from workflow_statuses s where s.tenant_id = w.tenant_id and ${predicate})`;
      } else if (
        (source.attribute === 'region' || source.attribute === 'business_unit') &&
        positive === 'contains'
      ) {
        // Regions and business units are chosen by id; contains searches their names.
        const table = source.attribute === 'region' ? sql`regions` : sql`business_units`;
        const column = source.attribute === 'region' ? sql`w.region_id` : sql`w.business_unit_id`;
        holds = sql<SqlBool>`${column} in (select p.id from ${table} p where p.tenant_id = w.tenant_id and ${positivePredicate(sql`p.name`, 'text', 'contains', value)})`;
      } else if (negated) {
        // "Not X" holds where X is unknown (a null column).
        holds = sql<SqlBool>`coalesce(${predicate}, false)`;
      } else {
        // Bare, so that under row-level security the column's index still serves it: coalesce is
        // not a node PostgreSQL can prove leakproof, so a condition wrapped in it is only ever a
        // filter. Within AND and OR (no NOT above it) an unknown rejects the row as false does.
        holds = predicate;
      }
      break;
    }
    case 'step': {
      if (source.attribute === 'assignee') {
        holds = sql<SqlBool>`exists (select 1 from workflow_step_users su
          where su.tenant_id = w.tenant_id and su.workflow_id = w.id and su.step_tag = ${source.step_tag}
          and ${positivePredicate(sql`su.user_id`, 'id', positive, value)})`;
        break;
      }
      const column = stepColumn(source.attribute);
      holds = sql<SqlBool>`exists (select 1 from workflow_steps st
        where st.tenant_id = w.tenant_id and st.workflow_id = w.id and st.step_tag = ${source.step_tag}
        and ${positivePredicate(column.expr, column.kind, positive, value)})`;
      break;
    }
    case 'field': {
      holds = sql<SqlBool>`exists (select 1 from workflow_responses r
        where r.tenant_id = w.tenant_id and r.workflow_id = w.id
        and ${answerRow(condition, attribute, source.field_tag, 'r', now)})`;
      break;
    }
    case 'user': {
      // E-mail addresses compare without case.
      const lowered = lowerValues(value);
      const predicate = positivePredicate(sql`lower(u.email)`, 'text', positive, lowered);
      holds =
        source.attribute === 'created_by_email'
          ? sql<SqlBool>`exists (select 1 from users u where u.tenant_id = w.tenant_id and u.id = w.created_by and ${predicate})`
          : sql<SqlBool>`exists (select 1 from workflow_step_users su
              join workflow_steps st on st.tenant_id = su.tenant_id and st.workflow_id = su.workflow_id
                and st.step_tag = su.step_tag and st.state = 'enabled'
              join users u on u.tenant_id = su.tenant_id and u.id = su.user_id
              where su.tenant_id = w.tenant_id and su.workflow_id = w.id and ${predicate})`;
      break;
    }
    case 'record':
      // A kind's catalogue holds no record columns, so validateConditionGroup refused this first.
      throw new Error('A record attribute is not a workflow list filter.');
  }
  return negated ? sql<SqlBool>`not ${holds}` : holds;
}

type Attributed = { condition: FilterCondition; attribute: FilterAttribute };

function isPositiveAnswer({ condition, attribute }: Attributed): boolean {
  return (
    attribute.source.kind === 'field' &&
    condition.operator !== undefined &&
    condition.operator !== null &&
    !splitNegation(condition.operator).negated
  );
}

// Several answers a workflow must all hold (an AND group): one EXISTS over their rows joined on the
// workflow, the same as one EXISTS each (a workflow has one current answer per field), but the
// planner may now intersect the answer indexes before it reads any workflow. Apart, it could only
// take one condition's matches to the workflows and test the other there: spend 100k-250k and
// country 'DE' read 59,207 workflows for 7,713 matches (issue 17).
function answersTogether(answers: Attributed[], now: Date): RawBuilder<SqlBool> {
  const rows = answers.map(({ condition, attribute }, index) => {
    if (attribute.source.kind !== 'field') throw new Error('Only answers are joined.');
    return answerRow(condition, attribute, attribute.source.field_tag, `r${index}`, now);
  });
  const joins = rows.slice(1).map(
    (row, index) => sql`join workflow_responses ${sql.raw(`r${index + 1}`)}
      on ${sql.raw(`r${index + 1}`)}.tenant_id = r0.tenant_id and ${sql.raw(`r${index + 1}`)}.workflow_id = r0.workflow_id
      and ${row}`,
  );
  return sql<SqlBool>`exists (select 1 from workflow_responses r0 ${sql.join(joins, sql` `)}
    where r0.tenant_id = w.tenant_id and r0.workflow_id = w.id and ${rows[0]})`;
}

function lowerValues(value: FilterCondition['value']): FilterCondition['value'] {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v.toLowerCase() : v));
  return typeof value === 'string' ? value.toLowerCase() : value;
}

// The group as one parenthesised boolean. Call only with a group validateConditionGroup accepted
// against `catalogue`.
export function compileConditionGroup(
  group: ConditionGroup,
  catalogue: Map<string, FilterAttribute>,
  now: Date,
): RawBuilder<SqlBool> {
  const attributed = group.conditions.map((condition) => {
    const attribute = catalogue.get(condition.field);
    if (!attribute) throw new Error(`Attribute ${condition.field} is not in the catalogue.`);
    return { condition, attribute };
  });
  const joined = group.compareType === 'AND' ? attributed.filter(isPositiveAnswer) : [];
  const parts = [
    ...(joined.length > 1 ? [answersTogether(joined, now)] : []),
    ...attributed
      .filter((one) => joined.length < 2 || !joined.includes(one))
      .map(({ condition, attribute }) => conditionSql(condition, attribute, now)),
    ...group.groups.map((child) => compileConditionGroup(child, catalogue, now)),
  ];
  if (parts.length === 0) return group.compareType === 'AND' ? TRUE : FALSE;
  const joiner = group.compareType === 'AND' ? sql` and ` : sql` or `;
  return sql<SqlBool>`(${sql.join(parts, joiner)})`;
}
