import { z } from 'zod';
import { text } from '../validators/input-limits.js';
import { withDepthLimit } from '../validators/nesting.js';
import { isEmptyAnswer } from './answers.js';
import { type FieldType, isAnswerable, isOneOf, REPORT_FIELD_TYPE_GROUPS } from './field-types.js';

// Spec 1 §3 and spec 2 §3.6 list the filter operators; conditions use the same names so a rule reads
// like a report filter. The spec's range and 'is within last' belong to filters, not to rules.
export const CONDITION_OPERATORS = [
  'eq',
  'not_eq',
  'gt',
  'gte',
  'lt',
  'lte',
  'in',
  'not_in',
  'contains',
  'not_contains',
  'is_set',
  'is_empty',
] as const;
export const ConditionOperatorSchema = z.enum(CONDITION_OPERATORS);
export type ConditionOperator = z.infer<typeof ConditionOperatorSchema>;

export const MAX_CONDITION_DEPTH = 4;
export const MAX_CONDITION_ITEMS = 20;
export const MAX_CONDITION_LIST_VALUES = 100;

const ScalarSchema = z.union([text().max(500), z.number().finite(), z.boolean()]);
export type ConditionScalar = z.infer<typeof ScalarSchema>;

export const ConditionLeafSchema = z
  .object({
    field: text().min(1).max(200),
    op: ConditionOperatorSchema,
    value: z.union([ScalarSchema, z.array(ScalarSchema).min(1).max(MAX_CONDITION_LIST_VALUES)]).optional(),
  })
  .strict();
export type ConditionLeaf = z.infer<typeof ConditionLeafSchema>;

export type Condition = ConditionLeaf | { all: Condition[] } | { any: Condition[] };

const ConditionNodeSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    ConditionLeafSchema,
    z.object({ all: z.array(ConditionNodeSchema).min(1).max(MAX_CONDITION_ITEMS) }).strict(),
    z.object({ any: z.array(ConditionNodeSchema).min(1).max(MAX_CONDITION_ITEMS) }).strict(),
  ]),
);

export function conditionDepth(condition: Condition): number {
  if ('all' in condition) return 1 + Math.max(...condition.all.map(conditionDepth));
  if ('any' in condition) return 1 + Math.max(...condition.any.map(conditionDepth));
  return 1;
}

const CONDITION_DEPTH_MESSAGE = `A condition may nest at most ${MAX_CONDITION_DEPTH} levels deep.`;

// Issue 12: the depth is measured on the raw value before the recursive schema runs.
export const ConditionSchema = withDepthLimit(ConditionNodeSchema, {
  limit: MAX_CONDITION_DEPTH,
  childrenOf: (node) => {
    const branches = node as { all?: unknown; any?: unknown };
    return [branches.all, branches.any].flatMap((list) => (Array.isArray(list) ? list : []));
  },
  message: CONDITION_DEPTH_MESSAGE,
}).refine((c) => conditionDepth(c) <= MAX_CONDITION_DEPTH, { message: CONDITION_DEPTH_MESSAGE });

export function conditionLeaves(condition: Condition): ConditionLeaf[] {
  if ('all' in condition) return condition.all.flatMap(conditionLeaves);
  if ('any' in condition) return condition.any.flatMap(conditionLeaves);
  return [condition];
}

// Spec 1 §5, operator limits by type: ordering only where values have an order, 'contains' never on
// dates or booleans, 'in' never on free text. Lists (multi select, tags) answer 'contains' per item.
const ORDERED_TYPES: readonly FieldType[] = [
  ...REPORT_FIELD_TYPE_GROUPS.numeric,
  ...REPORT_FIELD_TYPE_GROUPS.date,
  'rating',
];
const FREE_TEXT_TYPES: readonly FieldType[] = ['char_field', 'text', 'html', 'email', 'url', 'phone'];
const LIST_TYPES: readonly FieldType[] = [
  'multi_select',
  'grouped_checkbox',
  'country_multi_select',
  'badge_tags',
  'cascader',
  'array',
];
const BOOLEAN_TYPES: readonly FieldType[] = ['bool', 'checkbox'];
// Files, tables and JSON have no value to compare; a rule can only ask whether they are set.
const PRESENCE_ONLY_TYPES: readonly FieldType[] = [
  'file',
  'multi_file',
  'attachment',
  's3_object',
  'e_signature',
  'table',
  'json',
  'dynamic_group_json',
  'child_workflow',
  'relative_date',
];

export function operatorsForFieldType(type: FieldType): readonly ConditionOperator[] {
  if (!isAnswerable(type)) return [];
  if (PRESENCE_ONLY_TYPES.includes(type)) return ['is_set', 'is_empty'];
  if (BOOLEAN_TYPES.includes(type)) return ['eq', 'not_eq', 'is_set', 'is_empty'];
  const ops: ConditionOperator[] = ['eq', 'not_eq', 'is_set', 'is_empty'];
  if (ORDERED_TYPES.includes(type)) ops.push('gt', 'gte', 'lt', 'lte');
  if (!FREE_TEXT_TYPES.includes(type)) ops.push('in', 'not_in');
  if (FREE_TEXT_TYPES.includes(type) || LIST_TYPES.includes(type)) ops.push('contains', 'not_contains');
  return ops;
}

const NUMERIC_TYPES: readonly FieldType[] = [...REPORT_FIELD_TYPE_GROUPS.numeric, 'rating'];
const ID_TYPES: readonly FieldType[] = ['region', 'business_unit', 'owner', 'user_workflow', 'data_object'];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:\d{2}))?$/;

