import { z } from 'zod';

// Spec 1 §3 filter operators. 'is empty' is is_empty; 'is within last' is is_within_last, whose
// period ('30d') the server turns into a range at the time of the query (withinLastToRange), so a
// saved filter keeps meaning "the last 30 days" instead of freezing the dates it was saved with.
export const FILTER_OPERATORS = [
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
  'range',
  'is_within_last',
  // Issue 19: the mirror of is_within_last, for dates ahead ('contract ends within the next 30
  // days'); also turned into a range at the time of the query.
  'is_within_next',
] as const;
export const FilterOperatorSchema = z.enum(FILTER_OPERATORS);
export type FilterOperator = z.infer<typeof FilterOperatorSchema>;

// The kinds of value an attribute holds, which decide its operators (spec 1 §5 operator limits).
// date is an instant (timestamps, date fields stored per day); naive_date a calendar day;
// relative_date a period answer such as '-7d'; choice and multi_choice pick option values; user
// names a user by id; file and json are only searched as text.
export const ATTRIBUTE_TYPES = [
  'text',
  'char',
  'url',
  'email',
  'phone',
  'array',
  'integer',
  'decimal',
  'date',
  'naive_date',
  'relative_date',
  'boolean',
  'choice',
  'multi_choice',
  'user',
  'badge_tags',
  'file',
  'json',
] as const;
export const AttributeTypeSchema = z.enum(ATTRIBUTE_TYPES);
export type AttributeType = z.infer<typeof AttributeTypeSchema>;

export const ORDERING_OPERATORS = [
  'gt',
  'gte',
  'lt',
  'lte',
  'range',
] as const satisfies readonly FilterOperator[];
// Operators that take no value.
export const VALUELESS_OPERATORS = ['is_set', 'is_empty'] as const satisfies readonly FilterOperator[];
export const LIST_OPERATORS = ['in', 'not_in'] as const satisfies readonly FilterOperator[];

// Spec 1 §5: ordering operators are not allowed on text, URL, email, array, phone, char "and similar
// types" (we count choices, users, booleans, tags, files and JSON among them: they have no order);
// contains is not allowed on date, naive date, relative date and boolean (nor on numbers and users,
// which have no text to search); in and not in are not allowed on text or char. is_within_last is
// for instants and days only. A relative_date answer is a period, not a day, so it is matched as a
// value (eq, in) and never ordered.
const ORDERED = ORDERING_OPERATORS;
const MATCH = ['eq', 'not_eq', 'is_set', 'is_empty'] as const;
const LIST = ['in', 'not_in'] as const;
const SEARCH = ['contains', 'not_contains'] as const;

export const OPERATORS_BY_TYPE: Record<AttributeType, readonly FilterOperator[]> = {
  text: [...MATCH, ...SEARCH],
  char: [...MATCH, ...SEARCH],
  url: [...MATCH, ...LIST, ...SEARCH],
  email: [...MATCH, ...LIST, ...SEARCH],
  phone: [...MATCH, ...LIST, ...SEARCH],
  array: [...MATCH, ...LIST, ...SEARCH],
  integer: [...MATCH, ...LIST, ...ORDERED],
  decimal: [...MATCH, ...LIST, ...ORDERED],
  date: [...MATCH, ...ORDERED, 'is_within_last', 'is_within_next'],
  naive_date: [...MATCH, ...ORDERED, 'is_within_last', 'is_within_next'],
  relative_date: [...MATCH, ...LIST],
  boolean: ['eq', 'not_eq', 'is_set', 'is_empty'],
  choice: [...MATCH, ...LIST, ...SEARCH],
  multi_choice: [...MATCH, ...LIST, ...SEARCH],
  user: [...MATCH, ...LIST],
  badge_tags: [...MATCH, ...LIST, ...SEARCH],
  file: ['is_set', 'is_empty', ...SEARCH],
  json: ['is_set', 'is_empty', ...SEARCH],
};

export function operatorsFor(type: AttributeType): readonly FilterOperator[] {
  return OPERATORS_BY_TYPE[type];
}

export function isOperatorAllowed(type: AttributeType, operator: FilterOperator): boolean {
  return operatorsFor(type).includes(operator);
}

export const NUMBER_TYPES = ['integer', 'decimal'] as const satisfies readonly AttributeType[];
export const DATE_TYPES = ['date', 'naive_date'] as const satisfies readonly AttributeType[];
