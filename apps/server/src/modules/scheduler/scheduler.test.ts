import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  PERMISSIONS,
  SCHEDULER_MESSAGES,
  SCHEDULER_PATHS,
  type ScheduledExport,
  ScheduledExportRunsPageSchema,
  ScheduledExportSchema,
  ScheduledExportsPageSchema,
} from '@attest/shared';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/tenant-transaction.js';
import { grant } from '../../test/admin-fixtures.js';
import { S3_ACCESS_KEY, S3_SECRET_KEY, startS3Server } from '../../test/s3-server.js';
import { sftpAvailable, startSftpServer } from '../../test/sftp-server.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { createVendorCheck, grantRegion, workflowTestTenant } from '../../test/workflow-fixtures.js';
import { createSchedulerRunner } from './scheduler-runner.js';

const { app, adminDb, db, services } = await createTestApp();

// Skipped only where sshd is missing on a developer's machine; CI sets REQUIRE_SFTP=1 (.ci/run).
if (!sftpAvailable() && process.env.REQUIRE_SFTP === '1') throw new Error('REQUIRE_SFTP=1 but no sshd');
const sftp = sftpAvailable() ? await startSftpServer() : null;
const s3 = await startS3Server();
afterAll(async () => {
  await sftp?.stop();
  await s3.stop();
});

// The same runner as the app's, without pauses between upload attempts.
const runner = createSchedulerRunner({ ...services, log: () => {}, retryDelaysMs: [0, 0] });

const EVERYTHING = [
  'can_access_scheduler',
  'can_change_scheduled_report_exports',
  'can_delete_scheduled_report_exports',
  'can_change_sftp_report_exports',
  'can_delete_sftp_report_exports',
  'can_change_remote_storage_report_exports',
  'can_delete_remote_storage_report_exports',
] as const;
const DAILY = {
  frequency: 'daily',
  time: '06:30',
  weekday: null,
  day_of_month: null,
  time_zone: 'Europe/Berlin',
};

// Two vendor checks in Europe the admin sees, one in Asia they do not.
async function seeded() {
  const t = await workflowTestTenant(app, adminDb);
  await grant(adminDb, t.id, t.users.admin, [...EVERYTHING]);
  const admin = await t.signedIn('admin');
  await createVendorCheck(t, admin, 'Acme Ltd check');
  await createVendorCheck(t, admin, 'Beta check');
  await grantRegion(adminDb, t.id, t.users.admin, t.ids.region('Asia'), 'full');
  const asia = await admin.post('/api/v1/workflows/', {
    kind_id: t.kinds.vendor,
    name: 'Hidden Asia check',
    region_id: t.ids.region('Asia'),
    business_unit_id: t.ids.unit('Tokyo'),
  });
  expect(asia.statusCode, asia.body).toBe(201);
  await adminDb
    .deleteFrom('user_region_access')
    .where('tenant_id', '=', t.id)
    .where('user_id', '=', String(t.users.admin))
    .where('region_id', '=', String(t.ids.region('Asia')))
    .execute();
  return { t, admin };
}

const listSource = (kindId: number) => ({ type: 'workflow_list', kind_id: kindId, filters: {} });

async function create(client: TestClient, body: object): Promise<ScheduledExport> {
  const response = await client.post(SCHEDULER_PATHS.list, body);
  expect(response.statusCode, response.body).toBe(201);
  return ScheduledExportSchema.parse(response.json());
}

const path = (template: string, id: number) => template.replace(':id', String(id));
const runNow = (client: TestClient, id: number) => client.post(path(SCHEDULER_PATHS.run, id), {});

async function lastRun(client: TestClient, id: number) {
  const response = await client.get(path(SCHEDULER_PATHS.runs, id));
  expect(response.statusCode, response.body).toBe(200);
  return ScheduledExportRunsPageSchema.parse(response.json()).results[0];
}

