import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isolate } from '../../../components/user-text';
import { ReportChart } from './report-chart';
import { renderChart } from './test-utils';

const byCountry = [
  ['Country', 'Count'],
  ['DE', 10],
  ['France', 50],
  ['Atlantis', 3],
  ['USA', 100],
  ['FRA', 20],
];

// The atlas is a dynamic import: under load it can take longer than findBy's default second.
const LOADED = { timeout: 10_000 };

const fillOf = (name: RegExp) => screen.getByRole('button', { name }).getAttribute('fill');

describe('ReportGeoMapChart (spec 2 §2.8 GEO_MAP_CHART, §3.7 scale, precision and themes)', {
  timeout: 15_000,
}, () => {
  it('colours each country by its bucket and lists the rows that are not on the map', async () => {
    renderChart(<ReportChart chartType="GEO_MAP_CHART" results={byCountry} width={640} height={400} />);
    // Codes, alpha-3 and names all find their country; France's two rows add up (50 + 20).
    expect(await screen.findByRole('button', { name: 'France, Count: 70' }, LOADED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Germany, Count: 10' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'United States, Count: 100' })).toBeTruthy();
    expect(fillOf(/^Germany/)).not.toBe(fillOf(/^United States/));
    expect(fillOf(/^France/)).not.toBe(fillOf(/^United States/));
    expect(screen.getByTestId('geo-map-unmatched').textContent).toBe(
      `Not on the map: ${isolate('Atlantis')}`,
    );
    // Five buckets with whole-number bounds by default.
    const legend = [...document.querySelectorAll('.geo-legend-label')].map((node) => node.textContent);
    expect(legend).toEqual(['10 – 28', '28 – 46', '46 – 64', '64 – 82', '82 – 100']);
  });

  it('follows the configured scale and precision in the legend', async () => {
    renderChart(
      <ReportChart
        chartType="GEO_MAP_CHART"
        results={byCountry}
        options={{ scale: 2, precision: 1 }}
        width={640}
        height={400}
      />,
    );
    await screen.findByRole('button', { name: /^France/ }, LOADED);
    const legend = [...document.querySelectorAll('.geo-legend-label')].map((node) => node.textContent);
    expect(legend).toEqual(['10.0 – 55.0', '55.0 – 100.0']);
  });

  it('selects a country on click and calls onSelect with its label and value', async () => {
    const onSelect = vi.fn();
    renderChart(
      <ReportChart
        chartType="GEO_MAP_CHART"
        results={byCountry}
        width={640}
        height={400}
        onSelect={onSelect}
      />,
    );
    const germany = await screen.findByRole('button', { name: /^Germany/ }, LOADED);
    fireEvent.click(germany);
    expect(germany.getAttribute('data-active')).toBe('true');
    expect(onSelect).toHaveBeenCalledWith(
      'DE',
      expect.objectContaining({ category: 'DE', series: 'Count', value: 10 }),
    );
  });

  it('draws the theme as a colour scheme', async () => {
    renderChart(
      <ReportChart
        chartType="GEO_MAP_CHART"
        results={byCountry}
        options={{ geo_map_theme: 'dark' }}
        width={640}
        height={400}
      />,
    );
    await screen.findByRole('button', { name: /^France/ }, LOADED);
    const surface = document.querySelector('svg[data-chart-surface]');
    expect(surface?.querySelector('rect')?.getAttribute('fill')).toBe('#1a1b1e');
  });

  it('shows the empty state without results', () => {
    renderChart(<ReportChart chartType="GEO_MAP_CHART" results={[['Country', 'Count']]} width={640} />);
    expect(screen.getByTestId('chart-empty').textContent).toBe('There are no results for this Report');
  });
});
