import { SUBSCRIPTION_PATHS, UserListSchema } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { dashboardKeys } from './dashboard-keys';

// The tenant's active people (spec 1 §7 user list; limit=none answers the whole directory), for
// the advanced filter's person values: chosen by name, stored by id. Suppliers are refused (403);
// the builder then falls back to typing an id.
export const peopleQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.people(),
    queryFn: async ({ signal }) =>
      (await http.get(SUBSCRIPTION_PATHS.userList, UserListSchema, { query: { limit: 'none' }, signal }))
        .results,
    staleTime: 5 * 60_000,
  });

export const usePeople = (enabled: boolean) => useQuery({ ...peopleQueryOptions(), enabled });
