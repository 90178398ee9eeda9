import type { StudioAppDetail, StudioBranchSummary } from '@attest/shared';
import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconGitMerge, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { CreateBranchDialog } from './create-branch-dialog';
import { MergeDialog } from './merge-dialog';
import { studioPaths } from './studio-paths';

export type BranchesTabProps = { detail: StudioAppDetail; current: StudioBranchSummary; canEdit: boolean };

// The app's branches: open one, start a new one, merge one into main.
export function BranchesTab({ detail, current, canEdit }: BranchesTabProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const appId = detail.app.id;
  const [creating, setCreating] = useState(false);
  const [merging, setMerging] = useState<StudioBranchSummary | null>(null);
  const main = detail.branches.find((branch) => branch.is_main);
  const savepointMessage = (id: number | null) =>
    id === null ? null : (detail.savepoints.find((s) => s.id === id)?.message ?? `#${id}`);

  return (
    <Stack gap="md">
      {canEdit && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setCreating(true)}>
            {t('studio.branches.new')}
          </Button>
        </Group>
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" data-testid="studio-branches">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('studio.branches.name')}</Table.Th>
              <Table.Th>{t('studio.branches.basedOn')}</Table.Th>
              <Table.Th>{t('studio.branches.updated')}</Table.Th>
              <Table.Th>{t('studio.branches.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.branches.map((branch) => (
              <Table.Tr key={branch.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor component={Link} to={studioPaths.branch(appId, branch.name)} fz="sm" fw={500}>
                      {branch.name}
                    </Anchor>
                    {branch.is_main && (
                      <Badge size="sm" variant="light" tt="none">
                        {t('studio.branches.main')}
                      </Badge>
                    )}
                    {branch.id === current.id && (
                      <Badge size="sm" variant="outline" color="gray" tt="none">
                        {t('studio.branches.current')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" c="dimmed" dir="auto" lineClamp={1}>
                    {savepointMessage(branch.based_on_savepoint_id) ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" c="dimmed">
                    {dates.dateTime(branch.updated_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {canEdit && !branch.is_main && main && (
                    <Button
                      size="xs"
                      variant="subtle"
                      leftSection={<IconGitMerge size={14} />}
                      onClick={() => setMerging(branch)}
                      aria-label={t('studio.branches.mergeInto', { branch: branch.name })}
                    >
                      {t('studio.branches.merge')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {creating && <CreateBranchDialog detail={detail} onClose={() => setCreating(false)} />}
      {merging && main && (
        <MergeDialog appId={appId} branch={merging} main={main} onClose={() => setMerging(null)} />
      )}
    </Stack>
  );
}
