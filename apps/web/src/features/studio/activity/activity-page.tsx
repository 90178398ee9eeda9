import type { StudioActivity } from '@attest/shared';
import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { TableOverview } from '../../../components/table-overview';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { useCurrentUserQuery } from '../../auth';
import {
  STUDIO_ACTIVITY_PAGE_SIZE,
  useStudioActivity,
  useStudioAppChoices,
  useStudioPeople,
} from '../api/activity';
import { studioAppQueryOptions } from '../api/apps';
import { ActivityFacts } from './activity-details';
import { ActivityFiltersBar } from './activity-filters';
import { readActivityFilters, writeActivityFilters } from './activity-search-params';

// Rows name a branch by id: the apps on the page (a handful) tell their branches' names.
function useBranchNames(rows: readonly StudioActivity[]): Map<number, string> {
  const appIds = [...new Set(rows.filter((r) => r.branch_id !== null).map((r) => r.app_id))];
  const apps = useQueries({ queries: appIds.map((id) => ({ ...studioAppQueryOptions(id), retry: false })) });
  const names = new Map<number, string>();
  for (const app of apps) for (const b of app.data?.branches ?? []) names.set(b.id, b.name);
  return names;
}

// /studio/activity-logs: who changed what, where (app, branch) and when, newest first, filtered and
// paged by the server; the filters live in the URL.
export function StudioActivityPage() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const [params, setParams] = useSearchParams();
  const filters = readActivityFilters(params);
  const activity = useStudioActivity(filters);
  const apps = useStudioAppChoices('');
  const me = useCurrentUserQuery().data;
  const people = useStudioPeople();
  const appName = (id: number) => apps.data?.results.find((a) => a.id === id)?.name;
  const rows = activity.data?.results ?? [];

  const actor = (row: StudioActivity) => {
    if (row.actor_user_id === null) return t('studioPages.activity.system');
    if (row.actor_user_id === me?.id) return t('studioPages.activity.you');
    const person = people.data?.find((p) => p.id === row.actor_user_id);
    return person ? person.name : t('studioPages.activity.personNumber', { id: row.actor_user_id });
  };
  const branchNames = useBranchNames(rows);
  const branch = (row: StudioActivity) => {
    if (row.branch_id === null) return null;
    return branchNames.get(row.branch_id) ?? t('studioPages.activity.branchNumber', { id: row.branch_id });
  };

  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('studioPages.activity.title')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('studioPages.activity.description')}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="md">
        <ActivityFiltersBar filters={filters} onChange={(next) => setParams(writeActivityFilters(next))} />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" striped data-testid="studio-activity">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('studioPages.activity.when')}</Table.Th>
                  <Table.Th>{t('studioPages.activity.actor')}</Table.Th>
                  <Table.Th>{t('studioPages.activity.action')}</Table.Th>
                  <Table.Th>{t('studioPages.activity.where')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text c="dimmed" ta="center" py="md" role={activity.isError ? 'alert' : undefined}>
                        {activity.isPending
                          ? t('studioPages.loading')
                          : activity.isError
                            ? t('studioPages.loadFailed')
                            : t('studioPages.activity.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                        {dates.dateTime(row.created_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{actor(row)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={4}>
                        <Text fz="sm" fw={600}>
                          {t(`studioPages.activity.actions.${row.action}`, {
                            defaultValue: row.action.replace(/_/g, ' '),
                          })}
                        </Text>
                        <ActivityFacts row={row} />
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="wrap">
                        <Anchor component={Link} to={`/studio/apps/${row.app_id}/`} fz="sm">
                          {appName(row.app_id) ?? t('studioPages.activity.appNumber', { id: row.app_id })}
                        </Anchor>
                        {branch(row) ? (
                          <Text fz="sm" c="dimmed" dir="auto">
                            {branch(row)}
                          </Text>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TableOverview
            total={activity.data?.count}
            page={filters.page}
            onPage={(page) => setParams(writeActivityFilters({ ...filters, page }))}
            pageSize={STUDIO_ACTIVITY_PAGE_SIZE}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
