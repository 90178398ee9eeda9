import type { StudioBranchSummary, StudioWorkingCopy } from '@attest/shared';
import { ActionIcon, Anchor, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserText } from '../../../components/user-text';
import { toast } from '../../../lib/notifications/toast';
import { reloadStudioBranch, useSaveWorkingCopy } from '../api/working-copy';
import { studioPaths } from '../apps/studio-paths';
import { NewObjectTypeButton } from './new-object-type-button';
import { withoutObject } from './object-model';

export type ObjectsTabProps = {
  appId: number;
  branch: StudioBranchSummary;
  pkg: StudioWorkingCopy | undefined;
  loading: boolean;
  readOnly: boolean;
};

type ObjectRow = { tag: string; name: string; fields: number };

// A working copy may hold work in progress, so every property is read defensively.
function objectRow(object: Record<string, unknown>, index: number): ObjectRow {
  const tag = typeof object.tag === 'string' && object.tag ? object.tag : `object-${index + 1}`;
  const name = typeof object.name === 'string' && object.name ? object.name : tag;
  return { tag, name, fields: Array.isArray(object.fields) ? object.fields.length : 0 };
}

// The object types of the package on screen (plan §2), each opening its designer when editable.
export function ObjectsTab({ appId, branch, pkg, loading, readOnly }: ObjectsTabProps) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<ObjectRow | null>(null);
  if (loading) return <Loader size="sm" aria-label={t('studio.loading')} />;
  const rows = (pkg?.objects ?? []).map(objectRow);
  const add = readOnly ? null : <NewObjectTypeButton appId={appId} branch={branch} />;
  if (rows.length === 0) {
    return (
      <Stack align="center" py="lg" gap="sm">
        <Text c="dimmed" fz="sm" ta="center">
          {t('studio.objects.empty')}
        </Text>
        {add}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {add}
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="sm" data-testid="studio-objects">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('studio.objects.name')}</Table.Th>
              <Table.Th>{t('studio.objects.fieldCount')}</Table.Th>
              <Table.Th>{t('studio.processes.open')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.tag}>
                <Table.Td>
                  <Text fz="sm" fw={500}>
                    <UserText>{row.name}</UserText>
                  </Text>
                  <Text fz="xs" c="dimmed" ff="monospace" dir="ltr">
                    {row.tag}
                  </Text>
                </Table.Td>
                <Table.Td>{row.fields}</Table.Td>
                <Table.Td>
                  {readOnly ? (
                    <Text fz="sm" c="dimmed">
                      {t('studioDesigner.readOnly')}
                    </Text>
                  ) : (
                    <Group gap="md" wrap="nowrap">
                      <Anchor
                        component={Link}
                        to={studioPaths.objectDesigner(appId, branch.name, row.tag)}
                        fz="sm"
                        aria-label={t('studio.objects.openDesigner', { name: row.name })}
                      >
                        {t('studio.processes.designer')}
                      </Anchor>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('studio.objects.delete', { name: row.name })}
                        onClick={() => setRemoving(row)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {removing && (
        <DeleteObjectDialog appId={appId} branch={branch} row={removing} onClose={() => setRemoving(null)} />
      )}
    </Stack>
  );
}

// Deleting takes the type out of this branch's working copy; a deployed type stays until a version
// without it is deployed.
function DeleteObjectDialog({
  appId,
  branch,
  row,
  onClose,
}: {
  appId: number;
  branch: StudioBranchSummary;
  row: ObjectRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveWorkingCopy();
  const remove = async () => {
    try {
      // The branch as it is now, so only this type goes and whatever others saved stays.
      const current = await reloadStudioBranch(appId, branch.id);
      await save.mutateAsync({
        appId,
        branchId: branch.id,
        revision: current.revision,
        package: withoutObject(current.package, row.tag),
      });
      onClose();
    } catch {
      toast.error('studio.objects.deleteFailed', { id: 'studio-object-delete' });
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('studio.objects.deleteTitle', { name: row.name })} radius="md">
      <Stack>
        <Text fz="sm">{t('studio.objects.deleteText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('studio.objects.cancel')}
          </Button>
          <Button color="red" loading={save.isPending} onClick={() => void remove()}>
            {t('studio.objects.deleteConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
