import {
  BATCH_IMPORT_PATHS,
  type BatchImport,
  BatchImportSchema,
  type BatchImportState,
  BatchImportsPageSchema,
  type ImportMappingRequest,
  ImportRowsPageSchema,
} from '@attest/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request } from '../../../lib/api/http-client';
import { batchImportKeys, type ImportListParams, type ImportRowsParams } from './batch-import-keys';

// Plan §4.4: while the server works on an import the page asks again every second.
export const IMPORT_POLL_MS = 1000;
const WORKING_STATES: ReadonlySet<BatchImportState> = new Set([
  'parsing',
  'validating',
  'queued',
  'running',
  'undoing',
]);
const LIST_POLL_MS = 5000;
export const isWorking = (state: BatchImportState) => WORKING_STATES.has(state);

// The page shows refusals beside the action that met them, not the app-wide reaction.
const ACTION_STATUSES = [400, 403, 404, 409] as const;

export const importsQueryOptions = (params: ImportListParams) =>
  queryOptions({
    queryKey: batchImportKeys.list(params),
    queryFn: ({ signal }) =>
      http.get(BATCH_IMPORT_PATHS.imports, BatchImportsPageSchema, { query: params, signal }),
    placeholderData: keepPreviousData,
    // An import under way on the page moves on by itself; the list follows it, less often.
    refetchInterval: (query) =>
      query.state.data?.results.some((item) => isWorking(item.state)) ? LIST_POLL_MS : false,
  });

export const importQueryOptions = (id: number) =>
  queryOptions({
    queryKey: batchImportKeys.detail(id),
    queryFn: ({ signal }) =>
      http.get(BATCH_IMPORT_PATHS.import(id), BatchImportSchema, { signal, handledStatuses: [403, 404] }),
    refetchInterval: (query) =>
      query.state.data && isWorking(query.state.data.state) ? IMPORT_POLL_MS : false,
  });

export const importRowsQueryOptions = (id: number, params: ImportRowsParams) =>
  queryOptions({
    queryKey: batchImportKeys.rows(id, params),
    queryFn: ({ signal }) =>
      http.get(BATCH_IMPORT_PATHS.rows(id), ImportRowsPageSchema, { query: params, signal }),
    placeholderData: keepPreviousData,
  });

export const useImports = (params: ImportListParams) => useQuery(importsQueryOptions(params));
export const useImport = (id: number) => useQuery({ ...importQueryOptions(id), enabled: id > 0 });
export const useImportRows = (id: number, params: ImportRowsParams, enabled = true) =>
  useQuery({ ...importRowsQueryOptions(id, params), enabled: enabled && id > 0 });

// Every action answers the import as it now is: the page shows it at once; its rows and the list are
// asked again.
function useImportAction<T>(
  id: number,
  action: (input: T) => Promise<BatchImport>,
  alsoChanged: (input: T) => readonly (readonly unknown[])[] = () => [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (answer, input) => {
      queryClient.setQueryData(batchImportKeys.detail(id), answer);
      void queryClient.invalidateQueries({ queryKey: [...batchImportKeys.detail(id), 'rows'] });
      for (const queryKey of alsoChanged(input)) void queryClient.invalidateQueries({ queryKey });
      return queryClient.invalidateQueries({ queryKey: batchImportKeys.lists() });
    },
  });
}

// A mapping saved by name (save_as) joins the type's saved mappings.
export const useSetImportMapping = (id: number) =>
  useImportAction(
    id,
    (body: ImportMappingRequest) =>
      request(BATCH_IMPORT_PATHS.mapping(id), BatchImportSchema, {
        method: 'PUT',
        body,
        handledStatuses: ACTION_STATUSES,
      }),
    (body) => (body.save_as ? [batchImportKeys.mappings()] : []),
  );

export const useRunImport = (id: number) =>
  useImportAction(id, () =>
    http.post(BATCH_IMPORT_PATHS.run(id), {}, BatchImportSchema, { handledStatuses: ACTION_STATUSES }),
  );

export const useUndoImport = (id: number) =>
  useImportAction(id, () =>
    http.post(BATCH_IMPORT_PATHS.undo(id), {}, BatchImportSchema, { handledStatuses: ACTION_STATUSES }),
  );
