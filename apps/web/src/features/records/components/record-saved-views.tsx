import { HttpError, PREFERENCE_NAME_MAX_LENGTH } from '@attest/shared';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NavLink,
  Popover,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconBookmark, IconBookmarks, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate, UserText } from '../../../components/user-text';
import { confirmAction } from '../../../lib/notifications/confirm';
import { toast } from '../../../lib/notifications/toast';
import { useDeleteRecordView, useSavedRecordViews, useSaveRecordView } from '../api/saved-views';

type RecordSavedViewsProps = {
  tag: string;
  // The list's state as its URL query, without the page: what a saved view keeps and opens.
  current: string;
  onOpen: (query: string) => void;
};

// Saved views of one type's records list (plan §7, preference kind saved_record_views): the
// current search, places, field filters and order under a name; opening one navigates to it.
export function RecordSavedViews({ tag, current, onOpen }: RecordSavedViewsProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const views = useSavedRecordViews(tag);
  const remove = useDeleteRecordView();
  const active = views.data?.find((view) => view.query === current);

  return (
    <Group gap="xs">
      <Popover opened={opened} onChange={setOpened} position="bottom-start" width={300} shadow="md">
        <Popover.Target>
          <Button
            variant="default"
            leftSection={<IconBookmarks size={16} aria-hidden />}
            onClick={() => setOpened((open) => !open)}
            aria-expanded={opened}
          >
            {active ? (
              <Text span size="sm" fw={500} truncate maw={180}>
                <UserText>{active.name}</UserText>
              </Text>
            ) : (
              t('records.views.title')
            )}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap={4} role="region" aria-label={t('records.views.title')}>
            {views.isError && (
              <Text size="sm" c="red">
                {t('records.views.failed')}
              </Text>
            )}
            {views.data?.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('records.views.none')}
              </Text>
            )}
            {views.data?.map((view) => (
              <Group key={view.id} gap={2} wrap="nowrap">
                <NavLink
                  component="button"
                  label={
                    <Text size="sm" truncate>
                      <UserText>{view.name}</UserText>
                    </Text>
                  }
                  leftSection={<IconBookmark size={14} aria-hidden />}
                  active={view.query === current}
                  aria-current={view.query === current ? 'true' : undefined}
                  onClick={() => {
                    setOpened(false);
                    onOpen(view.query);
                  }}
                  variant="light"
                  style={{ borderRadius: 6, flex: 1, minWidth: 0 }}
                />
                <Tooltip label={t('records.views.delete', { name: view.name })}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={t('records.views.delete', { name: view.name })}
                    loading={remove.isPending && remove.variables === view.id}
                    onClick={() =>
                      confirmAction({
                        title: 'records.views.deleteTitle',
                        body: 'records.views.deleteBody',
                        confirm: 'records.views.deleteConfirm',
                        values: { name: isolate(view.name) },
                        onConfirm: () =>
                          remove.mutate(view.id, {
                            onSuccess: () =>
                              toast.success('records.views.deleted', {
                                values: { name: isolate(view.name) },
                              }),
                            onError: () =>
                              toast.error('records.views.deleteFailed', {
                                values: { name: isolate(view.name) },
                              }),
                          }),
                      })
                    }
                  >
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <SaveRecordViewButton tag={tag} query={current} />
    </Group>
  );
}

function SaveRecordViewButton({ tag, query }: { tag: string; query: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const save = useSaveRecordView(tag);
  const close = () => {
    setOpened(false);
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    save.mutate(
      { name: trimmed, query },
      {
        onSuccess: () => {
          toast.success('records.views.savedToast', { values: { name: isolate(trimmed) } });
          close();
          setName('');
        },
      },
    );
  };
  // The server's refusals named for people: a name already used, or the kind's limit reached.
  const error = save.error
    ? t(
        save.error instanceof HttpError && save.error.fieldErrors?.name
          ? 'records.views.duplicateName'
          : save.error instanceof HttpError && save.error.status === 400 && !save.error.fieldErrors
            ? 'records.views.limitReached'
            : 'records.views.saveFailed',
      )
    : undefined;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconDeviceFloppy size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('records.views.save')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('records.views.saveTitle')}>
        <form onSubmit={submit}>
          <Stack>
            <TextInput
              label={t('records.views.name')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={PREFERENCE_NAME_MAX_LENGTH}
              required
              data-autofocus
              error={error}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('records.views.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!name.trim()}>
                {t('records.views.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
