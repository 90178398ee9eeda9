import {
  MAX_PAGE_SIZE,
  STUDIO_PATHS,
  StudioActivityPageSchema,
  StudioAppsPageSchema,
  SUBSCRIPTION_PATHS,
  UserListSchema,
} from '@attest/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { studioPageKeys } from './studio-page-keys';

export const STUDIO_ACTIVITY_PAGE_SIZE = 25;

// The activity log's filters as the URL holds them (activity/activity-search-params.ts); `page`
// counts from 1. Dates are whole days (YYYY-MM-DD), both ends included.
export type ActivityFilters = {
  page: number;
  appId: number | null;
  actorId: number | null;
  action: string | null;
  from: string | null;
  to: string | null;
};

export function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export function getStudioActivity(filters: ActivityFilters, signal?: AbortSignal) {
  return http.get(STUDIO_PATHS.activity, StudioActivityPageSchema, {
    query: {
      limit: STUDIO_ACTIVITY_PAGE_SIZE,
      offset: (filters.page - 1) * STUDIO_ACTIVITY_PAGE_SIZE,
      app_id: filters.appId ?? undefined,
      actor_id: filters.actorId ?? undefined,
      action: filters.action ?? undefined,
      from: filters.from ?? undefined,
      // The page's range includes its last day; the API's `to` is exclusive.
      to: filters.to ? dayAfter(filters.to) : undefined,
    },
    signal,
  });
}

export const studioActivityQueryOptions = (filters: ActivityFilters) =>
  queryOptions({
    queryKey: studioPageKeys.activity(filters),
    queryFn: ({ signal }) => getStudioActivity(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useStudioActivity(filters: ActivityFilters) {
  return useQuery(studioActivityQueryOptions(filters));
}

// The apps the filter offers and the rows name, by name (the first page of 200 is every app of
// nearly any tenant; the filter searches the rest).
export function useStudioAppChoices(q: string) {
  return useQuery({
    queryKey: studioPageKeys.appChoices(q),
    queryFn: ({ signal }) =>
      http.get(STUDIO_PATHS.apps, StudioAppsPageSchema, {
        query: { limit: MAX_PAGE_SIZE, q: q || undefined, archived: 'include' },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

// The tenant's directory of active people (spec 1 §7 user list, open to every signed-in member):
// the people pickers, and the names the activity log shows. Bounded by USER_LIST_MAX.
export function useStudioPeople() {
  return useQuery({
    queryKey: studioPageKeys.people(),
    queryFn: ({ signal }) =>
      http.get(SUBSCRIPTION_PATHS.userList, UserListSchema, { query: { limit: 'none' }, signal }),
    staleTime: 5 * 60_000,
    select: (page) => page.results,
  });
}
