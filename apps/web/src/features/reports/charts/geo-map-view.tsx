import {
  CHART_DEFAULT_HEIGHT,
  DEFAULT_PRECISION,
  DEFAULT_SCALE,
  geoBucketIndex,
  geoScaleBuckets,
} from '@attest/shared';
import { Box, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { geoGraticule10, geoNaturalEarth1, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { use, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { isolate } from '../../../components/user-text';
import { useChartRtl } from './chart-direction';
import { ChartEmpty } from './chart-empty';
import type { ChartProps } from './chart-options';
import { type GeoMapEntry, toGeoMapData } from './geo-map-data';
import { geoMapTheme, rampColours } from './geo-themes';
import { formatChartValue, seriesDisplayLabel, seriesValueStyle } from './value-format';

type CountryFeature = Feature<Geometry, { name: string }>;
type CountriesTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;

// The atlas is its own chunk (a dynamic import), fetched once and shared by every map on the page.
// A failed fetch (offline, a deploy replaced the chunk) resolves to null and is tried again the next
// time a map is drawn.
let countriesPromise: Promise<CountryFeature[] | null> | null = null;
function loadCountries(): Promise<CountryFeature[] | null> {
  countriesPromise ??= import('world-atlas/countries-110m.json').then(
    (module) => {
      const topology = (module.default ?? module) as unknown as CountriesTopology;
      return (feature(topology, topology.objects.countries) as FeatureCollection<Geometry, { name: string }>)
        .features;
    },
    () => {
      countriesPromise = null;
      return null;
    },
  );
  return countriesPromise;
}

const LEGEND_HEIGHT = 36;
const SWATCH = 14;

type Hover = { name: string; text: string; x: number; y: number } | null;

// Spec 2 §2.8 GEO_MAP_CHART: a choropleth of the measure by country, coloured in `scale` buckets
// whose bounds have `precision` decimals (§3.7, §9.1), drawn in the geo_map_theme's colours. The
// legend is part of the SVG, so the PNG export carries it. A click selects a country (§4.2).
export default function GeoMapView({
  results,
  options = {},
  error,
  width: fixedWidth,
  height = CHART_DEFAULT_HEIGHT,
  onSelect,
}: ChartProps) {
  const { t, i18n } = useTranslation();
  const rtl = useChartRtl();
  const loaded = use(loadCountries());
  const countries = loaded ?? [];
  const { ref, width: measured } = useElementSize();
  const width = fixedWidth ?? measured;
  const [hover, setHover] = useState<Hover>(null);
  const [active, setActive] = useState<string | null>(null);
  const data = useMemo(() => toGeoMapData(results), [results]);
  const theme = geoMapTheme(options.geo_map_theme);
  const scale = options.scale ?? DEFAULT_SCALE;
  const precision = options.precision ?? DEFAULT_PRECISION;

  const shapes = useMemo(() => {
    // Antarctica takes a fifth of the map for nothing, unless a report counts it.
    const shown = countries.filter(
      (country) => country.properties.name !== 'Antarctica' || data?.entries.has('Antarctica'),
    );
    const mapHeight = Math.max(1, height - LEGEND_HEIGHT);
    const projection = geoNaturalEarth1().fitExtent(
      [
        [4, 4],
        [Math.max(8, width - 4), mapHeight - 4],
      ],
      { type: 'FeatureCollection', features: shown },
    );
    const path = geoPath(projection);
    return {
      countries: shown.map((country) => ({ name: country.properties.name, d: path(country) ?? '' })),
      sphere: path({ type: 'Sphere' }) ?? '',
      graticule: path(geoGraticule10()) ?? '',
    };
  }, [countries, data, width, height]);

  if (error || !data) return <ChartEmpty error={error} height={height} />;
  if (!loaded) return <ChartEmpty error={t('reports.chart.geoMap.loadFailed')} height={height} />;

  const values = [...data.entries.values()]
    .map((entry) => entry.value)
    .filter((value): value is number => value !== null);
  const buckets = geoScaleBuckets(values, scale, precision);
  const colours = rampColours(theme.ramp, buckets.length);
  const style = seriesValueStyle(data.measure, false, 'barPercent');
  const measure = seriesDisplayLabel(data.measure, t);
  const bound = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: precision,
    maximumFractionDigits: precision,
  });
  const fillOf = (entry: GeoMapEntry | undefined) =>
    entry?.value === null || entry?.value === undefined
      ? theme.noData
      : (colours[geoBucketIndex(entry.value, buckets)] ?? theme.noData);
  const describe = (entry: GeoMapEntry) =>
    t('reports.chart.geoMap.countryValue', {
      country: entry.country.names[0],
      measure,
      value:
        entry.value === null ? t('reports.chart.geoMap.noValue') : formatChartValue(entry.value, style, t),
    });

  const select = (entry: GeoMapEntry) => {
    setActive(entry.country.atlasName);
    onSelect?.(entry.label, {
      category: entry.label,
      series: data.measure,
      value: entry.value,
      row: { country: entry.country.names[0], alpha2: entry.country.alpha2, alpha3: entry.country.alpha3 },
    });
  };

  const legendWidth = Math.min(width - 16, buckets.length * 120);
  const legendStep = buckets.length > 0 ? legendWidth / buckets.length : 0;
  const legendX = (width - legendWidth) / 2;

  return (
    <Box data-testid="report-geo-map-chart">
      <Box ref={ref} pos="relative" style={{ width: fixedWidth ?? '100%' }}>
        {width > 0 && (
          <svg
            width={width}
            height={height}
            viewBox={`0 0 ${width} ${height}`}
            // A drawing (its own role), not an image: its countries are buttons a keyboard reaches
            // (issue 14, nested-interactive).
            aria-label={t('reports.chart.geoMap.label', { measure })}
            data-chart-surface="geo-map"
            // Drawn left to right: the world is not mirrored, only its legend (below).
            direction="ltr"
            style={{ display: 'block', direction: 'ltr' }}
          >
            <rect width={width} height={height} fill={theme.water} />
            {theme.globe && (
              <>
                <path d={shapes.sphere} fill="none" stroke={theme.border} strokeWidth={1} />
                <path d={shapes.graticule} fill="none" stroke={theme.border} strokeOpacity={0.4} />
              </>
            )}
            {shapes.countries.map((country) => {
              const entry = data.entries.get(country.name);
              const isActive = active === country.name;
              if (!entry) {
                return (
                  <path
                    key={country.name}
                    d={country.d}
                    fill={theme.noData}
                    stroke={theme.border}
                    strokeWidth={0.5}
                    className="geo-country"
                  />
                );
              }
              const text = describe(entry);
              return (
                // biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>; it takes the role instead
                <path
                  key={country.name}
                  d={country.d}
                  fill={fillOf(entry)}
                  stroke={isActive ? theme.text : theme.border}
                  strokeWidth={isActive ? 2 : 0.5}
                  className="geo-country"
                  data-country={entry.country.alpha3 ?? country.name}
                  data-active={isActive ? 'true' : undefined}
                  role="button"
                  tabIndex={0}
                  aria-label={text}
                  aria-pressed={isActive}
                  style={{ cursor: 'pointer', outline: 'none' }}
                  onClick={() => select(entry)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault();
                      select(entry);
                    }
                  }}
                  onMouseMove={(event) => {
                    const box = event.currentTarget.ownerSVGElement?.getBoundingClientRect();
                    setHover({
                      name: country.name,
                      text,
                      x: event.clientX - (box?.left ?? 0),
                      y: event.clientY - (box?.top ?? 0),
                    });
                  }}
                  onMouseLeave={() => setHover(null)}
                />
              );
            })}
            <g className="geo-legend" transform={`translate(${legendX}, ${height - LEGEND_HEIGHT + 8})`}>
              {/* Right to left the scale runs from the right, each swatch right of its bounds. */}
              {buckets.map((bucket, i) => (
                <g
                  key={`${bucket.from}-${bucket.to}`}
                  transform={`translate(${(rtl ? buckets.length - 1 - i : i) * legendStep}, 0)`}
                >
                  <rect
                    x={rtl ? legendStep - SWATCH : 0}
                    width={SWATCH}
                    height={SWATCH}
                    fill={colours[i]}
                    stroke={theme.border}
                  />
                  <text
                    x={rtl ? legendStep - SWATCH - 6 : SWATCH + 6}
                    y={SWATCH - 3}
                    textAnchor={rtl ? 'end' : 'start'}
                    fontSize={12}
                    fill={theme.text}
                    className="geo-legend-label"
                  >
                    {bucket.from === bucket.to
                      ? bound.format(bucket.from)
                      : `${bound.format(bucket.from)} – ${bound.format(bucket.to)}`}
                  </text>
                </g>
              ))}
            </g>
          </svg>
        )}
        {hover && (
          <Box
            role="tooltip"
            pos="absolute"
            px="xs"
            py={4}
            bg="white"
            fz="sm"
            style={{
              left: hover.x + 12,
              top: hover.y + 12,
              pointerEvents: 'none',
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 4,
              whiteSpace: 'nowrap',
            }}
          >
            {hover.text}
          </Box>
        )}
      </Box>
      {data.unmatched.length > 0 && (
        <Text fz="sm" c="dimmed" mt="xs" data-testid="geo-map-unmatched">
          {t('reports.chart.geoMap.notOnMap', {
            list: data.unmatched.map((label) => isolate(label) || t('reports.chart.geoMap.blank')).join(', '),
          })}
        </Text>
      )}
    </Box>
  );
}
