import {
  commonCatalogue,
  type FilterAttribute,
  type ReportColumnOption,
  type ReportKind,
  recordCatalogue,
  reportColumnOptions,
} from '@attest/shared';
import type { ComboboxItem, ComboboxItemGroup } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfigurationQuery } from '../../configuration';
import { objectTypeQueryOptions, objectTypesQueryOptions } from '../../records';
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

// A field's column (a workflow's or a record's) is named by its field's label; the others by the
// attribute's translation.
const ATTRIBUTE_KEYS: Record<Exclude<ReportColumnOption['scope'], 'field' | 'record_field'>, string> = {
  record: 'reports.builder.recordAttributes',
  linked_workflow: 'reports.attributes',
  workflow: 'reports.attributes',
  step: 'reports.builder.stepAttributes',
  step_group: 'reports.builder.stepGroupAttributes',
  integration_call: 'reports.builder.integrationCallAttributes',
  email: 'reports.builder.emailAttributes',
};

// The columns a report of this kind can read (spec 2 §3.4), from the workflow kind's advanced
// filter catalogue (fields/export-json/?active_kind=, the dashboard's), with translated names.
// An Object Report's columns come from its object type's record catalogue (issue 18): the
// record's own columns, its fields, and the linked workflows' attributes.
export function useColumnOptions(
  reportKind: ReportKind,
  kindId: number | null,
  objectTypeId: number | null = null,
): ColumnOptions {
  const { t } = useTranslation();
  const isObject = reportKind === 'object';
  const catalogue = useQuery({
    ...kindFieldsQueryOptions(kindId ?? 0),
    enabled: kindId !== null && !isObject,
  });
  const types = useQuery({ ...objectTypesQueryOptions(), enabled: isObject });
  const objectTag = isObject ? types.data?.results.find((type) => type.id === objectTypeId)?.tag : undefined;
  const objectType = useQuery({
    ...objectTypeQueryOptions(objectTag ?? ''),
    enabled: objectTag !== undefined,
  });
  const objectDefinition = objectTag === undefined ? undefined : objectType.data?.definition;
  const objectCatalogue = useMemo(
    () => (objectDefinition ? recordCatalogue(objectDefinition) : null),
    [objectDefinition],
  );
  const kindCatalogue = isObject
    ? objectCatalogue
    : kindId === null
      ? null
      : (catalogue.data?.results ?? null);
  // Spec 2 §3.4: the import_pipeline_* columns only while the tenant's ENABLE_STRUCTURED_DATA_OBJECT
  // is on (the server refuses them otherwise).
  const structuredDataObject =
    useConfigurationQuery().data?.feature_toggles?.ENABLE_STRUCTURED_DATA_OBJECT === true;
  const options = useMemo(
    () => reportColumnOptions(reportKind, kindCatalogue, { structuredDataObject }),
    [reportKind, kindCatalogue, structuredDataObject],
  );
  const bySource = useMemo(() => new Map(options.map((o) => [o.source, o])), [options]);

  const shortLabel = useCallback(
    (option: ReportColumnOption) =>
      option.scope === 'field' || option.scope === 'record_field'
        ? (option.label ?? option.source)
        : t(`${ATTRIBUTE_KEYS[option.scope]}.${option.attribute}`),
    [t],
  );
  const labelOf = useCallback(
    (source: string) => {
      const option = bySource.get(source);
      if (!option) return source;
      const short = shortLabel(option);
      // A linked workflow's region is not the record's: its columns say whose they are.
      if (option.scope === 'linked_workflow')
        return `${t('reports.builder.columns.linked_workflow')}: ${short}`;
      return option.group_label && option.scope !== 'field' && option.scope !== 'record_field'
        ? `${option.group_label}: ${short}`
        : short;
    },
    [bySource, shortLabel, t],
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
              : option.scope === 'field' || option.scope === 'record_field'
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
    filterCatalogue: kindCatalogue ?? (isObject ? [] : COMMON),
    loading: isObject
      ? objectTypeId !== null && (types.isPending || (objectTag !== undefined && objectType.isPending))
      : kindId !== null && catalogue.isPending,
    labelOf,
    facts,
    selectData,
  };
}
