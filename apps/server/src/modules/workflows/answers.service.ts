import {
  type AnswerRequest,
  editAnswer,
  type FieldDefinition,
  flattenSteps,
  isOneOf,
  MULTI_FILE_FIELD_TYPES,
  SINGLE_FILE_FIELD_TYPES,
} from '@attest/shared';
import type { OutgoingEvent } from '../../platform/realtime/realtime-publisher.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { fileAnswerErrors } from '../attachments/index.js';
import { answerReferenceErrors } from './answer-references.js';
import { answersRepository } from './answers.repository.js';
import { applyChange, type ChangeHooks } from './apply-change.js';
import { recordActivity } from './workflow-activity.js';
import { buildWorkflowDetail } from './workflow-detail.js';
import { answerRefusal, workflowRefusal } from './workflow-errors.js';
import { workflowEvents } from './workflow-events.js';
import { type LoadedWorkflow, loadChangeableWorkflow, loadVisibleWorkflow } from './workflow-loader.js';
import { workflowRecordLinksRepository } from './workflow-record-links.repository.js';

const LOGGED_VALUE_MAX_LENGTH = 500;

// What the activity log keeps of an answer: file names rather than file metadata, and never a
// long text or JSON in full.
function loggedValue(field: FieldDefinition, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (isOneOf(field.type, [...SINGLE_FILE_FIELD_TYPES, ...MULTI_FILE_FIELD_TYPES])) {
    const files = Array.isArray(value) ? value : [value];
    return files.map((f) => (f && typeof f === 'object' && 'name' in f ? String(f.name) : '?'));
  }
  const text = JSON.stringify(value);
  return text.length > LOGGED_VALUE_MAX_LENGTH ? `${text.slice(0, LOGGED_VALUE_MAX_LENGTH)}…` : value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

// One answer saved on a changeable workflow, through the engine's editAnswer: refused with the
// field's problems when invalid, a new version otherwise (none when the value is unchanged).
export async function saveAnswerIn(
  tx: Tx,
  ctx: UserContext,
  loaded: LoadedWorkflow,
  input: AnswerRequest,
  hooks: ChangeHooks,
) {
  const step = flattenSteps(loaded.definition).find((s) => s.fields.some((f) => f.tag === input.field_tag));
  const field = step?.fields.find((f) => f.tag === input.field_tag);
  if (step && (await answersRepository.isStepLocked(tx, loaded.row.id, step.tag))) {
    throw workflowRefusal('step_locked');
  }
  const edit = editAnswer(loaded.definition, loaded.state, input.field_tag, input.value);
  if (!edit.ok) {
    throw answerRefusal(
      edit.code,
      edit.errors.length ? [{ field_tag: input.field_tag, errors: edit.errors }] : [],
    );
  }
  if (!step || !field) throw answerRefusal('unknown_field', []);
  // An unchanged answer writes nothing, so it is not checked again (a record named before may have
  // been archived since; saving the form again must not fail on it).
  const before = loaded.state.answers[field.tag] ?? null;
  if (same(before, edit.value)) return { runs: [] as readonly object[], changed: null };
  // Records the answer names must exist; files must be uploads to this very field (attachments).
  const references = [
    ...(await answerReferenceErrors(tx, ctx.auth.user.id, field, edit.value)),
    ...(await fileAnswerErrors(tx, loaded.row.id, field, edit.value)),
  ];
  if (references.length > 0)
    throw answerRefusal('invalid_answer', [{ field_tag: field.tag, errors: references }]);

  const at = new Date();
  await answersRepository.saveVersion(tx, {
    tenantId: ctx.tenant.id,
    workflowId: loaded.row.id,
    field,
    stepTag: step.tag,
    value: edit.value,
    answeredBy: ctx.auth.user.id,
    at,
  });
  if (field.type === 'data_object') {
    await workflowRecordLinksRepository.set(tx, {
      tenantId: ctx.tenant.id,
      workflowId: loaded.row.id,
      fieldTag: field.tag,
      recordId: edit.value === null || edit.value === undefined ? null : String(edit.value),
    });
  }
  const { runs, statusId } = await applyChange(tx, ctx, loaded, edit.state, null, hooks);
  await recordActivity(tx, ctx.tenant.id, [
    {
      workflowId: loaded.row.id,
      action: 'updated',
      event: 'answer_saved',
      actorId: ctx.auth.user.id,
      stepTag: step.tag,
      fieldTag: field.tag,
      details: { old_value: loggedValue(field, before), new_value: loggedValue(field, edit.value) },
      at,
    },
  ]);
  return { runs, changed: { stepTag: step.tag, fieldTag: field.tag, statusId } };
}

// What one saved answer tells the workflow's channel.
export function answerEvents(
  ctx: UserContext,
  workflowId: string,
  changed: { stepTag: string; fieldTag: string; statusId: string | null } | null,
): OutgoingEvent[] {
  if (!changed) return [];
  const events = [workflowEvents.answered(ctx, workflowId, changed.stepTag, [changed.fieldTag])];
  if (changed.statusId) events.push(workflowEvents.statusChanged(ctx, workflowId, changed.statusId));
  return events;
}

export async function saveAnswer(ctx: UserContext, id: number, input: AnswerRequest, hooks: ChangeHooks) {
  const { detail, runs, changed } = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const loaded = await loadChangeableWorkflow(tx, ctx, id);
    const { runs, changed } = await saveAnswerIn(tx, ctx, loaded, input, hooks);
    return {
      runs,
      changed,
      detail: await buildWorkflowDetail(tx, ctx, await loadVisibleWorkflow(tx, ctx, id)),
    };
  });
  hooks.realtime.publish(answerEvents(ctx, String(id), changed));
  if (runs.length > 0) await hooks.integrations?.dispatch(runs);
  return detail;
}
