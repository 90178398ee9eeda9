import { Badge, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableOverview } from '../../../../components/table-overview';
import { type PlaceKind, usePlaceViewers, useRefreshPlaces } from '../../api/places';
import { useUsers } from '../../api/users';
import { TableRowsState } from '../table-rows-state';
import { UserAccessEditor } from '../user-access-editor';

// "Who sees which": the people whose grants reach this place, and through which grant. Access is
// granted per person (groups carry permissions, not places), with the same editor as Settings > Users.
export function ViewersPanel({ kind, id }: { kind: PlaceKind; id: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [granting, grant] = useDisclosure(false);
  const viewers = usePlaceViewers(kind, id, page);
  const refresh = useRefreshPlaces();
  const rows = viewers.data?.results ?? [];
  const closeGrant = () => {
    grant.close();
    void refresh();
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Text fz="sm" c="dimmed">
          {kind === 'region' ? t('admin.places.viewersHintRegion') : t('admin.places.viewersHintUnit')}
        </Text>
        <Button size="xs" variant="light" leftSection={<IconUserPlus size={16} />} onClick={grant.open}>
          {t('admin.places.grant')}
        </Button>
      </Group>
      <Table verticalSpacing="xs" data-testid="viewers-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.places.person')}</Table.Th>
            <Table.Th>{t('admin.places.access')}</Table.Th>
            <Table.Th>{t('admin.places.through')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <TableRowsState
            loading={viewers.isPending}
            empty={rows.length === 0}
            columns={3}
            emptyText={t('admin.places.noViewers')}
          />
          {rows.map((viewer) => (
            <Table.Tr key={`${viewer.user_id}-${viewer.via}-${viewer.via_name}`}>
              <Table.Td>
                <Text fz="sm" fw={500} dir="auto">
                  {`${viewer.first_name} ${viewer.last_name}`.trim() || viewer.email}
                </Text>
                <Text fz="xs" c="dimmed">
                  {viewer.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={viewer.access === 'full' ? 'blue' : 'gray'}>
                  {viewer.access === 'full' ? t('admin.access.full') : t('admin.access.read')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text fz="sm" dir="auto">
                  {viewer.via === 'region'
                    ? t('admin.places.viaRegion', { name: viewer.via_name })
                    : t('admin.places.viaUnit', { name: viewer.via_name })}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <TableOverview total={viewers.data?.count} page={page} onPage={setPage} hideSinglePage />
      <Modal
        opened={granting}
        onClose={closeGrant}
        title={t('admin.places.grant')}
        size="lg"
        radius="md"
        closeButtonProps={{ 'aria-label': t('admin.places.close') }}
      >
        {granting && <GrantAccess onDone={closeGrant} />}
      </Modal>
    </Stack>
  );
}

// Pick a person, then edit their access as Settings > Users does.
function GrantAccess({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  // Once a person is chosen the box shows their label: that is no search.
  const users = useUsers({ page: 1, q: chosen && q === chosen.label ? '' : q });
  const listed = (users.data?.results ?? []).map((u) => ({
    value: String(u.id),
    label: `${`${u.first_name} ${u.last_name}`.trim() || u.email} (${u.email})`,
  }));
  const options = chosen && !listed.some((o) => o.value === chosen.value) ? [chosen, ...listed] : listed;
  const userId = chosen?.value ?? null;
  return (
    <Stack gap="md">
      <Select
        label={t('admin.places.pickPerson')}
        placeholder={t('admin.places.pickPersonPlaceholder')}
        searchable
        data={options}
        value={userId}
        onChange={(_, option) => setChosen(option ?? null)}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        nothingFoundMessage={t('admin.places.noPeople')}
      />
      {userId && <UserAccessEditor key={userId} userId={Number(userId)} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('admin.places.done')}
        </Button>
      </Group>
    </Stack>
  );
}
