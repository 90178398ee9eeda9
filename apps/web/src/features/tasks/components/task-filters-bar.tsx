import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppSelect } from '../../../components/app-select';
import { useAllBusinessUnits, useRegions } from '../../workflow-list';
import { useKindStatuses, useTaskKinds, useTaskPeople } from '../api/lookups';
import { TASK_DUE_BUCKETS, TASK_SORTS, type TaskSort } from '../api/task-contract';
import { activeFilterCount, changeFilter, NO_TASK_FILTERS, type TaskFilters } from '../lib/task-filters';

type Props = {
  filters: TaskFilters;
  onFiltersChange: (filters: TaskFilters) => void;
  sort: TaskSort;
  onSortChange: (sort: TaskSort) => void;
};

const idValue = (id: number | null) => (id === null ? null : String(id));

// A filter whose choices have loaded empty (or were refused: a supplier may not list people or
// regions) can offer nothing, so it is left out; one still holding a stored value stays, to be cleared.
export function offersChoices(
  choices: { isSuccess: boolean; isError: boolean; data?: readonly unknown[] },
  value: unknown,
): boolean {
  if (value !== null) return true;
  if (choices.isError) return false;
  return !choices.isSuccess || (choices.data?.length ?? 0) > 0;
}
const idOf = (value: string | null) => (value ? Number(value) : null);
const SELECT_WIDTH = 180;
const SORT_LABELS: Record<TaskSort, string> = {
  due: 'dueSoonest',
  '-due': 'dueLatest',
  age: 'oldest',
  '-age': 'newest',
  workflow: 'workflow',
};

// Kind, status (of the kind), due, region, business unit (of the region), assignee; and the sort.
export function TaskFiltersBar({ filters, onFiltersChange, sort, onSortChange }: Props) {
  const { t } = useTranslation();
  const kinds = useTaskKinds();
  const statuses = useKindStatuses(filters.kind_id);
  const regions = useRegions();
  const units = useAllBusinessUnits(true);
  const people = useTaskPeople(true);
  const showKind = offersChoices(kinds, filters.kind_id);
  const showRegion = offersChoices(regions, filters.region_id);
  const showUnit = offersChoices(units, filters.business_unit_id);
  const showAssignee = offersChoices(people, filters.assignee_id);
  const set = <K extends keyof TaskFilters>(key: K, value: TaskFilters[K]) =>
    onFiltersChange(changeFilter(filters, key, value));
  const common = { clearable: true, searchable: true, size: 'xs', w: SELECT_WIDTH } as const;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" role="group" aria-label={t('tasks.filters.label')}>
      {showKind && (
        <AppSelect
          {...common}
          loading={kinds.isLoading}
          label={t('tasks.filters.kind')}
          placeholder={t('tasks.filters.any')}
          data={(kinds.data ?? []).map((k) => ({ value: String(k.id), label: k.name }))}
          value={idValue(filters.kind_id)}
          onChange={(v) => set('kind_id', idOf(v))}
        />
      )}
      {showKind && (
        <AppSelect
          {...common}
          loading={statuses.isLoading}
          label={t('tasks.filters.status')}
          placeholder={filters.kind_id === null ? t('tasks.filters.chooseKindFirst') : t('tasks.filters.any')}
          disabled={filters.kind_id === null}
          data={(statuses.data ?? []).map((s) => ({ value: String(s.id), label: s.display_name }))}
          value={idValue(filters.status_id)}
          onChange={(v) => set('status_id', idOf(v))}
        />
      )}
      <AppSelect
        {...common}
        searchable={false}
        label={t('tasks.filters.due')}
        placeholder={t('tasks.filters.any')}
        data={TASK_DUE_BUCKETS.map((d) => ({ value: d, label: t(`tasks.due.${d}`) }))}
        value={filters.due}
        onChange={(v) => set('due', TASK_DUE_BUCKETS.find((d) => d === v) ?? null)}
      />
      {showRegion && (
        <AppSelect
          {...common}
          loading={regions.isLoading}
          label={t('tasks.filters.region')}
          placeholder={t('tasks.filters.any')}
          data={(regions.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
          value={idValue(filters.region_id)}
          onChange={(v) => set('region_id', idOf(v))}
        />
      )}
      {showUnit && (
        <AppSelect
          {...common}
          loading={units.isLoading}
          label={t('tasks.filters.businessUnit')}
          placeholder={t('tasks.filters.any')}
          data={(units.data ?? [])
            .filter((u) => filters.region_id === null || u.region_id === filters.region_id)
            .map((u) => ({ value: String(u.id), label: u.name }))}
          value={idValue(filters.business_unit_id)}
          onChange={(v) => set('business_unit_id', idOf(v))}
        />
      )}
      {showAssignee && (
        <AppSelect
          {...common}
          loading={people.isLoading}
          label={t('tasks.filters.assignee')}
          placeholder={t('tasks.filters.any')}
          disabled={people.isError}
          data={(people.data ?? []).map((p) => ({ value: String(p.id), label: p.name || p.email }))}
          value={idValue(filters.assignee_id)}
          onChange={(v) => set('assignee_id', idOf(v))}
        />
      )}
      <AppSelect
        size="xs"
        w={SELECT_WIDTH}
        label={t('tasks.sort.label')}
        data={TASK_SORTS.map((s) => ({ value: s, label: t(`tasks.sort.${SORT_LABELS[s]}`) }))}
        value={sort}
        allowDeselect={false}
        onChange={(v) => onSortChange(TASK_SORTS.find((s) => s === v) ?? 'due')}
      />
      {activeFilterCount(filters) > 0 && (
        <Button size="xs" variant="subtle" onClick={() => onFiltersChange(NO_TASK_FILTERS)}>
          {t('tasks.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
