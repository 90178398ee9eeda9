import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

export type RunState = 'queued' | 'running' | 'succeeded' | 'failed';
export type RunRow = {
  id: string;
  schedule_id: string;
  trigger: 'schedule' | 'manual';
  due_at: Date;
  state: RunState;
  attempts: number;
  message: string | null;
  rows: string | null;
  bytes: string | null;
  file_name: string | null;
  started_at: Date | null;
  finished_at: Date | null;
};

const COLUMNS = [
  'id',
  'schedule_id',
  'trigger',
  'due_at',
  'state',
  'attempts',
  'message',
  'rows',
  'bytes',
  'file_name',
  'started_at',
  'finished_at',
] as const;

export const runsRepository = {
  // A run per (schedule, due time): a second insert of the same one (another tick, another worker,
  // a tick repeated after a crash) inserts nothing and answers null.
  async insert(
    tx: Tx,
    tenantId: string,
    scheduleId: string,
    run: { trigger: 'schedule' | 'manual'; dueAt: Date },
  ): Promise<string | null> {
    const row = await tx
      .insertInto('scheduled_export_runs')
      .values({ tenant_id: tenantId, schedule_id: scheduleId, trigger: run.trigger, due_at: run.dueAt })
      .onConflict((oc) => oc.columns(['tenant_id', 'schedule_id', 'due_at']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  },

  async hasPending(tx: Tx, tenantId: string, scheduleId: string): Promise<boolean> {
    const row = await tx
      .selectFrom('scheduled_export_runs')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('schedule_id', '=', scheduleId)
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return row !== undefined;
  },

  // Takes a queued run for one worker (a retried job, whose attempt died, takes a running one over);
  // answers the run and its schedule's id, or nothing when another worker has it or it is done.
  async claim(tx: Tx, tenantId: string, id: string, reclaim: boolean): Promise<RunRow | undefined> {
    return (await tx
      .updateTable('scheduled_export_runs')
      .set({ state: 'running', started_at: sql<Date>`now()`, attempts: sql<number>`attempts + 1` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('state', 'in', reclaim ? ['queued', 'running'] : ['queued'])
      .returning(COLUMNS)
      .executeTakeFirst()) as RunRow | undefined;
  },

  async requeue(tx: Tx, tenantId: string, id: string): Promise<void> {
    await tx
      .updateTable('scheduled_export_runs')
      .set({ state: 'queued' })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('state', '=', 'running')
      .execute();
  },

  async finish(
    tx: Tx,
    tenantId: string,
    id: string,
    outcome: {
      state: 'succeeded' | 'failed';
      message: string | null;
      rows: number | null;
      bytes: number | null;
      fileName: string | null;
    },
  ): Promise<void> {
    await tx
      .updateTable('scheduled_export_runs')
      .set({
        state: outcome.state,
        message: outcome.message,
        rows: outcome.rows,
        bytes: outcome.bytes,
        file_name: outcome.fileName,
        finished_at: sql<Date>`now()`,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  },

  // Runs still waiting (tests and tools without a job queue run them; the tick re-sends them).
  queuedIds(tx: Tx, tenantId: string, limit: number) {
    return tx
      .selectFrom('scheduled_export_runs')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('state', '=', 'queued')
      .orderBy('id')
      .limit(limit)
      .execute()
      .then((rows) => rows.map((row) => row.id));
  },

  async page(tx: Tx, tenantId: string, scheduleId: string, page: { limit: number; offset: number }) {
    const [rows, total] = await Promise.all([
      tx
        .selectFrom('scheduled_export_runs')
        .select(COLUMNS)
        .where('tenant_id', '=', tenantId)
        .where('schedule_id', '=', scheduleId)
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      tx
        .selectFrom('scheduled_export_runs')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('tenant_id', '=', tenantId)
        .where('schedule_id', '=', scheduleId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as RunRow[], count: Number(total.count) };
  },
};
