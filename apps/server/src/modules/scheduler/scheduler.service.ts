import {
  type PageQuery,
  SCHEDULER_ERROR_CODES,
  SCHEDULER_MESSAGES,
  SCHEDULER_PERMISSIONS,
  type ScheduledExport,
  type ScheduledExportDestinationKind,
  type ScheduledExportRun,
  type ScheduledExportWriteSchema,
} from '@attest/shared';
import type { z } from 'zod';
import { type AuditAction, recordAudit } from '../../platform/audit/audit-log.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { AppError, ForbiddenError, NotFoundError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { nextRunAfter } from '../reports/index.js';
import {
  schedulesRepository as repo,
  type ScheduleRow,
  type ScheduleValues,
  scheduleOf,
} from './scheduler.repository.js';
import { toRun, toScheduledExport } from './scheduler-answers.js';
import type { SchedulerRunner } from './scheduler-runner.js';
import { runsRepository } from './scheduler-runs.repository.js';
import { openSecrets, sealSecrets, splitDestination } from './scheduler-secrets.js';
import { checkSource } from './scheduler-source.js';

type Write = z.output<typeof ScheduledExportWriteSchema>;
export type SchedulerDeps = { secretBox: SecretBox; scheduler: SchedulerRunner; mail: Mailer };

// Spec 2 §6: each destination kind has its own change and delete permission.
export function assertMay(
  ctx: UserContext,
  kind: ScheduledExportDestinationKind,
  what: 'change' | 'delete',
): void {
  if (!ctx.auth.permissions.has(SCHEDULER_PERMISSIONS[kind][what])) {
    const message =
      what === 'change' ? SCHEDULER_MESSAGES.kindNotAllowed : SCHEDULER_MESSAGES.deleteNotAllowed;
    throw new ForbiddenError(message, SCHEDULER_ERROR_CODES.kindNotAllowed);
  }
}

async function findOr404(tx: Tx, ctx: UserContext, id: number, lock = false): Promise<ScheduleRow> {
  const row = await repo.find(tx, ctx.tenant.id, String(id), { lock });
  if (!row) throw new NotFoundError();
  return row;
}

function audit(
  tx: Tx,
  ctx: UserContext,
  action: AuditAction,
  row: { id: string | number; name: string },
  ip: string | null,
  extra: Record<string, unknown> = {},
) {
  return recordAudit(tx, {
    tenantId: ctx.tenant.id,
    action,
    actorUserId: ctx.auth.user.id,
    details: { scheduled_export_id: Number(row.id), name: row.name, ...extra },
    ipAddress: ip,
  });
}

// Whoever saves a schedule becomes its owner: the run exports what they may see, so nobody sends
// out data through another person's visibility.
async function valuesOf(
  tx: Tx,
  ctx: UserContext,
  box: SecretBox,
  input: Write,
  kept: ScheduleRow | null,
): Promise<ScheduleValues> {
  await checkSource(tx, ctx, input.source, input.format);
  const keptSecrets =
    kept && kept.destination_kind === input.destination.kind ? openSecrets(box, kept.secrets_sealed) : null;
  const { settings, secrets } = splitDestination(input.destination, keptSecrets);
  return {
    name: input.name,
    ownerId: ctx.auth.user.id,
    source: input.source,
    format: input.source.type === 'report' ? 'csv' : input.format,
    frequency: input.schedule.frequency,
    time: input.schedule.time,
    weekday: input.schedule.weekday,
    dayOfMonth: input.schedule.day_of_month,
    timeZone: input.schedule.time_zone,
    destinationKind: input.destination.kind,
    destination: settings,
    secretsSealed: sealSecrets(box, secrets),
    enabled: input.enabled,
    nextRunAt: nextRunAfter(input.schedule, new Date()),
  };
}

export function listScheduledExports(ctx: UserContext, deps: SchedulerDeps, page: PageQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await repo.page(tx, ctx.tenant.id, page);
    return { rows: rows.map((row) => toScheduledExport(row, deps.secretBox)), count };
  });
}

export function getScheduledExport(
  ctx: UserContext,
  deps: SchedulerDeps,
  id: number,
): Promise<ScheduledExport> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) =>
    toScheduledExport(await findOr404(tx, ctx, id), deps.secretBox),
  );
}

