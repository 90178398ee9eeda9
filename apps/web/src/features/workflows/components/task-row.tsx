import type { IntegrationState, RiskColorLabel } from '@attest/shared';
import { Badge, Box, Group, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconAlarm,
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleDashed,
  IconClockExclamation,
  IconEyeOff,
  IconHourglass,
  IconInfoCircle,
  IconLock,
  IconPlugConnected,
  IconPlugConnectedX,
  IconUserCheck,
} from '@tabler/icons-react';
import { type ComponentType, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvatarItem } from '../utils/assignee-avatars';
import { RISK_COLORS } from '../utils/step-alerts';
import { TASK_ROW_COLORS, type TaskRowType } from '../utils/task-row-type';
import { AvatarStack } from './avatar-stack';

type Icon = ComponentType<{ size?: number; stroke?: number }>;

export const TASK_ROW_ICONS: Record<TaskRowType, Icon> = {
  completed: IconCircleCheck,
  delayed: IconAlarm,
  'to-be-delayed': IconClockExclamation,
  hidden: IconEyeOff,
  fyi: IconInfoCircle,
  locked: IconLock,
  'my-task': IconUserCheck,
  neutral: IconCircleDashed,
};

const INTEGRATION_ICONS: Record<IntegrationState, { icon: Icon; color: string }> = {
  waiting: { icon: IconHourglass, color: 'yellow' },
  running: { icon: IconHourglass, color: 'blue' },
  finished: { icon: IconPlugConnected, color: 'teal' },
  failed: { icon: IconPlugConnectedX, color: 'red' },
};

// Spec 2 §3.10 and §9.2: a task row is at least 34 px high and 200 px wide.
export const TASK_ROW_MIN_HEIGHT = 34;
export const TASK_ROW_MIN_WIDTH = 200;

export type TaskRowProps = {
  title: string;
  type: TaskRowType;
  avatars: readonly AvatarItem[];
  overdueDays: number;
  alertCount: number;
  alertColor: RiskColorLabel | null;
  integration: IntegrationState | null;
  selected: boolean;
  onSelect: () => void;
};

// A step in its swimlane. The button is named by the step alone (the end-to-end test finds it so);
// its state is its description.
export function TaskRow(props: TaskRowProps) {
  const { title, type, avatars, overdueDays, alertCount, alertColor, integration, selected, onSelect } =
    props;
  const { t } = useTranslation();
  const descriptionId = useId();
  const color = TASK_ROW_COLORS[type];
  const TypeIcon = TASK_ROW_ICONS[type];
  const integrationStyle = integration ? INTEGRATION_ICONS[integration] : null;
  const IntegrationIcon = integrationStyle?.icon;
  const dimmed = type === 'hidden';
  // The button holds the step's name only and its state is its description; the counts, icons and
  // avatars sit beside it, so the visible name is the accessible name (issue 14, WCAG 2.5.3).
  return (
    <Box
      data-selected={selected || undefined}
      data-type={type}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        width: '100%',
        minHeight: TASK_ROW_MIN_HEIGHT,
        minWidth: TASK_ROW_MIN_WIDTH,
        paddingBlock: 6,
        paddingInline: 10,
        borderRadius: 'var(--mantine-radius-sm)',
        borderInlineStart: `3px solid var(--mantine-color-${color}-${dimmed ? 3 : 6})`,
        // The lightest blue, so the row's red and dimmed text still reads at 4.5:1 when selected
        // (axe: red on blue-1 read 3.1:1); the outline marks the selection.
        background: selected ? 'var(--mantine-color-blue-0)' : undefined,
        outline: selected ? '1px solid var(--mantine-color-blue-4)' : undefined,
        opacity: dimmed ? 0.55 : 1,
      }}
    >
      <UnstyledButton
        onClick={onSelect}
        disabled={dimmed}
        aria-describedby={descriptionId}
        aria-current={selected ? 'step' : undefined}
        style={{ flex: 1, minWidth: 0, alignSelf: 'stretch', cursor: dimmed ? 'default' : 'pointer' }}
      >
        <Group gap={8} wrap="nowrap" miw={0}>
          <ThemeIcon size={20} radius="xl" variant="light" color={color} aria-hidden>
            <TypeIcon size={14} stroke={1.8} />
          </ThemeIcon>
          <Text fz="sm" fw={selected ? 600 : 500} truncate dir="auto">
            {title}
          </Text>
        </Group>
      </UnstyledButton>
      <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
        {alertCount > 0 && alertColor && (
          <Tooltip label={t('process.row.alerts', { count: alertCount })} withArrow>
            <Badge
              size="sm"
              variant="light"
              color={RISK_COLORS[alertColor]}
              leftSection={<IconAlertTriangle size={11} />}
              px={6}
            >
              {alertCount}
            </Badge>
          </Tooltip>
        )}
        {IntegrationIcon && integration && integrationStyle && (
          <Tooltip label={t(`process.row.integration.${integration}`)} withArrow>
            <ThemeIcon size={18} variant="transparent" color={integrationStyle.color}>
              <IntegrationIcon size={16} stroke={1.7} />
            </ThemeIcon>
          </Tooltip>
        )}
        {overdueDays > 0 && (
          <Text fz="xs" fw={600} c="red">
            {t('process.row.overdueShort', { count: overdueDays })}
          </Text>
        )}
        <AvatarStack items={avatars} size={22} />
      </Group>
      <span id={descriptionId} hidden>
        {[
          t(`process.row.type.${type}`),
          overdueDays > 0 ? t('process.row.overdue', { count: overdueDays }) : null,
          alertCount > 0 ? t('process.row.alerts', { count: alertCount }) : null,
          integration ? t(`process.row.integration.${integration}`) : null,
        ]
          .filter(Boolean)
          .join('. ')}
      </span>
    </Box>
  );
}
