import {
  type Aggregation,
  type ChartType,
  type DateGrouping,
  REPORT_SOURCE_PREFIX,
  REPORT_WORKFLOW_ATTRIBUTES,
  type ReportConfig,
  type ReportConfigInput,
  type ReportKind,
  type ReportWorkflowAttribute,
  WORKFLOW_ATTRIBUTE_DATA_TYPES,
} from '@attest/shared';

// The simple builder of this first version (issue 7): a kind, a chart type, up to three process
// attributes to group by (dates truncated to one unit) and one aggregation. The full builder reads
// and writes the whole configuration of spec 2 §3.7/§3.8.
export type BuilderForm = {
  name: string;
  reportKind: ReportKind;
  kindId: number | null;
  chartType: ChartType;
  groupBy: ReportWorkflowAttribute[];
  dateGrouping: DateGrouping | null;
  aggregation: Aggregation;
  // The attribute aggregated; null for a count.
  measure: ReportWorkflowAttribute | null;
};

export const GROUP_BY_MAX = 3;

export const EMPTY_FORM: BuilderForm = {
  name: '',
  reportKind: 'workflow',
  kindId: null,
  chartType: 'BAR_CHART',
  groupBy: ['status_label'],
  dateGrouping: 'month',
  aggregation: 'count',
  measure: null,
};

export const GROUPABLE_ATTRIBUTES: readonly ReportWorkflowAttribute[] = REPORT_WORKFLOW_ATTRIBUTES.filter(
  (a) => a !== 'id' && a !== 'progress' && a !== 'cycle_time' && a !== 'ageing',
);

// What a sum, minimum, maximum, average or median can read: numbers and durations.
export const MEASURABLE_ATTRIBUTES: readonly ReportWorkflowAttribute[] = REPORT_WORKFLOW_ATTRIBUTES.filter(
  (a) =>
    a !== 'id' && ['number', 'duration'].includes(WORKFLOW_ATTRIBUTE_DATA_TYPES[a]) && !a.endsWith('_id'),
);

export function isDateAttribute(attribute: ReportWorkflowAttribute): boolean {
  return WORKFLOW_ATTRIBUTE_DATA_TYPES[attribute] === 'date';
}

const source = (attribute: ReportWorkflowAttribute) => `${REPORT_SOURCE_PREFIX.workflow}${attribute}`;

function attributeOf(path: string | null | undefined): ReportWorkflowAttribute | null {
  if (!path?.startsWith(REPORT_SOURCE_PREFIX.workflow)) return null;
  const attribute = path.slice(REPORT_SOURCE_PREFIX.workflow.length);
  return (REPORT_WORKFLOW_ATTRIBUTES as readonly string[]).includes(attribute)
    ? (attribute as ReportWorkflowAttribute)
    : null;
}

// The column titles a report stores, in the words of the person who builds it.
export type BuilderLabels = {
  attribute: (attribute: ReportWorkflowAttribute) => string;
  measure: (aggregation: Aggregation, attribute: ReportWorkflowAttribute | null) => string;
};

const PLAIN_LABELS: BuilderLabels = {
  attribute: (attribute) => attribute,
  measure: (aggregation, attribute) => (attribute === null ? aggregation : `${aggregation} of ${attribute}`),
};

// The server-named configuration (spec 2 §3.8) of a form. Editing a stored report keeps what the
// form does not show (filters, columns, chart options) and the orderings of columns still grouped by.
export function configOfForm(
  form: BuilderForm,
  labels: BuilderLabels = PLAIN_LABELS,
  base: ReportConfig | null = null,
): ReportConfigInput {
  const measure = form.aggregation === 'count' ? null : form.measure;
  const sources = form.groupBy.slice(0, GROUP_BY_MAX).map(source);
  const kept = base && {
    ...base,
    order_by: base.order_by.filter(
      (o) => o.type === 'column' && o.source !== null && sources.includes(o.source),
    ),
  };
  return {
    ...kept,
    report_kind: form.reportKind,
    kind_id: form.kindId,
    chart_type: form.chartType,
    group_by: form.groupBy.slice(0, GROUP_BY_MAX).map((attribute, index) => ({
      source: source(attribute),
      extra_json: {
        label: labels.attribute(attribute),
        operation_type: isDateAttribute(attribute) ? (form.dateGrouping ?? null) : null,
        // A second attribute is the secondary x-axis (stacked or grouped bars).
        is_for_secondary_x_axis: index === 1,
      },
    })),
    operations: [
      {
        function: form.aggregation,
        label: labels.measure(form.aggregation, measure),
        arguments: measure ? [{ type: 'column', value: source(measure) }] : [],
      },
    ],
  };
}

// The form of a stored configuration: what the simple builder can show of it.
export function formOfConfig(name: string, config: ReportConfig): BuilderForm {
  const groupBy = config.group_by
    .map((g) => attributeOf(g.source))
    .filter((a): a is ReportWorkflowAttribute => a !== null);
  const dateGrouping =
    config.group_by.find((g) => g.extra_json.operation_type)?.extra_json.operation_type ?? null;
  const operation = config.operations[0];
  const argument = operation?.arguments[0];
  const measure = argument?.type === 'column' ? attributeOf(argument.value) : null;
  return {
    name,
    reportKind: config.report_kind,
    kindId: config.kind_id,
    chartType: config.chart_type,
    groupBy,
    dateGrouping: dateGrouping ?? EMPTY_FORM.dateGrouping,
    aggregation: operation?.function ?? 'count',
    measure,
  };
}
