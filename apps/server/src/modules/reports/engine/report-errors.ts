import { DetailedBadRequestError } from '../../../platform/errors.js';

// What a report configuration can get wrong once it has passed the schema: a tag the kind does not
// have, an aggregation its column cannot take. Each answers 400 `{detail, code, source}` with a stable
// code, so the builder can mark the column; never an SQL error.
export const REPORT_ENGINE_ERRORS = {
  unknownSource: { code: 'report_unknown_source', message: 'is not a report column.' },
  sourceNeedsKind: { code: 'report_source_needs_kind', message: 'needs the report to name a workflow kind.' },
  sourceNotInReport: {
    code: 'report_source_not_in_kind',
    message: 'is not a column of this kind of report.',
  },
  filtersNotInReport: {
    code: 'report_filters_not_in_kind',
    message: 'An Email Delivery Report takes no workflow filters.',
  },
  relationNotInReport: {
    code: 'report_relation_not_in_kind',
    message: 'reads a related workflow: only an ORM Workflow Report can.',
  },
  relationKinds: {
    code: 'report_relation_kinds',
    message:
      'reads a second kind of related workflows: an ORM report joins one kind per relation, and children or grandchildren, not both.',
  },
  unknownStep: { code: 'report_unknown_step', message: 'names a step this kind does not have.' },
  unknownStepGroup: {
    code: 'report_unknown_step_group',
    message: 'names a step group this kind does not have.',
  },
  unknownField: {
    code: 'report_unknown_field',
    message: 'names a field this kind does not have or that takes no answer.',
  },
  badAggregation: { code: 'report_invalid_aggregation', message: 'cannot be aggregated this way.' },
  nestedAggregation: {
    code: 'report_nested_aggregation',
    message: 'An aggregation cannot take another aggregation.',
  },
  badOrder: { code: 'report_invalid_order', message: 'is not a column the report is grouped by.' },
  badDateGrouping: {
    code: 'report_invalid_date_grouping',
    message: 'is not a date: it cannot be grouped by day, week, month, quarter or year.',
  },
  needsObjectType: {
    code: 'report_needs_object_type',
    message: 'An Object Report needs an object type: choose the object type whose records it counts.',
  },
} as const;
export type ReportEngineError = keyof typeof REPORT_ENGINE_ERRORS;

export function reportError(key: ReportEngineError, source?: string): DetailedBadRequestError {
  const { code, message } = REPORT_ENGINE_ERRORS[key];
  return new DetailedBadRequestError(code, source === undefined ? message : `${source} ${message}`, {
    source: source ?? null,
  });
}
