import { type AdminUser, USER_KIND } from '@attest/shared';
import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconSearch, IconShieldCheck, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clickableRow } from '../../../components/clickable-row';
import { PersonAvatar } from '../../../components/person-avatar';
import { TableOverview } from '../../../components/table-overview';
import { displayNameOf, initialsOf } from '../../../lib/format/initials';
import { useUsers } from '../api/users';
import type { AdminCan } from '../lib/admin-can';
import { AdminPageHeader } from './admin-page-header';
import { InviteUserModal } from './invite-user-modal';
import { TableRowsState } from './table-rows-state';
import { UserDrawer } from './user-drawer';

export type UsersPageProps = { can: AdminCan; currentUserId: number };

export function UsersPage({ can, currentUserId }: UsersPageProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<AdminUser | null>(null);
  const [inviting, invite] = useDisclosure(false);
  const users = useUsers({ page, q });
  const rows = users.data?.results ?? [];
  // The drawer follows the list, so a saved change shows in both.
  const open = selected ? (rows.find((u) => u.id === selected.id) ?? selected) : null;

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title={t('admin.users.title')}
        description={t('admin.users.description')}
        actions={
          can('can_manage_third_party_users') && (
            <Button leftSection={<IconUserPlus size={16} />} onClick={invite.open}>
              {t('admin.users.invite')}
            </Button>
          )
        }
      />
      <Paper withBorder radius="lg" p="md" shadow="xs">
        <Stack gap="md">
          <TextInput
            placeholder={t('admin.users.search')}
            aria-label={t('admin.users.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            maxLength={200}
            maw={360}
          />
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover verticalSpacing="sm" data-testid="users-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.users.name')}</Table.Th>
                  <Table.Th>{t('admin.users.groups')}</Table.Th>
                  {/* Issue 14: short columns sized to their content, their header on one line. */}
                  <Table.Th w={1} style={{ whiteSpace: 'nowrap' }}>
                    {t('admin.users.mfa')}
                  </Table.Th>
                  <Table.Th w={1} style={{ whiteSpace: 'nowrap' }}>
                    {t('admin.users.status')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <TableRowsState
                  loading={users.isPending}
                  empty={rows.length === 0}
                  columns={4}
                  emptyText={t('admin.users.empty')}
                />
                {rows.map((user) => (
                  <Table.Tr key={user.id} {...clickableRow(() => setSelected(user))} data-testid="user-row">
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <PersonAvatar
                          colorKey={user.id}
                          name={displayNameOf(user)}
                          letters={initialsOf(user)}
                          size={32}
                          decorative
                        />
                        <Stack gap={0}>
                          <Group gap={6}>
                            <Text fz="sm" fw={500}>
                              {displayNameOf(user)}
                            </Text>
                            {user.kind === USER_KIND.supplier && (
                              <Badge size="xs" color="cyan" variant="light">
                                {t('admin.users.supplier')}
                              </Badge>
                            )}
                          </Group>
                          <Text fz="xs" c="dimmed">
                            {user.email}
                          </Text>
                        </Stack>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {user.groups.map((group) => (
                          <Badge key={group.id} size="sm" variant="default" radius="sm" tt="none" fw={500}>
                            {group.name}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {user.mfa_enrolled ? (
                        <Badge
                          size="sm"
                          color="teal"
                          variant="light"
                          leftSection={<IconShieldCheck size={12} />}
                          styles={WHOLE_LABEL}
                        >
                          {t('admin.users.mfaOn')}
                        </Badge>
                      ) : (
                        <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {t('admin.users.mfaOff')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge user={user} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TableOverview total={users.data?.count} page={page} onPage={setPage} />
        </Stack>
      </Paper>
      <UserDrawer user={open} onClose={() => setSelected(null)} can={can} currentUserId={currentUserId} />
      <InviteUserModal opened={inviting} onClose={invite.close} />
    </Stack>
  );
}

// Issue 14: a status reads whole ("ACTI..." said nothing): the badge grows with its label in every
// language instead of cutting it.
const WHOLE_LABEL = {
  root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' },
  label: { overflow: 'visible', textOverflow: 'clip' },
} as const;

export function StatusBadge({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  if (!user.is_active) {
    return (
      <Badge size="sm" color="gray" variant="light" styles={WHOLE_LABEL}>
        {t('admin.users.inactive')}
      </Badge>
    );
  }
  return (
    <Badge size="sm" color="green" variant="light" styles={WHOLE_LABEL}>
      {t('admin.users.active')}
    </Badge>
  );
}
