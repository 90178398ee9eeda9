import { CompiledQuery, sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/database.js';
import type { Tx } from '../tenant-transaction.js';

// The pg-boss schema openJobQueue creates (job-queue.ts).
export const PG_BOSS_SCHEMA = 'pgboss';

export type LeaseKey = { queue: string; jobId: string };
export type Lease = LeaseKey & { attempt: number };
export type HandedBack = LeaseKey & { data: unknown; again: boolean };

// The worker processes' pool (the owning role): job_leases and pgboss.job are not tenant tables.
export const jobLeasesRepository = {
  // Written before the handler starts; a job fetched again after pg-boss's own expiry replaces the
  // lease of the attempt before it.
  async take(db: Db, workerId: string, leases: Lease[]): Promise<void> {
    if (leases.length === 0) return;
    await db
      .insertInto('job_leases')
      .values(
        leases.map((l) => ({ queue: l.queue, job_id: l.jobId, attempt: l.attempt, worker_id: workerId })),
      )
      .onConflict((oc) =>
        oc.columns(['queue', 'job_id']).doUpdateSet((eb) => ({
          attempt: eb.ref('excluded.attempt'),
          worker_id: eb.ref('excluded.worker_id'),
          heartbeat_at: sql<Date>`now()`,
        })),
      )
      .execute();
  },

  async ping(db: Db): Promise<void> {
    await sql`select 1`.execute(db);
  },

  // Renews this process's leases; answers the keys it still holds (a lease another process swept
  // or took over is not renewed, and its job no longer belongs here).
  async renew(db: Db, workerId: string): Promise<LeaseKey[]> {
    const rows = await db
      .updateTable('job_leases')
      .set({ heartbeat_at: sql<Date>`now()` })
      .where('worker_id', '=', workerId)
      .returning(['queue', 'job_id'])
      .execute();
    return rows.map((r) => ({ queue: r.queue, jobId: r.job_id }));
  },

  async release(db: Db, workerId: string, keys: LeaseKey[]): Promise<void> {
    if (keys.length === 0) return;
    await db
      .deleteFrom('job_leases')
      .where('worker_id', '=', workerId)
      .where((eb) => eb.or(keys.map((k) => eb.and([eb('queue', '=', k.queue), eb('job_id', '=', k.jobId)]))))
      .execute();
  },

  // Leases of these queues not renewed for leaseSeconds, locked so that two sweepers never take the
  // same one. Only queues the sweeping process registered: it knows their crash hooks.
  async stale(tx: Tx, queues: string[], leaseSeconds: number, limit: number): Promise<Lease[]> {
    if (queues.length === 0) return [];
    const rows = await tx
      .selectFrom('job_leases')
      .select(['queue', 'job_id', 'attempt'])
      .where('queue', 'in', queues)
      .where('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${leaseSeconds})`)
      .orderBy('heartbeat_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    return rows.map((r) => ({ queue: r.queue, jobId: r.job_id, attempt: r.attempt }));
  },

  async remove(tx: Tx, key: LeaseKey): Promise<void> {
    await tx
      .deleteFrom('job_leases')
      .where('queue', '=', key.queue)
      .where('job_id', '=', key.jobId)
      .execute();
  },

  // Whether the lease's own attempt is still the job's active one; the job's row is locked for the
  // hand-back (skipped, and left to the next sweep, when someone else holds it).
  async lockActiveAttempt(tx: Tx, lease: Lease): Promise<'active' | 'gone' | 'busy'> {
    const { rows } = await sql<{ state: string; retry_count: number }>`
      select state, retry_count from ${sql.table(`${PG_BOSS_SCHEMA}.job`)}
      where name = ${lease.queue} and id = ${lease.jobId}::uuid
      for update skip locked
    `.execute(tx);
    const [job] = rows;
    if (!job) {
      const exists = await sql`
        select 1 from ${sql.table(`${PG_BOSS_SCHEMA}.job`)} where name = ${lease.queue} and id = ${lease.jobId}::uuid
      `.execute(tx);
      return exists.rows.length > 0 ? 'busy' : 'gone';
    }
    return job.state === 'active' && job.retry_count === lease.attempt ? 'active' : 'gone';
  },

  // Jobs of our queues active for leaseSeconds with no lease at all: their process died between
  // pg-boss's fetch and the lease's insert, or between releasing the lease and completing the job.
  async unleased(tx: Tx, queues: string[], leaseSeconds: number, limit: number): Promise<LeaseKey[]> {
    if (queues.length === 0) return [];
    const { rows } = await sql<{ name: string; id: string }>`
      select j.name, j.id from ${sql.table(`${PG_BOSS_SCHEMA}.job`)} j
      where j.name = any(${queues}::text[]) and j.state = 'active'
        and j.started_on < now() - make_interval(secs => ${leaseSeconds})
        and not exists (select 1 from job_leases l where l.queue = j.name and l.job_id = j.id)
      order by j.started_on
      limit ${limit}
      for update of j skip locked
    `.execute(tx);
    return rows.map((r) => ({ queue: r.name, jobId: r.id }));
  },

  // pg-boss's own fail() in this transaction (retry or fail by its retry limit, dead letters, stately
  // keys), then a retry is made due at once instead of after the queue's retry delay.
  async handBack(tx: Tx, boss: PgBoss, key: LeaseKey, reason: string): Promise<HandedBack> {
    const db: PgBoss.Db = {
      executeSql: async (text, values) => {
        const result = await tx.executeQuery(CompiledQuery.raw(text, values));
        return { rows: [...result.rows] };
      },
    };
    await boss.fail(key.queue, key.jobId, { message: reason }, { db });
    const { rows } = await sql<{ data: unknown; state: string }>`
      update ${sql.table(`${PG_BOSS_SCHEMA}.job`)}
      set start_after = case when state = 'retry' then now() else start_after end
      where name = ${key.queue} and id = ${key.jobId}::uuid
      returning data, state
    `.execute(tx);
    const [job] = rows;
    return { ...key, data: job?.data ?? null, again: job?.state === 'retry' };
  },
};
