import { WORKFLOW_PATHS, WorkflowKindsPageSchema } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { workflowKeys } from './workflow-keys';

// Spec 1 §7: workflow-kinds/?limit=200.
export const KINDS_LIMIT = 200;

export async function getWorkflowKinds(signal?: AbortSignal) {
  const { results } = await http.get(WORKFLOW_PATHS.kinds, WorkflowKindsPageSchema, {
    query: { limit: KINDS_LIMIT },
    signal,
  });
  return results;
}

export const workflowKindsQueryOptions = () =>
  queryOptions({ queryKey: workflowKeys.kinds(), queryFn: ({ signal }) => getWorkflowKinds(signal) });

export function useWorkflowKinds(enabled = true) {
  return useQuery({ ...workflowKindsQueryOptions(), enabled });
}
