import {
  DATE_FILTER_TYPES,
  type DateFilterType,
  endOfDayStamp,
  startOfDayStamp,
  type WorkflowKind,
  type WorkflowListState,
} from '@attest/shared';
import { Button, Chip, Group, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppMultiSelect, AppSelect } from '../../../components/app-select';
import { useBusinessUnits, useRegions } from '../api/lookups';
import { useDebouncedInput } from '../hooks/use-debounced-input';
import type { DashboardAction } from '../lib/dashboard-state';
import { DateRangeFilter } from './date-range-filter';

// The tenant's own words for an empty Region or Business unit filter (spec 1 §3); null: ours.
export type FilterPlaceholders = { Region: string | null; Business: string | null };

type FilterBarProps = {
  list: WorkflowListState;
  kinds: WorkflowKind[];
  dispatch: (action: DashboardAction) => void;
  filtered: boolean;
  placeholders?: FilterPlaceholders;
};

const toIds = (values: string[]) => values.map(Number).filter((n) => Number.isInteger(n) && n > 0);
const toValues = (ids: readonly number[]) => ids.map(String);

// Status choices: the chosen kind's statuses, or every kind's grouped under its name (status ids are
// per kind, so 'Draft' of two kinds is two choices).
function statusChoices(kinds: WorkflowKind[], kindId: number | undefined) {
  const kind = kinds.find((k) => k.id === kindId);
  if (kind) return kind.available_statuses.map((s) => ({ value: String(s.id), label: s.display_name }));
  return kinds
    .filter((k) => k.available_statuses.length > 0)
    .map((k) => ({
      group: k.name,
      items: k.available_statuses.map((s) => ({ value: String(s.id), label: s.display_name })),
    }));
}

// Spec 1 §3 filter names: search, kind, status, region, business unit, dates, my task.
export function FilterBar({ list, kinds, dispatch, filtered, placeholders }: FilterBarProps) {
  const { t } = useTranslation();
  const regions = useRegions();
  const units = useBusinessUnits(list.region__in);
  const [search, setSearch] = useDebouncedInput(list.q ?? '', (q) => dispatch({ type: 'search', q }));

  return (
    <Group gap="xs" wrap="wrap" align="center">
      <TextInput
        aria-label={t('dashboard.filters.search')}
        placeholder={t('dashboard.filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        rightSection={
          search ? (
            <IconX
              size={14}
              style={{ cursor: 'pointer' }}
              aria-label={t('dashboard.filters.clearSearch')}
              onClick={() => {
                setSearch('');
                dispatch({ type: 'search', q: '' });
              }}
            />
          ) : null
        }
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        w={170}
      />
      <AppSelect
        aria-label={t('dashboard.filters.kind')}
        placeholder={t('dashboard.filters.allKinds')}
        data={kinds.map((k) => ({ value: String(k.id), label: k.name }))}
        value={list.kind_id === undefined ? null : String(list.kind_id)}
        onChange={(value) => dispatch({ type: 'kind', kindId: value ? Number(value) : undefined })}
        clearable
        searchable
        // Wide enough for a kind's name with the clear button ('Supplier Onboarding' was cut off).
        w={220}
        comboboxProps={{ withinPortal: true }}
      />
      <AppMultiSelect
        aria-label={t('dashboard.filters.status')}
        placeholder={list.status__in.length === 0 ? t('dashboard.filters.anyStatus') : undefined}
        data={statusChoices(kinds, list.kind_id)}
        value={toValues(list.status__in)}
        onChange={(values) => dispatch({ type: 'statuses', ids: toIds(values) })}
        clearable
        searchable
        maxValues={50}
        w={190}
        styles={{ pillsList: { flexWrap: 'nowrap', overflow: 'hidden' } }}
      />
      <AppMultiSelect
        aria-label={t('dashboard.filters.region')}
        loading={regions.isLoading}
        placeholder={
          list.region__in.length === 0
            ? (placeholders?.Region ?? t('dashboard.filters.anyRegion'))
            : undefined
        }
        data={(regions.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
        value={toValues(list.region__in)}
        onChange={(values) => dispatch({ type: 'regions', ids: toIds(values) })}
        clearable
        searchable
        w={190}
        styles={{ pillsList: { flexWrap: 'nowrap', overflow: 'hidden' } }}
      />
      <AppMultiSelect
        aria-label={t('dashboard.filters.businessUnit')}
        loading={units.isLoading}
        placeholder={
          list.region__in.length === 0
            ? t('dashboard.filters.businessUnit')
            : list.business_unit__in.length === 0
              ? (placeholders?.Business ?? t('dashboard.filters.anyBusinessUnit'))
              : undefined
        }
        disabled={list.region__in.length === 0}
        // Spec 1 §4: business units are chosen within the chosen regions.
        title={list.region__in.length === 0 ? t('dashboard.filters.chooseRegionFirst') : undefined}
        data={(units.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
        value={toValues(list.business_unit__in)}
        onChange={(values) => dispatch({ type: 'businessUnits', ids: toIds(values) })}
        clearable
        searchable
        w={190}
        styles={{ pillsList: { flexWrap: 'nowrap', overflow: 'hidden' } }}
      />
      <DateRangeFilter
        type={list.date_filter_type}
        after={list.created_range_after?.slice(0, 10)}
        before={list.created_range_before?.slice(0, 10)}
        types={DATE_FILTER_TYPES}
        onTypeChange={(value: DateFilterType) => dispatch({ type: 'dateFilterType', value })}
        onRangeChange={(after, before) =>
          dispatch({
            type: 'dateRange',
            // Spec 1 §5: absolute ranges are sent as start-of-day UTC stamps.
            after: after ? (startOfDayStamp(after) ?? undefined) : undefined,
            before: before ? (endOfDayStamp(before) ?? undefined) : undefined,
          })
        }
      />
      <Chip
        checked={list.filter_by_group !== undefined}
        onChange={(checked) => dispatch({ type: 'myTasks', value: checked ? 'me' : undefined })}
        variant="outline"
        radius="sm"
      >
        {t('dashboard.filters.myTasks')}
      </Chip>
      {filtered && (
        <Button variant="subtle" color="gray" size="compact-sm" onClick={() => dispatch({ type: 'clear' })}>
          {t('dashboard.filters.clearAll')}
        </Button>
      )}
    </Group>
  );
}
