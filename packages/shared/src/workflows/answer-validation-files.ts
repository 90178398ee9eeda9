import { isRecord } from '../validators/unknown-values.js';
import { type AnswerError, type AnswerResult, answerError, failAnswer, passAnswer } from './answer-errors.js';
import type { AnswerField } from './field-schema.js';

// Without a limit in the definition, a field takes files up to 25 MB and ten of them at most.
export const DEFAULT_MAX_FILE_SIZE_BYTES = 25 * 1024 * 1024;
export const DEFAULT_MAX_FILES = 10;
export const FILE_NAME_MAX_LENGTH = 255;

// What the browser knows before uploading; the size and type are checked again by the server on
// the bytes it receives, never trusted from this metadata alone.
export type FileMetadata = { name: string; size: number; content_type: string };
// A stored answer names the attachment the upload created: its id, and its uid for downloads (spec 1
// §7 'GET attachment download with uid query').
export type FileAnswer = FileMetadata & { id: number; uid?: string };
const UID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function matchesType(file: FileMetadata, allowed: string): boolean {
  if (allowed.startsWith('.')) return file.name.toLowerCase().endsWith(allowed);
  const contentType = file.content_type.toLowerCase();
  if (allowed.endsWith('/*')) return contentType.startsWith(allowed.slice(0, -1));
  return contentType === allowed;
}

// For the web app before an upload, and for the server when the upload arrives.
export function checkFile(field: AnswerField, file: FileMetadata): AnswerError[] {
  const errors: AnswerError[] = [];
  const max = field.validation?.max_size_bytes ?? DEFAULT_MAX_FILE_SIZE_BYTES;
  if (file.size > max) {
    errors.push(
      answerError('file_too_large', { name: file.name, max_mb: Math.round((max / 1024 / 1024) * 10) / 10 }),
    );
  }
  const allowed = field.validation?.allowed_types;
  if (allowed && !allowed.some((type) => matchesType(file, type))) {
    errors.push(answerError('file_type_not_allowed', { name: file.name, allowed: allowed.join(', ') }));
  }
  return errors;
}

function readFile(value: unknown): FileAnswer | undefined {
  if (!isRecord(value)) return undefined;
  const { id, uid, name, size, content_type } = value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return undefined;
  if (typeof name !== 'string' || name.trim().length === 0 || name.length > FILE_NAME_MAX_LENGTH)
    return undefined;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) return undefined;
  if (typeof content_type !== 'string' || content_type.length > 200) return undefined;
  if (uid !== undefined && (typeof uid !== 'string' || !UID_PATTERN.test(uid))) return undefined;
  return {
    id,
    ...(uid !== undefined && { uid }),
    name: name.trim(),
    size,
    content_type: content_type.toLowerCase(),
  };
}

export function validateFile(field: AnswerField, value: unknown): AnswerResult {
  const file = readFile(value);
  if (!file) return failAnswer('invalid_file');
  const errors = checkFile(field, file);
  return errors.length > 0 ? { ok: false, errors } : passAnswer(file);
}

export function validateFiles(field: AnswerField, value: unknown): AnswerResult {
  if (!Array.isArray(value)) return failAnswer('invalid_type', { expected: 'a list of files' });
  const max = field.validation?.max_files ?? DEFAULT_MAX_FILES;
  if (value.length > max) return failAnswer('too_many_files', { max });
  const files: FileAnswer[] = [];
  const errors: AnswerError[] = [];
  for (const item of value) {
    const file = readFile(item);
    if (!file) {
      errors.push(answerError('invalid_file'));
      continue;
    }
    errors.push(...checkFile(field, file));
    files.push(file);
  }
  return errors.length > 0 ? { ok: false, errors } : passAnswer(files);
}
