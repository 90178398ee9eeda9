import type { AnswerError } from './answer-errors.js';
import { validateAnswer } from './answer-validation.js';
import type { Answers } from './answers.js';
import { evaluateCondition } from './conditions.js';
import {
  type AlertRule,
  flattenSteps,
  handOverTargets,
  type RiskColorLabel,
  type StepDefinition,
  type WorkflowDefinition,
} from './definition-schema.js';
import type { FieldDefinition } from './field-schema.js';

// How a workflow moves, computed from its definition and state alone (issue 4), so the server and the
// process page always agree. The rules:
// - Visibility: a step shows when its visible_when holds; a field when its step shows and its own
//   visible_when holds. Conditions read only visible fields (a hidden field's stale answer counts as
//   unanswered) and only fields defined earlier (the schema enforces it), so one pass decides all.
// - Hand-over: submitting a step hands over to its `enables`, or else to the next step in definition
//   order. A step is enabled when it is visible, not completed, and every step handing over to it is
//   done: completed, or hidden and itself reached (a hidden step is skipped, not a dead end). A step
//   nobody hands over to is open from the start.
// - Status: the on_submit status of the most recently submitted visible step that has one, else the
//   initial status; so undoing a step gives back the status from before it.
// - Undo re-opens the step only. Later steps it enabled close again unless they were completed:
//   completed work and its answers stay on record for the auditors.
// - Progress: completed visible steps over visible steps, 0 to 100.

export type WorkflowState = {
  answers: Answers;
  // In the order they were submitted: the status depends on which came last.
  completed_steps: readonly string[];
};

export type StepState = 'hidden' | 'completed' | 'enabled' | 'disabled';

export type RaisedAlert = {
  rule_tag: string;
  alert_tag: string;
  cat_color_label: RiskColorLabel;
  step_group_tag: string;
  step_tag: string;
  field_tag: string | null;
};

export type WorkflowSnapshot = {
  // In definition order.
  visible_steps: string[];
  visible_fields: string[];
  enabled_steps: string[];
  step_states: Record<string, StepState>;
  status: string;
  progress: number;
  alerts: RaisedAlert[];
};

type Visibility = { steps: ReadonlySet<string>; fields: ReadonlySet<string> };

export function computeVisibility(definition: WorkflowDefinition, answers: Answers): Visibility {
  const steps = new Set<string>();
  const fields = new Set<string>();
  const types = new Map<string, FieldDefinition['type']>();
  const lookup = (tag: string) => {
    const type = types.get(tag);
    return type && fields.has(tag) ? { type, value: answers[tag] } : undefined;
  };
  for (const step of flattenSteps(definition)) {
    const stepVisible = !step.visible_when || evaluateCondition(step.visible_when, lookup);
    if (stepVisible) steps.add(step.tag);
    for (const field of step.fields) {
      types.set(field.tag, field.type);
      if (stepVisible && (!field.visible_when || evaluateCondition(field.visible_when, lookup))) {
        fields.add(field.tag);
      }
    }
  }
  return { steps, fields };
}

function predecessorsOf(steps: readonly StepDefinition[]): Map<string, string[]> {
  const predecessors = new Map<string, string[]>(steps.map((step) => [step.tag, []]));
  steps.forEach((step, index) => {
    for (const target of handOverTargets(steps, index)) predecessors.get(target)?.push(step.tag);
  });
  return predecessors;
}

function computeEnabled(
  steps: readonly StepDefinition[],
  visible: ReadonlySet<string>,
  completed: ReadonlySet<string>,
) {
  const predecessors = predecessorsOf(steps);
  const reached = new Map<string, boolean>();
  const isReached = (tag: string, trail: ReadonlySet<string>): boolean => {
    const known = reached.get(tag);
    if (known !== undefined) return known;
    // The schema refuses cycles; an unchecked definition with one simply never opens those steps.
    if (trail.has(tag)) return false;
    const next = new Set(trail).add(tag);
    const result = (predecessors.get(tag) ?? []).every(
      (p) => completed.has(p) || (!visible.has(p) && isReached(p, next)),
    );
    reached.set(tag, result);
    return result;
  };
  return new Set(
    steps
      .filter((s) => visible.has(s.tag) && !completed.has(s.tag) && isReached(s.tag, new Set()))
      .map((s) => s.tag),
  );
}

