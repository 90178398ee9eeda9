import { z } from 'zod';
import { readItem, removeItem, writeItem } from '../../../lib/storage/safe-storage';
import { STORAGE_KEYS } from '../../../lib/storage/storage-keys';
import { TASK_DUE_BUCKETS } from '../api/task-contract';

// Spec 1 §4: a person's task filters survive logout (STORAGE_KEYS.taskFilters is preserved), so
// they live in local storage, not in the URL. Unknown or broken stored values fall back to none.
const Id = z.number().int().min(1).nullable().catch(null);
export const TaskFiltersSchema = z.object({
  kind_id: Id,
  status_id: Id,
  due: z.enum(TASK_DUE_BUCKETS).nullable().catch(null),
  region_id: Id,
  business_unit_id: Id,
  assignee_id: Id,
});
export type TaskFilters = z.infer<typeof TaskFiltersSchema>;

export const NO_TASK_FILTERS: TaskFilters = {
  kind_id: null,
  status_id: null,
  due: null,
  region_id: null,
  business_unit_id: null,
  assignee_id: null,
};

export function loadTaskFilters(storage: Storage = localStorage): TaskFilters {
  const raw = readItem(storage, STORAGE_KEYS.taskFilters);
  if (!raw) return NO_TASK_FILTERS;
  try {
    const parsed = TaskFiltersSchema.safeParse({ ...NO_TASK_FILTERS, ...JSON.parse(raw) });
    return parsed.success ? parsed.data : NO_TASK_FILTERS;
  } catch {
    return NO_TASK_FILTERS;
  }
}

export function saveTaskFilters(filters: TaskFilters, storage: Storage = localStorage): void {
  if (activeFilterCount(filters) === 0) removeItem(storage, STORAGE_KEYS.taskFilters);
  else writeItem(storage, STORAGE_KEYS.taskFilters, JSON.stringify(filters));
}

// A status belongs to a kind and a business unit to a region: changing the parent clears the child.
export function changeFilter<K extends keyof TaskFilters>(
  filters: TaskFilters,
  key: K,
  value: TaskFilters[K],
): TaskFilters {
  const next = { ...filters, [key]: value };
  if (key === 'kind_id') next.status_id = null;
  if (key === 'region_id') next.business_unit_id = null;
  return next;
}

export function activeFilterCount(filters: TaskFilters): number {
  return Object.values(filters).filter((value) => value !== null).length;
}
