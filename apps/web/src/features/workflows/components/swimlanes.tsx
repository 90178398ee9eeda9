import type { WorkflowDefinition, WorkflowDetail } from '@attest/shared';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../components/user-text';
import { assigneeAvatars } from '../utils/assignee-avatars';
import { stepAlertSummary } from '../utils/step-alerts';
import { taskRowType } from '../utils/task-row-type';
import { TaskRow } from './task-row';

export type SwimlanesProps = {
  definition: WorkflowDefinition;
  detail: WorkflowDetail;
  selectedStep: string | undefined;
  onSelect: (group: string, step: string) => void;
  now: Date;
};

// Spec 2 §3.12 'process-swimlanes': one lane per step group, its steps as task rows.
export function Swimlanes({ definition, detail, selectedStep, onSelect, now }: SwimlanesProps) {
  const { t } = useTranslation();
  const steps = new Map(detail.steps.map((s) => [s.tag, s]));
  return (
    <Stack gap="sm" id="process-swimlanes" data-testid="process-swimlanes">
      {definition.step_groups.map((group) => {
        const lane = group.steps.flatMap((def) => {
          const step = steps.get(def.tag);
          return step ? [{ def, step }] : [];
        });
        const applying = lane.filter(({ step }) => step.state !== 'hidden');
        const done = applying.filter(({ step }) => step.state === 'completed').length;
        return (
          <Paper key={group.tag} withBorder radius="md" p="xs" component="section" aria-label={group.name}>
            <Group justify="space-between" px={4} pb={6} wrap="nowrap">
              <Text fz="xs" fw={700} tt="uppercase" c="dimmed" truncate>
                <UserText>{group.name}</UserText>
              </Text>
              <Text fz="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {t('process.lane.done', { done, total: applying.length })}
              </Text>
            </Group>
            <Stack gap={4}>
              {lane.map(({ def, step }) => {
                const alerts = stepAlertSummary(detail.alerts, step.tag);
                return (
                  <TaskRow
                    key={step.tag}
                    title={def.name}
                    type={taskRowType(step, now)}
                    avatars={assigneeAvatars(step.assignees)}
                    overdueDays={step.overdue_days}
                    alertCount={alerts.count}
                    alertColor={alerts.color}
                    integration={step.integration?.state ?? null}
                    selected={step.tag === selectedStep}
                    onSelect={() => onSelect(group.tag, step.tag)}
                  />
                );
              })}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
