import { CHART_DEFAULT_HEIGHT } from '@attest/shared';
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartEmpty } from './chart-empty';
import type { ChartProps } from './chart-options';

// Spec 2 §2.8: GEO_MAP_CHART is lazy-loaded. The map code (d3-geo, topojson-client) is one chunk
// and the world atlas another, fetched only when a geo map is shown.
const GeoMapView = lazy(() => import('./geo-map-view'));

export function ReportGeoMapChart(props: ChartProps) {
  const { t } = useTranslation();
  const height = props.height ?? CHART_DEFAULT_HEIGHT;
  if (props.error || !props.results || props.results.length < 2) {
    return <ChartEmpty error={props.error} height={height} />;
  }
  return (
    <Suspense
      fallback={
        <Center h={height}>
          <Loader size="sm" aria-label={t('reports.chart.geoMap.loading')} />
        </Center>
      }
    >
      <GeoMapView {...props} height={height} />
    </Suspense>
  );
}
