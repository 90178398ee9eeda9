import type { ExportFormat, WorkflowExport } from '@attest/shared';
import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

const COLUMNS = [
  'id',
  'user_id',
  'kind_id',
  'params',
  'format',
  'state',
  'rows_total',
  'rows_done',
  'file_name',
  'storage_key',
  'error',
  'created_at',
  'finished_at',
  'expires_at',
] as const;

export type ExportRow = {
  id: string;
  user_id: string;
  kind_id: string;
  params: Record<string, unknown>;
  format: ExportFormat;
  state: WorkflowExport['state'];
  rows_total: number;
  rows_done: number;
  file_name: string;
  storage_key: string | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date;
};

export function toWorkflowExport(row: ExportRow): WorkflowExport {
  return {
    id: Number(row.id),
    kind_id: Number(row.kind_id),
    format: row.format,
    state: row.state,
    rows_total: row.rows_total,
    rows_done: row.rows_done,
    file_name: row.file_name,
    error: row.error,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    expires_at: row.expires_at.toISOString(),
  };
}

// Every statement names the tenant as well: the job may run as a role row-level security does not bind.
export const exportsRepository = {
  async insert(
    tx: Tx,
    values: {
      tenantId: string;
      userId: string;
      kindId: string;
      params: Record<string, unknown>;
      format: ExportFormat;
      fileName: string;
      rowsTotal: number;
      retentionHours: number;
    },
  ): Promise<ExportRow> {
    return (await tx
      .insertInto('workflow_exports')
      .values({
        tenant_id: values.tenantId,
        user_id: values.userId,
        kind_id: values.kindId,
        params: JSON.stringify(values.params),
        format: values.format,
        file_name: values.fileName,
        rows_total: values.rowsTotal,
        expires_at: sql<Date>`now() + make_interval(hours => ${values.retentionHours})`,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow()) as ExportRow;
  },

  // One of the user's own exports; another user's is not found, like another tenant's.
  async findOwn(tx: Tx, tenantId: string, userId: string, id: number): Promise<ExportRow | undefined> {
    return (await tx
      .selectFrom('workflow_exports')
      .select(COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('id', '=', String(id))
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst()) as ExportRow | undefined;
  },

  async find(tx: Tx, tenantId: string, id: string): Promise<ExportRow | undefined> {
    return (await tx
      .selectFrom('workflow_exports')
      .select(COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()) as ExportRow | undefined;
  },

  // The file of a finished export and its size (the scheduler sends it on: list-export-file.ts).
  finishedFile(tx: Tx, tenantId: string, id: string) {
    return tx
      .selectFrom('workflow_exports')
      .select(['state', 'storage_key', 'size_bytes', 'rows_done', 'file_name', 'error'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  // Takes a queued export for one worker. A retried job (its attempt died mid-file) takes over a
  // running one; its half-written file was never stored (the file store renames only when complete).
  async claim(tx: Tx, tenantId: string, id: string, reclaim: boolean): Promise<boolean> {
    const result = await tx
      .updateTable('workflow_exports')
      .set({ state: 'running', started_at: sql<Date>`now()`, rows_done: 0 })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('state', 'in', reclaim ? ['queued', 'running'] : ['queued'])
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  // Its worker died (the job lease sweeper, in its transaction): shown as queued again, from the
  // start, until a worker claims it.
  async requeue(tx: Tx, tenantId: string, id: string): Promise<void> {
    await tx
      .updateTable('workflow_exports')
      .set({ state: 'queued', rows_done: 0, requeued_at: sql<Date>`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('state', 'in', ['queued', 'running'])
      .execute();
  },

  async progress(tx: Tx, tenantId: string, id: string, rowsDone: number): Promise<void> {
    await tx
      .updateTable('workflow_exports')
      .set({ rows_done: rowsDone })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  },

  async finish(
    tx: Tx,
    tenantId: string,
    id: string,
    file: { storageKey: string; size: number; rowsDone: number },
  ): Promise<void> {
    await tx
      .updateTable('workflow_exports')
      .set({
        state: 'finished',
        storage_key: file.storageKey,
        size_bytes: file.size,
        rows_done: file.rowsDone,
        // The rows written are the truth: workflows may have changed since the request counted them.
        rows_total: file.rowsDone,
        finished_at: sql<Date>`now()`,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  },

  async fail(tx: Tx, tenantId: string, id: string, error: string): Promise<void> {
    await tx
      .updateTable('workflow_exports')
      .set({ state: 'failed', error, finished_at: sql<Date>`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      // A finished export stays finished (a repeated attempt that fails late does not undo it).
      .where('state', '!=', 'finished')
      .execute();
  },

  // Running, or queued by the user: an export queued again after its worker died does not count
  // while it waits (issue 12), since the user did not ask for it twice.
  async activeCount(tx: Tx, tenantId: string, userId: string): Promise<number> {
    const row = await tx
      .selectFrom('workflow_exports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('state', '=', 'running'),
          eb.and([eb('state', '=', 'queued'), eb('requeued_at', 'is', null)]),
        ]),
      )
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async queuedIds(tx: Tx, tenantId: string, limit: number): Promise<string[]> {
    const rows = await tx
      .selectFrom('workflow_exports')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('state', '=', 'queued')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },

  // Expired exports: their rows go, and the keys of their files are answered for deletion.
  async deleteExpired(tx: Tx, tenantId: string): Promise<string[]> {
    const rows = await tx
      .deleteFrom('workflow_exports')
      .where('tenant_id', '=', tenantId)
      .where('expires_at', '<=', sql<Date>`now()`)
      .returning('storage_key')
      .execute();
    return rows.flatMap((r) => (r.storage_key ? [r.storage_key] : []));
  },
};
