import { FILE_NAME_MAX_LENGTH } from './answer-validation-files.js';
import { DOWNLOAD_MESSAGES } from './api.js';
import { MULTI_FILE_FIELD_TYPES, SINGLE_FILE_FIELD_TYPES } from './field-types.js';

// File uploads (issue 4): the body is the file's bytes with its Content-Type, streamed; the file's
// name travels URI-encoded in this header, since a header carries ASCII only.
export const UPLOAD_FILE_NAME_HEADER = 'x-file-name';

export const FILE_FIELD_TYPES = [...SINGLE_FILE_FIELD_TYPES, ...MULTI_FILE_FIELD_TYPES] as const;

// Refusals of an upload beyond the field's own rules (answer-edits.ts, checkFile): `code` is the
// key, `detail` the sentence; the web app translates by code.
export const ATTACHMENT_MESSAGES = {
  not_file_field: 'This field does not take files.',
  file_name_missing: 'The file has no name.',
  file_name_too_long: `The file name is longer than ${FILE_NAME_MAX_LENGTH} characters.`,
  file_empty: 'The file is empty.',
  file_content_mismatch: 'The content of the file does not match its type.',
} as const;
export type AttachmentMessageCode = keyof typeof ATTACHMENT_MESSAGES;

// Spec 1 §8 Download: the codes of the refusals, by their user message.
export const DOWNLOAD_ERROR_CODES = {
  noAccess: 'download_no_access',
  noData: 'download_no_data',
  uidMissing: 'download_uid_missing',
} as const;

// The catalogue's message form 'status, cause, user message': a known refusal shows its message,
// anything else the unknown-error message with its hint.
export type DownloadFailure = { status: number | null; cause: string; message: string; hint: string | null };

export function downloadFailure(status: number | null, body: unknown): DownloadFailure {
  const code = typeof body === 'object' && body !== null && 'code' in body ? String(body.code) : '';
  const known = (Object.entries(DOWNLOAD_ERROR_CODES) as [keyof typeof DOWNLOAD_ERROR_CODES, string][]).find(
    ([, value]) => value === code,
  );
  if (known) return { status, cause: code, message: DOWNLOAD_MESSAGES[known[0]], hint: null };
  return {
    status,
    cause: code || 'unknown',
    message: DOWNLOAD_MESSAGES.unknown,
    hint: DOWNLOAD_MESSAGES.unknownHint,
  };
}
