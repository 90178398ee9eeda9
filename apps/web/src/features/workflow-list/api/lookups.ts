import {
  ADMIN_PATHS,
  AvailableStatusesPageSchema,
  BusinessUnitsPageSchema,
  MAX_PAGE_SIZE,
  RegionsPageSchema,
  WORKFLOW_PATHS,
  WorkflowKindsPageSchema,
} from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { dashboardKeys } from './dashboard-keys';

// The filter bar's choices (spec 1 §7): kinds (limit 200), statuses, regions, business units.
// Regions and business units are those the person may see (the server answers no others), so
// useRegions and useAllBusinessUnits are the pickers every region or unit filter uses (issue 14).
export const KINDS_LIMIT = 200;
// Choices rarely change within a visit.
const CHOICES_STALE_MS = 5 * 60_000;

export const kindsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.kinds(),
    queryFn: async ({ signal }) =>
      (
        await http.get(WORKFLOW_PATHS.kinds, WorkflowKindsPageSchema, {
          query: { limit: KINDS_LIMIT },
          signal,
        })
      ).results,
    staleTime: CHOICES_STALE_MS,
  });

export const statusesQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.statuses(),
    queryFn: async ({ signal }) =>
      (
        await http.get(WORKFLOW_PATHS.statuses, AvailableStatusesPageSchema, {
          query: { limit: MAX_PAGE_SIZE },
          signal,
        })
      ).results,
    staleTime: CHOICES_STALE_MS,
  });

export const regionsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.regions(),
    queryFn: async ({ signal }) =>
      (await http.get(ADMIN_PATHS.regions, RegionsPageSchema, { query: { limit: MAX_PAGE_SIZE }, signal }))
        .results,
    staleTime: CHOICES_STALE_MS,
  });

export const businessUnitsQueryOptions = (regionIds: readonly number[]) =>
  queryOptions({
    queryKey: dashboardKeys.businessUnits(regionIds),
    queryFn: async ({ signal }) =>
      (
        await http.get(ADMIN_PATHS.businessUnits, BusinessUnitsPageSchema, {
          query:
            regionIds.length > 0
              ? { limit: MAX_PAGE_SIZE, region__in: regionIds.join(',') }
              : { limit: MAX_PAGE_SIZE },
          signal,
        })
      ).results,
    staleTime: CHOICES_STALE_MS,
  });

export const useKinds = () => useQuery(kindsQueryOptions());
export const useStatuses = () => useQuery(statusesQueryOptions());
export const useRegions = () => useQuery(regionsQueryOptions());
// Spec 1 §4: business units are chosen within the selected regions.
export const useBusinessUnits = (regionIds: readonly number[]) =>
  useQuery({ ...businessUnitsQueryOptions(regionIds), enabled: regionIds.length > 0 });
// Every business unit, for the advanced filter's business-unit values.
export const useAllBusinessUnits = (enabled: boolean) =>
  useQuery({ ...businessUnitsQueryOptions([]), enabled });
