import {
  type CreateReportSubscriptionRequest,
  isTimeZone,
  REPORT_SUBSCRIPTION_MESSAGES,
  type ReportSchedule,
  ReportScheduleSchema,
  type ReportSubscription,
  type UpdateReportSubscriptionRequest,
} from '@attest/shared';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import type { ReportSubscriptionRunner } from './report-subscription-jobs.js';
import { scheduleOf } from './report-subscription-jobs.js';
import { nextRunAfter } from './report-subscription-schedule.js';
import {
  reportSubscriptionsRepository as repo,
  type SubscriptionRow,
} from './report-subscriptions.repository.js';
import { reportKindRefusal } from './report-visibility.js';

// Spec 2 §9.4 subscribe by e-mail. Anyone who may view reports subscribes (themselves or other
// users of the tenant); a subscription is changed, deleted or sent now by its owner, or by someone
// with can_change_process_report, who also sees everyone's in the list.

type Recipient = Awaited<ReturnType<typeof repo.recipientsOf>>[number];

const personName = (u: { first_name: string | null; last_name: string | null; email: string | null }) =>
  `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim() || (u.email ?? '');

const seesAll = (ctx: UserContext) => ctx.auth.permissions.has('can_change_process_report');
const mayEdit = (ctx: UserContext, row: SubscriptionRow) => row.owner_id === ctx.auth.user.id || seesAll(ctx);

function toSubscription(ctx: UserContext, row: SubscriptionRow, recipients: Recipient[]): ReportSubscription {
  return {
    id: Number(row.id),
    report_id: Number(row.report_id),
    owner:
      row.owner_id === null
        ? null
        : {
            id: Number(row.owner_id),
            name: personName({
              first_name: row.owner_first_name,
              last_name: row.owner_last_name,
              email: row.owner_email,
            }),
            email: row.owner_email ?? '',
          },
    frequency: row.frequency,
    time: row.time_of_day,
    weekday: row.weekday,
    day_of_month: row.day_of_month,
    time_zone: row.time_zone,
    recipients: recipients
      .filter((r) => r.subscription_id === row.id)
      .map((r) => ({ id: Number(r.id), name: personName(r), email: r.email })),
    subject: row.subject,
    message: row.message,
    active: row.active,
    next_run_at: row.next_run_at.toISOString(),
    last_sent_at: row.last_sent_at?.toISOString() ?? null,
    last_status: row.last_status,
    last_error: row.last_error,
    last_skipped: row.last_skipped,
    can_edit: mayEdit(ctx, row),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

// The report must exist in this tenant, and its kind be one the user may run (the rule of its data
// route: an Email Delivery Report is for administrators, an Object Report for who may view records).
async function checkedReport(ctx: UserContext, tx: Tx, reportId: string) {
  const report = await repo.findReport(tx, ctx.tenant.id, reportId);
  if (!report) throw new NotFoundError();
  const refusal = reportKindRefusal(report.report_kind, ctx.auth.permissions);
  if (refusal) throw refusal;
}

// Recipients are active users of the tenant; the 400 names every id that is not.
async function checkedRecipients(ctx: UserContext, tx: Tx, ids: readonly number[]): Promise<string[]> {
  const wanted = ids.map(String);
  const active = await repo.activeUserIds(tx, ctx.tenant.id, wanted);
  const bad = wanted.filter((id) => !active.has(id));
  if (bad.length > 0) {
    throw new BadRequestError(`${REPORT_SUBSCRIPTION_MESSAGES.badRecipients} ${bad.join(', ')}`, {
      recipient_ids: [`${REPORT_SUBSCRIPTION_MESSAGES.badRecipients} ${bad.join(', ')}`],
    });
  }
  return wanted;
}

function checkedSchedule(input: unknown): ReportSchedule {
  const parsed = ReportScheduleSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || 'schedule';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  throw new BadRequestError(undefined, errors);
}

async function loaded(ctx: UserContext, tx: Tx, id: string): Promise<ReportSubscription> {
  const row = await repo.find(tx, ctx.tenant.id, id);
  if (!row) throw new NotFoundError();
  return toSubscription(ctx, row, await repo.recipientsOf(tx, ctx.tenant.id, [id]));
}

// Another tenant's subscription does not exist here (404); someone else's needs the change permission.
async function editable(ctx: UserContext, tx: Tx, id: string): Promise<SubscriptionRow> {
  const row = await repo.find(tx, ctx.tenant.id, id, { lock: true });
  if (!row) throw new NotFoundError();
  if (!mayEdit(ctx, row)) throw new ForbiddenError();
  return row;
}

export function listReportSubscriptions(
  ctx: UserContext,
  reportId: number,
  page: { limit: number; offset: number },
) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    await checkedReport(ctx, tx, String(reportId));
    const { rows, count } = await repo.page(tx, ctx.tenant.id, {
      reportId: String(reportId),
      ownerId: seesAll(ctx) ? null : ctx.auth.user.id,
      ...page,
    });
    const recipients = await repo.recipientsOf(
      tx,
      ctx.tenant.id,
      rows.map((r) => r.id),
    );
    return { rows: rows.map((row) => toSubscription(ctx, row, recipients)), count };
  });
}

export function createReportSubscription(
  ctx: UserContext,
  reportId: number,
  body: CreateReportSubscriptionRequest,
): Promise<ReportSubscription> {
  const ownZone = ctx.auth.user.timezone;
  const schedule = checkedSchedule({
    frequency: body.frequency,
    time: body.time,
    weekday: body.weekday ?? null,
    day_of_month: body.day_of_month ?? null,
    time_zone: body.time_zone ?? (ownZone && isTimeZone(ownZone) ? ownZone : 'UTC'),
  });
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    await checkedReport(ctx, tx, String(reportId));
    const recipients = await checkedRecipients(ctx, tx, body.recipient_ids ?? [Number(ctx.auth.user.id)]);
    const id = await repo.insert(tx, {
      ...schedule,
      subject: body.subject ?? '',
      message: body.message ?? '',
      active: body.active ?? true,
      tenantId: ctx.tenant.id,
      reportId: String(reportId),
      ownerId: ctx.auth.user.id,
      nextRunAt: nextRunAfter(schedule, new Date()),
    });
    await repo.setRecipients(tx, ctx.tenant.id, id, recipients);
    return loaded(ctx, tx, id);
  });
}

export function updateReportSubscription(
  ctx: UserContext,
  id: number,
  body: UpdateReportSubscriptionRequest,
): Promise<ReportSubscription> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await editable(ctx, tx, String(id));
    const current = scheduleOf(row);
    const touchesSchedule = ['frequency', 'time', 'weekday', 'day_of_month', 'time_zone'].some(
      (key) => key in body,
    );
    const schedule = touchesSchedule
      ? checkedSchedule({
          frequency: body.frequency ?? current.frequency,
          time: body.time ?? current.time,
          weekday: body.weekday === undefined ? current.weekday : body.weekday,
          day_of_month: body.day_of_month === undefined ? current.day_of_month : body.day_of_month,
          time_zone: body.time_zone ?? current.time_zone,
        })
      : current;
    const resumed = body.active === true && !row.active;
    if (body.recipient_ids !== undefined) {
      await repo.setRecipients(
        tx,
        ctx.tenant.id,
        row.id,
        await checkedRecipients(ctx, tx, body.recipient_ids),
      );
    }
    await repo.update(tx, ctx.tenant.id, row.id, {
      ...(touchesSchedule && schedule),
      subject: body.subject,
      message: body.message,
      active: body.active,
      // A new schedule, or a paused subscription resumed, runs next from now (no catching up).
      ...((touchesSchedule || resumed) && { nextRunAt: nextRunAfter(schedule, new Date()) }),
    });
    return loaded(ctx, tx, row.id);
  });
}

export function deleteReportSubscription(ctx: UserContext, id: number): Promise<void> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await editable(ctx, tx, String(id));
    await repo.delete(tx, ctx.tenant.id, row.id);
  });
}

// "Send now": the run goes through the job queue like a scheduled one; the schedule is unchanged.
export async function sendReportSubscriptionNow(
  ctx: UserContext,
  runner: ReportSubscriptionRunner,
  id: number,
): Promise<void> {
  const row = await withTenant(ctx.db, ctx.tenant.id, (tx) => editable(ctx, tx, String(id)));
  await runner.dispatch({ tenantId: ctx.tenant.id, subscriptionId: row.id });
}
