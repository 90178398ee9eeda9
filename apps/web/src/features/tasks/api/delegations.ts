import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { sendTaskAction } from './send-task-action';
import {
  type CreateDelegationRequest,
  DelegationSchema,
  DelegationsSchema,
  TASK_ACTION_PATHS,
} from './task-contract';
import { taskKeys } from './task-keys';

export const delegationsQueryOptions = () =>
  queryOptions({
    queryKey: taskKeys.delegations(),
    queryFn: ({ signal }) => http.get(TASK_ACTION_PATHS.delegations, DelegationsSchema, { signal }),
  });

export const useDelegations = (enabled: boolean) => useQuery({ ...delegationsQueryOptions(), enabled });

// A delegation changes whose tasks show in the delegated tab: the whole area refetches.
export function useCreateDelegation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDelegationRequest) =>
      sendTaskAction(TASK_ACTION_PATHS.delegations, DelegationSchema, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

export function useRevokeDelegation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendTaskAction(TASK_ACTION_PATHS.delegation(id), null, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}
