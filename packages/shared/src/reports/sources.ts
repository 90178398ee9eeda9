import { isValidTagSegment, TAG_MAX_LENGTH } from '../workflows/tags.js';

// The "source" vocabulary of a workflow report (spec 2 §3.4, §3.5): one string names a column the
// report reads, a prefix and the attribute joined by double underscores, like the filter catalogue.
//   workflow__<attribute>                 a process column of §3.4 (workflow__status_tag)
//   step__<step_tag>__<attribute>         a step attribute (step__onb__intake__details__completed_at)
//   step_group__<group_tag>__<attribute>  a step group (swimlane) attribute
//   field__<field_tag>                    the current answer of a field, by its field tag
//   integration_call__<attribute>         an integration run (Integration Call Report)
//   email__<attribute>                    an outbox e-mail (Email Delivery Report)
//   record__<attribute>                   a record's own column (Object Report, issue 18)
//   record_field__<field_tag>             a record's field value, by its one-segment tag
//   linked_workflow__<attribute>          a workflow linked to the record (workflow_record_links)
// Step tags hold three segments (§3.5: at least 3), group tags two, field tags four, so a path is
// split by counting segments: never ambiguous, and a tag of the wrong shape is refused here.
export const REPORT_SOURCE_PREFIX = {
  workflow: 'workflow__',
  step: 'step__',
  step_group: 'step_group__',
  field: 'field__',
  integration_call: 'integration_call__',
  email: 'email__',
  record: 'record__',
  record_field: 'record_field__',
  linked_workflow: 'linked_workflow__',
} as const;

export const SOURCE_PATH_MAX_LENGTH = 300;

// The columns of §3.4 that exist in this product. Durations (cycle_time, ageing) are seconds.
export const REPORT_WORKFLOW_ATTRIBUTES = [
  'id',
  'name',
  'created_at',
  'kind_id',
  'kind_tag',
  'status_id',
  'status_tag',
  // §3.4 marks status_label deprecated; it is the status as people read it (display name).
  'status_label',
  'created_by_email',
  'created_by_name',
  'region_id',
  'region_name',
  'business_unit_id',
  'business_unit_name',
  'cycle_start',
  'cycle_end',
  'cycle_time',
  'is_cycle_running',
  'ageing',
  'progress',
  // Spec 2 §3.4 badges (their labels, for reading) and badge_tags (their tags: a workflow groups
  // under each tag it holds). Issue 19: held as badge definitions award them (workflow_badges).
  'badges',
  'badge_tags',
  // Spec 2 §3.4: the batch import that created the workflow (workflows.import_id), offered and run
  // only while the tenant's ENABLE_STRUCTURED_DATA_OBJECT toggle is on.
  'import_pipeline_id',
  'import_pipeline_name',
  'import_pipeline_created_at',
  'import_pipeline_created_by_email',
] as const;
export type ReportWorkflowAttribute = (typeof REPORT_WORKFLOW_ATTRIBUTES)[number];

// §3.2 step attributes that exist here. A step's cycle runs from initiated_at to completed_at.
export const REPORT_STEP_ATTRIBUTES = [
  'state',
  'initiated_at',
  'completed_at',
  'completed_by_email',
  'completed_by_name',
  'cycle_start',
  'cycle_end',
  'cycle_time',
  'is_cycle_running',
  'ageing',
  'submit_count',
  'is_locked',
  'is_sla_breached',
] as const;
export type ReportStepAttribute = (typeof REPORT_STEP_ATTRIBUTES)[number];

// §3.3 step group attributes (name and tag are the definition's, not a report column). A group's
// cycle runs from its first step's start to its last completion once no step of it is open.
export const REPORT_STEP_GROUP_ATTRIBUTES = [
  'cycle_start',
  'cycle_end',
  'cycle_time',
  'is_cycle_running',
  'ageing',
] as const;
export type ReportStepGroupAttribute = (typeof REPORT_STEP_GROUP_ATTRIBUTES)[number];

