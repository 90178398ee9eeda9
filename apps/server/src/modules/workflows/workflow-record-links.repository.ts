import type { Insertable } from 'kysely';
import type { WorkflowRecordLinksTable } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { visibleRecordFilter } from './record-visibility.js';

export type RecordLink = { tenantId: string; workflowId: string; fieldTag: string; recordId: string | null };

// Plan §1.4: one row per answered data_object field, written in the answer's transaction, so a record
// a workflow names cannot be deleted (the foreign key restricts) and the record lists its workflows.
export const workflowRecordLinksRepository = {
  // The link of one answer: the record it names now, or none once the answer is cleared.
  async set(tx: Tx, link: RecordLink) {
    if (link.recordId === null) {
      await tx
        .deleteFrom('workflow_record_links')
        .where('workflow_id', '=', link.workflowId)
        .where('field_tag', '=', link.fieldTag)
        .execute();
      return;
    }
    await tx
      .insertInto('workflow_record_links')
      .values({
        tenant_id: link.tenantId,
        workflow_id: link.workflowId,
        field_tag: link.fieldTag,
        record_id: link.recordId,
      })
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'workflow_id', 'field_tag'])
          .doUpdateSet({ record_id: link.recordId as string }),
      )
      .execute();
  },

  // The links of workflows created already answered.
  async insertMany(tx: Tx, rows: Insertable<WorkflowRecordLinksTable>[]) {
    if (rows.length > 0) await tx.insertInto('workflow_record_links').values(rows).execute();
  },

  // The records one workflow's answers name, each with its title only when the user sees it.
  linkedRecords: (tx: Tx, userId: string, workflowId: string) =>
    tx
      .selectFrom('workflow_record_links as l')
      .innerJoin('records as r', (join) =>
        join.onRef('r.tenant_id', '=', 'l.tenant_id').onRef('r.id', '=', 'l.record_id'),
      )
      .innerJoin('object_types as t', (join) =>
        join.onRef('t.tenant_id', '=', 'r.tenant_id').onRef('t.id', '=', 'r.object_type_id'),
      )
      .select((eb) => ['l.field_tag', 'r.id', 'r.title', visibleRecordFilter(userId)(eb).as('visible')])
      .where('l.workflow_id', '=', workflowId)
      .execute(),
};
