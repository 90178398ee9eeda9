import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, createPool } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { type CrashHook, createJobQueue, createJobWorkers } from './job-workers.js';
import { sweepExpiredLeases } from './lease-sweeper.js';

const adminDb = createDb({ connectionString: inject('adminUrl'), max: 4, onPoolError: () => {} });
const boss = new PgBoss({ connectionString: inject('adminUrl'), schema: 'pgboss', max: 2 });
boss.on('error', () => {});

beforeAll(async () => {
  await boss.start();
});
afterAll(async () => {
  await boss.stop({ graceful: false, wait: true });
  await adminDb.destroy();
});

// A queue of this test's own, so no other test's worker or sweeper takes its jobs.
async function activeJob(): Promise<{ queue: string; id: string }> {
  const queue = `test.leases-${randomUUID()}`;
  await createJobQueue(boss, queue, { retryDelay: 600 });
  const id = await boss.send(queue, { n: 1 });
  const [job] = await boss.fetch(queue);
  expect(job?.id).toBe(id);
  return { queue, id: id as string };
}

async function jobRow(queue: string, id: string) {
  const { rows } = await sql<{ state: string; due: boolean; retry_count: number }>`
    select state, start_after <= now() as due, retry_count from pgboss.job where name = ${queue} and id = ${id}
  `.execute(adminDb);
  return rows[0];
}

async function leaseCount(queue: string): Promise<number> {
  const rows = await adminDb.selectFrom('job_leases').select('job_id').where('queue', '=', queue).execute();
  return rows.length;
}

function racingSweeps(queue: string, hook: CrashHook) {
  const queues = new Map([[queue, hook]]);
  const sweep = () => sweepExpiredLeases({ db: adminDb, boss, leaseSeconds: 30, queues, log: () => {} });
  return Promise.all([sweep(), sweep(), sweep()]);
}

describe('the job lease sweeper', () => {
  it('hands the job of a lease not renewed back exactly once, due at once, even when sweepers race', async () => {
    const { queue, id } = await activeJob();
    await adminDb
      .insertInto('job_leases')
      .values({
        queue,
        job_id: id,
        attempt: 0,
        worker_id: randomUUID(),
        heartbeat_at: sql<Date>`now() - interval '1 minute'`,
      })
      .execute();
    const seen: { id: string; data: unknown; again: boolean }[] = [];
    const handed = await racingSweeps(queue, async (_tx, job, { again }) => {
      seen.push({ ...job, again });
    });
    expect(handed.reduce((a, b) => a + b, 0)).toBe(1);
    expect(seen).toEqual([{ id, data: { n: 1 }, again: true }]);
    // Due now, though the queue's retry delay is ten minutes.
    expect(await jobRow(queue, id)).toMatchObject({ state: 'retry', due: true });
    expect(await leaseCount(queue)).toBe(0);
    const [again] = await boss.fetch(queue, { includeMetadata: true });
    expect(again).toMatchObject({ id, retryCount: 1 });
  });

  it('leaves a lease that is renewed alone', async () => {
    const { queue, id } = await activeJob();
    await adminDb
      .insertInto('job_leases')
      .values({ queue, job_id: id, attempt: 0, worker_id: randomUUID() })
      .execute();
    const handed = await racingSweeps(queue, async () => {});
    expect(handed).toEqual([0, 0, 0]);
    expect(await jobRow(queue, id)).toMatchObject({ state: 'active' });
    expect(await leaseCount(queue)).toBe(1);
  });

  it('hands back a job left active with no lease at all (its worker died before writing one)', async () => {
    const { queue, id } = await activeJob();
    // Younger than the lease: its worker may be about to write the lease.
    expect(await racingSweeps(queue, async () => {})).toEqual([0, 0, 0]);
    await sql`update pgboss.job set started_on = now() - interval '1 minute' where name = ${queue} and id = ${id}`.execute(
      adminDb,
    );
    let hooks = 0;
    const handed = await racingSweeps(queue, async () => {
      hooks += 1;
    });
    expect(handed.reduce((a, b) => a + b, 0)).toBe(1);
    expect(hooks).toBe(1);
    expect(await jobRow(queue, id)).toMatchObject({ state: 'retry', due: true });
  });

  it('only drops the lease of an attempt that is over (the job completed or was fetched again)', async () => {
    const { queue, id } = await activeJob();
    await boss.complete(queue, id);
    await adminDb
      .insertInto('job_leases')
      .values({
        queue,
        job_id: id,
        attempt: 0,
        worker_id: randomUUID(),
        heartbeat_at: sql<Date>`now() - interval '1 minute'`,
      })
      .execute();
    expect(await racingSweeps(queue, async () => {})).toEqual([0, 0, 0]);
    expect(await jobRow(queue, id)).toMatchObject({ state: 'completed' });
    expect(await leaseCount(queue)).toBe(0);
  });

  it('tells the crash hook when the retries are spent, so the job fails for good', async () => {
    const { queue, id } = await activeJob();
    await sql`update pgboss.job set retry_count = retry_limit where name = ${queue} and id = ${id}`.execute(
      adminDb,
    );
    const attempt = (await jobRow(queue, id))?.retry_count ?? -1;
    await adminDb
      .insertInto('job_leases')
      .values({
        queue,
        job_id: id,
        attempt,
        worker_id: randomUUID(),
        heartbeat_at: sql<Date>`now() - interval '1 minute'`,
      })
      .execute();
    const outcomes: boolean[] = [];
    await racingSweeps(queue, async (_tx, _job, { again }) => {
      outcomes.push(again);
    });
    expect(outcomes).toEqual([false]);
    expect(await jobRow(queue, id)).toMatchObject({ state: 'failed' });
  });
});

