import { describe, expect, it } from 'vitest';
import {
  addField,
  newObjectType,
  removeField,
  setFieldLabel,
  setFieldTag,
  setFieldType,
} from './object-model';

const supplier = () => {
  const draft = addField(newObjectType('Supplier', 'supplier', 'Name'), 'char_field', 'VAT number');
  return { ...draft, unique_keys: [['vat_number'], ['name', 'vat_number']], list_columns: ['vat_number'] };
};

describe('object type edits', () => {
  it('gives a new field a free tag from its label', () => {
    const draft = addField(supplier(), 'email', 'VAT number');
    expect(draft.fields.map((f) => f.tag)).toEqual(['name', 'vat_number', 'vat_number_2']);
  });

  it('renames the title, keys and list columns with a field’s tag', () => {
    const draft = setFieldTag(supplier(), 1, 'vat');
    expect(draft.unique_keys).toEqual([['vat'], ['name', 'vat']]);
    expect(draft.list_columns).toEqual(['vat']);
    expect(setFieldTag(supplier(), 0, 'legal_name').title_field).toBe('legal_name');
  });

  it('lets an unsaved field’s tag follow its label, and keeps a saved field’s tag', () => {
    expect(setFieldLabel(supplier(), 1, 'Tax id', false).fields[1]?.tag).toBe('tax_id');
    expect(setFieldLabel(supplier(), 1, 'Tax id', true).fields[1]?.tag).toBe('vat_number');
    // A tag typed by hand stays.
    const typed = setFieldTag(supplier(), 1, 'vat');
    expect(setFieldLabel(typed, 1, 'Tax id', false).fields[1]?.tag).toBe('vat');
  });

  it('takes a removed field out of the keys, dropping a key left empty', () => {
    const draft = removeField(supplier(), 1);
    expect(draft.unique_keys).toEqual([['name']]);
    expect(draft.list_columns).toEqual([]);
  });

  it('keeps tag, label and required when a field changes type, and adds the new type’s options', () => {
    const required = { ...supplier() };
    required.fields = required.fields.map((f) => (f.tag === 'vat_number' ? { ...f, required: true } : f));
    const field = setFieldType(required, 1, 'single_select').fields[1];
    expect(field).toMatchObject({
      tag: 'vat_number',
      label: 'VAT number',
      required: true,
      type: 'single_select',
    });
    expect(field?.options).toHaveLength(2);
  });
});
