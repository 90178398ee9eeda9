import { CHART_TYPES, type ChartType, type ReportConfig, type ReportResult } from '@attest/shared';
import {
  Alert,
  Box,
  Group,
  LoadingOverlay,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreviewReport } from '../api/reports';
import { ReportChart } from '../charts';
import { ReportDataTable } from '../components/report-data-table';
import { reportErrorText } from '../lib/error-text';

// Spec 2 §9.3: the standard debounce.
export const PREVIEW_DEBOUNCE_MS = 650;
const PREVIEW_HEIGHT = 420;

// The unsaved configuration run as it is (POST reports/preview/), 650 ms after the last change.
// While `blocked` (filters half written, a measure without its column) it waits and says why.
function usePreview(config: ReportConfig, blocked: string | null) {
  const preview = usePreviewReport();
  const [shown, setShown] = useState<ReportResult | null>(null);
  const [debounced] = useDebouncedValue(JSON.stringify(config), PREVIEW_DEBOUNCE_MS);
  const { mutate } = preview;
  useEffect(() => {
    if (blocked) return;
    mutate(JSON.parse(debounced) as Record<string, unknown>, { onSuccess: setShown });
  }, [debounced, blocked, mutate]);
  return { shown, pending: preview.isPending, error: preview.error };
}

export function BuilderPreview({
  config,
  blocked,
  onChartType,
}: {
  config: ReportConfig;
  blocked: string | null;
  onChartType: (chartType: ChartType) => void;
}) {
  const { t } = useTranslation();
  const [display, setDisplay] = useState<'chart' | 'table'>('chart');
  const { shown, pending, error } = usePreview(config, blocked);
  const rows = shown ? shown.results.length - 1 : 0;
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      shadow="xs"
      data-testid="report-preview"
      aria-label={t('reports.builder.previewTitle')}
      component="section"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Select
            label={t('reports.builder.chartType')}
            data={CHART_TYPES.map((type) => ({
              value: type,
              label: t(`reports.builder.chartTypes.${type}`),
            }))}
            value={config.chart_type}
            onChange={(value) => value && onChartType(value as ChartType)}
            allowDeselect={false}
            w={200}
          />
          <SegmentedControl
            aria-label={t('reports.builder.previewAs')}
            data={[
              { value: 'chart', label: t('reports.builder.previewChart') },
              { value: 'table', label: t('reports.builder.previewTable') },
            ]}
            value={display}
            onChange={(value) => setDisplay(value as 'chart' | 'table')}
            mt="lg"
          />
        </Group>
        <Box pos="relative" mih={PREVIEW_HEIGHT}>
          <LoadingOverlay
            visible={pending}
            zIndex={5}
            overlayProps={{ blur: 1, backgroundOpacity: 0.4 }}
            loaderProps={{ size: 'sm' }}
          />
          {blocked ? (
            <Alert color="gray" variant="light">
              {blocked}
            </Alert>
          ) : error ? (
            <Alert color="red" variant="light" style={{ whiteSpace: 'pre-line' }}>
              {reportErrorText(error, t)}
            </Alert>
          ) : shown === null ? null : display === 'chart' ? (
            <ReportChart
              chartType={config.chart_type}
              results={shown.results}
              options={config.other_configurations}
              dimensions={config.group_by.length}
              height={PREVIEW_HEIGHT}
            />
          ) : rows > 0 ? (
            <ReportDataTable results={shown.results} maxHeight={PREVIEW_HEIGHT} />
          ) : (
            <Text ta="center" c="dimmed" fz="sm" py="md">
              {t('reports.view.noResults')}
            </Text>
          )}
        </Box>
        {shown && !blocked && !error ? (
          <Text fz="xs" c="dimmed" aria-live="polite">
            {t('reports.builder.previewRows', { count: shown.count })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
