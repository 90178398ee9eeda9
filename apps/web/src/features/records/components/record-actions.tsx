import type { RecordDetail } from '@attest/shared';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArchive, IconArchiveOff, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isolate, withIsolatedNames } from '../../../components/user-text';
import { usePermissions } from '../../auth';
import { useDeleteRecord, useSetRecordArchived } from '../api/records';
import { refusalText } from '../lib/refusal-text';

type RecordActionsProps = {
  record: RecordDetail;
  editing: boolean;
  onEdit: () => void;
};

// The record's actions, each only with its permission (the server checks the same): edit needs
// can_change_record, archive, restore and delete can_delete_record. An archived record is restored
// before it is edited.
export function RecordActions({ record, editing, onEdit }: RecordActionsProps) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const navigate = useNavigate();
  const tag = record.object_type.tag;
  const archive = useSetRecordArchived(tag, record.id);
  const remove = useDeleteRecord(tag, record.id);
  const [confirming, { open, close }] = useDisclosure(false);
  const archived = record.archived_at !== null;

  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="xs">
        {can('can_change_record') && !archived && !editing && (
          <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
            {t('records.actions.edit')}
          </Button>
        )}
        {can('can_delete_record') && (
          <Button
            variant="default"
            leftSection={
              archived ? <IconArchiveOff size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />
            }
            loading={archive.isPending}
            onClick={() => archive.mutate(!archived)}
          >
            {t(archived ? 'records.actions.restore' : 'records.actions.archive')}
          </Button>
        )}
        {can('can_delete_record') && (
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => {
              remove.reset();
              open();
            }}
          >
            {t('records.actions.delete')}
          </Button>
        )}
      </Group>
      {archive.error && (
        <Alert color="red" role="alert" py={6}>
          {refusalText(t, archive.error)}
        </Alert>
      )}
      <Modal opened={confirming} onClose={close} title={t('records.actions.deleteTitle')}>
        <Stack gap="md">
          <Text size="sm">
            {withIsolatedNames(t('records.actions.deleteConfirm', { title: isolate(record.title) }))}
          </Text>
          {remove.error && (
            // The server's refusal as it words it: which workflows use the record.
            <Alert color="red" role="alert">
              {refusalText(t, remove.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('records.form.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    close();
                    navigate(`/records/${tag}`, { replace: true });
                  },
                })
              }
            >
              {t('records.actions.deleteConfirmButton')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
