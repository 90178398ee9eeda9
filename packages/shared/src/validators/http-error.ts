import { ApiErrorSchema, ERROR_CODES } from '../errors.js';
import { httpStatusMessage } from './messages.js';
import { isRecord, nonBlankString } from './unknown-values.js';

// Spec 1 §8 and spec 2 §8: "A token-expired code TOKEN_EXPIRED_INVALID exists". The same value the
// server sends in an error body's `code`, taken from the one list of codes.
export const TOKEN_EXPIRED_INVALID = ERROR_CODES.tokenExpired;

export type FieldErrors = Record<string, string[]>;

export type HttpErrorOptions = {
  code?: string;
  fieldErrors?: FieldErrors;
  cause?: unknown;
};

// A failed HTTP answer: the status for branching (401, 403, 503 ...), the server's `code` for
// programs, the message for people, and the field errors a 400 carries for forms.
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly code?: string;
  readonly fieldErrors?: FieldErrors;

  constructor(status: number, message: string, options: HttpErrorOptions = {}) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined);
    this.status = status;
    this.code = options.code;
    this.fieldErrors = options.fieldErrors;
  }
}

// A body given as text (fetch's res.text()) is read as JSON; plain text or HTML is unreadable.
function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

// Our API answers {detail, code, errors?} (ApiErrorSchema). Only `detail` makes a body readable;
// `code` and `errors` are kept whenever well-formed, since a proxy or an older endpoint may send
// only part of the shape and a form still wants the field errors.
export function httpErrorFromBody(status: number, statusText: string, body: unknown): HttpError {
  const parsed = parseBody(body);
  if (!isRecord(parsed)) return new HttpError(status, httpStatusMessage(status, statusText));
  const errors = ApiErrorSchema.shape.errors.safeParse(parsed.errors);
  return new HttpError(status, nonBlankString(parsed.detail) ?? httpStatusMessage(status, statusText), {
    code: nonBlankString(parsed.code),
    fieldErrors: errors.success ? errors.data : undefined,
  });
}
