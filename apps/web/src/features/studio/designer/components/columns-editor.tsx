import { TABLE_COLUMN_FIELD_TYPES, type TableColumn } from '@attest/shared';
import { ActionIcon, Button, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Props = {
  columns: readonly TableColumn[];
  readOnly: boolean;
  onChange: (columns: TableColumn[] | undefined, mergeKey?: string) => void;
};

// A table field's columns: each a plain field of its own (tag, type, label, required).
export function ColumnsEditor({ columns, readOnly, onChange }: Props) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<TableColumn>, key?: string) =>
    onChange(
      columns.map((c, i) => (i === index ? ({ ...c, ...patch } as TableColumn) : c)),
      key && `column-${index}-${key}`,
    );
  return (
    <Stack gap={4} role="group" aria-label={t('studioDesigner.columns')}>
      <Text size="sm" fw={500}>
        {t('studioDesigner.columns')}
      </Text>
      {columns.map((column, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a column is addressed by its place
        <Group key={index} gap={4} wrap="nowrap" align="center">
          <TextInput
            aria-label={t('studioDesigner.columnLabel', { n: index + 1 })}
            value={column.label}
            readOnly={readOnly}
            onChange={(e) => set(index, { label: e.currentTarget.value }, 'label')}
            style={{ flex: 2 }}
          />
          <TextInput
            aria-label={t('studioDesigner.columnTag', { n: index + 1 })}
            value={column.tag}
            readOnly={readOnly}
            onChange={(e) => set(index, { tag: e.currentTarget.value }, 'tag')}
            style={{ flex: 1 }}
          />
          <Select
            aria-label={t('studioDesigner.columnType', { n: index + 1 })}
            data={TABLE_COLUMN_FIELD_TYPES.map((type) => ({
              value: type,
              label: t(`studioDesigner.fieldTypes.${type}`),
            }))}
            value={column.type}
            readOnly={readOnly}
            allowDeselect={false}
            onChange={(type) => type && set(index, { type: type as TableColumn['type'] })}
            style={{ flex: 1 }}
          />
          <Checkbox
            aria-label={t('studioDesigner.columnRequired', { n: index + 1 })}
            checked={column.required ?? false}
            disabled={readOnly}
            onChange={(e) => set(index, { required: e.currentTarget.checked || undefined })}
          />
          {!readOnly && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('studioDesigner.remove', { name: column.label })}
              onClick={() => {
                const next = columns.filter((_, i) => i !== index);
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
            const n = columns.length + 1;
            onChange([
              ...columns,
              { tag: `column_${n}`, type: 'char_field', label: t('studioDesigner.columnDefault', { n }) },
            ]);
          }}
        >
          {t('studioDesigner.addColumn')}
        </Button>
      )}
    </Stack>
  );
}
