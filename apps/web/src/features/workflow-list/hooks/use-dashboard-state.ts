import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type DashboardAction,
  type DashboardState,
  type DashboardView,
  dashboardReducer,
  decodeDashboardSearch,
  encodeDashboardSearch,
} from '../lib/dashboard-state';

// All the dashboard's state lives in its URL (reload and shared links give the same view): read it,
// apply an action with the pure reducer, write the result back. Filter changes replace the history
// entry (typing a search must not fill the back button); paging pushes one.
export function useDashboardState(defaultView: DashboardView) {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => decodeDashboardSearch(search, defaultView), [search, defaultView]);

  const dispatch = useCallback(
    (action: DashboardAction) => {
      setSearch(
        (current) => {
          const from = decodeDashboardSearch(current, defaultView);
          const next = dashboardReducer(from, action);
          return next === from ? current : encodeDashboardSearch(next, defaultView);
        },
        { replace: action.type !== 'page' },
      );
    },
    [setSearch, defaultView],
  );

  // Applying a saved filter: its query becomes the URL, in the current view.
  const applyQuery = useCallback(
    (query: string) => {
      const next: DashboardState = { ...decodeDashboardSearch(new URLSearchParams(query), defaultView) };
      next.view = state.view;
      setSearch(encodeDashboardSearch(next, defaultView));
    },
    [setSearch, defaultView, state.view],
  );

  return { state, dispatch, applyQuery };
}
