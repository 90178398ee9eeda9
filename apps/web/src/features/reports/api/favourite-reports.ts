import {
  PREFERENCE_PATHS,
  PREFERENCES_PER_KIND_MAX,
  PreferenceSchema,
  PreferencesPageSchema,
} from '@attest/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, send } from '../../../lib/api/http-client';
import { reportKeys } from './report-keys';

// Spec 2 §3.6: favourite reports are the user's favorite_reports preferences, value {report_id}.
export async function getFavouriteReports(): Promise<Map<number, number>> {
  const page = await http.get(PREFERENCE_PATHS.preferences, PreferencesPageSchema, {
    query: { kind: 'favorite_reports', limit: PREFERENCES_PER_KIND_MAX },
  });
  // report id -> preference id
  const favourites = new Map<number, number>();
  for (const preference of page.results) {
    const reportId = Number(preference.value.report_id);
    if (Number.isInteger(reportId)) favourites.set(reportId, preference.id);
  }
  return favourites;
}

export function useFavouriteReports() {
  return useQuery({ queryKey: reportKeys.favourites(), queryFn: getFavouriteReports });
}

type Toggle = { reportId: number; name: string; preferenceId: number | undefined };

// Names are unique per user and kind, so the report's id keeps two reports of one name apart.
async function toggleFavourite({ reportId, name, preferenceId }: Toggle): Promise<void> {
  if (preferenceId !== undefined) {
    await send(PREFERENCE_PATHS.preference(preferenceId), { method: 'DELETE' });
    return;
  }
  await http.post(
    PREFERENCE_PATHS.preferences,
    { kind: 'favorite_reports', name: `${name.slice(0, 80)} #${reportId}`, value: { report_id: reportId } },
    PreferenceSchema,
  );
}

export function useToggleFavouriteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFavourite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.favourites() }),
  });
}
