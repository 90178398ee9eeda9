import {
  AGGREGATIONS,
  type Aggregation,
  CYCLE_TIME_AGGREGATIONS,
  DATE_GROUPINGS,
  type DateGrouping,
  JOIN_RELATIONS,
  type JoinRelation,
  REPORT_LIMITS,
  type ReportOperation,
} from '@attest/shared';
import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  measure,
  measureSource,
  withCycleTime,
  withGroupByRelation,
  withGroupBySettings,
  withGroupBys,
  withOperations,
} from '../lib/builder/builder-edits';
import type { BuilderForm } from '../lib/builder/builder-form';
import type { ColumnOptions } from './use-column-options';

type SectionProps = { form: BuilderForm; onChange: (form: BuilderForm) => void; columns: ColumnOptions };

// Section 2: the x axis (up to 3 group-bys, spec 2 §3.8 group_by) and the y axis (measures, or
// the cycle-time report's Minimum, Maximum and Average Cycle Time, §3.7, §9.1).
export function GroupMeasureSection({ form, onChange, columns }: SectionProps) {
  const { t } = useTranslation();
  const { config } = form;
  const setConfig = (next: BuilderForm['config']) => onChange({ ...form, config: next });
  return (
    <Stack gap="md">
      <MultiSelect
        label={t('reports.builder.groupBy')}
        description={t('reports.builder.groupByHint', { max: REPORT_LIMITS.groupBy })}
        placeholder={config.group_by.length === 0 ? t('reports.builder.groupByPlaceholder') : undefined}
        data={columns.selectData(
          (o) => o.x_axis,
          config.group_by.map((g) => ({ source: g.source, label: g.extra_json.label })),
        )}
        value={config.group_by.map((g) => g.source)}
        onChange={(sources) => setConfig(withGroupBys(config, sources, columns.facts))}
        maxValues={REPORT_LIMITS.groupBy}
        searchable
        hidePickedOptions
      />
      {config.group_by.map((groupBy, index) => {
        const option = columns.bySource.get(groupBy.source);
        const isDate = (option?.data_type ?? groupBy.extra_json.data_type) === 'date';
        const hasLabels = option?.has_option_labels ?? false;
        // Only bars stack or group by a secondary x-axis (§3.7).
        const secondary = index === 1 && config.chart_type === 'BAR_CHART';
        const orm = config.report_kind === 'orm_workflow';
        if (!isDate && !hasLabels && !secondary && !orm) return null;
        const label = columns.labelOf(groupBy.source);
        return (
          <Paper key={groupBy.source} withBorder radius="md" p="xs" role="group" aria-label={label}>
            <Stack gap={6}>
              <Text fz="xs" fw={600} c="dimmed">
                {t('reports.builder.groupByEntry', { index: index + 1, column: label })}
              </Text>
              {orm ? (
                <Select
                  size="xs"
                  label={t('reports.builder.relation')}
                  data={JOIN_RELATIONS.map((relation) => ({
                    value: relation,
                    label: t(`reports.builder.relations.${relation}`),
                  }))}
                  value={groupBy.join_relation}
                  onChange={(value) =>
                    value && setConfig(withGroupByRelation(config, index, value as JoinRelation))
                  }
                  allowDeselect={false}
                />
              ) : null}
              {isDate ? (
                <Select
                  size="xs"
                  label={t('reports.builder.dateGrouping')}
                  data={DATE_GROUPINGS.map((unit) => ({
                    value: unit,
                    label: t(`reports.dateGroupings.${unit}`),
                  }))}
                  value={groupBy.extra_json.operation_type}
                  placeholder={t('reports.builder.exactDate')}
                  onChange={(value) =>
                    setConfig(
                      withGroupBySettings(config, index, { operation_type: (value as DateGrouping) ?? null }),
                    )
                  }
                  clearable
                />
              ) : null}
              {hasLabels ? (
                <Switch
                  size="xs"
                  label={t('reports.builder.showOptionLabels')}
                  checked={groupBy.extra_json.label_output_type === 'label'}
                  onChange={(e) =>
                    setConfig(
                      withGroupBySettings(config, index, {
                        label_output_type: e.currentTarget.checked ? 'label' : 'value',
                      }),
                    )
                  }
                />
              ) : null}
              {secondary ? (
                <Switch
                  size="xs"
                  label={t('reports.builder.secondaryAxis')}
                  description={t('reports.builder.secondaryAxisHint')}
                  checked={groupBy.extra_json.is_for_secondary_x_axis}
                  onChange={(e) =>
                    setConfig(
                      withGroupBySettings(config, index, {
                        is_for_secondary_x_axis: e.currentTarget.checked,
                      }),
                    )
                  }
                />
              ) : null}
            </Stack>
          </Paper>
        );
      })}
      <CycleTime form={form} onChange={onChange} columns={columns} />
      {config.other_configurations.is_cycle_time_report ? null : (
        <Measures form={form} onChange={onChange} columns={columns} />
      )}
    </Stack>
  );
}

