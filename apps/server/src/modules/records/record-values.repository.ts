import { answerSearchColumns, type ObjectTypeDefinition } from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import { answerField } from './record-answers.js';

// The typed projection list filters and sorts read (plan §1.2), filled by answerSearchColumns, the
// function that fills workflow_responses: a record filter and a workflow filter compare the same
// values. Rewritten whole on every change of the record's values.
export const recordValuesRepository = {
  replace: async (
    tx: Tx,
    scope: { tenantId: string; objectTypeId: string; recordId: string },
    definition: ObjectTypeDefinition,
    data: Record<string, unknown>,
  ) => {
    await tx.deleteFrom('record_values').where('record_id', '=', scope.recordId).execute();
    const rows = recordValueRows(scope, definition, data);
    if (rows.length > 0) await tx.insertInto('record_values').values(rows).execute();
  },
};

// A record's record_values rows (a batch import inserts many records' at once).
export function recordValueRows(
  scope: { tenantId: string; objectTypeId: string; recordId: string },
  definition: ObjectTypeDefinition,
  data: Record<string, unknown>,
) {
  return definition.fields.flatMap((field) => {
    if (!(field.tag in data)) return [];
    const columns = answerSearchColumns(answerField(field), data[field.tag]);
    if (columns.text === null && columns.number === null && columns.date === null) return [];
    return [
      {
        tenant_id: scope.tenantId,
        object_type_id: scope.objectTypeId,
        record_id: scope.recordId,
        field_tag: field.tag,
        text_value: columns.text,
        number_value: columns.number,
        date_value: columns.date,
      },
    ];
  });
}