// An Integration Call Report reads integration runs (docs/attachments-and-integrations.md), each with
// the columns of its workflow: `duration` is seconds from the call's start to its end.
export const REPORT_INTEGRATION_CALL_ATTRIBUTES = [
  'id',
  'connector',
  'state',
  'step_tag',
  'field_tag',
  'created_at',
  'finished_at',
  'duration',
  'is_failed',
] as const;
export type ReportIntegrationCallAttribute = (typeof REPORT_INTEGRATION_CALL_ATTRIBUTES)[number];

// An Email Delivery Report reads the e-mail outbox. Never the address, subject or body: they can
// hold sign-in codes and personal data; the recipient's domain is enough to see deliveries per
// provider. `delivery_time` is seconds from queueing to sending.
export const REPORT_EMAIL_ATTRIBUTES = [
  'id',
  'status',
  'created_at',
  'sent_at',
  'delivery_time',
  'recipient_domain',
  'is_failed',
] as const;
export type ReportEmailAttribute = (typeof REPORT_EMAIL_ATTRIBUTES)[number];

// What a source holds, which decides its aggregations and how it groups: dates truncate, numbers sum.
export const REPORT_DATA_TYPES = ['number', 'text', 'date', 'boolean', 'duration'] as const;
export type ReportDataType = (typeof REPORT_DATA_TYPES)[number];

export const WORKFLOW_ATTRIBUTE_DATA_TYPES: Record<ReportWorkflowAttribute, ReportDataType> = {
  id: 'number',
  name: 'text',
  created_at: 'date',
  kind_id: 'number',
  kind_tag: 'text',
  status_id: 'number',
  status_tag: 'text',
  status_label: 'text',
  created_by_email: 'text',
  created_by_name: 'text',
  region_id: 'number',
  region_name: 'text',
  business_unit_id: 'number',
  business_unit_name: 'text',
  cycle_start: 'date',
  cycle_end: 'date',
  cycle_time: 'duration',
  is_cycle_running: 'boolean',
  ageing: 'duration',
  progress: 'number',
  badges: 'text',
  badge_tags: 'text',
  import_pipeline_id: 'number',
  import_pipeline_name: 'text',
  import_pipeline_created_at: 'date',
  import_pipeline_created_by_email: 'text',
};

// The workflow columns that need ENABLE_STRUCTURED_DATA_OBJECT (spec 2 §3.4).
export const IMPORT_PIPELINE_ATTRIBUTES: readonly ReportWorkflowAttribute[] = [
  'import_pipeline_id',
  'import_pipeline_name',
  'import_pipeline_created_at',
  'import_pipeline_created_by_email',
];

export function isImportPipelineAttribute(attribute: string): boolean {
  return (IMPORT_PIPELINE_ATTRIBUTES as readonly string[]).includes(attribute);
}

// An Object Report's rows are the records of one object type (issue 18, plan §6): their own columns.
export const REPORT_RECORD_ATTRIBUTES = [
  'id',
  'title',
  'created_at',
  'updated_at',
  'created_by_email',
  'region_id',
  'region_name',
  'business_unit_id',
  'business_unit_name',
] as const;
export type ReportRecordAttribute = (typeof REPORT_RECORD_ATTRIBUTES)[number];

export const RECORD_ATTRIBUTE_DATA_TYPES: Record<ReportRecordAttribute, ReportDataType> = {
  id: 'number',
  title: 'text',
  created_at: 'date',
  updated_at: 'date',
  created_by_email: 'text',
  region_id: 'number',
  region_name: 'text',
  business_unit_id: 'number',
  business_unit_name: 'text',
};

export const STEP_ATTRIBUTE_DATA_TYPES: Record<ReportStepAttribute, ReportDataType> = {
  state: 'text',
  initiated_at: 'date',
  completed_at: 'date',
  completed_by_email: 'text',
  completed_by_name: 'text',
  cycle_start: 'date',
  cycle_end: 'date',
  cycle_time: 'duration',
  is_cycle_running: 'boolean',
  ageing: 'duration',
  submit_count: 'number',
  is_locked: 'boolean',
  is_sla_breached: 'boolean',
};

export const STEP_GROUP_ATTRIBUTE_DATA_TYPES: Record<ReportStepGroupAttribute, ReportDataType> = {
  cycle_start: 'date',
  cycle_end: 'date',
  cycle_time: 'duration',
  is_cycle_running: 'boolean',
  ageing: 'duration',
};

