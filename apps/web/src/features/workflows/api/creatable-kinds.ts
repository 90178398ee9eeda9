import { CreatableKindsPageSchema, WORKFLOW_PATHS } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { KINDS_LIMIT } from './kinds';
import { workflowKeys } from './workflow-keys';

// The kinds the signed-in person may create, each with the regions and business units they may
// create it in: the server decides both by the create endpoint's own rule, so the web app never
// offers what a create would refuse.
export async function getCreatableKinds(signal?: AbortSignal) {
  const { results } = await http.get(WORKFLOW_PATHS.creatableKinds, CreatableKindsPageSchema, {
    query: { limit: KINDS_LIMIT },
    signal,
  });
  return results;
}

export const creatableKindsQueryOptions = () =>
  queryOptions({
    queryKey: workflowKeys.creatableKinds(),
    queryFn: ({ signal }) => getCreatableKinds(signal),
  });

export function useCreatableKinds(enabled = true) {
  return useQuery({ ...creatableKindsQueryOptions(), enabled });
}
