import { type Dashboard, PAGE_SIZE } from '@attest/shared';
import { Anchor, Button, Group, Paper, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLayoutDashboard, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { TableOverview } from '../../../components/table-overview';
import { UserText } from '../../../components/user-text';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { useDashboards } from '../api/dashboards';
import type { ReportPermissions } from '../lib/report-permissions';
import { DashboardMenu } from './dashboard-menu';
import { DashboardNameModal } from './dashboard-name-modal';
import { ReportsPageHeader } from './page-header';

export type DashboardsPageProps = { permissions: ReportPermissions };

// Spec 2 §2.1 /dashboards: the tenant's dashboards, paged and searched on the server.
export function DashboardsPage({ permissions }: DashboardsPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const dashboards = useDashboards(page, q);
  // undefined: closed; null: creating; a dashboard: renaming it.
  const [editing, setEditing] = useState<Dashboard | null | undefined>(undefined);
  const rows = dashboards.data?.results ?? [];
  const withMenu = permissions.canChange || permissions.canDelete;
  const dates = useDateFormat();

  return (
    <Stack gap="lg">
      <ReportsPageHeader
        title={t('reports.dashboards.title')}
        description={t('reports.dashboards.description')}
        actions={
          permissions.canAdd && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
              {t('reports.dashboards.create')}
            </Button>
          )
        }
      />
      <Paper withBorder radius="lg" p="md" shadow="xs">
        <Stack gap="md">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('reports.dashboards.search')}
            aria-label={t('reports.dashboards.search')}
            value={search}
            maxLength={200}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            maw={360}
          />
          <Table highlightOnHover verticalSpacing="sm" data-testid="dashboards-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reports.dashboards.name')}</Table.Th>
                <Table.Th>{t('reports.dashboards.reports')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('reports.dashboards.updated')}</Table.Th>
                {withMenu && (
                  <Table.Th w={48}>
                    <VisuallyHidden>{t('reports.dashboards.actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dashboards.isPending ? null : rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={withMenu ? 4 : 3}>
                    <Text ta="center" c="dimmed" fz="sm" py="xl">
                      {q.trim() ? t('reports.dashboards.noMatches') : t('reports.dashboards.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((dashboard) => (
                  <Table.Tr key={dashboard.id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <IconLayoutDashboard size={18} stroke={1.5} color="var(--mantine-color-gray-6)" />
                        <Stack gap={0} miw={0}>
                          <Anchor component={Link} to={`/dashboard/${dashboard.id}`} fw={500} fz="sm">
                            <UserText>{dashboard.name}</UserText>
                          </Anchor>
                          {dashboard.description && (
                            <Text fz="xs" c="dimmed" lineClamp={1} dir="auto">
                              {dashboard.description}
                            </Text>
                          )}
                        </Stack>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{dashboard.report_count}</Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text fz="sm" c="dimmed">
                        {dates.date(dashboard.updated_at)}
                      </Text>
                    </Table.Td>
                    {withMenu && (
                      <Table.Td>
                        <DashboardMenu
                          dashboard={dashboard}
                          permissions={permissions}
                          onRename={() => setEditing(dashboard)}
                        />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
          <TableOverview total={dashboards.data?.count} page={page} onPage={setPage} pageSize={PAGE_SIZE} />
        </Stack>
      </Paper>
      {editing !== undefined && (
        <DashboardNameModal
          key={editing?.id ?? 'new'}
          dashboard={editing}
          opened
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            if (editing === null) navigate(`/dashboard/${saved.id}`);
          }}
        />
      )}
    </Stack>
  );
}
