import type { FilterAttribute } from '../filters/catalogue.js';
import type { ReportKind } from './config.js';
import {
  fieldReportDataType,
  isImportPipelineAttribute,
  REPORT_EMAIL_ATTRIBUTES,
  REPORT_INTEGRATION_CALL_ATTRIBUTES,
  REPORT_RECORD_ATTRIBUTES,
  REPORT_SOURCE_PREFIX,
  REPORT_STEP_ATTRIBUTES,
  REPORT_STEP_GROUP_ATTRIBUTES,
  REPORT_WORKFLOW_ATTRIBUTES,
  type ReportDataType,
  type ReportWorkflowAttribute,
  reportSourcePath,
  sourceDataType,
} from './sources.js';

// The columns the report builder offers (spec 2 §3.4 process columns with their flags, §3.2 step
// and §3.3 step-group attributes, field answers), read from the kind's advanced-filter catalogue
// (fields/export-json/?active_kind=), which already lists the kind's steps and answerable fields.
// An Object Report (issue 18) offers the record's columns (record), its fields (record_field) and
// the columns of the workflows linked to it (linked_workflow).
export type ReportColumnScope =
  | 'workflow'
  | 'step'
  | 'step_group'
  | 'field'
  | 'integration_call'
  | 'email'
  | 'record'
  | 'record_field'
  | 'linked_workflow';

// What the tenant has switched on that changes the columns offered: the import_pipeline_* columns
// need ENABLE_STRUCTURED_DATA_OBJECT (spec 2 §3.4); off unless said.
export type ReportColumnFeatures = { structuredDataObject?: boolean };

export type ReportColumnOption = {
  // The report source path (sources.ts): what the configuration stores.
  source: string;
  scope: ReportColumnScope;
  // The attribute, for its translated name; null for a field, whose label is its own.
  attribute: string | null;
  // A field's label from the definition; null for fixed attributes (the web translates them).
  label: string | null;
  // The step's name, or the step group's (made from its tag: groups have no name in the catalogue).
  group_label: string | null;
  // The step or step group tag (cycle-time reports measure one of them).
  tag: string | null;
  data_type: ReportDataType;
  field_type: string | null;
  // A choice with option labels: group-bys may show the label instead of the stored value (§4.2).
  has_option_labels: boolean;
  // §3.4 flags: usable on the X axis (group by), on the Y axis (measured by sum, avg…).
  x_axis: boolean;
  y_axis: boolean;
};

// Identifiers and durations do not make groups (people group by a status's or region's name, not
// its id); a measure needs a number or a duration, and an identifier is not one to add up (§3.4).
const NOT_ON_X = new Set([
  'id',
  'progress',
  // Spec 2 §3.4: badges is for reading; badge_tags groups.
  'badges',
  'cycle_time',
  'ageing',
  'duration',
  'delivery_time',
  'submit_count',
]);
function flags(attribute: string, dataType: ReportDataType): Pick<ReportColumnOption, 'x_axis' | 'y_axis'> {
  const identifier = attribute === 'id' || attribute.endsWith('_id');
  return {
    x_axis: !identifier && !NOT_ON_X.has(attribute),
    y_axis: !identifier && (dataType === 'number' || dataType === 'duration'),
  };
}

function fixed(
  scope: Exclude<ReportColumnScope, 'field' | 'record_field'>,
  source: Parameters<typeof sourceDataType>[0],
  attribute: string,
  group: { label: string | null; tag: string | null } = { label: null, tag: null },
): ReportColumnOption {
  const dataType = sourceDataType(source);
  return {
    source: reportSourcePath(source),
    scope,
    attribute,
    label: null,
    group_label: group.label,
    tag: group.tag,
    data_type: dataType,
    field_type: null,
    has_option_labels: false,
    ...flags(attribute, dataType),
  };
}

function offeredWorkflowAttributes(features: ReportColumnFeatures): ReportWorkflowAttribute[] {
  return REPORT_WORKFLOW_ATTRIBUTES.filter(
    (attribute) => features.structuredDataObject === true || !isImportPipelineAttribute(attribute),
  );
}

