import { ActionIcon, Button, Group, Popover, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClaimTask, useSetFollowUp, useUnclaimTask } from '../api/task-actions';
import type { TaskRow } from '../api/task-contract';
import { useTaskActionFeedback } from '../hooks/use-task-action-feedback';

const refOf = (row: TaskRow) => ({ workflow_id: row.workflow_id, step_tag: row.step.tag });

// Claim or unclaim a group's task (a claim never overrides a holder: the server answers 409 and the
// list refetches to show who has it), and the person's own follow-up date.
export function TaskRowActions({ row }: { row: TaskRow }) {
  const { t } = useTranslation();
  const feedback = useTaskActionFeedback();
  const claim = useClaimTask();
  const unclaim = useUnclaimTask();
  const label = { step: row.step.name, workflow: row.workflow_name };
  return (
    <Group gap={6} wrap="nowrap">
      {row.actions.claim && (
        <Button
          size="compact-sm"
          variant="light"
          loading={claim.isPending}
          aria-label={t('tasks.actions.claimNamed', label)}
          onClick={() =>
            claim.mutate(refOf(row), {
              onSuccess: () => feedback.done('tasks.toasts.claimed', label),
              onError: feedback.failed,
            })
          }
        >
          {t('tasks.actions.claim')}
        </Button>
      )}
      {row.actions.unclaim && (
        <Button
          size="compact-sm"
          variant="default"
          loading={unclaim.isPending}
          aria-label={t('tasks.actions.unclaimNamed', label)}
          onClick={() =>
            unclaim.mutate(refOf(row), {
              onSuccess: () => feedback.done('tasks.toasts.unclaimed', label),
              onError: feedback.failed,
            })
          }
        >
          {t('tasks.actions.unclaim')}
        </Button>
      )}
      <FollowUpPicker row={row} />
    </Group>
  );
}

function FollowUpPicker({ row }: { row: TaskRow }) {
  const { t } = useTranslation();
  const feedback = useTaskActionFeedback();
  const setFollowUp = useSetFollowUp();
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState(row.follow_up_on ?? '');
  const name = t('tasks.actions.followUpNamed', { step: row.step.name, workflow: row.workflow_name });
  const save = (followUpOn: string | null) =>
    setFollowUp.mutate(
      { task: refOf(row), followUpOn },
      {
        onSuccess: () => {
          setOpened(false);
          feedback.done(followUpOn ? 'tasks.toasts.followUpSet' : 'tasks.toasts.followUpCleared');
        },
        onError: feedback.failed,
      },
    );
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      withArrow
      position="bottom-end"
      onOpen={() => setValue(row.follow_up_on ?? '')}
    >
      <Popover.Target>
        <Tooltip label={name}>
          <ActionIcon
            variant={row.follow_up_on ? 'light' : 'subtle'}
            color="gray"
            aria-label={name}
            aria-expanded={opened}
            onClick={() => setOpened((o) => !o)}
          >
            <IconCalendarEvent size={16} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TextInput
            type="date"
            label={t('tasks.actions.followUpLabel')}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
          <Group gap="xs" justify="flex-end">
            {row.follow_up_on && (
              <Button variant="subtle" size="xs" disabled={setFollowUp.isPending} onClick={() => save(null)}>
                {t('tasks.actions.followUpClear')}
              </Button>
            )}
            <Button size="xs" loading={setFollowUp.isPending} disabled={!value} onClick={() => save(value)}>
              {t('tasks.actions.followUpSave')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
