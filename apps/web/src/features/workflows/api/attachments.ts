import {
  AttachmentDownloadSchema,
  type UploadedFile,
  UploadedFileSchema,
  WORKFLOW_PATHS,
} from '@attest/shared';
import { apiUrl } from '../../../lib/api/api-url';
import { http, parseJson } from '../../../lib/api/http-client';
import { buildHeaders } from '../../../lib/api/request-headers';

// The server streams the raw body (no multipart): the file's own Content-Type, and its name in a
// header, URI-encoded since header values are ASCII.
export async function uploadAttachment(
  workflowId: number,
  fieldTag: string,
  file: File,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  const headers = buildHeaders('POST', false);
  headers.set('Content-Type', file.type || 'application/octet-stream');
  headers.set('X-File-Name', encodeURIComponent(file.name));
  const response = await fetch(apiUrl(WORKFLOW_PATHS.upload(workflowId, fieldTag)), {
    method: 'POST',
    credentials: 'include',
    headers,
    body: file,
    signal,
  });
  return parseJson(response, UploadedFileSchema);
}

// Spec 1 §7: the download call answers attachment_url, the address of the file itself.
export async function attachmentUrl(workflowId: number, fieldTag: string, uid?: string): Promise<string> {
  const { attachment_url } = await http.get(WORKFLOW_PATHS.attachmentDownload, AttachmentDownloadSchema, {
    query: { workflow_id: workflowId, field_tag: fieldTag, uid },
    // The field shows the catalogue's message itself, rather than the app-wide reactions.
    handledStatuses: [400, 403, 404],
  });
  return attachment_url;
}
