import { notifications } from '@mantine/notifications';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadChartPng, pngFileName } from './export-png';

// The "Download PNG" action of the report page and the report card: the chart drawn in `chart`
// as an image named after the report. A chart without an image (the heat map is a table, an empty
// report has no chart) says so instead of failing silently.
export function useDownloadChartPng(chart: RefObject<HTMLElement | null>, reportName: string) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const download = async () => {
    if (!chart.current) return;
    setPending(true);
    try {
      const drawn = await downloadChartPng(chart.current, pngFileName(reportName));
      if (!drawn) notifications.show({ color: 'yellow', message: t('reports.export.noImage') });
    } catch {
      notifications.show({ color: 'red', message: t('reports.export.failed') });
    } finally {
      setPending(false);
    }
  };
  return { download, pending };
}
