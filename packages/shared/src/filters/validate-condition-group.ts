import { catalogueIndex, type FilterAttribute } from './catalogue.js';
import {
  type ConditionGroup,
  type FilterCondition,
  MAX_CONDITIONS,
  MAX_GROUP_DEPTH,
} from './condition-group.js';
import { parseFilterDate } from './date-stamps.js';
import {
  type AttributeType,
  type FilterOperator,
  isOperatorAllowed,
  LIST_OPERATORS,
  VALUELESS_OPERATORS,
} from './operators.js';
import { periodProblem, type RelativeTimeErrorKey } from './relative-time.js';

// Spec 1 §5 filter validity, written once for the builder (which marks the condition) and the
// server (which answers 400 with the first problem). Keys are stable: the web translates them under
// filters.errors.<key>.
export const FILTER_ERROR_KEYS = [
  'fieldRequired',
  'unknownAttribute',
  'typeMismatch',
  'operatorRequired',
  'operatorNotAllowedForType',
  'valueRequired',
  'rangeNeedsTwoValues',
  'badgeTagsValueRequired',
  'listValueRequired',
  'invalidNumber',
  'invalidDate',
  'invalidBoolean',
  'invalidPeriod',
  'emptyGroup',
  'tooDeep',
  'tooManyConditions',
] as const;
export type FilterErrorKey = (typeof FILTER_ERROR_KEYS)[number] | RelativeTimeErrorKey;

export type FilterProblem = {
  // Where in the group: '' for the root group, 'groups.1' for a nested group,
  // 'groups.1.conditions.0' for a condition.
  path: string;
  key: FilterErrorKey;
  params?: Record<string, string | number>;
};

export type FilterValidation = { valid: boolean; problems: FilterProblem[] };

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function isNumberLike(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim());
}

function isBooleanLike(value: unknown): boolean {
  return typeof value === 'boolean' || value === 'true' || value === 'false';
}

// The problem with one scalar value for the attribute's type, or null.
function scalarProblem(type: AttributeType, value: unknown): FilterErrorKey | null {
  switch (type) {
    case 'integer':
    case 'decimal':
    case 'user':
      return isNumberLike(value) ? null : 'invalidNumber';
    case 'date':
    case 'naive_date':
      return typeof value === 'string' && parseFilterDate(value) ? null : 'invalidDate';
    case 'boolean':
      return isBooleanLike(value) ? null : 'invalidBoolean';
    default:
      return typeof value === 'string' || typeof value === 'number' ? null : 'valueRequired';
  }
}

function valueProblem(
  type: AttributeType,
  operator: FilterOperator,
  value: FilterCondition['value'],
): Omit<FilterProblem, 'path'> | null {
  if ((VALUELESS_OPERATORS as readonly string[]).includes(operator)) return null;
  if (operator === 'is_within_last' || operator === 'is_within_next') return periodProblem(value);
  if (operator === 'range') {
    // Spec 1 §5 and §9: exactly two non-empty values.
    if (!Array.isArray(value) || value.length !== 2 || value.some(isBlank)) {
      return { key: 'rangeNeedsTwoValues' };
    }
    for (const item of value) {
      const key = scalarProblem(type, item);
      if (key) return { key };
    }
    return null;
  }
  const list = Array.isArray(value) ? value : [value];
  const empty = list.length === 0 || list.every(isBlank);
  // Spec 1 §5: a badge-tags filter with an empty value is invalid, whatever the operator.
  if (empty && type === 'badge_tags') return { key: 'badgeTagsValueRequired' };
  if (empty)
    return {
      key: (LIST_OPERATORS as readonly string[]).includes(operator) ? 'listValueRequired' : 'valueRequired',
    };
  if (!(LIST_OPERATORS as readonly string[]).includes(operator) && list.length !== 1) {
    return { key: 'valueRequired' };
  }
  for (const item of list) {
    if (isBlank(item)) return { key: 'valueRequired' };
    const key = scalarProblem(type, item);
    if (key) return { key };
  }
  return null;
}

function conditionProblem(
  condition: FilterCondition,
  catalogue: Map<string, FilterAttribute> | undefined,
): Omit<FilterProblem, 'path'> | null {
  if (condition.field.trim() === '') return { key: 'fieldRequired' };
  const attribute = catalogue?.get(condition.field);
  if (catalogue && !attribute) return { key: 'unknownAttribute', params: { field: condition.field } };
  // The catalogue's type wins; a stale type in a saved filter is a mismatch, not silently retyped.
  if (attribute && condition.type && condition.type !== attribute.type) {
    return { key: 'typeMismatch', params: { expected: attribute.type } };
  }
  const type = attribute?.type ?? condition.type;
  if (!type) return { key: 'typeMismatch' };
  if (!condition.operator) return { key: 'operatorRequired' };
  if (!isOperatorAllowed(type, condition.operator)) {
    return { key: 'operatorNotAllowedForType', params: { operator: condition.operator, type } };
  }
  return valueProblem(type, condition.operator, condition.value);
}

function walk(
  group: ConditionGroup,
  path: string,
  depth: number,
  catalogue: Map<string, FilterAttribute> | undefined,
  problems: FilterProblem[],
): void {
  const at = (suffix: string) => (path === '' ? suffix : `${path}.${suffix}`);
  if (depth > MAX_GROUP_DEPTH) {
    problems.push({ path, key: 'tooDeep', params: { max: MAX_GROUP_DEPTH } });
    return;
  }
  // Spec 1 §5: a group is valid with at least one valid condition or group.
  if (group.conditions.length === 0 && group.groups.length === 0) {
    problems.push({ path, key: 'emptyGroup' });
  }
  group.conditions.forEach((condition, index) => {
    const problem = conditionProblem(condition, catalogue);
    if (problem) problems.push({ path: at(`conditions.${index}`), ...problem });
  });
  group.groups.forEach((child, index) => {
    walk(child, at(`groups.${index}`), depth + 1, catalogue, problems);
  });
}

function countConditions(group: ConditionGroup): number {
  return group.conditions.length + group.groups.reduce((sum, g) => sum + countConditions(g), 0);
}

// Every problem of a condition group, in document order. With a catalogue, attributes must exist in
// it and conditions take its types; without one (a builder still loading), only the shape and the
// condition's own type are judged.
export function validateConditionGroup(
  group: ConditionGroup,
  catalogue?: readonly FilterAttribute[] | Map<string, FilterAttribute>,
): FilterValidation {
  const index = catalogue === undefined || catalogue instanceof Map ? catalogue : catalogueIndex(catalogue);
  const problems: FilterProblem[] = [];
  const total = countConditions(group);
  if (total > MAX_CONDITIONS) {
    problems.push({ path: '', key: 'tooManyConditions', params: { max: MAX_CONDITIONS } });
  }
  walk(group, '', 1, index, problems);
  return { valid: problems.length === 0, problems };
}

export function validateCondition(
  condition: FilterCondition,
  catalogue?: readonly FilterAttribute[] | Map<string, FilterAttribute>,
): FilterProblem | null {
  const index = catalogue === undefined || catalogue instanceof Map ? catalogue : catalogueIndex(catalogue);
  const problem = conditionProblem(condition, index);
  return problem ? { path: '', ...problem } : null;
}
