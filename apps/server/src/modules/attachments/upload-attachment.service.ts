import type { Readable } from 'node:stream';
import {
  ATTACHMENT_MESSAGES,
  type AttachmentMessageCode,
  checkFile,
  DEFAULT_MAX_FILE_SIZE_BYTES,
  editAnswer,
  FILE_FIELD_TYPES,
  FILE_NAME_MAX_LENGTH,
  type FieldDefinition,
  flattenSteps,
  isOneOf,
  MAX_FILE_SIZE_BYTES,
  type UploadedFile,
} from '@attest/shared';
import { DetailedBadRequestError } from '../../platform/errors.js';
import { type FileStore, FileTooLargeError } from '../../platform/files/file-store.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import {
  answerRefusal,
  answersRepository,
  loadChangeableWorkflow,
  workflowRefusal,
} from '../workflows/index.js';
import { attachmentsRepository } from './attachments.repository.js';
import { contentMatchesType } from './content-sniffing.js';

export type UploadInput = {
  workflowId: number;
  fieldTag: string;
  fileName: string;
  contentType: string;
  // Content-Length when the client sent one: a file too large is refused before a byte is read.
  declaredSize: number | null;
  body: Readable;
};

// Control characters, and the bidirectional overrides that make 'invoice<U+202E>fdp.exe' read as
// 'invoiceexe.pdf', become underscores: a file name is shown to people and must read as it is.
function isUnsafeNameCharacter(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

export function cleanFileName(name: string): string {
  let clean = '';
  for (const character of name) clean += isUnsafeNameCharacter(character.charCodeAt(0)) ? '_' : character;
  return clean.trim();
}

function attachmentRefusal(code: AttachmentMessageCode) {
  return new DetailedBadRequestError(code, ATTACHMENT_MESSAGES[code], {});
}

function fileRefusal(field: FieldDefinition, file: { name: string; size: number; content_type: string }) {
  const errors = checkFile(field, file);
  return errors.length > 0 ? answerRefusal('invalid_answer', [{ field_tag: field.tag, errors }]) : undefined;
}

// The field a file may be uploaded to now: the same rules as saving its answer (editAnswer: a visible
// field of an open step; a changeable, unarchived workflow; an unlocked step), and a file type.
async function uploadTarget(tx: Tx, ctx: UserContext, workflowId: number, fieldTag: string) {
  const loaded = await loadChangeableWorkflow(tx, ctx, workflowId);
  const step = flattenSteps(loaded.definition).find((s) => s.fields.some((f) => f.tag === fieldTag));
  const field = step?.fields.find((f) => f.tag === fieldTag);
  if (!step || !field) throw answerRefusal('unknown_field', []);
  if (!isOneOf(field.type, FILE_FIELD_TYPES)) throw attachmentRefusal('not_file_field');
  if (await answersRepository.isStepLocked(tx, loaded.row.id, step.tag)) throw workflowRefusal('step_locked');
  const edit = editAnswer(loaded.definition, loaded.state, fieldTag, null);
  if (!edit.ok) throw answerRefusal(edit.code, []);
  return { workflowId: loaded.row.id, field };
}

// Spec 2 §3.1 file fields: the bytes are streamed to the file store, counted and hashed on the way,
// and refused as soon as they pass the field's limit (never above MAX_FILE_SIZE_BYTES). The upload
// does not answer the field: the browser saves the answer with the file this returns.
export async function uploadAttachment(
  ctx: UserContext,
  files: FileStore,
  input: UploadInput,
): Promise<UploadedFile> {
  const name = cleanFileName(input.fileName);
  if (name.length === 0) throw attachmentRefusal('file_name_missing');
  if (name.length > FILE_NAME_MAX_LENGTH) throw attachmentRefusal('file_name_too_long');
  const { field } = await withTenant(ctx.db, ctx.tenant.id, (tx) =>
    uploadTarget(tx, ctx, input.workflowId, input.fieldTag),
  );
  const metadata = { name, content_type: input.contentType };
  const early = fileRefusal(field, { ...metadata, size: input.declaredSize ?? 0 });
  if (early) throw early;
  const maxBytes = Math.min(
    field.validation?.max_size_bytes ?? DEFAULT_MAX_FILE_SIZE_BYTES,
    MAX_FILE_SIZE_BYTES,
  );

  let stored: Awaited<ReturnType<FileStore['put']>>;
  try {
    stored = await files.put(input.body, { namespace: `t${ctx.tenant.id}`, maxBytes });
  } catch (error) {
    if (error instanceof FileTooLargeError) throw fileRefusal(field, { ...metadata, size: maxBytes + 1 });
    throw error;
  }
  try {
    if (stored.size === 0) throw attachmentRefusal('file_empty');
    if (!contentMatchesType(input.contentType, stored.head)) throw attachmentRefusal('file_content_mismatch');
    const late = fileRefusal(field, { ...metadata, size: stored.size });
    if (late) throw late;
    // Checked again: the workflow may have been archived or the step submitted while the bytes came.
    const row = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
      const target = await uploadTarget(tx, ctx, input.workflowId, input.fieldTag);
      return attachmentsRepository.insert(tx, {
        tenantId: ctx.tenant.id,
        workflowId: target.workflowId,
        fieldTag: field.tag,
        fileName: name,
        contentType: input.contentType,
        size: stored.size,
        sha256: stored.sha256,
        storageKey: stored.storageKey,
        uploadedBy: ctx.auth.user.id,
      });
    });
    return { id: Number(row.id), uid: row.uid, name, size: stored.size, content_type: input.contentType };
  } catch (error) {
    await files.delete(stored.storageKey);
    throw error;
  }
}
