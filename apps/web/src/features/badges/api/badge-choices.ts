import { BADGE_PATHS, WorkflowBadgesSchema } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { badgeKeys } from './badge-keys';

// The tenant's live badges (label in the person's language, colour, icon), which the list's badge
// filter offers; anyone signed in may read them. A badge change invalidates `badgeKeys.all`.
export const badgeChoicesQueryOptions = () =>
  queryOptions({
    queryKey: badgeKeys.choices(),
    queryFn: async ({ signal }) =>
      (await http.get(BADGE_PATHS.choices, WorkflowBadgesSchema, { signal })).results,
    staleTime: 5 * 60_000,
  });

export function useBadgeChoices(enabled = true) {
  return useQuery({ ...badgeChoicesQueryOptions(), enabled });
}
