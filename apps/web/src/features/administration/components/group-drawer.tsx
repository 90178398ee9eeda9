import { Alert, Button, Drawer, Group, Stack, TextInput } from '@mantine/core';
import { IconCircleCheck, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/user-text';
import { confirmAction } from '../../../lib/notifications/confirm';
import { toast } from '../../../lib/notifications/toast';
import type { AdminGroup } from '../api/groups';
import { useDeleteGroup, useUpdateGroup } from '../api/groups';
import { usePermissionsCatalogue } from '../api/permissions-catalogue';
import { errorText } from '../lib/error-text';
import { PermissionChecklist } from './permission-checklist';

export function GroupDrawer({ group, onClose }: { group: AdminGroup | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={group !== null}
      onClose={onClose}
      position="right"
      size={620}
      title={t('admin.groups.drawerTitle')}
      padding="xl"
    >
      {group && <GroupForm key={group.id} group={group} onDeleted={onClose} />}
    </Drawer>
  );
}

function GroupForm({ group, onDeleted }: { group: AdminGroup; onDeleted: () => void }) {
  const { t } = useTranslation();
  const catalogue = usePermissionsCatalogue();
  const update = useUpdateGroup();
  const remove = useDeleteGroup();
  const [name, setName] = useState(group.name);
  const [permissions, setPermissions] = useState(group.permissions);
  const failure = update.error ?? remove.error;
  const dirty =
    name.trim() !== group.name ||
    permissions.length !== group.permissions.length ||
    permissions.some((p) => !group.permissions.includes(p));

  const confirmDelete = () =>
    confirmAction({
      title: 'admin.groups.deleteTitle',
      body: 'admin.groups.deleteDescription',
      confirm: 'admin.groups.delete',
      values: { name: isolate(group.name), count: group.member_count },
      onConfirm: () =>
        remove.mutate(group.id, {
          onSuccess: () => {
            toast.success('admin.groups.deleted', { values: { name: isolate(group.name) } });
            onDeleted();
          },
        }),
    });

  return (
    <Stack gap="lg">
      <TextInput
        label={t('admin.groups.name')}
        required
        maxLength={150}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <PermissionChecklist
        label={t('admin.groups.permissions')}
        options={catalogue.data ?? []}
        value={permissions}
        onChange={setPermissions}
        maxHeight="50vh"
      />
      {failure && (
        <Alert color="red" variant="light">
          {errorText(failure, t)}
        </Alert>
      )}
      {update.isSuccess && !dirty && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
          {t('admin.saved')}
        </Alert>
      )}
      <Group justify="space-between">
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={confirmDelete}
          loading={remove.isPending}
        >
          {t('admin.groups.delete')}
        </Button>
        <Button
          disabled={!dirty || !name.trim()}
          loading={update.isPending}
          onClick={() => update.mutate({ id: group.id, name: name.trim(), permissions })}
        >
          {t('admin.save')}
        </Button>
      </Group>
    </Stack>
  );
}
