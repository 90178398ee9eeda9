import type { EmailMessage } from '../../../platform/mail/outbox.repository.js';
import type { ScheduleRow } from '../scheduler.repository.js';
import type { DestinationSecrets } from '../scheduler-secrets.js';
import { scheduledExportEmails } from './email-destination.js';
import type { ExportFile } from './export-file.js';
import { type S3Settings, uploadToS3 } from './s3-destination.js';
import { type SftpSettings, uploadToSftp } from './sftp-destination.js';

// The destination kinds' senders, chosen by the schedule's kind.
export const deliver = {
  emailMessages(
    row: ScheduleRow,
    brand: string,
    made: { file: ExportFile; rows: number | null },
  ): Promise<EmailMessage[]> {
    const emails = (row.destination.emails as string[] | undefined) ?? [];
    return scheduledExportEmails({ brand, name: row.name, emails, rows: made.rows, file: made.file });
  },

  upload(row: ScheduleRow, secrets: DestinationSecrets, file: ExportFile): Promise<void> {
    if (row.destination_kind === 'sftp') return uploadToSftp(row.destination as SftpSettings, secrets, file);
    if (row.destination_kind === 's3') return uploadToS3(row.destination as S3Settings, secrets, file);
    throw new Error(`No uploader for ${row.destination_kind}`);
  },
};
