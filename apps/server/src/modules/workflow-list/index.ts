// The workflow-list module's public face: what the rest of the server may use.
export { type CappedCount, cappedCount } from './capped-count.repository.js';
export { compileConditionGroup } from './compile-filters.js';
export {
  castValue,
  likePattern,
  positivePredicate,
  splitNegation,
  type ValueKind,
} from './filter-predicates.js';
export { currentDefinitions } from './kind-catalogue.js';
export { countMatches } from './list.repository.js';
export { checkListEnvironment } from './list-environment.js';
export { type ListOrdering, orderBySql } from './list-ordering.js';
export { listWhere } from './list-where.js';
export { resolveListScope } from './resolve-list-scope.js';
export { workflowListRoutes } from './workflow-list.routes.js';