export const INTEGRATION_CALL_ATTRIBUTE_DATA_TYPES: Record<ReportIntegrationCallAttribute, ReportDataType> = {
  id: 'number',
  connector: 'text',
  state: 'text',
  step_tag: 'text',
  field_tag: 'text',
  created_at: 'date',
  finished_at: 'date',
  duration: 'duration',
  is_failed: 'boolean',
};

export const EMAIL_ATTRIBUTE_DATA_TYPES: Record<ReportEmailAttribute, ReportDataType> = {
  id: 'number',
  status: 'text',
  created_at: 'date',
  sent_at: 'date',
  delivery_time: 'duration',
  recipient_domain: 'text',
  is_failed: 'boolean',
};

export type ReportSource =
  | { kind: 'workflow'; attribute: ReportWorkflowAttribute }
  | { kind: 'step'; step_tag: string; attribute: ReportStepAttribute }
  | { kind: 'step_group'; group_tag: string; attribute: ReportStepGroupAttribute }
  | { kind: 'field'; field_tag: string }
  | { kind: 'integration_call'; attribute: ReportIntegrationCallAttribute }
  | { kind: 'email'; attribute: ReportEmailAttribute }
  | { kind: 'record'; attribute: ReportRecordAttribute }
  | { kind: 'record_field'; field_tag: string }
  | { kind: 'linked_workflow'; attribute: ReportWorkflowAttribute };

// The sources whose data type comes from a field's type (fieldReportDataType), not a fixed list.
export type FixedReportSource = Exclude<ReportSource, { kind: 'field' } | { kind: 'record_field' }>;

const SEP = '__';

function tagOf(segments: readonly string[], count: number): string | null {
  if (segments.length !== count || !segments.every(isValidTagSegment)) return null;
  const tag = segments.join(SEP);
  return tag.length <= TAG_MAX_LENGTH ? tag : null;
}

function oneOf<T extends string>(list: readonly T[], value: string | undefined): T | null {
  return value !== undefined && (list as readonly string[]).includes(value) ? (value as T) : null;
}

// The source a path names, or null when it is not one of the shapes above.
export function parseReportSource(path: string): ReportSource | null {
  if (path.length > SOURCE_PATH_MAX_LENGTH) return null;
  // step_group__ before step__: 'step_group__x' does not start with 'step__', but say it plainly.
  if (path.startsWith(REPORT_SOURCE_PREFIX.step_group)) {
    const segments = path.slice(REPORT_SOURCE_PREFIX.step_group.length).split(SEP);
    const attribute = oneOf(REPORT_STEP_GROUP_ATTRIBUTES, segments.pop());
    const group_tag = tagOf(segments, 2);
    return attribute && group_tag ? { kind: 'step_group', group_tag, attribute } : null;
  }
  if (path.startsWith(REPORT_SOURCE_PREFIX.step)) {
    const segments = path.slice(REPORT_SOURCE_PREFIX.step.length).split(SEP);
    const attribute = oneOf(REPORT_STEP_ATTRIBUTES, segments.pop());
    const step_tag = tagOf(segments, 3);
    return attribute && step_tag ? { kind: 'step', step_tag, attribute } : null;
  }
  if (path.startsWith(REPORT_SOURCE_PREFIX.field)) {
    const field_tag = tagOf(path.slice(REPORT_SOURCE_PREFIX.field.length).split(SEP), 4);
    return field_tag ? { kind: 'field', field_tag } : null;
  }
  if (path.startsWith(REPORT_SOURCE_PREFIX.integration_call)) {
    const attribute = oneOf(
      REPORT_INTEGRATION_CALL_ATTRIBUTES,
      path.slice(REPORT_SOURCE_PREFIX.integration_call.length),
    );
    return attribute ? { kind: 'integration_call', attribute } : null;
  }
  if (path.startsWith(REPORT_SOURCE_PREFIX.email)) {
    const attribute = oneOf(REPORT_EMAIL_ATTRIBUTES, path.slice(REPORT_SOURCE_PREFIX.email.length));
    return attribute ? { kind: 'email', attribute } : null;
  }
  // record_field__ before record__: 'record_field__x' does not start with 'record__', but say it.
  if (path.startsWith(REPORT_SOURCE_PREFIX.record_field)) {
    const field_tag = tagOf(path.slice(REPORT_SOURCE_PREFIX.record_field.length).split(SEP), 1);
    return field_tag ? { kind: 'record_field', field_tag } : null;
  }
  if (path.startsWith(REPORT_SOURCE_PREFIX.record)) {
    const attribute = oneOf(REPORT_RECORD_ATTRIBUTES, path.slice(REPORT_SOURCE_PREFIX.record.length));
    return attribute ? { kind: 'record', attribute } : null;
  }
  if (path.startsWith(REPORT_SOURCE_PREFIX.linked_workflow)) {
    const attribute = oneOf(
      REPORT_WORKFLOW_ATTRIBUTES,
      path.slice(REPORT_SOURCE_PREFIX.linked_workflow.length),
    );
    return attribute ? { kind: 'linked_workflow', attribute } : null;
  }
  if (path.startsWith(REPORT_SOURCE_PREFIX.workflow)) {
    const attribute = oneOf(REPORT_WORKFLOW_ATTRIBUTES, path.slice(REPORT_SOURCE_PREFIX.workflow.length));
    return attribute ? { kind: 'workflow', attribute } : null;
  }
  return null;
}

