import { reportFileSlug } from '@attest/shared';
import type { EmailAttachment, EmailMessage } from '../../platform/mail/outbox.repository.js';
import { escapeHtml } from '../mentions/index.js';

// The e-mail of a report subscription (spec 2 §9.4): English, like the other e-mails of
// platform/mail. The report is the attached CSV; the body only says what it is and links to it.

export function reportSubscriptionEmail(input: {
  brand: string;
  recipient: { email: string; first_name: string };
  report: { name: string; url: string };
  // The run's day in the subscription's time zone, YYYY-MM-DD.
  day: string;
  rowCount: number;
  // The subscription's own subject and message; empty: the report's name, no message.
  subject: string;
  message: string;
  owner: string | null;
  csv: Buffer;
}): EmailMessage {
  const { brand, recipient, report, day } = input;
  const subject = `${input.subject || report.name} — ${day}`;
  const hello = recipient.first_name ? `Hello ${recipient.first_name},` : 'Hello,';
  const rows = input.rowCount === 1 ? '1 row' : `${input.rowCount} rows`;
  const what = `Attached is the report "${report.name}" as of ${day} (${rows}), with the data you may see.`;
  const why = input.owner
    ? `You receive this e-mail because ${input.owner} subscribed you to this report.`
    : 'You receive this e-mail because you are subscribed to this report.';
  const attachment: EmailAttachment = {
    filename: `${reportFileSlug(report.name)}-${day}.csv`,
    contentType: 'text/csv; charset=utf-8',
    content: input.csv,
  };

  const text = [
    hello,
    '',
    ...(input.message ? [input.message, ''] : []),
    what,
    `Open the report: ${report.url}`,
    '',
    why,
    '',
    brand,
  ].join('\n');

  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    ...(input.message
      ? [`<p style="white-space:pre-line">${escapeHtml(input.message).replace(/\r?\n/g, '<br>')}</p>`]
      : []),
    `<p>${escapeHtml(what)}</p>`,
    `<p><a href="${escapeHtml(report.url)}">Open the report</a></p>`,
    `<p style="color:#555">${escapeHtml(why)}</p>`,
    `<p>${escapeHtml(brand)}</p>`,
  ].join('\n');

  return { to: recipient.email, subject, text, html, attachments: [attachment] };
}
