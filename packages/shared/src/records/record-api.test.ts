import { describe, expect, it } from 'vitest';
import { CreateRecordRequestSchema, RecordListQuerySchema, UpdateRecordRequestSchema } from './record-api.js';

function messages(schema: typeof RecordListQuerySchema, value: unknown): string[] {
  return (schema.safeParse(value).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('RecordListQuerySchema', () => {
  it('defaults to the newest first, twenty at a time, archived left out', () => {
    expect(RecordListQuerySchema.parse({})).toEqual({
      limit: 20,
      offset: 0,
      ordering: '-created_at',
      archived: false,
    });
  });

  it('reads ids, flags, orderings by field and a condition group', () => {
    const group = {
      compareType: 'AND',
      conditions: [{ field: 'record_field__country', operator: 'eq', value: 'DE' }],
    };
    const query = RecordListQuerySchema.parse({
      region__in: '3, 4',
      archived: 'true',
      ordering: '-field__vat_number',
      advanced_filters: JSON.stringify(group),
    });
    expect(query.region__in).toEqual([3, 4]);
    expect(query.archived).toBe(true);
    expect(query.ordering).toBe('-field__vat_number');
    expect(query.advanced_filters).toEqual({ ...group, groups: [] });
  });

  it('answers a bad parameter with its name and a message', () => {
    expect(messages(RecordListQuerySchema, { region__in: '3,x' })).toEqual([
      'region__in: Give regions as ids separated by commas.',
    ]);
    expect(messages(RecordListQuerySchema, { ordering: 'name' })).toEqual([
      'ordering: Order by title, created_at, updated_at, id or field__<tag>.',
    ]);
    expect(messages(RecordListQuerySchema, { advanced_filters: '{' })).toEqual([
      'advanced_filters: advanced_filters is not valid JSON.',
    ]);
    expect(messages(RecordListQuerySchema, { limit: '101' })[0]).toMatch(/^limit: /);
  });
});

describe('record requests', () => {
  it('takes values by field tag and needs the revision to update', () => {
    expect(
      CreateRecordRequestSchema.safeParse({ values: { vat_number: 'DE123' }, region_id: 2 }).success,
    ).toBe(true);
    expect(CreateRecordRequestSchema.safeParse({ values: { a__b: 1 } }).success).toBe(false);
    expect(UpdateRecordRequestSchema.safeParse({ values: { name: 'Acme' } }).success).toBe(false);
    expect(UpdateRecordRequestSchema.safeParse({ revision: 3, business_unit_id: null }).success).toBe(true);
  });
});