function CycleTime({ form, onChange, columns }: SectionProps) {
  const { t } = useTranslation();
  const { config } = form;
  const other = config.other_configurations;
  const setConfig = (next: BuilderForm['config']) => onChange({ ...form, config: next });
  const targets = [
    { value: '', label: t('reports.builder.cycleTime.process') },
    ...columns.options
      .filter(
        (o) => (o.scope === 'step_group' || o.scope === 'step') && o.attribute === 'cycle_time' && o.tag,
      )
      .map((o) => ({
        value: o.tag as string,
        label: t(`reports.builder.cycleTime.${o.scope === 'step' ? 'step' : 'stepGroup'}`, {
          name: o.group_label,
        }),
      })),
  ];
  if (config.report_kind === 'email_delivery' || config.report_kind === 'integration_call') return null;
  return (
    <Stack gap={6}>
      <Switch
        label={t('reports.builder.cycleTime.switch')}
        description={t('reports.builder.cycleTime.hint')}
        checked={other.is_cycle_time_report}
        onChange={(e) => setConfig(withCycleTime(config, e.currentTarget.checked, other.cycle_time_tag))}
      />
      {other.is_cycle_time_report ? (
        <>
          <Select
            label={t('reports.builder.cycleTime.of')}
            data={targets}
            value={other.cycle_time_tag ?? ''}
            onChange={(value) => setConfig(withCycleTime(config, true, value ? value : null))}
            allowDeselect={false}
            searchable
          />
          <Text fz="xs" c="dimmed">
            {t('reports.builder.cycleTime.columns', {
              columns: CYCLE_TIME_AGGREGATIONS.map((a) => t(`reports.chart.cycleTime.${a}`)).join(', '),
            })}
          </Text>
        </>
      ) : null}
    </Stack>
  );
}

function Measures({ form, onChange, columns }: SectionProps) {
  const { t } = useTranslation();
  const { config } = form;
  const setOperations = (operations: ReportOperation[]) =>
    onChange({ ...form, config: withOperations(config, operations) });
  const titleOf = (aggregation: Aggregation, source: string | null) =>
    source === null
      ? t(`reports.aggregations.${aggregation}`)
      : t('reports.builder.measureLabel', {
          aggregation: t(`reports.aggregations.${aggregation}`),
          attribute: columns.labelOf(source),
        });
  const replace = (index: number, aggregation: Aggregation, source: string | null) => {
    const column = aggregation === 'count' ? null : source;
    const dataType = column === null ? null : (columns.bySource.get(column)?.data_type ?? null);
    setOperations(
      config.operations.map((op, i) =>
        i === index ? measure(aggregation, column, titleOf(aggregation, column), dataType) : op,
      ),
    );
  };
  const measurable = columns.selectData(
    (o) => o.y_axis,
    config.operations.flatMap((op) => {
      const source = measureSource(op);
      return source ? [{ source, label: null }] : [];
    }),
  );
  return (
    <Stack gap="xs">
      <Text fz="sm" fw={500}>
        {t('reports.builder.measures')}
      </Text>
      {config.operations.length === 0 ? (
        <Text fz="xs" c="dimmed">
          {config.group_by.length > 0
            ? t('reports.builder.noMeasuresCounts')
            : t('reports.builder.noMeasures')}
        </Text>
      ) : null}
      {config.operations.map((operation, index) => {
        const source = measureSource(operation);
        const nested = operation.arguments.some((a) => a.type !== 'column');
        const name = t('reports.builder.measureN', { index: index + 1 });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a measure is its place in the list
          <Paper key={index} withBorder radius="md" p="xs" role="group" aria-label={name}>
            <Stack gap={6}>
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <Select
                  size="xs"
                  w={130}
                  label={t('reports.builder.aggregation')}
                  data={AGGREGATIONS.map((a) => ({ value: a, label: t(`reports.aggregations.${a}`) }))}
                  value={operation.function}
                  onChange={(value) => value && replace(index, value as Aggregation, source)}
                  allowDeselect={false}
                  disabled={nested}
                />
                <Select
                  size="xs"
                  style={{ flex: 1 }}
                  label={t('reports.builder.measure')}
                  placeholder={
                    operation.function === 'count'
                      ? t('reports.builder.everyRow')
                      : t('reports.builder.chooseColumn')
                  }
                  data={measurable}
                  value={source}
                  onChange={(value) => replace(index, operation.function, value)}
                  disabled={operation.function === 'count' || nested}
                  error={
                    operation.function !== 'count' && source === null
                      ? t('reports.builder.problems.measureColumn')
                      : undefined
                  }
                  searchable
                  clearable={operation.function === 'count'}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('reports.builder.removeMeasure', { name })}
                  onClick={() => setOperations(config.operations.filter((_, i) => i !== index))}
                  mb={2}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              <TextInput
                size="xs"
                label={t('reports.builder.measureTitle')}
                value={operation.label}
                maxLength={REPORT_LIMITS.label}
                onChange={(e) =>
                  setOperations(
                    config.operations.map((op, i) =>
                      i === index ? { ...op, label: e.currentTarget.value } : op,
                    ),
                  )
                }
              />
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={config.operations.length >= REPORT_LIMITS.operations}
          onClick={() =>
            setOperations([...config.operations, measure('count', null, titleOf('count', null))])
          }
        >
          {t('reports.builder.addMeasure')}
        </Button>
      </Group>
    </Stack>
  );
}
