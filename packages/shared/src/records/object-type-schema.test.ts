import { describe, expect, it } from 'vitest';
import {
  type ObjectTypeDefinitionInput,
  ObjectTypeDefinitionSchema,
  recordListColumns,
  uniqueKeyName,
} from './object-type-schema.js';

const supplier = (): ObjectTypeDefinitionInput => ({
  tag: 'supplier',
  name: 'Supplier',
  fields: [
    { tag: 'name', type: 'char_field', label: 'Name', required: true },
    { tag: 'vat_number', type: 'char_field', label: 'VAT number', required: true },
    { tag: 'country', type: 'country_single_select', label: 'Country', required: true },
    { tag: 'website', type: 'url', label: 'Website' },
    { tag: 'contact_email', type: 'email', label: 'Contact e-mail' },
  ],
  title_field: 'name',
  unique_keys: [['vat_number']],
  relations: [
    { tag: 'onboardings', label: 'Onboardings', target: { kind_tag: 'supplier_onboarding' }, many: true },
  ],
  has_region: true,
});

function messages(definition: unknown): string[] {
  return (ObjectTypeDefinitionSchema.safeParse(definition).error?.issues ?? []).map(
    (issue) => `${issue.path.join('.')}: ${issue.message}`,
  );
}

function withFields(...fields: object[]) {
  const base = supplier();
  return { ...base, fields: [...base.fields, ...fields] };
}

