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

// Answer errors are translated by their stable code with their params; the English message of the
// engine is the fallback, so a code added later still reads well.
export function answerErrorText(t: TFunction, error: AnswerError): string {
  const params =
    error.code === 'invalid_cell' ? { ...error.params, detail: cellDetail(t, error) } : error.params;
  return t(`answerErrors.${error.code}`, { ...params, defaultValue: error.message });
}
