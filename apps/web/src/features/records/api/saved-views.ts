import { PREFERENCE_PATHS, type Preference, PreferenceSchema, PreferencesPageSchema } from '@attest/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, send } from '../../../lib/api/http-client';
import { recordKeys } from './record-keys';

// Saved views of a records list are the user's preferences of kind saved_record_views (plan §7):
// each keeps one object type's list state as its URL query, so opening one is navigating to it.
export type SavedRecordView = { id: number; name: string; query: string };

// The kind's preferences are few (PREFERENCES_PER_KIND_MAX); one request holds them all, and the
// type's own are picked here.
export async function getSavedRecordViews(tag: string, signal?: AbortSignal): Promise<SavedRecordView[]> {
  const { results } = await http.get(PREFERENCE_PATHS.preferences, PreferencesPageSchema, {
    query: { kind: 'saved_record_views' },
    signal,
  });
  return results.filter((view) => view.value.object_type === tag).map(toView);
}

function toView(preference: Preference): SavedRecordView {
  const query = preference.value.query;
  return { id: preference.id, name: preference.name, query: typeof query === 'string' ? query : '' };
}

export const savedRecordViewsQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: recordKeys.savedViews(tag),
    queryFn: ({ signal }) => getSavedRecordViews(tag, signal),
  });

export function useSavedRecordViews(tag: string) {
  return useQuery(savedRecordViewsQueryOptions(tag));
}

export function useSaveRecordView(tag: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, query }: { name: string; query: string }) =>
      http.post(
        PREFERENCE_PATHS.preferences,
        { kind: 'saved_record_views', name, value: { object_type: tag, query } },
        PreferenceSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.savedViewsAll() }),
  });
}

export function useDeleteRecordView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await send(PREFERENCE_PATHS.preference(id), { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.savedViewsAll() }),
  });
}
