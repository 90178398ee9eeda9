import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

const COLUMNS = ['id', 'to_address', 'subject', 'text_body', 'html_body', 'status', 'created_at'] as const;
// What the mailbox shows of the attachments: names, types and sizes, not their content.
const ATTACHMENT_LIST = sql<{ filename: string; content_type: string; size: number }[]>`coalesce((
  select jsonb_agg(jsonb_build_object(
    'filename', a->>'filename',
    'content_type', a->>'content_type',
    'size', octet_length(decode(a->>'content_base64', 'base64'))
  ) order by n)
  from jsonb_array_elements(attachments) with ordinality as e(a, n)
), '[]'::jsonb)`.as('attachments');

// The tenant's outbox as the development mailbox shows it: newest first.
export const mailboxRepository = {
  list(tx: Tx, page: { limit: number; offset: number }) {
    return tx
      .selectFrom('outbox_emails')
      .select(COLUMNS)
      .select(ATTACHMENT_LIST)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  },

  async count(tx: Tx): Promise<number> {
    const row = await tx
      .selectFrom('outbox_emails')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  find(tx: Tx, id: string) {
    return tx
      .selectFrom('outbox_emails')
      .select(COLUMNS)
      .select(ATTACHMENT_LIST)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  // One attachment with its content; undefined when the e-mail or the attachment is not there.
  async attachment(tx: Tx, id: string, index: number) {
    const row = await tx
      .selectFrom('outbox_emails')
      .select('attachments')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.attachments[index];
  },
};
