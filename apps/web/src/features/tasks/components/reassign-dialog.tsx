import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReassignTasks } from '../api/task-actions';
import type { TaskRef } from '../api/task-contract';
import { useTaskActionFeedback } from '../hooks/use-task-action-feedback';
import { PersonSelect } from './person-select';

type Props = { tasks: TaskRef[]; opened: boolean; onClose: () => void; onDone: () => void };

// Bulk reassignment (ProcessMaker's manager unblocking an absent person): all chosen tasks go to
// one person, all or nothing.
export function ReassignDialog({ tasks, opened, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const feedback = useTaskActionFeedback();
  const reassign = useReassignTasks();
  const [userId, setUserId] = useState<number | null>(null);
  const submit = () => {
    if (userId === null) return;
    reassign.mutate(
      { tasks, user_id: userId },
      {
        onSuccess: () => {
          feedback.done('tasks.toasts.reassigned', { count: tasks.length });
          setUserId(null);
          onDone();
        },
        onError: feedback.failed,
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('tasks.reassign.title')}
      closeButtonProps={{ 'aria-label': t('tasks.close') }}
    >
      <Stack>
        <Text fz="sm">{t('tasks.reassign.description', { count: tasks.length })}</Text>
        <PersonSelect label={t('tasks.reassign.person')} value={userId} onChange={setUserId} required />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('tasks.cancel')}
          </Button>
          <Button onClick={submit} loading={reassign.isPending} disabled={userId === null}>
            {t('tasks.reassign.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
