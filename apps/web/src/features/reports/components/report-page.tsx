import { firstGroupBySort, fullScreenChartHeight, HttpError, parseReportConfig } from '@attest/shared';
import { Alert, Anchor, Button, Center, Group, Loader, Paper, SegmentedControl, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconChevronLeft,
  IconDownload,
  IconPencil,
  IconPhoto,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { track } from '../../../lib/analytics/track';
import { reportCsvUrl, useReport, useSortReport } from '../api/reports';
import { SortToggle, useDownloadChartPng } from '../charts';
import { reportErrorText } from '../lib/error-text';
import type { ReportPermissions } from '../lib/report-permissions';
import { isFullScreen, showsActions, viewModeOf } from '../lib/view-mode';
import { NotFoundNote } from './not-found-note';
import { ReportsPageHeader } from './page-header';
import { kindLabel } from './report-card';
import { ReportSubscribeButton } from './report-subscription-actions';
import { type ReportDisplay, ReportView } from './report-view';
import { ViewFrame } from './view-frame';

export type ReportPageProps = {
  reportId: number;
  // Set on /dashboards/{id}/report/{reportId}: the report must belong to that dashboard.
  dashboardId: number | null;
  permissions: ReportPermissions;
};

// Spec 2 §2.1 /report/{id} and /dashboards/{id}/report/{reportId}: one report, in any view mode.
export function ReportPage({ reportId, dashboardId, permissions }: ReportPageProps) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const mode = viewModeOf(search);
  const report = useReport(reportId);
  const [display, setDisplay] = useState<ReportDisplay>('chart');
  const chart = useRef<HTMLDivElement>(null);
  const png = useDownloadChartPng(chart, report.data?.name ?? '');
  const sort = useSortReport();

  if (report.error instanceof HttpError && report.error.status === 404) return <NotFoundNote />;
  if (report.error) {
    return (
      <Alert color="red" variant="light">
        {reportErrorText(report.error, t)}
      </Alert>
    );
  }
  if (!report.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('reports.view.loading')} />
      </Center>
    );
  }
  if (dashboardId !== null && report.data.dashboard_id !== dashboardId) return <NotFoundNote />;
  const home = report.data.dashboard_id !== null ? `/dashboard/${report.data.dashboard_id}` : '/dashboards';
  const editPath =
    dashboardId !== null ? `/dashboards/${dashboardId}/report/${reportId}/edit` : `/report/${reportId}/edit`;
  const withActions = showsActions(mode);
  const config = parseReportConfig(report.data.config);
  const firstGroup = config?.group_by[0];

  return (
    <ViewFrame mode={mode}>
      <Stack gap="lg">
        {withActions && (
          <Anchor component={Link} to={home} fz="sm">
            <Group gap={4}>
              <IconChevronLeft size={14} />
              {report.data.dashboard_id !== null
                ? t('reports.backToDashboard')
                : t('reports.backToDashboards')}
            </Group>
          </Anchor>
        )}
        <ReportsPageHeader
          title={report.data.name}
          description={report.data.description || kindLabel(report.data.report_kind, t)}
          actions={
            mode !== 'preview' && (
              <>
                {isFullScreen(mode) ? (
                  <Button
                    component={Link}
                    to={pathname}
                    variant="default"
                    leftSection={<IconArrowsMinimize size={16} />}
                  >
                    {t('reports.exitFullScreen')}
                  </Button>
                ) : (
                  <Button
                    component={Link}
                    to={`${pathname}?view=fullScreen`}
                    variant="default"
                    leftSection={<IconArrowsMaximize size={16} />}
                  >
                    {t('reports.fullScreen')}
                  </Button>
                )}
                <Button
                  variant="default"
                  leftSection={<IconPhoto size={16} />}
                  loading={png.pending}
                  disabled={display !== 'chart' || report.data.chart_type === 'HEAT_MAP_CHART'}
                  onClick={() => {
                    track('reports.export', { section: 'png' });
                    void png.download();
                  }}
                >
                  {t('reports.export.downloadPng')}
                </Button>
                <Button
                  component="a"
                  href={reportCsvUrl(reportId)}
                  download
                  onClick={() => track('reports.export', { section: 'csv' })}
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                >
                  {t('reports.report.downloadCsv')}
                </Button>
                <ReportSubscribeButton report={report.data} />
                {withActions && permissions.canChange && (
                  <Button component={Link} to={editPath} leftSection={<IconPencil size={16} />}>
                    {t('reports.edit')}
                  </Button>
                )}
              </>
            )
          }
        />
        <Paper withBorder radius="lg" p="lg" shadow="xs">
          <Stack gap="md">
            <Group justify="flex-end" gap="xs">
              {config && firstGroup && mode !== 'preview' && (
                <SortToggle
                  ordering={firstGroupBySort(config)}
                  fieldType={firstGroup.extra_json.field_type}
                  showsLabels={firstGroup.extra_json.label_output_type === 'label'}
                  isCycleTimeReport={config.other_configurations.is_cycle_time_report}
                  editable={permissions.canChange && !sort.isPending}
                  onChange={(ordering) =>
                    sort.mutate(
                      { report: report.data, ordering },
                      {
                        onError: () =>
                          notifications.show({ color: 'red', message: t('reports.view.sortNotSaved') }),
                      },
                    )
                  }
                />
              )}
              <SegmentedControl
                size="xs"
                value={display}
                onChange={(value) => setDisplay(value as ReportDisplay)}
                data={[
                  { value: 'chart', label: t('reports.report.chart') },
                  { value: 'table', label: t('reports.report.table') },
                ]}
              />
            </Group>
            <div ref={chart}>
              <ReportView
                report={report.data}
                display={display}
                canChange={permissions.canChange}
                height={isFullScreen(mode) ? fullScreenChartHeight(window.innerHeight) : undefined}
              />
            </div>
          </Stack>
        </Paper>
      </Stack>
    </ViewFrame>
  );
}
