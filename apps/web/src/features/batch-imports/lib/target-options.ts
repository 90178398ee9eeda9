import {
  type BatchImport,
  type FieldType,
  type ImportAttribute,
  type ImportColumn,
  type ImportColumnTarget,
  isImportableFieldType,
  type SavedImportMapping,
} from '@attest/shared';

// A Select's value for what a column fills: 'field:<tag>' or 'attribute:<name>'; none is skipped.
export const targetValue = (target: ImportColumnTarget | null): string | null =>
  target === null
    ? null
    : target.kind === 'field'
      ? `field:${target.field_tag}`
      : `attribute:${target.attribute}`;

export function targetFromValue(value: string | null): ImportColumnTarget | null {
  if (!value) return null;
  const [kind, ...rest] = value.split(':');
  const name = rest.join(':');
  if (kind === 'field') return { kind: 'field', field_tag: name };
  return { kind: 'attribute', attribute: name as ImportAttribute };
}

export type TargetField = { tag: string; label: string; type: FieldType | string };
export type KeyOption = { value: string; label: string };

// The fields a column may fill (file and table fields take no cell), then the item's attributes.
export function targetOptions(
  fields: readonly TargetField[],
  attributes: readonly ImportAttribute[],
  labels: { fields: string; attributes: string; attribute: (a: ImportAttribute) => string },
) {
  return [
    {
      group: labels.fields,
      items: fields
        .filter((field) => isImportableFieldType(field.type as FieldType))
        .map((field) => ({ value: `field:${field.tag}`, label: field.label })),
    },
    {
      group: labels.attributes,
      items: attributes.map((attribute) => ({
        value: `attribute:${attribute}`,
        label: labels.attribute(attribute),
      })),
    },
  ];
}

// Every column of the file, filled from the chosen mapping, else the server's suggestion.
export function initialColumns(
  item: Pick<BatchImport, 'headers' | 'mapping' | 'suggested_mapping'>,
): ImportColumn[] {
  const known = item.mapping ?? item.suggested_mapping ?? [];
  return item.headers.map((header, index) => ({
    index,
    header,
    target: known.find((column) => column.index === index)?.target ?? null,
  }));
}

// A saved mapping is kept by header: each column of this file takes the target saved for its header
// (case and surrounding spaces aside), whatever its position; a header it does not name is skipped.
export function applySavedMapping(
  columns: readonly ImportColumn[],
  saved: Pick<SavedImportMapping, 'columns'>,
): ImportColumn[] {
  const key = (header: string) => header.trim().toLowerCase();
  const byHeader = new Map(saved.columns.map((column) => [key(column.header), column.target]));
  return columns.map((column) => ({ ...column, target: byHeader.get(key(column.header)) ?? null }));
}
