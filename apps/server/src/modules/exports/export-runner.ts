import { createHash } from 'node:crypto';
import { once } from 'node:events';
import {
  decodeListQuery,
  EXPORT_MESSAGES,
  type WorkflowDefinition,
  type WorkflowListQuery,
} from '@attest/shared';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/database.js';
import type { WorkflowExportState } from '../../db/schema.js';
import type { FileStore, StoredFile } from '../../platform/files/file-store.js';
import { ReplicaGoneError, withTenantReadOnly } from '../../platform/read-replica/read-only.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { loadDefinition } from '../workflows/index.js';
import { loadExportLookups } from './export-lookups.js';
import { currentDefinitionIdOf } from './export-lookups.repository.js';
import { answerColumns, exportHeaders, exportRowCells } from './export-rows.js';
import { CURSOR_BATCH_ROWS, type ExportRowData, streamExportRows } from './export-rows.repository.js';
import { type ExportSelectionInput, exportScope } from './export-selection.js';
import { type ExportRow, exportsRepository } from './exports.repository.js';
import { createRowWriter } from './file-writers.js';
import { readAhead } from './read-ahead.js';

export const EXPORT_QUEUE = 'exports.run';
export type ExportJob = { tenantId: string; exportId: string };
export const exportJobKey = (job: ExportJob) => `${job.tenantId}:${job.exportId}`;
export type ExportJobSender = {
  send(queue: string, data: object, options?: PgBoss.SendOptions): Promise<unknown>;
};

