import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendTaskAction } from './send-task-action';
import {
  FollowUpSchema,
  ReassignTasksResponseSchema,
  TASK_ACTION_PATHS,
  TaskActionOkSchema,
  type TaskRef,
} from './task-contract';
import { taskKeys } from './task-keys';

// Every action, done or refused, changes what the lists show (a 409 means someone else acted):
// the tasks area refetches either way.
function useRefetchTasks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: taskKeys.all });
}

export function useClaimTask() {
  const refetch = useRefetchTasks();
  return useMutation({
    mutationFn: (task: TaskRef) =>
      sendTaskAction(TASK_ACTION_PATHS.claim(task.workflow_id, task.step_tag), TaskActionOkSchema, {
        method: 'POST',
        body: {},
      }),
    onSettled: refetch,
  });
}

export function useUnclaimTask() {
  const refetch = useRefetchTasks();
  return useMutation({
    mutationFn: (task: TaskRef) =>
      sendTaskAction(TASK_ACTION_PATHS.unclaim(task.workflow_id, task.step_tag), TaskActionOkSchema, {
        method: 'POST',
        body: {},
      }),
    onSettled: refetch,
  });
}

export function useReassignTasks() {
  const refetch = useRefetchTasks();
  return useMutation({
    mutationFn: (body: { tasks: TaskRef[]; user_id: number }) =>
      sendTaskAction(TASK_ACTION_PATHS.reassign, ReassignTasksResponseSchema, { method: 'POST', body }),
    onSettled: refetch,
  });
}

export function useSetFollowUp() {
  const refetch = useRefetchTasks();
  return useMutation({
    mutationFn: ({ task, followUpOn }: { task: TaskRef; followUpOn: string | null }) =>
      sendTaskAction(TASK_ACTION_PATHS.followUp(task.workflow_id, task.step_tag), FollowUpSchema, {
        method: 'PUT',
        body: { follow_up_on: followUpOn },
      }),
    onSettled: refetch,
  });
}
