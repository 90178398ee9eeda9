import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  BRANDS,
  type BrandKey,
  PERMISSIONS,
  type PermissionCodename,
  reportFileSlug,
  SCHEDULER_MESSAGES,
  SCHEDULER_PERMISSIONS,
  ScheduledExportSourceSchema,
} from '@attest/shared';
import type { Db } from '../../db/database.js';
import { actingUser } from '../../platform/auth/acting-user.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { FileStore } from '../../platform/files/file-store.js';
import type { JobSender, Mailer } from '../../platform/mail/mailer.js';
import type { UserContext } from '../../platform/request-context.js';
import { tenantsRepository } from '../../platform/tenancy/tenants.repository.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { type ExportRunner, writeListExportFile } from '../exports/index.js';
import { nextRunAfter, reportCsv, wallClockAt } from '../reports/index.js';
import { deliver } from './destinations/deliver.js';
import { CONTENT_TYPES, type ExportFile } from './destinations/export-file.js';
import { schedulesRepository as repo, type ScheduleRow, scheduleOf } from './scheduler.repository.js';
import { runsRepository } from './scheduler-runs.repository.js';
import { openSecrets } from './scheduler-secrets.js';
import { sourcesRepository } from './scheduler-sources.repository.js';

export const SCHEDULER_RUN_QUEUE = 'scheduler.run';
export const SCHEDULER_TICK_QUEUE = 'scheduler.tick';
export type SchedulerJob = { tenantId: string; runId: string };
// One job per run: the queue's 'stately' policy refuses a second waiting one with this key.
export const schedulerJobKey = (job: SchedulerJob) => `${job.tenantId}:${job.runId}`;

const TICK_BATCH = 200;
// An upload that fails is tried again after these pauses (three attempts in all), then the run fails.
export const UPLOAD_RETRY_DELAYS_MS = [2_000, 10_000];
const MESSAGE_MAX = 500;

export type RunOutcome = 'succeeded' | 'failed' | 'skipped';
export type SchedulerRunner = {
  dispatch(job: SchedulerJob): Promise<void>;
  // Every tenant's due schedules get their run (once per due time) and move to their next time;
  // answers the runs it made.
  tick(): Promise<number>;
  // One run, as its schedule's owner; the job calls it, tests call it without pg-boss.
  run(tenantId: string, runId: string, options?: { reclaim?: boolean }): Promise<RunOutcome>;
  // Every queued run of a tenant (tests and tools without a job queue).
  runQueued(tenantId: string): Promise<number>;
};

class RunRefusal extends Error {}

// The permissions the owner must still hold when the run starts (spec 2 §6).
function missingPermission(ctx: UserContext, row: ScheduleRow): PermissionCodename | null {
  const source = ScheduledExportSourceSchema.parse(row.source);
  const needed: PermissionCodename[] = [
    'can_access_scheduler',
    SCHEDULER_PERMISSIONS[row.destination_kind].change,
    source.type === 'report' ? 'can_view_process_report' : 'can_export_workflow_data',
  ];
  return needed.find((code) => !ctx.auth.permissions.has(code)) ?? null;
}

