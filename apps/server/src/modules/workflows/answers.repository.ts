import { answerSearchColumns, type FieldDefinition } from '@attest/shared';
import type { Insertable } from 'kysely';
import type { WorkflowResponsesTable } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';

export const answersRepository = {
  // A new current version of one answer; the previous one stays on record, no longer current.
  async saveVersion(
    tx: Tx,
    input: {
      tenantId: string;
      workflowId: string;
      field: FieldDefinition;
      stepTag: string;
      value: unknown;
      answeredBy: string | null;
      at: Date;
    },
  ) {
    const latest = await tx
      .selectFrom('workflow_responses')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('workflow_id', '=', input.workflowId)
      .where('field_tag', '=', input.field.tag)
      .executeTakeFirst();
    await tx
      .updateTable('workflow_responses')
      .set({ is_current: false })
      .where('workflow_id', '=', input.workflowId)
      .where('field_tag', '=', input.field.tag)
      .where('is_current', '=', true)
      .execute();
    const columns = answerSearchColumns(input.field, input.value);
    await tx
      .insertInto('workflow_responses')
      .values({
        tenant_id: input.tenantId,
        workflow_id: input.workflowId,
        field_tag: input.field.tag,
        step_tag: input.stepTag,
        version: (latest?.version ?? 0) + 1,
        value: input.value === null ? null : JSON.stringify(input.value),
        text_value: columns.text,
        number_value: columns.number,
        date_value: columns.date,
        answered_by: input.answeredBy,
        answered_at: input.at,
      })
      .execute();
  },

  // First versions, written as such (a workflow created already answered).
  async insertMany(tx: Tx, rows: Insertable<WorkflowResponsesTable>[]) {
    await tx.insertInto('workflow_responses').values(rows).execute();
  },

  // Every current answer of one workflow; a cleared answer's value is null.
  allCurrent: (tx: Tx, workflowId: string) =>
    tx
      .selectFrom('workflow_responses')
      .select(['field_tag', 'value'])
      .where('workflow_id', '=', workflowId)
      .where('is_current', '=', true)
      .execute(),

  current: (tx: Tx, workflowId: string, fieldTag: string) =>
    tx
      .selectFrom('workflow_responses')
      .select('value')
      .where('workflow_id', '=', workflowId)
      .where('field_tag', '=', fieldTag)
      .where('is_current', '=', true)
      .executeTakeFirst(),

  isStepLocked: async (tx: Tx, workflowId: string, stepTag: string) =>
    (
      await tx
        .selectFrom('workflow_steps')
        .select('is_locked')
        .where('workflow_id', '=', workflowId)
        .where('step_tag', '=', stepTag)
        .executeTakeFirst()
    )?.is_locked ?? false,
};
