import { TASK_ACTION_MESSAGES, type TaskActionCode } from '@attest/shared';
import { AppError, ForbiddenError } from '../../platform/errors.js';

// Refusals of task actions: a stable code (the web app translates by it) and the English sentence.
export function taskRefusal(code: TaskActionCode): AppError {
  return new AppError(400, code, TASK_ACTION_MESSAGES[code]);
}

export function taskForbidden(code: TaskActionCode): ForbiddenError {
  return new ForbiddenError(TASK_ACTION_MESSAGES[code], code);
}

// A claim never overrides an assignee (issue 16): the second of two claims is told who holds the task.
export class TaskAlreadyClaimedError extends AppError {
  constructor(message: string) {
    super(409, 'task_already_claimed', message);
  }
}