export function workflowColumnOptions(features: ReportColumnFeatures = {}): ReportColumnOption[] {
  return offeredWorkflowAttributes(features).map((attribute) =>
    fixed('workflow', { kind: 'workflow', attribute }, attribute),
  );
}

// An Object Report's columns from the object type's catalogue (recordCatalogue, shared/records): the
// record's own columns (region and business unit only where the type has them), each field typed
// by its field type, then the linked workflows' process columns.
function objectColumnOptions(
  catalogue: readonly FilterAttribute[] | null,
  features: ReportColumnFeatures,
): ReportColumnOption[] {
  if (!catalogue) return [];
  const has = (path: string) => catalogue.some((entry) => entry.path === path);
  const record = REPORT_RECORD_ATTRIBUTES.filter((attribute) => {
    if (attribute.startsWith('region_')) return has('record__region');
    if (attribute.startsWith('business_unit_')) return has('record__business_unit');
    return true;
  }).map((attribute) => fixed('record', { kind: 'record', attribute }, attribute));
  const fields: ReportColumnOption[] = [];
  for (const entry of catalogue) {
    if (entry.source.kind !== 'field') continue;
    const dataType = fieldReportDataType(entry.source.field_type);
    fields.push({
      source: `${REPORT_SOURCE_PREFIX.record_field}${entry.source.field_tag}`,
      scope: 'record_field',
      attribute: null,
      label: entry.label,
      group_label: entry.group_label,
      tag: entry.source.field_tag,
      data_type: dataType,
      field_type: entry.source.field_type,
      has_option_labels: (entry.options?.length ?? 0) > 0,
      x_axis: entry.type !== 'json',
      y_axis: dataType === 'number',
    });
  }
  const linked = offeredWorkflowAttributes(features).map((attribute) =>
    fixed('linked_workflow', { kind: 'linked_workflow', attribute }, attribute),
  );
  return [...record, ...fields, ...linked];
}

// A step group's tag is its steps' tags without their last segment (workflows/tags.ts); its name
// is not in the catalogue, so it is read from the tag's last segment: 'onb__intake' → 'Intake'.
export function stepGroupLabel(groupTag: string): string {
  const last = groupTag.slice(groupTag.lastIndexOf('__') + 2).replaceAll('_', ' ');
  return last.charAt(0).toUpperCase() + last.slice(1);
}

// The report source a filter catalogue attribute reads as a column, or null when there is none:
// choices read as their display name (status_label, region_name…), people as their name.
export function reportSourceOfFilterAttribute(attribute: FilterAttribute): string | null {
  const source = attribute.source;
  switch (source.kind) {
    case 'workflow': {
      const renamed: Partial<Record<string, string>> = {
        status: 'status_label',
        region: 'region_name',
        business_unit: 'business_unit_name',
        created_by: 'created_by_name',
      };
      const name = renamed[source.attribute] ?? source.attribute;
      return (REPORT_WORKFLOW_ATTRIBUTES as readonly string[]).includes(name)
        ? `${REPORT_SOURCE_PREFIX.workflow}${name}`
        : null;
    }
    case 'step': {
      const name = source.attribute === 'completed_by' ? 'completed_by_name' : source.attribute;
      return (REPORT_STEP_ATTRIBUTES as readonly string[]).includes(name)
        ? `${REPORT_SOURCE_PREFIX.step}${source.step_tag}__${name}`
        : null;
    }
    case 'field':
      return `${REPORT_SOURCE_PREFIX.field}${source.field_tag}`;
    case 'user':
      return null;
    // Object reports read record__/record_field__ sources of their own (issue 18, plan §6).
    case 'record':
      return null;
  }
}

