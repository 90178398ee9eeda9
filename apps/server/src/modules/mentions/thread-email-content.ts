import { MENTION_TOKEN_PATTERN, THREAD_EMAIL_MAX_ITEMS } from '@attest/shared';
import type { EmailMessage } from '../../platform/mail/outbox.repository.js';

// The comment e-mail (spec 1 §4 "Subscriptions to threads"): English, like the other e-mails of
// platform/mail. Bodies are plain text; in html every character of them is escaped.

// One comment as the e-mail lists it.
export type DigestEntry = {
  reason: 'subscribed' | 'mentioned';
  body: string;
  created_at: Date;
  workflow_name: string;
  // Workflow / step / field, as people read them.
  where: string;
  url: string;
  author: string;
};

// A body's mention tokens as readers see them: @[Ann Lee](user:4) -> @Ann Lee.
export function renderMentions(body: string): string {
  return body.replace(MENTION_TOKEN_PATTERN, (_token, name: string) => `@${name}`);
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// The body as html: everything escaped, mentions in bold, line breaks kept.
function bodyHtml(body: string): string {
  let html = '';
  let last = 0;
  for (const match of body.matchAll(MENTION_TOKEN_PATTERN)) {
    html += escapeHtml(body.slice(last, match.index));
    html += `<strong>@${escapeHtml(match[1] ?? '')}</strong>`;
    last = (match.index ?? 0) + match[0].length;
  }
  html += escapeHtml(body.slice(last));
  return html.replace(/\r?\n/g, '<br>');
}

function listNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length === 2) return `${names[0]} and ${names[1]}`;
  if (names.length === 3) return `${names[0]}, ${names[1]} and ${names[2]}`;
  return `${names[0]}, ${names[1]} and ${names.length - 2} other workflows`;
}

const when = (at: Date) => `${at.toISOString().replace('T', ' ').slice(0, 16)} UTC`;

export function threadDigestEmail(input: {
  brand: string;
  recipient: { email: string; first_name: string };
  entries: DigestEntry[];
  subscriptionsUrl: string;
}): EmailMessage {
  const { brand, recipient, entries } = input;
  const workflows = [...new Set(entries.map((e) => e.workflow_name))];
  const shown = entries.slice(0, THREAD_EMAIL_MAX_ITEMS);
  const more = entries.length - shown.length;
  const noun = entries.length === 1 ? 'A new comment' : `${entries.length} new comments`;
  const mentioned = entries.some((e) => e.reason === 'mentioned');
  const subscribed = entries.some((e) => e.reason === 'subscribed');
  const why = [subscribed && 'you are subscribed to these conversations', mentioned && 'you were mentioned']
    .filter(Boolean)
    .join(' and ');
  const reasonLine = `You receive this e-mail because ${why}.`;
  const unsubscribeLine = `To stop e-mails about a conversation, unsubscribe from it on My subscriptions: ${input.subscriptionsUrl}`;
  const subject = `${brand}: ${entries.length === 1 ? 'New comment' : 'New comments'} on ${listNames(workflows)}`;

  const text = [
    recipient.first_name ? `Hello ${recipient.first_name},` : 'Hello,',
    '',
    `${noun} on ${listNames(workflows)}:`,
    '',
    ...shown.flatMap((e) => [
      `${e.author} on ${e.where}, ${when(e.created_at)}${e.reason === 'mentioned' ? ' (mentions you)' : ''}:`,
      ...renderMentions(e.body)
        .split(/\r?\n/)
        .map((line) => `  ${line}`),
      `Open the conversation: ${e.url}`,
      '',
    ]),
    ...(more > 0 ? [`... and ${more} more.`, ''] : []),
    reasonLine,
    unsubscribeLine,
    '',
    brand,
  ].join('\n');

  const html = [
    `<p>${escapeHtml(recipient.first_name ? `Hello ${recipient.first_name},` : 'Hello,')}</p>`,
    `<p>${escapeHtml(`${noun} on ${listNames(workflows)}:`)}</p>`,
    ...shown.map(
      (e) =>
        `<div style="margin:0 0 16px 0"><p style="margin:0;color:#555">${escapeHtml(
          `${e.author} on ${e.where}, ${when(e.created_at)}${e.reason === 'mentioned' ? ' (mentions you)' : ''}`,
        )}</p><blockquote style="margin:4px 0 4px 0;padding-left:8px;border-left:3px solid #ccc">${bodyHtml(
          e.body,
        )}</blockquote><a href="${escapeHtml(e.url)}">Open the conversation</a></div>`,
    ),
    ...(more > 0 ? [`<p>${escapeHtml(`... and ${more} more.`)}</p>`] : []),
    `<p style="color:#555">${escapeHtml(reasonLine)} To stop e-mails about a conversation, unsubscribe from it on <a href="${escapeHtml(
      input.subscriptionsUrl,
    )}">My subscriptions</a>.</p>`,
    `<p>${escapeHtml(brand)}</p>`,
  ].join('\n');

  return { to: recipient.email, subject, text, html };
}
