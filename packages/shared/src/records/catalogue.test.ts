import { describe, expect, it } from 'vitest';
import { validateConditionGroup } from '../filters/index.js';
import { recordCatalogue } from './catalogue.js';
import { ObjectTypeDefinitionSchema } from './object-type-schema.js';

const definition = ObjectTypeDefinitionSchema.parse({
  tag: 'supplier',
  name: 'Supplier',
  fields: [
    { tag: 'name', type: 'char_field', label: 'Name', required: true },
    { tag: 'country', type: 'country_single_select', label: 'Country' },
    { tag: 'tier', type: 'single_select', label: 'Tier', options: [{ value: 'a', label: 'A' }] },
  ],
  title_field: 'name',
});

describe('recordCatalogue', () => {
  it('names record columns and fields with the report prefixes, places only where the type has them', () => {
    const paths = recordCatalogue(definition).map((a) => a.path);
    expect(paths).toEqual([
      'record__id',
      'record__title',
      'record__created_at',
      'record__updated_at',
      'record__created_by',
      'record_field__name',
      'record_field__country',
      'record_field__tier',
    ]);
    const withPlaces = recordCatalogue({ ...definition, has_region: true, has_business_unit: true });
    expect(withPlaces.map((a) => a.path)).toContain('record__business_unit');
    expect(recordCatalogue(definition).find((a) => a.path === 'record_field__tier')?.options).toEqual([
      { value: 'a', label: 'A' },
    ]);
  });

  it('serves the shared filter validation', () => {
    const catalogue = recordCatalogue(definition);
    const group = (field: string, type: 'choice' | 'char') => ({
      compareType: 'AND' as const,
      conditions: [{ field, type, operator: 'eq' as const, value: 'DE' }],
      groups: [],
    });
    expect(validateConditionGroup(group('record_field__country', 'choice'), catalogue)).toEqual({
      valid: true,
      problems: [],
    });
    expect(validateConditionGroup(group('record__title', 'char'), catalogue).valid).toBe(true);
    // A workflow path is not a record's.
    const problems = validateConditionGroup(group('field__country', 'choice'), catalogue).problems;
    expect(problems.map((p) => p.key)).toEqual(['unknownAttribute']);
  });
});
