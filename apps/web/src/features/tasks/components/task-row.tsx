import { Anchor, Badge, Box, Checkbox, Group, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCalendarEvent, IconPlugConnected } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { BadgeChips } from '../../badges';
import type { TaskRow as TaskRowData } from '../api/task-contract';
import { alertColorOf, alertLevelKey, TASK_TYPE_STYLE, taskHref } from '../lib/task-type';
import { TaskAvatars } from './task-avatars';

// Spec 2 §9.2: a task row is at least 34 px high and 200 px wide.
export const TASK_ROW_MIN_HEIGHT = 34;
export const TASK_ROW_MIN_WIDTH = 200;

// A hue's tint behind the page's own text colour: the ninth shade of orange or green on its tint
// reads under 4.5:1 (axe), so the hue is in the background, the icon and the words, not the text.
const readableBadge = (color: string) =>
  ({
    '--badge-bg': `var(--mantine-color-${color}-1)`,
    '--badge-color': 'var(--mantine-color-text)',
  }) as CSSProperties;

export type TaskRowProps = {
  row: TaskRowData;
  // The signed-in person: their own claim reads "Claimed by you".
  viewerId: number;
  // Rows the viewer may reassign carry a checkbox (bulk reassignment).
  selectable: boolean;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  // The row's actions (claim, follow-up), placed at its end.
  actions?: ReactNode;
};

// Spec 2 §3.10: type, title (the step), avatars, overdue days, alert count and colour, integration,
// selected flag; plus what an inbox needs: the workflow to open, follow-up, who acts for whom.
// A list item labelled by its step name; every state is written in words beside its colour.
export function TaskRow({ row, viewerId, selectable, selected, onSelectedChange, actions }: TaskRowProps) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const titleId = useId();
  const style = TASK_TYPE_STYLE[row.type];
  const TypeIcon = style.icon;
  return (
    <Box
      component="li"
      aria-labelledby={titleId}
      data-testid="task-row"
      data-type={row.type}
      data-selected={selected || undefined}
      style={{
        display: 'flex',
        alignItems: 'center',
        // In a narrow swimlane the row's end (overdue, alerts, avatars, actions) wraps under its title.
        flexWrap: 'wrap',
        columnGap: 10,
        rowGap: 4,
        minHeight: TASK_ROW_MIN_HEIGHT,
        minWidth: TASK_ROW_MIN_WIDTH,
        paddingBlock: 6,
        paddingInline: 10,
        borderInlineStart: `3px solid var(--mantine-color-${style.color}-6)`,
        borderRadius: 'var(--mantine-radius-sm)',
        background: selected ? 'var(--mantine-color-blue-0)' : undefined,
        listStyle: 'none',
      }}
    >
      {selectable && (
        <Checkbox
          checked={selected}
          onChange={(event) => onSelectedChange(event.currentTarget.checked)}
          aria-label={t('tasks.row.select', { step: row.step.name, workflow: row.workflow_name })}
        />
      )}
      <Stack gap={2} style={{ flex: '1 1 200px', minWidth: 0 }}>
        <Group gap={8} wrap="nowrap" miw={0}>
          <Badge
            size="sm"
            variant="light"
            color={style.color}
            style={{ ...readableBadge(style.color), flexShrink: 0 }}
            leftSection={<TypeIcon size={12} stroke={1.8} color={`var(--mantine-color-${style.color}-8)`} />}
          >
            {t(`tasks.type.${row.type}`)}
          </Badge>
          <Text id={titleId} fz="sm" fw={600} truncate dir="auto">
            {row.step.name}
          </Text>
        </Group>
        <Group gap={10} wrap="wrap" fz="xs" c="dimmed" style={{ rowGap: 2 }}>
          <Anchor component={Link} to={taskHref(row)} fz="xs" dir="auto">
            {row.workflow_name}
          </Anchor>
          <Text fz="xs" c="dimmed" dir="auto">
            {row.kind.name}
            {row.status ? ` · ${row.status.name}` : ''}
          </Text>
          {row.delegated_from && (
            <Text fz="xs" fw={500} c="grape.9">
              {t('tasks.row.forName', { name: row.delegated_from.name })}
            </Text>
          )}
          {row.claimed_by && (
            <Text fz="xs" c="dimmed">
              {row.claimed_by.id === viewerId
                ? t('tasks.row.claimedByYou')
                : t('tasks.row.claimedBy', { name: row.claimed_by.name })}
            </Text>
          )}
          {row.follow_up_on && (
            <Group gap={4} wrap="nowrap">
              <IconCalendarEvent size={12} aria-hidden />
              <Text fz="xs" c="dimmed">
                {t('tasks.row.followUp', { date: format.day(row.follow_up_on) })}
              </Text>
            </Group>
          )}
        </Group>
      </Stack>
      <Group gap={8} wrap="wrap" justify="flex-end" style={{ flex: '0 1 auto', marginInlineStart: 'auto' }}>
        {/* Issue 19: two badges, the rest counted as +N, capped as N+ (spec 2 §9.2 overflowCount). */}
        <BadgeChips badges={row.badges ?? []} max={2} size="xs" />
        {row.overdue_days > 0 && (
          <Text fz="xs" fw={600} c="red.9" data-testid="task-overdue">
            {t('tasks.row.daysOverdue', { count: row.overdue_days })}
          </Text>
        )}
        {row.alert_count > 0 && (
          <Badge
            size="sm"
            variant="light"
            color={alertColorOf(row.alert_color)}
            style={readableBadge(alertColorOf(row.alert_color))}
            tt="none"
            leftSection={
              <IconAlertTriangle
                size={11}
                aria-hidden
                color={`var(--mantine-color-${alertColorOf(row.alert_color)}-8)`}
              />
            }
            data-testid="task-alerts"
          >
            {t('tasks.row.alerts', { count: row.alert_count, level: t(alertLevelKey(row.alert_color)) })}
          </Badge>
        )}
        {row.integration && (
          <Tooltip label={t('tasks.row.integration', { name: row.integration })}>
            <ThemeIcon
              size={20}
              variant="light"
              color="violet"
              aria-label={t('tasks.row.integration', { name: row.integration })}
              role="img"
            >
              <IconPlugConnected size={14} stroke={1.7} />
            </ThemeIcon>
          </Tooltip>
        )}
        <TaskAvatars assignees={row.assignees} size={24} />
        {actions}
      </Group>
    </Box>
  );
}
