import { BATCH_IMPORT_PATHS, type BatchImport, SavedImportMappingsPageSchema } from '@attest/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, send } from '../../../lib/api/http-client';
import { batchImportKeys, type SavedMappingsParams } from './batch-import-keys';

// A type has a handful of saved mappings; the picker lists them all.
const SAVED_MAPPINGS_LIMIT = 100;

export function savedMappingsParams(item: Pick<BatchImport, 'target' | 'object_type' | 'kind'>) {
  if (item.target === 'records')
    return item.object_type ? ({ target: 'records', object_type: item.object_type.tag } as const) : null;
  return item.kind ? ({ target: 'workflows', kind_id: item.kind.id } as const) : null;
}

export const savedMappingsQueryOptions = (params: SavedMappingsParams) =>
  queryOptions({
    queryKey: batchImportKeys.mappingsOf(params),
    queryFn: ({ signal }) =>
      http.get(BATCH_IMPORT_PATHS.mappings, SavedImportMappingsPageSchema, {
        query: { ...params, limit: SAVED_MAPPINGS_LIMIT },
        signal,
      }),
  });

// Only those who may perform imports read them (the route's permission).
export const useSavedMappings = (params: SavedMappingsParams | null, enabled: boolean) =>
  useQuery({
    ...savedMappingsQueryOptions(params ?? { target: 'records', object_type: '' }),
    enabled: enabled && params !== null,
  });

export function useDeleteSavedMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await send(BATCH_IMPORT_PATHS.savedMapping(id), { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: batchImportKeys.mappings() }),
  });
}
