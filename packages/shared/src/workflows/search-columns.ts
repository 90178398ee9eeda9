import { isRecord } from '../validators/unknown-values.js';
import { isEmptyAnswer } from './answers.js';
import type { AnswerField } from './field-schema.js';
import { isAnswerable } from './field-types.js';

// What a database indexes of one answer so that list filters and reports (spec 2 §3.6) run in SQL:
// text for eq / in / contains, number for ranges and sums, date for date ranges. Each answer fills
// the projections that make sense for its type and leaves the others null.
export type AnswerSearchColumns = { text: string | null; number: number | null; date: string | null };

export const SEARCH_TEXT_MAX_LENGTH = 1000;
// Joins the items of a list answer; option values are single lines, so a newline never collides.
export const SEARCH_TEXT_LIST_SEPARATOR = '\n';

const NONE: AnswerSearchColumns = { text: null, number: null, date: null };

function clip(text: string): string {
  return text.slice(0, SEARCH_TEXT_MAX_LENGTH);
}

function names(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) => (isRecord(item) && typeof item.name === 'string' ? [item.name] : []));
}

// Takes a value validateAnswer has already normalised.
export function answerSearchColumns(field: AnswerField, value: unknown): AnswerSearchColumns {
  if (!isAnswerable(field.type) || isEmptyAnswer(value)) return NONE;
  switch (field.type) {
    case 'integer':
    case 'decimal':
    case 'slider':
    case 'rating':
    case 'region':
    case 'business_unit':
    case 'owner':
    case 'user_workflow':
    case 'data_object':
      return typeof value === 'number' ? { ...NONE, number: value, text: String(value) } : NONE;
    case 'currency':
      // Amounts in different currencies are not summed together; the currency stays filterable.
      return isRecord(value) && typeof value.amount === 'number' && typeof value.currency === 'string'
        ? { ...NONE, number: value.amount, text: value.currency }
        : NONE;
    case 'bool':
    case 'checkbox':
      return typeof value === 'boolean' ? { ...NONE, number: value ? 1 : 0, text: String(value) } : NONE;
    case 'date':
    case 'naive_date':
      return typeof value === 'string' ? { ...NONE, date: value, text: value } : NONE;
    case 'file':
    case 's3_object':
    case 'e_signature':
    case 'multi_file':
    case 'attachment':
      return { ...NONE, text: clip(names(value).join(SEARCH_TEXT_LIST_SEPARATOR)) };
    case 'child_workflow':
      return Array.isArray(value) ? { ...NONE, number: value.length } : NONE;
    case 'table':
      return Array.isArray(value) ? { ...NONE, number: value.length } : NONE;
    case 'json':
    case 'dynamic_group_json':
      return { ...NONE, text: clip(JSON.stringify(value)) };
    default:
      if (Array.isArray(value)) {
        return {
          ...NONE,
          text: clip(value.map(String).join(SEARCH_TEXT_LIST_SEPARATOR)),
          number: value.length,
        };
      }
      return typeof value === 'string' ? { ...NONE, text: clip(value) } : NONE;
  }
}
