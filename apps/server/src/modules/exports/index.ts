// The exports module's public face: what the rest of the server may use.
export { isoDay } from './cell-values.js';
export { CSV_BOM, csvLine } from './csv-writer.js';
export { registerExportJobs } from './export-jobs.js';
export { createExportRunner, type ExportRunner } from './export-runner.js';
export { exportsRoutes } from './exports.routes.js';
export { createRowWriter, type RowWriter } from './file-writers.js';
export { type ListExportFile, writeListExportFile } from './list-export-file.js';
