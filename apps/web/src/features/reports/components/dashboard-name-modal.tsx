import { DASHBOARD_NAME_MAX_LENGTH, type Dashboard, DESCRIPTION_MAX_LENGTH } from '@attest/shared';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateDashboard, useUpdateDashboard } from '../api/dashboards';
import { reportErrorText } from '../lib/error-text';

export type DashboardNameModalProps = {
  // null: a new dashboard; otherwise the one to rename.
  dashboard: Dashboard | null;
  opened: boolean;
  onClose: () => void;
  onSaved?: (dashboard: Dashboard) => void;
};

// Create a dashboard, or rename one (its name and description).
export function DashboardNameModal({ dashboard, opened, onClose, onSaved }: DashboardNameModalProps) {
  const { t } = useTranslation();
  const create = useCreateDashboard();
  const update = useUpdateDashboard();
  const mutation = dashboard ? update : create;
  const [name, setName] = useState(dashboard?.name ?? '');
  const [description, setDescription] = useState(dashboard?.description ?? '');

  const close = () => {
    create.reset();
    update.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name: name.trim(), description: description.trim() };
    const done = {
      onSuccess: (saved: Dashboard) => {
        close();
        onSaved?.(saved);
      },
    };
    if (dashboard) update.mutate({ id: dashboard.id, ...body }, done);
    else create.mutate(body, done);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      radius="md"
      title={dashboard ? t('reports.dashboards.renameTitle') : t('reports.dashboards.createTitle')}
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label={t('reports.dashboards.name')}
            required
            maxLength={DASHBOARD_NAME_MAX_LENGTH}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={reportErrorText(mutation.error, t)}
            data-autofocus
          />
          <Textarea
            label={t('reports.dashboards.descriptionField')}
            maxLength={DESCRIPTION_MAX_LENGTH}
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending} disabled={!name.trim()}>
              {dashboard ? t('reports.save') : t('reports.dashboards.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
