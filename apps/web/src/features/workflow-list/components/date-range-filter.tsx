import type { DateFilterType } from '@attest/shared';
import { Button, Group, Popover, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type DateRangeFilterProps = {
  type: DateFilterType;
  types: readonly DateFilterType[];
  // Days, YYYY-MM-DD (spec 1 §9 date format).
  after?: string;
  before?: string;
  onTypeChange: (type: DateFilterType) => void;
  onRangeChange: (after: string | undefined, before: string | undefined) => void;
};

// Spec 1 §3 start date and end date, with date_filter_type choosing which date they bound.
export function DateRangeFilter({
  type,
  types,
  after,
  before,
  onTypeChange,
  onRangeChange,
}: DateRangeFilterProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const active = Boolean(after || before);
  const summary = active
    ? `${t(`dashboard.dateTypes.${type}`)}: ${after ?? '…'} – ${before ?? '…'}`
    : t('dashboard.filters.dateRange');

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" width={320} trapFocus>
      <Popover.Target>
        <Button
          variant={active ? 'light' : 'default'}
          leftSection={<IconCalendar size={16} />}
          onClick={() => setOpened((o) => !o)}
          fw={active ? 600 : 400}
          aria-label={t('dashboard.filters.dateRange')}
        >
          <Text size="sm" truncate maw={240}>
            {summary}
          </Text>
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <SegmentedControl
            aria-label={t('dashboard.filters.dateType')}
            size="xs"
            fullWidth
            value={type}
            onChange={(value) => onTypeChange(value as DateFilterType)}
            data={types.map((value) => ({ value, label: t(`dashboard.dateTypes.${value}`) }))}
          />
          <Group grow gap="xs">
            <TextInput
              type="date"
              label={t('dashboard.filters.startDate')}
              value={after ?? ''}
              max={before}
              onChange={(event) => onRangeChange(event.currentTarget.value || undefined, before)}
            />
            <TextInput
              type="date"
              label={t('dashboard.filters.endDate')}
              value={before ?? ''}
              min={after}
              onChange={(event) => onRangeChange(after, event.currentTarget.value || undefined)}
            />
          </Group>
          {active && (
            <Button
              variant="subtle"
              size="compact-sm"
              color="gray"
              onClick={() => onRangeChange(undefined, undefined)}
            >
              {t('dashboard.filters.clearDates')}
            </Button>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
