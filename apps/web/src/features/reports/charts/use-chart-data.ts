import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartResults, toChartData } from './chart-data';
import type { ChartOptions } from './chart-options';

// The results as bar, line, scatter and spider charts read them: the secondary x-axis as series,
// values as percentages when the configuration says so, categories in the dragged order.
export function useCartesianChartData(
  results: ChartResults | null | undefined,
  options: ChartOptions,
  dimensions: number,
) {
  const { t } = useTranslation();
  const totalLabel = t('reports.chart.total');
  const { display_value_as_percentage, percentage_calculation_type, data_order } = options;
  return useMemo(
    () =>
      toChartData(results, {
        dimensions,
        displayAsPercentage: display_value_as_percentage,
        percentageCalculationType: percentage_calculation_type,
        dataOrder: data_order,
        totalLabel,
      }),
    [results, dimensions, display_value_as_percentage, percentage_calculation_type, data_order, totalLabel],
  );
}
