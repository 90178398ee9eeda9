// The exports module's public face: what the rest of the server may use.
export { isoDay } from './cell-values.js';
export { CSV_BOM, csvLine } from './csv-writer.js';
export { createExportQueue, registerExportWorker } from './export-jobs.js';
export { createExportRunner } from './export-runner.js';
export { exportsRoutes } from './exports.routes.js';
