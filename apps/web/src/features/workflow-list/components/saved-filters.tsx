import { PREFERENCE_NAME_MAX_LENGTH } from '@attest/shared';
import { ActionIcon, Button, Group, Modal, NavLink, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconBookmark, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate, UserText } from '../../../components/user-text';
import { confirmAction } from '../../../lib/notifications/confirm';
import { toast } from '../../../lib/notifications/toast';
import { savedFilterQuery, useDeleteSavedFilter, useSavedFilters, useSaveFilter } from '../api/saved-filters';
import { SidebarSection } from './sidebar-section';

// Saved filters (spec 2 §3.6 saved_filters): the current list query under a name.
export function SaveFilterButton({ query }: { query: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const save = useSaveFilter();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { name: name.trim(), query },
      {
        onSuccess: () => {
          toast.success('dashboard.saved.savedToast', { values: { name: isolate(name.trim()) } });
          setOpened(false);
          setName('');
        },
      },
    );
  };
  return (
    <>
      <Button variant="default" leftSection={<IconDeviceFloppy size={16} />} onClick={() => setOpened(true)}>
        {t('dashboard.saved.save')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('dashboard.saved.saveTitle')}>
        <form onSubmit={submit}>
          <Stack>
            <TextInput
              label={t('dashboard.saved.name')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={PREFERENCE_NAME_MAX_LENGTH}
              required
              data-autofocus
              error={save.error?.message}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                {t('dashboard.saved.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!name.trim()}>
                {t('dashboard.saved.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

export function SavedFilterList({ current, onApply }: { current: string; onApply: (query: string) => void }) {
  const { t } = useTranslation();
  const saved = useSavedFilters();
  const remove = useDeleteSavedFilter();
  return (
    <SidebarSection title={t('dashboard.saved.title')}>
      {saved.data?.length === 0 && (
        <Text size="sm" c="dimmed" px="xs">
          {t('dashboard.saved.none')}
        </Text>
      )}
      {saved.data?.map((filter) => {
        const query = savedFilterQuery(filter);
        return (
          <Group key={filter.id} gap={2} wrap="nowrap">
            <NavLink
              component="button"
              label={
                <Text size="sm" truncate>
                  <UserText>{filter.name}</UserText>
                </Text>
              }
              leftSection={<IconBookmark size={14} />}
              active={query === current}
              onClick={() => onApply(query)}
              variant="light"
              style={{ borderRadius: 6, flex: 1, minWidth: 0 }}
            />
            <Tooltip label={t('dashboard.saved.delete', { name: filter.name })}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t('dashboard.saved.delete', { name: filter.name })}
                loading={remove.isPending && remove.variables === filter.id}
                onClick={() =>
                  confirmAction({
                    title: 'dashboard.saved.deleteTitle',
                    body: 'dashboard.saved.deleteBody',
                    confirm: 'dashboard.saved.deleteConfirm',
                    values: { name: isolate(filter.name) },
                    onConfirm: () =>
                      remove.mutate(filter.id, {
                        onSuccess: () =>
                          toast.success('dashboard.saved.deleted', {
                            values: { name: isolate(filter.name) },
                          }),
                        onError: () =>
                          toast.error('dashboard.saved.deleteFailed', {
                            values: { name: isolate(filter.name) },
                          }),
                      }),
                  })
                }
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      })}
    </SidebarSection>
  );
}
