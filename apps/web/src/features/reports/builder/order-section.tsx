import { REPORT_LIMITS, type ReportOrderBy } from '@attest/shared';
import { ActionIcon, Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { orderEntry, orderTargetOf, withOrderBy } from '../lib/builder/builder-edits';
import type { BuilderForm } from '../lib/builder/builder-form';
import type { ColumnOptions } from './use-column-options';

// Section 4: order_by (spec 2 §3.8), by a group-by column or a measure, ascending or descending.
// Groups always come in ascending order after these, so pages never overlap.
export function OrderSection({
  form,
  onChange,
  columns,
}: {
  form: BuilderForm;
  onChange: (form: BuilderForm) => void;
  columns: ColumnOptions;
}) {
  const { t } = useTranslation();
  const { config } = form;
  const grouped = config.group_by.length > 0 || config.operations.length > 0;
  // A plain table orders by its columns; a grouped report by its group-bys and measures.
  const columnTargets = (
    grouped
      ? config.group_by.map((g) => g.source)
      : config.attributes.filter((a) => a.extra_json.added_by === 'user').map((a) => a.value)
  ).map((source) => ({ value: `column:${source}`, label: columns.labelOf(source) }));
  const measureTargets = config.other_configurations.is_cycle_time_report
    ? []
    : config.operations.map((op, index) => ({
        value: `operation:${index}`,
        label: op.label || t(`reports.aggregations.${op.function}`),
      }));
  const data = [
    ...(columnTargets.length ? [{ group: t('reports.builder.order.columns'), items: columnTargets }] : []),
    ...(measureTargets.length ? [{ group: t('reports.builder.order.measures'), items: measureTargets }] : []),
  ];
  const targets = [...columnTargets, ...measureTargets].map((o) => o.value);
  const set = (entries: ReportOrderBy[]) => onChange({ ...form, config: withOrderBy(config, entries) });
  const used = new Set(config.order_by.map((o) => orderTargetOf(config, o)));
  const free = targets.find((target) => !used.has(target));

  return (
    <Stack gap="xs">
      {config.order_by.length === 0 ? (
        <Text fz="xs" c="dimmed">
          {t('reports.builder.order.none')}
        </Text>
      ) : null}
      {config.order_by.map((entry, index) => {
        const target = orderTargetOf(config, entry);
        const name = t('reports.builder.order.entry', { index: index + 1 });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: an ordering is its place in the list
          <Group key={index} gap="xs" wrap="nowrap" role="group" aria-label={name}>
            <Select
              size="xs"
              style={{ flex: 1 }}
              aria-label={t('reports.builder.order.by')}
              data={data}
              value={target}
              onChange={(value) => {
                const next = value ? orderEntry(config, value, entry.ordering) : null;
                if (next) set(config.order_by.map((o, i) => (i === index ? next : o)));
              }}
              allowDeselect={false}
            />
            <SegmentedControl
              size="xs"
              aria-label={t('reports.builder.order.direction')}
              data={[
                { value: 'ASC', label: t('reports.builder.order.asc') },
                { value: 'DESC', label: t('reports.builder.order.desc') },
              ]}
              value={entry.ordering}
              onChange={(value) =>
                set(
                  config.order_by.map((o, i) =>
                    i === index ? { ...o, ordering: value as 'ASC' | 'DESC' } : o,
                  ),
                )
              }
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('reports.builder.order.remove', { name })}
              onClick={() => set(config.order_by.filter((_, i) => i !== index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={free === undefined || config.order_by.length >= REPORT_LIMITS.orderBy}
          onClick={() => {
            const next = free ? orderEntry(config, free, 'ASC') : null;
            if (next) set([...config.order_by, next]);
          }}
        >
          {t('reports.builder.order.add')}
        </Button>
      </Group>
    </Stack>
  );
}
