import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportChoices } from '../api/report-choices';

export type ReportChoice = { id: string; name: string };

type Props = {
  value: ReportChoice | null;
  onChange: (choice: ReportChoice | null) => void;
};

// The report a schedule exports: the reports the person may run, searched on the server (a tenant
// may hold thousands), shown with their dashboard.
export function ReportPicker({ value, onChange }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  // While the field shows the chosen name, list everything rather than that one name.
  const query = value && search === value.name ? '' : q;
  const found = useReportChoices(query, true);
  const options = (found.data?.results ?? []).map((r) => ({
    value: String(r.id),
    label: r.dashboard_name ? `${r.name} · ${r.dashboard_name}` : r.name,
  }));
  if (value && !options.some((o) => o.value === value.id))
    options.unshift({ value: value.id, label: value.name });
  const count = found.data?.count ?? 0;
  const more = count > (found.data?.results.length ?? 0);

  return (
    <Select
      label={t('scheduler.form.report')}
      description={
        more ? t('scheduler.form.reportMore', { shown: found.data?.results.length ?? 0, count }) : undefined
      }
      placeholder={t('scheduler.form.reportPlaceholder')}
      required
      searchable
      data={options}
      value={value?.id ?? null}
      onChange={(id, option) => onChange(id === null || option === null ? null : { id, name: option.label })}
      searchValue={search}
      onSearchChange={setSearch}
      // The server searches; every option it answers is a match.
      filter={({ options: all }) => all}
      nothingFoundMessage={
        found.isFetching ? t('scheduler.form.reportLoading') : t('scheduler.form.reportNone')
      }
      comboboxProps={{ withinPortal: true }}
    />
  );
}
