import type { BatchUpdateItem } from '@attest/shared';
import type { TFunction } from 'i18next';

export type ValueChange = { key: string; label: string; before: string; after: string | null };

type Dict = Record<string, unknown>;
const isDict = (value: unknown): value is Dict =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// A value as the preview shows it: a place or person by its name, a list joined, nothing as a dash.
export function formatValue(t: TFunction, value: unknown): string {
  if (value === null || value === undefined || value === '') return t('batchUpdates.values.none');
  if (Array.isArray(value)) {
    return value.length === 0
      ? t('batchUpdates.values.none')
      : value.map((v) => formatValue(t, v)).join(', ');
  }
  if (isDict(value)) {
    for (const key of ['name', 'label', 'title', 'value'] as const) {
      const shown = value[key];
      if (typeof shown === 'string' || typeof shown === 'number') return String(shown);
    }
    return JSON.stringify(value);
  }
  if (typeof value === 'boolean') return t(value ? 'batchUpdates.values.yes' : 'batchUpdates.values.no');
  return String(value);
}

// Before and after hold only what the update changes (shared BatchUpdateItemSchema): answers and
// assignees by field and step tag, the rest by name. One row per changed thing.
export function itemChanges(
  t: TFunction,
  item: Pick<BatchUpdateItem, 'before' | 'after'>,
  fieldLabels: ReadonlyMap<string, string> = new Map(),
): ValueChange[] {
  const after = item.after;
  const rows: ValueChange[] = [];
  const keys = [...new Set([...Object.keys(item.before), ...Object.keys(after ?? {})])];
  for (const key of keys) {
    const before = item.before[key];
    const next = after?.[key];
    if (key === 'answers' || key === 'assignees') {
      const beforeDict = isDict(before) ? before : {};
      const afterDict = isDict(next) ? next : {};
      for (const tag of [...new Set([...Object.keys(beforeDict), ...Object.keys(afterDict)])]) {
        rows.push({
          key: `${key}.${tag}`,
          label:
            key === 'answers'
              ? (fieldLabels.get(tag) ?? tag)
              : t('batchUpdates.values.assignees', { step: tag }),
          before: formatValue(t, beforeDict[tag]),
          after: after === null ? null : formatValue(t, afterDict[tag]),
        });
      }
      continue;
    }
    rows.push({
      key,
      label: KNOWN_LABELS[key] ? t(KNOWN_LABELS[key]) : key,
      before: formatValue(t, before),
      after: after === null ? null : formatValue(t, next),
    });
  }
  return rows;
}

const KNOWN_LABELS: Record<string, string> = {
  region: 'batchUpdates.change.region',
  region_id: 'batchUpdates.change.region',
  business_unit: 'batchUpdates.change.businessUnit',
  business_unit_id: 'batchUpdates.change.businessUnit',
  status_tag: 'batchUpdates.change.status',
  status: 'batchUpdates.change.status',
};
