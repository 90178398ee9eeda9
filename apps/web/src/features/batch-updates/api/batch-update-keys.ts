import type { BatchUpdateItemOutcome } from '@attest/shared';

// TanStack Query keys of the batch-updates feature (plan §7: one key factory).
export const batchUpdateKeys = {
  all: ['batch-updates'] as const,
  lists: () => [...batchUpdateKeys.all, 'list'] as const,
  list: (page: number) => [...batchUpdateKeys.lists(), page] as const,
  update: (id: number) => [...batchUpdateKeys.all, 'update', id] as const,
  items: (id: number, page: number, outcome: BatchUpdateItemOutcome | null) =>
    [...batchUpdateKeys.update(id), 'items', page, outcome] as const,
  outcomeCount: (id: number, outcome: BatchUpdateItemOutcome) =>
    [...batchUpdateKeys.update(id), 'items', 'count', outcome] as const,
};
