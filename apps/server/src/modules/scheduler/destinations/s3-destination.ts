import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { DestinationSecrets } from '../scheduler-secrets.js';
import type { ExportFile } from './export-file.js';

export type S3Settings = { endpoint: string; bucket: string; prefix: string; region: string };

export const s3KeyOf = (prefix: string, name: string) => {
  const folder = prefix.replace(/^\/+|\/+$/g, '');
  return folder ? `${folder}/${name}` : name;
};

// Amazon S3, or an S3-compatible server at `endpoint` addressed by path (forcePathStyle), since
// such servers seldom have a DNS name per bucket. Checksums only where the operation requires
// them: several S3-compatible servers refuse the SDK's default trailing checksums. The SDK does not
// retry (a stream cannot be sent twice); the runner retries the whole upload.
export function s3ClientFor(settings: S3Settings, secrets: DestinationSecrets): S3Client {
  return new S3Client({
    region: settings.region || 'us-east-1',
    ...(settings.endpoint && { endpoint: settings.endpoint, forcePathStyle: true }),
    credentials: {
      accessKeyId: secrets.access_key_id ?? '',
      secretAccessKey: secrets.secret_access_key ?? '',
    },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 1,
  });
}

export async function uploadToS3(
  settings: S3Settings,
  secrets: DestinationSecrets,
  file: ExportFile,
): Promise<void> {
  const client = s3ClientFor(settings, secrets);
  try {
    await client.send(
      new PutObjectCommand({
        Bucket: settings.bucket,
        Key: s3KeyOf(settings.prefix, file.name),
        Body: await file.open(),
        ContentLength: file.size,
        ContentType: file.contentType,
      }),
    );
  } finally {
    client.destroy();
  }
}
