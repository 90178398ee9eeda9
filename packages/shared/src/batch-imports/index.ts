// Batch imports (issue 18): records or workflows from a CSV or XLSX file, previewed row by row,
// run as a resumable job and undone while nothing changed since.
export * from './api.js';
export * from './cell-values.js';
export * from './messages.js';