// A UUID-shaped name derived from the export, the same for every attempt at it. Its creation time
// is part of it, so databases that share a file folder (a database made afresh, test runs) and
// number their exports alike never name the same file.
export function exportFileId(row: Pick<ExportRow, 'id' | 'created_at'>, tenantId: string): string {
  const seed = `workflow-export:${tenantId}:${row.id}:${row.created_at.toISOString()}`;
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

// rows_done is written after every this many rows (a separate short transaction each time).
export const PROGRESS_EVERY_ROWS = 1000;
// Far above any real export (a million rows of a wide kind is a few hundred MB of CSV).
export const MAX_EXPORT_BYTES = 4 * 1024 ** 3;

export type ExportRunner = {
  // After the request's transaction commits: hands the export to the job queue.
  dispatch(job: ExportJob): Promise<void>;
  // One export; the job calls it, and tests call it without pg-boss.
  run(
    tenantId: string,
    exportId: string,
    options?: { reclaim?: boolean },
  ): Promise<WorkflowExportState | 'skipped'>;
  // Every queued export of a tenant (tests and tools without a job queue); answers how many ran.
  runQueued(tenantId: string): Promise<number>;
};

type Prepared = {
  row: ExportRow;
  selection: ExportSelectionInput;
  definition: WorkflowDefinition | null;
  lookups: Awaited<ReturnType<typeof loadExportLookups>>;
};

export function createExportRunner(options: {
  db: Db;
  files: FileStore;
  jobs: ExportJobSender | null;
  log: (error: Error, context: string) => void;
  // Tests write progress after every row and watch it.
  progressEvery?: number;
  onProgress?: (rowsDone: number) => void;
}): ExportRunner {
  const { db, files } = options;
  const progressEvery = options.progressEvery ?? PROGRESS_EVERY_ROWS;

  async function prepare(
    tenantId: string,
    exportId: string,
    reclaim: boolean,
  ): Promise<Prepared | undefined> {
    return withTenant(db, tenantId, async (tx) => {
      if (!(await exportsRepository.claim(tx, tenantId, exportId, reclaim))) return undefined;
      const row = await exportsRepository.find(tx, tenantId, exportId);
      if (!row) return undefined;
      // Validated when the export was requested; decoded again here so the job and the list read
      // the filters with the same code.
      const decoded = decodeListQuery({ ...(row.params as WorkflowListQuery), kind_id: row.kind_id });
      if (!decoded.ok) throw new Error(`Stored export parameters no longer decode: ${decoded.problem.key}`);
      const definitionId = await currentDefinitionIdOf(tx, tenantId, row.kind_id);
      const definition = definitionId ? await loadDefinition(tx, tenantId, definitionId) : null;
      const lookups = await loadExportLookups(tx, tenantId, answerColumns(definition));
      return {
        row,
        definition,
        lookups,
        selection: { tenantId, userId: row.user_id, state: decoded.state },
      };
    });
  }

  async function write(tenantId: string, prepared: Prepared): Promise<{ file: StoredFile; rows: number }> {
    const fields = answerColumns(prepared.definition);
    const writer = createRowWriter(prepared.row.format, exportHeaders(fields));
    // The store reads the file while it is written; when it gives up, the writer stops too.
    const stored = files.put(writer.output, {
      namespace: `t${tenantId}`,
      maxBytes: MAX_EXPORT_BYTES,
      // One name per export: an attempt repeated after its worker died replaces the file it left.
      id: exportFileId(prepared.row, tenantId),
    });
    stored.catch((error: Error) => writer.output.destroy(error));
    let rows = 0;
    let progressing: Promise<void> = Promise.resolve();
    try {
      // The rows come from the read replica when one is fresh (issue 17); progress goes to the primary.
      await withTenantReadOnly(
        db,
        tenantId,
        async (tx) => {
          const scope = await exportScope(tx, prepared.selection);
          const cells = exportRowCells(fields, prepared.lookups);
          // The cursor's next batch is fetched while this one is written.
          for await (const row of readAhead(streamExportRows(tx, scope, fields), 2 * CURSOR_BATCH_ROWS)) {
            const behind = writer.write(cells(row as ExportRowData));
            if (behind) await behind;
            rows += 1;
            if (rows % progressEvery === 0) {
              // Written beside the rows, not before the next one: a transaction on the primary and
              // its commit (a WAL flush) per 1,000 rows held the export up for its whole round trip.
              // One at a time, in order; the last (long done by now) is awaited first, and its
              // failure fails the export here.
              await progressing;
              const done = rows;
              progressing = withTenant(db, tenantId, (progressTx) =>
                exportsRepository.progress(progressTx, tenantId, prepared.row.id, done),
              ).then(() => options.onProgress?.(done));
              // Handled when awaited; until then a failure is not an unhandled rejection.
              progressing.catch(() => undefined);
            }
          }
          await progressing;
        },
        // Rows already written cannot be read again into the same file: write() starts over.
        { retryOnPrimary: false },
      );
      await writer.end();
    } catch (error) {
      // The store reads the output only after its own first steps (a folder made): an output
      // destroyed before then would go unheard (its 'error' unhandled, the put waiting forever for
      // its end), so an export failing in its first moments waits until the store reads, or gave up.
      if (writer.output.readableFlowing !== true && !writer.output.destroyed) {
        await Promise.race([
          once(writer.output, 'resume').catch(() => undefined),
          stored.catch(() => undefined),
        ]);
      }
      writer.output.destroy(error as Error);
      await progressing.catch(() => undefined);
      await stored.catch(() => undefined);
      throw error;
    }
    return { file: await stored, rows };
  }

  async function run(
    tenantId: string,
    exportId: string,
    how: { reclaim?: boolean } = {},
  ): Promise<WorkflowExportState | 'skipped'> {
    let prepared: Prepared | undefined;
    try {
      prepared = await prepare(tenantId, exportId, how.reclaim ?? false);
      if (!prepared) return 'skipped';
      // A replica that went away mid-export: the file is written once more, from the primary.
      const ready = prepared;
      const { file, rows } = await write(tenantId, ready).catch((error: unknown) => {
        if (!(error instanceof ReplicaGoneError)) throw error;
        return write(tenantId, ready);
      });
      await withTenant(db, tenantId, (tx) =>
        exportsRepository.finish(tx, tenantId, exportId, {
          storageKey: file.storageKey,
          size: file.size,
          rowsDone: rows,
        }),
      );
      return 'finished';
    } catch (caught) {
      options.log(caught instanceof Error ? caught : new Error(String(caught)), 'workflow export');
      await withTenant(db, tenantId, (tx) =>
        exportsRepository.fail(tx, tenantId, exportId, EXPORT_MESSAGES.failed),
      );
      return 'failed';
    }
  }

  return {
    async dispatch(job) {
      if (!options.jobs) return;
      try {
        await options.jobs.send(EXPORT_QUEUE, job, { singletonKey: exportJobKey(job) });
      } catch (error) {
        // The export stays queued; the sweep (export-jobs.ts) hands it over again.
        options.log(error instanceof Error ? error : new Error(String(error)), 'export dispatch');
      }
    },
    run,
    async runQueued(tenantId) {
      const ids = await withTenant(db, tenantId, (tx) => exportsRepository.queuedIds(tx, tenantId, 100));
      let ran = 0;
      for (const id of ids) if ((await run(tenantId, id)) !== 'skipped') ran += 1;
      return ran;
    },
  };
}
