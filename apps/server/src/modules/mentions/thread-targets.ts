import {
  type CreateThreadRequest,
  flattenSteps,
  MENTION_MESSAGES,
  type ThreadTarget,
  type WorkflowDefinition,
} from '@attest/shared';
import { BadRequestError } from '../../platform/errors.js';

export type TargetTags = { step_tag: string | null; field_tag: string | null };

// A thread's kind follows from its tags (migration 0012): a field tag = the field, a step tag alone
// = the step, neither = the workflow.
export function targetType(tags: TargetTags): ThreadTarget {
  if (tags.field_tag) return 'field';
  return tags.step_tag ? 'step' : 'workflow';
}

// The target's tags, checked against the workflow's definition (400 for a tag it does not have).
// A field's thread also records the step holding the field, so one field has one thread however it
// is asked for.
export function resolveTarget(definition: WorkflowDefinition, request: CreateThreadRequest): TargetTags {
  const steps = flattenSteps(definition);
  if (request.field_tag) {
    const step = steps.find((s) => s.fields.some((f) => f.tag === request.field_tag));
    if (!step || (request.step_tag && request.step_tag !== step.tag)) {
      throw new BadRequestError(MENTION_MESSAGES.unknownTag);
    }
    return { step_tag: step.tag, field_tag: request.field_tag };
  }
  if (request.step_tag) {
    if (!steps.some((s) => s.tag === request.step_tag))
      throw new BadRequestError(MENTION_MESSAGES.unknownTag);
    return { step_tag: request.step_tag, field_tag: null };
  }
  return { step_tag: null, field_tag: null };
}

// Spec 1 §3 Mention: the step's name and the field's label as the definition says them, or null
// when the definition no longer has them.
export function targetLabels(definition: WorkflowDefinition, tags: TargetTags) {
  const steps = flattenSteps(definition);
  const step = tags.step_tag ? steps.find((s) => s.tag === tags.step_tag) : undefined;
  const field = tags.field_tag
    ? steps.flatMap((s) => s.fields).find((f) => f.tag === tags.field_tag)
    : undefined;
  return {
    step: step ? { tag: step.tag, name: step.name } : null,
    field:
      tags.field_tag && field
        ? {
            tag: field.tag,
            body: 'label' in field && typeof field.label === 'string' ? field.label : field.tag,
          }
        : null,
  };
}
