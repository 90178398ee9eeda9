import { randomUUID } from 'node:crypto';
import { posix } from 'node:path';
import {
  SCHEDULED_EXPORT_TEST_TIMEOUT_MS,
  SCHEDULER_TEST_MESSAGES,
  type ScheduledExportTestResult,
  type SchedulerTestCode,
} from '@attest/shared';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import SftpClient from 'ssh2-sftp-client';
import type { DestinationSecrets } from '../scheduler-secrets.js';
import { type S3Settings, s3ClientFor, s3KeyOf } from './s3-destination.js';
import { type SftpSettings, sshFingerprint } from './sftp-destination.js';

// "Test connection": sign in, write a small file where exports land and remove it, within
// SCHEDULED_EXPORT_TEST_TIMEOUT_MS; the answer names what failed in plain words (codes and fixed
// messages only: a library's error text can echo a host's banner or a key, so it is never passed on).

const MESSAGES: Record<SchedulerTestCode, string> = {
  ok: SCHEDULER_TEST_MESSAGES.ok,
  email_sent: SCHEDULER_TEST_MESSAGES.emailSent,
  host_not_found: SCHEDULER_TEST_MESSAGES.hostNotFound,
  refused: SCHEDULER_TEST_MESSAGES.refused,
  timeout: SCHEDULER_TEST_MESSAGES.timeout,
  auth_failed: SCHEDULER_TEST_MESSAGES.authFailed,
  host_key_mismatch: SCHEDULER_TEST_MESSAGES.hostKeyMismatch,
  folder_missing: SCHEDULER_TEST_MESSAGES.folderMissing,
  bucket_missing: SCHEDULER_TEST_MESSAGES.bucketMissing,
  permission_denied: SCHEDULER_TEST_MESSAGES.permissionDenied,
  tls_failed: SCHEDULER_TEST_MESSAGES.tlsFailed,
  failed: SCHEDULER_TEST_MESSAGES.failed,
};

export const testResult = (code: SchedulerTestCode): ScheduledExportTestResult => ({
  ok: code === 'ok' || code === 'email_sent',
  code,
  message: MESSAGES[code],
});

const TEST_FILE_TEXT = 'Attest connection test: this file is removed at once.\n';
const testFileName = () => `.attest-connection-test-${randomUUID()}`;

type Failure = { code?: unknown; name?: unknown; level?: unknown; message?: unknown; cause?: unknown };

// The socket-level reason, from the error or any error it wraps.
function networkCode(error: unknown): SchedulerTestCode | null {
  for (let e = error as Failure | undefined, depth = 0; e && depth < 5; e = e.cause as Failure, depth += 1) {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || /getaddrinfo (ENOTFOUND|EAI_AGAIN)/.test(message))
      return 'host_not_found';
    if (code === 'ECONNREFUSED' || /ECONNREFUSED/.test(message)) return 'refused';
    if (code === 'ETIMEDOUT' || e.name === 'TimeoutError' || /timed out/i.test(message)) return 'timeout';
    if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(code)) return 'tls_failed';
  }
  return null;
}

// A promise bounded in time: on expiry `stop` releases the connection and the answer is 'timeout'.
async function bounded(
  work: (signal: AbortSignal) => Promise<SchedulerTestCode>,
  stop: () => void,
  timeoutMs: number,
): Promise<SchedulerTestCode> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<SchedulerTestCode>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      stop();
      resolve('timeout');
    }, timeoutMs);
  });
  try {
    return await Promise.race([work(controller.signal), expiry]);
  } finally {
    clearTimeout(timer);
  }
}

export async function testSftp(
  settings: SftpSettings,
  secrets: DestinationSecrets,
  timeoutMs = SCHEDULED_EXPORT_TEST_TIMEOUT_MS,
): Promise<ScheduledExportTestResult> {
  const quiet = () => undefined;
  const client = new SftpClient('attest-scheduler-test', { error: quiet, end: quiet, close: quiet });
  let keyRejected = false;
  let connected = false;
  const expected = settings.host_fingerprint;
  const code = await bounded(
    async () => {
      try {
        await client.connect({
          host: settings.host,
          port: settings.port,
          username: settings.username,
          ...(secrets.private_key
            ? {
                privateKey: secrets.private_key,
                ...(secrets.passphrase && { passphrase: secrets.passphrase }),
              }
            : { password: secrets.password ?? '' }),
          readyTimeout: timeoutMs,
          ...(expected && {
            hostVerifier: (key: Buffer) => {
              keyRejected = sshFingerprint(key) !== expected;
              return !keyRejected;
            },
          }),
        });
      } catch (error) {
        if (keyRejected) return 'host_key_mismatch';
        const network = networkCode(error);
        if (network) return network;
        // A key that does not parse (or a wrong passphrase) is a credential problem too.
        return 'auth_failed';
      }
      connected = true;
      const folder = settings.directory || '.';
      try {
        if ((await client.exists(folder)) !== 'd') return 'folder_missing';
        const target = posix.join(folder, testFileName());
        await client.put(Buffer.from(TEST_FILE_TEXT), target);
        await client.delete(target);
        return 'ok';
      } catch (error) {
        const failure = error as Failure;
        if (
          failure.code === 'EACCES' ||
          failure.code === 3 ||
          /permission denied/i.test(String(failure.message))
        )
          return 'permission_denied';
        if (failure.code === 'ENOENT' || failure.code === 2) return 'folder_missing';
        return networkCode(error) ?? 'failed';
      }
    },
    () => void client.end().catch(() => undefined),
    timeoutMs,
  );
  if (connected) await client.end().catch(() => undefined);
  return testResult(code);
}

const S3_AUTH_ERRORS = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'InvalidToken',
  'ExpiredToken',
  'AuthorizationHeaderMalformed',
  'InvalidClientTokenId',
]);

function s3Code(error: unknown): SchedulerTestCode {
  const failure = error as Failure & { $metadata?: { httpStatusCode?: number } };
  const name = typeof failure.name === 'string' ? failure.name : '';
  const code = typeof failure.code === 'string' ? failure.code : '';
  if (S3_AUTH_ERRORS.has(name) || S3_AUTH_ERRORS.has(code)) return 'auth_failed';
  if (name === 'NoSuchBucket' || code === 'NoSuchBucket') return 'bucket_missing';
  if (name === 'AccessDenied' || name === 'AllAccessDisabled' || code === 'AccessDenied')
    return 'permission_denied';
  if (name === 'AbortError') return 'timeout';
  const network = networkCode(error);
  if (network) return network;
  const status = failure.$metadata?.httpStatusCode;
  if (status === 404) return 'bucket_missing';
  if (status === 403) return 'permission_denied';
  if (status === 401) return 'auth_failed';
  return 'failed';
}

export async function testS3(
  settings: S3Settings,
  secrets: DestinationSecrets,
  timeoutMs = SCHEDULED_EXPORT_TEST_TIMEOUT_MS,
): Promise<ScheduledExportTestResult> {
  const client = s3ClientFor(settings, secrets);
  const key = s3KeyOf(settings.prefix, testFileName());
  try {
    const code = await bounded(
      async (abortSignal) => {
        try {
          await client.send(
            new PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: TEST_FILE_TEXT }),
            { abortSignal },
          );
        } catch (error) {
          return s3Code(error);
        }
        // Written: removing it is a courtesy (a key allowed to write may not be allowed to delete).
        await client
          .send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }), { abortSignal })
          .catch(() => undefined);
        return 'ok';
      },
      () => undefined,
      timeoutMs,
    );
    return testResult(code);
  } finally {
    client.destroy();
  }
}
