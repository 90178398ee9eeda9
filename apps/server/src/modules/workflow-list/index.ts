// The workflow-list module's public face: what the rest of the server may use.
export {
  type CappedCount,
  cappedCount,
  cappedCounts,
  planEstimates,
} from './capped-count.repository.js';
export { compileConditionGroup } from './compile-filters.js';
// The count rule's visibility for the planner's estimate, for records too (issue 18).
export { type EstimatePlace, visibleForEstimate } from './counts.repository.js';
export {
  castValue,
  likePattern,
  positivePredicate,
  resolveCondition,
  splitNegation,
  typedAnswerColumn,
  type ValueKind,
} from './filter-predicates.js';
export { catalogueForKinds, currentDefinitions } from './kind-catalogue.js';
export { countMatches, LIST_COLUMNS, type ListRow } from './list.repository.js';
export { checkListEnvironment } from './list-environment.js';
// The list's items for rows another module picked (a record's related workflows, issue 18).
export { listItems } from './list-items.js';
export { type ListOrdering, orderBySql } from './list-ordering.js';
export {
  countSelected,
  type ListSelection,
  type ListSelectionInput,
  listSelection,
} from './list-selection.js';
export { listWhere } from './list-where.js';
export { resolveListScope } from './resolve-list-scope.js';
export { workflowListRoutes } from './workflow-list.routes.js';
