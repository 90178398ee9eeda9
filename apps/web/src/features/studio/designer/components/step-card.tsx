import type { StepDefinition } from '@attest/shared';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Card, Group, Text, UnstyledButton, useDirection } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconGripVertical } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesignerAction } from '../model/history';

type Props = {
  step: StepDefinition;
  group: number;
  index: number;
  count: number;
  issueCount: number;
  selected: boolean;
  readOnly: boolean;
  dispatch: (action: DesignerAction) => void;
  onSelect: (group: number, step: number) => void;
};

export const stepDragId = (group: number, step: number) => `step:${group}:${step}`;

// One step in its swimlane. Memoized: an edit elsewhere leaves its props (the step object among
// them) unchanged, so of 300 cards only the edited one renders again.
export const StepCard = memo(function StepCard(props: Props) {
  const { step, group, index, count, issueCount, selected, readOnly, dispatch, onSelect } = props;
  const { t } = useTranslation();
  // Earlier is towards the start of the line: left in English, right in Arabic.
  const { dir } = useDirection();
  const [EarlierIcon, LaterIcon] =
    dir === 'rtl' ? [IconChevronRight, IconChevronLeft] : [IconChevronLeft, IconChevronRight];
  const sortable = useSortable({ id: stepDragId(group, index), disabled: readOnly });
  const move = (to: number) =>
    dispatch({
      type: 'command',
      command: { type: 'moveStep', from: { group, step: index }, to: { group, step: to } },
    });
  return (
    <Card
      ref={sortable.setNodeRef}
      withBorder
      padding="xs"
      w={200}
      style={{
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
        opacity: sortable.isDragging ? 0.6 : 1,
        borderColor: selected ? 'var(--mantine-color-blue-6)' : undefined,
        borderWidth: selected ? 2 : undefined,
      }}
      data-testid="designer-step"
    >
      <Group gap={4} wrap="nowrap" align="flex-start">
        {!readOnly && (
          <ActionIcon
            variant="subtle"
            size="sm"
            color="gray"
            aria-label={t('studioDesigner.dragStep', { name: step.name })}
            {...sortable.attributes}
            {...sortable.listeners}
          >
            <IconGripVertical size={14} aria-hidden />
          </ActionIcon>
        )}
        <UnstyledButton
          onClick={() => onSelect(group, index)}
          aria-pressed={selected}
          style={{ flex: 1, minWidth: 0 }}
        >
          <Text size="sm" fw={600} truncate>
            {step.name || t('studioDesigner.unnamed')}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {t('studioDesigner.fieldCount', { count: step.fields.length })}
          </Text>
        </UnstyledButton>
        {issueCount > 0 && (
          <Badge color="red" size="sm" aria-label={t('studioDesigner.issueCount', { count: issueCount })}>
            {issueCount}
          </Badge>
        )}
      </Group>
      {!readOnly && (
        <Group gap={2} justify="flex-end">
          <ActionIcon
            variant="subtle"
            size="sm"
            disabled={index === 0}
            onClick={() => move(index - 1)}
            aria-label={t('studioDesigner.moveEarlier', { name: step.name })}
          >
            <EarlierIcon size={14} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="sm"
            disabled={index === count - 1}
            onClick={() => move(index + 1)}
            aria-label={t('studioDesigner.moveLater', { name: step.name })}
          >
            <LaterIcon size={14} aria-hidden />
          </ActionIcon>
        </Group>
      )}
    </Card>
  );
});
