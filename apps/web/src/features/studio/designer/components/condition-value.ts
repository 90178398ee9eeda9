import type { ConditionLeaf, ConditionOperator, ConditionScalar, FieldType } from '@attest/shared';

export const LIST_OPERATORS: readonly ConditionOperator[] = ['in', 'not_in'];
export const NO_VALUE_OPERATORS: readonly ConditionOperator[] = ['is_set', 'is_empty'];
const NUMBER_TYPES: readonly FieldType[] = ['integer', 'decimal', 'currency', 'slider', 'rating'];

function scalar(text: string, type: FieldType | undefined): ConditionScalar {
  const trimmed = text.trim();
  if (type === 'bool' || type === 'checkbox') return trimmed === 'true';
  if (type && NUMBER_TYPES.includes(type) && trimmed !== '' && Number.isFinite(Number(trimmed))) {
    return Number(trimmed);
  }
  return text;
}

// The value a person typed, in the shape the operator and the field's type want: none, a list
// (comma-separated) or one value (a number for number fields, true/false for yes/no fields).
export function parseConditionValue(
  op: ConditionOperator,
  text: string,
  type: FieldType | undefined,
): ConditionLeaf['value'] {
  if (NO_VALUE_OPERATORS.includes(op)) return undefined;
  if (LIST_OPERATORS.includes(op)) {
    const items = text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
      .map((item) => scalar(item, type));
    return items.length > 0 ? items : undefined;
  }
  return scalar(text, type);
}

export function formatConditionValue(value: ConditionLeaf['value']): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.map(String).join(', ') : String(value);
}
