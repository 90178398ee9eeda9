import {
  commonCatalogue,
  type FilterAttribute,
  type ReportColumnOption,
  type ReportKind,
  reportColumnOptions,
} from '@attest/shared';
import type { ComboboxItem, ComboboxItemGroup } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { kindFieldsQueryOptions } from '../../workflow-list';
import type { ColumnFacts } from '../lib/builder/builder-edits';

const COMMON = commonCatalogue();

export type ColumnOptions = {
  options: ReportColumnOption[];
  bySource: Map<string, ReportColumnOption>;
  // The kind's filter catalogue (the common one without a kind): what the filters name.
  filterCatalogue: readonly FilterAttribute[];
  loading: boolean;
  // "Cycle time", or with its step: "Details: Completed at".
  labelOf: (source: string) => string;
  facts: (source: string) => ColumnFacts;
  // Select data grouped as a person reads the kind: process, then each step group, step, fields.
  // `chosen` sources the options lack (a kind still loading, a column the kind no longer has)
  // are listed too, by their stored title, so a pill never shows a raw path.
  selectData: (
    keep: (option: ReportColumnOption) => boolean,
    chosen?: readonly { source: string; label: string | null }[],
  ) => ComboboxItemGroup<ComboboxItem>[];
};

// Object Report scopes (issue 18) are named here so the kinds compile; the builder offers them in
// a later slice (plan §6), which adds their translations.
const ATTRIBUTE_KEYS: Record<Exclude<ReportColumnOption['scope'], 'field'>, string> = {
  record: 'reports.builder.recordAttributes',
  record_field: 'reports.builder.recordAttributes',
  linked_workflow: 'reports.attributes',
  workflow: 'reports.attributes',
  step: 'reports.builder.stepAttributes',
  step_group: 'reports.builder.stepGroupAttributes',
  integration_call: 'reports.builder.integrationCallAttributes',
  email: 'reports.builder.emailAttributes',
};

// The columns a report of this kind can read (spec 2 §3.4), from the workflow kind's advanced
// filter catalogue (fields/export-json/?active_kind=, the dashboard's), with translated names.
export function useColumnOptions(reportKind: ReportKind, kindId: number | null): ColumnOptions {
  const { t } = useTranslation();
  const catalogue = useQuery({ ...kindFieldsQueryOptions(kindId ?? 0), enabled: kindId !== null });
  const kindCatalogue = kindId === null ? null : (catalogue.data?.results ?? null);
  const options = useMemo(() => reportColumnOptions(reportKind, kindCatalogue), [reportKind, kindCatalogue]);
  const bySource = useMemo(() => new Map(options.map((o) => [o.source, o])), [options]);

  const shortLabel = useCallback(
    (option: ReportColumnOption) =>
      option.scope === 'field'
        ? (option.label ?? option.source)
        : t(`${ATTRIBUTE_KEYS[option.scope]}.${option.attribute}`),
    [t],
  );
  const labelOf = useCallback(
    (source: string) => {
      const option = bySource.get(source);
      if (!option) return source;
      const short = shortLabel(option);
      return option.group_label && option.scope !== 'field' ? `${option.group_label}: ${short}` : short;
    },
    [bySource, shortLabel],
  );
  const facts = useCallback(
    (source: string): ColumnFacts => {
      const option = bySource.get(source);
      return {
        label: labelOf(source),
        data_type: option?.data_type ?? null,
        field_type: option?.field_type ?? null,
      };
    },
    [bySource, labelOf],
  );
  const selectData = useCallback(
    (
      keep: (option: ReportColumnOption) => boolean,
      chosen: readonly { source: string; label: string | null }[] = [],
    ) => {
      const groups = new Map<string, ComboboxItemGroup<ComboboxItem>>();
      for (const option of options) {
        if (!keep(option)) continue;
        const heading =
          option.scope === 'step_group'
            ? t('reports.builder.columns.stepGroup', { name: option.group_label })
            : option.scope === 'step'
              ? t('reports.builder.columns.step', { name: option.group_label })
              : option.scope === 'field'
                ? t('reports.builder.columns.fields', { name: option.group_label })
                : t(`reports.builder.columns.${option.scope}`);
        const group = groups.get(heading) ?? { group: heading, items: [] };
        group.items.push({ value: option.source, label: labelOf(option.source) });
        groups.set(heading, group);
      }
      const missing = [...new Map(chosen.map((c) => [c.source, c])).values()].filter(
        (c) => !bySource.has(c.source),
      );
      if (missing.length > 0) {
        groups.set('', {
          group: t('reports.builder.columns.unavailable'),
          items: missing.map((c) => ({ value: c.source, label: c.label || c.source })),
        });
      }
      return [...groups.values()];
    },
    [options, bySource, labelOf, t],
  );
  return {
    options,
    bySource,
    filterCatalogue: kindCatalogue ?? COMMON,
    loading: kindId !== null && catalogue.isPending,
    labelOf,
    facts,
    selectData,
  };
}
