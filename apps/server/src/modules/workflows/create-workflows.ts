import {
  answerSearchColumns,
  evaluateWorkflow,
  flattenSteps,
  statusDisplayName,
  submitStep,
  validateAnswer,
  type WorkflowDefinition,
  type WorkflowState,
} from '@attest/shared';
import type { TestEnvironment } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { answersRepository } from './answers.repository.js';
import { dataObjectAnswerProblem, dataObjectAnswers } from './new-workflow-records.js';
import { cycleEnd, deriveStepRows, type StepRow } from './step-rows.js';
import { stepUsersRepository } from './step-users.repository.js';
import { type ActivityInput, recordActivity } from './workflow-activity.js';
import { workflowAlertsRepository } from './workflow-alerts.repository.js';
import { workflowKindsRepository } from './workflow-kinds.repository.js';
import { workflowRecordLinksRepository } from './workflow-record-links.repository.js';
import { workflowStepsRepository } from './workflow-steps.repository.js';
import { workflowsRepository } from './workflows.repository.js';

// A workflow to create, optionally already answered and with steps submitted (the demo seed's
// history). Submissions replay through the engine in order, so each step's opening, SLA and
// completion stamps are what they would be had people done it at those times.
export type NewWorkflow = {
  kind: { id: string; definitionId: string; definition: WorkflowDefinition };
  name: string;
  regionId: string;
  businessUnitId: string | null;
  parentId?: string | null;
  parentFieldTag?: string | null;
  createdBy: string | null;
  createdAt?: Date;
  // By field tag; each validated and normalised with validateAnswer.
  answers?: Record<string, unknown>;
  submitted?: readonly { step: string; at: Date; by: string | null }[];
  // A test workflow's environment (issue 15); Production's workflows have none.
  testEnvironment?: TestEnvironment | null;
  // A batch import's row (issue 18): workflows_import_row_idx makes (import, row) written once.
  importRef?: { importId: string; row: number };
};

const CHUNK = 500;

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

// A seed or import mistake, not a user's: fail loudly with what was wrong.
class InvalidNewWorkflowError extends Error {}

function normalisedAnswers(definition: WorkflowDefinition, answers: Record<string, unknown>) {
  const fields = new Map(flattenSteps(definition).flatMap((s) => s.fields.map((f) => [f.tag, { f, s }])));
  const clean: Record<string, unknown> = {};
  for (const [tag, value] of Object.entries(answers)) {
    const owner = fields.get(tag);
    if (!owner) throw new InvalidNewWorkflowError(`Unknown field ${tag}`);
    const result = validateAnswer({ ...owner.f, required: false }, value);
    if (!result.ok)
      throw new InvalidNewWorkflowError(`${tag}: ${result.errors.map((e) => e.message).join(' ')}`);
    if (result.value !== null) clean[tag] = result.value;
  }
  return clean;
}

type Planned = {
  input: NewWorkflow;
  createdAt: Date;
  state: WorkflowState;
  steps: StepRow[];
  statusTag: string;
  progress: number;
  cycleEnd: Date | null;
  updatedAt: Date;
  alerts: ReturnType<typeof evaluateWorkflow>['alerts'];
  activity: Omit<ActivityInput, 'workflowId'>[];
  // When and by whom each answered field was last touched: its step's submission, else creation.
  answeredAt: Map<string, { at: Date; by: string | null }>;
};

