import { Readable } from 'node:stream';
import type { BatchImport, ImportColumn } from '@attest/shared';
import type { FileStore } from '../../platform/files/file-store.js';
import type { UserContext } from '../../platform/request-context.js';
import { getImport } from './batch-imports.service.js';
import { createBatchImportRunner } from './import-jobs.js';
import { setImportMapping } from './import-mapping.service.js';
import { runImport } from './run-import.service.js';
import { uploadImport } from './upload-import.service.js';

export type SeedRecordsImport = {
  objectTypeTag: string;
  fileName: string;
  // A CSV or XLSX file, as it would be uploaded.
  body: Buffer;
  columns: ImportColumn[];
};

// Plan §8 step 4, the demo seed's import: made as its person makes one through the API (the file
// uploaded and staged, the mapping set and every row checked, the run asked for), then run to its end
// here instead of by a job, with its results file written. Answers the finished import.
export async function seedRecordsImport(
  ctx: UserContext,
  files: FileStore,
  input: SeedRecordsImport,
): Promise<BatchImport> {
  const staged = await uploadImport(ctx, files, {
    query: { target: 'records', object_type: input.objectTypeTag },
    fileName: input.fileName,
    declaredSize: input.body.length,
    body: Readable.from([input.body]),
  });
  await setImportMapping(ctx, staged.id, { columns: input.columns, mode: 'create' });
  const runner = createBatchImportRunner({ db: ctx.db, jobs: null, files });
  await runImport(ctx, runner, staged.id);
  await runner.run(ctx.tenant.id, String(staged.id));
  return getImport(ctx, staged.id);
}