function scalarIssue(type: FieldType, value: ConditionScalar): string | undefined {
  if (NUMERIC_TYPES.includes(type) || ID_TYPES.includes(type)) {
    return typeof value === 'number' ? undefined : 'a number';
  }
  if (BOOLEAN_TYPES.includes(type)) return typeof value === 'boolean' ? undefined : 'true or false';
  if (isOneOf(type, REPORT_FIELD_TYPE_GROUPS.date)) {
    return typeof value === 'string' && ISO_DATE.test(value) ? undefined : 'an ISO date (YYYY-MM-DD)';
  }
  return typeof value === 'string' ? undefined : 'text';
}

// Why a leaf cannot apply to a field of this type, as the end of a sentence; undefined when it can.
export function conditionLeafIssue(type: FieldType, leaf: ConditionLeaf): string | undefined {
  if (!operatorsForFieldType(type).includes(leaf.op))
    return `operator ${leaf.op} does not apply to ${type} fields`;
  if (leaf.op === 'is_set' || leaf.op === 'is_empty') {
    return leaf.value === undefined ? undefined : `operator ${leaf.op} takes no value`;
  }
  if (leaf.value === undefined) return `operator ${leaf.op} needs a value`;
  const isList = leaf.op === 'in' || leaf.op === 'not_in';
  if (isList !== Array.isArray(leaf.value)) {
    return isList ? `operator ${leaf.op} needs a list of values` : `operator ${leaf.op} needs a single value`;
  }
  const values = Array.isArray(leaf.value) ? leaf.value : [leaf.value];
  for (const value of values) {
    const expected = scalarIssue(type, value);
    if (expected) return `${type} fields compare with ${expected}`;
  }
  return undefined;
}

// The answer as seen by a rule: what a field of that type holds (already normalised by validateAnswer).
export type ConditionAnswer = { type: FieldType; value: unknown };
export type AnswerLookup = (fieldTag: string) => ConditionAnswer | undefined;

function comparable(type: FieldType, value: unknown): ConditionScalar | undefined {
  if (type === 'currency' && typeof value === 'object' && value !== null && 'amount' in value) {
    return typeof value.amount === 'number' ? value.amount : undefined;
  }
  if (type === 'date' && typeof value === 'string') {
    const time = Date.parse(value);
    return Number.isNaN(time) ? undefined : time;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return undefined;
}

function listOf(value: unknown): ConditionScalar[] {
  const items = Array.isArray(value) ? value : [value];
  return items.filter(
    (item): item is ConditionScalar =>
      typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean',
  );
}

function includesText(haystack: ConditionScalar, needle: ConditionScalar): boolean {
  return String(haystack).toLowerCase().includes(String(needle).toLowerCase());
}

function evaluateLeaf(leaf: ConditionLeaf, answer: ConditionAnswer | undefined): boolean {
  const empty = answer === undefined || isEmptyAnswer(answer.value);
  if (leaf.op === 'is_set') return !empty;
  if (leaf.op === 'is_empty') return empty;
  // An unanswered field equals nothing, so every positive comparison fails and every negation holds:
  // 'country not_eq US' is true until someone answers US.
  const negation = leaf.op === 'not_eq' || leaf.op === 'not_in' || leaf.op === 'not_contains';
  if (empty || leaf.value === undefined) return negation;
  const { type, value } = answer;
  const expected = leaf.value;

  if (Array.isArray(value)) {
    const items = listOf(value);
    const wanted = listOf(expected);
    switch (leaf.op) {
      case 'eq':
      case 'not_eq': {
        const same = items.length === wanted.length && wanted.every((w) => items.includes(w));
        return leaf.op === 'eq' ? same : !same;
      }
      case 'in':
        return items.some((item) => wanted.includes(item));
      case 'not_in':
        return !items.some((item) => wanted.includes(item));
      case 'contains':
        return wanted.every((w) => items.includes(w));
      case 'not_contains':
        return !wanted.some((w) => items.includes(w));
      default:
        return false;
    }
  }

  const actual = comparable(type, value);
  if (actual === undefined) return negation;
  const target = (v: ConditionScalar) => (type === 'date' && typeof v === 'string' ? Date.parse(v) : v);
  switch (leaf.op) {
    case 'eq':
      return !Array.isArray(expected) && actual === target(expected);
    case 'not_eq':
      return Array.isArray(expected) || actual !== target(expected);
    case 'in':
      return listOf(expected).map(target).includes(actual);
    case 'not_in':
      return !listOf(expected).map(target).includes(actual);
    case 'contains':
      return !Array.isArray(expected) && includesText(actual, expected);
    case 'not_contains':
      return Array.isArray(expected) || !includesText(actual, expected);
    default: {
      if (Array.isArray(expected)) return false;
      const right = target(expected);
      if (typeof actual !== typeof right || typeof actual === 'boolean') return false;
      if (leaf.op === 'gt') return actual > right;
      if (leaf.op === 'gte') return actual >= right;
      if (leaf.op === 'lt') return actual < right;
      return actual <= right;
    }
  }
}

// 'all' of nothing would be vacuously true; the schema refuses empty groups so it never comes up.
export function evaluateCondition(condition: Condition, lookup: AnswerLookup, depth = 1): boolean {
  if (depth > MAX_CONDITION_DEPTH) return false;
  if ('all' in condition) return condition.all.every((c) => evaluateCondition(c, lookup, depth + 1));
  if ('any' in condition) return condition.any.some((c) => evaluateCondition(c, lookup, depth + 1));
  return evaluateLeaf(condition, lookup(condition.field));
}
