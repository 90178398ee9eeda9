import { Center, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReportBarChart } from './bar-chart';
import type { ChartProps } from './chart-options';
import { ReportGeoMapChart } from './geo-map-chart';
import { ReportHeatMapChart } from './heat-map-chart';
import { ReportLineChart } from './line-chart';
import { ReportPieChart } from './pie-chart';
import { ReportScatterChart } from './scatter-chart';
import { ReportSpiderChart } from './spider-chart';

export type ReportChartProps = ChartProps & {
  // A chart type of spec 2 §2.8; LINE_CHART when missing (§2.7).
  chartType?: string | null;
  onDataOrderChange?: (dataOrder: string[]) => void;
  onColumnOrderChange?: (keys: string[]) => void;
};

// One entry point for the report and export pages: the chart of the configured type.
export function ReportChart({
  chartType,
  onDataOrderChange,
  onColumnOrderChange,
  ...props
}: ReportChartProps) {
  const { t } = useTranslation();
  switch (chartType ?? 'LINE_CHART') {
    case 'LINE_CHART':
      return <ReportLineChart {...props} />;
    case 'BAR_CHART':
      return <ReportBarChart {...props} onDataOrderChange={onDataOrderChange} />;
    case 'PIE_CHART':
      return <ReportPieChart {...props} />;
    case 'SCATTER_CHART':
      return <ReportScatterChart {...props} />;
    case 'SPIDER_CHART':
      return <ReportSpiderChart {...props} />;
    case 'HEAT_MAP_CHART':
      return <ReportHeatMapChart {...props} onColumnOrderChange={onColumnOrderChange} />;
    case 'GEO_MAP_CHART':
      return <ReportGeoMapChart {...props} />;
    default:
      return (
        <Center h={props.height} mih={120} data-testid="chart-unsupported">
          <Text c="dimmed">{t('reports.chart.unsupported')}</Text>
        </Center>
      );
  }
}
