import {
  BADGE_PATHS,
  type BadgeDefinition,
  type BadgeDefinitionCreate,
  BadgeDefinitionSchema,
  BadgeDefinitionsPageSchema,
  type BadgeDefinitionUpdate,
  BadgeDeletionSchema,
} from '@attest/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, parseJson, send } from '../../../lib/api/http-client';
import { badgeKeys } from './badge-keys';

export const BADGES_PAGE_SIZE = 20;

// A page of the settings list (1-based), searched by label and tag, live or archived.
export type BadgeListParams = { page: number; q: string; archived: boolean };

export function getBadgeDefinitions({ page, q, archived }: BadgeListParams) {
  return http.get(BADGE_PATHS.definitions, BadgeDefinitionsPageSchema, {
    query: {
      limit: BADGES_PAGE_SIZE,
      offset: (page - 1) * BADGES_PAGE_SIZE,
      q: q.trim() || undefined,
      archived: String(archived),
    },
  });
}

// A definition whose rule change is being applied is read again every two seconds for its progress.
export const badgeDefinitionsQueryOptions = (params: BadgeListParams) =>
  queryOptions({
    queryKey: badgeKeys.list(params),
    queryFn: () => getBadgeDefinitions(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.results.some((b) => b.recompute !== null) ? 2_000 : false),
  });

export function useBadgeDefinitions(params: BadgeListParams) {
  return useQuery(badgeDefinitionsQueryOptions(params));
}

export function createBadgeDefinition(body: BadgeDefinitionCreate): Promise<BadgeDefinition> {
  return http.post(BADGE_PATHS.definitions, body, BadgeDefinitionSchema);
}

export async function updateBadgeDefinition({
  id,
  ...changes
}: BadgeDefinitionUpdate & { id: number }): Promise<BadgeDefinition> {
  const response = await send(BADGE_PATHS.definition(id), { method: 'PATCH', body: changes });
  return parseJson(response, BadgeDefinitionSchema);
}

export async function deleteBadgeDefinition(id: number) {
  const response = await send(BADGE_PATHS.definition(id), { method: 'DELETE' });
  return parseJson(response, BadgeDeletionSchema);
}

function useInvalidateBadges() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: badgeKeys.all });
}

export function useCreateBadgeDefinition() {
  return useMutation({ mutationFn: createBadgeDefinition, onSuccess: useInvalidateBadges() });
}

export function useUpdateBadgeDefinition() {
  return useMutation({ mutationFn: updateBadgeDefinition, onSuccess: useInvalidateBadges() });
}

export function useDeleteBadgeDefinition() {
  return useMutation({ mutationFn: deleteBadgeDefinition, onSuccess: useInvalidateBadges() });
}
