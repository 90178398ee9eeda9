import type { Readable } from 'node:stream';
import {
  DOWNLOAD_ERROR_CODES,
  DOWNLOAD_MESSAGES,
  flattenSteps,
  isOneOf,
  MULTI_FILE_FIELD_TYPES,
  SINGLE_FILE_FIELD_TYPES,
  WORKFLOW_PATHS,
} from '@attest/shared';
import { DetailedBadRequestError, NotFoundError } from '../../platform/errors.js';
import { FileNotFoundError, type FileStore } from '../../platform/files/file-store.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { loadDefinition, workflowAccess } from '../workflows/index.js';
import { attachmentsRepository } from './attachments.repository.js';

const UID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Spec 1 §8 Download, each refusal with its status and message.
const noAccess = () => new NotFoundError(DOWNLOAD_MESSAGES.noAccess, DOWNLOAD_ERROR_CODES.noAccess);
const noData = () => new NotFoundError(DOWNLOAD_MESSAGES.noData, DOWNLOAD_ERROR_CODES.noData);
const notAFileField = () =>
  new DetailedBadRequestError(DOWNLOAD_ERROR_CODES.noData, DOWNLOAD_MESSAGES.noData, {});
const uidMissing = () =>
  new DetailedBadRequestError(DOWNLOAD_ERROR_CODES.uidMissing, DOWNLOAD_MESSAGES.uidMissing, {});

// The attachment ids a file answer names (one file, or a list for multi-file fields).
function answeredIds(value: unknown): string[] {
  const files = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return files.flatMap((file: unknown) =>
    typeof file === 'object' && file !== null && 'id' in file && typeof file.id === 'number'
      ? [String(file.id)]
      : [],
  );
}

export type DownloadQuery = { workflow_id: number; field_tag: string; uid?: string | undefined };

// Spec 1 §7 'GET attachment download with uid query': the address of a file the field's current
// answer holds, for someone who may see the workflow.
export function attachmentDownloadUrl(ctx: UserContext, query: DownloadQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const workflowId = String(query.workflow_id);
    if (!(await workflowAccess(tx, ctx.auth.user.id, workflowId))) throw noAccess();
    const definitionId = await attachmentsRepository.definitionIdOf(tx, workflowId);
    const definition = await loadDefinition(tx, ctx.tenant.id, definitionId);
    const field = flattenSteps(definition)
      .flatMap((step) => step.fields)
      .find((f) => f.tag === query.field_tag);
    if (!field) throw noAccess();
    const multi = isOneOf(field.type, MULTI_FILE_FIELD_TYPES);
    if (!multi && !isOneOf(field.type, SINGLE_FILE_FIELD_TYPES)) throw notAFileField();
    const ids = answeredIds(await attachmentsRepository.currentAnswer(tx, workflowId, field.tag));
    if (ids.length === 0) throw noData();
    const uid = query.uid?.trim() || undefined;
    if (multi && !uid) throw uidMissing();
    const files = await attachmentsRepository.findForField(tx, workflowId, field.tag, ids);
    const file = uid ? files.find((f) => f.uid === uid.toLowerCase()) : files[0];
    if (!file) throw noData();
    return { attachment_url: WORKFLOW_PATHS.attachmentFile(file.uid) };
  });
}

export type OpenedAttachment = {
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  // Null for HEAD: the headers only.
  stream: Readable | null;
};

// The bytes of one attachment, for someone who may see its workflow. Any other uid, of another tenant
// or of a workflow the user may not see, gets the same 404, so uids cannot be probed.
export async function openAttachment(
  ctx: UserContext,
  files: FileStore,
  uid: string,
  options: { headOnly: boolean },
): Promise<OpenedAttachment> {
  if (!UID_PATTERN.test(uid)) throw noAccess();
  const file = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const found = await attachmentsRepository.findByUid(tx, uid.toLowerCase());
    if (!found || !(await workflowAccess(tx, ctx.auth.user.id, found.workflow_id))) return undefined;
    return found;
  });
  if (!file) throw noAccess();
  let stream: Readable | null = null;
  if (!options.headOnly) {
    try {
      stream = await files.open(file.storage_key);
    } catch (error) {
      if (error instanceof FileNotFoundError) throw noData();
      throw error;
    }
  }
  return {
    fileName: file.file_name,
    contentType: file.content_type,
    size: Number(file.size_bytes),
    sha256: file.sha256,
    stream,
  };
}
