import { buffer } from 'node:stream/consumers';
import { SCHEDULED_EXPORT_EMAIL_MAX_BYTES, SCHEDULER_MESSAGES } from '@attest/shared';
import type { EmailMessage } from '../../../platform/mail/outbox.repository.js';
import { escapeHtml } from '../../mentions/index.js';
import type { ExportFile } from './export-file.js';

// The e-mail of a scheduled export: English, like the other e-mails of platform/mail; the file is
// attached, up to SCHEDULED_EXPORT_EMAIL_MAX_BYTES (a bigger one fails the run and says so).
export async function scheduledExportEmails(input: {
  brand: string;
  name: string;
  emails: readonly string[];
  rows: number | null;
  file: ExportFile;
}): Promise<EmailMessage[]> {
  const { file } = input;
  if (file.size > SCHEDULED_EXPORT_EMAIL_MAX_BYTES) throw new Error(SCHEDULER_MESSAGES.tooLargeForEmail);
  const content = await buffer(await file.open());
  if (content.length > SCHEDULED_EXPORT_EMAIL_MAX_BYTES) throw new Error(SCHEDULER_MESSAGES.tooLargeForEmail);
  const rows = input.rows === null ? '' : input.rows === 1 ? ' (1 row)' : ` (${input.rows} rows)`;
  const what = `Attached is the scheduled export "${input.name}"${rows}: ${file.name}.`;
  const why = `You receive this e-mail because an administrator of ${input.brand} scheduled this export to your address.`;
  return input.emails.map((to) => ({
    to,
    subject: `${input.name} — ${file.name}`,
    text: [what, '', why, '', input.brand].join('\n'),
    html: [
      `<p>${escapeHtml(what)}</p>`,
      `<p style="color:#555">${escapeHtml(why)}</p>`,
      `<p>${escapeHtml(input.brand)}</p>`,
    ].join('\n'),
    attachments: [{ filename: file.name, contentType: file.contentType, content }],
  }));
}

// "Send a test e-mail": what the addresses will receive looks like this, without a file.
export function testEmails(input: { brand: string; emails: readonly string[] }): EmailMessage[] {
  const what = `This is a test e-mail from the scheduler of ${input.brand}: scheduled exports to this address will arrive like this, with the file attached.`;
  const why = 'An administrator is setting up a scheduled export to your address.';
  return input.emails.map((to) => ({
    to,
    subject: `${input.brand}: test of a scheduled export`,
    text: [what, '', why, '', input.brand].join('\n'),
    html: [
      `<p>${escapeHtml(what)}</p>`,
      `<p style="color:#555">${escapeHtml(why)}</p>`,
      `<p>${escapeHtml(input.brand)}</p>`,
    ].join('\n'),
  }));
}
