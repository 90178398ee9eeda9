import type { ReportSubscriptionFrequency, ScheduledExportDestinationKind } from '@attest/shared';
import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

// Every statement names the tenant as well as row-level security binding it.

export type ScheduleRow = {
  id: string;
  name: string;
  owner_id: string | null;
  owner_email: string | null;
  owner_first_name: string | null;
  owner_last_name: string | null;
  source: Record<string, unknown>;
  source_name: string | null;
  format: 'csv' | 'xlsx';
  frequency: ReportSubscriptionFrequency;
  time_of_day: string;
  weekday: number | null;
  day_of_month: number | null;
  time_zone: string;
  destination_kind: ScheduledExportDestinationKind;
  destination: Record<string, unknown>;
  secrets_sealed: string | null;
  enabled: boolean;
  next_run_at: Date;
  last_run_at: Date | null;
  last_outcome: 'queued' | 'running' | 'succeeded' | 'failed' | null;
  last_message: string | null;
  last_rows: string | null;
  last_bytes: string | null;
  created_at: Date;
  updated_at: Date;
};

export type ScheduleValues = {
  name: string;
  ownerId: string;
  source: Record<string, unknown>;
  format: 'csv' | 'xlsx';
  frequency: ReportSubscriptionFrequency;
  time: string;
  weekday: number | null;
  dayOfMonth: number | null;
  timeZone: string;
  destinationKind: ScheduledExportDestinationKind;
  destination: Record<string, unknown>;
  secretsSealed: string | null;
  enabled: boolean;
  nextRunAt: Date;
};

// A stored schedule as the shared schedule rules take it (nextRunAfter).
export const scheduleOf = (
  row: Pick<ScheduleRow, 'frequency' | 'time_of_day' | 'weekday' | 'day_of_month' | 'time_zone'>,
) => ({
  frequency: row.frequency,
  time: row.time_of_day,
  weekday: row.weekday,
  day_of_month: row.day_of_month,
  time_zone: row.time_zone,
});

function selectSchedules(tx: Tx, tenantId: string) {
  return tx
    .selectFrom('scheduled_exports as s')
    .leftJoin('users as u', (join) =>
      join.onRef('u.tenant_id', '=', 's.tenant_id').onRef('u.id', '=', 's.owner_id'),
    )
    .leftJoin('workflow_kinds as k', (join) =>
      join
        .onRef('k.tenant_id', '=', 's.tenant_id')
        .on('k.id', '=', sql<string>`(s.source->>'kind_id')::bigint`),
    )
    .leftJoin('reports as r', (join) =>
      join
        .onRef('r.tenant_id', '=', 's.tenant_id')
        .on('r.id', '=', sql<string>`(s.source->>'report_id')::bigint`),
    )
    .select([
      's.id',
      's.name',
      's.owner_id',
      'u.email as owner_email',
      'u.first_name as owner_first_name',
      'u.last_name as owner_last_name',
      's.source',
      sql<string | null>`coalesce(k.name, r.name)`.as('source_name'),
      's.format',
      's.frequency',
      's.time_of_day',
      's.weekday',
      's.day_of_month',
      's.time_zone',
      's.destination_kind',
      's.destination',
      's.secrets_sealed',
      's.enabled',
      's.next_run_at',
      's.last_run_at',
      's.last_outcome',
      's.last_message',
      's.last_rows',
      's.last_bytes',
      's.created_at',
      's.updated_at',
    ])
    .where('s.tenant_id', '=', tenantId);
}

const columnsOf = (v: ScheduleValues) => ({
  name: v.name,
  owner_id: v.ownerId,
  source: JSON.stringify(v.source),
  format: v.format,
  frequency: v.frequency,
  time_of_day: v.time,
  weekday: v.weekday,
  day_of_month: v.dayOfMonth,
  time_zone: v.timeZone,
  destination_kind: v.destinationKind,
  destination: JSON.stringify(v.destination),
  secrets_sealed: v.secretsSealed,
  enabled: v.enabled,
  next_run_at: v.nextRunAt,
});

export const schedulesRepository = {
  async page(tx: Tx, tenantId: string, page: { limit: number; offset: number }) {
    const [rows, total] = await Promise.all([
      selectSchedules(tx, tenantId)
        .orderBy('s.name')
        .orderBy('s.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      tx
        .selectFrom('scheduled_exports')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as ScheduleRow[], count: Number(total.count) };
  },

  async find(tx: Tx, tenantId: string, id: string, options: { lock?: boolean } = {}) {
    let query = selectSchedules(tx, tenantId).where('s.id', '=', id);
    if (options.lock) query = query.forUpdate('s');
    return (await query.executeTakeFirst()) as ScheduleRow | undefined;
  },

  async insert(tx: Tx, tenantId: string, values: ScheduleValues): Promise<string> {
    const { id } = await tx
      .insertInto('scheduled_exports')
      .values({ tenant_id: tenantId, ...columnsOf(values) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },

  async update(tx: Tx, tenantId: string, id: string, values: ScheduleValues): Promise<void> {
    await tx
      .updateTable('scheduled_exports')
      .set({ ...columnsOf(values), updated_at: sql<Date>`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  },

  async setEnabled(tx: Tx, tenantId: string, id: string, enabled: boolean, nextRunAt: Date): Promise<void> {
    await tx
      .updateTable('scheduled_exports')
      .set({ enabled, next_run_at: nextRunAt, updated_at: sql<Date>`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  },

  async delete(tx: Tx, tenantId: string, id: string): Promise<void> {
    await tx.deleteFrom('scheduled_exports').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  },

  // The tick: enabled schedules whose time has come. Locked and skipped when another tick holds
  // them, so two ticks at once pick disjoint schedules.
  due(tx: Tx, tenantId: string, limit: number) {
    return tx
      .selectFrom('scheduled_exports')
      .select(['id', 'next_run_at', 'frequency', 'time_of_day', 'weekday', 'day_of_month', 'time_zone'])
      .where('tenant_id', '=', tenantId)
      .where('enabled', '=', true)
      .where('next_run_at', '<=', sql<Date>`now()`)
      .orderBy('next_run_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  },

  async advance(tx: Tx, tenantId: string, id: string, nextRunAt: Date): Promise<void> {
    await tx
      .updateTable('scheduled_exports')
      .set({ next_run_at: nextRunAt })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  },

  async recordOutcome(
    tx: Tx,
    tenantId: string,
    id: string,
    outcome: {
      state: 'queued' | 'running' | 'succeeded' | 'failed';
      message: string | null;
      rows: number | null;
      bytes: number | null;
    },
  ): Promise<void> {
    await tx
      .updateTable('scheduled_exports')
      .set({
        last_run_at: sql<Date>`now()`,
        last_outcome: outcome.state,
        last_message: outcome.message,
        last_rows: outcome.rows,
        last_bytes: outcome.bytes,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  },
};
