// Batch updates (issue 18): answers, status, region, business unit or assignees of many workflows
// or records, previewed item by item, applied as a job and undone the same way.
export * from './api.js';
export * from './messages.js';
