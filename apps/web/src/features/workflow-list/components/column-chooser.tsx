import { ActionIcon, Button, Checkbox, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns3 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { chooserOrder, moveColumn, REQUIRED_COLUMN, toggleColumn } from '../lib/column-layout';

export type ChooserColumn = { id: string; label: string };

type ColumnChooserProps = {
  // Every column the page can show, in the table's own order.
  columns: readonly ChooserColumn[];
  shown: readonly string[];
  onChange: (shown: string[]) => void;
  onReset: () => void;
};

// Issue 14: show, hide and order the dashboard's columns. Up and down buttons rather than dragging,
// so the keyboard does all of it.
export function ColumnChooser({ columns, shown, onChange, onReset }: ColumnChooserProps) {
  const { t } = useTranslation();
  const ids = columns.map((c) => c.id);
  const labels = new Map(columns.map((c) => [c.id, c.label]));
  const visible = new Set(shown);
  return (
    <Popover position="bottom-end" shadow="md" width={300} trapFocus withinPortal>
      <Popover.Target>
        <Button variant="default" size="xs" leftSection={<IconColumns3 size={16} />}>
          {t('dashboard.columnChooser.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label={t('dashboard.columnChooser.title')}>
          <div>
            <Text fw={600} size="sm">
              {t('dashboard.columnChooser.title')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('dashboard.columnChooser.hint')}
            </Text>
          </div>
          <ScrollArea.Autosize mah={360}>
            <Stack gap={4}>
              {chooserOrder(ids, shown).map((id) => {
                const label = labels.get(id) ?? id;
                const on = visible.has(id);
                const place = shown.indexOf(id);
                return (
                  <Group key={id} justify="space-between" wrap="nowrap" gap="xs">
                    <Checkbox
                      label={label}
                      checked={on}
                      disabled={id === REQUIRED_COLUMN}
                      onChange={() => onChange(toggleColumn(ids, shown, id))}
                      styles={{ label: { overflowWrap: 'anywhere' } }}
                    />
                    {on && (
                      <Group gap={2} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          aria-label={t('dashboard.columnChooser.moveUp', { name: label })}
                          disabled={place === 0}
                          onClick={() => onChange(moveColumn(shown, id, -1))}
                        >
                          <IconArrowUp size={14} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          aria-label={t('dashboard.columnChooser.moveDown', { name: label })}
                          disabled={place === shown.length - 1}
                          onClick={() => onChange(moveColumn(shown, id, 1))}
                        >
                          <IconArrowDown size={14} />
                        </ActionIcon>
                      </Group>
                    )}
                  </Group>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
          <Button variant="subtle" size="xs" onClick={onReset}>
            {t('dashboard.columnChooser.reset')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
