import { CHART_TYPES, ReportConfigSchema, ReportOrderBySchema } from '@attest/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  measure,
  withColumnRelation,
  withColumns,
  withCycleTime,
  withGroupByRelation,
  withGroupBys,
  withOperations,
  withOrderBy,
  withReportKind,
  withWorkflowKind,
} from './builder-edits';
import { configOfForm, formOfReport, formProblem, newReportConfig } from './builder-form';

const STEP = 'onb__intake__details';
const sourceArb = fc.constantFrom(
  'workflow__status_label',
  'workflow__name',
  'workflow__created_at',
  `step__${STEP}__completed_at`,
  'step_group__onb__intake__cycle_time',
  `field__${STEP}__amount`,
);

// Stored configurations as a person could have saved them: every part of §3.8 the builder edits.
const storedArb = fc.record({
  report_kind: fc.constantFrom('workflow', 'orm_workflow', 'integration_call'),
  kind_id: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }),
  chart_type: fc.constantFrom(...CHART_TYPES),
  attributes: fc.array(
    fc.record({
      value: sourceArb,
      label: fc.string({ maxLength: 10 }),
      join_relation: fc.constantFrom('self', 'parent', 'children'),
      extra_json: fc.record({ is_hidden: fc.boolean(), added_by: fc.constantFrom('user', 'system') }),
    }),
    { maxLength: 4 },
  ),
  operations: fc.array(
    fc.record({
      function: fc.constantFrom('count', 'sum', 'avg', 'median', 'min', 'max'),
      label: fc.string({ maxLength: 10 }),
      arguments: fc.array(fc.record({ type: fc.constant('column'), value: sourceArb }), { maxLength: 1 }),
    }),
    { maxLength: 3 },
  ),
  group_by: fc.array(
    fc.record({
      source: sourceArb,
      extra_json: fc.record({
        label: fc.option(fc.string({ maxLength: 8 }), { nil: null }),
        operation_type: fc.constantFrom(null, 'day', 'week', 'quarter'),
        label_output_type: fc.constantFrom('value', 'label'),
        is_for_secondary_x_axis: fc.boolean(),
      }),
    }),
    { maxLength: 3 },
  ),
  order_by: fc.array(
    fc.record({ type: fc.constant('column'), source: sourceArb, ordering: fc.constantFrom('ASC', 'DESC') }),
    { maxLength: 2 },
  ),
  filters: fc.record({
    type: fc.constantFrom('AND', 'OR'),
    conditions: fc.array(
      fc.record({
        lhs_source: fc.constantFrom('workflow__progress', 'workflow__status'),
        data_type: fc.constantFrom('integer', 'choice'),
        op: fc.constantFrom('gt', 'in', 'is_set'),
        rhs_value: fc.oneof(fc.integer(), fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 })),
        extra_json: fc.dictionary(fc.constantFrom('label', 'group_name'), fc.string({ maxLength: 4 })),
      }),
      { maxLength: 2 },
    ),
  }),
  other_configurations: fc.record(
    {
      colors: fc.record({
        active_color_type: fc.constantFrom('singleTone', 'spectrum', 'custom'),
        single_tone: fc.option(fc.constant('#1f5fbf'), { nil: null }),
        custom: fc.array(fc.constantFrom('#ff0000', '#00ff00'), { maxLength: 3 }),
      }),
      show_legend: fc.constantFrom('bottom', 'top', 'left', 'right', 'none'),
      chart_orientation: fc.constantFrom('vertical', 'horizontal'),
      show_value_labels: fc.boolean(),
      show_value_on: fc.constantFrom('always', 'hover', 'click'),
      show_x_axis_label: fc.boolean(),
      x_axis_label: fc.option(fc.string({ maxLength: 10 }), { nil: null }),
      value_label_angle: fc.integer({ min: -90, max: 90 }),
      is_stacked_bar_chart: fc.option(fc.boolean(), { nil: null }),
      is_grouped_bar_chart: fc.option(fc.boolean(), { nil: null }),
      percentage_threshold: fc.integer({ min: 0, max: 100 }),
      scale: fc.integer({ min: 1, max: 20 }),
      precision: fc.integer({ min: 0, max: 10 }),
      geo_map_theme: fc.constantFrom('streets', 'dark_globe'),
      data_order: fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
      display_value_as_percentage: fc.boolean(),
      percentage_calculation_type: fc.constantFrom('row', 'column', 'table'),
      is_cycle_time_report: fc.boolean(),
      cycle_time_tag: fc.option(fc.constant('onb__intake'), { nil: null }),
    },
    { requiredKeys: [] },
  ),
});

