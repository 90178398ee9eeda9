import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { openServices } from '../../open-services.js';
import { moveDetail, startMove, tenantWithRunningChecks } from '../../test/move-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import { createWorkflowMoveRunner, requeueCrashedMove } from './move-jobs.js';

// The move job (issue 15): batches that commit one by one, a worker that dies or loses its job, and a
// move run again that moves nobody twice.
const { app, adminDb, db } = await createTestApp();

async function movedActivityCounts(tenantId: string) {
  const rows = await adminDb
    .selectFrom('workflow_activity')
    .select(['workflow_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('tenant_id', '=', tenantId)
    .where(sql`details->>'event'`, '=', 'workflow_moved')
    .groupBy('workflow_id')
    .execute();
  return rows.map((r) => Number(r.count));
}

describe('the move job', () => {
  it('resumes after an interrupted worker without moving any workflow twice', async () => {
    const { t, designer, v } = await tenantWithRunningChecks(app, adminDb, 4);
    const move = await startMove(designer, v, { process: 'vendor_check' });
    const lost = new AbortController();
    const interrupted = createWorkflowMoveRunner({
      db,
      jobs: null,
      batchSize: 2,
      afterBatch: ({ batches }) => batches === 1 && lost.abort(),
    });
    expect(await interrupted.run(t.id, String(move.id), { signal: lost.signal })).toBe('stopped');
    expect(await moveDetail(designer, v, move.id)).toMatchObject({ state: 'running', done: 2, total: 7 });

    const again = createWorkflowMoveRunner({ db, jobs: null, batchSize: 2 });
    expect(await again.run(t.id, String(move.id))).toBe('finished');
    expect(await again.run(t.id, String(move.id))).toBe('skipped');
    const done = await moveDetail(designer, v, move.id);
    expect(done).toMatchObject({ state: 'finished', done: 7, moved: 5, refused: 2 });
    expect(done.results.count).toBe(7);
    expect(await movedActivityCounts(t.id)).toEqual([1, 1, 1, 1, 1]);
  });

  it('is queued again by the lease sweeper when its worker died, and goes on from its last batch', async () => {
    const { t, designer, v } = await tenantWithRunningChecks(app, adminDb, 2);
    const move = await startMove(designer, v, { process: 'vendor_check' });
    const lost = new AbortController();
    const dying = createWorkflowMoveRunner({
      db,
      jobs: null,
      batchSize: 2,
      afterBatch: () => lost.abort(),
    });
    expect(await dying.run(t.id, String(move.id), { signal: lost.signal })).toBe('stopped');
    // The sweeper's transaction hands the job back: the move shows as queued, its cursor kept.
    await adminDb
      .transaction()
      .execute((tx) =>
        requeueCrashedMove(
          tx,
          { id: 'job', data: { tenantId: t.id, moveId: String(move.id) } },
          { again: true },
        ),
      );
    expect(await moveDetail(designer, v, move.id)).toMatchObject({ state: 'queued', done: 2 });
    const runner = createWorkflowMoveRunner({ db, jobs: null });
    expect(await runner.runQueued(t.id)).toBe(1);
    expect(await moveDetail(designer, v, move.id)).toMatchObject({
      state: 'finished',
      done: 5,
      moved: 3,
      refused: 2,
    });
    expect(await movedActivityCounts(t.id)).toEqual([1, 1, 1]);
  });

  it('fails when pg-boss gives up on it', async () => {
    const { t, designer, v } = await tenantWithRunningChecks(app, adminDb);
    const move = await startMove(designer, v, { process: 'vendor_check' });
    await adminDb
      .transaction()
      .execute((tx) =>
        requeueCrashedMove(
          tx,
          { id: 'job', data: { tenantId: t.id, moveId: String(move.id) } },
          { again: false },
        ),
      );
    expect(await moveDetail(designer, v, move.id)).toMatchObject({ state: 'failed', done: 0 });
    expect(await createWorkflowMoveRunner({ db, jobs: null }).run(t.id, String(move.id))).toBe('skipped');
  });

  it('runs a dispatched move in a real pg-boss worker', async () => {
    const { t, designer, v } = await tenantWithRunningChecks(app, adminDb);
    const move = await startMove(designer, v, { process: 'vendor_check' });
    const jobs = await openServices({
      config: app.config,
      adminUrl: inject('adminUrl'),
      pools: { db: app.db, adminDb },
      log: () => {},
    });
    await jobs.start({ runWorkers: true });
    try {
      // Only this move's job is sent, so the worker never takes another test's move.
      await createWorkflowMoveRunner({ db, jobs: jobs.boss }).dispatch({
        tenantId: t.id,
        moveId: String(move.id),
      });
      await expect
        .poll(async () => (await moveDetail(designer, v, move.id)).state, { timeout: 20_000, interval: 200 })
        .toBe('finished');
      expect(await moveDetail(designer, v, move.id)).toMatchObject({ done: 3, moved: 1, refused: 2 });
    } finally {
      await jobs.stop();
    }
  });
});
