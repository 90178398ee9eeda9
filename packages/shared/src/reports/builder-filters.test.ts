import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ConditionGroup } from '../filters/condition-group.js';
import { ATTRIBUTE_TYPES, FILTER_OPERATORS } from '../filters/operators.js';
import { conditionGroupOfReportFilters, reportFiltersOfConditionGroup } from './builder-filters.js';
import { ReportConfigSchema } from './config.js';

const conditionArb = fc.record(
  {
    field: fc.constantFrom(
      'workflow__status',
      'workflow__created_at',
      'field__a__b__c__d',
      'step__a__b__c__completed_at',
    ),
    type: fc.constantFrom(...ATTRIBUTE_TYPES),
    operator: fc.option(fc.constantFrom(...FILTER_OPERATORS), { nil: null }),
    value: fc.oneof(
      fc.constant(null),
      fc.string({ maxLength: 8 }),
      fc.integer(),
      fc.boolean(),
      fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
    ),
  },
  { requiredKeys: ['field', 'operator', 'value'] },
);

const groupArb = fc.letrec((tie) => ({
  group: fc.record({
    compareType: fc.constantFrom('AND' as const, 'OR' as const),
    conditions: fc.array(conditionArb, { maxLength: 3 }),
    groups: fc.oneof(
      { maxDepth: 3 },
      fc.constant([]),
      fc.array(tie('group') as fc.Arbitrary<ConditionGroup>, { maxLength: 2 }),
    ),
  }),
})).group as fc.Arbitrary<ConditionGroup>;

describe('report filters and the dashboard filter builder (spec 2 §3.8)', () => {
  it('a builder group survives the trip through the report naming, and the report schema accepts it', () => {
    fc.assert(
      fc.property(groupArb, (group) => {
        const report = reportFiltersOfConditionGroup(group);
        expect(conditionGroupOfReportFilters(report)).toEqual(group);
        const parsed = ReportConfigSchema.safeParse({ filters: report });
        // Depth is bounded by the schema (5); the arbitrary stays within it.
        expect(parsed.success).toBe(true);
        if (parsed.success) expect(conditionGroupOfReportFilters(parsed.data.filters)).toEqual(group);
      }),
    );
  });

  it('names every key as §3.8 does, leaves before groups, a missing operator or value as null', () => {
    const report = reportFiltersOfConditionGroup({
      compareType: 'OR',
      conditions: [
        { field: 'workflow__status', type: 'choice', operator: 'in', value: ['open'] },
        { field: 'workflow__name' },
      ],
      groups: [
        { compareType: 'AND', conditions: [{ field: 'workflow__id', operator: 'gt', value: 3 }], groups: [] },
      ],
    });
    expect(report).toEqual({
      type: 'OR',
      conditions: [
        {
          lhs_type: 'attribute',
          data_type: 'choice',
          lhs_source: 'workflow__status',
          op: 'in',
          rhs_value: ['open'],
          extra_json: {},
        },
        { lhs_type: 'attribute', lhs_source: 'workflow__name', op: null, rhs_value: null, extra_json: {} },
        {
          type: 'AND',
          conditions: [
            { lhs_type: 'attribute', lhs_source: 'workflow__id', op: 'gt', rhs_value: 3, extra_json: {} },
          ],
        },
      ],
    });
  });

  it('reads a stored group whose leaves and groups are interleaved, keeping the order of each', () => {
    const leaf = (lhs_source: string) => ({
      lhs_type: 'attribute' as const,
      lhs_source,
      op: 'is_set' as const,
      rhs_value: null,
      extra_json: {},
    });
    const group = conditionGroupOfReportFilters({
      type: 'AND',
      conditions: [
        leaf('a'),
        { type: 'OR', conditions: [leaf('b')] },
        leaf('c'),
        { type: 'AND', conditions: [] },
      ],
    });
    expect(group.conditions.map((c) => c.field)).toEqual(['a', 'c']);
    expect(group.groups.map((g) => g.compareType)).toEqual(['OR', 'AND']);
    expect(group.groups[0]?.conditions[0]?.field).toBe('b');
  });
});