const facts = (source: string) => ({
  label: source.replace('workflow__', ''),
  data_type: source.endsWith('created_at') ? ('date' as const) : ('text' as const),
  field_type: null,
});

describe('the report builder form (spec 2 §3.7, §3.8)', () => {
  it('config → form → config keeps every part of a stored configuration, through JSON too', () => {
    fc.assert(
      fc.property(storedArb, (stored) => {
        const config = ReportConfigSchema.parse(stored);
        const { form, invalid } = formOfReport({ name: 'R', description: 'D', config: stored });
        expect(invalid).toBe(false);
        const sent = JSON.parse(JSON.stringify(configOfForm(form)));
        expect(ReportConfigSchema.parse(sent)).toEqual(config);
      }),
    );
  });

  it('an invalid stored configuration starts from a new report and says so (§8)', () => {
    const { form, invalid } = formOfReport({ name: 'Old', description: '', config: { group_by: 'broken' } });
    expect(invalid).toBe(true);
    expect(form.name).toBe('Old');
    expect(form.config).toEqual(newReportConfig());
  });

  it('a new report is a bar chart that counts', () => {
    const config = newReportConfig();
    expect(config.chart_type).toBe('BAR_CHART');
    expect(config.operations.map((o) => [o.function, o.arguments])).toEqual([['count', []]]);
    expect(config.group_by).toEqual([]);
  });

  it('adding name, status or cycle time adds the hidden helper columns, removing them takes them away (§3.5)', () => {
    const withName = withColumns(newReportConfig(), ['workflow__name'], facts);
    expect(withName.attributes.map((a) => [a.value, a.extra_json.is_hidden, a.extra_json.added_by])).toEqual([
      ['workflow__name', false, 'user'],
      ['workflow__created_at', true, 'system'],
      ['workflow__status_tag', true, 'system'],
      ['workflow__id', true, 'system'],
      ['workflow__is_cycle_running', true, 'system'],
    ]);
    const withStatusToo = withColumns(withName, ['workflow__name', 'workflow__status_label'], facts);
    expect(withStatusToo.attributes.filter((a) => a.extra_json.added_by === 'system')).toHaveLength(4);
    const regionOnly = withColumns(withStatusToo, ['workflow__region_name'], facts);
    expect(regionOnly.attributes.map((a) => a.value)).toEqual(['workflow__region_name']);
  });

  it('the second group-by is the secondary x-axis, a date groups by month, a kept one keeps its settings', () => {
    const one = withGroupBys(newReportConfig(), ['workflow__created_at'], facts);
    expect(one.group_by[0]?.extra_json).toMatchObject({
      operation_type: 'month',
      is_for_secondary_x_axis: false,
    });
    const quarterly = {
      ...one,
      group_by: one.group_by.map((g) => ({
        ...g,
        extra_json: { ...g.extra_json, operation_type: 'quarter' as const },
      })),
    };
    const two = withGroupBys(quarterly, ['workflow__created_at', 'workflow__status_label'], facts);
    expect(
      two.group_by.map((g) => [g.source, g.extra_json.operation_type, g.extra_json.is_for_secondary_x_axis]),
    ).toEqual([
      ['workflow__created_at', 'quarter', false],
      ['workflow__status_label', null, true],
    ]);
    expect(two.group_by[1]?.extra_json.label).toBe('status_label');
    const swapped = withGroupBys(two, ['workflow__status_label', 'workflow__created_at'], facts);
    expect(swapped.group_by.map((g) => g.extra_json.is_for_secondary_x_axis)).toEqual([false, true]);
    expect(
      withGroupBys(
        two,
        ['a', 'b', 'c', 'd'].map((x) => `workflow__${x}`),
        facts,
      ).group_by,
    ).toHaveLength(3);
  });

  it('an ordering follows its group-by and its measure, and goes with them', () => {
    let config = withGroupBys(newReportConfig(), ['workflow__status_label'], facts);
    const count = config.operations[0];
    if (!count) throw new Error('count');
    config = {
      ...config,
      order_by: [
        {
          type: 'column',
          source: 'workflow__status_label',
          ordering: 'DESC',
          operations: [],
          data_type: null,
          join_relation: 'self',
          kind_id: null,
          tag: null,
        },
        {
          type: 'operation',
          source: null,
          ordering: 'ASC',
          operations: [count],
          data_type: null,
          join_relation: 'self',
          kind_id: null,
          tag: null,
        },
      ],
    };
    const renamed = withOperations(config, [{ ...count, label: 'How many' }]);
    expect(renamed.order_by[1]?.operations[0]?.label).toBe('How many');
    const noMeasures = withOperations(renamed, [measure('avg', 'workflow__cycle_time', 'Avg')].slice(1));
    expect(noMeasures.order_by.map((o) => o.type)).toEqual(['column']);
    expect(withGroupBys(noMeasures, [], facts).order_by).toEqual([]);
  });

  it('another report or workflow kind drops the columns and filters that do not belong to it', () => {
    let config = withGroupBys(newReportConfig(), ['workflow__status_label', `field__${STEP}__amount`], facts);
    config = withOperations(config, [measure('sum', `field__${STEP}__amount`, 'Sum')]);
    config = {
      ...config,
      kind_id: 4,
      filters: {
        type: 'AND',
        conditions: [
          {
            lhs_type: 'attribute',
            lhs_source: 'workflow__status',
            op: 'is_set',
            rhs_value: null,
            extra_json: {},
          },
          {
            lhs_type: 'attribute',
            lhs_source: `field__${STEP}__amount`,
            op: 'is_set',
            rhs_value: null,
            extra_json: {},
          },
        ],
      },
    };
    const otherKind = withWorkflowKind(withCycleTime(config, true, 'onb__intake'), 5);
    expect(otherKind.group_by.map((g) => g.source)).toEqual(['workflow__status_label']);
    expect(otherKind.operations).toEqual([]);
    expect(otherKind.filters.conditions).toHaveLength(1);
    expect(otherKind.other_configurations.cycle_time_tag).toBeNull();
    const email = withReportKind(config, 'email_delivery');
    expect([email.group_by, email.filters.conditions, email.kind_id]).toEqual([[], [], null]);
  });

  it('an ORM column or group-by reads its related workflows; leaving ORM reads the workflow itself again', () => {
    let config = withReportKind(newReportConfig(), 'orm_workflow');
    config = withColumns(config, ['workflow__region_name'], facts);
    config = withGroupBys(config, ['workflow__status_label'], facts);
    config = withGroupByRelation(
      withColumnRelation(config, 'workflow__region_name', 'parent'),
      0,
      'children',
    );
    expect(config.attributes[0]?.join_relation).toBe('parent');
    expect(config.group_by[0]?.join_relation).toBe('children');
    const plain = withReportKind(config, 'workflow');
    expect([plain.attributes[0]?.join_relation, plain.group_by[0]?.join_relation]).toEqual(['self', 'self']);
  });

  it('save needs a name, and a measure other than a count needs its column', () => {
    const form = formOfReport(null).form;
    expect(formProblem(form)).toBe('reports.builder.problems.name');
    const named = { ...form, name: 'R' };
    expect(formProblem(named)).toBeNull();
    const avg = { ...named, config: withOperations(named.config, [measure('avg', null, 'Avg')]) };
    expect(formProblem(avg)).toBe('reports.builder.problems.measureColumn');
    expect(formProblem({ ...avg, config: withCycleTime(avg.config, true, null) })).toBeNull();
  });

  it('a new sort clears the order the bars were dragged into (spec 2 §4.2)', () => {
    const dragged = ReportConfigSchema.parse({
      group_by: [{ source: 'workflow__status_label' }],
      other_configurations: { data_order: ['Rejected', 'Approved'] },
    });
    const sorted = withOrderBy(dragged, [
      ReportOrderBySchema.parse({ type: 'column', source: 'workflow__status_label', ordering: 'DESC' }),
    ]);
    expect(sorted.order_by).toHaveLength(1);
    expect(sorted.other_configurations.data_order).toEqual([]);
  });
});
