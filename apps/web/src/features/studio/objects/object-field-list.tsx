import { type FieldType, OBJECT_FIELD_TYPES, type ObjectField } from '@attest/shared';
import { ActionIcon, Badge, Group, Paper, Select, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesignerIssue } from '../designer/model/validation';

type Props = {
  fields: readonly ObjectField[];
  titleField: string;
  selected: number | null;
  issues: ReadonlyMap<number, DesignerIssue[]>;
  readOnly: boolean;
  onSelect: (index: number) => void;
  onAdd: (type: FieldType, label: string) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
};

// The object type's fields in order (a record has no steps: one flat list), with the palette of the
// types an object type allows.
export function ObjectFieldList(props: Props) {
  const { fields, titleField, selected, issues, readOnly } = props;
  const { t } = useTranslation();
  const palette = useMemo(
    () =>
      OBJECT_FIELD_TYPES.map((type) => ({ value: type, label: t(`studioDesigner.fieldTypes.${type}`) })).sort(
        (a, b) => a.label.localeCompare(b.label),
      ),
    [t],
  );
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('studioDesigner.fields')}
      </Title>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('studioDesigner.noFields')}
        </Text>
      )}
      <Stack gap={4}>
        {fields.map((field, index) => {
          const count = issues.get(index)?.length ?? 0;
          const name = field.label || field.tag;
          return (
            <Paper
              // biome-ignore lint/suspicious/noArrayIndexKey: a field is addressed by its place
              key={index}
              withBorder
              px="xs"
              py={4}
              bg={selected === index ? 'var(--mantine-primary-color-light)' : undefined}
              data-testid="object-field"
            >
              <Group gap={4} wrap="nowrap">
                <UnstyledButton
                  onClick={() => props.onSelect(index)}
                  aria-pressed={selected === index}
                  style={{ flex: 1, minWidth: 0 }}
                >
                  <Text size="sm" truncate>
                    {field.label || t('studioDesigner.unnamed')}
                    {field.required ? ' *' : ''}
                  </Text>
                </UnstyledButton>
                {field.tag === titleField && (
                  <Badge color="grape" variant="light" size="sm">
                    {t('studio.objects.titleBadge')}
                  </Badge>
                )}
                <Badge variant="light" size="sm">
                  {t(`studioDesigner.fieldTypes.${field.type}`, { defaultValue: field.type })}
                </Badge>
                {count > 0 && (
                  <Badge color="red" size="sm" aria-label={t('studioDesigner.issueCount', { count })}>
                    {count}
                  </Badge>
                )}
                {!readOnly && (
                  <Group gap={0} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      disabled={index === 0}
                      aria-label={t('studioDesigner.moveUp', { name })}
                      onClick={() => props.onMove(index, index - 1)}
                    >
                      <IconArrowUp size={14} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      disabled={index === fields.length - 1}
                      aria-label={t('studioDesigner.moveDown', { name })}
                      onClick={() => props.onMove(index, index + 1)}
                    >
                      <IconArrowDown size={14} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      color="red"
                      aria-label={t('studioDesigner.remove', { name })}
                      onClick={() => props.onRemove(index)}
                    >
                      <IconTrash size={14} aria-hidden />
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {!readOnly && (
        <Select
          label={t('studioDesigner.addField')}
          placeholder={t('studioDesigner.addFieldPlaceholder')}
          data={palette}
          value={null}
          searchable
          onChange={(type) =>
            type && props.onAdd(type as FieldType, t(`studioDesigner.fieldTypes.${type as FieldType}`))
          }
        />
      )}
    </Stack>
  );
}
