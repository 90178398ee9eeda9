import type { ManagedRegion, PlaceStatus } from '@attest/shared';
import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconMapPin, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '../../../../components/admin-page-header';
import { clickableRow } from '../../../../components/clickable-row';
import { TableOverview } from '../../../../components/table-overview';
import { useCreateRegion, useManagedRegions } from '../../api/places';
import { TableRowsState } from '../table-rows-state';
import { PlaceNameModal } from './place-name-modal';
import { PlaceStatusControl } from './place-status-control';
import { RegionDrawer } from './region-drawer';

// Settings > Access (issue 19): the tenant's regions, paged on the server; a region opens its
// business units and who sees it.
export function AccessSettingsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<PlaceStatus>('active');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<ManagedRegion | null>(null);
  const [creating, create] = useDisclosure(false);
  const regions = useManagedRegions({ page, q, status });
  const createRegion = useCreateRegion();
  const rows = regions.data?.results ?? [];
  // The row as last listed (a rename shows at once); a region just created may be on another page.
  const selected = rows.find((r) => r.id === picked?.id) ?? picked;
  const closeCreate = () => {
    createRegion.reset();
    create.close();
  };

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title={t('admin.places.title')}
        description={t('admin.places.description')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
            {t('admin.places.addRegion')}
          </Button>
        }
      />
      <Paper withBorder radius="lg" p="md" shadow="xs">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <PlaceStatusControl
              value={status}
              onChange={(next) => {
                setStatus(next);
                setPage(1);
              }}
            />
            <TextInput
              aria-label={t('admin.places.searchRegions')}
              placeholder={t('admin.places.searchRegions')}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              w={260}
            />
          </Group>
          <Table highlightOnHover verticalSpacing="sm" data-testid="regions-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.places.region')}</Table.Th>
                <Table.Th>{t('admin.places.businessUnits')}</Table.Th>
                <Table.Th>{t('admin.places.peopleWithAccess')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <TableRowsState
                loading={regions.isPending}
                empty={rows.length === 0}
                columns={3}
                emptyText={
                  status === 'active' ? t('admin.places.noRegions') : t('admin.places.noArchivedRegions')
                }
              />
              {rows.map((region) => (
                <Table.Tr key={region.id} {...clickableRow(() => setPicked(region))}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <IconMapPin size={18} stroke={1.5} color="var(--mantine-color-gray-6)" />
                      <Text fz="sm" fw={500} dir="auto">
                        {region.name}
                      </Text>
                      {region.archived_at && (
                        <Badge size="sm" color="gray" variant="light">
                          {t('admin.places.archivedBadge')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{region.business_unit_count}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{region.viewer_count}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <TableOverview total={regions.data?.count} page={page} onPage={setPage} />
        </Stack>
      </Paper>
      <RegionDrawer region={selected} onClose={() => setPicked(null)} />
      <PlaceNameModal
        opened={creating}
        title={t('admin.places.addRegion')}
        label={t('admin.places.regionName')}
        submitLabel={t('admin.places.create')}
        pending={createRegion.isPending}
        error={createRegion.error}
        onClose={closeCreate}
        onSubmit={(name) =>
          createRegion.mutate(name, {
            onSuccess: (region) => {
              closeCreate();
              setStatus('active');
              setPicked(region);
            },
          })
        }
      />
    </Stack>
  );
}
