import { WORKFLOW_PATHS } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/api/http-client';

// The contract's DynamicOptionsSchema names values as strings; record lists (regions, units, users)
// carry ids, which are read either way and kept as strings for the select.
const OptionsSchema = z.object({
  results: z.array(
    z.object({ label: z.string(), value: z.union([z.string(), z.number()]).transform(String) }),
  ),
});

// Under the area's ['workflows'] prefix, so invalidating the area refreshes the lists too.
export const dynamicOptionsKey = (workflowId: number, fieldTag: string) =>
  ['workflows', 'dynamic-options', workflowId, fieldTag] as const;

// Spec 1 §7: GET api/v2/dynamic_lov/workflow/{id}/{field_tag}/ — regions, business units of the
// workflow's region, users, as {label, value}.
export function dynamicOptionsQueryOptions(workflowId: number, fieldTag: string) {
  return queryOptions({
    queryKey: dynamicOptionsKey(workflowId, fieldTag),
    queryFn: ({ signal }) =>
      http.get(WORKFLOW_PATHS.dynamicLov(workflowId, fieldTag), OptionsSchema, { signal }),
  });
}

export function useDynamicOptions(workflowId: number, fieldTag: string) {
  return useQuery(dynamicOptionsQueryOptions(workflowId, fieldTag));
}
