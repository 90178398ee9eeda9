import {
  JOIN_RELATIONS,
  type JoinRelation,
  REPORT_KINDS,
  REPORT_LIMITS,
  REPORT_NAME_MAX_LENGTH,
  type ReportKind,
} from '@attest/shared';
import {
  Badge,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { objectTypesQueryOptions } from '../../records';
import { useReportWorkflowKinds } from '../api/workflow-kinds';
import {
  withColumnRelation,
  withColumns,
  withObjectType,
  withReportKind,
  withWorkflowKind,
} from '../lib/builder/builder-edits';
import type { BuilderForm } from '../lib/builder/builder-form';
import type { ColumnOptions } from './use-column-options';

export type DataSectionProps = {
  form: BuilderForm;
  onChange: (form: BuilderForm) => void;
  columns: ColumnOptions;
  // Email Delivery Reports count every e-mail of the tenant: only for admin-settings holders.
  canReportOnEmail: boolean;
};

// Section 1: what the report is and what it reads (spec 2 §1 report kinds, §3.4 columns, §3.5
// helper columns, §3.6 relations).
export function DataSection({ form, onChange, columns, canReportOnEmail }: DataSectionProps) {
  const { t } = useTranslation();
  const kinds = useReportWorkflowKinds();
  const { config } = form;
  const setConfig = (next: BuilderForm['config']) => onChange({ ...form, config: next });
  const userColumns = config.attributes.filter((a) => a.extra_json.added_by === 'user');
  const helpers = config.attributes.filter((a) => a.extra_json.added_by === 'system');
  const kindOptions = REPORT_KINDS.filter(
    (kind) => kind !== 'email_delivery' || canReportOnEmail || config.report_kind === kind,
  ).map((kind) => ({ value: kind, label: t(`reports.kinds.${kind}`) }));
  const isObject = config.report_kind === 'object';
  const usesWorkflows = config.report_kind !== 'email_delivery' && !isObject;

  return (
    <Stack gap="sm">
      <TextInput
        label={t('reports.builder.name')}
        required
        maxLength={REPORT_NAME_MAX_LENGTH}
        value={form.name}
        onChange={(e) => onChange({ ...form, name: e.currentTarget.value })}
        data-autofocus
      />
      <Textarea
        label={t('reports.builder.descriptionLabel')}
        autosize
        minRows={1}
        maxRows={4}
        maxLength={2000}
        value={form.description}
        onChange={(e) => onChange({ ...form, description: e.currentTarget.value })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('reports.builder.kind')}
          data={kindOptions}
          value={config.report_kind}
          onChange={(value) => value && setConfig(withReportKind(config, value as ReportKind))}
          allowDeselect={false}
        />
        {isObject ? (
          <ObjectTypeSelect
            value={config.object_type_id}
            onChange={(id) => setConfig(withObjectType(config, id))}
          />
        ) : null}
        {usesWorkflows ? (
          <Select
            label={t('reports.builder.workflowKind')}
            placeholder={t('reports.builder.allKinds')}
            data={(kinds.data ?? []).map((kind) => ({ value: String(kind.id), label: kind.name }))}
            value={config.kind_id === null ? null : String(config.kind_id)}
            onChange={(value) => setConfig(withWorkflowKind(config, value ? Number(value) : null))}
            clearable
            searchable
          />
        ) : null}
      </SimpleGrid>
      <MultiSelect
        label={t('reports.builder.columns.label')}
        description={
          isObject
            ? t('reports.builder.object.columnsHint')
            : config.kind_id === null && usesWorkflows
              ? `${t('reports.builder.columns.hint')} ${t('reports.builder.allKindsHint')}`
              : t('reports.builder.columns.hint')
        }
        placeholder={userColumns.length === 0 ? t('reports.builder.columns.placeholder') : undefined}
        data={columns.selectData(
          () => true,
          userColumns.map((a) => ({ source: a.value, label: a.label })),
        )}
        value={userColumns.map((a) => a.value)}
        onChange={(sources) => setConfig(withColumns(config, sources, columns.facts))}
        maxValues={REPORT_LIMITS.attributes}
        searchable
        clearable
        hidePickedOptions
        comboboxProps={{ shadow: 'md' }}
      />
      {helpers.length > 0 ? (
        <Group gap={6} aria-label={t('reports.builder.columns.helpers')} role="group">
          <Tooltip label={t('reports.builder.columns.helpersHint')} multiline w={280} withArrow>
            <Text fz="xs" c="dimmed" tabIndex={0}>
              {t('reports.builder.columns.helpers')}
            </Text>
          </Tooltip>
          {helpers.map((helper) => (
            <Badge key={helper.value} variant="light" color="gray" size="sm" radius="sm" tt="none">
              {columns.labelOf(helper.value)}
            </Badge>
          ))}
        </Group>
      ) : null}
      {config.report_kind === 'orm_workflow' && userColumns.length > 0 ? (
        <Stack gap={6}>
          <Text fz="xs" c="dimmed">
            {t('reports.builder.columns.relationHint')}
          </Text>
          {userColumns.map((column) => (
            <Group key={column.value} justify="space-between" wrap="nowrap" gap="sm">
              <Text fz="sm" truncate>
                {columns.labelOf(column.value)}
              </Text>
              <Select
                aria-label={t('reports.builder.columns.relationOf', {
                  column: columns.labelOf(column.value),
                })}
                size="xs"
                w={170}
                data={JOIN_RELATIONS.map((relation) => ({
                  value: relation,
                  label: t(`reports.builder.relations.${relation}`),
                }))}
                value={column.join_relation}
                onChange={(value) =>
                  value && setConfig(withColumnRelation(config, column.value, value as JoinRelation))
                }
                allowDeselect={false}
              />
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

// The object type an Object Report counts the records of (issue 18): the deployed types the
// person may see.
function ObjectTypeSelect({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (objectTypeId: number | null) => void;
}) {
  const { t } = useTranslation();
  const types = useQuery(objectTypesQueryOptions());
  const data = (types.data?.results ?? []).map((type) => ({ value: String(type.id), label: type.name }));
  const known = value === null || types.isPending || data.some((d) => d.value === String(value));
  return (
    <Select
      label={t('reports.builder.object.type')}
      placeholder={t('reports.builder.object.typePlaceholder')}
      required
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
      allowDeselect={false}
      searchable
      nothingFoundMessage={t('reports.builder.object.noTypes')}
      error={
        types.isError
          ? t('reports.builder.object.typesFailed')
          : known
            ? undefined
            : t('reports.builder.object.typeGone')
      }
    />
  );
}
