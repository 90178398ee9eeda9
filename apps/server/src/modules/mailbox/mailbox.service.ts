import type { PageQuery } from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { mailboxRepository } from './mailbox.repository.js';

type Row = NonNullable<Awaited<ReturnType<typeof mailboxRepository.find>>>;

function toMessage(row: Row) {
  return {
    id: Number(row.id),
    to_address: row.to_address,
    subject: row.subject,
    text_body: row.text_body,
    html_body: row.html_body,
    status: row.status,
    created_at: row.created_at.toISOString(),
    attachments: row.attachments,
  };
}

// Access (can_access_admin_settings) is checked by the route; row-level security keeps each tenant
// to its own e-mail.
export function listMailbox(ctx: UserContext, page: PageQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const [rows, count] = await Promise.all([mailboxRepository.list(tx, page), mailboxRepository.count(tx)]);
    return { results: rows.map(toMessage), count };
  });
}

export async function mailboxMessage(ctx: UserContext, id: number) {
  const row = await withTenant(ctx.db, ctx.tenant.id, (tx) => mailboxRepository.find(tx, String(id)));
  if (!row) throw new NotFoundError();
  return toMessage(row);
}

export async function mailboxAttachment(ctx: UserContext, id: number, index: number) {
  const attachment = await withTenant(ctx.db, ctx.tenant.id, (tx) =>
    mailboxRepository.attachment(tx, String(id), index),
  );
  if (!attachment) throw new NotFoundError();
  return {
    filename: attachment.filename,
    contentType: attachment.content_type,
    content: Buffer.from(attachment.content_base64, 'base64'),
  };
}
