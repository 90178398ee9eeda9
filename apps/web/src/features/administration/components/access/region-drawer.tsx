import type { ManagedRegion } from '@attest/shared';
import { Badge, Button, Drawer, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingCommunity, IconEye, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRenamePlace } from '../../api/places';
import { ArchiveButton } from './archive-button';
import { BusinessUnitsPanel } from './business-units-panel';
import { PlaceNameModal } from './place-name-modal';
import { ViewersPanel } from './viewers-panel';

// One region: its name, its business units and who sees it; archived or restored from here.
export function RegionDrawer({ region, onClose }: { region: ManagedRegion | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={region !== null}
      onClose={onClose}
      position="right"
      size={640}
      title={t('admin.places.regionDrawerTitle')}
      padding="xl"
      closeButtonProps={{ 'aria-label': t('admin.places.close') }}
    >
      {region && <RegionDetail key={region.id} region={region} />}
    </Drawer>
  );
}

function RegionDetail({ region }: { region: ManagedRegion }) {
  const { t } = useTranslation();
  const [renaming, rename] = useDisclosure(false);
  const change = useRenamePlace();
  const archived = region.archived_at !== null;
  const closeRename = () => {
    change.reset();
    rename.close();
  };
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="sm">
            <Title order={2} fz={20} dir="auto">
              {region.name}
            </Title>
            {archived && (
              <Badge color="gray" variant="light">
                {t('admin.places.archivedBadge')}
              </Badge>
            )}
          </Group>
          <Text fz="sm" c="dimmed">
            {archived ? t('admin.places.archivedHint') : t('admin.places.regionHint')}
          </Text>
        </Stack>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPencil size={14} />}
          onClick={rename.open}
          style={{ flexShrink: 0 }}
        >
          {t('admin.places.rename')}
        </Button>
      </Group>
      <Tabs defaultValue="units" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="units" leftSection={<IconBuildingCommunity size={16} />}>
            {t('admin.places.businessUnits')}
          </Tabs.Tab>
          <Tabs.Tab value="viewers" leftSection={<IconEye size={16} />}>
            {t('admin.places.whoSees')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="units" pt="md">
          <BusinessUnitsPanel regionId={region.id} regionArchived={archived} />
        </Tabs.Panel>
        <Tabs.Panel value="viewers" pt="md">
          <ViewersPanel kind="region" id={region.id} />
        </Tabs.Panel>
      </Tabs>
      <ArchiveButton kind="region" id={region.id} name={region.name} archived={archived} />
      <PlaceNameModal
        opened={renaming}
        title={t('admin.places.renameRegion')}
        label={t('admin.places.regionName')}
        submitLabel={t('admin.places.save')}
        initial={region.name}
        pending={change.isPending}
        error={change.error}
        onClose={closeRename}
        onSubmit={(name) =>
          change.mutate({ kind: 'region', id: region.id, name }, { onSuccess: closeRename })
        }
      />
    </Stack>
  );
}