describe('registered workers', () => {
  // While the database was down no lease was renewed; the sweeper must not take every live worker
  // for dead the moment it comes back.
  it('wait one lease after their process lost the database before sweeping again', async () => {
    const { queue, id } = await activeJob();
    // The process's own pool, which the test cuts off from the database and gives back, as a restart
    // does: while cut, every connection attempt fails (whether or not the pool had noticed its idle
    // connection die, which a terminated backend left to chance).
    const pool = createPool({ connectionString: inject('adminUrl'), max: 1, onPoolError: () => {} });
    let reachable = true;
    const ownDb = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: {
          connect: () => (reachable ? pool.connect() : Promise.reject(new Error('connect ECONNREFUSED'))),
          end: () => pool.end(),
        },
      }),
    });
    const workers = createJobWorkers({
      boss,
      db: ownDb,
      heartbeatSeconds: 1,
      leaseSeconds: 2,
      log: () => {},
    });
    try {
      // Registered (the sweeper sweeps registered queues), polling too rarely to take the job back.
      await workers.register(queue, async () => {}, { pollingIntervalSeconds: 3600 });
      reachable = false;
      await expect(workers.sweep()).rejects.toThrow();
      reachable = true;
      await adminDb
        .insertInto('job_leases')
        .values({
          queue,
          job_id: id,
          attempt: 0,
          worker_id: randomUUID(),
          heartbeat_at: sql<Date>`now() - interval '1 minute'`,
        })
        .execute();
      expect(await workers.sweep()).toBe(0);
      expect(await jobRow(queue, id)).toMatchObject({ state: 'active' });
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await workers.sweep()).toBe(1);
      expect(await jobRow(queue, id)).toMatchObject({ state: 'retry' });
    } finally {
      workers.stop();
      await boss.offWork(queue);
      await ownDb.destroy();
    }
  });

  it('hold a lease while the handler runs and release it when it is done', async () => {
    const queue = `test.leases-${randomUUID()}`;
    await createJobQueue(boss, queue);
    const workers = createJobWorkers({
      boss,
      db: adminDb,
      heartbeatSeconds: 1,
      leaseSeconds: 30,
      log: () => {},
    });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const leasesSeen: string[] = [];
    await workers.register(
      queue,
      async (job) => {
        const rows = await adminDb
          .selectFrom('job_leases')
          .selectAll()
          .where('job_id', '=', job.id)
          .execute();
        leasesSeen.push(...rows.map((r) => r.worker_id));
        await gate;
      },
      { pollingIntervalSeconds: 0.5 },
    );
    workers.start();
    try {
      const id = await boss.send(queue, {});
      await expect.poll(() => leasesSeen, { timeout: 10_000 }).toEqual([workers.workerId]);
      release();
      await expect
        .poll(async () => (await jobRow(queue, id as string))?.state, { timeout: 10_000 })
        .toBe('completed');
      expect(await leaseCount(queue)).toBe(0);
    } finally {
      workers.stop();
      await boss.offWork(queue);
    }
  });
});
