import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SCHEDULER_MESSAGES,
  SCHEDULER_PATHS,
  SCHEDULER_TEST_MESSAGES,
  ScheduledExportSchema,
  ScheduledExportTestResultSchema,
} from '@attest/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { grant, userId } from '../../test/admin-fixtures.js';
import { freePort } from '../../test/free-port.js';
import { S3_ACCESS_KEY, S3_SECRET_KEY, startS3Server } from '../../test/s3-server.js';
import { sftpAvailable, startSftpServer } from '../../test/sftp-server.js';
import { createTestApp, createTestTenant, TestClient } from '../../test/test-app.js';
import { testSftp } from './destinations/connection-test.js';

const { app, adminDb } = await createTestApp();

// Skipped only where sshd is missing on a developer's machine; CI sets REQUIRE_SFTP=1 (.ci/run).
if (!sftpAvailable() && process.env.REQUIRE_SFTP === '1') throw new Error('REQUIRE_SFTP=1 but no sshd');
const sftp = sftpAvailable() ? await startSftpServer() : null;
const s3 = await startS3Server();
afterAll(async () => {
  await sftp?.stop();
  await s3.stop();
});

const KINDS = [
  'can_access_scheduler',
  'can_change_scheduled_report_exports',
  'can_change_sftp_report_exports',
  'can_change_remote_storage_report_exports',
  'can_add_process_report',
] as const;

async function schedulerTenant() {
  const tenant = await createTestTenant(adminDb);
  await grant(adminDb, tenant.id, userId(tenant, `admin@${tenant.slug}.test`), [...KINDS]);
  const admin = TestClient.forTenant(app, tenant.slug);
  await admin.signIn(`admin@${tenant.slug}.test`);
  return { tenant, admin };
}

async function tryDestination(client: TestClient, destination: object, scheduleId: number | null = null) {
  const response = await client.post(SCHEDULER_PATHS.testDestination, {
    destination,
    schedule_id: scheduleId,
  });
  expect(response.statusCode, response.body).toBe(200);
  return ScheduledExportTestResultSchema.parse(response.json());
}

const sftpDestination = (extra: object = {}) => ({
  kind: 'sftp',
  host: sftp?.host ?? '127.0.0.1',
  port: sftp?.port ?? 22,
  username: sftp?.username ?? 'root',
  directory: sftp?.directory ?? '',
  host_fingerprint: sftp?.hostFingerprint ?? '',
  private_key: sftp?.privateKey,
  ...extra,
});

