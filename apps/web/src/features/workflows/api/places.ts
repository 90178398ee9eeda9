import { ADMIN_PATHS, BusinessUnitsPageSchema, MAX_PAGE_SIZE, RegionsPageSchema } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { workflowKeys } from './workflow-keys';

// The region and business-unit choices of the create dialog (spec 1 §7: regions/ and
// business-units/?region__in).
export async function getRegions(signal?: AbortSignal) {
  const { results } = await http.get(ADMIN_PATHS.regions, RegionsPageSchema, {
    query: { limit: MAX_PAGE_SIZE },
    signal,
  });
  return results;
}

export async function getBusinessUnits(regionId: number, signal?: AbortSignal) {
  const { results } = await http.get(ADMIN_PATHS.businessUnits, BusinessUnitsPageSchema, {
    query: { limit: MAX_PAGE_SIZE, region__in: String(regionId) },
    signal,
  });
  return results;
}

export const regionsQueryOptions = () =>
  queryOptions({ queryKey: workflowKeys.regions(), queryFn: ({ signal }) => getRegions(signal) });

export function useRegions(enabled = true) {
  return useQuery({ ...regionsQueryOptions(), enabled });
}

export function useBusinessUnits(regionId: number | null) {
  return useQuery({
    queryKey: workflowKeys.businessUnits(regionId),
    queryFn: ({ signal }) => getBusinessUnits(regionId ?? 0, signal),
    enabled: regionId !== null,
  });
}
