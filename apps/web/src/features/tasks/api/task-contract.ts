import { TASK_ACTION_MESSAGES, type TaskActionCode } from '@attest/shared';

// The tasks contract (issue 16) as this feature uses it: the shared schemas, plus the list of
// refusal codes the web app translates (tasks.errors.*).
export {
  type CreateDelegationRequest,
  type Delegation,
  DelegationSchema,
  DelegationsSchema,
  FollowUpSchema,
  ReassignTasksResponseSchema,
  TASK_ACTION_PATHS,
  TASK_COUNT_LIMIT,
  TASK_DUE_BUCKETS,
  TASK_PAGE_SIZE,
  TASK_SORTS,
  TASK_TABS,
  TASKS_PATHS,
  type TaskActionCode,
  TaskActionOkSchema,
  type TaskAssignee,
  type TaskCounts,
  TaskCountsSchema,
  type TaskDueBucket,
  TaskListPageSchema,
  type TaskRef,
  type TaskRow,
  type TaskSort,
  type TaskTab,
  type TaskType,
} from '@attest/shared';

export const TASK_ACTION_CODES = Object.keys(TASK_ACTION_MESSAGES) as TaskActionCode[];
