import {
  BATCH_IMPORT_ERROR_CODES,
  BATCH_IMPORT_MESSAGES,
  type BatchImport,
  type BatchImportState,
  type ImportMappingRequest,
} from '@attest/shared';
import { AppError, NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { importDetail } from './batch-import-api.js';
import { batchImportsRepository } from './batch-imports.repository.js';
import { checkMapping } from './check-mapping.js';
import { importMappingsRepository } from './import-mappings.repository.js';
import { importTarget } from './import-target.js';
import { importViewer } from './import-visibility.js';
import { type StoredMapping, storedMapping } from './stored-mapping.js';
import { validateRows } from './validate-rows.js';

// The mapping may change until the import runs.
const MAPPABLE: readonly BatchImportState[] = ['parsed', 'validated'];

// Plan §4.2-4.3: the mapping stored (and saved by name when asked), then every staged row checked.
// The check runs in this request, a thousand rows per short transaction (validate-rows), and the
// answer is the validated import; it is not yet a queued job.
export async function setImportMapping(
  ctx: UserContext,
  id: number,
  request: ImportMappingRequest,
): Promise<BatchImport> {
  const importId = String(id);
  const plan = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await batchImportsRepository.byId(tx, importId, importViewer(ctx));
    if (!row) throw new NotFoundError();
    const state = await batchImportsRepository.lockState(tx, importId);
    if (!state || !MAPPABLE.includes(state)) {
      throw new AppError(400, BATCH_IMPORT_ERROR_CODES.notRunnable, BATCH_IMPORT_MESSAGES.notRunnable);
    }
    const spec = await importTarget(
      tx,
      ctx.tenant.id,
      row.object_type_id
        ? { target: 'records', objectTypeId: row.object_type_id }
        : { target: 'workflows', kindId: row.kind_id ?? '0' },
    );
    const stored = storedMapping(row.mapping);
    checkMapping(spec, stored.headers, request);
    const mappingId = request.save_as
      ? await importMappingsRepository.save(tx, {
          tenantId: ctx.tenant.id,
          name: request.save_as,
          target: spec.target,
          objectTypeId: spec.objectTypeId,
          kindId: spec.kindId,
          createdBy: ctx.auth.user.id,
          columns: request.columns.map((c) => ({ header: c.header, target: c.target })),
        })
      : null;
    const mapping: StoredMapping = { ...stored, columns: request.columns };
    await batchImportsRepository.setMapping(tx, importId, {
      mode: request.mode,
      keyName: request.key_name ?? null,
      startStepTag: request.start_step_tag ?? null,
      mappingId,
      mapping,
      state: 'validating',
    });
    return { spec, columns: request.columns, mode: request.mode, keyName: request.key_name ?? null };
  });

  try {
    const counts = await validateRows(ctx, importId, plan);
    await withTenant(ctx.db, ctx.tenant.id, (tx) =>
      batchImportsRepository.finishValidation(tx, importId, counts),
    );
  } catch (error) {
    await withTenant(ctx.db, ctx.tenant.id, (tx) => batchImportsRepository.previewFailed(tx, importId));
    throw error;
  }
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await batchImportsRepository.byId(tx, importId);
    if (!row) throw new NotFoundError();
    return importDetail(row);
  });
}
