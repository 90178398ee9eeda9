import type PgBoss from 'pg-boss';
import type { Db } from '../../db/database.js';
import { type CursorRunOutcome, runCursorJob } from '../../platform/jobs/cursor-runner.js';
import type { JobRegistry } from '../../platform/jobs/job-queue.js';
import { type CrashHook, createJobQueue } from '../../platform/jobs/job-workers.js';
import { tenantsRepository } from '../../platform/tenancy/tenants.repository.js';
import { type Tx, useTenant, withTenant } from '../../platform/tenant-transaction.js';
import { loadMoveTarget, type MoveTarget, olderRunningWorkflows } from '../workflows/index.js';
import { moveBatch } from './move-batch.js';
import { workflowMovesRepository as moves, type WorkflowMoveRow } from './workflow-moves.repository.js';

export const WORKFLOW_MOVE_QUEUE = 'studio.workflow-moves';
export const WORKFLOW_MOVE_SWEEP_QUEUE = 'studio.workflow-moves.sweep';
export type WorkflowMoveJob = { tenantId: string; moveId: string };
const jobKey = (job: WorkflowMoveJob) => `${job.tenantId}:${job.moveId}`;

// Workflows moved per transaction: small enough that a batch commits in well under a second and a
// killed worker repeats little, large enough that the per-batch reads are few.
export const MOVE_BATCH_SIZE = 200;

type JobSender = { send(queue: string, data: object, options?: PgBoss.SendOptions): Promise<unknown> };
export type MoveRunOutcome = CursorRunOutcome;

export type WorkflowMoveRunner = {
  // After the request's transaction commits: hands the move to the job queue.
  dispatch(job: WorkflowMoveJob): Promise<void>;
  // One move, from where it stands; the job calls it, and tests call it without pg-boss. A signal
  // aborted (this worker lost the job's lease) stops it between batches, leaving it to the next attempt.
  run(tenantId: string, moveId: string, options?: { signal?: AbortSignal }): Promise<MoveRunOutcome>;
  // Every queued or interrupted move of a tenant (tests and tools without a job queue).
  runQueued(tenantId: string): Promise<number>;
};

// A move walks its workflows in id order from its cursor, one batch per transaction: the batch's
// moves, its results and the advanced cursor commit together, so a worker killed at any point
// leaves the move at the end of its last whole batch, and the next attempt goes on from there
// without moving any workflow twice (a moved workflow is no longer on an older version either).
export function createWorkflowMoveRunner(options: {
  db: Db;
  jobs: JobSender | null;
  batchSize?: number;
  // Tests watch (and interrupt) the run after each committed batch.
  afterBatch?: (move: { moveId: string; batches: number }) => void;
}): WorkflowMoveRunner {
  const { db } = options;
  const batchSize = options.batchSize ?? MOVE_BATCH_SIZE;

  async function oneBatch(tenantId: string, moveId: string, target: MoveTarget): Promise<boolean> {
    return withTenant(db, tenantId, async (tx) => {
      // Locked: two attempts at one move (a worker thought dead that was only slow) take turns.
      const move = await moves.find(tx, moveId, { forUpdate: true });
      if (move?.state !== 'running') return false;
      const rows = await olderRunning(tx, move, target, batchSize);
      if (rows.length === 0) {
        await moves.finish(tx, moveId);
        return false;
      }
      const at = new Date();
      const { results } = await moveBatch(tx, tenantId, target, rows, {
        moveId,
        actorId: move.created_by,
        at,
      });
      await moves.insertResults(
        tx,
        results.map((r) => ({
          tenant_id: tenantId,
          move_id: moveId,
          workflow_id: r.workflowId,
          outcome: r.outcome,
          reasons: JSON.stringify(r.reasons),
          from_definition_id: r.fromDefinitionId,
          from_version: r.fromVersion,
          dropped_steps: JSON.stringify(r.dropped),
          moved_at: at,
        })),
      );
      const moved = results.filter((r) => r.outcome === 'moved').length;
      await moves.advance(tx, moveId, {
        cursor: (rows[rows.length - 1] as { id: string }).id,
        done: rows.length,
        moved,
        refused: results.length - moved,
      });
      return true;
    });
  }

  function run(tenantId: string, moveId: string, how: { signal?: AbortSignal } = {}) {
    return runCursorJob({
      claim: () =>
        withTenant(db, tenantId, async (tx) => {
          if (!(await moves.claim(tx, moveId))) return undefined;
          const move = await moves.find(tx, moveId);
          return move && (await loadMoveTarget(tx, tenantId, move.target_definition_id));
        }),
      batch: (target) => oneBatch(tenantId, moveId, target),
      fail: (message) => withTenant(db, tenantId, (tx) => moves.setState(tx, moveId, 'failed', message)),
      signal: how.signal,
      afterBatch: (batches) => options.afterBatch?.({ moveId, batches }),
    });
  }

  return {
    async dispatch(job) {
      // Without a queue (tests, tools) the move stays queued for runQueued; when sending fails the
      // hourly sweep hands it over again.
      await options.jobs
        ?.send(WORKFLOW_MOVE_QUEUE, job, { singletonKey: jobKey(job) })
        .catch(() => undefined);
    },
    run,
    async runQueued(tenantId) {
      const ids = await withTenant(db, tenantId, (tx) => moves.queuedIds(tx, 100));
      let ran = 0;
      for (const id of ids) if ((await run(tenantId, id)) !== 'skipped') ran += 1;
      return ran;
    },
  };
}