function statusOf(
  definition: WorkflowDefinition,
  completedSteps: readonly string[],
  visibleSteps: ReadonlySet<string>,
): string {
  const byTag = new Map(flattenSteps(definition).map((step) => [step.tag, step]));
  for (let i = completedSteps.length - 1; i >= 0; i--) {
    const tag = completedSteps[i] ?? '';
    // A completed step that no longer applies (its answers changed after an undo) sets nothing.
    const status = visibleSteps.has(tag) ? byTag.get(tag)?.on_submit?.set_status : undefined;
    if (status) return status;
  }
  return definition.initial_status;
}

export function currentStatus(definition: WorkflowDefinition, state: WorkflowState): string {
  return statusOf(definition, state.completed_steps, computeVisibility(definition, state.answers).steps);
}

function raiseAlerts(
  definition: WorkflowDefinition,
  answers: Answers,
  visibility: Visibility,
): RaisedAlert[] {
  const owners = new Map<string, { group: string; step: string; type?: FieldDefinition['type'] }>();
  for (const group of definition.step_groups) {
    for (const step of group.steps) {
      owners.set(step.tag, { group: group.tag, step: step.tag });
      for (const field of step.fields)
        owners.set(field.tag, { group: group.tag, step: step.tag, type: field.type });
    }
  }
  const lookup = (tag: string) => {
    const type = owners.get(tag)?.type;
    return type && visibility.fields.has(tag) ? { type, value: answers[tag] } : undefined;
  };
  const attachedVisible = (rule: AlertRule) =>
    rule.field !== undefined ? visibility.fields.has(rule.field) : visibility.steps.has(rule.step ?? '');
  return (definition.alert_rules ?? []).flatMap((rule) => {
    const owner = owners.get(rule.field ?? rule.step ?? '');
    if (!owner || !attachedVisible(rule) || !evaluateCondition(rule.when, lookup)) return [];
    return [
      {
        rule_tag: rule.tag,
        alert_tag: rule.alert_tag,
        cat_color_label: rule.cat_color_label,
        step_group_tag: owner.group,
        step_tag: owner.step,
        field_tag: rule.field ?? null,
      },
    ];
  });
}

export function evaluateWorkflow(definition: WorkflowDefinition, state: WorkflowState): WorkflowSnapshot {
  const steps = flattenSteps(definition);
  const visibility = computeVisibility(definition, state.answers);
  const completed = new Set(state.completed_steps);
  const enabled = computeEnabled(steps, visibility.steps, completed);
  const stepStates: Record<string, StepState> = {};
  for (const { tag } of steps) {
    if (!visibility.steps.has(tag)) stepStates[tag] = 'hidden';
    else if (completed.has(tag)) stepStates[tag] = 'completed';
    else stepStates[tag] = enabled.has(tag) ? 'enabled' : 'disabled';
  }
  const visibleSteps = steps.filter((s) => visibility.steps.has(s.tag)).map((s) => s.tag);
  const done = visibleSteps.filter((tag) => completed.has(tag)).length;
  return {
    visible_steps: visibleSteps,
    visible_fields: steps.flatMap((s) =>
      s.fields.filter((f) => visibility.fields.has(f.tag)).map((f) => f.tag),
    ),
    enabled_steps: steps.filter((s) => enabled.has(s.tag)).map((s) => s.tag),
    step_states: stepStates,
    status: statusOf(definition, state.completed_steps, visibility.steps),
    progress: visibleSteps.length === 0 ? 0 : Math.round((done / visibleSteps.length) * 100),
    alerts: raiseAlerts(definition, state.answers, visibility),
  };
}

