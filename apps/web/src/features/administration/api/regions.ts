import { ADMIN_PATHS, BusinessUnitsPageSchema, MAX_PAGE_SIZE, RegionsPageSchema } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { adminKeys } from './admin-keys';

export async function getRegions() {
  const { results } = await http.get(ADMIN_PATHS.allRegions, RegionsPageSchema, {
    query: { limit: MAX_PAGE_SIZE },
  });
  return results;
}

export async function getBusinessUnits() {
  const { results } = await http.get(ADMIN_PATHS.allBusinessUnits, BusinessUnitsPageSchema, {
    query: { limit: MAX_PAGE_SIZE },
  });
  return results;
}

export const regionsQueryOptions = () => queryOptions({ queryKey: adminKeys.regions(), queryFn: getRegions });
export const businessUnitsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.businessUnits(), queryFn: getBusinessUnits });

export function useRegions() {
  return useQuery(regionsQueryOptions());
}

export function useBusinessUnits() {
  return useQuery(businessUnitsQueryOptions());
}
