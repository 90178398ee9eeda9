import { describe, expect, it } from 'vitest';
import { CreateBatchImportQuerySchema, ImportMappingRequestSchema } from './api.js';

function messages(
  schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) {
  return (schema.safeParse(value).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

const column = (index: number, target: unknown) => ({ index, header: `Column ${index + 1}`, target });

describe('ImportMappingRequestSchema', () => {
  it('accepts a mapping with skipped columns and defaults to create', () => {
    const parsed = ImportMappingRequestSchema.parse({
      columns: [column(0, { kind: 'field', field_tag: 'name' }), column(1, null)],
    });
    expect(parsed.mode).toBe('create');
  });

  it('refuses a target mapped from two columns, and a column mapped twice', () => {
    expect(
      messages(ImportMappingRequestSchema, {
        columns: [
          column(0, { kind: 'field', field_tag: 'name' }),
          column(1, { kind: 'field', field_tag: 'name' }),
        ],
      }),
    ).toEqual(["columns.1.target: 'name' is mapped from two columns. Map each to one column."]);
    expect(
      messages(ImportMappingRequestSchema, {
        columns: [column(0, { kind: 'attribute', attribute: 'region' }), column(0, null)],
      }),
    ).toEqual(['columns.1.index: Column 1 is mapped twice.']);
  });

  it('needs a key to update, and refuses one to create', () => {
    const columns = [column(0, { kind: 'attribute', attribute: 'id' })];
    expect(messages(ImportMappingRequestSchema, { columns, mode: 'update' })).toEqual([
      "key_name: Choose the key that finds what to update: 'id' or a unique key.",
    ]);
    expect(messages(ImportMappingRequestSchema, { columns, mode: 'create', key_name: 'id' })).toEqual([
      'key_name: A key finds what to update: choose update or upsert, or leave the key out.',
    ]);
    expect(messages(ImportMappingRequestSchema, { columns, mode: 'upsert', key_name: 'vat_number' })).toEqual(
      [],
    );
  });
});

describe('CreateBatchImportQuerySchema', () => {
  it('takes an object type for records and a kind for workflows', () => {
    expect(messages(CreateBatchImportQuerySchema, { target: 'records', object_type: 'supplier' })).toEqual(
      [],
    );
    expect(messages(CreateBatchImportQuerySchema, { target: 'workflows', kind_id: '3' })).toEqual([]);
    expect(messages(CreateBatchImportQuerySchema, { target: 'records', kind_id: '3' })).toEqual([
      ': Choose an object type, or a workflow kind, to import into.',
    ]);
  });
});
