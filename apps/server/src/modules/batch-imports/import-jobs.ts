import { userChannel } from '@attest/shared';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/database.js';
import { actingUser } from '../../platform/auth/acting-user.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { type CursorRunOutcome, runCursorJob } from '../../platform/jobs/cursor-runner.js';
import type { JobRegistry } from '../../platform/jobs/job-queue.js';
import { type CrashHook, createJobQueue } from '../../platform/jobs/job-workers.js';
import type { OutgoingEvent, RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import { tenantsRepository } from '../../platform/tenancy/tenants.repository.js';
import { type Tx, useTenant, withTenant } from '../../platform/tenant-transaction.js';
import { currentKind } from '../workflows/index.js';
import { importRunRepository as runs } from './import-run.repository.js';
import { importTarget } from './import-target.js';
import { writeResultsFile } from './results-file.js';
import { mappedColumns, storedMapping } from './stored-mapping.js';
import { undoImportBatch } from './undo-import-rows.js';
import { type RunPlan, stepsBefore, writeImportRows } from './write-import-rows.js';

export const BATCH_IMPORT_RUN_QUEUE = 'batch-imports.run';
export const BATCH_IMPORT_UNDO_QUEUE = 'batch-imports.undo';
export const BATCH_IMPORT_SWEEP_QUEUE = 'batch-imports.sweep';
export type BatchImportJob = { tenantId: string; importId: string };
const jobKey = (job: BatchImportJob) => `${job.tenantId}:${job.importId}`;

// Plan §4.4: rows per transaction. A batch commits in well under a second; a killed worker repeats
// at most one uncommitted batch.
export const IMPORT_BATCH_ROWS = 500;

type JobSender = { send(queue: string, data: object, options?: PgBoss.SendOptions): Promise<unknown> };

export type BatchImportRunner = {
  // After the request's transaction commits: hands the run (or the undo) to the job queue.
  dispatch(
    queue: typeof BATCH_IMPORT_RUN_QUEUE | typeof BATCH_IMPORT_UNDO_QUEUE,
    job: BatchImportJob,
  ): Promise<void>;
  // One import's run from its cursor; the job calls it, tests and the demo seed call it without pg-boss.
  run(tenantId: string, importId: string, options?: { signal?: AbortSignal }): Promise<CursorRunOutcome>;
  // One import's undo from its undo cursor.
  undo(tenantId: string, importId: string, options?: { signal?: AbortSignal }): Promise<CursorRunOutcome>;
  // Every queued (or interrupted) run and every undo under way of a tenant.
  runQueued(tenantId: string): Promise<number>;
};

export type BatchImportRunnerOptions = {
  db: Db;
  jobs: JobSender | null;
  files: FileStore;
  // Spec 1 §4 bulk actions: 'batch.import' to the person the job acts for (plan §5.4).
  realtime?: RealtimePublisher;
  batchSize?: number;
  // Tests watch (and interrupt) the run after each committed batch.
  afterBatch?: (run: { importId: string; batches: number }) => void;
};

type Head = NonNullable<Awaited<ReturnType<typeof runs.lock>>>;

const PROGRESS_EVERY_MS = 1000;

// What a run or undo tells its person: started, progress (no outcome, at most once a second),
// finished or failed. Listeners re-read the import through the API.
type Progress = { userId: string; action: 'run' | 'undo'; done: number; total: number; toldAt: number };

function importEvent(
  tenantId: string,
  importId: string,
  p: Progress,
  outcome: OutgoingEvent['outcome'],
): OutgoingEvent {
  return {
    channel: userChannel(tenantId, p.userId),
    type: 'batch.import',
    group: 'bulk_actions',
    outcome,
    workflow_id: null,
    actor: null,
    data: { id: Number(importId), action: p.action, done: p.done, total: p.total },
  };
}

// `actorId`: whom a workflows update (or its undo) acts for, with their grants.
async function runPlan(
  tx: Tx,
  db: Db,
  tenantId: string,
  head: Head,
  actorId: string | null,
): Promise<RunPlan> {
  const spec = await importTarget(
    tx,
    tenantId,
    head.object_type_id
      ? { target: 'records', objectTypeId: head.object_type_id }
      : { target: 'workflows', kindId: head.kind_id ?? '0' },
  );
  if (head.created_by === null) throw new Error('The person who started this import no longer exists.');
  const kind = head.kind_id ? await currentKind(tx, tenantId, { id: head.kind_id }) : null;
  const updates = kind !== null && head.mode !== 'create';
  const actor = updates ? await actingUser(tx, db, tenantId, actorId) : undefined;
  if (updates && !actor) throw new Error('The person this import acts for can no longer change workflows.');
  return {
    spec,
    columns: mappedColumns(storedMapping(head.mapping)),
    mode: head.mode,
    keyName: head.key_name,
    writer: { tenantId, importId: head.id, userId: head.created_by },
    kind,
    submitted: kind ? stepsBefore(kind, head.start_step_tag) : [],
    actor: actor ?? null,
  };
}

export function createBatchImportRunner(options: BatchImportRunnerOptions): BatchImportRunner {
  const { db, files } = options;
  const batchSize = options.batchSize ?? IMPORT_BATCH_ROWS;
  const tell = (
    tenantId: string,
    importId: string,
    p: Progress | null,
    outcome: OutgoingEvent['outcome'],
  ) => {
    if (!p || !options.realtime) return;
    const now = Date.now();
    if (outcome === null && now - p.toldAt < PROGRESS_EVERY_MS) return;
    p.toldAt = now;
    options.realtime.publish([importEvent(tenantId, importId, p, outcome)]);
  };

  // One batch in one transaction: the rows' writes, their outcomes, the cursor and the counts.
  function oneBatch(tenantId: string, importId: string, plan: RunPlan, oneByOne: boolean) {
    return withTenant(db, tenantId, async (tx) => {
      const head = await runs.lock(tx, importId);
      if (head?.state !== 'running') return 'done' as const;
      const staged = await runs.rowsAfter(tx, importId, head.cursor_row, batchSize);
      const last = staged.at(-1);
      if (!last) {
        await runs.setState(tx, importId, 'finished');
        return 'finished' as const;
      }
      const done = staged.filter((row) => row.problems === null).length;
      const outcomes = await writeImportRows(tx, plan, staged, oneByOne);
      await runs.setOutcomes(tx, importId, outcomes);
      const count = (outcome: string) => outcomes.filter((o) => o.outcome === outcome).length;
      await runs.advance(tx, importId, {
        cursor: last.row_number,
        done,
        created: count('created'),
        updated: count('updated'),
        failed: count('failed'),
      });
      return done;
    });
  }

  async function run(tenantId: string, importId: string, how: { signal?: AbortSignal } = {}) {
    let progress: Progress | null = null;
    const outcome = await runCursorJob<RunPlan>({
      claim: async () => {
        const plan = await withTenant(db, tenantId, async (tx) => {
          if (!(await runs.claim(tx, importId, 'queued', 'running'))) return undefined;
          const head = await runs.lock(tx, importId);
          if (!head) return undefined;
          progress = {
            userId: head.created_by ?? '0',
            action: 'run',
            done: head.rows_done,
            total: head.rows_valid,
            toldAt: 0,
          };
          return runPlan(tx, db, tenantId, head, head.created_by);
        });
        if (plan) tell(tenantId, importId, progress, 'started');
        return plan;
      },
      batch: async (plan) => {
        // A row that throws rolls its batch back; the batch is then written row by row, each under
        // a savepoint, so that row alone fails (plan §4.4).
        const done = await oneBatch(tenantId, importId, plan, false).catch(() =>
          oneBatch(tenantId, importId, plan, true),
        );
        if (typeof done === 'number') {
          if (progress) (progress as Progress).done += done;
          tell(tenantId, importId, progress, null);
          return true;
        }
        if (done === 'finished') {
          await writeResultsFile(db, files, tenantId, importId);
          tell(tenantId, importId, progress, 'finished');
        }
        return false;
      },
      fail: async (message) => {
        await withTenant(db, tenantId, (tx) => runs.setState(tx, importId, 'failed', message));
        tell(tenantId, importId, progress, 'failed');
      },
      signal: how.signal,
      afterBatch: (batches) => options.afterBatch?.({ importId, batches }),
    });
    return outcome;
  }

  function undo(tenantId: string, importId: string, how: { signal?: AbortSignal } = {}) {
    let progress: Progress | null = null;
    return runCursorJob<RunPlan>({
      claim: async () => {
        const plan = await withTenant(db, tenantId, async (tx) => {
          const head = await runs.lock(tx, importId);
          if (head?.state !== 'undoing') return undefined;
          const userId = head.undone_by ?? head.created_by ?? '0';
          progress = { userId, action: 'undo', done: 0, total: head.rows_done, toldAt: 0 };
          return runPlan(tx, db, tenantId, head, userId);
        });
        if (plan) tell(tenantId, importId, progress, 'started');
        return plan;
      },
      batch: async (plan) => {
        const walked = await withTenant(db, tenantId, async (tx) => {
          const head = await runs.lock(tx, importId);
          if (head?.state !== 'undoing') return 0;
          const rows = await runs.writtenAfter(tx, importId, head.undo_cursor_row, batchSize);
          const last = rows.at(-1);
          if (!last) {
            await runs.setState(tx, importId, 'undone');
            return 0;
          }
          await runs.setUndoOutcomes(tx, importId, await undoImportBatch(tx, plan, rows));
          await runs.advanceUndo(tx, importId, last.row_number);
          return rows.length;
        });
        if (walked > 0) {
          if (progress) (progress as Progress).done += walked;
          tell(tenantId, importId, progress, null);
          return true;
        }
        await writeResultsFile(db, files, tenantId, importId);
        tell(tenantId, importId, progress, 'finished');
        return false;
      },
      fail: async (message) => {
        await withTenant(db, tenantId, (tx) => runs.setState(tx, importId, 'finished', message));
        tell(tenantId, importId, progress, 'failed');
      },
      signal: how.signal,
      afterBatch: (batches) => options.afterBatch?.({ importId, batches }),
    });
  }

  return {
    async dispatch(queue, job) {
      // Without a queue (tests, tools) the import waits for runQueued; when sending fails the hourly
      // sweep hands it over again.
      await options.jobs?.send(queue, job, { singletonKey: jobKey(job) }).catch(() => undefined);
    },
    run,
    undo,
    async runQueued(tenantId) {
      const [queued, undoing] = await withTenant(db, tenantId, async (tx) => [
        await runs.queuedIds(tx, ['queued', 'running'], 100),
        await runs.queuedIds(tx, ['undoing'], 100),
      ]);
      let ran = 0;
      for (const id of queued) if ((await run(tenantId, id)) !== 'skipped') ran += 1;
      for (const id of undoing) if ((await undo(tenantId, id)) !== 'skipped') ran += 1;
      return ran;
    },
  };
}

// In the sweeper's transaction, before a worker takes the job again: the import is queued again and
// resumes from its cursor (never reset: what committed stays), or fails when pg-boss gave up on it.
export const requeueCrashedImport: CrashHook = async (tx, job, { again }) => {
  const { tenantId, importId } = job.data as BatchImportJob;
  await useTenant(tx, tenantId);
  await runs.setState(tx, importId, again ? 'queued' : 'failed', again ? null : 'The import job failed.');
};

// An undo resumes from its undo cursor in state 'undoing'; given up, the import stays finished.
export const requeueCrashedUndo: CrashHook = async (tx, job, { again }) => {
  if (again) return;
  const { tenantId, importId } = job.data as BatchImportJob;
  await useTenant(tx, tenantId);
  await runs.setState(tx, importId, 'finished', 'The undo job failed.');
};

// Hourly: imports left queued (or undoing) by a process that stopped before handing them over.
export async function sweepQueuedImports(boss: JobSender, adminDb: Db): Promise<void> {
  for (const tenantId of await tenantsRepository.allIds(adminDb)) {
    const [queued, undoing] = await withTenant(adminDb, tenantId, async (tx) => [
      await runs.queuedIds(tx, ['queued'], 100),
      await runs.queuedIds(tx, ['undoing'], 100),
    ]);
    for (const importId of queued) {
      const job = { tenantId, importId };
      await boss.send(BATCH_IMPORT_RUN_QUEUE, job, { singletonKey: jobKey(job) });
    }
    for (const importId of undoing) {
      const job = { tenantId, importId };
      await boss.send(BATCH_IMPORT_UNDO_QUEUE, job, { singletonKey: jobKey(job) });
    }
  }
}

export function registerBatchImportJobs(
  registry: JobRegistry,
  deps: { db: Db; adminDb: Db; files: FileStore; realtime: RealtimePublisher },
): void {
  const runner = createBatchImportRunner({
    db: deps.db,
    files: deps.files,
    jobs: null,
    realtime: deps.realtime,
  });
  const policy = { policy: 'stately', retryDelay: 30, expireInMinutes: 60 } as const;
  registry.add({
    createQueues: async (boss) => {
      await createJobQueue(boss, BATCH_IMPORT_RUN_QUEUE, policy);
      await createJobQueue(boss, BATCH_IMPORT_UNDO_QUEUE, policy);
      await createJobQueue(boss, BATCH_IMPORT_SWEEP_QUEUE);
    },
    registerWorkers: async (workers, boss) => {
      await workers.register<BatchImportJob>(
        BATCH_IMPORT_RUN_QUEUE,
        (job, { signal }) => runner.run(job.data.tenantId, job.data.importId, { signal }),
        { onCrash: requeueCrashedImport },
      );
      await workers.register<BatchImportJob>(
        BATCH_IMPORT_UNDO_QUEUE,
        (job, { signal }) => runner.undo(job.data.tenantId, job.data.importId, { signal }),
        { onCrash: requeueCrashedUndo },
      );
      await boss.schedule(BATCH_IMPORT_SWEEP_QUEUE, '47 * * * *');
      await workers.register(BATCH_IMPORT_SWEEP_QUEUE, () => sweepQueuedImports(boss, deps.adminDb));
    },
  });
}
