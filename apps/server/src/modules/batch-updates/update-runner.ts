import { type BatchUpdateChanges, userChannel } from '@attest/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { actingUser } from '../../platform/auth/acting-user.js';
import { NotFoundError } from '../../platform/errors.js';
import { type CursorRunOutcome, runCursorJob } from '../../platform/jobs/cursor-runner.js';
import {
  type OutgoingEvent,
  type RealtimePublisher,
  silentPublisher,
} from '../../platform/realtime/realtime-publisher.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { type LoadedObjectType, loadObjectType } from '../records/index.js';
import {
  workflowActorOf as actorOf,
  type ChangeHooks,
  type LoadedWorkflow,
  loadChangeableWorkflow,
  loadVisibleWorkflow,
  type StepIntegrations,
} from '../workflows/index.js';
import {
  type BatchUpdateRow,
  type ItemRow,
  batchUpdatesRepository as updates,
} from './batch-updates.repository.js';
import { lockRecord, planRecordItem, recordRefusal, writeRecordValues } from './record-items.js';
import {
  type AfterCommit,
  type ItemValues,
  type PlaceNames,
  placeNames,
  planItem,
  refusalMessage,
  writeValues,
} from './update-items.js';

export const BATCH_UPDATE_QUEUE = 'batch-updates.run';
export type BatchUpdateJob = { tenantId: string; updateId: string };
export const batchUpdateJobKey = (job: BatchUpdateJob) => `${job.tenantId}:${job.updateId}`;

// Items per transaction: a batch commits in well under a second, and a killed worker repeats little.
export const BATCH_UPDATE_BATCH_SIZE = 200;

type JobSender = { send(queue: string, data: object, options?: object): Promise<unknown> };

export type BatchUpdateRunner = {
  // After the request's transaction commits: hands the update to the job queue.
  dispatch(job: BatchUpdateJob): Promise<void>;
  // The update's next phase from where it stands (preview, apply or undo); the job calls it, and tests
  // call it without pg-boss.
  run(tenantId: string, updateId: string, options?: { signal?: AbortSignal }): Promise<CursorRunOutcome>;
};

type Claimed = {
  ctx: UserContext;
  update: BatchUpdateRow;
  changes: BatchUpdateChanges;
  names: PlaceNames;
  // Records: their type's current version (their values are checked against it, as an edit by hand).
  type: LoadedObjectType | null;
  // When listeners last heard of the progress.
  toldAt: number;
};

const PROGRESS_EVERY_MS = 1000;

// Spec 1 §4 bulk actions, to the person the job acts for: started, progress (no outcome), finished or
// failed. Listeners re-read the update through the API.
function batchEvent(
  c: Claimed,
  action: 'preview' | 'apply' | 'undo',
  outcome: OutgoingEvent['outcome'],
  done: number,
  total: number,
): OutgoingEvent {
  return {
    channel: userChannel(c.ctx.tenant.id, c.ctx.auth.user.id),
    type: 'batch.update',
    group: 'bulk_actions',
    outcome,
    workflow_id: null,
    actor: actorOf(c.ctx),
    data: { id: Number(c.update.id), action, done, total },
  };
}

