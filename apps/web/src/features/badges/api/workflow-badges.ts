import { BADGE_PATHS, WorkflowBadgesSchema } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { badgeKeys } from './badge-keys';

// The badges a workflow holds, for its page's header (the server evaluates a just-changed workflow).
// `version` (the workflow's updated_at) makes a new key whenever an answer or a step changes it.
export const workflowBadgesQueryOptions = (workflowId: number, version: string) =>
  queryOptions({
    queryKey: [...badgeKeys.workflow(workflowId), version],
    queryFn: async ({ signal }) =>
      (await http.get(BADGE_PATHS.workflow(workflowId), WorkflowBadgesSchema, { signal })).results,
    staleTime: 0,
  });

export function useWorkflowBadges(workflowId: number, version: string) {
  return useQuery({
    ...workflowBadgesQueryOptions(workflowId, version),
    placeholderData: (previous) => previous,
  });
}
