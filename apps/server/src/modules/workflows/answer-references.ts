import { type AnswerError, answerError, type FieldDefinition } from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import { visibleWorkflowsFilter } from './workflow-access.js';

// validateAnswer checks that a reference is an id; whether the record exists in the tenant (and, for
// a workflow, whether the user may see it) is checked here, with the same invalid_id error.
export async function answerReferenceErrors(
  tx: Tx,
  userId: string,
  field: FieldDefinition,
  value: unknown,
): Promise<AnswerError[]> {
  if (value === null || value === undefined) return [];
  const ids = (Array.isArray(value) ? value : [value]).map(String);
  if (ids.length === 0) return [];
  let found: number;
  switch (field.type) {
    case 'region':
      found = (await tx.selectFrom('regions').select('id').where('id', 'in', ids).execute()).length;
      break;
    case 'business_unit':
      found = (await tx.selectFrom('business_units').select('id').where('id', 'in', ids).execute()).length;
      break;
    case 'owner':
      found = (
        await tx
          .selectFrom('users')
          .select('id')
          .where('id', 'in', ids)
          .where('is_active', '=', true)
          .execute()
      ).length;
      break;
    case 'user_workflow':
    case 'child_workflow':
      found = (
        await tx
          .selectFrom('workflows as w')
          .select('w.id')
          .where('w.id', 'in', ids)
          .where(visibleWorkflowsFilter(userId))
          .execute()
      ).length;
      break;
    default:
      return [];
  }
  return found === new Set(ids).size ? [] : [answerError('invalid_id')];
}
