import { parseReportConfig, type Report } from '@attest/shared';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableOverview } from '../../../components/table-overview';
import { useReportData, useSaveReportDataOrder } from '../api/reports';
import { ChartEmpty, ReportChart } from '../charts';
import { reportErrorText } from '../lib/error-text';
import { ReportDataTable } from './report-data-table';

export type ReportDisplay = 'chart' | 'table';

export const TABLE_PAGE_SIZE = 100;

export type ReportViewProps = {
  report: Report;
  // The chart's height; the table scrolls within it.
  height?: number;
  display?: ReportDisplay;
  // Whether the viewer may change the report: a dragged order is then saved with it; otherwise it
  // lasts for the session only (spec 2 §4.2).
  canChange?: boolean;
};

// One report's results. Spec 2 §3.8 and §8: an invalid stored config falls back to empty configs so
// nothing renders; here a quiet note says so, and the data is never asked for.
export function ReportView({ report, height, display = 'chart', canChange = false }: ReportViewProps) {
  const { t } = useTranslation();
  const config = parseReportConfig(report.config);
  // The chart reads the first page the server gives; the table pages through every row.
  const [tablePage, setTablePage] = useState(1);
  const page =
    display === 'table' ? { limit: TABLE_PAGE_SIZE, offset: (tablePage - 1) * TABLE_PAGE_SIZE } : null;
  const data = useReportData(report, config !== null, page);
  const saveOrder = useSaveReportDataOrder();
  // The order the viewer dragged to, shown at once; it is kept with the configuration it was made
  // on, so a new sort or any other saved change (which clears data_order, §4.2) starts afresh.
  const [dragged, setDragged] = useState<{ updatedAt: string; order: string[] } | null>(null);

  if (config === null) {
    return (
      <Text fz="sm" c="dimmed" data-testid="report-invalid-config">
        {t('reports.view.invalidConfig')}
      </Text>
    );
  }
  if (data.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('reports.view.loading')} />
      </Center>
    );
  }
  // §2.8 empty chart state: the error text when the report could not run, otherwise "There are no
  // results for this Report" (for the table too).
  if (data.error) return <ChartEmpty error={reportErrorText(data.error, t)} height={height} />;
  if (data.data.results.length <= 1) return <ChartEmpty height={height} />;
  if (display === 'table') {
    return (
      <Stack gap="sm">
        <ReportDataTable results={data.data.results} maxHeight={height} />
        <TableOverview
          total={data.data.count}
          page={tablePage}
          onPage={setTablePage}
          pageSize={TABLE_PAGE_SIZE}
          hideSinglePage
        />
      </Stack>
    );
  }

  const sessionOrder = dragged && dragged.updatedAt === report.updated_at ? dragged.order : null;
  const changeOrder = (order: string[]) => {
    setDragged({ updatedAt: report.updated_at, order });
    if (!canChange) return;
    saveOrder.mutate(
      { report, dataOrder: order },
      {
        // The saved report has a new updated_at: the order now comes from its configuration.
        onError: () => {
          setDragged(null);
          notifications.show({ color: 'red', message: t('reports.view.orderNotSaved') });
        },
      },
    );
  };
  const options = sessionOrder
    ? { ...config.other_configurations, data_order: sessionOrder }
    : config.other_configurations;

  return (
    <ReportChart
      chartType={config.chart_type}
      results={data.data.results}
      options={options}
      dimensions={config.group_by.length}
      height={height}
      onDataOrderChange={changeOrder}
      onColumnOrderChange={changeOrder}
    />
  );
}