// Each phase walks the items by target_id from its cursor, one batch per transaction: the batch's
// writes, outcomes, counts and the advanced cursor commit together, so a worker killed at any point
// leaves the update at the end of its last whole batch and the next attempt repeats nothing. Each
// item is changed under its workflow's lock, in a savepoint: a refusal the engine answers with fails
// that item alone.
export function createBatchUpdateRunner(options: {
  db: Db;
  jobs: JobSender | null;
  realtime?: RealtimePublisher;
  // Queues the integration runs of the steps an answer opens, as the answer API does.
  integrations?: StepIntegrations | null;
  batchSize?: number;
  afterBatch?: (update: { updateId: string; batches: number }) => void;
}): BatchUpdateRunner {
  const { db } = options;
  const batchSize = options.batchSize ?? BATCH_UPDATE_BATCH_SIZE;
  const realtime = options.realtime ?? silentPublisher;
  const hooks: ChangeHooks = { integrations: options.integrations ?? null, realtime, tasks: null };

  async function claimAs(tx: Tx, tenantId: string, update: BatchUpdateRow, userId: string | null) {
    const ctx = await actingUser(tx, db, tenantId, userId);
    if (!ctx) throw new Error('The person who started this batch update can no longer act.');
    const changes = update.changes as BatchUpdateChanges;
    const names = await placeNames(tx);
    const tag =
      update.object_type_id === null ? undefined : await updates.objectTypeTag(tx, update.object_type_id);
    const type = tag === undefined ? null : await loadObjectType(tx, tenantId, tag);
    return { ctx, update, changes, names, type, toldAt: 0 };
  }

  // One item in its own savepoint: an engine refusal rolls back that item's writes only.
  async function inSavepoint<T>(
    tx: Tx,
    work: () => Promise<T>,
    refusal: (error: unknown) => string | null = refusalMessage,
  ): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
    await sql`savepoint batch_item`.execute(tx);
    try {
      const value = await work();
      await sql`release savepoint batch_item`.execute(tx);
      return { ok: true, value };
    } catch (error) {
      const message = refusal(error);
      if (message === null) throw error;
      await sql`rollback to savepoint batch_item`.execute(tx);
      return { ok: false, message };
    }
  }

  async function previewRecord(tx: Tx, c: Claimed, type: LoadedObjectType, item: ItemRow) {
    const locked = await lockRecord(tx, c.ctx, type, item.target_id);
    if (!locked.ok) {
      await updates.setItem(tx, c.update.id, item.target_id, { outcome: 'refused', message: locked.message });
      return;
    }
    const plan = planRecordItem(type, locked.current, c.changes, c.names);
    await updates.setItem(tx, c.update.id, item.target_id, {
      outcome: plan.outcome,
      before: plan.before,
      after: plan.outcome === 'refused' ? null : plan.after,
      message: plan.outcome === 'refused' ? plan.message : null,
    });
  }

  // Records: recomputed under the record's lock, written through the records' edit path.
  async function applyRecord(tx: Tx, c: Claimed, type: LoadedObjectType, item: ItemRow) {
    const result = await inSavepoint(
      tx,
      async () => {
        const locked = await lockRecord(tx, c.ctx, type, item.target_id);
        if (!locked.ok) return { plan: { outcome: 'refused', before: {}, message: locked.message } as const };
        const plan = planRecordItem(type, locked.current, c.changes, c.names);
        if (plan.outcome !== 'pending') return { plan };
        const revision = await writeRecordValues(tx, c.ctx, type, locked.current, plan.after, {
          action: 'batch_updated',
          batchUpdateId: c.update.id,
        });
        return { plan, revision };
      },
      recordRefusal,
    );
    if (!result.ok) {
      await updates.setItem(tx, c.update.id, item.target_id, { outcome: 'failed', message: result.message });
      return { failed: 1 };
    }
    const { plan, revision } = result.value;
    if (plan.outcome === 'refused') {
      await updates.setItem(tx, c.update.id, item.target_id, { outcome: 'refused', message: plan.message });
      return { skipped: 1 };
    }
    if (plan.outcome === 'unchanged' || revision === undefined) {
      await updates.setItem(tx, c.update.id, item.target_id, { outcome: 'unchanged' });
      return { skipped: 1 };
    }
    await updates.setItem(tx, c.update.id, item.target_id, {
      outcome: 'changed',
      before: plan.before,
      after: plan.after,
      revisionAfter: revision,
    });
    return { changed: 1 };
  }

  // Records: a record with another revision than the update left (changed between the undo's check
  // and now, under the lock) is kept.
  async function undoRecord(tx: Tx, c: Claimed, type: LoadedObjectType, item: ItemRow) {
    const result = await inSavepoint(
      tx,
      async () => {
        const locked = await lockRecord(tx, c.ctx, type, item.target_id);
        if (!locked.ok || locked.current.revision !== item.revision_after) return false;
        await writeRecordValues(tx, c.ctx, type, locked.current, (item.before ?? {}) as ItemValues, {
          action: 'update_undone',
          batchUpdateId: c.update.id,
        });
        return true;
      },
      recordRefusal,
    );
    const outcome = result.ok && result.value ? 'undone' : 'kept_changed';
    await updates.setItem(tx, c.update.id, item.target_id, {
      outcome,
      message: result.ok ? null : result.message,
    });
    return outcome === 'undone' ? {} : { skipped: 1 };
  }

  async function previewItem(tx: Tx, c: Claimed, item: ItemRow, _after: AfterCommit) {
    // An id of a file that names nothing the person may see failed when the update was made.
    if (item.outcome === 'failed') return;
    if (c.type) return previewRecord(tx, c, c.type, item);
    let loaded: LoadedWorkflow;
    try {
      loaded = await loadVisibleWorkflow(tx, c.ctx, item.target_id);
    } catch (error) {
      if (error instanceof NotFoundError) {
        await updates.setItem(tx, c.update.id, item.target_id, {
          outcome: 'refused',
          message: refusalMessage(error),
        });
        return;
      }
      throw error;
    }
    const plan = await planItem(tx, loaded, c.changes, c.update.kind_id, c.names);
    await updates.setItem(tx, c.update.id, item.target_id, {
      outcome: plan.outcome,
      before: plan.before,
      after: plan.outcome === 'refused' ? null : plan.after,
      message: plan.outcome === 'refused' ? plan.message : null,
    });
  }

  async function applyItem(tx: Tx, c: Claimed, item: ItemRow, after: AfterCommit) {
    if (item.outcome === 'failed') return { failed: 1 };
    if (item.outcome !== 'pending') return { skipped: 1 };
    if (c.type) return applyRecord(tx, c, c.type, item);
    const result = await inSavepoint(tx, async () => {
      const loaded = await loadChangeableWorkflow(tx, c.ctx, item.target_id);
      // Recomputed under the workflow's lock: `before` is what it held when changed.
      const plan = await planItem(tx, loaded, c.changes, c.update.kind_id, c.names);
      if (plan.outcome === 'pending') {
        await writeValues(
          tx,
          c.ctx,
          loaded,
          plan.after,
          hooks,
          { batch_update_id: Number(c.update.id) },
          after,
        );
      }
      return plan;
    });
    if (!result.ok) {
      await updates.setItem(tx, c.update.id, item.target_id, { outcome: 'failed', message: result.message });
      return { failed: 1 };
    }
    const plan = result.value;
    if (plan.outcome === 'refused') {
      await updates.setItem(tx, c.update.id, item.target_id, { outcome: 'refused', message: plan.message });
      return { skipped: 1 };
    }
    if (plan.outcome === 'unchanged') {
      await updates.setItem(tx, c.update.id, item.target_id, { outcome: 'unchanged' });
      return { skipped: 1 };
    }
    await updates.setItem(tx, c.update.id, item.target_id, {
      outcome: 'changed',
      before: plan.before,
      after: plan.after,
      activityIdAfter: await updates.lastActivityId(tx, item.target_id),
    });
    return { changed: 1 };
  }

  async function undoItem(tx: Tx, c: Claimed, item: ItemRow, after: AfterCommit) {
    if (item.outcome !== 'changed') return {};
    if (c.type) return undoRecord(tx, c, c.type, item);
    const result = await inSavepoint(tx, async () => {
      const loaded = await loadChangeableWorkflow(tx, c.ctx, item.target_id);
      // Changed between the undo's check and now (under the lock): someone's later work is kept.
      const last = await updates.lastActivityId(tx, item.target_id);
      if (last !== null && BigInt(last) > BigInt(item.activity_id_after ?? 0)) return false;
      await writeValues(
        tx,
        c.ctx,
        loaded,
        (item.before ?? {}) as ItemValues,
        hooks,
        {
          batch_update_id: Number(c.update.id),
          undone: true,
        },
        after,
      );
      return true;
    });
    const outcome = result.ok && result.value ? 'undone' : 'kept_changed';
    await updates.setItem(tx, c.update.id, item.target_id, {
      outcome,
      message: result.ok ? null : result.message,
    });
    return outcome === 'undone' ? {} : { skipped: 1 };
  }

  const PHASES = {
    preview: { state: 'selecting', cursor: 'cursor_item_id', item: previewItem },
    apply: { state: 'running', cursor: 'cursor_item_id', item: applyItem },
    undo: { state: 'undoing', cursor: 'undo_cursor_item_id', item: undoItem },
  } as const;
  type Phase = keyof typeof PHASES;

  // One batch; answers whether more are left, and what its commit tells listeners.
  async function oneBatch(tenantId: string, phase: Phase, c: Claimed) {
    const { state, cursor, item } = PHASES[phase];
    const after: AfterCommit = { events: [], runs: [] };
    const { events } = after;
    const more = await withTenant(db, tenantId, async (tx) => {
      // Locked: two attempts at one update (a worker thought dead that was only slow) take turns.
      const update = await updates.find(tx, c.update.id, { forUpdate: true });
      if (update?.state !== state) return false;
      const items = await updates.items(tx, update.id, update[cursor], batchSize);
      if (items.length === 0) {
        if (phase === 'preview')
          await updates.update(tx, update.id, { state: 'previewed', cursor_item_id: '0', done: 0 });
        if (phase === 'apply')
          await updates.update(tx, update.id, { state: 'finished', finished_at: new Date() });
        if (phase === 'undo') await updates.update(tx, update.id, { state: 'undone', undone_at: new Date() });
        events.push(batchEvent(c, phase, 'finished', update.total, update.total));
        return false;
      }
      const counts = { done: items.length, changed: 0, skipped: 0, failed: 0 };
      for (const one of items) {
        const added: { changed?: number; skipped?: number; failed?: number } =
          (await item(tx, c, one, after)) ?? {};
        counts.changed += added.changed ?? 0;
        counts.skipped += added.skipped ?? 0;
        counts.failed += added.failed ?? 0;
      }
      const last = items[items.length - 1] as ItemRow;
      await updates.advance(
        tx,
        update.id,
        { column: cursor, to: last.target_id },
        phase === 'undo' ? { done: counts.done } : counts,
      );
      // Progress at most once a second (plan §5.4); the page also polls while the job runs.
      if (Date.now() - c.toldAt >= PROGRESS_EVERY_MS) {
        c.toldAt = Date.now();
        events.push(batchEvent(c, phase, null, update.done + counts.done, update.total));
      }
      return true;
    });
    // After the commit, never for what rolled back.
    realtime.publish(events);
    if (after.runs.length > 0) await options.integrations?.dispatch(after.runs);
    return more;
  }

  async function run(tenantId: string, updateId: string, how: { signal?: AbortSignal } = {}) {
    const current = await withTenant(db, tenantId, (tx) => updates.find(tx, updateId));
    const phase: Phase | null =
      current?.state === 'selecting'
        ? 'preview'
        : current?.state === 'queued' || current?.state === 'running'
          ? 'apply'
          : current?.state === 'undoing'
            ? 'undo'
            : null;
    if (!current || phase === null) return 'skipped';
    let started: Claimed | undefined;
    return runCursorJob<Claimed>({
      claim: () =>
        withTenant(db, tenantId, async (tx) => {
          if (phase === 'apply' && !(await updates.claim(tx, updateId, 'queued', 'running')))
            return undefined;
          const update = await updates.find(tx, updateId);
          if (!update) return undefined;
          const claimed = await claimAs(
            tx,
            tenantId,
            update,
            phase === 'undo' ? update.undone_by : update.created_by,
          );
          started = claimed;
          return claimed;
        }).then((claimed) => {
          if (claimed)
            realtime.publish([
              batchEvent(claimed, phase, 'started', claimed.update.done, claimed.update.total),
            ]);
          return claimed;
        }),
      batch: (claimed) => oneBatch(tenantId, phase, claimed),
      fail: async (message) => {
        await withTenant(db, tenantId, (tx) =>
          updates.update(tx, updateId, { state: 'failed', error: message }),
        );
        if (started)
          realtime.publish([batchEvent(started, phase, 'failed', started.update.done, started.update.total)]);
      },
      signal: how.signal,
      afterBatch: (batches) => options.afterBatch?.({ updateId, batches }),
    });
  }

  return {
    async dispatch(job) {
      // Without a queue (tests, tools) the update waits for run(); when sending fails the sweep hands
      // it over again.
      await options.jobs
        ?.send(BATCH_UPDATE_QUEUE, job, { singletonKey: batchUpdateJobKey(job) })
        .catch(() => undefined);
    },
    run,
  };
}
