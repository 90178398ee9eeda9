import { HttpError } from '@attest/shared';

type Translate = (key: string, options?: Record<string, unknown>) => string;

// The server refuses workflow actions with a stable code and an English sentence (WORKFLOW_MESSAGES,
// STEP_ACTION_MESSAGES, ANSWER_EDIT_MESSAGES in @attest/shared): the page says it in the user's
// language by code, and the server's sentence for a code it does not know.
export function actionErrorText(error: Error, t: Translate): string {
  if (error instanceof HttpError && error.code) {
    return t(`process.errors.${error.code}`, { defaultValue: error.message });
  }
  return error.message;
}
