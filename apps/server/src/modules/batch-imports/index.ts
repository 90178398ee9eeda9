// The batch-imports module's public face (issue 18): registered by app.ts.
export { batchImportsRoutes } from './batch-imports.routes.js';
// The import's run and undo jobs (plan §4.4-4.5); the demo seed and tests run them without pg-boss.
export {
  type BatchImportRunner,
  createBatchImportRunner,
  IMPORT_BATCH_ROWS,
  registerBatchImportJobs,
} from './import-jobs.js';
// The demo seed's import, made through the services the routes call and run without pg-boss.
export { type SeedRecordsImport, seedRecordsImport } from './seed-import.js';
