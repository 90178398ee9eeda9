import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import SftpClient from 'ssh2-sftp-client';
import type { DestinationSecrets } from '../scheduler-secrets.js';
import type { ExportFile } from './export-file.js';

export type SftpSettings = {
  host: string;
  port: number;
  username: string;
  directory: string;
  host_fingerprint: string;
};

export const SFTP_TIMEOUT_MS = 20_000;

// OpenSSH's fingerprint of a host key: SHA256: and the unpadded base64 of its digest.
export const sshFingerprint = (key: Buffer) =>
  `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

// Uploads under a temporary name, then renames: whoever collects files from the folder never
// takes a half-written one. A fingerprint, when given, must match the server's host key.
export async function uploadToSftp(
  settings: SftpSettings,
  secrets: DestinationSecrets,
  file: ExportFile,
): Promise<void> {
  // No-op global listeners: the library's defaults print every connection's end to stdout; errors
  // reach the awaited calls below anyway.
  const quiet = () => undefined;
  const client = new SftpClient('attest-scheduler', { error: quiet, end: quiet, close: quiet });
  const expected = settings.host_fingerprint;
  await client.connect({
    host: settings.host,
    port: settings.port,
    username: settings.username,
    ...(secrets.private_key
      ? { privateKey: secrets.private_key, ...(secrets.passphrase && { passphrase: secrets.passphrase }) }
      : { password: secrets.password ?? '' }),
    readyTimeout: SFTP_TIMEOUT_MS,
    ...(expected && { hostVerifier: (key: Buffer) => sshFingerprint(key) === expected }),
  });
  try {
    const target = posix.join(settings.directory || '.', file.name);
    const partial = `${target}.part`;
    await client.put(await file.open(), partial);
    // A file of that name from an earlier run of the same minute is replaced.
    if (await client.exists(target)) await client.delete(target);
    await client.rename(partial, target);
  } finally {
    await client.end().catch(() => undefined);
  }
}