// Per step of the catalogue (in its order): its group's columns before its first step, then the
// step's columns, then its answerable fields.
function kindColumnOptions(catalogue: readonly FilterAttribute[]): ReportColumnOption[] {
  const options: ReportColumnOption[] = [];
  const seenSteps = new Set<string>();
  const seenGroups = new Set<string>();
  for (const entry of catalogue) {
    const source = entry.source;
    if (source.kind === 'step' && !seenSteps.has(source.step_tag)) {
      seenSteps.add(source.step_tag);
      const groupTag = source.step_tag.slice(0, source.step_tag.lastIndexOf('__'));
      if (!seenGroups.has(groupTag)) {
        seenGroups.add(groupTag);
        const group = { label: stepGroupLabel(groupTag), tag: groupTag };
        for (const attribute of REPORT_STEP_GROUP_ATTRIBUTES) {
          options.push(
            fixed('step_group', { kind: 'step_group', group_tag: groupTag, attribute }, attribute, group),
          );
        }
      }
      const step = { label: entry.group_label, tag: source.step_tag };
      for (const attribute of REPORT_STEP_ATTRIBUTES) {
        options.push(fixed('step', { kind: 'step', step_tag: source.step_tag, attribute }, attribute, step));
      }
    }
    if (source.kind === 'field') {
      const dataType = fieldReportDataType(source.field_type);
      const groupable = !['file', 'json'].includes(entry.type);
      options.push({
        source: `${REPORT_SOURCE_PREFIX.field}${source.field_tag}`,
        scope: 'field',
        attribute: null,
        label: entry.label,
        group_label: entry.group_label,
        tag: source.field_tag,
        data_type: dataType,
        field_type: source.field_type,
        has_option_labels: (entry.options?.length ?? 0) > 0,
        x_axis: groupable,
        y_axis: dataType === 'number',
      });
    }
  }
  return options;
}

// Every column a report of this kind can read. Without a workflow kind (null catalogue) only the
// process columns; an Email Delivery Report reads e-mails only; an Object Report reads the records of
// one object type, its catalogue the type's recordCatalogue (none before a type is chosen).
export function reportColumnOptions(
  reportKind: ReportKind,
  catalogue: readonly FilterAttribute[] | null,
  features: ReportColumnFeatures = {},
): ReportColumnOption[] {
  if (reportKind === 'object') return objectColumnOptions(catalogue, features);
  if (reportKind === 'email_delivery') {
    return REPORT_EMAIL_ATTRIBUTES.map((attribute) =>
      fixed('email', { kind: 'email', attribute }, attribute),
    );
  }
  const own =
    reportKind === 'integration_call'
      ? REPORT_INTEGRATION_CALL_ATTRIBUTES.map((attribute) =>
          fixed('integration_call', { kind: 'integration_call', attribute }, attribute),
        )
      : [];
  return [...own, ...workflowColumnOptions(features), ...(catalogue ? kindColumnOptions(catalogue) : [])];
}

const OBJECT_PREFIXES = [
  REPORT_SOURCE_PREFIX.record,
  REPORT_SOURCE_PREFIX.record_field,
  REPORT_SOURCE_PREFIX.linked_workflow,
];

// Whether a stored source belongs to a report kind (changing the kind drops the others).
export function sourceFitsReportKind(source: string, reportKind: ReportKind): boolean {
  const objectSource = OBJECT_PREFIXES.some((prefix) => source.startsWith(prefix));
  if (reportKind === 'object') return objectSource;
  if (objectSource) return false;
  if (reportKind === 'email_delivery') return source.startsWith(REPORT_SOURCE_PREFIX.email);
  if (source.startsWith(REPORT_SOURCE_PREFIX.email)) return false;
  return reportKind === 'integration_call' || !source.startsWith(REPORT_SOURCE_PREFIX.integration_call);
}

// Sources that name a step, a step group or a field belong to one workflow kind.
export function isKindSpecificSource(source: string): boolean {
  return (
    source.startsWith(REPORT_SOURCE_PREFIX.step) ||
    source.startsWith(REPORT_SOURCE_PREFIX.step_group) ||
    source.startsWith(REPORT_SOURCE_PREFIX.field)
  );
}
