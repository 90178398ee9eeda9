import { ATTACHMENT_MESSAGES, DOWNLOAD_MESSAGES, HttpError } from '@attest/shared';
import type { TFunction } from 'i18next';
import { isolate } from '../../../../components/user-text';
import { UploadRefusedError } from '../../api/attachments';
import { answerErrorText } from '../../lib/answer-error-text';
import { downloadFailureOf } from '../../lib/download-error';

// A refused upload names its file: the field's rule it broke, translated, or the server's sentence.
export function uploadFailureText(t: TFunction, name: string, error: unknown): string[] {
  if (error instanceof UploadRefusedError && error.problems.length > 0) {
    return error.problems.map((problem) => answerErrorText(t, problem));
  }
  const message = error instanceof Error ? error.message : String(error);
  // The server's own refusals (an empty file, a name too long...) are translated by their code.
  const code = error instanceof HttpError ? error.code : undefined;
  const reason =
    code && Object.hasOwn(ATTACHMENT_MESSAGES, code)
      ? t(`fields.uploadRefusals.${code}`, { defaultValue: message })
      : message;
  return [t('fields.file.uploadFailed', { name: isolate(name), reason })];
}

// Spec 1 §8 Download: 'status, cause, user message'; the unknown error comes with its hint.
export function downloadFailureText(t: TFunction, error: unknown): string {
  const failure = downloadFailureOf(error);
  const key = (Object.keys(DOWNLOAD_MESSAGES) as (keyof typeof DOWNLOAD_MESSAGES)[]).find(
    (candidate) => DOWNLOAD_MESSAGES[candidate] === failure.message,
  );
  const message = key ? t(`fields.download.${key}`, { defaultValue: failure.message }) : failure.message;
  const hint = failure.hint ? ` ${t('fields.download.unknownHint', { defaultValue: failure.hint })}` : '';
  const cause = failure.status === null ? failure.cause : `${failure.status}, ${failure.cause}`;
  return `${message}${hint} (${cause})`;
}
