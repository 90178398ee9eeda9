import { ANSWER_ERROR_MESSAGES, type AnswerError, type AnswerErrorCode, HttpError } from '@attest/shared';

const CODES = Object.keys(ANSWER_ERROR_MESSAGES) as AnswerErrorCode[];

// The server names a field's problems in words (errors: {tag: [message]}). A message that is an
// answer error's own parameterless text gets its code back, so it reads in the person's language;
// any other keeps the server's words (answerErrorText falls back to the message).
function asAnswerError(message: string): AnswerError {
  const code = CODES.find((c) => ANSWER_ERROR_MESSAGES[c]({}) === message);
  // An unknown code has no translation: the server's message is shown as it came.
  return { code: code ?? ('server_message' as AnswerErrorCode), params: {}, message };
}

export type FieldErrorMap = Record<string, readonly AnswerError[]>;

// A refusal's errors by field tag; empty when it named no field.
export function serverFieldErrors(error: unknown): FieldErrorMap {
  if (!(error instanceof HttpError) || !error.fieldErrors) return {};
  return Object.fromEntries(
    Object.entries(error.fieldErrors).map(([tag, messages]) => [tag, messages.map(asAnswerError)]),
  );
}
