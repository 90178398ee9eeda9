import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { camelToSnake, snakeToCamel, toClientConfig, toServerConfig } from './client-config.js';
import {
  CHART_TYPES,
  parseReportConfig,
  REPORT_KIND_LABELS,
  ReportAttributeSchema,
  type ReportConfig,
  ReportConfigSchema,
  ReportResultSchema,
} from './config.js';
import { HELPER_COLUMNS, withHelperColumns } from './helper-columns.js';
import { GEO_MAP_THEMES } from './other-configurations.js';
import { parseReportSource, reportSourcePath } from './sources.js';

const STEP = 'onb__intake__details';

describe('report sources (spec 2 §3.4, §3.5)', () => {
  it('reads each prefix and refuses wrong shapes', () => {
    expect(parseReportSource('workflow__status_tag')).toEqual({ kind: 'workflow', attribute: 'status_tag' });
    expect(parseReportSource(`step__${STEP}__completed_at`)).toEqual({
      kind: 'step',
      step_tag: STEP,
      attribute: 'completed_at',
    });
    expect(parseReportSource('step_group__onb__intake__cycle_time')).toEqual({
      kind: 'step_group',
      group_tag: 'onb__intake',
      attribute: 'cycle_time',
    });
    expect(parseReportSource(`field__${STEP}__country`)).toEqual({
      kind: 'field',
      field_tag: `${STEP}__country`,
    });
    // A step tag needs at least 3 segments; a field tag is a step tag plus one.
    expect(parseReportSource('step__onb__intake__completed_at')).toBeNull();
    expect(parseReportSource(`field__${STEP}`)).toBeNull();
    expect(parseReportSource('workflow__password')).toBeNull();
    expect(parseReportSource(`step__${STEP}__drop_table`)).toBeNull();
    expect(parseReportSource('field__a__b__c__D')).toBeNull();
    expect(parseReportSource('nothing')).toBeNull();
    expect(parseReportSource('integration_call__duration')).toEqual({
      kind: 'integration_call',
      attribute: 'duration',
    });
    expect(parseReportSource('email__recipient_domain')).toEqual({
      kind: 'email',
      attribute: 'recipient_domain',
    });
    // Never the address, subject or body of an e-mail.
    expect(parseReportSource('email__to_address')).toBeNull();
    expect(parseReportSource('email__text_body')).toBeNull();
  });

  it('reads the Object Report prefixes and the import pipeline columns (issue 18)', () => {
    expect(parseReportSource('record__title')).toEqual({ kind: 'record', attribute: 'title' });
    expect(parseReportSource('record_field__tier')).toEqual({ kind: 'record_field', field_tag: 'tier' });
    expect(parseReportSource('linked_workflow__status_tag')).toEqual({
      kind: 'linked_workflow',
      attribute: 'status_tag',
    });
    expect(parseReportSource('workflow__import_pipeline_name')).toEqual({
      kind: 'workflow',
      attribute: 'import_pipeline_name',
    });
    // A record field tag is one segment; a record has no data column to read raw.
    expect(parseReportSource('record_field__a__b')).toBeNull();
    expect(parseReportSource('record_field__')).toBeNull();
    expect(parseReportSource('record__data')).toBeNull();
    expect(parseReportSource('linked_workflow__password')).toBeNull();
    for (const path of ['record__region_name', 'record_field__tier', 'linked_workflow__import_pipeline_id']) {
      const source = parseReportSource(path);
      expect(source && reportSourcePath(source)).toBe(path);
    }
    // object_type_id: null unless given.
    expect(ReportConfigSchema.parse({}).object_type_id).toBeNull();
    expect(ReportConfigSchema.parse({ report_kind: 'object', object_type_id: 3 }).object_type_id).toBe(3);
  });

  it('prints back what it reads', () => {
    for (const path of [
      'workflow__id',
      `step__${STEP}__state`,
      'step_group__onb__intake__ageing',
      `field__${STEP}__x`,
    ]) {
      const source = parseReportSource(path);
      expect(source && reportSourcePath(source)).toBe(path);
    }
  });
});

