import { REPORT_KINDS, type Report } from '@attest/shared';
import { ActionIcon, Anchor, Group, Menu, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconDots,
  IconDownload,
  IconExternalLink,
  IconPencil,
  IconPhoto,
  IconStar,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isolate, UserText } from '../../../components/user-text';
import { track } from '../../../lib/analytics/track';
import { useToggleFavouriteReport } from '../api/favourite-reports';
import { reportCsvUrl, useDeleteReport } from '../api/reports';
import { useDownloadChartPng } from '../charts';
import type { ReportPermissions } from '../lib/report-permissions';
import { ReportSubscribeMenuItem } from './report-subscription-actions';
import { ReportView } from './report-view';

export type ReportCardProps = {
  report: Report;
  dashboardId: number;
  permissions: ReportPermissions;
  favouriteId: number | undefined;
  // Preview and full screen show the reports without their menus.
  withActions: boolean;
};

// Spec 2 §1 report kinds, in the reader's language (REPORT_KIND_LABELS holds the English names).
export function kindLabel(kind: string, t: (key: string) => string): string {
  return (REPORT_KINDS as readonly string[]).includes(kind) ? t(`reports.kinds.${kind}`) : kind;
}

// A report on its dashboard: title, favourite star and a menu (open, edit, CSV and PNG downloads,
// delete).
export function ReportCard({ report, dashboardId, permissions, favouriteId, withActions }: ReportCardProps) {
  const { t } = useTranslation();
  const remove = useDeleteReport();
  const favourite = useToggleFavouriteReport();
  const path = `/dashboards/${dashboardId}/report/${report.id}`;
  const isFavourite = favouriteId !== undefined;
  const chart = useRef<HTMLDivElement>(null);
  const png = useDownloadChartPng(chart, report.name);

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('reports.report.deleteTitle'),
      children: <Text fz="sm">{t('reports.report.deleteConfirm', { name: isolate(report.name) })}</Text>,
      labels: { confirm: t('reports.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(report.id),
    });

  return (
    <Paper withBorder radius="lg" p="md" shadow="xs" data-testid="report-card" h="100%">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Stack gap={0} miw={0}>
            <Anchor component={Link} to={path} fw={600} fz="md" c="dark" truncate="end">
              <UserText>{report.name}</UserText>
            </Anchor>
            <Text fz="xs" c="dimmed" truncate="end">
              {kindLabel(report.report_kind, t)}
            </Text>
          </Stack>
          {withActions && (
            <Group gap={2} wrap="nowrap">
              <Tooltip label={isFavourite ? t('reports.report.unfavourite') : t('reports.report.favourite')}>
                <ActionIcon
                  variant="subtle"
                  color={isFavourite ? 'yellow' : 'gray'}
                  aria-label={isFavourite ? t('reports.report.unfavourite') : t('reports.report.favourite')}
                  aria-pressed={isFavourite}
                  loading={favourite.isPending}
                  onClick={() =>
                    favourite.mutate({ reportId: report.id, name: report.name, preferenceId: favouriteId })
                  }
                >
                  {isFavourite ? <IconStarFilled size={18} /> : <IconStar size={18} />}
                </ActionIcon>
              </Tooltip>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('reports.report.menu', { name: report.name })}
                  >
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item component={Link} to={path} leftSection={<IconExternalLink size={16} />}>
                    {t('reports.report.open')}
                  </Menu.Item>
                  {permissions.canChange && (
                    <Menu.Item component={Link} to={`${path}/edit`} leftSection={<IconPencil size={16} />}>
                      {t('reports.edit')}
                    </Menu.Item>
                  )}
                  <Menu.Item
                    component="a"
                    href={reportCsvUrl(report.id)}
                    download
                    leftSection={<IconDownload size={16} />}
                    onClick={() => track('reports.export', { section: 'csv' })}
                  >
                    {t('reports.report.downloadCsv')}
                  </Menu.Item>
                  <ReportSubscribeMenuItem report={report} />
                  {report.chart_type !== 'HEAT_MAP_CHART' && (
                    <Menu.Item
                      leftSection={<IconPhoto size={16} />}
                      onClick={() => {
                        track('reports.export', { section: 'png' });
                        void png.download();
                      }}
                    >
                      {t('reports.export.downloadPng')}
                    </Menu.Item>
                  )}
                  {permissions.canDelete && (
                    <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete}>
                      {t('reports.delete')}
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            </Group>
          )}
        </Group>
        <div ref={chart}>
          <ReportView report={report} height={320} canChange={permissions.canChange && withActions} />
        </div>
      </Stack>
    </Paper>
  );
}