describe('ObjectTypeDefinitionSchema', () => {
  it('accepts a supplier and fills the defaults', () => {
    const parsed = ObjectTypeDefinitionSchema.parse({
      tag: 'supplier',
      name: 'Supplier',
      fields: [{ tag: 'name', type: 'char_field', label: 'Name', required: true }],
      title_field: 'name',
    });
    expect(parsed).toMatchObject({
      unique_keys: [],
      relations: [],
      has_region: false,
      has_business_unit: false,
    });
    expect(messages(supplier())).toEqual([]);
  });

  it('refuses a field tag used twice, with the message', () => {
    expect(messages(withFields({ tag: 'country', type: 'text', label: 'Country again' }))).toEqual([
      "fields.5.tag: The field 'country' is repeated.",
    ]);
  });

  it('names fields by one tag segment, not a step path', () => {
    expect(messages(withFields({ tag: 'kind__group__step__x', type: 'text', label: 'X' }))).toEqual([
      'fields.5.tag: Use lower-case letters, digits and single underscores, starting with a letter.',
    ]);
  });

  it('refuses a title field that is not a field, not text, or not required', () => {
    expect(messages({ ...supplier(), title_field: 'title' })).toEqual([
      "title_field: The title field 'title' is not a field of this object type.",
    ]);
    expect(messages({ ...supplier(), title_field: 'country' })).toEqual([
      "title_field: The title field must be a char_field or text field; 'country' is a country_single_select field.",
    ]);
    expect(messages({ ...supplier(), title_field: 'website' })).toEqual([
      "title_field: The title field must be a char_field or text field; 'website' is a url field.",
    ]);
    const optionalTitle = supplier();
    optionalTitle.fields = [
      { tag: 'name', type: 'char_field', label: 'Name' },
      ...optionalTitle.fields.slice(1),
    ];
    expect(messages(optionalTitle)).toEqual([
      "title_field: The title field 'name' must be required: every record has a title.",
    ]);
  });

  it('refuses unique keys on unknown, repeated or multi-value fields, and repeated keys', () => {
    expect(messages({ ...supplier(), unique_keys: [['vat']] })).toEqual([
      "unique_keys.0.0: The unique key names 'vat', which is not a field of this object type.",
    ]);
    expect(messages({ ...supplier(), unique_keys: [['name', 'name']] })).toEqual([
      "unique_keys.0.1: The unique key names 'name' twice.",
    ]);
    expect(
      messages({
        ...withFields({
          tag: 'tags',
          type: 'multi_select',
          label: 'Tags',
          options: [{ value: 'a', label: 'A' }],
        }),
        unique_keys: [['tags']],
      }),
    ).toEqual(["unique_keys.0.0: A unique key compares single values; 'tags' is a multi_select field."]);
    expect(
      messages({
        ...supplier(),
        unique_keys: [
          ['name', 'country'],
          ['country', 'name'],
        ],
      }),
    ).toEqual(['unique_keys.1: This unique key repeats key 1.']);
  });

  it('bounds unique keys and relations', () => {
    const keys = Array.from({ length: 6 }, () => ['vat_number']);
    expect(messages({ ...supplier(), unique_keys: keys })[0]).toMatch(/^unique_keys: Too big/);
    const relation = supplier().relations?.[0];
    const relations = Array.from({ length: 21 }, (_, i) => ({ ...relation, tag: `r${i}` }));
    expect(messages({ ...supplier(), relations })[0]).toMatch(/^relations: Too big/);
  });

  it('refuses a relation tag used twice and a relation without one target', () => {
    const relation = { tag: 'parent', label: 'Parent', target: { object_type_tag: 'supplier' }, many: false };
    expect(messages({ ...supplier(), relations: [relation, relation] })).toEqual([
      "relations.1.tag: The relation 'parent' is repeated.",
    ]);
    expect(
      messages({
        ...supplier(),
        relations: [{ ...relation, target: { object_type_tag: 'a', kind_tag: 'b' } }],
      }),
    ).toHaveLength(1);
  });

  it('refuses file, place, workflow-bound and display fields with their own message', () => {
    expect(messages(withFields({ tag: 'contract', type: 'file', label: 'Contract' }))).toEqual([
      'fields.5.type: File fields are not available on object types yet.',
    ]);
    expect(messages(withFields({ tag: 'area', type: 'region', label: 'Area' }))).toEqual([
      "fields.5.type: Region and business unit are a record's own: turn on has_region or has_business_unit instead of adding a field.",
    ]);
    expect(messages(withFields({ tag: 'manager', type: 'owner', label: 'Manager' }))).toEqual([
      'fields.5.type: An owner field picks from workflows or the people working on them, which records do not have.',
    ]);
    expect(messages(withFields({ tag: 'note', type: 'paragraph', label: 'Note' }))).toEqual([
      'fields.5.type: A paragraph field only shows content in a workflow step; an object type holds data fields.',
    ]);
    expect(messages(withFields({ tag: 'rows', type: 'table', label: 'Rows' }))[0]).toMatch(
      /^fields\.5\.(type|columns): /,
    );
  });

  it('keeps every workflow field rule on object fields', () => {
    expect(messages(withFields({ tag: 'category', type: 'single_select', label: 'Category' }))).toEqual([
      'fields.5.options: A single_select field needs options.',
    ]);
    expect(
      messages(withFields({ tag: 'score', type: 'integer', label: 'Score', validation: { min: 5, max: 1 } })),
    ).toEqual(['fields.5.validation.min: min must not be greater than max.']);
    // A workflow-only property is not an object field's.
    expect(
      messages(withFields({ tag: 'x', type: 'text', label: 'X', visible_when: { field: 'a', equals: 'b' } })),
    ).toHaveLength(1);
  });

  it('needs the object type of a data_object field', () => {
    expect(messages(withFields({ tag: 'parent', type: 'data_object', label: 'Parent' }))).toEqual([
      'fields.5.object_type_tag: A data_object field names the object type it picks from (object_type_tag).',
    ]);
    expect(
      messages(
        withFields({ tag: 'parent', type: 'data_object', label: 'Parent', object_type_tag: 'supplier' }),
      ),
    ).toEqual([]);
  });

  it('puts a business unit inside a region', () => {
    expect(messages({ ...supplier(), has_region: false, has_business_unit: true })).toEqual([
      'has_business_unit: A business unit sits inside a region: turn on has_region too.',
    ]);
  });

  it('checks list columns and picks defaults', () => {
    expect(messages({ ...supplier(), list_columns: ['country', 'nope', 'country'] })).toEqual([
      "list_columns.1: The list column 'nope' is not a field of this object type.",
      "list_columns.2: The list column 'country' is repeated.",
    ]);
    const parsed = ObjectTypeDefinitionSchema.parse(supplier());
    expect(recordListColumns(parsed).map((f) => f.tag)).toEqual(['vat_number', 'country']);
    expect(recordListColumns({ ...parsed, list_columns: ['website'] }).map((f) => f.tag)).toEqual([
      'website',
    ]);
  });

  it('names a unique key by its fields', () => {
    expect(uniqueKeyName(['name', 'country'])).toBe('name+country');
  });
});
