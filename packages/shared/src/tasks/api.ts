import { z } from 'zod';
import { BadgeChipSchema } from '../badges/definitions.js';
import { text } from '../validators/input-limits.js';

// Issue 16, the task inbox (docs/tasks.md; spec 2 §3.10 task row, §9.2, §9.4 the four task views). A
// task is an open step of a live workflow the viewer can see, seen from one of four tabs:
// - mine: the viewer is a user assignee of the step;
// - group: one of the viewer's groups is an assignee (claimed ones too, showing who claimed them);
// - delegated: a user assignee delegates to the viewer today (task_delegations);
// - all: every open step the viewer can see; offered only to holders of 'Can undo a step' (the
//   coordinator's right to reassign).

export const TASK_TABS = ['mine', 'group', 'delegated', 'all'] as const;
export type TaskTab = (typeof TASK_TABS)[number];

// Spec 2 §3.10 task types. The list answers locked, delayed, to-be-delayed, assistedByAI, my-task and
// neutral (an open step is never completed or hidden; FYI rows are not tasks of ours).
export const TASK_TYPES = [
  'completed',
  'delayed',
  'to-be-delayed',
  'hidden',
  'FYI',
  'locked',
  'my-task',
  'neutral',
  'assistedByAI',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

// Due filters, by the due date (the step's SLA breach) and UTC calendar days: overdue (past due),
// today (due later today), week (due from tomorrow to the 7th day from today), later, none (no SLA).
export const TASK_DUE_BUCKETS = ['overdue', 'today', 'week', 'later', 'none'] as const;
export type TaskDueBucket = (typeof TASK_DUE_BUCKETS)[number];

// due: soonest due first, steps without a due date last; age: longest open first; workflow: by
// workflow id (then step). A '-' sort is the exact reverse of its plain one.
export const TASK_SORTS = ['due', '-due', 'age', '-age', 'workflow'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

// A step due within this many hours is 'to-be-delayed'.
export const TASK_DUE_SOON_HOURS = 24;

// The tab counts are exact up to this many tasks; above, a count answers TASK_COUNT_LIMIT + 1 and a
// badge shows "1000+" (spec 2 §9.2 overflowCount).
export const TASK_COUNT_LIMIT = 1000;

export const TASK_PAGE_SIZE = 50;
export const TASK_MAX_PAGE_SIZE = 100;

export const TASKS_PATHS = {
  list: '/api/v1/tasks/',
  counts: '/api/v1/tasks/counts/',
} as const;

const IdParam = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 53);

// The filters both the list and the counts take.
export const TaskFiltersSchema = z.object({
  kind_id: IdParam.optional(),
  status_id: IdParam.optional(),
  region_id: IdParam.optional(),
  business_unit_id: IdParam.optional(),
  // A user assignee of the step.
  assignee_id: IdParam.optional(),
  due: z.enum(TASK_DUE_BUCKETS).optional(),
});
export type TaskFilters = z.infer<typeof TaskFiltersSchema>;

export const TaskListQuerySchema = TaskFiltersSchema.extend({
  tab: z.enum(TASK_TABS),
  sort: z.enum(TASK_SORTS).default('due'),
  limit: z.coerce.number().int().min(1).max(TASK_MAX_PAGE_SIZE).default(TASK_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type TaskListQuery = z.infer<typeof TaskListQuerySchema>;

export const TaskCountsQuerySchema = TaskFiltersSchema;
export type TaskCountsQuery = z.infer<typeof TaskCountsQuerySchema>;

const Id = z.number().int();
const Named = z.object({ id: Id, name: text() });

export const TaskAssigneeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), id: Id, name: text() }),
  z.object({ kind: z.literal('group'), id: Id, name: text() }),
]);
export type TaskAssignee = z.infer<typeof TaskAssigneeSchema>;

export const TaskRowSchema = z.object({
  workflow_id: Id,
  workflow_name: text(),
  kind: z.object({ id: Id, tag: text(), name: text() }),
  status: z.object({ id: Id, name: text(), color_code: text() }).nullable(),
  // Names from the workflow's own definition version.
  step: z.object({ tag: text(), name: text() }),
  step_group: z.object({ tag: text(), name: text() }),
  region: Named,
  business_unit: Named.nullable(),
  // ISO timestamps: when the step opened, and its SLA breach (the due date).
  opened_at: text().nullable(),
  due_at: text().nullable(),
  // Whole days past due_at; 0 unless overdue.
  overdue_days: z.number().int(),
  // The viewer's own follow-up date, YYYY-MM-DD.
  follow_up_on: text().nullable(),
  assignees: z.array(TaskAssigneeSchema),
  // On a group step: the person who holds it (a user assignee), else null.
  claimed_by: Named.nullable(),
  // On the delegated tab: the person the viewer acts for.
  delegated_from: Named.nullable(),
  // Open alerts raised on the step, and the strongest one's colour (R, A or G).
  alert_count: z.number().int(),
  alert_color: text().nullable(),
  // The connector of the step's integration, when it has one.
  integration: text().nullable(),
  // Issue 19: the badges the workflow holds (the row shows a few and counts the rest as N+).
  badges: z.array(BadgeChipSchema).optional(),
  is_locked: z.boolean(),
  type: z.enum(TASK_TYPES),
  actions: z.object({ claim: z.boolean(), unclaim: z.boolean(), reassign: z.boolean() }),
});
export type TaskRow = z.infer<typeof TaskRowSchema>;

export const TaskListPageSchema = z.object({
  results: z.array(TaskRowSchema),
  count: z.number().int(),
  // True when count is the planner's estimate (above TASK_COUNT_LIMIT tasks).
  count_is_estimate: z.boolean(),
  next: text().nullable(),
  previous: text().nullable(),
});
export type TaskListPage = z.infer<typeof TaskListPageSchema>;

// Per tab; null when the tab is not offered to the viewer: all without 'Can undo a step'; a supplier
// (third-party) user is offered only their own tasks (mine).
export const TaskCountsSchema = z.object({
  mine: z.number().int().nullable(),
  group: z.number().int().nullable(),
  delegated: z.number().int().nullable(),
  all: z.number().int().nullable(),
});
export type TaskCounts = z.infer<typeof TaskCountsSchema>;