describe('ReportConfigSchema (spec 2 §3.8)', () => {
  it('fills every default from an empty stored config', () => {
    const config = parseReportConfig({});
    expect(config).not.toBeNull();
    expect(config?.report_kind).toBe('workflow');
    expect(config?.chart_type).toBe('LINE_CHART');
    expect(config?.filters).toEqual({ type: 'AND', conditions: [] });
    expect(config?.other_configurations).toEqual({
      colors: { active_color_type: 'singleTone', single_tone: null, spectrum: [], custom: [] },
      show_legend: 'bottom',
      chart_orientation: 'vertical',
      show_value_labels: true,
      show_value_on: 'always',
      show_x_axis_label: true,
      show_y_axis_label: true,
      x_axis_label: null,
      y_axis_label: null,
      value_label_angle: 0,
      is_stacked_bar_chart: null,
      is_grouped_bar_chart: null,
      percentage_threshold: 0,
      show_percentages_in_value_labels: false,
      scale: 5,
      precision: 0,
      geo_map_theme: 'streets',
      data_order: [],
      display_value_as_percentage: false,
      percentage_calculation_type: 'row',
      cycle_time_tag: null,
      is_cycle_time_report: false,
    });
  });

  it('names the kinds, chart types and map themes of the spec', () => {
    expect(Object.values(REPORT_KIND_LABELS)).toEqual([
      'Workflow Report',
      'ORM Workflow Report',
      'Integration Call Report',
      'Email Delivery Report',
      'Object Report',
    ]);
    expect(CHART_TYPES).toHaveLength(7);
    expect(GEO_MAP_THEMES).toHaveLength(10);
  });

  it('reads the older show_percentages_per_slice and a boolean show_legend', () => {
    const config = parseReportConfig({
      other_configurations: { show_percentages_per_slice: true, show_legend: false },
    });
    expect(config?.other_configurations.show_percentages_in_value_labels).toBe(true);
    expect(config?.other_configurations.show_legend).toBe('none');
  });

  it('parses a full grouped config with nested operations and a filter tree', () => {
    const config = parseReportConfig({
      kind_id: 3,
      chart_type: 'BAR_CHART',
      operations: [{ function: 'avg', arguments: [{ type: 'column', value: `field__${STEP}__amount` }] }],
      group_by: [
        { source: 'workflow__status_tag' },
        {
          source: 'workflow__created_at',
          extra_json: { operation_type: 'month', is_for_secondary_x_axis: true },
        },
      ],
      order_by: [{ type: 'column', source: 'workflow__status_tag', ordering: 'DESC' }],
      filters: {
        type: 'OR',
        conditions: [
          { lhs_source: 'workflow__status', data_type: 'choice', op: 'in', rhs_value: ['open'] },
          {
            type: 'AND',
            conditions: [{ lhs_source: 'workflow__progress', data_type: 'integer', op: 'gt', rhs_value: 10 }],
          },
        ],
      },
    });
    expect(config?.group_by[1]?.extra_json.operation_type).toBe('month');
    expect(config?.operations[0]?.arguments[0]).toEqual({ type: 'column', value: `field__${STEP}__amount` });
  });

  it('answers null for an invalid config, so nothing renders (§8)', () => {
    expect(parseReportConfig(null)).toBeNull();
    expect(parseReportConfig('x')).toBeNull();
    expect(parseReportConfig({ chart_type: 'DONUT' })).toBeNull();
    expect(parseReportConfig({ unknown_key: 1 })).toBeNull();
    expect(parseReportConfig({ group_by: [{ source: 'workflow__nope' }] })).toBeNull();
    expect(parseReportConfig({ operations: [{ function: 'stddev' }] })).toBeNull();
    expect(parseReportConfig({ other_configurations: { scale: 50 } })).toBeNull();
    expect(parseReportConfig({ attributes: Array(51).fill({ value: 'workflow__id' }) })).toBeNull();
    // Operations nest at most 3 deep.
    const nest = (depth: number): unknown =>
      depth === 0
        ? { type: 'column', value: 'workflow__id' }
        : { type: 'operation', function: 'max', arguments: [nest(depth - 1)] };
    expect(parseReportConfig({ operations: [nest(3)] })).not.toBeNull();
    expect(parseReportConfig({ operations: [nest(4)] })).toBeNull();
    // Filters nest at most 5 deep.
    const deep = (depth: number): unknown =>
      depth === 1 ? { type: 'AND', conditions: [] } : { type: 'AND', conditions: [deep(depth - 1)] };
    expect(parseReportConfig({ filters: deep(5) })).not.toBeNull();
    expect(parseReportConfig({ filters: deep(6) })).toBeNull();
  });

  it('results: a header row then value rows, with a count', () => {
    expect(
      ReportResultSchema.safeParse({
        results: [
          ['Status', 'Count'],
          ['open', 3],
        ],
        count: 1,
      }).success,
    ).toBe(true);
  });
});

const sourceArb = fc.constantFrom(
  'workflow__status_tag',
  'workflow__name',
  'workflow__created_at',
  `step__${STEP}__completed_at`,
  'step_group__onb__intake__cycle_time',
  `field__${STEP}__amount`,
);

