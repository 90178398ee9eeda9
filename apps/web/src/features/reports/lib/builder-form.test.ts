import { ReportConfigSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { configOfForm, EMPTY_FORM, formOfConfig } from './builder-form';

describe('the simple report builder form', () => {
  it('writes a configuration the shared schema accepts, dates truncated, the second group the secondary axis', () => {
    const form = {
      ...EMPTY_FORM,
      name: 'Average cycle time',
      groupBy: ['created_at' as const, 'region_name' as const],
      dateGrouping: 'quarter' as const,
      aggregation: 'avg' as const,
      measure: 'cycle_time' as const,
    };
    const config = ReportConfigSchema.parse(configOfForm(form));
    expect(
      config.group_by.map((g) => [
        g.source,
        g.extra_json.operation_type,
        g.extra_json.is_for_secondary_x_axis,
      ]),
    ).toEqual([
      ['workflow__created_at', 'quarter', false],
      ['workflow__region_name', null, true],
    ]);
    expect(config.operations[0]).toMatchObject({
      function: 'avg',
      arguments: [{ type: 'column', value: 'workflow__cycle_time' }],
    });
    expect(formOfConfig(form.name, config)).toEqual(form);
  });

  it('counts without an argument', () => {
    const config = ReportConfigSchema.parse(configOfForm({ ...EMPTY_FORM, measure: 'progress' }));
    expect(config.operations[0]).toMatchObject({ function: 'count', arguments: [] });
    expect(formOfConfig('x', config).measure).toBeNull();
  });

  it('keeps what the form does not show when editing, and the orderings of columns still grouped by', () => {
    const stored = ReportConfigSchema.parse({
      ...configOfForm({ ...EMPTY_FORM, groupBy: ['status_tag', 'region_name'] }),
      order_by: [
        { type: 'column', source: 'workflow__status_tag', ordering: 'DESC' },
        { type: 'column', source: 'workflow__region_name', ordering: 'ASC' },
      ],
      filters: { type: 'AND', conditions: [{ lhs_source: 'workflow__status', op: 'in', rhs_value: [1] }] },
      other_configurations: { show_value_on: 'hover' },
    });
    const edited = ReportConfigSchema.parse(
      configOfForm({ ...formOfConfig('x', stored), groupBy: ['status_tag'] }, undefined, stored),
    );
    expect(edited.order_by).toEqual([stored.order_by[0]]);
    expect(edited.filters).toEqual(stored.filters);
    expect(edited.other_configurations.show_value_on).toBe('hover');
    expect(edited.group_by.map((g) => g.source)).toEqual(['workflow__status_tag']);
  });
});
