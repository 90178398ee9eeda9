import { WORKFLOW_PATHS } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/api/http-client';
import { homeKeys } from './home-keys';

// Whether the person may start any workflow at all (the creatable kinds' count; one row is enough):
// without it "Start a workflow" would show the tenant's invitation to start one and no button.
const CountSchema = z.object({ count: z.number().int() });

export async function getCanStart(signal?: AbortSignal) {
  const page = await http.get(WORKFLOW_PATHS.creatableKinds, CountSchema, { query: { limit: 1 }, signal });
  return page.count > 0;
}

export const canStartQueryOptions = () =>
  queryOptions({ queryKey: homeKeys.canStart(), queryFn: ({ signal }) => getCanStart(signal) });

export function useCanStart() {
  return useQuery(canStartQueryOptions());
}
