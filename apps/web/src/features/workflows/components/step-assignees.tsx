import type { WorkflowDetail, WorkflowStep } from '@attest/shared';
import { Alert, Badge, Button, CloseButton, Group, Text, Tooltip } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAddStepUser, useRemoveStepUser } from '../api/step-users';
import { useProcessViewer } from '../hooks/viewer';
import { actionErrorText } from '../utils/action-error-text';
import { assigneeAvatars } from '../utils/assignee-avatars';
import { AvatarStack } from './avatar-stack';

export type StepAssigneesProps = { detail: WorkflowDetail; step: WorkflowStep };

// Spec 1 §4 step users: who a step is assigned to. Whoever may change the workflow can take an open
// step ('Assign to me') or take someone off it.
export function StepAssignees({ detail, step }: StepAssigneesProps) {
  const { t } = useTranslation();
  const { userId } = useProcessViewer();
  const add = useAddStepUser(detail.id, step.tag);
  const remove = useRemoveStepUser(detail.id, step.tag);
  const canManage =
    detail.abilities.can_edit &&
    detail.archived_at === null &&
    (step.state === 'enabled' || step.state === 'disabled');
  const mine = step.assignees.some((a) => a.kind === 'user' && a.user_id === userId);
  const error = add.error ?? remove.error;
  const names = step.assignees.map((a) => ({ id: a.id, name: a.name || a.email || '' }));

  return (
    <Group gap={6} wrap="wrap" align="center">
      <AvatarStack items={assigneeAvatars(step.assignees)} size={22} />
      <Text fz="sm" c="dimmed">
        {names.length > 0 ? t('process.assignees.label') : t('process.assignees.none')}
      </Text>
      {names.map((a) => (
        <Badge
          key={a.id}
          variant="light"
          color="gray"
          tt="none"
          fw={500}
          pe={canManage ? 2 : undefined}
          rightSection={
            canManage ? (
              <CloseButton
                size="xs"
                aria-label={t('process.assignees.remove', { name: a.name })}
                onClick={() => remove.mutate(a.id)}
                disabled={remove.isPending}
              />
            ) : undefined
          }
        >
          {a.name}
        </Badge>
      ))}
      {canManage && userId !== null && !mine && (
        <Tooltip label={t('process.assignees.assignMeHint')} withArrow>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconUserPlus size={14} />}
            onClick={() => add.mutate({ user_id: userId })}
            loading={add.isPending}
          >
            {t('process.assignees.assignMe')}
          </Button>
        </Tooltip>
      )}
      {error && (
        <Alert color="red" variant="light" py={4} px="xs" role="alert" w="100%">
          {actionErrorText(error, t)}
        </Alert>
      )}
    </Group>
  );
}
