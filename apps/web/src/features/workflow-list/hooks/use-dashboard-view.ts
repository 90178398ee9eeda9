import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useKinds } from '../api/lookups';
import { type DashboardView, decodeDashboardSearch } from '../lib/dashboard-state';

// What the header needs of the dashboard (spec 1 §2: the export icon shows in the kind view only,
// for the chosen kind): read from the URL, the dashboard's one source of state.
export function useDashboardView(personalised: boolean) {
  const [search] = useSearchParams();
  const state = useMemo(
    () => decodeDashboardSearch(search, personalised ? 'my_stuff' : 'kind'),
    [search, personalised],
  );
  const kinds = useKinds();
  const kind = kinds.data?.find((k) => k.id === state.list.kind_id);
  return {
    view: state.view as DashboardView,
    list: state.list,
    kind: kind ? { id: kind.id, name: kind.name } : null,
  };
}
