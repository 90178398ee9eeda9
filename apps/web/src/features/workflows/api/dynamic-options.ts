import { DynamicOptionsSchema, WORKFLOW_PATHS } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';

// Under the area's ['workflows'] prefix, so invalidating the area refreshes the lists too.
export const dynamicOptionsKey = (workflowId: number, fieldTag: string) =>
  ['workflows', 'dynamic-options', workflowId, fieldTag] as const;

// Spec 1 §7: GET api/v2/dynamic_lov/workflow/{id}/{field_tag}/ — regions, business units of the
// workflow's region, users, as {label, value}.
export function dynamicOptionsQueryOptions(workflowId: number, fieldTag: string) {
  return queryOptions({
    queryKey: dynamicOptionsKey(workflowId, fieldTag),
    queryFn: ({ signal }) =>
      http.get(WORKFLOW_PATHS.dynamicLov(workflowId, fieldTag), DynamicOptionsSchema, { signal }),
  });
}

export function useDynamicOptions(workflowId: number, fieldTag: string) {
  return useQuery(dynamicOptionsQueryOptions(workflowId, fieldTag));
}
