import {
  ANSWER_EDIT_MESSAGES,
  type AnswerEditCode,
  type FieldProblem,
  STEP_ACTION_MESSAGES,
  type StepActionCode,
  WORKFLOW_MESSAGES,
  type WorkflowMessageCode,
} from '@attest/shared';
import { DetailedBadRequestError, ForbiddenError } from '../../platform/errors.js';

// Every refusal of a workflow action is a 400 with a stable code (the web app translates by it), the
// English sentence, and for answers and submissions the problems per field (WorkflowErrorSchema).
export function workflowRefusal(code: WorkflowMessageCode): DetailedBadRequestError {
  return new DetailedBadRequestError(code, WORKFLOW_MESSAGES[code], {});
}

export function answerRefusal(code: AnswerEditCode, problems: FieldProblem[]): DetailedBadRequestError {
  return new DetailedBadRequestError(code, ANSWER_EDIT_MESSAGES[code], problems.length ? { problems } : {});
}

export function stepRefusal(code: StepActionCode, problems: FieldProblem[]): DetailedBadRequestError {
  return new DetailedBadRequestError(code, STEP_ACTION_MESSAGES[code], problems.length ? { problems } : {});
}

export function workflowForbidden(code: WorkflowMessageCode): ForbiddenError {
  return new ForbiddenError(WORKFLOW_MESSAGES[code], code);
}
