import type { StudioBranchSummary, StudioWorkingCopy } from '@attest/shared';
import { Anchor, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserText } from '../../../components/user-text';
import { NewProcessButton } from '../designer/components/new-process-button';
import { studioPaths } from './studio-paths';

export type ProcessesTabProps = {
  appId: number;
  branch: StudioBranchSummary;
  pkg: StudioWorkingCopy | undefined;
  loading: boolean;
  readOnly: boolean;
};

type ProcessRow = { tag: string; name: string; statuses: number; groups: number };

// A working copy may hold work in progress, so every property is read defensively.
function processRow(process: Record<string, unknown>, index: number): ProcessRow {
  const kind = (process.kind ?? {}) as { tag?: unknown; name?: unknown };
  const tag = typeof kind.tag === 'string' && kind.tag ? kind.tag : `process-${index + 1}`;
  const name = typeof kind.name === 'string' && kind.name ? kind.name : tag;
  const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);
  return { tag, name, statuses: count(process.statuses), groups: count(process.step_groups) };
}

// The processes of the package on screen, each linking to its page and (when editable) its designer.
export function ProcessesTab({ appId, branch, pkg, loading, readOnly }: ProcessesTabProps) {
  const { t } = useTranslation();
  if (loading) return <Loader size="sm" aria-label={t('studio.loading')} />;
  const rows = (pkg?.processes ?? []).map(processRow);
  // A designer adds processes here; a read-only savepoint or archived app offers nothing to add.
  const newProcess = readOnly ? null : <NewProcessButton appId={appId} branchName={branch.name} />;
  if (rows.length === 0) {
    return (
      <Stack align="center" py="lg" gap="sm">
        <Text c="dimmed" fz="sm" ta="center">
          {t('studio.processes.empty')}
        </Text>
        {newProcess}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {newProcess}
      <ProcessesTable appId={appId} branch={branch} rows={rows} readOnly={readOnly} />
    </Stack>
  );
}

function ProcessesTable({
  appId,
  branch,
  rows,
  readOnly,
}: {
  appId: number;
  branch: StudioBranchSummary;
  rows: ProcessRow[];
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="sm" data-testid="studio-processes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('studio.processes.name')}</Table.Th>
            <Table.Th>{t('studio.processes.statuses')}</Table.Th>
            <Table.Th>{t('studio.processes.stepGroups')}</Table.Th>
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
                <Text fz="xs" c="dimmed" ff="monospace">
                  {row.tag}
                </Text>
              </Table.Td>
              <Table.Td>{row.statuses}</Table.Td>
              <Table.Td>{row.groups}</Table.Td>
              <Table.Td>
                <Group gap="md">
                  <Anchor component={Link} to={studioPaths.process(appId, branch.name, row.tag)} fz="sm">
                    {t('studio.processes.page')}
                  </Anchor>
                  {!readOnly && (
                    <Anchor component={Link} to={studioPaths.designer(appId, branch.name, row.tag)} fz="sm">
                      {t('studio.processes.designer')}
                    </Anchor>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
