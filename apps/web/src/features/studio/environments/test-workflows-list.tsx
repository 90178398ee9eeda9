import type { TestEnvironment } from '@attest/shared';
import { Anchor, Group, Loader, Pagination, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserText } from '../../../components/user-text';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { TEST_WORKFLOWS_PAGE_SIZE, useTestWorkflows } from '../api/test-workflows';

// An environment's test workflows, newest first, a server page at a time.
export function TestWorkflowsList({ environment }: { environment: TestEnvironment }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const [page, setPage] = useState(0);
  const list = useTestWorkflows(environment, page);

  if (list.isPending) return <Loader size="sm" aria-label={t('studioMoves.loading')} />;
  if (list.isError) {
    return (
      <Text fz="sm" c="red" role="alert">
        {t('studioMoves.environments.listFailed')}
      </Text>
    );
  }
  if (list.data.count === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {t('studioMoves.environments.noTestWorkflows')}
      </Text>
    );
  }
  const pages = Math.max(1, Math.ceil(list.data.count / TEST_WORKFLOWS_PAGE_SIZE));
  return (
    <>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing={4} fz="sm" data-testid={`studio-test-workflows-${environment}`}>
          <Table.Caption>
            {t('studioMoves.environments.listCaption', { count: list.data.count })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('studioMoves.workflow')}</Table.Th>
              <Table.Th>{t('studioMoves.environments.process')}</Table.Th>
              <Table.Th>{t('studioMoves.environments.version')}</Table.Th>
              <Table.Th>{t('studioMoves.environments.created')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.results.map((workflow) => (
              <Table.Tr key={workflow.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/process/${workflow.id}`} fz="sm">
                    <UserText>{workflow.name}</UserText>
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text span ff="monospace" fz="xs">
                    {workflow.kind_tag}
                  </Text>
                </Table.Td>
                <Table.Td>{workflow.version}</Table.Td>
                <Table.Td>{dates.dateTime(workflow.created_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination
            value={page + 1}
            onChange={(next) => setPage(next - 1)}
            total={pages}
            size="sm"
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': t('pagination.previous') }
                : control === 'next'
                  ? { 'aria-label': t('pagination.next') }
                  : {}
            }
          />
        </Group>
      )}
    </>
  );
}
