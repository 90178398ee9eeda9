// The workflow list's public face for other features (issue 13): the filter builder and the
// lookups the report builder reuses. The list page itself is loaded lazily by the app.

// Issue 18: a new batch update counts what the list's query selects with the list's own request.
export { dashboardKeys } from './api/dashboard-keys';
export { kindFieldsQueryOptions } from './api/kind-data';
export { kindsQueryOptions, useAllBusinessUnits, useRegions } from './api/lookups';
export { workflowListQueryOptions } from './api/workflow-list';
export {
  FilterBuilder,
  type FilterBuilderProps,
  type FilterChoices,
  type FilterOption,
} from './components/filter-builder';
