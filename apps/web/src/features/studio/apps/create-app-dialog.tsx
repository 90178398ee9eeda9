import { STUDIO_APP_NAME_MAX_LENGTH, STUDIO_DESCRIPTION_MAX_LENGTH, type StudioApp } from '@attest/shared';
import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateStudioApp } from '../api/apps';
import { fieldError, formError } from './studio-error-text';

export type CreateAppDialogProps = {
  opened: boolean;
  onClose: () => void;
  onCreated: (app: StudioApp) => void;
};

const FIELDS = ['name', 'icon', 'description'] as const;

// "New app": name, icon (an emoji or a short text) and description; the server's field errors
// show on their fields.
export function CreateAppDialog({ opened, onClose, onCreated }: CreateAppDialogProps) {
  const { t } = useTranslation();
  const create = useCreateStudioApp();
  const [name, setName] = useState('');
  const [icon, setIcon] = useState('');
  const [description, setDescription] = useState('');

  const close = () => {
    create.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), icon: icon.trim() || null, description: description.trim() },
      { onSuccess: onCreated },
    );
  };
  const general = formError(create.error, FIELDS, t);

  return (
    <Modal opened={opened} onClose={close} title={t('studio.apps.createTitle')} radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('studio.apps.name')}
            required
            maxLength={STUDIO_APP_NAME_MAX_LENGTH}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldError(create.error, 'name')}
            data-autofocus
          />
          <TextInput
            label={t('studio.apps.icon')}
            description={t('studio.apps.iconHint')}
            maxLength={100}
            value={icon}
            onChange={(e) => setIcon(e.currentTarget.value)}
            error={fieldError(create.error, 'icon')}
          />
          <Textarea
            label={t('studio.apps.description')}
            maxLength={STUDIO_DESCRIPTION_MAX_LENGTH}
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={fieldError(create.error, 'description')}
          />
          {general && (
            <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
              {general}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
              {t('studio.apps.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
