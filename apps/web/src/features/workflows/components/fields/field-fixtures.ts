import { FIELD_TYPES, type FieldDefinition, type FieldType } from '@attest/shared';

// A valid definition of each type, as the definition schema would accept it.
export function fieldOf(type: FieldType, extra: Partial<FieldDefinition> = {}): FieldDefinition {
  const base: FieldDefinition = { type, tag: `intake.general.${type}`, label: `Label of ${type}` };
  const options = [
    { value: 'low', label: 'Low', group: 'Risk' },
    { value: 'high', label: 'High', group: 'Risk' },
  ];
  const byType: Partial<Record<FieldType, Partial<FieldDefinition>>> = {
    single_select: { options },
    multi_select: { options },
    radio: { options },
    grouped_checkbox: { options },
    cascader: {
      cascader_options: [{ value: 'eu', label: 'Europe', children: [{ value: 'fr', label: 'France' }] }],
    },
    slider: { validation: { min: 0, max: 10 } },
    child_workflow: { child_kind_tag: 'risk_assessment' },
    table: {
      columns: [
        { tag: 'item', type: 'char_field', label: 'Item' },
        { tag: 'amount', type: 'decimal', label: 'Amount' },
      ],
    },
    iframe: { content: 'https://example.com/page' },
    pdf_viewer: { content: 'https://example.com/doc.pdf' },
    paragraph: { content: 'Some words.' },
    alert: { content: 'Mind this.' },
  };
  return { ...base, ...byType[type], ...extra };
}

// A typical stored answer of each answerable type, to render filled controls.
export const SAMPLE_ANSWERS: Partial<Record<FieldType, unknown>> = {
  char_field: 'Acme Ltd',
  text: 'Long text',
  decimal: 12.5,
  integer: 3,
  currency: { amount: 100, currency: 'EUR' },
  slider: 4,
  rating: 3,
  checkbox: true,
  bool: false,
  single_select: 'low',
  radio: 'high',
  multi_select: ['low'],
  grouped_checkbox: ['high'],
  cascader: ['eu', 'fr'],
  badge_tags: ['urgent'],
  country_single_select: 'FR',
  country_multi_select: ['DE', 'FR'],
  date: '2026-03-04T00:00:00.000Z',
  naive_date: '2026-03-04',
  relative_date: '30d',
  email: 'a@example.com',
  url: 'https://example.com',
  phone: '+442079460958',
  file: { id: 1, name: 'a.pdf', size: 1200, content_type: 'application/pdf' },
  multi_file: [{ id: 2, name: 'b.pdf', size: 10, content_type: 'application/pdf' }],
  table: [{ item: 'Desk', amount: 3 }],
  json: { a: 1 },
  array: [1, 'two'],
  html: '<p>Hello</p>',
  region: 1,
};

export const ALL_TYPES = FIELD_TYPES;
