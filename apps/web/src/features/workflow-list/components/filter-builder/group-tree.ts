import {
  type ConditionGroup,
  type FilterAttribute,
  type FilterCondition,
  type FilterOperator,
  type FilterProblem,
  LIST_OPERATORS,
  operatorsFor,
  VALUELESS_OPERATORS,
} from '@attest/shared';

// A group is addressed by the indices of the nested groups leading to it ([] is the root), the way
// the shared validator's problem paths name it ('groups.1.groups.0').
export type GroupPath = readonly number[];

export function groupPathKey(path: GroupPath): string {
  return path.map((index) => `groups.${index}`).join('.');
}

export function conditionPathKey(path: GroupPath, index: number): string {
  const group = groupPathKey(path);
  return group === '' ? `conditions.${index}` : `${group}.conditions.${index}`;
}

export function updateGroup(
  root: ConditionGroup,
  path: GroupPath,
  change: (group: ConditionGroup) => ConditionGroup,
): ConditionGroup {
  const [head, ...rest] = path;
  if (head === undefined) return change(root);
  return {
    ...root,
    groups: root.groups.map((child, index) => (index === head ? updateGroup(child, rest, change) : child)),
  };
}

// The value's shape an operator takes: none, one value, a list, two ends, or a period ('30d').
export type ValueShape = 'none' | 'scalar' | 'list' | 'range' | 'period';

export function valueShape(operator: FilterOperator | null | undefined): ValueShape {
  if (!operator) return 'none';
  if ((VALUELESS_OPERATORS as readonly string[]).includes(operator)) return 'none';
  if ((LIST_OPERATORS as readonly string[]).includes(operator)) return 'list';
  if (operator === 'range') return 'range';
  if (operator === 'is_within_last' || operator === 'is_within_next') return 'period';
  return 'scalar';
}

// Switching operators keeps what the person typed when the new shape can hold it.
export function valueForOperator(
  previous: FilterCondition['value'],
  from: FilterOperator | null | undefined,
  to: FilterOperator,
): FilterCondition['value'] {
  const before = valueShape(from);
  const after = valueShape(to);
  if (before === after) return previous;
  const first = Array.isArray(previous) ? previous[0] : previous;
  if (after === 'scalar' && first !== undefined && first !== null) return first;
  if (after === 'list' && first !== undefined && first !== null && first !== '') return [first];
  return undefined;
}

// A newly picked attribute starts with its first allowed operator (equals where allowed) and no
// value: the old value was for another type.
export function conditionFor(attribute: FilterAttribute): FilterCondition {
  const operators = operatorsFor(attribute.type);
  const operator = operators.includes('eq') ? 'eq' : (operators[0] ?? null);
  return { field: attribute.path, type: attribute.type, operator, value: undefined };
}

export function blankCondition(): FilterCondition {
  return { field: '', operator: null };
}

// Where a condition's problem is shown: under the field picker, the operator, or the value.
export type ProblemPlace = 'field' | 'operator' | 'value';

export function problemPlace(problem: FilterProblem): ProblemPlace {
  switch (problem.key) {
    case 'fieldRequired':
    case 'unknownAttribute':
    case 'typeMismatch':
      return 'field';
    case 'operatorRequired':
    case 'operatorNotAllowedForType':
      return 'operator';
    default:
      return 'value';
  }
}
