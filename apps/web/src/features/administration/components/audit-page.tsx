import { Badge, Code, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableOverview } from '../../../components/table-overview';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { useAuditEvents } from '../api/audit-events';
import { AdminPageHeader } from './admin-page-header';
import { TableRowsState } from './table-rows-state';

// Each action has its words in admin.audit.actions ('sign_in.succeeded' is the nested key
// sign_in > succeeded); one the server adds before the web knows it reads as its code in words.
function actionLabel(action: string, t: TFunction): string {
  return t(`admin.audit.actions.${action}`, { defaultValue: action.replace(/[._]/g, ' ') });
}

export function AuditPage() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const [page, setPage] = useState(1);
  const events = useAuditEvents({ page });
  const rows = events.data?.results ?? [];
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('admin.audit.title')} description={t('admin.audit.description')} />
      <Paper withBorder radius="lg" p="md" shadow="xs">
        <Stack gap="md">
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" striped data-testid="audit-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.audit.when')}</Table.Th>
                  <Table.Th>{t('admin.audit.action')}</Table.Th>
                  <Table.Th>{t('admin.audit.actor')}</Table.Th>
                  <Table.Th>{t('admin.audit.target')}</Table.Th>
                  <Table.Th>{t('admin.audit.ip')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <TableRowsState
                  loading={events.isPending}
                  empty={rows.length === 0}
                  columns={5}
                  // A refused or failed read is not an empty trail: say so instead of "No events".
                  emptyText={events.isError ? t('admin.audit.loadFailed') : t('admin.audit.empty')}
                />
                {rows.map((event) => (
                  <Table.Tr key={event.id}>
                    <Table.Td>
                      <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                        {dates.dateTime(event.created_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Tooltip
                        label={<Code block>{JSON.stringify(event.details, null, 2)}</Code>}
                        disabled={Object.keys(event.details).length === 0}
                        multiline
                        maw={420}
                      >
                        <Badge variant="light" radius="sm" tt="none">
                          {actionLabel(event.action, t)}
                        </Badge>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{event.actor?.email ?? t('admin.audit.system')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{event.target?.email ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm" ff="monospace" dir="ltr">
                        {event.ip_address ?? '—'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TableOverview total={events.data?.count} page={page} onPage={setPage} />
        </Stack>
      </Paper>
    </Stack>
  );
}
