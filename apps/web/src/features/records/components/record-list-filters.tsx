import { CloseButton, Group, MultiSelect, Switch, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllBusinessUnits, useRegions } from '../../workflow-list';
import type { RecordListState } from '../lib/list-url-state';

type RecordListFiltersProps = {
  state: RecordListState;
  hasRegion: boolean;
  hasBusinessUnit: boolean;
  onChange: (next: Partial<RecordListState>) => void;
};

const SEARCH_DELAY_MS = 300;
const toValues = (ids: readonly number[]) => ids.map(String);
const toIds = (values: readonly string[]) => values.map(Number);

// The records list's filters: a title search, and the places when the type has them (plan §3.1).
export function RecordListFilters({ state, hasRegion, hasBusinessUnit, onChange }: RecordListFiltersProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(state.q);
  const [debounced] = useDebouncedValue(search, SEARCH_DELAY_MS);
  const regions = useRegions();
  const units = useAllBusinessUnits(hasBusinessUnit);

  // The URL changed under the box (back, clear): the box follows it.
  useEffect(() => setSearch(state.q), [state.q]);
  // Only a settled search asks the server again: a URL change alone (state.q, onChange) must not
  // write the box's older text back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the debounced text only
  useEffect(() => {
    if (debounced.trim() !== state.q) onChange({ q: debounced.trim(), page: 1 });
  }, [debounced]);

  const unitChoices = (units.data ?? []).filter(
    (unit) => state.regions.length === 0 || state.regions.includes(unit.region_id),
  );

  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <TextInput
        label={t('records.list.search')}
        placeholder={t('records.list.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          search ? (
            <CloseButton
              aria-label={t('records.list.clearSearch')}
              onClick={() => {
                setSearch('');
                onChange({ q: '', page: 1 });
              }}
            />
          ) : null
        }
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        w={240}
      />
      {hasRegion && (
        <MultiSelect
          label={t('records.list.region')}
          placeholder={state.regions.length === 0 ? t('records.list.anyRegion') : undefined}
          data={(regions.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
          value={toValues(state.regions)}
          onChange={(values) => onChange({ regions: toIds(values), page: 1 })}
          clearable
          searchable
          w={220}
        />
      )}
      {hasBusinessUnit && (
        <MultiSelect
          label={t('records.list.businessUnit')}
          placeholder={state.businessUnits.length === 0 ? t('records.list.anyBusinessUnit') : undefined}
          data={unitChoices.map((u) => ({ value: String(u.id), label: u.name }))}
          value={toValues(state.businessUnits)}
          onChange={(values) => onChange({ businessUnits: toIds(values), page: 1 })}
          clearable
          searchable
          w={220}
        />
      )}
      <Switch
        label={t('records.list.showArchived')}
        checked={state.archived}
        onChange={(event) => onChange({ archived: event.currentTarget.checked, page: 1 })}
        mb={8}
      />
    </Group>
  );
}
