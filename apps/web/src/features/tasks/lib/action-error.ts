import { HttpError } from '@attest/shared';
import type { TFunction } from 'i18next';
import { TASK_ACTION_CODES, type TaskActionCode } from '../api/task-contract';

const isTaskCode = (code: string | undefined): code is TaskActionCode =>
  TASK_ACTION_CODES.some((known) => known === code);

// The server's refusal in the person's language: a known code is translated; another 4xx shows the
// server's own sentence; anything else a generic line.
export function taskActionErrorText(error: unknown, t: TFunction): string {
  if (error instanceof HttpError) {
    if (isTaskCode(error.code)) return t(`tasks.errors.${error.code}`);
    if (error.status === 404) return t('tasks.errors.notFound');
    if (error.status === 403) return t('tasks.errors.forbidden');
    if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  }
  return t('tasks.errors.generic');
}
