import type { Tx } from '../../platform/tenant-transaction.js';

const COLUMNS = ['id', 'to_address', 'subject', 'text_body', 'html_body', 'status', 'created_at'] as const;

// The tenant's outbox as the development mailbox shows it: newest first.
export const mailboxRepository = {
  list(tx: Tx, page: { limit: number; offset: number }) {
    return tx
      .selectFrom('outbox_emails')
      .select(COLUMNS)
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
    return tx.selectFrom('outbox_emails').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  },
};
