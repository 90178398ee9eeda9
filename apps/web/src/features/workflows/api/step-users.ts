import { StepUsersSchema, WORKFLOW_PATHS } from '@attest/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { sendWorkflowAction } from './workflow-action-error';
import { workflowKeys } from './workflow-keys';

export function getStepUsers(id: number, stepTag: string, signal?: AbortSignal) {
  return http.get(WORKFLOW_PATHS.stepUsers(id, stepTag), StepUsersSchema, { signal });
}

export const stepUsersQueryOptions = (id: number, stepTag: string) =>
  queryOptions({
    queryKey: workflowKeys.stepUsers(id, stepTag),
    queryFn: ({ signal }) => getStepUsers(id, stepTag, signal),
  });

export function useStepUsers(id: number, stepTag: string, enabled = true) {
  return useQuery({ ...stepUsersQueryOptions(id, stepTag), enabled });
}

type Assignee = { user_id: number } | { group_id: number };

// Step users change the step's assignees, shown on its task row: the detail is read again.
function useRefresh(id: number, stepTag: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: workflowKeys.stepUsers(id, stepTag) }),
      queryClient.invalidateQueries({ queryKey: workflowKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: workflowKeys.activity(id) }),
    ]);
}

export function useAddStepUser(id: number, stepTag: string) {
  const refresh = useRefresh(id, stepTag);
  return useMutation({
    mutationFn: (body: Assignee) =>
      sendWorkflowAction(WORKFLOW_PATHS.stepUsers(id, stepTag), StepUsersSchema, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useRemoveStepUser(id: number, stepTag: string) {
  const refresh = useRefresh(id, stepTag);
  return useMutation({
    mutationFn: (assigneeId: number) =>
      sendWorkflowAction(WORKFLOW_PATHS.stepUser(id, stepTag, assigneeId), StepUsersSchema, {
        method: 'DELETE',
      }),
    onSuccess: refresh,
  });
}
