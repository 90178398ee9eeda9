import {
  type AnswerError,
  answerError,
  FILE_FIELD_TYPES,
  type FieldDefinition,
  type FileAnswer,
  isOneOf,
} from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import { attachmentsRepository } from './attachments.repository.js';

// validateAnswer checks a file answer's shape; this checks that each file is one uploaded to this very
// field of this workflow, as the upload answered it (name, size, type, uid), so an answer can neither
// borrow another workflow's file nor dress a file up as something else. Same error as a bad shape.
export async function fileAnswerErrors(
  tx: Tx,
  workflowId: string,
  field: FieldDefinition,
  value: unknown,
): Promise<AnswerError[]> {
  if (!isOneOf(field.type, FILE_FIELD_TYPES) || value === null || value === undefined) return [];
  const files = (Array.isArray(value) ? value : [value]) as FileAnswer[];
  if (files.length === 0) return [];
  const stored = await attachmentsRepository.findForField(
    tx,
    workflowId,
    field.tag,
    files.map((f) => String(f.id)),
  );
  const byId = new Map(stored.map((row) => [Number(row.id), row]));
  const genuine = files.every((file) => {
    const row = byId.get(file.id);
    return (
      row !== undefined &&
      row.file_name === file.name &&
      Number(row.size_bytes) === file.size &&
      row.content_type === file.content_type &&
      (file.uid === undefined || file.uid === row.uid)
    );
  });
  return genuine ? [] : [answerError('invalid_file')];
}
