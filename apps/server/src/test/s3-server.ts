import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { freePort } from './free-port.js';

// An S3-compatible server for the scheduler's remote-storage tests: s3rver (no MinIO in Debian),
// which checks AWS signatures against its one key pair, on a free port with one bucket.
export const S3_ACCESS_KEY = 'S3RVER';
export const S3_SECRET_KEY = 'S3RVER';

export type S3Server = {
  endpoint: string;
  bucket: string;
  // An object's bytes as stored (s3rver keeps each under bucket/key with a suffix).
  read(key: string): Promise<Buffer>;
  stop(): Promise<void>;
};

export async function startS3Server(bucket = 'exports'): Promise<S3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'attest-s3-'));
  const port = await freePort();
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    read: (key) => readFile(join(directory, bucket, `${key}._S3rver_object`)),
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