export function createScheduledExport(ctx: UserContext, deps: SchedulerDeps, body: Write, ip: string | null) {
  assertMay(ctx, body.destination.kind, 'change');
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const values = await valuesOf(tx, ctx, deps.secretBox, body, null);
    const id = await repo.insert(tx, ctx.tenant.id, values);
    await audit(tx, ctx, 'scheduled_export.created', { id, name: values.name }, ip, {
      destination: values.destinationKind,
    });
    return toScheduledExport(await findOr404(tx, ctx, Number(id)), deps.secretBox);
  });
}

export function updateScheduledExport(
  ctx: UserContext,
  deps: SchedulerDeps,
  id: number,
  body: Write,
  ip: string | null,
) {
  assertMay(ctx, body.destination.kind, 'change');
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const kept = await findOr404(tx, ctx, id, true);
    // Moving a schedule off a kind needs that kind's permission too.
    assertMay(ctx, kept.destination_kind, 'change');
    const values = await valuesOf(tx, ctx, deps.secretBox, body, kept);
    await repo.update(tx, ctx.tenant.id, kept.id, values);
    await audit(tx, ctx, 'scheduled_export.changed', { id, name: values.name }, ip, {
      destination: values.destinationKind,
    });
    return toScheduledExport(await findOr404(tx, ctx, id), deps.secretBox);
  });
}

export function setScheduledExportEnabled(
  ctx: UserContext,
  deps: SchedulerDeps,
  id: number,
  enabled: boolean,
  ip: string | null,
) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await findOr404(tx, ctx, id, true);
    assertMay(ctx, row.destination_kind, 'change');
    // Enabled again: from the next time after now, not the runs missed while off.
    const next = nextRunAfter(scheduleOf(row), new Date());
    await repo.setEnabled(tx, ctx.tenant.id, row.id, enabled, next);
    await audit(tx, ctx, enabled ? 'scheduled_export.enabled' : 'scheduled_export.disabled', row, ip);
    return toScheduledExport(await findOr404(tx, ctx, id), deps.secretBox);
  });
}

export function deleteScheduledExport(ctx: UserContext, id: number, ip: string | null): Promise<void> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await findOr404(tx, ctx, id, true);
    assertMay(ctx, row.destination_kind, 'delete');
    await repo.delete(tx, ctx.tenant.id, row.id);
    await audit(tx, ctx, 'scheduled_export.deleted', row, ip, { destination: row.destination_kind });
  });
}

// "Run now": a run due now, handed to the job queue once recorded; one waiting or running at a time.
export async function runScheduledExportNow(
  ctx: UserContext,
  deps: SchedulerDeps,
  id: number,
  ip: string | null,
): Promise<void> {
  const runId = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await findOr404(tx, ctx, id, true);
    assertMay(ctx, row.destination_kind, 'change');
    if (await runsRepository.hasPending(tx, ctx.tenant.id, row.id)) {
      throw new AppError(400, SCHEDULER_ERROR_CODES.alreadyRunning, SCHEDULER_MESSAGES.alreadyRunning);
    }
    const created = await runsRepository.insert(tx, ctx.tenant.id, row.id, {
      trigger: 'manual',
      dueAt: new Date(),
    });
    if (!created)
      throw new AppError(400, SCHEDULER_ERROR_CODES.alreadyRunning, SCHEDULER_MESSAGES.alreadyRunning);
    await repo.recordOutcome(tx, ctx.tenant.id, row.id, {
      state: 'queued',
      message: null,
      rows: null,
      bytes: null,
    });
    await audit(tx, ctx, 'scheduled_export.run_requested', row, ip);
    return created;
  });
  await deps.scheduler.dispatch({ tenantId: ctx.tenant.id, runId });
}

export function listScheduledExportRuns(
  ctx: UserContext,
  id: number,
  page: PageQuery,
): Promise<{ rows: ScheduledExportRun[]; count: number }> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await findOr404(tx, ctx, id);
    const { rows, count } = await runsRepository.page(tx, ctx.tenant.id, row.id, page);
    return { rows: rows.map(toRun), count };
  });
}
