import { z } from 'zod';
import { text } from '../validators/input-limits.js';

// Issue 16, acting on tasks (spec 2 §3.10; the anchors: Camunda Tasklist's claim that never overrides
// an assignee, ProcessMaker's manager reassigning a team's work, Bonita's delegation for a date range).
// A task is named by its workflow and step tag, as the workflow API names a step.

const base = '/api/v1/tasks';
export const TASK_ACTION_PATHS = {
  claim: (workflowId: number, stepTag: string) =>
    `${base}/${workflowId}/${encodeURIComponent(stepTag)}/claim/`,
  unclaim: (workflowId: number, stepTag: string) =>
    `${base}/${workflowId}/${encodeURIComponent(stepTag)}/unclaim/`,
  followUp: (workflowId: number, stepTag: string) =>
    `${base}/${workflowId}/${encodeURIComponent(stepTag)}/follow-up/`,
  reassign: `${base}/reassign/`,
  delegations: '/api/v1/task-delegations/',
  delegation: (id: number) => `/api/v1/task-delegations/${id}/`,
} as const;

// At most this many tasks in one reassignment: one transaction, one lock per workflow.
export const REASSIGN_MAX_TASKS = 100;

// The refusals of task actions: `code` is the key, `detail` the English sentence; the web app
// translates by code. task_already_claimed's sentence names who holds the task (claimedMessage).
export const TASK_ACTION_MESSAGES = {
  task_already_claimed: 'Someone else has already claimed this task.',
  task_not_open: 'This step is not open, so it is not a task anyone can act on.',
  task_not_claimable: 'Only a task of one of your groups, or one nobody holds, can be claimed.',
  task_not_claimed_by_you: 'You can only unclaim a task you claimed yourself.',
  reassign_not_allowed: "Reassigning tasks needs the permission 'Can undo a step'.",
  reassign_user_not_found: 'The person to reassign to does not exist.',
  reassign_user_cannot_see: 'The person to reassign to cannot see this workflow.',
  reassign_duplicate_task: 'The same task is listed twice.',
  delegation_self: 'You cannot delegate your tasks to yourself.',
  delegation_user_not_found: 'The person to delegate to does not exist.',
  delegation_ends_in_past: 'The delegation must end today or later.',
  delegation_ends_before_start: 'The delegation cannot end before it starts.',
  delegation_overlaps: 'You already delegate your tasks during part of these dates.',
} as const;
export type TaskActionCode = keyof typeof TASK_ACTION_MESSAGES;

export function claimedMessage(holder: string): string {
  return `${holder} has already claimed this task.`;
}

const Id = z.number().int().min(1);
const IdParam = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 53);
const Tag = text().min(1).max(200);
export const DateOnlySchema = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.')
  .refine(isRealDay, { message: 'This date does not exist.' });

// 2026-02-30 parses in some engines (as 2 March); a real day survives the round trip.
function isRealDay(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

export const TaskParamsSchema = z.object({ workflow_id: IdParam, step_tag: Tag });
export type TaskParams = z.infer<typeof TaskParamsSchema>;
export const TaskRefSchema = z.object({ workflow_id: Id, step_tag: Tag }).strict();
export type TaskRef = z.infer<typeof TaskRefSchema>;

export const TaskActionOkSchema = z.object({ ok: z.literal(true) });

export const ReassignTasksRequestSchema = z
  .object({ tasks: z.array(TaskRefSchema).min(1).max(REASSIGN_MAX_TASKS), user_id: Id })
  .strict();
export type ReassignTasksRequest = z.infer<typeof ReassignTasksRequestSchema>;
export const ReassignTasksResponseSchema = z.object({ results: z.array(TaskRefSchema) });

export const FollowUpRequestSchema = z.object({ follow_up_on: DateOnlySchema.nullable() }).strict();
export type FollowUpRequest = z.infer<typeof FollowUpRequestSchema>;
export const FollowUpSchema = z.object({
  workflow_id: Id,
  step_tag: Tag,
  follow_up_on: DateOnlySchema.nullable(),
});
export type FollowUp = z.infer<typeof FollowUpSchema>;

const PersonRefSchema = z.object({ id: Id, name: text() });

// Who acts for whom, and when: both people see it (given / received); `active` when today is in range.
export const DelegationSchema = z.object({
  id: Id,
  delegator: PersonRefSchema,
  delegate: PersonRefSchema,
  starts_on: DateOnlySchema,
  ends_on: DateOnlySchema,
  active: z.boolean(),
});
export type Delegation = z.infer<typeof DelegationSchema>;
export const DelegationsSchema = z.object({
  given: z.array(DelegationSchema),
  received: z.array(DelegationSchema),
});
export type Delegations = z.infer<typeof DelegationsSchema>;

export const CreateDelegationRequestSchema = z
  .object({ delegate_id: Id, starts_on: DateOnlySchema, ends_on: DateOnlySchema })
  .strict();
export type CreateDelegationRequest = z.infer<typeof CreateDelegationRequestSchema>;
export const DelegationParamsSchema = z.object({ id: IdParam });
