import {
  type AnswerError,
  type AnswerField,
  isEmptyAnswer,
  nameInSentence,
  type ObjectField,
  type ObjectTypeDefinition,
  objectFieldByTag,
  RECORD_ERROR_CODES,
  RECORD_MESSAGES,
  type RecordFieldChange,
  uniqueKeyName,
  validateAnswer,
} from '@attest/shared';
import { AppError } from '../../platform/errors.js';

// A record's values checked against its type's current definition with the workflows' own
// validateAnswer, before anything is written (plan §3.1): every problem of every field at once.

// An object field is a workflow field with a one-segment tag; validateAnswer and answerSearchColumns
// read only what both have.
export function answerField(field: ObjectField): AnswerField {
  return field as unknown as AnswerField;
}

export function invalidAnswers(errors: Record<string, string[]>): AppError {
  return new AppError(400, RECORD_ERROR_CODES.invalidAnswers, RECORD_MESSAGES.invalidAnswers, errors);
}

// Every field of the definition judged by validateAnswer, without throwing: the values normalised as
// it returns them, and each field's problems with their codes. The one rule for a record's values,
// used by checkValues and by the import's preview.
export function validateRecordValues(
  definition: ObjectTypeDefinition,
  values: Record<string, unknown>,
): { data: Record<string, unknown>; errors: Record<string, AnswerError[]> } {
  const data: Record<string, unknown> = {};
  const errors: Record<string, AnswerError[]> = {};
  for (const field of definition.fields) {
    const result = validateAnswer(answerField(field), values[field.tag] ?? null);
    if (!result.ok) errors[field.tag] = result.errors;
    else if (!isEmptyAnswer(result.value)) data[field.tag] = result.value;
  }
  return { data, errors };
}

export type CheckedValues = { data: Record<string, unknown>; title: string };

// `values` are the answers sent, merged over `current` (an edit sends only what changes; null clears
// one). Unknown tags are refused by name; the result holds every field of the definition that has a
// value, normalised as validateAnswer returns it.
export function checkValues(
  type: { tag: string; definition: ObjectTypeDefinition },
  current: Record<string, unknown>,
  values: Record<string, unknown>,
  title?: string,
): CheckedValues {
  const { definition } = type;
  for (const tag of Object.keys(values)) {
    if (!objectFieldByTag(definition, tag)) {
      throw new AppError(400, RECORD_ERROR_CODES.unknownField, RECORD_MESSAGES.unknownField(type.tag, tag), {
        [tag]: [RECORD_MESSAGES.unknownField(type.tag, tag)],
      });
    }
  }
  const merged: Record<string, unknown> = { ...current, ...values };
  const titleField = objectFieldByTag(definition, definition.title_field);
  if (title !== undefined && titleField) {
    const given = merged[titleField.tag];
    if (isEmptyAnswer(given)) merged[titleField.tag] = title;
    else if (typeof given !== 'string' || given.trim() !== title) {
      const message = RECORD_MESSAGES.titleMismatch(titleField.label);
      throw new AppError(400, RECORD_ERROR_CODES.titleMismatch, message, { title: [message] });
    }
  }
  const { data, errors: fieldErrors } = validateRecordValues(definition, merged);
  const errors = Object.fromEntries(
    Object.entries(fieldErrors).map(([tag, list]) => [tag, list.map((e) => e.message)]),
  );
  if (Object.keys(errors).length > 0) throw invalidAnswers(errors);
  // The title field is required (ObjectTypeDefinitionSchema), so validation gave it a value.
  const titleValue = data[definition.title_field];
  return { data, title: typeof titleValue === 'string' ? titleValue.trim() : String(titleValue) };
}

// One unique key's stored form (record_keys): its fields' values, lower(trim()) each, joined by
// U+001F. A key with an empty field is not stored: like SQL's unique, it clashes with nothing.
export type RecordKey = { name: string; value: string; fields: readonly string[] };

function keyPart(value: unknown): string {
  const text =
    typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.trim().toLowerCase();
}

export function recordKeys(definition: ObjectTypeDefinition, data: Record<string, unknown>): RecordKey[] {
  return definition.unique_keys.flatMap((fields) => {
    const parts = fields.map((tag) => data[tag]);
    if (parts.some((part) => isEmptyAnswer(part))) return [];
    return [{ name: uniqueKeyName(fields), value: parts.map(keyPart).join('\u001f'), fields }];
  });
}

// "VAT number", "name and country": the key's field labels inside the duplicate_key sentence.
export function keyLabel(definition: ObjectTypeDefinition, fields: readonly string[]): string {
  return fields.map((tag) => nameInSentence(objectFieldByTag(definition, tag)?.label ?? tag)).join(' and ');
}

export function duplicateKey(
  type: { name: string; definition: ObjectTypeDefinition },
  key: RecordKey,
  recordId: string | null,
): AppError {
  const message = RECORD_MESSAGES.duplicateKey(type.name, keyLabel(type.definition, key.fields), recordId);
  const errors = Object.fromEntries(key.fields.map((tag) => [tag, [message]]));
  return new AppError(400, RECORD_ERROR_CODES.duplicateKey, message, errors);
}

// Before and after of every field whose value changed (record_activity.changes), in the order of
// `fieldOrder` (the definition's fields; jsonb keeps keys in its own order), then any other tag.
export function valueChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fieldOrder: readonly string[] = [],
): RecordFieldChange[] {
  const tags = [...new Set([...fieldOrder, ...Object.keys(before), ...Object.keys(after)])];
  return tags.flatMap((tag) => {
    const was = before[tag] ?? null;
    const now = after[tag] ?? null;
    return JSON.stringify(was) === JSON.stringify(now) ? [] : [{ field_tag: tag, before: was, after: now }];
  });
}