// The file's name: the schedule's name and the run's local time in its zone.
function fileNameOf(row: ScheduleRow, at: Date): string {
  const w = wallClockAt(row.time_zone, at.getTime());
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${reportFileSlug(row.name) || 'export'}-${w.year}-${pad(w.month)}-${pad(w.day)}-${pad(w.hour)}${pad(w.minute)}.${row.format}`;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createSchedulerRunner(options: {
  db: Db;
  files: FileStore;
  mail: Mailer;
  secretBox: SecretBox;
  jobs: JobSender | null;
  workflowExports: ExportRunner;
  log: (error: Error, context: string) => void;
  retryDelaysMs?: readonly number[];
}): SchedulerRunner {
  const { db, files, mail, secretBox, log } = options;
  const delays = options.retryDelaysMs ?? UPLOAD_RETRY_DELAYS_MS;

  async function dispatch(job: SchedulerJob): Promise<void> {
    if (!options.jobs) return;
    try {
      await options.jobs.send(SCHEDULER_RUN_QUEUE, job, { singletonKey: schedulerJobKey(job) });
    } catch (error) {
      // The run stays queued; the next tick hands it over again.
      log(error instanceof Error ? error : new Error(String(error)), 'scheduler dispatch');
    }
  }

  // One transaction per tenant: a schedule is locked (SKIP LOCKED: a concurrent tick passes it
  // by), given its run for this due time (unique, so never two) and moved on together.
  async function tickTenant(tenantId: string): Promise<string[]> {
    return withTenant(db, tenantId, async (tx) => {
      const made: string[] = [];
      const now = new Date();
      for (const row of await repo.due(tx, tenantId, TICK_BATCH)) {
        const runId = await runsRepository.insert(tx, tenantId, row.id, {
          trigger: 'schedule',
          dueAt: row.next_run_at,
        });
        // Missed times (the platform was down) make one run, not one per missed time.
        await repo.advance(tx, tenantId, row.id, nextRunAfter(scheduleOf(row), now));
        if (runId) {
          await repo.recordOutcome(tx, tenantId, row.id, {
            state: 'queued',
            message: null,
            rows: null,
            bytes: null,
          });
          made.push(runId);
        }
      }
      // Runs whose hand-over was lost are handed over again (claiming one is atomic: no double run).
      const waiting = await runsRepository.queuedIds(tx, tenantId, TICK_BATCH);
      return [...new Set([...made, ...waiting])];
    });
  }

  // The file the schedule exports, made as its owner; null when the list has no workflow.
  async function makeFile(
    ctx: UserContext,
    row: ScheduleRow,
    at: Date,
  ): Promise<{ file: ExportFile; rows: number | null } | null> {
    const source = ScheduledExportSourceSchema.parse(row.source);
    const name = fileNameOf(row, at);
    if (source.type === 'report') {
      const csv = await reportCsv(ctx, source.report_id);
      const content = await buffer(csv.stream);
      return {
        rows: null,
        file: {
          name,
          contentType: CONTENT_TYPES.csv,
          size: content.length,
          open: async () => Readable.from([content]),
        },
      };
    }
    const made = await writeListExportFile(
      ctx,
      { ...source.filters, kind_id: source.kind_id, format: row.format },
      options.workflowExports,
      files,
    );
    if (!made) return null;
    return {
      rows: made.rows,
      file: { name, contentType: CONTENT_TYPES[row.format], size: made.size, open: made.open },
    };
  }

  async function send(
    tenantId: string,
    row: ScheduleRow,
    made: { file: ExportFile; rows: number | null },
  ): Promise<void> {
    const secrets = openSecrets(secretBox, row.secrets_sealed);
    if (row.destination_kind === 'email') {
      const tenant = await withTenant(db, tenantId, (tx) => sourcesRepository.tenant(tx, tenantId));
      const brand = BRANDS[tenant.brand as BrandKey]?.title ?? 'Attest';
      // The file is read (and its size bounded) before the outbox's transaction opens.
      const messages = await deliver.emailMessages(row, brand, made);
      const queued = await withTenant(db, tenantId, async (tx) => {
        const out = [];
        for (const message of messages) out.push(await mail.queue(tx, tenantId, message));
        return out;
      });
      await mail.dispatch(queued);
      return;
    }
    // Network uploads happen here, outside any transaction; bounded retries.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await deliver.upload(row, secrets, made.file);
        return;
      } catch (error) {
        if (attempt >= delays.length) throw error;
        log(
          error instanceof Error ? error : new Error(String(error)),
          'scheduled export upload (will retry)',
        );
        await wait(delays[attempt] ?? 0);
      }
    }
  }

  async function finish(
    tenantId: string,
    row: { id: string },
    runId: string,
    outcome: {
      state: 'succeeded' | 'failed';
      message: string | null;
      rows: number | null;
      bytes: number | null;
      fileName: string | null;
    },
  ) {
    await withTenant(db, tenantId, async (tx) => {
      await runsRepository.finish(tx, tenantId, runId, outcome);
      await repo.recordOutcome(tx, tenantId, row.id, outcome);
    });
  }

  async function run(tenantId: string, runId: string, how: { reclaim?: boolean } = {}): Promise<RunOutcome> {
    const claimed = await withTenant(db, tenantId, async (tx) => {
      const run = await runsRepository.claim(tx, tenantId, runId, how.reclaim ?? false);
      if (!run) return null;
      const row = await repo.find(tx, tenantId, run.schedule_id);
      if (!row) return null;
      await repo.recordOutcome(tx, tenantId, row.id, {
        state: 'running',
        message: null,
        rows: null,
        bytes: null,
      });
      return { row, ctx: await actingUser(tx, db, tenantId, row.owner_id) };
    });
    if (!claimed) return 'skipped';
    const { row, ctx } = claimed;
    let fileName: string | null = null;
    try {
      if (!ctx) throw new RunRefusal(SCHEDULER_MESSAGES.ownerGone);
      const missing = missingPermission(ctx, row);
      if (missing) throw new RunRefusal(`${SCHEDULER_MESSAGES.ownerNotAllowed} "${PERMISSIONS[missing]}".`);
      const made = await makeFile(ctx, row, new Date());
      if (!made) {
        await finish(tenantId, row, runId, {
          state: 'succeeded',
          message: 'No workflow matches the filters: nothing was sent.',
          rows: 0,
          bytes: 0,
          fileName: null,
        });
        return 'succeeded';
      }
      fileName = made.file.name;
      await send(tenantId, row, made);
      await finish(tenantId, row, runId, {
        state: 'succeeded',
        message: null,
        rows: made.rows,
        bytes: made.file.size,
        fileName,
      });
      return 'succeeded';
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      if (!(error instanceof RunRefusal)) log(error, 'scheduled export');
      const message = (error.message || SCHEDULER_MESSAGES.exportFailed).slice(0, MESSAGE_MAX);
      await finish(tenantId, row, runId, { state: 'failed', message, rows: null, bytes: null, fileName });
      return 'failed';
    }
  }

  return {
    dispatch,
    run,
    async tick() {
      let made = 0;
      for (const tenantId of await tenantsRepository.allIds(db, { ordered: true })) {
        for (const runId of await tickTenant(tenantId)) {
          made += 1;
          await dispatch({ tenantId, runId });
        }
      }
      return made;
    },
    async runQueued(tenantId) {
      const ids = await withTenant(db, tenantId, (tx) => runsRepository.queuedIds(tx, tenantId, 100));
      let ran = 0;
      for (const id of ids) if ((await run(tenantId, id)) !== 'skipped') ran += 1;
      return ran;
    },
  };
}