// The next batch: the chosen workflows, or every running one of an older version, after the cursor.
function olderRunning(tx: Tx, move: WorkflowMoveRow, target: MoveTarget, limit: number) {
  return olderRunningWorkflows.page(
    tx,
    { kindId: move.kind_id, belowVersion: target.version, ids: move.workflow_ids },
    { afterId: move.cursor_workflow_id, limit, lock: true },
  );
}

// In the sweeper's transaction, before a worker takes the job again: the move is queued again (it
// resumes from its cursor), or failed when pg-boss gave up on it.
export const requeueCrashedMove: CrashHook = async (tx, job, { again }) => {
  const { tenantId, moveId } = job.data as WorkflowMoveJob;
  await useTenant(tx, tenantId);
  await moves.setState(tx, moveId, again ? 'queued' : 'failed', again ? null : 'The move job failed.');
};

// Hourly: moves left queued by a process that stopped before handing them over are handed over again.
export async function sweepQueuedMoves(boss: JobSender, adminDb: Db): Promise<void> {
  for (const tenantId of await tenantsRepository.allIds(adminDb)) {
    const ids = await withTenant(adminDb, tenantId, (tx) => moves.queuedIds(tx, 100));
    for (const moveId of ids) {
      const job = { tenantId, moveId };
      await boss.send(WORKFLOW_MOVE_QUEUE, job, { singletonKey: jobKey(job) });
    }
  }
}

export function registerWorkflowMoveJobs(registry: JobRegistry, deps: { db: Db; adminDb: Db }): void {
  const runner = createWorkflowMoveRunner({ db: deps.db, jobs: null });
  registry.add({
    createQueues: async (boss) => {
      await createJobQueue(boss, WORKFLOW_MOVE_QUEUE, {
        policy: 'stately',
        retryDelay: 30,
        expireInMinutes: 60,
      });
      await createJobQueue(boss, WORKFLOW_MOVE_SWEEP_QUEUE);
    },
    registerWorkers: async (workers, boss) => {
      await workers.register<WorkflowMoveJob>(
        WORKFLOW_MOVE_QUEUE,
        (job, { signal }) => runner.run(job.data.tenantId, job.data.moveId, { signal }),
        { onCrash: requeueCrashedMove },
      );
      await boss.schedule(WORKFLOW_MOVE_SWEEP_QUEUE, '41 * * * *');
      await workers.register(WORKFLOW_MOVE_SWEEP_QUEUE, () => sweepQueuedMoves(boss, deps.adminDb));
    },
  });
}
