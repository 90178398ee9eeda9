// The batch-imports module's public face (issue 18): registered by app.ts.
export { batchImportsRoutes } from './batch-imports.routes.js';
// The file reader (plan §4.1) with its limits and refusals of hostile files: a batch update's file
// of ids is read by it too.
export { FileReaderError } from './file-reader/file-reader-error.js';
export { openTabularFile } from './file-reader/tabular-file.js';
// The import's run and undo jobs (plan §4.4-4.5); the demo seed and tests run them without pg-boss.
export {
  type BatchImportRunner,
  createBatchImportRunner,
  IMPORT_BATCH_ROWS,
  registerBatchImportJobs,
} from './import-jobs.js';
// The demo seed's import, made through the services the routes call and run without pg-boss.
export { type SeedRecordsImport, seedRecordsImport } from './seed-import.js';
