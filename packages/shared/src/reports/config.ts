import { z } from 'zod';
import {
  FilterValueSchema,
  MAX_ATTRIBUTE_PATH_LENGTH,
  MAX_CONDITIONS,
  MAX_GROUP_DEPTH,
} from '../filters/condition-group.js';
import { AttributeTypeSchema, FilterOperatorSchema } from '../filters/operators.js';
import { text } from '../validators/input-limits.js';
import { withDepthLimit } from '../validators/nesting.js';
import {
  defaultOtherConfigurations,
  OtherConfigurationsSchema,
  REPORT_LABEL_MAX_LENGTH,
} from './other-configurations.js';
import { parseReportSource, REPORT_DATA_TYPES, SOURCE_PATH_MAX_LENGTH } from './sources.js';

// Spec 2 §3.8: a report's configuration with the server's names. Every key has a default, so a
// stored partial configuration parses; every list is bounded (STYLE rule 7); objects are strict.
export const REPORT_KINDS = [
  'workflow',
  'orm_workflow',
  'integration_call',
  'email_delivery',
  'object',
] as const;
export const ReportKindSchema = z.enum(REPORT_KINDS);
export type ReportKind = z.infer<typeof ReportKindSchema>;

// §1 report kinds.
export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  workflow: 'Workflow Report',
  orm_workflow: 'ORM Workflow Report',
  integration_call: 'Integration Call Report',
  email_delivery: 'Email Delivery Report',
  object: 'Object Report',
};

// §2.8 chart types; §2.7: the chart export defaults to LINE_CHART, and so does a config without one.
export const CHART_TYPES = [
  'LINE_CHART',
  'BAR_CHART',
  'PIE_CHART',
  'SCATTER_CHART',
  'SPIDER_CHART',
  'HEAT_MAP_CHART',
  'GEO_MAP_CHART',
] as const;
export const ChartTypeSchema = z.enum(CHART_TYPES);
export type ChartType = z.infer<typeof ChartTypeSchema>;

export const AGGREGATIONS = ['count', 'sum', 'min', 'max', 'avg', 'median'] as const;
export const AggregationSchema = z.enum(AGGREGATIONS);
export type Aggregation = z.infer<typeof AggregationSchema>;

// Date grouping, in UTC (group_by.extra_json.operation_type).
export const DATE_GROUPINGS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export const DateGroupingSchema = z.enum(DATE_GROUPINGS);
export type DateGrouping = z.infer<typeof DateGroupingSchema>;

// §3.6 relation labels Parent, Children, Grandchildren: which related workflows an ORM column reads.
export const JOIN_RELATIONS = ['self', 'parent', 'children', 'grandchildren'] as const;
export const JoinRelationSchema = z.enum(JOIN_RELATIONS);
export type JoinRelation = z.infer<typeof JoinRelationSchema>;

export const ORDERINGS = ['ASC', 'DESC'] as const;
// label_output_type: a choice grouped by its stored value or shown by its option label (§4.2).
export const LABEL_OUTPUT_TYPES = ['value', 'label'] as const;

export const REPORT_LIMITS = {
  attributes: 50,
  operations: 20,
  groupBy: 3,
  orderBy: 5,
  arguments: 5,
  operationDepth: 3,
  label: REPORT_LABEL_MAX_LENGTH,
} as const;

const Label = text().max(REPORT_LIMITS.label);
const KindId = z.number().int().min(1).nullable().default(null);
const SourcePath = z
  .string()
  .max(SOURCE_PATH_MAX_LENGTH)
  .refine((path) => parseReportSource(path) !== null, { message: 'Unknown report source.' });
const DataType = z.enum(REPORT_DATA_TYPES).nullable().default(null);
const OrmKeys = {
  join_relation: JoinRelationSchema.default('self'),
  kind_id: KindId,
  tag: text().max(SOURCE_PATH_MAX_LENGTH).nullable().default(null),
};

export const ReportAttributeSchema = z
  .object({
    type: z.literal('column').default('column'),
    value: SourcePath,
    label: Label.default(''),
    extra_json: z
      .object({
        field_type: text().max(50).nullable().default(null),
        is_hidden: z.boolean().default(false),
        // 'user' for a column the person chose, 'system' for an auto-added helper (§3.5).
        added_by: z.enum(['user', 'system']).default('user'),
      })
      .strict()
      .default({ field_type: null, is_hidden: false, added_by: 'user' }),
    ...OrmKeys,
  })
  .strict();
export type ReportAttribute = z.infer<typeof ReportAttributeSchema>;

export const ReportColumnArgumentSchema = z.object({ type: z.literal('column'), value: SourcePath }).strict();
export const ReportValueArgumentSchema = z
  .object({
    type: z.literal('value'),
    value: z.union([text().max(1000), z.number().finite(), z.boolean(), z.null()]),
  })
  .strict();

