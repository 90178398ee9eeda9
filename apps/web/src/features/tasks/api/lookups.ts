import {
  AvailableStatusesPageSchema,
  MAX_PAGE_SIZE,
  SUBSCRIPTION_PATHS,
  UserListSchema,
  WORKFLOW_PATHS,
} from '@attest/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { kindsQueryOptions } from '../../workflow-list';
import { taskKeys } from './task-keys';

// The filter and picker choices, from the dashboard's lookup endpoints (regions and business units
// come from the workflow list's own hooks). Choices rarely change within a visit.
const CHOICES_STALE_MS = 5 * 60_000;

// The dashboard's own kinds query: one request and one cache entry for both pages.
export const useTaskKinds = () => useQuery(kindsQueryOptions());

// A status belongs to its kind: the status filter lists the chosen kind's statuses only.
export const useKindStatuses = (kindId: number | null) =>
  useQuery({
    queryKey: taskKeys.statuses(kindId),
    queryFn: async ({ signal }) =>
      (
        await http.get(WORKFLOW_PATHS.statuses, AvailableStatusesPageSchema, {
          query: { limit: MAX_PAGE_SIZE, kind_id: kindId ?? undefined },
          signal,
        })
      ).results,
    staleTime: CHOICES_STALE_MS,
    enabled: kindId !== null,
  });

// The tenant's active people (the user list the dashboard's person filter uses). A supplier is
// refused; the assignee filter and the pickers then stay empty rather than warning.
export const useTaskPeople = (enabled: boolean) =>
  useQuery({
    queryKey: taskKeys.people(),
    queryFn: async ({ signal }) =>
      (await http.get(SUBSCRIPTION_PATHS.userList, UserListSchema, { query: { limit: 'none' }, signal }))
        .results,
    staleTime: CHOICES_STALE_MS,
    enabled,
    retry: false,
  });
