import { ANSWER_ERROR_MESSAGES, type AnswerError, type AnswerErrorCode } from '@attest/shared';
import type { TFunction } from 'i18next';

function isCode(code: unknown): code is AnswerErrorCode {
  return typeof code === 'string' && Object.hasOwn(ANSWER_ERROR_MESSAGES, code);
}

// A table cell's error arrives flattened (cell_code + the English detail, without the cell's own
// params): it is translated only when its message takes no params, so nothing is lost.
function cellDetail(t: TFunction, error: AnswerError): string | number | undefined {
  const { cell_code: code, detail } = error.params;
  if (!isCode(code) || ANSWER_ERROR_MESSAGES[code]({}) !== detail) return detail;
  return t(`answerErrors.${code}`, { defaultValue: detail });
}

// invalid_type names what was expected in an English phrase ('a number'): translated by its slug.
function expectedPhrase(t: TFunction, expected: string | number | undefined) {
  if (typeof expected !== 'string') return expected;
  const slug = expected
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  return t(`fields.expected.${slug}`, { defaultValue: expected });
}

function paramsOf(t: TFunction, error: AnswerError) {
  if (error.code === 'invalid_cell') return { ...error.params, detail: cellDetail(t, error) };
  if (error.code === 'invalid_type')
    return { ...error.params, expected: expectedPhrase(t, error.params.expected) };
  return error.params;
}

// Answer errors are translated by their stable code with their params; the English message of the
// engine is the fallback, so a code added later still reads well.
export function answerErrorText(t: TFunction, error: AnswerError): string {
  return t(`answerErrors.${error.code}`, { ...paramsOf(t, error), defaultValue: error.message });
}
