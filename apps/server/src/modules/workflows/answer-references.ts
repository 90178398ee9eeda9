import { type AnswerError, answerError, type FieldDefinition } from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import { referencesRepository } from './references.repository.js';

// validateAnswer checks that a reference is an id; whether the record exists in the tenant (and, for
// a workflow or a data_object record, whether the user may see it; for a record, whether it is a live
// one of the field's object type) is checked here, with the same invalid_id error.
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
      found = (await referencesRepository.regionIds(tx, ids)).length;
      break;
    case 'business_unit':
      found = (await referencesRepository.businessUnitIds(tx, ids)).length;
      break;
    case 'owner':
      found = (await referencesRepository.activeUserIds(tx, ids)).length;
      break;
    case 'user_workflow':
    case 'child_workflow':
      found = (await referencesRepository.visibleWorkflowIds(tx, userId, ids)).length;
      break;
    case 'data_object':
      // A field stored before issue 18 names no object type: no record can be its answer.
      if (field.object_type_tag === undefined) return [answerError('invalid_id')];
      found = (await referencesRepository.visibleRecordIds(tx, userId, ids, field.object_type_tag)).length;
      break;
    default:
      return [];
  }
  return found === new Set(ids).size ? [] : [answerError('invalid_id')];
}
