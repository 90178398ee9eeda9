import type { StudioAppDetail, StudioBranchSummary, StudioSavepointSummary } from '@attest/shared';
import { Anchor, Button, Group, Menu, Stack, Table, Text } from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserText } from '../../../components/user-text';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { CreateBranchDialog } from './create-branch-dialog';
import { CreateSavepointDialog } from './create-savepoint-dialog';
import { CreateVersionDialog } from './create-version-dialog';
import { studioPaths } from './studio-paths';

export type SavepointsTabProps = {
  detail: StudioAppDetail;
  branch: StudioBranchSummary;
  readOnly: boolean;
  canEdit: boolean;
};

type Dialog =
  | { kind: 'savepoint' }
  | { kind: 'version'; savepoint: StudioSavepointSummary }
  | { kind: 'branch'; savepoint: StudioSavepointSummary };

// The app's newest savepoints (every branch): view one read-only, compare it with its parent, make
// a version of it or start a branch from it; and take a new savepoint of the branch on screen.
export function SavepointsTab({ detail, branch, readOnly, canEdit }: SavepointsTabProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const appId = detail.app.id;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const branchName = (id: number) => detail.branches.find((b) => b.id === id)?.name ?? '';

  return (
    <Stack gap="md">
      {canEdit && !readOnly && (
        <Group justify="flex-end">
          <Button
            leftSection={<IconPlus size={16} />}
            variant="light"
            onClick={() => setDialog({ kind: 'savepoint' })}
          >
            {t('studio.savepoints.new', { branch: branch.name })}
          </Button>
        </Group>
      )}
      {detail.savepoints.length === 0 ? (
        <Text c="dimmed" fz="sm" ta="center" py="lg">
          {t('studio.savepoints.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="sm" data-testid="studio-savepoints">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('studio.savepoints.message')}</Table.Th>
                <Table.Th>{t('studio.savepoints.branch')}</Table.Th>
                <Table.Th>{t('studio.savepoints.createdAt')}</Table.Th>
                <Table.Th>{t('studio.savepoints.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.savepoints.map((savepoint) => (
                <Table.Tr key={savepoint.id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={studioPaths.savepoint(appId, branchName(savepoint.branch_id), savepoint.id)}
                      fz="sm"
                    >
                      <UserText>{savepoint.message}</UserText>
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{branchName(savepoint.branch_id)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm" c="dimmed">
                      {dates.dateTime(savepoint.created_at)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {canEdit && (
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => setDialog({ kind: 'version', savepoint })}
                        >
                          {t('studio.savepoints.makeVersion')}
                        </Button>
                      )}
                      {(canEdit || savepoint.parent_savepoint_id !== null) && (
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <Button
                              size="xs"
                              variant="subtle"
                              color="gray"
                              aria-label={t('studio.savepoints.more', { message: savepoint.message })}
                            >
                              <IconDots size={16} />
                            </Button>
                          </Menu.Target>
                          <Menu.Dropdown>
                            {canEdit && (
                              <Menu.Item onClick={() => setDialog({ kind: 'branch', savepoint })}>
                                {t('studio.savepoints.branchFrom')}
                              </Menu.Item>
                            )}
                            {savepoint.parent_savepoint_id !== null && (
                              <Menu.Item
                                component={Link}
                                to={studioPaths.diff(
                                  appId,
                                  `savepoint:${savepoint.parent_savepoint_id}`,
                                  `savepoint:${savepoint.id}`,
                                )}
                              >
                                {t('studio.savepoints.compareParent')}
                              </Menu.Item>
                            )}
                          </Menu.Dropdown>
                        </Menu>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {dialog?.kind === 'savepoint' && (
        <CreateSavepointDialog appId={appId} branch={branch} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'version' && (
        <CreateVersionDialog detail={detail} savepoint={dialog.savepoint} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'branch' && (
        <CreateBranchDialog
          detail={detail}
          fromSavepointId={dialog.savepoint.id}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