export function reportSourcePath(source: ReportSource): string {
  switch (source.kind) {
    case 'workflow':
      return `${REPORT_SOURCE_PREFIX.workflow}${source.attribute}`;
    case 'step':
      return `${REPORT_SOURCE_PREFIX.step}${source.step_tag}${SEP}${source.attribute}`;
    case 'step_group':
      return `${REPORT_SOURCE_PREFIX.step_group}${source.group_tag}${SEP}${source.attribute}`;
    case 'field':
      return `${REPORT_SOURCE_PREFIX.field}${source.field_tag}`;
    case 'integration_call':
      return `${REPORT_SOURCE_PREFIX.integration_call}${source.attribute}`;
    case 'email':
      return `${REPORT_SOURCE_PREFIX.email}${source.attribute}`;
    case 'record':
      return `${REPORT_SOURCE_PREFIX.record}${source.attribute}`;
    case 'record_field':
      return `${REPORT_SOURCE_PREFIX.record_field}${source.field_tag}`;
    case 'linked_workflow':
      return `${REPORT_SOURCE_PREFIX.linked_workflow}${source.attribute}`;
  }
}

// The data type of a non-field source; a field's comes from its field type (fieldReportDataType).
export function sourceDataType(source: FixedReportSource): ReportDataType {
  switch (source.kind) {
    case 'workflow':
    case 'linked_workflow':
      return WORKFLOW_ATTRIBUTE_DATA_TYPES[source.attribute];
    case 'step':
      return STEP_ATTRIBUTE_DATA_TYPES[source.attribute];
    case 'step_group':
      return STEP_GROUP_ATTRIBUTE_DATA_TYPES[source.attribute];
    case 'integration_call':
      return INTEGRATION_CALL_ATTRIBUTE_DATA_TYPES[source.attribute];
    case 'email':
      return EMAIL_ATTRIBUTE_DATA_TYPES[source.attribute];
    case 'record':
      return RECORD_ATTRIBUTE_DATA_TYPES[source.attribute];
  }
}

// Which projection of an answer (search-columns.ts) a report reads for a field type: numbers from
// the number projection (§3.1's numeric group integer, decimal, currency, slider, and rating; a
// table or child_workflow answer counts its rows), days from the date one, everything else (choices
// by option value, region and business unit by id, booleans as 'true'/'false') from the text one.
export function fieldReportDataType(fieldType: string): 'number' | 'date' | 'text' {
  switch (fieldType) {
    case 'integer':
    case 'decimal':
    case 'currency':
    case 'slider':
    case 'rating':
    case 'table':
    case 'child_workflow':
      return 'number';
    case 'date':
    case 'naive_date':
      return 'date';
    default:
      return 'text';
  }
}
