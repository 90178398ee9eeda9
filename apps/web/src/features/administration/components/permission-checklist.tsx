import { Checkbox, Group, ScrollArea, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type PermissionOption = { codename: string; name: string };

type Props = {
  label: string;
  hint?: string;
  options: readonly PermissionOption[];
  value: string[];
  onChange: (value: string[]) => void;
  maxHeight: string;
};

// Permissions to tick, with a filter and the number chosen: a group's permissions, a token's scopes.
export function PermissionChecklist({ label, hint, options, value, onChange, maxHeight }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const visible = options.filter((p) => !needle || `${p.name} ${p.codename}`.toLowerCase().includes(needle));
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fz="sm" fw={500} id={labelId}>
          {label}
        </Text>
        <Text fz="xs" c="dimmed">
          {t('admin.groups.selected', { count: value.length })}
        </Text>
      </Group>
      {hint && (
        <Text fz="xs" c="dimmed">
          {hint}
        </Text>
      )}
      <TextInput
        size="xs"
        aria-label={t('admin.groups.filter')}
        placeholder={t('admin.groups.filter')}
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
      />
      <ScrollArea.Autosize mah={maxHeight} type="auto" offsetScrollbars>
        <Checkbox.Group value={value} onChange={onChange} aria-labelledby={labelId}>
          <SimpleGrid cols={1} spacing={10} py={4}>
            {visible.map((permission) => (
              <Checkbox
                key={permission.codename}
                value={permission.codename}
                label={permission.name}
                description={permission.codename}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      </ScrollArea.Autosize>
    </Stack>
  );
}