export type ReportOperation = {
  type: 'operation';
  function: Aggregation;
  label: string;
  data_type: (typeof REPORT_DATA_TYPES)[number] | null;
  arguments: ReportArgument[];
  extra_args: { separator: string | null; compare_value: string | number | boolean | null };
  extra_json: {
    output_data_type: (typeof REPORT_DATA_TYPES)[number] | null;
    axis_name: string | null;
    field_type: string | null;
    tag: string | null;
  };
  column_type: string | null;
  join_relation: JoinRelation;
  kind_id: number | null;
  tag: string | null;
};
export type ReportArgument =
  | z.infer<typeof ReportColumnArgumentSchema>
  | z.infer<typeof ReportValueArgumentSchema>
  | ReportOperation;

const Scalar = z.union([text().max(1000), z.number().finite(), z.boolean(), z.null()]);

const OPERATION_DEPTH_MESSAGE = `Operations nest at most ${REPORT_LIMITS.operationDepth} deep.`;

// The recursion itself; only ReportOperationSchema below, which bounds the depth first, is exported.
const OperationNodeSchema: z.ZodType<ReportOperation, unknown> = z.lazy(() =>
  z
    .object({
      type: z.literal('operation').default('operation'),
      function: AggregationSchema,
      label: Label.default(''),
      data_type: DataType,
      // Nested: an argument is a column, a constant or another operation.
      arguments: z
        .array(z.union([ReportColumnArgumentSchema, ReportValueArgumentSchema, OperationNodeSchema]))
        .max(REPORT_LIMITS.arguments)
        .default([]),
      extra_args: z
        .object({
          separator: text().max(20).nullable().default(null),
          compare_value: Scalar.default(null),
        })
        .strict()
        .default({ separator: null, compare_value: null }),
      extra_json: z
        .object({
          output_data_type: DataType,
          axis_name: text().max(50).nullable().default(null),
          field_type: text().max(50).nullable().default(null),
          tag: text().max(SOURCE_PATH_MAX_LENGTH).nullable().default(null),
        })
        .strict()
        .default({ output_data_type: null, axis_name: null, field_type: null, tag: null }),
      column_type: text().max(50).nullable().default(null),
      ...OrmKeys,
    })
    .strict()
    .refine((op) => operationDepth(op) <= REPORT_LIMITS.operationDepth, { message: OPERATION_DEPTH_MESSAGE }),
) as unknown as z.ZodType<ReportOperation, unknown>;

// Issue 12: the depth is measured on the raw value before any parsing (one more level for the
// column and value arguments at the bottom), so a 10,000-deep operation is refused at once.
export const ReportOperationSchema = withDepthLimit(OperationNodeSchema, {
  limit: REPORT_LIMITS.operationDepth + 1,
  childrenOf: (node) => listAt(node, 'arguments'),
  message: OPERATION_DEPTH_MESSAGE,
});

// The list under `key` of a raw value, or nothing: how the depth guards follow a recursion.
function listAt(node: unknown, key: string): readonly unknown[] {
  const list = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return Array.isArray(list) ? list : [];
}

export function operationDepth(op: ReportOperation): number {
  let deepest = 0;
  for (const arg of op.arguments)
    if (arg.type === 'operation') deepest = Math.max(deepest, operationDepth(arg));
  return deepest + 1;
}

export const ReportGroupBySchema = z
  .object({
    type: z.literal('column').default('column'),
    source: SourcePath,
    operations: z.array(ReportOperationSchema).max(REPORT_LIMITS.arguments).default([]),
    extra_json: z
      .object({
        label: Label.nullable().default(null),
        field_type: text().max(50).nullable().default(null),
        data_type: DataType,
        label_output_type: z.enum(LABEL_OUTPUT_TYPES).default('value'),
        is_for_secondary_x_axis: z.boolean().default(false),
        // A date source is truncated to this unit (UTC); null groups by the exact value.
        operation_type: DateGroupingSchema.nullable().default(null),
        data_sources: z.array(text().max(SOURCE_PATH_MAX_LENGTH)).max(REPORT_LIMITS.arguments).default([]),
      })
      .strict()
      .default({
        label: null,
        field_type: null,
        data_type: null,
        label_output_type: 'value',
        is_for_secondary_x_axis: false,
        operation_type: null,
        data_sources: [],
      }),
    ...OrmKeys,
  })
  .strict();
export type ReportGroupBy = z.infer<typeof ReportGroupBySchema>;

// Order by a source (a group-by column, or an attribute of a plain table), or by an operation.
export const ReportOrderBySchema = z
  .object({
    type: z.enum(['column', 'operation']).default('column'),
    ordering: z.enum(ORDERINGS).default('ASC'),
    source: SourcePath.nullable().default(null),
    operations: z.array(ReportOperationSchema).max(1).default([]),
    data_type: DataType,
    ...OrmKeys,
  })
  .strict();
