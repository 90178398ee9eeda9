import type { BatchUpdateChanges } from '@attest/shared';
import type { TFunction } from 'i18next';
import { formatValue } from './item-values';

export type PlaceNames = {
  region: (id: number) => string | undefined;
  businessUnit: (id: number) => string | undefined;
};

// What an update changes, one short line per change ("Region: Europe"), for the list and the page.
export function changeSummary(
  t: TFunction,
  changes: BatchUpdateChanges,
  names: PlaceNames,
  fieldLabels: ReadonlyMap<string, string> = new Map(),
): string[] {
  const lines: string[] = [];
  if (changes.region_id !== undefined)
    lines.push(
      t('batchUpdates.summary.region', {
        value: names.region(changes.region_id) ?? `#${changes.region_id}`,
      }),
    );
  if (changes.business_unit_id !== undefined)
    lines.push(
      t('batchUpdates.summary.businessUnit', {
        value:
          changes.business_unit_id === null
            ? t('batchUpdates.values.none')
            : (names.businessUnit(changes.business_unit_id) ?? `#${changes.business_unit_id}`),
      }),
    );
  if (changes.status_tag !== undefined)
    lines.push(t('batchUpdates.summary.status', { value: changes.status_tag }));
  for (const [tag, value] of Object.entries(changes.answers ?? {}))
    lines.push(
      t('batchUpdates.summary.answer', { field: fieldLabels.get(tag) ?? tag, value: formatValue(t, value) }),
    );
  for (const change of changes.assignees ?? [])
    lines.push(
      t('batchUpdates.summary.assignees', {
        step: change.step_tag,
        added: change.add.length,
        removed: change.remove.length,
      }),
    );
  return lines;
}
