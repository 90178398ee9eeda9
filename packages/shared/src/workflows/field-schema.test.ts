import { describe, expect, it } from 'vitest';
import { FieldSchema } from './field-schema.js';

const tag = 'kind__group__step__field';

function messages(value: unknown): string[] {
  return (FieldSchema.safeParse({ tag, label: 'Field', ...(value as object) }).error?.issues ?? []).map(
    (issue) => `${issue.path.join('.')}: ${issue.message}`,
  );
}

describe('FieldSchema', () => {
  it('accepts a plain field', () => {
    expect(messages({ type: 'char_field', required: true, validation: { max_length: 100 } })).toEqual([]);
  });

  it('needs options on choice types, and only there', () => {
    expect(messages({ type: 'single_select' })).toEqual(['options: A single_select field needs options.']);
    expect(messages({ type: 'text', options: [{ value: 'a', label: 'A' }] })).toEqual([
      'options: Options apply only to single_select, multi_select, radio, grouped_checkbox fields.',
    ]);
  });

  it('refuses repeated option values and grouped options without a group', () => {
    expect(
      messages({
        type: 'grouped_checkbox',
        options: [
          { value: 'a', label: 'A', group: 'G' },
          { value: 'a', label: 'A again' },
        ],
      }),
    ).toEqual([
      "options.1.value: The option value 'a' is repeated.",
      'options.1.group: A grouped_checkbox option needs a group.',
    ]);
  });

  it('bounds cascader depth', () => {
    let options = [{ value: 'leaf', label: 'Leaf' }];
    for (let i = 0; i < 5; i++)
      options = [{ value: `l${i}`, label: 'L', children: options } as (typeof options)[0]];
    expect(messages({ type: 'cascader', cascader_options: options })).toEqual([
      'cascader_options: Cascader options nest at most 5 levels.',
    ]);
    expect(messages({ type: 'cascader' })).toEqual([
      'cascader_options: cascader_options are required on, and only on, cascader fields.',
    ]);
  });

  it('keeps type-specific settings on their types', () => {
    expect(messages({ type: 'slider' })).toEqual([
      'validation: A slider field needs validation.min and validation.max.',
    ]);
    expect(messages({ type: 'child_workflow' })).toEqual([
      'child_kind_tag: child_kind_tag is required on, and only on, child_workflow fields.',
    ]);
    expect(messages({ type: 'text', columns: [{ tag: 'a', type: 'text', label: 'A' }] })).toEqual([
      'columns: columns are required on, and only on, table fields.',
    ]);
    expect(messages({ type: 'paragraph', required: true })).toEqual([
      'required: A paragraph field takes no answer, so it cannot be required.',
    ]);
  });

  it('names an object type on data_object fields only', () => {
    expect(messages({ type: 'data_object', object_type_tag: 'supplier' })).toEqual([]);
    // Definitions stored before object types existed have none, and still load.
    expect(messages({ type: 'data_object' })).toEqual([]);
    expect(messages({ type: 'integer', object_type_tag: 'supplier' })).toEqual([
      'object_type_tag: object_type_tag applies only to data_object fields.',
    ]);
    expect(messages({ type: 'data_object', object_type_tag: 'Supplier' })).toEqual([
      'object_type_tag: Use lower-case letters, digits and single underscores, starting with a letter.',
    ]);
  });

  it('shows only http(s) addresses in an iframe or pdf_viewer', () => {
    expect(messages({ type: 'iframe', content: 'https://status.example.com' })).toEqual([]);
    expect(messages({ type: 'pdf_viewer', content: 'javascript:alert(1)' })).toEqual([
      'content: A pdf_viewer field shows a web address starting with https://.',
    ]);
  });

  it('refuses bounds the wrong way round', () => {
    expect(messages({ type: 'integer', validation: { min: 10, max: 1 } })).toEqual([
      'validation.min: min must not be greater than max.',
    ]);
    expect(
      messages({ type: 'naive_date', validation: { min_date: '2026-02-01', max_date: '2026-01-01' } }),
    ).toEqual(['validation.min_date: min_date must not be greater than max_date.']);
  });

  it('checks table columns: plain types, single-segment tags, no repeats', () => {
    const columns = [
      { tag: 'clause', type: 'char_field', label: 'Clause' },
      { tag: 'clause', type: 'bool', label: 'Again' },
    ];
    expect(messages({ type: 'table', columns })).toEqual(["columns.1.tag: The column 'clause' is repeated."]);
    expect(messages({ type: 'table', columns: [{ tag: 'f', type: 'file', label: 'F' }] })[0]).toMatch(
      /^columns\.0\.type/,
    );
    expect(messages({ type: 'table', columns: [{ tag: 'a__b', type: 'text', label: 'A' }] })).toEqual([
      'columns.0.tag: Use lower-case letters, digits and single underscores, starting with a letter.',
    ]);
  });

  it('bounds file settings and validates allowed types', () => {
    expect(messages({ type: 'file', validation: { max_size_bytes: 101 * 1024 * 1024 } })[0]).toMatch(
      /^validation\.max_size_bytes/,
    );
    expect(messages({ type: 'file', validation: { allowed_types: ['pdf'] } })).toEqual([
      "validation.allowed_types.0: Use a content type ('image/*') or an extension ('.pdf').",
    ]);
  });
});
