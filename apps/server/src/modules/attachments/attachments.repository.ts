import type { Tx } from '../../platform/tenant-transaction.js';

const ATTACHMENT_COLUMNS = [
  'id',
  'uid',
  'workflow_id',
  'field_tag',
  'file_name',
  'content_type',
  'size_bytes',
  'sha256',
  'storage_key',
] as const;

export type NewAttachment = {
  tenantId: string;
  workflowId: string;
  fieldTag: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
  uploadedBy: string;
};

export const attachmentsRepository = {
  insert(tx: Tx, file: NewAttachment) {
    return tx
      .insertInto('attachments')
      .values({
        tenant_id: file.tenantId,
        workflow_id: file.workflowId,
        field_tag: file.fieldTag,
        file_name: file.fileName,
        content_type: file.contentType,
        size_bytes: file.size,
        sha256: file.sha256,
        storage_key: file.storageKey,
        uploaded_by: file.uploadedBy,
      })
      .returning(['id', 'uid'])
      .executeTakeFirstOrThrow();
  },

  findByUid(tx: Tx, uid: string) {
    return tx.selectFrom('attachments').select(ATTACHMENT_COLUMNS).where('uid', '=', uid).executeTakeFirst();
  },

  // Attachments of one field of one workflow among the given ids: an answer can only name files
  // uploaded to that very field.
  findForField(tx: Tx, workflowId: string, fieldTag: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return tx
      .selectFrom('attachments')
      .select(ATTACHMENT_COLUMNS)
      .where('workflow_id', '=', workflowId)
      .where('field_tag', '=', fieldTag)
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
  },

  // The definition a workflow runs on (whose fields say which answers hold files).
  async definitionIdOf(tx: Tx, workflowId: string): Promise<string> {
    const workflow = await tx
      .selectFrom('workflows')
      .select('definition_id')
      .where('id', '=', workflowId)
      .executeTakeFirstOrThrow();
    return workflow.definition_id;
  },

  async currentAnswer(tx: Tx, workflowId: string, fieldTag: string): Promise<unknown> {
    const row = await tx
      .selectFrom('workflow_responses')
      .select('value')
      .where('workflow_id', '=', workflowId)
      .where('field_tag', '=', fieldTag)
      .where('is_current', '=', true)
      .executeTakeFirst();
    return row?.value ?? null;
  },
};