const configArb = fc.record({
  report_kind: fc.constantFrom('workflow', 'orm_workflow'),
  kind_id: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }),
  chart_type: fc.constantFrom(...CHART_TYPES),
  attributes: fc.array(fc.record({ value: sourceArb, label: fc.string({ maxLength: 10 }) }), {
    maxLength: 3,
  }),
  operations: fc.array(
    fc.record({
      function: fc.constantFrom('count', 'sum', 'avg', 'median'),
      arguments: fc.array(fc.record({ type: fc.constant('column'), value: sourceArb }), { maxLength: 1 }),
      extra_json: fc.record({ axis_name: fc.option(fc.string({ maxLength: 5 }), { nil: null }) }),
    }),
    { maxLength: 2 },
  ),
  group_by: fc.array(
    fc.record({
      source: sourceArb,
      extra_json: fc.record({
        operation_type: fc.constantFrom(null, 'day', 'quarter'),
        is_for_secondary_x_axis: fc.boolean(),
      }),
    }),
    { maxLength: 2 },
  ),
  filters: fc.record({
    type: fc.constantFrom('AND', 'OR'),
    conditions: fc.array(
      fc.record({
        lhs_source: fc.constant('workflow__progress'),
        op: fc.constantFrom('gt', 'lt'),
        rhs_value: fc.integer(),
        extra_json: fc.dictionary(fc.constantFrom('label', 'group_name'), fc.string({ maxLength: 4 })),
      }),
      { maxLength: 2 },
    ),
  }),
  other_configurations: fc.record(
    {
      show_value_labels: fc.boolean(),
      show_value_on: fc.constantFrom('always', 'hover', 'click'),
      display_value_as_percentage: fc.boolean(),
      show_percentages_in_value_labels: fc.boolean(),
      x_axis_label: fc.option(fc.string({ maxLength: 10 }), { nil: null }),
      data_order: fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
      colors: fc.record({
        active_color_type: fc.constantFrom('singleTone', 'custom'),
        custom: fc.array(fc.constant('#ff0000'), { maxLength: 2 }),
      }),
    },
    { requiredKeys: [] },
  ),
});

describe('client naming (spec 2 §3.7)', () => {
  it('names the chart options as the web does', () => {
    const client = toClientConfig(ReportConfigSchema.parse({ group_by: [{ source: 'workflow__id' }] }));
    expect(Object.keys(client).sort()).toEqual(
      [
        'attributes',
        'chartType',
        'filters',
        'kindId',
        'objectTypeId',
        'orderBy',
        'otherConfig',
        'reportKind',
        'xAxis',
        'yAxis',
      ].sort(),
    );
    expect(client.xAxis[0]).toMatchObject({
      source: 'workflow__id',
      extraJson: { isForSecondaryXAxis: false, labelOutputType: 'value' },
    });
    const other = client.otherConfig;
    for (const key of [
      'colors',
      'showXAxisLabel',
      'showYAxisLabel',
      'xAxisLabel',
      'yAxisLabel',
      'showLegend',
      'chartOrientation',
      'shouldShowValueLabels',
      'showValueOn',
      'valueLabelAngle',
      'isCycleTimeReport',
      'cycleTimeTag',
      'isStackedBarChart',
      'isGroupedBarChart',
      'percentageThreshold',
      'shouldShowPercentagesInValueLabels',
      'geoMapTheme',
      'scale',
      'precision',
      'dataOrder',
      'shouldDisplayValueAsPercentage',
      'percentageCalculationType',
    ]) {
      expect(other).toHaveProperty(key);
    }
    expect(other.colors).toEqual({
      activeColorType: 'singleTone',
      singleTone: null,
      spectrum: [],
      custom: [],
    });
    expect(snakeToCamel('show_x_axis_label')).toBe('showXAxisLabel');
    expect(camelToSnake('showXAxisLabel')).toBe('show_x_axis_label');
  });

  it('maps there and back without loss', () => {
    fc.assert(
      fc.property(configArb, (raw) => {
        const config = ReportConfigSchema.parse(raw) as ReportConfig;
        expect(toServerConfig(toClientConfig(config))).toEqual(config);
        // And JSON on the way, as the web stores it.
        expect(toServerConfig(JSON.parse(JSON.stringify(toClientConfig(config))))).toEqual(config);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses what is not a client config', () => {
    expect(toServerConfig(null)).toBeNull();
    expect(toServerConfig({ chartType: 'NOPE' })).toBeNull();
    expect(toServerConfig({ xAxis: [{ source: 'workflow__nope' }] })).toBeNull();
    expect(toServerConfig({ otherConfig: { showValueOn: 'sometimes' } })).toBeNull();
  });
});

describe('hidden helper columns (spec 2 §3.5)', () => {
  const column = (value: string) => ReportAttributeSchema.parse({ value });

  it('adds created_at, status_tag, id and is_cycle_running for name, status or cycle_time', () => {
    for (const trigger of [
      'workflow__name',
      'workflow__status_tag',
      'workflow__status_id',
      'workflow__cycle_time',
    ]) {
      const out = withHelperColumns([column(trigger)]);
      const helpers = out.filter((a) => a.extra_json.added_by === 'system');
      expect(helpers.map((a) => a.value).sort()).toEqual(HELPER_COLUMNS.filter((h) => h !== trigger).sort());
      expect(helpers.every((a) => a.extra_json.is_hidden)).toBe(true);
      expect(out[0]?.value).toBe(trigger);
    }
  });

  it('adds nothing for other columns, is idempotent, and drops helpers no longer needed', () => {
    expect(withHelperColumns([column('workflow__region_name')])).toHaveLength(1);
    const once = withHelperColumns([column('workflow__name'), column('workflow__id')]);
    expect(once.map((a) => a.value)).toEqual([
      'workflow__name',
      'workflow__id',
      'workflow__created_at',
      'workflow__status_tag',
      'workflow__is_cycle_running',
    ]);
    expect(withHelperColumns(once)).toEqual(once);
    const withoutName = once.filter((a) => a.value !== 'workflow__name');
    expect(withHelperColumns(withoutName).map((a) => a.value)).toEqual(['workflow__id']);
  });
});
