import { HttpError } from '@attest/shared';

type Translate = (key: string) => string;

// The server's message when it sent one (it is written for people), otherwise a generic sentence.
export function actionErrorMessage(error: Error | null, t: Translate): string | null {
  if (!error) return null;
  if (error instanceof HttpError && error.message) return error.message;
  return t('account.actionFailed');
}

export function fieldError(error: Error | null, field: string): string | null {
  if (!(error instanceof HttpError)) return null;
  return error.fieldErrors?.[field]?.join(' ') ?? null;
}
