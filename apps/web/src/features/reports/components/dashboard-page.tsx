import { HttpError } from '@attest/shared';
import { Alert, Anchor, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconChevronLeft,
  IconDatabase,
  IconPlus,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { track } from '../../../lib/analytics/track';
import { useDashboard } from '../api/dashboards';
import { useFavouriteReports } from '../api/favourite-reports';
import { useDashboardReports } from '../api/reports';
import { reportErrorText } from '../lib/error-text';
import type { ReportPermissions } from '../lib/report-permissions';
import { isFullScreen, showsActions, viewModeOf } from '../lib/view-mode';
import { DashboardMenu } from './dashboard-menu';
import { DashboardNameModal } from './dashboard-name-modal';
import { NotFoundNote } from './not-found-note';
import { ReportsPageHeader } from './page-header';
import { ReportCard } from './report-card';
import { ViewFrame } from './view-frame';

export type DashboardPageProps = { dashboardId: number; permissions: ReportPermissions };

// Spec 2 §2.1 /dashboard/{id}: the dashboard's reports as cards in a responsive grid.
export function DashboardPage({ dashboardId, permissions }: DashboardPageProps) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const mode = viewModeOf(search);
  const withActions = showsActions(mode);
  const dashboard = useDashboard(dashboardId);
  const reports = useDashboardReports(dashboardId);
  const favourites = useFavouriteReports();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);

  if (dashboard.error instanceof HttpError && dashboard.error.status === 404) return <NotFoundNote />;
  const failure = dashboard.error ?? reports.error;
  if (failure) {
    return (
      <Alert color="red" variant="light">
        {reportErrorText(failure, t)}
      </Alert>
    );
  }
  if (dashboard.isPending || reports.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('reports.view.loading')} />
      </Center>
    );
  }
  const list = reports.data?.results ?? [];
  const base = `/dashboards/${dashboardId}`;

  return (
    <ViewFrame mode={mode}>
      <Stack gap="lg">
        {withActions && (
          <Anchor component={Link} to="/dashboards" fz="sm">
            <Group gap={4}>
              <IconChevronLeft size={14} />
              {t('reports.backToDashboards')}
            </Group>
          </Anchor>
        )}
        <ReportsPageHeader
          title={dashboard.data?.name}
          titleAction={
            withActions &&
            dashboard.data && (
              <DashboardMenu
                dashboard={dashboard.data}
                permissions={permissions}
                onRename={() => setRenaming(true)}
                onDeleted={() => navigate('/dashboards')}
              />
            )
          }
          description={dashboard.data?.description || undefined}
          actions={
            <>
              {isFullScreen(mode) ? (
                <Button
                  component={Link}
                  to={`/dashboard/${dashboardId}`}
                  variant="default"
                  leftSection={<IconArrowsMinimize size={16} />}
                >
                  {t('reports.exitFullScreen')}
                </Button>
              ) : (
                <Button
                  component={Link}
                  to={`/dashboard/${dashboardId}?view=fullScreen_dashboard`}
                  variant="default"
                  leftSection={<IconArrowsMaximize size={16} />}
                >
                  {t('reports.fullScreen')}
                </Button>
              )}
              {withActions && permissions.canAdd && (
                <>
                  <Button
                    component={Link}
                    to={`${base}/records-report/new`}
                    variant="default"
                    leftSection={<IconDatabase size={16} />}
                  >
                    {t('reports.dashboard.addObjectReport')}
                  </Button>
                  <Button
                    component={Link}
                    to={`${base}/report/new`}
                    leftSection={<IconPlus size={16} />}
                    onClick={() => track('reports.add_report')}
                  >
                    {t('reports.dashboard.addReport')}
                  </Button>
                </>
              )}
            </>
          }
        />
        {list.length === 0 ? (
          <Paper withBorder radius="lg" p="xl">
            <Text ta="center" c="dimmed" fz="sm">
              {t('reports.dashboard.empty')}
            </Text>
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
            {list.map((report) => (
              <ReportCard
                key={report.id}
                report={report}
                dashboardId={dashboardId}
                permissions={permissions}
                favouriteId={favourites.data?.get(report.id)}
                withActions={withActions}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {renaming && dashboard.data && (
        <DashboardNameModal dashboard={dashboard.data} opened onClose={() => setRenaming(false)} />
      )}
    </ViewFrame>
  );
}
