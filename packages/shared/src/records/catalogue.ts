import {
  type AttributeType,
  attributeTypeOfField,
  catalogueIndex,
  type FilterAttribute,
  RECORD_ATTRIBUTES,
  type RecordAttribute,
} from '../filters/index.js';
import type { ObjectTypeDefinition } from './object-type-schema.js';

// Issue 18 (plan §3.1, §6): what a records list's advanced filters, its field orderings and an
// object report can name, with the vocabulary of the report sources: record__<attribute> for a
// record's own column, record_field__<field_tag> for a field's value. A field tag is one segment,
// so a path is never ambiguous. The conditions are the workflow list's (ConditionGroup), checked
// by the same validateConditionGroup against this catalogue.
export const RECORD_ATTRIBUTE_PREFIX = {
  record: 'record__',
  field: 'record_field__',
} as const;

const RECORD_TYPES: Record<RecordAttribute, AttributeType> = {
  id: 'integer',
  title: 'char',
  created_at: 'date',
  updated_at: 'date',
  region: 'choice',
  business_unit: 'choice',
  created_by: 'user',
};

// English labels from us; the web translates them by label_key (filters.attributes.record.*).
const RECORD_LABELS: Record<RecordAttribute, string> = {
  id: 'Record id',
  title: 'Record title',
  created_at: 'Record creation date',
  updated_at: 'Record last update',
  region: 'Record region',
  business_unit: 'Record business unit',
  created_by: 'Record created by',
};

function hasAttribute(definition: ObjectTypeDefinition, attribute: RecordAttribute): boolean {
  if (attribute === 'region') return definition.has_region;
  if (attribute === 'business_unit') return definition.has_business_unit;
  return true;
}

export function recordAttributes(definition: ObjectTypeDefinition): FilterAttribute[] {
  return RECORD_ATTRIBUTES.filter((attribute) => hasAttribute(definition, attribute)).map((attribute) => ({
    path: `${RECORD_ATTRIBUTE_PREFIX.record}${attribute}`,
    label: RECORD_LABELS[attribute],
    label_key: `attributes.record.${attribute}`,
    group_label: null,
    type: RECORD_TYPES[attribute],
    options: null,
    source: { kind: 'record', attribute },
  }));
}

// The record columns (region and business unit only where the type has them), then each field
// typed from its field type, choices with their options.
export function recordCatalogue(definition: ObjectTypeDefinition): FilterAttribute[] {
  const attributes = recordAttributes(definition);
  for (const field of definition.fields) {
    const type = attributeTypeOfField(field.type);
    if (!type) continue;
    attributes.push({
      path: `${RECORD_ATTRIBUTE_PREFIX.field}${field.tag}`,
      label: field.label,
      label_key: null,
      group_label: definition.name,
      type,
      options: field.options ? field.options.map((o) => ({ value: o.value, label: o.label })) : null,
      source: { kind: 'field', field_tag: field.tag, field_type: field.type },
    });
  }
  return attributes;
}

export function recordCatalogueIndex(definition: ObjectTypeDefinition): Map<string, FilterAttribute> {
  return catalogueIndex(recordCatalogue(definition));
}
