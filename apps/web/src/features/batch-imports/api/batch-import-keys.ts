// The imports list as the page asks for it: only what the URL holds.
export type ImportListParams = { limit: number; offset: number };
export type ImportRowsParams = { limit: number; offset: number; problems?: 'only' | undefined };
// The saved mappings of one object type or workflow kind.
export type SavedMappingsParams =
  | { target: 'records'; object_type: string }
  | { target: 'workflows'; kind_id: number };

// TanStack Query keys of the batch-imports feature (plan §7: one key factory).
export const batchImportKeys = {
  all: ['batch-imports'] as const,
  lists: () => [...batchImportKeys.all, 'list'] as const,
  list: (params: ImportListParams) => [...batchImportKeys.lists(), params] as const,
  detail: (id: number) => [...batchImportKeys.all, 'import', id] as const,
  rows: (id: number, params: ImportRowsParams) => [...batchImportKeys.detail(id), 'rows', params] as const,
  mappings: () => [...batchImportKeys.all, 'mappings'] as const,
  mappingsOf: (params: SavedMappingsParams) => [...batchImportKeys.mappings(), params] as const,
};
