import type { StepAssignee, WorkflowDetail, WorkflowStep } from '@attest/shared';
import { Alert, Badge, Button, CloseButton, Group, Text, Tooltip } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/user-text';
import { confirmAction } from '../../../lib/notifications/confirm';
import { toast } from '../../../lib/notifications/toast';
import { useAddStepUser, useRemoveStepUser } from '../api/step-users';
import { useProcessViewer } from '../hooks/viewer';
import { actionErrorText } from '../utils/action-error-text';
import { assigneeAvatars } from '../utils/assignee-avatars';
import { AssigneeUndoButton } from './assignee-undo-button';
import { AvatarStack } from './avatar-stack';

export type StepAssigneesProps = { detail: WorkflowDetail; step: WorkflowStep };

// Spec 1 §4 step users: who a step is assigned to. Issue 12: only those the server lets change the
// assignees (step.can_change_assignees: the step's assignees, its groups' members, 'Can undo a
// step') see the add and remove controls; anyone may take themselves off. Taking someone else off
// is confirmed first and can be undone from the notification that follows.
export function StepAssignees({ detail, step }: StepAssigneesProps) {
  const { t } = useTranslation();
  const { userId } = useProcessViewer();
  const add = useAddStepUser(detail.id, step.tag);
  const remove = useRemoveStepUser(detail.id, step.tag);
  const open =
    detail.abilities.can_edit &&
    detail.archived_at === null &&
    (step.state === 'enabled' || step.state === 'disabled');
  const canManage = open && step.can_change_assignees;
  // A step nobody holds may be claimed by anyone who can change the workflow (never overriding
  // an assignee).
  const claimable = open && step.assignees.length === 0;
  const isMe = (a: StepAssignee) => a.kind === 'user' && userId !== null && a.user_id === userId;
  const mine = step.assignees.some(isMe);
  const error = add.error ?? remove.error;
  const nameOf = (a: StepAssignee) => a.name || a.email || '';

  const removeSelf = (a: StepAssignee) =>
    remove.mutate(a.id, { onSuccess: () => toast.info('process.assignees.removedSelf') });

  const removeOther = (a: StepAssignee) => {
    // Isolated in the confirmation and the toasts that name them (a sentence of another direction).
    const name = isolate(nameOf(a));
    confirmAction({
      title: 'process.assignees.confirmTitle',
      body: 'process.assignees.confirmBody',
      confirm: 'process.assignees.confirm',
      values: { name },
      onConfirm: () =>
        remove.mutate(a.id, {
          onSuccess: () => {
            const id = `assignee-removed-${detail.id}-${step.tag}-${a.id}`;
            const again = a.user_id !== null ? { user_id: a.user_id } : { group_id: a.group_id ?? 0 };
            toast.success('process.assignees.removed', {
              id,
              values: { name },
              autoClose: 10_000,
              action: (
                <AssigneeUndoButton notificationId={id} name={name} undo={() => add.mutateAsync(again)} />
              ),
            });
          },
        }),
    });
  };

  return (
    <Group gap={6} wrap="wrap" align="center">
      <AvatarStack items={assigneeAvatars(step.assignees)} size={22} />
      <Text fz="sm" c="dimmed">
        {step.assignees.length > 0 ? t('process.assignees.label') : t('process.assignees.none')}
      </Text>
      {step.assignees.map((a) => {
        const removable = open && (canManage || isMe(a));
        return (
          <Badge
            key={a.id}
            variant="light"
            color="gray"
            tt="none"
            fw={500}
            pe={removable ? 2 : undefined}
            rightSection={
              removable ? (
                <CloseButton
                  size="xs"
                  aria-label={t('process.assignees.remove', { name: nameOf(a) })}
                  onClick={() => (isMe(a) ? removeSelf(a) : removeOther(a))}
                  disabled={remove.isPending}
                />
              ) : undefined
            }
          >
            {nameOf(a)}
          </Badge>
        );
      })}
      {(canManage || claimable) && userId !== null && !mine && (
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
