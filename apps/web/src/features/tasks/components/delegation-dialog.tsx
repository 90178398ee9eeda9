import { Button, Divider, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { useCreateDelegation, useDelegations, useRevokeDelegation } from '../api/delegations';
import type { Delegation } from '../api/task-contract';
import { useTaskActionFeedback } from '../hooks/use-task-action-feedback';
import { PersonSelect } from './person-select';

const today = () => new Date().toISOString().slice(0, 10);

type Props = { opened: boolean; onClose: () => void; userId: number };

// "Away? Delegate your tasks" (Bonita/jBPM delegation for a date range): while away, the delegate
// sees the person's tasks; both see who acts for whom, and the delegator may revoke it.
export function DelegationDialog({ opened, onClose, userId }: Props) {
  const { t } = useTranslation();
  const feedback = useTaskActionFeedback();
  const delegations = useDelegations(opened);
  const create = useCreateDelegation();
  const [delegateId, setDelegateId] = useState<number | null>(null);
  const [startsOn, setStartsOn] = useState(today);
  const [endsOn, setEndsOn] = useState('');
  const submit = () => {
    if (delegateId === null || !startsOn || !endsOn) return;
    create.mutate(
      { delegate_id: delegateId, starts_on: startsOn, ends_on: endsOn },
      {
        onSuccess: () => {
          feedback.done('tasks.toasts.delegated');
          setDelegateId(null);
          setEndsOn('');
        },
        onError: feedback.failed,
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('tasks.delegation.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('tasks.close') }}
    >
      <Stack>
        <Text fz="sm">{t('tasks.delegation.description')}</Text>
        <PersonSelect
          label={t('tasks.delegation.delegate')}
          value={delegateId}
          onChange={setDelegateId}
          excludeId={userId}
          required
        />
        <Group grow>
          <TextInput
            type="date"
            label={t('tasks.delegation.startsOn')}
            value={startsOn}
            onChange={(e) => setStartsOn(e.currentTarget.value)}
            required
          />
          <TextInput
            type="date"
            label={t('tasks.delegation.endsOn')}
            value={endsOn}
            min={startsOn || undefined}
            onChange={(e) => setEndsOn(e.currentTarget.value)}
            required
          />
        </Group>
        <Group justify="flex-end">
          <Button
            onClick={submit}
            loading={create.isPending}
            disabled={delegateId === null || !startsOn || !endsOn}
          >
            {t('tasks.delegation.submit')}
          </Button>
        </Group>
        <Divider />
        {delegations.isPending && <Text fz="sm">{t('tasks.delegation.loading')}</Text>}
        {delegations.isError && (
          <Text fz="sm" c="red.9">
            {t('tasks.delegation.failed')}
          </Text>
        )}
        {delegations.data && (
          <>
            <DelegationList title={t('tasks.delegation.given')} items={delegations.data.given} mine />
            <DelegationList
              title={t('tasks.delegation.received')}
              items={delegations.data.received}
              mine={false}
            />
          </>
        )}
      </Stack>
    </Modal>
  );
}

function DelegationList({ title, items, mine }: { title: string; items: Delegation[]; mine: boolean }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const feedback = useTaskActionFeedback();
  const revoke = useRevokeDelegation();
  return (
    <Stack gap={6}>
      <Title order={3} fz="sm">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('tasks.delegation.none')}
        </Text>
      ) : (
        <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((d) => {
            const values = {
              delegator: d.delegator.name,
              delegate: d.delegate.name,
              start: format.day(d.starts_on),
              end: format.day(d.ends_on),
            };
            return (
              <Group component="li" key={d.id} justify="space-between" wrap="nowrap" gap="xs">
                <Text fz="sm">
                  {t(mine ? 'tasks.delegation.givenItem' : 'tasks.delegation.receivedItem', values)}{' '}
                  <Text span fz="xs" c="dimmed">
                    ({t(d.active ? 'tasks.delegation.active' : 'tasks.delegation.upcoming')})
                  </Text>
                </Text>
                {mine && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    loading={revoke.isPending && revoke.variables === d.id}
                    aria-label={t('tasks.delegation.revokeNamed', values)}
                    onClick={() =>
                      revoke.mutate(d.id, {
                        onSuccess: () => feedback.done('tasks.toasts.revoked'),
                        onError: feedback.failed,
                      })
                    }
                  >
                    {t('tasks.delegation.revoke')}
                  </Button>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