export type ReportOrderBy = z.infer<typeof ReportOrderBySchema>;

// §3.8 filter conditions: a tree of groups ({type, conditions}) and leaves. A leaf's lhs_source is a
// path of the advanced-filter catalogue (docs/dashboard.md: workflow__status, step__<tag>__completed_at,
// field__<tag>), data_type its attribute type and op its operator, so reports filter exactly as the
// dashboard does, with the same validator and compiler.
export const ReportFilterLeafSchema = z
  .object({
    lhs_type: z.literal('attribute').default('attribute'),
    data_type: AttributeTypeSchema.optional(),
    lhs_source: text().max(MAX_ATTRIBUTE_PATH_LENGTH),
    op: FilterOperatorSchema.nullable().default(null),
    rhs_value: FilterValueSchema.default(null),
    // snake_case keys only, so the client naming maps them there and back (client-config.ts).
    extra_json: z
      .record(
        z
          .string()
          .max(50)
          .regex(/^[a-z]+(?:_[a-z]+)*$/),
        Scalar,
      )
      .refine((r) => Object.keys(r).length <= 20, { message: 'At most 20 keys.' })
      .default({}),
  })
  .strict();
export type ReportFilterLeaf = z.infer<typeof ReportFilterLeafSchema>;
export type ReportFilterGroup = { type: 'AND' | 'OR'; conditions: (ReportFilterLeaf | ReportFilterGroup)[] };

const FILTER_DEPTH_MESSAGE = `Filters nest at most ${MAX_GROUP_DEPTH} deep.`;

const FilterGroupNodeSchema: z.ZodType<ReportFilterGroup, unknown> = z.lazy(() =>
  z
    .object({
      type: z.enum(['AND', 'OR']).default('AND'),
      conditions: z
        .array(z.union([FilterGroupNodeSchema, ReportFilterLeafSchema]))
        .max(MAX_CONDITIONS)
        .default([]),
    })
    .strict(),
) as unknown as z.ZodType<ReportFilterGroup, unknown>;

// Issue 12: bounded before it recurses (one more level for the leaves at the bottom).
export const ReportFilterGroupSchema = withDepthLimit(FilterGroupNodeSchema, {
  limit: MAX_GROUP_DEPTH + 1,
  childrenOf: (node) => listAt(node, 'conditions'),
  message: FILTER_DEPTH_MESSAGE,
});

export function filterDepth(group: ReportFilterGroup): number {
  let deepest = 0;
  for (const c of group.conditions) if ('type' in c) deepest = Math.max(deepest, filterDepth(c));
  return deepest + 1;
}

export const ReportConfigSchema = z
  .object({
    report_kind: ReportKindSchema.default('workflow'),
    // The workflow kind of a workflow report (the root kind of an ORM one).
    kind_id: KindId,
    // The object type an Object Report counts the records of (issue 18); the engine refuses an
    // Object Report without one (report_needs_object_type).
    object_type_id: KindId,
    chart_type: ChartTypeSchema.default('LINE_CHART'),
    attributes: z.array(ReportAttributeSchema).max(REPORT_LIMITS.attributes).default([]),
    operations: z.array(ReportOperationSchema).max(REPORT_LIMITS.operations).default([]),
    group_by: z.array(ReportGroupBySchema).max(REPORT_LIMITS.groupBy).default([]),
    order_by: z.array(ReportOrderBySchema).max(REPORT_LIMITS.orderBy).default([]),
    filters: ReportFilterGroupSchema.default({ type: 'AND', conditions: [] }).refine(
      (group) => filterDepth(group) <= MAX_GROUP_DEPTH,
      { message: FILTER_DEPTH_MESSAGE },
    ),
    other_configurations: OtherConfigurationsSchema.default(defaultOtherConfigurations),
  })
  .strict();
export type ReportConfig = z.infer<typeof ReportConfigSchema>;
export type ReportConfigInput = z.input<typeof ReportConfigSchema>;

// §3.8, §8: an invalid stored config falls back to empty configs so nothing renders: null here, and
// the caller renders nothing for null.
export function parseReportConfig(raw: unknown): ReportConfig | null {
  const parsed = ReportConfigSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

// §3.8 data results: the first row is the header, then value rows; count is the number of rows
// (groups) in all, of which `results` holds one page.
export const ReportCellSchema = z.union([text(), z.number(), z.boolean(), z.null()]);
export type ReportCell = z.infer<typeof ReportCellSchema>;
export const ReportResultSchema = z.object({
  results: z.array(z.array(ReportCellSchema)),
  count: z.number().int().min(0),
});
export type ReportResult = z.infer<typeof ReportResultSchema>;