function plan(input: NewWorkflow, now: Date): Planned {
  const { definition } = input.kind;
  const createdAt = input.createdAt ?? now;
  let state: WorkflowState = {
    answers: normalisedAnswers(definition, input.answers ?? {}),
    completed_steps: [],
  };
  let snapshot = evaluateWorkflow(definition, state);
  let rows = deriveStepRows(definition, snapshot, null, createdAt, null);
  let at = createdAt;
  let end: Date | null = null;
  const activity: Planned['activity'] = [
    {
      action: 'created',
      event: 'created',
      actorId: input.createdBy,
      details: { name: input.name },
      at: createdAt,
    },
  ];
  const answeredAt = new Map<string, { at: Date; by: string | null }>();
  for (const submission of input.submitted ?? []) {
    const result = submitStep(definition, state, submission.step);
    if (!result.ok) throw new InvalidNewWorkflowError(`${submission.step}: ${result.message}`);
    at = submission.at;
    rows = deriveStepRows(definition, result.snapshot, new Map(rows.map((r) => [r.step_tag, r])), at, {
      type: 'submit',
      step: submission.step,
      by: submission.by,
    });
    const step = flattenSteps(definition).find((s) => s.tag === submission.step);
    for (const field of step?.fields ?? []) answeredAt.set(field.tag, { at, by: submission.by });
    activity.push({
      action: 'submitted',
      event: 'step_submitted',
      actorId: submission.by,
      stepTag: submission.step,
      at,
    });
    if (result.status_before !== result.status_after) {
      activity.push({
        action: 'updated',
        event: 'status_changed',
        actorId: submission.by,
        stepTag: submission.step,
        details: {
          from: result.status_before,
          to: result.status_after,
          from_name: statusDisplayName(definition, result.status_before),
          to_name: statusDisplayName(definition, result.status_after),
        },
        at,
      });
    }
    end = cycleEnd(result.snapshot, result.state.completed_steps, end, at);
    state = result.state;
    snapshot = result.snapshot;
  }
  return {
    input,
    createdAt,
    state,
    steps: rows,
    statusTag: snapshot.status,
    progress: snapshot.progress,
    cycleEnd: end,
    updatedAt: at,
    alerts: snapshot.alerts,
    activity,
    answeredAt,
  };
}

// Assignee names resolved once per call: groups by name, users by e-mail; unknown ones are skipped
// (a definition may name a group a tenant does not have).
export async function assigneeResolver(tx: Tx, tenantId: string, definitions: readonly WorkflowDefinition[]) {
  const groupNames = new Set<string>();
  const emails = new Set<string>();
  for (const definition of definitions) {
    for (const step of flattenSteps(definition)) {
      for (const name of step.assignees?.group_names ?? []) groupNames.add(name);
      for (const email of step.assignees?.user_emails ?? []) emails.add(email.toLowerCase());
    }
  }
  const [groups, users] = await Promise.all([
    groupNames.size ? stepUsersRepository.groupsNamed(tx, tenantId, [...groupNames]) : [],
    emails.size ? stepUsersRepository.usersWithEmails(tx, tenantId, [...emails]) : [],
  ]);
  const groupIds = new Map(groups.map((g) => [g.name, g.id]));
  const userIds = new Map(users.map((u) => [u.email.toLowerCase(), u.id]));
  return (definition: WorkflowDefinition) =>
    flattenSteps(definition).flatMap((step) => [
      ...(step.assignees?.group_names ?? []).flatMap((name) => {
        const id = groupIds.get(name);
        return id ? [{ step_tag: step.tag, user_id: null, group_id: id }] : [];
      }),
      ...(step.assignees?.user_emails ?? []).flatMap((email) => {
        const id = userIds.get(email.toLowerCase());
        return id ? [{ step_tag: step.tag, user_id: id, group_id: null }] : [];
      }),
    ]);
}

async function statusIds(tx: Tx, kindIds: string[]) {
  const rows = await workflowKindsRepository.statusTagsOfKinds(tx, kindIds);
  return new Map(rows.map((r) => [`${r.kind_id}:${r.tag}`, r.id]));
}

