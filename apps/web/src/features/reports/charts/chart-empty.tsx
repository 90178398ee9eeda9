import { Center, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Spec 2 §2.8 and §8: "There are no results for this Report", or the supplied error text.
export function ChartEmpty({ error, height }: { error?: string | null; height?: number }) {
  const { t } = useTranslation();
  return (
    <Center h={height} mih={120} data-testid="chart-empty">
      {/* pre-line: an error may name several problems, one a line. */}
      <Text c="dimmed" ta="center" style={{ whiteSpace: 'pre-line' }}>
        {error || t('reports.chart.empty')}
      </Text>
    </Center>
  );
}