describe.skipIf(!sftp)('scheduled export to a real OpenSSH SFTP server', () => {
  it('lands the owner-visible list as CSV, under the key, with the host key checked; credentials never answered', async () => {
    if (!sftp) return;
    const { t, admin } = await seeded();
    const folder = join(sftp.directory, t.slug);
    await import('node:fs/promises').then((fs) => fs.mkdir(folder));
    const created = await create(admin, {
      name: 'Nightly vendors',
      source: listSource(t.kinds.vendor),
      format: 'csv',
      schedule: DAILY,
      destination: {
        kind: 'sftp',
        host: sftp.host,
        port: sftp.port,
        username: sftp.username,
        directory: folder,
        host_fingerprint: sftp.hostFingerprint,
        private_key: sftp.privateKey,
      },
    });
    expect(created.destination).toMatchObject({ kind: 'sftp', has_private_key: true, has_password: false });
    expect(JSON.stringify(created)).not.toContain('PRIVATE KEY');
    const listed = await admin.get(SCHEDULER_PATHS.list);
    expect(listed.body).not.toContain('PRIVATE KEY');
    expect(ScheduledExportsPageSchema.parse(listed.json()).results.map((s) => s.name)).toEqual([
      'Nightly vendors',
    ]);
    // Sealed in the database too.
    const stored = await adminDb
      .selectFrom('scheduled_exports')
      .select(['secrets_sealed', 'destination'])
      .where('tenant_id', '=', t.id)
      .executeTakeFirstOrThrow();
    expect(stored.secrets_sealed).not.toContain('PRIVATE');
    expect(JSON.stringify(stored.destination)).not.toContain('PRIVATE');

    expect((await runNow(admin, created.id)).statusCode).toBe(202);
    // A second Run now while the first waits is refused.
    const again = await runNow(admin, created.id);
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(SCHEDULER_MESSAGES.alreadyRunning);
    expect(await runner.runQueued(t.id)).toBe(1);

    const run = await lastRun(admin, created.id);
    expect(run).toMatchObject({ outcome: 'succeeded', rows: 2, trigger: 'manual', attempts: 1 });
    const files = await readdir(folder);
    expect(files).toEqual([run?.file_name]);
    const csv = await readFile(join(folder, files[0] ?? ''), 'utf8');
    expect(csv).toContain('Acme Ltd check');
    expect(csv).toContain('Beta check');
    expect(csv).not.toContain('Hidden Asia check');
    const one = ScheduledExportSchema.parse((await admin.get(path(SCHEDULER_PATHS.one, created.id))).json());
    expect(one.last_run).toMatchObject({ outcome: 'succeeded', rows: 2 });

    // An edit that leaves the key out keeps it; a wrong host key fingerprint fails the run, said so.
    const edited = await admin.request({
      method: 'PUT',
      url: path(SCHEDULER_PATHS.one, created.id),
      payload: {
        name: 'Nightly vendors',
        source: listSource(t.kinds.vendor),
        schedule: DAILY,
        destination: {
          ...created.destination,
          host_fingerprint: `SHA256:${'A'.repeat(43)}`,
          has_password: undefined,
          has_private_key: undefined,
        },
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().destination.has_private_key).toBe(true);
    await runNow(admin, created.id);
    expect(await runner.runQueued(t.id)).toBe(1);
    const refused = await lastRun(admin, created.id);
    expect(refused?.outcome).toBe('failed');
    expect(refused?.message).toMatch(/host|verif/i);
    expect(await readdir(folder)).toHaveLength(1);
  });

  it('never runs a due time twice: two ticks and two workers at once make one run and one file', async () => {
    if (!sftp) return;
    const { t, admin } = await seeded();
    const folder = join(sftp.directory, `${t.slug}-twice`);
    await import('node:fs/promises').then((fs) => fs.mkdir(folder));
    const created = await create(admin, {
      name: 'Due now',
      source: listSource(t.kinds.vendor),
      schedule: DAILY,
      destination: {
        kind: 'sftp',
        host: sftp.host,
        port: sftp.port,
        username: sftp.username,
        directory: folder,
        private_key: sftp.privateKey,
      },
    });
    await adminDb
      .updateTable('scheduled_exports')
      .set({ next_run_at: new Date(Date.now() - 60_000) })
      .where('tenant_id', '=', t.id)
      .execute();
    const other = createSchedulerRunner({ ...services, log: () => {}, retryDelaysMs: [0, 0] });
    await Promise.all([runner.tick(), other.tick(), runner.tick()]);
    const runs = await adminDb
      .selectFrom('scheduled_export_runs')
      .select(['id'])
      .where('tenant_id', '=', t.id)
      .execute();
    expect(runs).toHaveLength(1);
    const runId = runs[0]?.id ?? '';
    const outcomes = await Promise.all([runner.run(t.id, runId), other.run(t.id, runId)]);
    expect(outcomes.sort()).toEqual(['skipped', 'succeeded']);
    expect(await readdir(folder)).toHaveLength(1);
    // Moved on to its next time: another tick makes nothing.
    await runner.tick();
    expect(
      await adminDb.selectFrom('scheduled_export_runs').select('id').where('tenant_id', '=', t.id).execute(),
    ).toHaveLength(1);
    const after = ScheduledExportSchema.parse(
      (await admin.get(path(SCHEDULER_PATHS.one, created.id))).json(),
    );
    expect(new Date(after.next_run_at).getTime()).toBeGreaterThan(Date.now());
  });
});

describe('scheduled export by e-mail and to S3-compatible storage', () => {
  it('puts the file in the outbox as an attachment to each address', async () => {
    const { t, admin } = await seeded();
    const created = await create(admin, {
      name: 'Weekly vendors',
      source: listSource(t.kinds.vendor),
      format: 'xlsx',
      schedule: { ...DAILY, frequency: 'weekly', weekday: 1 },
      destination: { kind: 'email', emails: ['ops@example.test', 'cfo@example.test'] },
    });
    await runNow(admin, created.id);
    expect(await runner.runQueued(t.id)).toBe(1);
    const mails = await withTenant(db, t.id, (tx) =>
      tx
        .selectFrom('outbox_emails')
        .select(['to_address', 'subject', 'attachments'])
        .where('tenant_id', '=', t.id)
        .orderBy('to_address')
        .execute(),
    );
    expect(mails.map((m) => m.to_address)).toEqual(['cfo@example.test', 'ops@example.test']);
    const attachment = mails[0]?.attachments[0];
    expect(attachment?.filename).toMatch(/^weekly-vendors-\d{4}-\d{2}-\d{2}-\d{4}\.xlsx$/);
    // An XLSX is a zip: PK.
    expect(
      Buffer.from(attachment?.content_base64 ?? '', 'base64')
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    expect((await lastRun(admin, created.id))?.outcome).toBe('succeeded');
  });

  it('e-mails a report as CSV, run as its owner', async () => {
    const { t, admin } = await seeded();
    await grant(adminDb, t.id, t.users.admin, ['can_add_process_report']);
    const report = await admin.post('/api/v1/reports/', {
      name: 'Vendors by name',
      config: {
        report_kind: 'workflow',
        chart_type: 'BAR_CHART',
        group_by: [{ source: 'workflow__name', extra_json: { label: 'Name' } }],
        operations: [{ function: 'count', label: 'Count' }],
        order_by: [{ type: 'column', source: 'workflow__name', ordering: 'ASC' }],
      },
    });
    expect(report.statusCode, report.body).toBe(201);
    const created = await create(admin, {
      name: 'Report mail',
      source: { type: 'report', report_id: report.json().id },
      schedule: DAILY,
      destination: { kind: 'email', emails: ['board@example.test'] },
    });
    expect(created.source_name).toBe('Vendors by name');
    await runNow(admin, created.id);
    expect(await runner.runQueued(t.id)).toBe(1);
    expect((await lastRun(admin, created.id))?.outcome).toBe('succeeded');
    const mail = await withTenant(db, t.id, (tx) =>
      tx
        .selectFrom('outbox_emails')
        .select(['attachments'])
        .where('tenant_id', '=', t.id)
        .executeTakeFirstOrThrow(),
    );
    const csv = Buffer.from(mail.attachments[0]?.content_base64 ?? '', 'base64').toString('utf8');
    expect(csv).toContain('Acme Ltd check');
    expect(csv).not.toContain('Hidden Asia check');
  });

  it('uploads to an S3-compatible server by path; an unknown access key fails after bounded retries, said so', async () => {
    const { t, admin } = await seeded();
    const destination = {
      kind: 's3',
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      prefix: `${t.slug}/daily`,
      region: 'us-east-1',
      access_key_id: S3_ACCESS_KEY,
      secret_access_key: S3_SECRET_KEY,
    };
    const created = await create(admin, {
      name: 'To storage',
      source: listSource(t.kinds.vendor),
      schedule: DAILY,
      destination,
    });
    expect(created.destination).toMatchObject({ kind: 's3', has_credentials: true });
    expect(JSON.stringify(created)).not.toContain(S3_SECRET_KEY);
    await runNow(admin, created.id);
    expect(await runner.runQueued(t.id)).toBe(1);
    const run = await lastRun(admin, created.id);
    expect(run?.outcome, run?.message ?? '').toBe('succeeded');
    const object = await s3.read(`${t.slug}/daily/${run?.file_name}`);
    expect(object.toString('utf8')).toContain('Acme Ltd check');

    const wrong = await create(admin, {
      name: 'Wrong key',
      source: listSource(t.kinds.vendor),
      schedule: DAILY,
      // s3rver checks the access key, not SigV4 signatures (its own limit).
      destination: { ...destination, access_key_id: 'NOT-A-KEY' },
    });
    await runNow(admin, wrong.id);
    expect(await runner.runQueued(t.id)).toBe(1);
    const failed = await lastRun(admin, wrong.id);
    expect(failed?.outcome).toBe('failed');
    expect(failed?.message).toMatch(/Access Key Id/i);
  });
});

describe('scheduler permissions, validation and isolation', () => {
  it('offers each destination kind only with its own permission; without the scheduler permission, 403', async () => {
    const { t, admin } = await seeded();
    await grant(adminDb, t.id, t.users.member, [
      'can_access_scheduler',
      'can_change_scheduled_report_exports',
      'can_export_workflow_data',
    ]);
    const member = await t.signedIn('member');
    const email = { kind: 'email', emails: ['a@example.test'] };
    const sftpBody = { kind: 'sftp', host: 'example.test', username: 'u', password: 'p' };
    const s3Body = { kind: 's3', bucket: 'bucket', access_key_id: 'k', secret_access_key: 's' };
    const base = { name: 'Mine', source: listSource(t.kinds.vendor), schedule: DAILY };
    for (const destination of [sftpBody, s3Body]) {
      const refused = await member.post(SCHEDULER_PATHS.list, { ...base, destination });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe(SCHEDULER_MESSAGES.kindNotAllowed);
    }
    const mine = await create(member, { ...base, destination: email });
    // No delete permission for plain exports.
    const del = await member.request({ method: 'DELETE', url: path(SCHEDULER_PATHS.one, mine.id) });
    expect(del.statusCode).toBe(403);
    expect(del.json().detail).toBe(SCHEDULER_MESSAGES.deleteNotAllowed);
    // The admin's SFTP schedule may not be moved or run by the member.
    const theirs = await create(admin, { ...base, destination: sftpBody });
    expect((await runNow(member, theirs.id)).statusCode).toBe(403);
    expect(
      (await admin.request({ method: 'DELETE', url: path(SCHEDULER_PATHS.one, mine.id) })).statusCode,
    ).toBe(204);
    // Without can_access_scheduler nothing answers.
    const supplier = await t.signedIn('supplier');
    expect((await supplier.get(SCHEDULER_PATHS.list)).statusCode).toBe(403);
    const audit = await adminDb
      .selectFrom('audit_events')
      .select('action')
      .where('tenant_id', '=', t.id)
      .where('action', 'like', 'scheduled_export.%')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'scheduled_export.created',
      'scheduled_export.created',
      'scheduled_export.deleted',
    ]);
  });

  it('refuses missing credentials and a report as XLSX with the messages; nothing is written', async () => {
    const { t, admin } = await seeded();
    const base = { name: 'Bad', source: listSource(t.kinds.vendor), schedule: DAILY };
    const noSecret = await admin.post(SCHEDULER_PATHS.list, {
      ...base,
      destination: { kind: 'sftp', host: 'h.test', username: 'u' },
    });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().detail).toBe(SCHEDULER_MESSAGES.secretRequired);
    const noS3 = await admin.post(SCHEDULER_PATHS.list, {
      ...base,
      destination: { kind: 's3', bucket: 'bucket' },
    });
    expect(noS3.json().detail).toBe(SCHEDULER_MESSAGES.s3SecretRequired);
    const report = await admin.post(SCHEDULER_PATHS.list, {
      ...base,
      source: { type: 'report', report_id: 1 },
      format: 'xlsx',
      destination: { kind: 'email', emails: ['a@example.test'] },
    });
    expect(report.statusCode).toBe(400);
    expect(report.json().detail).toBe(SCHEDULER_MESSAGES.reportFormat);
    const badZone = await admin.post(SCHEDULER_PATHS.list, {
      ...base,
      schedule: { ...DAILY, time_zone: 'Mars/Olympus' },
      destination: { kind: 'email', emails: ['a@example.test'] },
    });
    expect(badZone.statusCode).toBe(400);
    expect(
      await adminDb.selectFrom('scheduled_exports').select('id').where('tenant_id', '=', t.id).execute(),
    ).toHaveLength(0);
  });

  it('runs as the owner: an owner who lost the export permission gets a failed run that says so', async () => {
    const { t } = await seeded();
    await grant(adminDb, t.id, t.users.member, [
      'can_access_scheduler',
      'can_change_scheduled_report_exports',
      'can_export_workflow_data',
    ]);
    const member = await t.signedIn('member');
    const created = await create(member, {
      name: 'Member list',
      source: listSource(t.kinds.vendor),
      schedule: DAILY,
      destination: { kind: 'email', emails: ['m@example.test'] },
    });
    await adminDb
      .deleteFrom('user_permissions')
      .where('tenant_id', '=', t.id)
      .where('codename', '=', 'can_export_workflow_data')
      .where('user_id', '=', String(t.users.member))
      .execute();
    await runNow(member, created.id);
    expect(await runner.runQueued(t.id)).toBe(1);
    const run = await lastRun(member, created.id);
    expect(run?.outcome).toBe('failed');
    expect(run?.message).toBe(
      `${SCHEDULER_MESSAGES.ownerNotAllowed} "${PERMISSIONS.can_export_workflow_data}".`,
    );
  });

  it("answers another tenant's schedule 404 on every route", async () => {
    const { t, admin } = await seeded();
    const created = await create(admin, {
      name: 'Ours',
      source: listSource(t.kinds.vendor),
      schedule: DAILY,
      destination: { kind: 'email', emails: ['a@example.test'] },
    });
    const other = await seeded();
    const id = created.id;
    const answers = await Promise.all([
      other.admin.get(path(SCHEDULER_PATHS.one, id)),
      other.admin.get(path(SCHEDULER_PATHS.runs, id)),
      runNow(other.admin, id),
      other.admin.request({
        method: 'PUT',
        url: path(SCHEDULER_PATHS.enabled, id),
        payload: { enabled: false },
      }),
      other.admin.request({ method: 'DELETE', url: path(SCHEDULER_PATHS.one, id) }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect(ScheduledExportsPageSchema.parse((await other.admin.get(SCHEDULER_PATHS.list)).json()).count).toBe(
      0,
    );
    const still = await withTenant(db, t.id, (tx) =>
      tx.selectFrom('scheduled_exports').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    );
    expect(still.n).toBe(1);
  });
});
