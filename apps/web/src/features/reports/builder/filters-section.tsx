import {
  type ConditionGroup,
  conditionGroupOfReportFilters,
  reportFiltersOfConditionGroup,
} from '@attest/shared';
import { Skeleton, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBuilder, useAllBusinessUnits, useRegions } from '../../workflow-list';
import { withFilters } from '../lib/builder/builder-edits';
import type { BuilderForm } from '../lib/builder/builder-form';
import type { ColumnOptions } from './use-column-options';

// Section 3: the dashboard's advanced filter builder over the kind's catalogue; the report stores
// the group under §3.8's names (builder-filters.ts in shared converts both ways).
export function FiltersSection({
  form,
  onChange,
  columns,
}: {
  form: BuilderForm;
  onChange: (form: BuilderForm) => void;
  columns: ColumnOptions;
}) {
  const { t } = useTranslation();
  const regions = useRegions();
  const units = useAllBusinessUnits(true);
  const choices = useMemo(
    () => ({
      regions: (regions.data ?? []).map((r) => ({ value: String(r.id), label: r.name })),
      businessUnits: (units.data ?? []).map((u) => ({ value: String(u.id), label: u.name })),
    }),
    [regions.data, units.data],
  );
  const value = useMemo(() => conditionGroupOfReportFilters(form.config.filters), [form.config.filters]);
  if (form.config.report_kind === 'email_delivery') {
    return (
      <Text fz="sm" c="dimmed">
        {t('reports.builder.filtersNotForEmail')}
      </Text>
    );
  }
  if (columns.loading) {
    return (
      <Stack gap="xs">
        <Skeleton h={32} />
        <Skeleton h={32} />
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Text fz="xs" c="dimmed">
        {t(
          form.config.kind_id === null
            ? 'reports.builder.filtersCommonHint'
            : 'reports.builder.filtersKindHint',
        )}
      </Text>
      <FilterBuilder
        catalogue={columns.filterCatalogue}
        value={value}
        onChange={(group: ConditionGroup) =>
          onChange({ ...form, config: withFilters(form.config, reportFiltersOfConditionGroup(group)) })
        }
        choices={choices}
      />
    </Stack>
  );
}