// Creates workflows in the caller's tenant transaction, in a few multi-row statements whatever their
// number: the rows of workflows, steps, step users (from the definition's assignees), answers,
// alerts, data_object record links and the activity log ('created', then each submission). Returns
// the new ids in input order.
// The API creates one at a time through it; the demo seed thousands.
export async function createWorkflows(
  tx: Tx,
  tenantId: string,
  inputs: readonly NewWorkflow[],
): Promise<string[]> {
  if (inputs.length === 0) return [];
  const now = new Date();
  const planned = inputs.map((input) => plan(input, now));
  const records = dataObjectAnswers(planned.map((p) => ({ ...p.input, answers: p.state.answers })));
  const problem = await dataObjectAnswerProblem(tx, records);
  if (problem) throw new InvalidNewWorkflowError(problem);
  const kindIds = [...new Set(inputs.map((i) => i.kind.id))];
  const statuses = await statusIds(tx, kindIds);
  const assignees = await assigneeResolver(tx, tenantId, [
    ...new Map(inputs.map((i) => [i.kind.definitionId, i.kind.definition])).values(),
  ]);

  const ids: string[] = [];
  await insertChunked(planned, async (chunk) => {
    const rows = await workflowsRepository.insertMany(
      tx,
      chunk.map((p) => {
        const statusId = statuses.get(`${p.input.kind.id}:${p.statusTag}`);
        if (!statusId) throw new InvalidNewWorkflowError(`Unknown status ${p.statusTag}`);
        return {
          tenant_id: tenantId,
          kind_id: p.input.kind.id,
          definition_id: p.input.kind.definitionId,
          name: p.input.name,
          status_id: statusId,
          region_id: p.input.regionId,
          business_unit_id: p.input.businessUnitId,
          parent_id: p.input.parentId ?? null,
          parent_field_tag: p.input.parentFieldTag ?? null,
          progress: p.progress,
          completed_steps: [...p.state.completed_steps],
          created_by: p.input.createdBy,
          created_at: p.createdAt,
          updated_at: p.updatedAt,
          cycle_start: p.createdAt,
          cycle_end: p.cycleEnd,
          test_environment: p.input.testEnvironment ?? null,
          import_id: p.input.importRef?.importId ?? null,
          import_row: p.input.importRef?.row ?? null,
        };
      }),
    );
    // Postgres returns the rows of a multi-row VALUES insert in the order given.
    ids.push(...rows.map((r) => r.id));
  });

  const withIds = planned.map((p, i) => ({ ...p, id: ids[i] as string }));
  await insertChunked(
    withIds.flatMap((p) => p.steps.map((s) => ({ tenant_id: tenantId, workflow_id: p.id, ...s }))),
    (chunk) => workflowStepsRepository.insertMany(tx, chunk),
  );
  await insertChunked(
    withIds.flatMap((p) =>
      assignees(p.input.kind.definition).map((a) => ({
        tenant_id: tenantId,
        workflow_id: p.id,
        added_by: p.input.createdBy,
        ...a,
      })),
    ),
    (chunk) => stepUsersRepository.insertMany(tx, chunk),
  );
  await insertChunked(
    withIds.flatMap((p) => {
      const owners = new Map(
        flattenSteps(p.input.kind.definition).flatMap((s) => s.fields.map((f) => [f.tag, { f, s }])),
      );
      return Object.entries(p.state.answers).flatMap(([tag, value]) => {
        const owner = owners.get(tag);
        if (!owner) return [];
        const columns = answerSearchColumns(owner.f, value);
        const answered = p.answeredAt.get(tag) ?? { at: p.createdAt, by: p.input.createdBy };
        return [
          {
            tenant_id: tenantId,
            workflow_id: p.id,
            field_tag: tag,
            step_tag: owner.s.tag,
            version: 1,
            value: JSON.stringify(value),
            text_value: columns.text,
            number_value: columns.number,
            date_value: columns.date,
            answered_by: answered.by,
            answered_at: answered.at,
          },
        ];
      });
    }),
    (chunk) => answersRepository.insertMany(tx, chunk),
  );
  await insertChunked(
    records.map((r) => ({
      tenant_id: tenantId,
      workflow_id: ids[r.index] as string,
      field_tag: r.field.tag,
      record_id: r.recordId,
    })),
    (chunk) => workflowRecordLinksRepository.insertMany(tx, chunk),
  );
  await insertChunked(
    withIds.flatMap((p) =>
      p.alerts.map((a) => ({ tenant_id: tenantId, workflow_id: p.id, raised_at: p.updatedAt, ...a })),
    ),
    (chunk) => workflowAlertsRepository.insertMany(tx, chunk),
  );
  await recordActivity(
    tx,
    tenantId,
    withIds.flatMap((p) => p.activity.map((a) => ({ ...a, workflowId: p.id }))),
  );
  return ids;
}
