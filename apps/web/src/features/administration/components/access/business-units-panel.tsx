import { type ManagedBusinessUnit, PLACE_NAME_MAX, type PlaceStatus } from '@attest/shared';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconArchive, IconEye, IconPencil, IconPlus, IconRestore } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableOverview } from '../../../../components/table-overview';
import { isolate } from '../../../../components/user-text';
import { toast } from '../../../../lib/notifications/toast';
import { useCreateUnit, useManagedUnits, useRenamePlace, useSetPlaceArchived } from '../../api/places';
import { errorText } from '../../lib/error-text';
import { TableRowsState } from '../table-rows-state';
import { PlaceNameModal } from './place-name-modal';
import { PlaceStatusControl } from './place-status-control';
import { ViewersPanel } from './viewers-panel';

// A region's business units, paged on the server: added, renamed, archived and restored here.
export function BusinessUnitsPanel({
  regionId,
  regionArchived,
}: {
  regionId: number;
  regionArchived: boolean;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<PlaceStatus>('active');
  const [page, setPage] = useState(1);
  const [renaming, setRenaming] = useState<ManagedBusinessUnit | null>(null);
  const [viewing, setViewing] = useState<ManagedBusinessUnit | null>(null);
  const units = useManagedUnits(regionId, { page, status });
  const rename = useRenamePlace();
  const archive = useSetPlaceArchived();
  const rows = units.data?.results ?? [];
  const closeRename = () => {
    rename.reset();
    setRenaming(null);
  };
  const toggleArchived = (unit: ManagedBusinessUnit) =>
    archive.mutate(
      { kind: 'unit', id: unit.id, archived: unit.archived_at === null },
      {
        onSuccess: () =>
          toast.success(unit.archived_at ? 'admin.places.restored' : 'admin.places.archived', {
            values: { name: isolate(unit.name) },
          }),
      },
    );

  return (
    <Stack gap="md">
      {!regionArchived && <AddUnitForm regionId={regionId} />}
      <PlaceStatusControl
        size="xs"
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
      />
      {archive.error && (
        <Alert color="orange" variant="light" title={t('admin.places.archiveRefused')}>
          {errorText(archive.error, t)}
        </Alert>
      )}
      <Table verticalSpacing="xs" data-testid="units-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.places.businessUnit')}</Table.Th>
            <Table.Th>{t('admin.places.peopleWithAccess')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('admin.places.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <TableRowsState
            loading={units.isPending}
            empty={rows.length === 0}
            columns={3}
            emptyText={status === 'active' ? t('admin.places.noUnits') : t('admin.places.noArchivedUnits')}
          />
          {rows.map((unit) => (
            <Table.Tr key={unit.id}>
              <Table.Td>
                <Text fz="sm" fw={500} dir="auto">
                  {unit.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{unit.viewer_count}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <RowAction
                    label={t('admin.places.whoSeesName', { name: unit.name })}
                    onClick={() => setViewing(unit)}
                  >
                    <IconEye size={16} />
                  </RowAction>
                  <RowAction
                    label={t('admin.places.renameName', { name: unit.name })}
                    onClick={() => setRenaming(unit)}
                  >
                    <IconPencil size={16} />
                  </RowAction>
                  {unit.archived_at ? (
                    <RowAction
                      label={t('admin.places.restoreName', { name: unit.name })}
                      onClick={() => toggleArchived(unit)}
                    >
                      <IconRestore size={16} />
                    </RowAction>
                  ) : (
                    <RowAction
                      label={t('admin.places.archiveName', { name: unit.name })}
                      onClick={() => toggleArchived(unit)}
                    >
                      <IconArchive size={16} />
                    </RowAction>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <TableOverview total={units.data?.count} page={page} onPage={setPage} hideSinglePage />
      <PlaceNameModal
        opened={renaming !== null}
        title={t('admin.places.renameUnit')}
        label={t('admin.places.unitName')}
        submitLabel={t('admin.places.save')}
        initial={renaming?.name}
        pending={rename.isPending}
        error={rename.error}
        onClose={closeRename}
        onSubmit={(name) =>
          renaming && rename.mutate({ kind: 'unit', id: renaming.id, name }, { onSuccess: closeRename })
        }
      />
      <Modal
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing ? t('admin.places.whoSeesName', { name: viewing.name }) : ''}
        size="lg"
        radius="md"
        closeButtonProps={{ 'aria-label': t('admin.places.close') }}
      >
        {viewing && <ViewersPanel kind="unit" id={viewing.id} />}
      </Modal>
    </Stack>
  );
}

function RowAction({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

function AddUnitForm({ regionId }: { regionId: number }) {
  const { t } = useTranslation();
  const create = useCreateUnit();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { regionId, name: name.trim() },
      {
        onSuccess: (unit) => {
          setName('');
          toast.success('admin.places.unitAdded', { values: { name: isolate(unit.name) } });
        },
      },
    );
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          aria-label={t('admin.places.unitName')}
          placeholder={t('admin.places.newUnitPlaceholder')}
          maxLength={PLACE_NAME_MAX}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            if (create.error) create.reset();
          }}
          error={create.error ? errorText(create.error, t) : null}
        />
        <Button
          type="submit"
          variant="light"
          leftSection={<IconPlus size={16} />}
          loading={create.isPending}
          disabled={!name.trim()}
        >
          {t('admin.places.addUnit')}
        </Button>
      </Group>
    </form>
  );
}
