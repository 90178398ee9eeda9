import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { loadTaskFilters, saveTaskFilters, type TaskFilters } from '../lib/task-filters';
import { readTaskUrl, type TaskUrlState, writeTaskUrl } from '../lib/task-query';

// The tab, view, sort and page live in the URL; the filters in local storage (kept across logout).
// A new filter or sort goes back to the first page.
export function useTaskPageState() {
  const [params, setParams] = useSearchParams();
  const url = readTaskUrl(params);
  const [filters, setFiltersState] = useState<TaskFilters>(() => loadTaskFilters());
  useEffect(() => saveTaskFilters(filters), [filters]);
  const setUrl = useCallback(
    (patch: Partial<TaskUrlState>) => setParams((current) => writeTaskUrl(current, patch), { replace: true }),
    [setParams],
  );
  const setFilters = useCallback(
    (next: TaskFilters) => {
      setFiltersState(next);
      setUrl({ page: 1 });
    },
    [setUrl],
  );
  return { ...url, filters, setUrl, setFilters };
}
