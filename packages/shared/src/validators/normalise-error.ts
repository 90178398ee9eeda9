import { httpErrorFromBody } from './http-error.js';
import { NORMALISED_ERROR_MESSAGES } from './messages.js';
import { isRecord, nonBlankString } from './unknown-values.js';

// Spec 1 §8 and spec 2 §8, generic normalisation: "An error, HTTP response, string or object becomes
// an error; an unreadable body gives 'HTTP {status} {statusText}'; with no message: 'An unknown
// error occurred'". Whatever a catch receives, the caller gets an Error with a message to show.
export function normaliseError(input: unknown): Error {
  if (input instanceof Error) {
    // The same instance keeps its class, stack and fields; an empty message is no message.
    return input.message.trim() ? input : unknownError(input);
  }
  if (typeof input === 'string') {
    return input.trim() ? new Error(input) : unknownError(undefined);
  }
  if (!isRecord(input)) return unknownError(input);
  if (isHttpResponseLike(input)) return fromResponse(input);
  // A plain object, or an Error from another realm (iframe) that fails instanceof.
  const message = nonBlankString(input.message) ?? nonBlankString(input.detail);
  return message ? new Error(message, { cause: input }) : unknownError(input);
}

type HttpResponseLike = Record<string, unknown> & { status: number };

// A fetch Response or anything shaped like one: a numeric HTTP status is what marks it.
function isHttpResponseLike(input: Record<string, unknown>): input is HttpResponseLike {
  const { status } = input;
  return typeof status === 'number' && Number.isInteger(status) && status >= 100 && status <= 599;
}

// Spec 2 §8 names the parts "status, status text, details". A string in details or detail is the
// detail text itself; otherwise the first of details, detail, body is read as our error body. A
// fetch Response's body is a stream, unreadable here, so it gives 'HTTP {status} {statusText}'.
function fromResponse(response: HttpResponseLike): Error {
  const statusText = typeof response.statusText === 'string' ? response.statusText : '';
  const detail = response.details ?? response.detail;
  const body = typeof detail === 'string' ? { detail } : (detail ?? response.body);
  return httpErrorFromBody(response.status, statusText, body);
}

function unknownError(cause: unknown): Error {
  return new Error(NORMALISED_ERROR_MESSAGES.unknown, cause === undefined ? undefined : { cause });
}
