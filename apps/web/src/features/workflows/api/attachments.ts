import {
  type AnswerError,
  AttachmentDownloadSchema,
  HttpError,
  httpErrorFromBody,
  UPLOAD_FILE_NAME_HEADER,
  type UploadedFile,
  UploadedFileSchema,
  WORKFLOW_PATHS,
  WorkflowErrorSchema,
} from '@attest/shared';
import { apiUrl } from '../../../lib/api/api-url';
import { http, parseJson } from '../../../lib/api/http-client';
import { buildHeaders } from '../../../lib/api/request-headers';

// An upload the server refused, with the field's answer errors when the file broke its rules.
export class UploadRefusedError extends HttpError {
  constructor(
    status: number,
    message: string,
    readonly problems: readonly AnswerError[],
    code?: string,
  ) {
    super(status, message, { code });
  }
}

async function refusal(response: Response): Promise<HttpError> {
  const text = await response.text().catch(() => '');
  const error = httpErrorFromBody(response.status, response.statusText, text);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return error;
  }
  const parsed = WorkflowErrorSchema.safeParse(body);
  const problems = parsed.success ? (parsed.data.problems ?? []).flatMap((problem) => problem.errors) : [];
  return new UploadRefusedError(response.status, error.message, problems, error.code);
}

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
  headers.set(UPLOAD_FILE_NAME_HEADER, encodeURIComponent(file.name));
  const response = await fetch(apiUrl(WORKFLOW_PATHS.upload(workflowId, fieldTag)), {
    method: 'POST',
    credentials: 'include',
    headers,
    body: file,
    signal,
  });
  if (!response.ok) throw await refusal(response);
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