describe.skipIf(!sftp)('Test connection: SFTP, against a real OpenSSH server', () => {
  it('signs in, writes a test file in the folder and removes it', async () => {
    if (!sftp) return;
    const { admin } = await schedulerTenant();
    expect(await tryDestination(admin, sftpDestination())).toEqual({
      ok: true,
      code: 'ok',
      message: SCHEDULER_TEST_MESSAGES.ok,
    });
    expect(await readdir(sftp.directory)).toEqual([]);
  });

  it('says what failed in plain words, never echoing a credential', async () => {
    if (!sftp) return;
    const { admin } = await schedulerTenant();
    const keyDir = await mkdtemp(join(tmpdir(), 'attest-key-'));
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(keyDir, 'k')]);
    const strangerKey = await readFile(join(keyDir, 'k'), 'utf8');
    await rm(keyDir, { recursive: true });
    const closedPort = await freePort();
    const cases: [object, string][] = [
      [{ private_key: strangerKey }, 'auth_failed'],
      [{ private_key: undefined, password: 'not-the-password' }, 'auth_failed'],
      [{ host_fingerprint: `SHA256:${'A'.repeat(43)}` }, 'host_key_mismatch'],
      [{ directory: join(sftp.directory, 'no-such-folder') }, 'folder_missing'],
      // Not even root may create a file in /sys.
      [{ directory: '/sys' }, 'permission_denied'],
      [{ port: closedPort }, 'refused'],
      [{ host: 'no-such-host.invalid' }, 'host_not_found'],
    ];
    for (const [extra, code] of cases) {
      const result = await tryDestination(admin, sftpDestination(extra));
      expect(result.code, JSON.stringify(extra).slice(0, 80)).toBe(code);
      expect(result.ok).toBe(false);
      expect(JSON.stringify(result)).not.toMatch(/PRIVATE KEY|not-the-password/);
    }
  });

  it("uses the edited schedule's kept credentials when the form leaves them blank", async () => {
    if (!sftp) return;
    const { tenant, admin } = await schedulerTenant();
    const report = await admin.post('/api/v1/reports/', {
      name: 'By status',
      config: {
        report_kind: 'workflow',
        chart_type: 'BAR_CHART',
        group_by: [{ source: 'workflow__status_tag' }],
        operations: [{ function: 'count', label: 'Count' }],
      },
    });
    expect(report.statusCode, report.body).toBe(201);
    const created = await admin.post(SCHEDULER_PATHS.list, {
      name: 'Nightly',
      source: { type: 'report', report_id: report.json().id },
      schedule: { frequency: 'daily', time: '06:00', weekday: null, day_of_month: null, time_zone: 'UTC' },
      destination: sftpDestination(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const schedule = ScheduledExportSchema.parse(created.json());
    const blank = sftpDestination({ private_key: undefined });
    expect((await tryDestination(admin, blank, schedule.id)).code).toBe('ok');
    // Without the schedule there is no credential to try.
    const missing = await admin.post(SCHEDULER_PATHS.testDestination, { destination: blank });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe(SCHEDULER_MESSAGES.secretRequired);
    // Another tenant's schedule is not there (404), and its credentials are not used.
    const other = await schedulerTenant();
    const foreign = await other.admin.post(SCHEDULER_PATHS.testDestination, {
      destination: blank,
      schedule_id: schedule.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(tenant.id).not.toBe(other.tenant.id);
  });
});

describe('Test connection: bounded in time', () => {
  it('gives up on a server that never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const started = Date.now();
    const result = await testSftp(
      { host: '127.0.0.1', port, username: 'u', directory: '', host_fingerprint: '' },
      { password: 'p' },
      300,
    );
    expect(result).toMatchObject({ ok: false, code: 'timeout', message: SCHEDULER_TEST_MESSAGES.timeout });
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
});

describe('Test connection: S3-compatible storage (s3rver)', () => {
  const s3Destination = (extra: object = {}) => ({
    kind: 's3',
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    prefix: 'tests',
    region: 'us-east-1',
    access_key_id: S3_ACCESS_KEY,
    secret_access_key: S3_SECRET_KEY,
    ...extra,
  });

  it('writes and removes a test object, and names a wrong key, a missing bucket and a refused port', async () => {
    const { admin } = await schedulerTenant();
    expect(await tryDestination(admin, s3Destination())).toMatchObject({ ok: true, code: 'ok' });
    const closedPort = await freePort();
    const cases: [object, string][] = [
      [{ access_key_id: 'NOT-A-KEY' }, 'auth_failed'],
      [{ bucket: 'no-such-bucket' }, 'bucket_missing'],
      [{ endpoint: `http://127.0.0.1:${closedPort}` }, 'refused'],
      [{ endpoint: 'http://no-such-host.invalid' }, 'host_not_found'],
    ];
    for (const [extra, code] of cases) {
      const result = await tryDestination(admin, s3Destination(extra));
      expect(result.code, JSON.stringify(extra)).toBe(code);
      expect(JSON.stringify(result)).not.toContain(S3_SECRET_KEY);
    }
  });
});

describe('Test e-mail', () => {
  it('queues a test message to each address in the outbox', async () => {
    const { tenant, admin } = await schedulerTenant();
    const result = await tryDestination(admin, {
      kind: 'email',
      emails: ['a@example.test', 'b@example.test'],
    });
    expect(result).toEqual({ ok: true, code: 'email_sent', message: SCHEDULER_TEST_MESSAGES.emailSent });
    const sent = await adminDb
      .selectFrom('outbox_emails')
      .select(['to_address', 'subject'])
      .where('tenant_id', '=', tenant.id)
      .where('subject', 'like', '%test of a scheduled export%')
      .orderBy('to_address')
      .execute();
    expect(sent.map((e) => e.to_address)).toEqual(['a@example.test', 'b@example.test']);
  });
});

describe('Test connection: permissions', () => {
  it("needs the scheduler and the destination kind's change permission", async () => {
    const { tenant } = await schedulerTenant();
    const member = TestClient.forTenant(app, tenant.slug);
    await member.signIn(`member@${tenant.slug}.test`);
    const email = { destination: { kind: 'email', emails: ['a@example.test'] } };
    expect((await member.post(SCHEDULER_PATHS.testDestination, email)).statusCode).toBe(403);
    await grant(adminDb, tenant.id, userId(tenant, `member@${tenant.slug}.test`), [
      'can_access_scheduler',
      'can_change_scheduled_report_exports',
    ]);
    expect((await member.post(SCHEDULER_PATHS.testDestination, email)).statusCode).toBe(200);
    const refused = await member.post(SCHEDULER_PATHS.testDestination, {
      destination: { kind: 'sftp', host: '127.0.0.1', username: 'u', password: 'p' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(SCHEDULER_MESSAGES.kindNotAllowed);
  });
});