// Stable codes for a refused submission or undo, with the sentence the API sends.
export const STEP_ACTION_MESSAGES = {
  unknown_step: 'This step does not exist in the workflow.',
  step_hidden: 'This step does not apply to the workflow with its current answers.',
  step_completed: 'This step is already submitted.',
  step_not_enabled: 'This step opens once the steps before it are submitted.',
  invalid_answers: 'Some answers are missing or invalid.',
  step_not_completed: 'Only a submitted step can be undone.',
} as const;
export type StepActionCode = keyof typeof STEP_ACTION_MESSAGES;

export type FieldProblem = { field_tag: string; errors: AnswerError[] };
export type StepActionRefusal = {
  ok: false;
  code: StepActionCode;
  message: string;
  problems: FieldProblem[];
};

function refuse(code: StepActionCode, problems: FieldProblem[] = []): StepActionRefusal {
  return { ok: false, code, message: STEP_ACTION_MESSAGES[code], problems };
}

// Every visible field of the step must hold a valid answer, and every required one an answer at all.
// Hidden fields are neither required nor checked: their answers no longer apply.
export function stepProblems(
  definition: WorkflowDefinition,
  state: WorkflowState,
  stepTag: string,
): FieldProblem[] {
  const step = flattenSteps(definition).find((s) => s.tag === stepTag);
  if (!step) return [];
  const visibility = computeVisibility(definition, state.answers);
  return step.fields.flatMap((field) => {
    if (!visibility.fields.has(field.tag)) return [];
    const result = validateAnswer(field, state.answers[field.tag]);
    return result.ok ? [] : [{ field_tag: field.tag, errors: result.errors }];
  });
}

export function checkSubmission(
  definition: WorkflowDefinition,
  state: WorkflowState,
  stepTag: string,
): { ok: true } | StepActionRefusal {
  const snapshot = evaluateWorkflow(definition, state);
  const stepState = snapshot.step_states[stepTag];
  if (stepState === undefined) return refuse('unknown_step');
  if (stepState === 'hidden') return refuse('step_hidden');
  if (stepState === 'completed') return refuse('step_completed');
  if (stepState === 'disabled') return refuse('step_not_enabled');
  const problems = stepProblems(definition, state, stepTag);
  return problems.length > 0 ? refuse('invalid_answers', problems) : { ok: true };
}

export type StepTransition = {
  ok: true;
  state: WorkflowState;
  snapshot: WorkflowSnapshot;
  // Steps that opened (submit) or closed again (undo) because of this action.
  enabled_steps: string[];
  disabled_steps: string[];
  status_before: string;
  status_after: string;
};

function transition(
  definition: WorkflowDefinition,
  before: WorkflowState,
  after: WorkflowState,
): StepTransition {
  const old = evaluateWorkflow(definition, before);
  const snapshot = evaluateWorkflow(definition, after);
  return {
    ok: true,
    state: after,
    snapshot,
    enabled_steps: snapshot.enabled_steps.filter((tag) => !old.enabled_steps.includes(tag)),
    disabled_steps: old.enabled_steps.filter(
      (tag) => !snapshot.enabled_steps.includes(tag) && snapshot.step_states[tag] !== 'completed',
    ),
    status_before: old.status,
    status_after: snapshot.status,
  };
}

export function submitStep(
  definition: WorkflowDefinition,
  state: WorkflowState,
  stepTag: string,
): StepTransition | StepActionRefusal {
  const check = checkSubmission(definition, state, stepTag);
  if (!check.ok) return check;
  return transition(definition, state, { ...state, completed_steps: [...state.completed_steps, stepTag] });
}

export function undoStep(
  definition: WorkflowDefinition,
  state: WorkflowState,
  stepTag: string,
): StepTransition | StepActionRefusal {
  if (!flattenSteps(definition).some((s) => s.tag === stepTag)) return refuse('unknown_step');
  if (!state.completed_steps.includes(stepTag)) return refuse('step_not_completed');
  const completed = state.completed_steps.filter((tag) => tag !== stepTag);
  return transition(definition, state, { ...state, completed_steps: completed });
}
