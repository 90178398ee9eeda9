import type { FieldDefinition } from '@attest/shared';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesignerAction } from '../model/history';
import type { FieldAddress } from '../model/tree-edits';

type Props = {
  field: FieldDefinition;
  group: number;
  step: number;
  index: number;
  count: number;
  issueCount: number;
  readOnly: boolean;
  dispatch: (action: DesignerAction) => void;
  onSelect: (at: FieldAddress) => void;
};

export const fieldDragId = (index: number) => `field:${index}`;

// One field in its step's list: drag handle (pointer or keyboard), up/down, remove, open.
export const FieldRow = memo(function FieldRow(props: Props) {
  const { field, group, step, index, count, issueCount, readOnly, dispatch, onSelect } = props;
  const { t } = useTranslation();
  const at: FieldAddress = { group, step, field: index };
  const sortable = useSortable({ id: fieldDragId(at.field), disabled: readOnly });
  const move = (to: number) =>
    dispatch({ type: 'command', command: { type: 'moveField', from: at, to: { ...at, field: to } } });
  return (
    <Paper
      ref={sortable.setNodeRef}
      withBorder
      px="xs"
      py={4}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
      data-testid="designer-field"
    >
      <Group gap={4} wrap="nowrap">
        {!readOnly && (
          <ActionIcon
            variant="subtle"
            size="sm"
            color="gray"
            aria-label={t('studioDesigner.dragField', { name: field.label })}
            {...sortable.attributes}
            {...sortable.listeners}
          >
            <IconGripVertical size={14} aria-hidden />
          </ActionIcon>
        )}
        <UnstyledButton onClick={() => onSelect(at)} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" truncate>
            {field.label || t('studioDesigner.unnamed')}
            {field.required ? ' *' : ''}
          </Text>
        </UnstyledButton>
        <Badge variant="light" size="sm">
          {t(`studioDesigner.fieldTypes.${field.type}`, { defaultValue: field.type })}
        </Badge>
        {issueCount > 0 && (
          <Badge color="red" size="sm" aria-label={t('studioDesigner.issueCount', { count: issueCount })}>
            {issueCount}
          </Badge>
        )}
        {!readOnly && (
          <Group gap={0} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              size="sm"
              disabled={at.field === 0}
              aria-label={t('studioDesigner.moveUp', { name: field.label })}
              onClick={() => move(at.field - 1)}
            >
              <IconArrowUp size={14} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="sm"
              disabled={at.field === count - 1}
              aria-label={t('studioDesigner.moveDown', { name: field.label })}
              onClick={() => move(at.field + 1)}
            >
              <IconArrowDown size={14} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="sm"
              color="red"
              aria-label={t('studioDesigner.remove', { name: field.label })}
              onClick={() => dispatch({ type: 'command', command: { type: 'removeField', at } })}
            >
              <IconTrash size={14} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Group>
    </Paper>
  );
});
