import type { AnswerError } from './answer-errors.js';
import { validateAnswer } from './answer-validation.js';
import { flattenSteps, type WorkflowDefinition } from './definition-schema.js';
import { isAnswerable } from './field-types.js';
import { evaluateWorkflow, type WorkflowState } from './progression.js';

// Who may change an answer is the server's access check; whether the workflow takes it is this rule:
// only a visible field of an open (enabled, not completed) step. A submitted step is changed by
// undoing it first, so the activity log shows the undo before the new answer.
export const ANSWER_EDIT_MESSAGES = {
  unknown_field: 'This field does not exist in the workflow.',
  field_not_answerable: 'This field takes no answer.',
  field_hidden: 'This field does not apply to the workflow with its current answers.',
  step_completed: 'This step is already submitted. Undo it to change its answers.',
  step_not_enabled: 'This step opens once the steps before it are submitted.',
  invalid_answer: 'The answer is invalid.',
} as const;
export type AnswerEditCode = keyof typeof ANSWER_EDIT_MESSAGES;

export type AnswerEditRefusal = { ok: false; code: AnswerEditCode; message: string; errors: AnswerError[] };
export type AnswerEdit = { ok: true; value: unknown; state: WorkflowState };

function refuse(code: AnswerEditCode, errors: AnswerError[] = []): AnswerEditRefusal {
  return { ok: false, code, message: ANSWER_EDIT_MESSAGES[code], errors };
}

// The answer validated and normalised, and the state with it; null clears the answer.
export function editAnswer(
  definition: WorkflowDefinition,
  state: WorkflowState,
  fieldTag: string,
  value: unknown,
): AnswerEdit | AnswerEditRefusal {
  const step = flattenSteps(definition).find((s) => s.fields.some((f) => f.tag === fieldTag));
  const field = step?.fields.find((f) => f.tag === fieldTag);
  if (!step || !field) return refuse('unknown_field');
  if (!isAnswerable(field.type)) return refuse('field_not_answerable');
  const snapshot = evaluateWorkflow(definition, state);
  if (!snapshot.visible_fields.includes(fieldTag)) return refuse('field_hidden');
  const stepState = snapshot.step_states[step.tag];
  if (stepState === 'completed') return refuse('step_completed');
  if (stepState !== 'enabled') return refuse('step_not_enabled');
  // Saving a draft may leave a required field empty; submitting the step is what requires it.
  const result = validateAnswer({ ...field, required: false }, value);
  if (!result.ok) return refuse('invalid_answer', result.errors);
  return {
    ok: true,
    value: result.value,
    state: { ...state, answers: { ...state.answers, [fieldTag]: result.value } },
  };
}
