import { Anchor, Badge, Stack, Table } from '@mantine/core';
import { IconTimeline } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListStates } from '../../../components/list-states';
import { TableOverview } from '../../../components/table-overview';
import { UserText } from '../../../components/user-text';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { RELATED_WORKFLOWS_PAGE_SIZE, useRelatedWorkflows } from '../api/records';

type RecordRelatedWorkflowsProps = { tag: string; recordId: number };

// The related workflows tab: the workflows whose data_object fields name this record, as the
// dashboard lists them (visible ones only, newest first), paged by the server.
export function RecordRelatedWorkflows({ tag, recordId }: RecordRelatedWorkflowsProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const [page, setPage] = useState(0);
  const related = useRelatedWorkflows(tag, recordId, page);
  const rows = related.data?.results ?? [];

  return (
    <ListStates
      pending={related.isPending}
      failed={related.isError}
      empty={rows.length === 0}
      loadingLabel={t('records.loading')}
      failedText={t('records.relatedWorkflows.failed')}
      emptyIcon={<IconTimeline size={28} aria-hidden />}
      emptyTitle={t('records.relatedWorkflows.emptyTitle')}
      emptyDescription={t('records.relatedWorkflows.emptyHint')}
    >
      <Stack gap="md">
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" data-testid="record-related-workflows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('records.relatedWorkflows.name')}</Table.Th>
                <Table.Th>{t('records.relatedWorkflows.kind')}</Table.Th>
                <Table.Th>{t('records.relatedWorkflows.status')}</Table.Th>
                <Table.Th>{t('records.region')}</Table.Th>
                <Table.Th>{t('records.relatedWorkflows.updated')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((workflow) => (
                <Table.Tr key={workflow.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/process/${workflow.id}`} fz="sm">
                      <UserText>{workflow.name}</UserText>
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <UserText>{workflow.kind.name}</UserText>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="gray">
                      <UserText>{workflow.status.display_name}</UserText>
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <UserText>{workflow.region.name}</UserText>
                  </Table.Td>
                  <Table.Td>{dates.dateTime(workflow.updated_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {related.data && related.data.count > 0 && (
          <TableOverview
            page={page + 1}
            onPage={(next) => setPage(next - 1)}
            total={related.data.count}
            pageSize={RELATED_WORKFLOWS_PAGE_SIZE}
            hideSinglePage
          />
        )}
      </Stack>
    </ListStates>
  );
}
