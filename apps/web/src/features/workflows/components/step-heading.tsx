import type { StepDefinition, StepGroupDefinition, WorkflowAlert, WorkflowStep } from '@attest/shared';
import { Badge, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IsolatedText, isolate, UserText } from '../../../components/user-text';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { StepAlerts } from './step-alerts';

const STATE_COLORS: Record<WorkflowStep['state'], string> = {
  completed: 'teal',
  enabled: 'blue',
  disabled: 'gray',
  hidden: 'gray',
};

export type StepHeadingProps = {
  group: StepGroupDefinition;
  step: StepDefinition;
  state: WorkflowStep;
  alerts: readonly WorkflowAlert[];
  // Who the step is assigned to, and the controls to change it.
  assignees: ReactNode;
};

// The selected step: its name, lane, state, who it is assigned to, its deadline or who submitted it.
export function StepHeading({ group, step, state, alerts, assignees }: StepHeadingProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  return (
    <Stack gap={6}>
      <Text fz="xs" fw={700} tt="uppercase" c="dimmed">
        <UserText>{group.name}</UserText>
      </Text>
      <Group gap="sm" wrap="wrap" align="center">
        <Title order={2} fz="h3" dir="auto">
          {step.name}
        </Title>
        <Badge variant="light" color={STATE_COLORS[state.state]}>
          {t(`process.step.state.${state.state}`)}
        </Badge>
        {state.is_locked && (
          <Badge variant="light" color="dark">
            {t('process.step.locked')}
          </Badge>
        )}
      </Group>
      <Group gap="lg" wrap="wrap">
        {assignees}
        {state.state === 'enabled' && state.sla_breach_time && (
          <Tooltip label={dates.dateTime(state.sla_breach_time)} withArrow>
            <Group gap={4} wrap="nowrap">
              <IconClock
                size={16}
                color={`var(--mantine-color-${state.is_sla_breached ? 'red' : 'gray'}-6)`}
              />
              <Text fz="sm" c={state.is_sla_breached ? 'red' : 'dimmed'}>
                {state.is_sla_breached
                  ? t('process.row.overdue', { count: state.overdue_days })
                  : t('process.step.dueBy', { date: dates.dateTime(state.sla_breach_time) })}
              </Text>
            </Group>
          </Tooltip>
        )}
        {state.state === 'completed' && state.completed_at && (
          <Text fz="sm" c="dimmed">
            <IsolatedText
              text={
                state.completed_by
                  ? t('process.step.submittedBy', {
                      name: isolate(state.completed_by.name || state.completed_by.email),
                      date: dates.dateTime(state.completed_at),
                    })
                  : t('process.step.submittedAt', { date: dates.dateTime(state.completed_at) })
              }
            />
          </Text>
        )}
      </Group>
      <StepAlerts alerts={alerts} />
    </Stack>
  );
}
