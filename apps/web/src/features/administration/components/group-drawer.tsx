import {
  Alert,
  Button,
  Checkbox,
  Drawer,
  Group,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
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
  const [filter, setFilter] = useState('');
  const visible = (catalogue.data ?? []).filter(
    (p) => !filter || `${p.name} ${p.codename}`.toLowerCase().includes(filter.trim().toLowerCase()),
  );
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
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fz="sm" fw={500}>
            {t('admin.groups.permissions')}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('admin.groups.selected', { count: permissions.length })}
          </Text>
        </Group>
        <TextInput
          size="xs"
          placeholder={t('admin.groups.filter')}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
        />
        <ScrollArea.Autosize mah="50vh" type="auto" offsetScrollbars>
          <Checkbox.Group value={permissions} onChange={setPermissions}>
            <SimpleGrid cols={1} spacing={10} py={4}>
              {visible.map((permission) => (
                <Checkbox
                  key={permission.codename}
                  value={permission.codename}
                  label={permission.name}
                  description={permission.codename}
                />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        </ScrollArea.Autosize>
      </Stack>
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
