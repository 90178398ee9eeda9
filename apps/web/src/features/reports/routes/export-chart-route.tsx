import { Box } from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router';
import { type ChartResults, ReportChart } from '../charts';
import {
  decodeChartExport,
  exportChartDimensions,
  exportChartOptions,
  exportChartResults,
} from '../lib/decode-chart-export';

// The export's fixed canvas: a screenshot service opens this page and captures it.
export const EXPORT_CHART_WIDTH = 1000;

// Spec 2 §2.7 chart export screen: the chart alone on a white page, without animation; `error` is
// shown as the empty state's text. Missing or unreadable data sends the visitor home, replacing the
// history entry.
export function ExportChartRoute() {
  const [params] = useSearchParams();
  const payload = decodeChartExport(params.get('data'));
  if (!payload) return <Navigate to="/" replace />;
  const { chartType, chartConfig } = payload.graphConfig;
  return (
    <Box bg="white" p="md" mih="100vh" data-testid="chart-export" w={EXPORT_CHART_WIDTH + 32}>
      <ReportChart
        chartType={chartType}
        results={exportChartResults(payload.data) as ChartResults | null}
        options={exportChartOptions(chartConfig)}
        dimensions={exportChartDimensions(chartConfig)}
        error={payload.error}
        width={EXPORT_CHART_WIDTH}
        animate={false}
      />
    </Box>
  );
}
