import type { ReportSchedule } from '@attest/shared';
import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

// Every statement names the tenant as well as running inside withTenant: the job runs through a
// pool whose role row-level security may not bind (as the other sweeps do).
const COLUMNS = [
  's.id',
  's.report_id',
  's.owner_id',
  's.frequency',
  's.time_of_day',
  's.weekday',
  's.day_of_month',
  's.time_zone',
  's.subject',
  's.message',
  's.active',
  's.next_run_at',
  's.last_sent_at',
  's.last_status',
  's.last_error',
  's.last_skipped',
  's.created_at',
  's.updated_at',
] as const;

export type SubscriptionFields = ReportSchedule & { subject: string; message: string; active: boolean };

function selectSubscriptions(tx: Tx, tenantId: string) {
  return tx
    .selectFrom('report_subscriptions as s')
    .leftJoin('users as o', (j) =>
      j.onRef('o.tenant_id', '=', 's.tenant_id').onRef('o.id', '=', 's.owner_id'),
    )
    .select(COLUMNS)
    .select(['o.email as owner_email', 'o.first_name as owner_first_name', 'o.last_name as owner_last_name'])
    .where('s.tenant_id', '=', tenantId);
}

export type SubscriptionRow = Awaited<
  ReturnType<ReturnType<typeof selectSubscriptions>['executeTakeFirstOrThrow']>
>;

const toColumns = (f: Partial<SubscriptionFields>) => ({
  frequency: f.frequency,
  time_of_day: f.time,
  weekday: f.weekday,
  day_of_month: f.day_of_month,
  time_zone: f.time_zone,
  subject: f.subject,
  message: f.message,
  active: f.active,
});

export const reportSubscriptionsRepository = {
  // A report's subscriptions, oldest first; ownerId limits them to one owner's.
  async page(
    tx: Tx,
    tenantId: string,
    filter: { reportId: string; ownerId: string | null; limit: number; offset: number },
  ) {
    const ofOwner = filter.ownerId;
    const [rows, total] = await Promise.all([
      selectSubscriptions(tx, tenantId)
        .where('s.report_id', '=', filter.reportId)
        .$if(ofOwner !== null, (q) => q.where('s.owner_id', '=', ofOwner))
        .orderBy('s.id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      tx
        .selectFrom('report_subscriptions as s')
        .where('s.tenant_id', '=', tenantId)
        .where('s.report_id', '=', filter.reportId)
        .$if(ofOwner !== null, (q) => q.where('s.owner_id', '=', ofOwner))
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  },

  find(tx: Tx, tenantId: string, id: string, options: { lock?: boolean } = {}) {
    return selectSubscriptions(tx, tenantId)
      .where('s.id', '=', id)
      .$if(options.lock === true, (q) => q.forUpdate('s'))
      .executeTakeFirst();
  },

  // The recipients of some subscriptions, by name.
  recipientsOf(tx: Tx, tenantId: string, subscriptionIds: readonly string[]) {
    if (subscriptionIds.length === 0) return Promise.resolve([]);
    return tx
      .selectFrom('report_subscription_recipients as r')
      .innerJoin('users as u', (j) =>
        j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'),
      )
      .select(['r.subscription_id', 'u.id', 'u.email', 'u.first_name', 'u.last_name', 'u.is_active'])
      .where('r.tenant_id', '=', tenantId)
      .where('r.subscription_id', 'in', [...subscriptionIds])
      .orderBy(sql`lower(u.first_name || ' ' || u.last_name)`)
      .orderBy('u.id')
      .execute();
  },

  // The report a subscription is for, with what decides who may subscribe to it.
  findReport(tx: Tx, tenantId: string, reportId: string) {
    return tx
      .selectFrom('reports')
      .select(['id', 'report_kind'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', reportId)
      .executeTakeFirst();
  },

  // The report a run sends: its name and stored configuration.
  reportToSend(tx: Tx, tenantId: string, reportId: string) {
    return tx
      .selectFrom('reports')
      .select(['id', 'name', 'config'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', reportId)
      .executeTakeFirstOrThrow();
  },

  // The sending tenant's address and brand, for the e-mail's links and title.
  senderTenant(tx: Tx, tenantId: string) {
    return tx
      .selectFrom('tenants')
      .select(['slug', 'brand'])
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow();
  },

  // Which of these ids are active users of the tenant.
  async activeUserIds(tx: Tx, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await tx
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('is_active', '=', true)
      .where('id', 'in', [...ids])
      .execute();
    return new Set(rows.map((r) => r.id));
  },

  async insert(
    tx: Tx,
    row: SubscriptionFields & { tenantId: string; reportId: string; ownerId: string; nextRunAt: Date },
  ): Promise<string> {
    const inserted = await tx
      .insertInto('report_subscriptions')
      .values({
        tenant_id: row.tenantId,
        report_id: row.reportId,
        owner_id: row.ownerId,
        frequency: row.frequency,
        time_of_day: row.time,
        weekday: row.weekday,
        day_of_month: row.day_of_month,
        time_zone: row.time_zone,
        subject: row.subject,
        message: row.message,
        active: row.active,
        next_run_at: row.nextRunAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  },

  async update(
    tx: Tx,
    tenantId: string,
    id: string,
    changes: Partial<SubscriptionFields> & { nextRunAt?: Date },
  ): Promise<void> {
    await tx
      .updateTable('report_subscriptions')
      .set({ ...toColumns(changes), next_run_at: changes.nextRunAt, updated_at: sql<Date>`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  },

  async setRecipients(tx: Tx, tenantId: string, id: string, userIds: readonly string[]): Promise<void> {
    await tx
      .deleteFrom('report_subscription_recipients')
      .where('tenant_id', '=', tenantId)
      .where('subscription_id', '=', id)
      .execute();
    await tx
      .insertInto('report_subscription_recipients')
      .values(userIds.map((userId) => ({ tenant_id: tenantId, subscription_id: id, user_id: userId })))
      .execute();
  },

  async delete(tx: Tx, tenantId: string, id: string): Promise<void> {
    await tx
      .deleteFrom('report_subscriptions')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  },

  // The sweep: active subscriptions whose run is due, locked so that two sweeps at once never pick
  // the same one (the other skips it, and finds it advanced once this one commits).
  due(tx: Tx, tenantId: string, limit: number) {
    return tx
      .selectFrom('report_subscriptions')
      .select(['id', 'frequency', 'time_of_day', 'weekday', 'day_of_month', 'time_zone', 'next_run_at'])
      .where('tenant_id', '=', tenantId)
      .where('active', '=', true)
      .where('next_run_at', '<=', sql<Date>`now()`)
      .orderBy('next_run_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  },

  async advance(tx: Tx, tenantId: string, id: string, nextRunAt: Date): Promise<void> {
    await tx
      .updateTable('report_subscriptions')
      .set({ next_run_at: nextRunAt })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  },

  async recordRun(
    tx: Tx,
    tenantId: string,
    id: string,
    run: { status: 'sent' | 'failed'; error: string | null; skipped: string[] },
  ): Promise<void> {
    await tx
      .updateTable('report_subscriptions')
      .set({
        last_status: run.status,
        last_error: run.error === null ? null : run.error.slice(0, 2000),
        last_skipped: run.skipped,
        ...(run.status === 'sent' && { last_sent_at: sql<Date>`now()` }),
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  },
};
