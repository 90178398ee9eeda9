import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clickableRow } from '../../../components/clickable-row';
import { TableOverview } from '../../../components/table-overview';
import { useCreateGroup, useGroups } from '../api/groups';
import { errorText } from '../lib/error-text';
import { AdminPageHeader } from './admin-page-header';
import { GroupDrawer } from './group-drawer';
import { TableRowsState } from './table-rows-state';

export function GroupsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [creating, create] = useDisclosure(false);
  const groups = useGroups({ page });
  const rows = groups.data?.results ?? [];
  const selected = rows.find((g) => g.id === selectedId) ?? null;

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title={t('admin.groups.title')}
        description={t('admin.groups.description')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
            {t('admin.groups.create')}
          </Button>
        }
      />
      <Paper withBorder radius="lg" p="md" shadow="xs">
        <Stack gap="md">
          <Table highlightOnHover verticalSpacing="sm" data-testid="groups-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.groups.name')}</Table.Th>
                <Table.Th>{t('admin.groups.members')}</Table.Th>
                <Table.Th>{t('admin.groups.permissions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <TableRowsState
                loading={groups.isPending}
                empty={rows.length === 0}
                columns={3}
                emptyText={t('admin.groups.empty')}
              />
              {rows.map((group) => (
                <Table.Tr key={group.id} {...clickableRow(() => setSelectedId(group.id))}>
                  <Table.Td>
                    <Group gap="sm">
                      <IconUsersGroup size={18} stroke={1.5} color="var(--mantine-color-gray-6)" />
                      <Text fz="sm" fw={500}>
                        {group.name}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{group.member_count}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" size="sm">
                      {group.permissions.length}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <TableOverview total={groups.data?.count} page={page} onPage={setPage} />
        </Stack>
      </Paper>
      <GroupDrawer group={selected} onClose={() => setSelectedId(null)} />
      <CreateGroupModal opened={creating} onClose={create.close} onCreated={setSelectedId} />
    </Stack>
  );
}

type CreateGroupModalProps = { opened: boolean; onClose: () => void; onCreated: (id: number) => void };

function CreateGroupModal({ opened, onClose, onCreated }: CreateGroupModalProps) {
  const { t } = useTranslation();
  const create = useCreateGroup();
  const [name, setName] = useState('');
  const close = () => {
    setName('');
    create.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name.trim(), {
      onSuccess: (group) => {
        close();
        onCreated(group.id);
      },
    });
  };
  return (
    <Modal opened={opened} onClose={close} title={t('admin.groups.create')} radius="md">
      <form onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label={t('admin.groups.name')}
            required
            maxLength={150}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={create.error ? errorText(create.error, t) : null}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
              {t('admin.groups.createSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
