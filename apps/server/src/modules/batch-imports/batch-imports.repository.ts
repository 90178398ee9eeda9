import type {
  BatchImportFormat,
  BatchImportState,
  BatchImportsQuery,
  BatchImportTarget,
} from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';

// batch_imports with the names the answer shows (type, kind, creator). Every query runs in a
// withTenant transaction: row-level security keeps it to the request's tenant.

const SUMMARY_COLUMNS = [
  'i.id',
  'i.target',
  'i.object_type_id',
  'i.kind_id',
  'i.mode',
  'i.key_name',
  'i.start_step_tag',
  'i.mapping',
  'i.file_name',
  'i.format',
  'i.storage_key',
  'i.size_bytes',
  'i.state',
  'i.rows_total',
  'i.rows_valid',
  'i.rows_invalid',
  'i.rows_done',
  'i.created',
  'i.updated',
  'i.failed',
  'i.results_storage_key',
  'i.error',
  'i.created_at',
  'i.started_at',
  'i.finished_at',
  'i.undone_at',
  'i.created_by',
  'ot.tag as object_type_tag',
  'ot.name as object_type_name',
  'k.tag as kind_tag',
  'k.name as kind_name',
  'u.first_name as creator_first_name',
  'u.last_name as creator_last_name',
  'u.email as creator_email',
  'uu.first_name as undoer_first_name',
  'uu.last_name as undoer_last_name',
  'uu.email as undoer_email',
  'i.undone_by',
] as const;

function selectImports(tx: Tx) {
  return tx
    .selectFrom('batch_imports as i')
    .leftJoin('object_types as ot', 'ot.id', 'i.object_type_id')
    .leftJoin('workflow_kinds as k', 'k.id', 'i.kind_id')
    .leftJoin('users as u', 'u.id', 'i.created_by')
    .leftJoin('users as uu', 'uu.id', 'i.undone_by')
    .select(SUMMARY_COLUMNS);
}

export type BatchImportRow = NonNullable<Awaited<ReturnType<typeof batchImportsRepository.byId>>>;

// Who reads imports (import-visibility.ts): everyone's, or only those this user created.
export type ImportViewer = { userId: string; seesAll: boolean };

export type NewBatchImport = {
  tenantId: string;
  createdBy: string;
  target: BatchImportTarget;
  objectTypeId: string | null;
  kindId: string | null;
  fileName: string;
  format: BatchImportFormat;
  storageKey: string;
  sizeBytes: number;
  mapping: unknown;
};

export const batchImportsRepository = {
  insert: async (tx: Tx, row: NewBatchImport): Promise<string> => {
    const inserted = await tx
      .insertInto('batch_imports')
      .values({
        tenant_id: row.tenantId,
        created_by: row.createdBy,
        target: row.target,
        object_type_id: row.objectTypeId,
        kind_id: row.kindId,
        file_name: row.fileName,
        format: row.format,
        storage_key: row.storageKey,
        size_bytes: row.sizeBytes,
        mapping: JSON.stringify(row.mapping),
        state: 'parsing',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  },

  // A file refused while it was staged leaves nothing: its rows go with it (on delete cascade).
  delete: async (tx: Tx, id: string): Promise<void> => {
    await tx.deleteFrom('batch_imports').where('id', '=', id).execute();
  },

  markParsed: async (tx: Tx, id: string, rowsTotal: number): Promise<void> => {
    await tx
      .updateTable('batch_imports')
      .set({ state: 'parsed', rows_total: rowsTotal })
      .where('id', '=', id)
      .execute();
  },

  // Without a viewer: the import itself, for the upload that just made it and the jobs.
  byId: (tx: Tx, id: string, viewer?: ImportViewer) => {
    let query = selectImports(tx).where('i.id', '=', id);
    if (viewer && !viewer.seesAll) query = query.where('i.created_by', '=', viewer.userId);
    return query.executeTakeFirst();
  },

  page: async (tx: Tx, query: BatchImportsQuery, viewer: ImportViewer) => {
    let where = tx.selectFrom('batch_imports as i');
    if (query.state) where = where.where('i.state', '=', query.state);
    if (query.target) where = where.where('i.target', '=', query.target);
    if (!viewer.seesAll) where = where.where('i.created_by', '=', viewer.userId);
    const counted = await where.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    let rows = selectImports(tx);
    if (query.state) rows = rows.where('i.state', '=', query.state);
    if (query.target) rows = rows.where('i.target', '=', query.target);
    if (!viewer.seesAll) rows = rows.where('i.created_by', '=', viewer.userId);
    const results = await rows.orderBy('i.id', 'desc').limit(query.limit).offset(query.offset).execute();
    return { results, count: Number(counted.n) };
  },

  // The mapping chosen, and the state the preview is in; only from a state the mapping may change in.
  setMapping: async (
    tx: Tx,
    id: string,
    change: {
      mode: 'create' | 'update' | 'upsert';
      keyName: string | null;
      startStepTag: string | null;
      mappingId: string | null;
      mapping: unknown;
      state: BatchImportState;
    },
  ): Promise<void> => {
    await tx
      .updateTable('batch_imports')
      .set({
        mode: change.mode,
        key_name: change.keyName,
        start_step_tag: change.startStepTag,
        mapping_id: change.mappingId,
        mapping: JSON.stringify(change.mapping),
        state: change.state,
        rows_valid: 0,
        rows_invalid: 0,
        error: null,
      })
      .where('id', '=', id)
      .execute();
  },

  finishValidation: async (tx: Tx, id: string, counts: { valid: number; invalid: number }): Promise<void> => {
    await tx
      .updateTable('batch_imports')
      .set({ state: 'validated', rows_valid: counts.valid, rows_invalid: counts.invalid })
      .where('id', '=', id)
      .execute();
  },

  // Locks the import while its mapping changes, so two previews never interleave.
  lockState: async (tx: Tx, id: string): Promise<BatchImportState | undefined> => {
    const row = await tx
      .selectFrom('batch_imports')
      .select('state')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row?.state;
  },

  objectTypeTag: async (tx: Tx, objectTypeId: string): Promise<string | undefined> => {
    const row = await tx
      .selectFrom('object_types')
      .select('tag')
      .where('id', '=', objectTypeId)
      .executeTakeFirst();
    return row?.tag;
  },

  // The preview stopped by an error of ours: back to parsed, so the mapping may be sent again.
  previewFailed: async (tx: Tx, id: string): Promise<void> => {
    await tx
      .updateTable('batch_imports')
      .set({ state: 'parsed', error: 'The rows could not be checked. Send the mapping again.' })
      .where('id', '=', id)
      .execute();
  },
};
