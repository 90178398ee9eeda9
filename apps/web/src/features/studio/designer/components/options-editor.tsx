import type { FieldOption } from '@attest/shared';
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Props = {
  options: readonly FieldOption[];
  withGroups: boolean;
  readOnly: boolean;
  onChange: (options: FieldOption[] | undefined, mergeKey?: string) => void;
};

// A choice field's options: value (stored and compared by rules), label and, for grouped
// checkboxes, the heading it shows under.
export function OptionsEditor({ options, withGroups, readOnly, onChange }: Props) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<FieldOption>, key: string) =>
    onChange(
      options.map((o, i) => (i === index ? { ...o, ...patch } : o)),
      `option-${index}-${key}`,
    );
  return (
    <Stack gap={4} role="group" aria-label={t('studioDesigner.options')}>
      <Text size="sm" fw={500}>
        {t('studioDesigner.options')}
      </Text>
      {options.map((option, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an option is addressed by its place
        <Group key={index} gap={4} wrap="nowrap">
          <TextInput
            aria-label={t('studioDesigner.optionLabel', { n: index + 1 })}
            placeholder={t('studioDesigner.label')}
            value={option.label}
            readOnly={readOnly}
            onChange={(e) => set(index, { label: e.currentTarget.value }, 'label')}
            style={{ flex: 2 }}
          />
          <TextInput
            aria-label={t('studioDesigner.optionValue', { n: index + 1 })}
            placeholder={t('studioDesigner.value')}
            value={option.value}
            readOnly={readOnly}
            onChange={(e) => set(index, { value: e.currentTarget.value }, 'value')}
            style={{ flex: 1 }}
          />
          {withGroups && (
            <TextInput
              aria-label={t('studioDesigner.optionGroup', { n: index + 1 })}
              placeholder={t('studioDesigner.group')}
              value={option.group ?? ''}
              readOnly={readOnly}
              onChange={(e) => set(index, { group: e.currentTarget.value || undefined }, 'group')}
              style={{ flex: 1 }}
            />
          )}
          {!readOnly && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('studioDesigner.remove', { name: option.label })}
              onClick={() => {
                const next = options.filter((_, i) => i !== index);
                onChange(next.length > 0 ? next : undefined);
              }}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ))}
      {!readOnly && (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPlus size={14} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => {
            const n = options.length + 1;
            onChange([...options, { value: `option_${n}`, label: t('studioDesigner.optionDefault', { n }) }]);
          }}
        >
          {t('studioDesigner.addOption')}
        </Button>
      )}
    </Stack>
  );
}
