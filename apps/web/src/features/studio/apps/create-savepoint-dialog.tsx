import { STUDIO_MESSAGE_MAX_LENGTH, type StudioBranchSummary } from '@attest/shared';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/user-text';
import { toast } from '../../../lib/notifications/toast';
import { useCreateStudioSavepoint } from '../api/branches';
import { fieldError, formError } from './studio-error-text';

export type CreateSavepointDialogProps = { appId: number; branch: StudioBranchSummary; onClose: () => void };

// A savepoint of the branch's working copy as it is now, with a message saying what it holds.
export function CreateSavepointDialog({ appId, branch, onClose }: CreateSavepointDialogProps) {
  const { t } = useTranslation();
  const create = useCreateStudioSavepoint(appId);
  const [message, setMessage] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { branchId: branch.id, message: message.trim() },
      {
        onSuccess: () => {
          toast.success('studio.savepoints.created', { values: { branch: isolate(branch.name) } });
          onClose();
        },
      },
    );
  };
  const general = formError(create.error, ['message'], t);

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('studio.savepoints.createTitle', { branch: branch.name })}
      radius="md"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Textarea
            label={t('studio.savepoints.message')}
            description={t('studio.savepoints.messageHint')}
            required
            autosize
            minRows={2}
            maxLength={STUDIO_MESSAGE_MAX_LENGTH}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            error={fieldError(create.error, 'message')}
            data-autofocus
          />
          {general && (
            <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
              {general}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!message.trim()}>
              {t('studio.savepoints.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
