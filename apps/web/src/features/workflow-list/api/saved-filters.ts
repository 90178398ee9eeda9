import { PREFERENCE_PATHS, type Preference, PreferenceSchema, PreferencesPageSchema } from '@attest/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, send } from '../../../lib/api/http-client';
import { dashboardKeys } from './dashboard-keys';

// Saved filters are the user's preferences of kind saved_filters (spec 2 §3.6); each keeps the
// dashboard's URL query, so applying one is navigating to it.
export async function getSavedFilters(signal?: AbortSignal): Promise<Preference[]> {
  const { results } = await http.get(PREFERENCE_PATHS.preferences, PreferencesPageSchema, {
    query: { kind: 'saved_filters' },
    signal,
  });
  return results;
}

export const savedFiltersQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.savedFilters(), queryFn: ({ signal }) => getSavedFilters(signal) });

export function useSavedFilters() {
  return useQuery(savedFiltersQueryOptions());
}

export function savedFilterQuery(preference: Preference): string {
  const query = preference.value.query;
  return typeof query === 'string' ? query : '';
}

export function useSaveFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, query }: { name: string; query: string }) =>
      http.post(
        PREFERENCE_PATHS.preferences,
        { kind: 'saved_filters', name, value: { query } },
        PreferenceSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.savedFilters() }),
  });
}

export function useDeleteSavedFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await send(PREFERENCE_PATHS.preference(id), { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.savedFilters() }),
  });
}
