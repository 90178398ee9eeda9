import { sql } from 'kysely';
import type { OutboxAttachment } from '../../db/schema.js';
import type { Tx } from '../tenant-transaction.js';

// A file sent with an e-mail (a report's CSV); kept in the outbox row in base64.
export type EmailAttachment = { filename: string; contentType: string; content: Buffer };
export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: readonly EmailAttachment[];
};
export type OutboxStatus = 'queued' | 'sent' | 'failed' | 'kept';

// The outbox_emails table: every e-mail the product sends, in the tenant's transaction.
export const outboxRepository = {
  async insert(tx: Tx, tenantId: string, message: EmailMessage, status: OutboxStatus): Promise<string> {
    const row = await tx
      .insertInto('outbox_emails')
      .values({
        tenant_id: tenantId,
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        attachments: JSON.stringify(
          (message.attachments ?? []).map(
            (a): OutboxAttachment => ({
              filename: a.filename,
              content_type: a.contentType,
              content_base64: a.content.toString('base64'),
            }),
          ),
        ),
        status,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  // Only e-mail still waiting (or waiting for a retry) is delivered: a job that runs twice never
  // sends a message twice once it has been marked sent.
  findDeliverable(tx: Tx, id: string) {
    return tx
      .selectFrom('outbox_emails')
      .select(['id', 'to_address', 'subject', 'text_body', 'html_body', 'attachments'])
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'failed'])
      .executeTakeFirst();
  },

  async deliverableIds(tx: Tx, limit: number): Promise<string[]> {
    const rows = await tx
      .selectFrom('outbox_emails')
      .select('id')
      .where('status', 'in', ['queued', 'failed'])
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },

  // Sent and kept e-mail older than retentionDays; failed e-mail stays until someone looks at it.
  async deleteDelivered(tx: Tx, tenantId: string, retentionDays: number): Promise<void> {
    await tx
      .deleteFrom('outbox_emails')
      .where('tenant_id', '=', tenantId)
      .where('status', 'in', ['sent', 'kept'])
      .where('created_at', '<', sql<Date>`now() - make_interval(days => ${retentionDays})`)
      .execute();
  },

  // E-mail committed over a minute ago and never handed to the queue.
  async staleQueuedIds(tx: Tx, tenantId: string, limit: number): Promise<string[]> {
    const rows = await tx
      .selectFrom('outbox_emails')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'queued')
      .where('created_at', '<', sql<Date>`now() - interval '1 minute'`)
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },

  async markSent(tx: Tx, id: string): Promise<void> {
    await tx
      .updateTable('outbox_emails')
      .set({ status: 'sent', error: null, sent_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  },

  async markFailed(tx: Tx, id: string, error: string): Promise<void> {
    await tx
      .updateTable('outbox_emails')
      .set({ status: 'failed', error: error.slice(0, 2000) })
      .where('id', '=', id)
      .execute();
  },
};
