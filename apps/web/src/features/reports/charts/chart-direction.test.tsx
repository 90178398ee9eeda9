import { DirectionProvider, MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { isolate } from '../../../components/user-text';
import { ReportBarChart } from './bar-chart';
import { ReportLineChart } from './line-chart';
import { ReportPieChart } from './pie-chart';
import { countByStatus, statusByRegion } from './test-utils';

function renderIn(dir: 'ltr' | 'rtl', ui: ReactElement) {
  return render(
    <DirectionProvider initialDirection={dir} detectDirection={false}>
      <MantineProvider env="test">{ui}</MantineProvider>
    </DirectionProvider>,
  );
}

// The category ticks, left to right on screen: [text, x].
function xTicks(container: HTMLElement): [string, number][] {
  return [...container.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')]
    .map((node): [string, number] => [node.textContent ?? '', Number(node.getAttribute('x'))])
    .sort((a, b) => a[1] - b[1]);
}

// Where the value axis stands: the x its ticks are drawn from.
const yAxisLine = (container: HTMLElement) =>
  Number(
    container
      .querySelector('.chart-y-tick')
      ?.parentElement?.getAttribute('transform')
      ?.match(/translate\(([\d.]+)/)?.[1],
  );

// Issue 14: right to left the charts are mirrored through their props, while their SVG is drawn left
// to right (the page's CSS direction would flip text anchors and lay slanted ticks over the bars).
describe('charts right to left', () => {
  it('draws the SVG left to right in both directions', () => {
    for (const dir of ['ltr', 'rtl'] as const) {
      const { container, unmount } = renderIn(
        dir,
        <ReportBarChart results={countByStatus} width={600} height={400} animate={false} />,
      );
      expect(container.querySelector('[data-chart-box]')?.getAttribute('dir')).toBe('ltr');
      unmount();
    }
  });

  it('runs the categories from the right and stands the value axis on the right', () => {
    const ltr = renderIn(
      'ltr',
      <ReportBarChart results={countByStatus} width={600} height={400} animate={false} />,
    );
    expect(xTicks(ltr.container).map(([text]) => text)).toEqual(['Open', 'Closed', 'Review'].map(isolate));
    expect(yAxisLine(ltr.container)).toBeLessThan(300);
    const ltrAnchor = ltr.container.querySelector('.chart-y-tick')?.getAttribute('text-anchor');
    expect(ltrAnchor).toBe('end');
    ltr.unmount();

    const rtl = renderIn(
      'rtl',
      <ReportBarChart results={countByStatus} width={600} height={400} animate={false} />,
    );
    expect(xTicks(rtl.container).map(([text]) => text)).toEqual(['Review', 'Closed', 'Open'].map(isolate));
    expect(yAxisLine(rtl.container)).toBeGreaterThan(300);
    // The value ticks stand outside the plot, right of their axis.
    expect(rtl.container.querySelector('.chart-y-tick')?.getAttribute('text-anchor')).toBe('start');
    expect(Number(rtl.container.querySelector('.chart-y-tick')?.getAttribute('x'))).toBeGreaterThan(0);
  });

  it('keeps each bar above its own category tick right to left', () => {
    const { container } = renderIn(
      'rtl',
      <ReportBarChart results={countByStatus} width={600} height={400} animate={false} />,
    );
    const ticks = xTicks(container);
    for (const bar of container.querySelectorAll<SVGGElement>('[data-bar-category]')) {
      const path = bar.querySelector('path');
      const x = Number(path?.getAttribute('x'));
      const width = Number(path?.getAttribute('width'));
      const tick = ticks.find(([text]) => text === isolate(bar.dataset.barCategory));
      expect(tick).toBeDefined();
      expect(tick?.[1]).toBeGreaterThanOrEqual(x);
      expect(tick?.[1]).toBeLessThanOrEqual(x + width);
    }
  });

  it('slants many categories the other way right to left, hanging to the right of their tick', () => {
    const results = [['Month', 'Count'], ...Array.from({ length: 8 }, (_, i) => [`M${i + 1}`, i + 1])];
    const { container } = renderIn(
      'rtl',
      <ReportLineChart results={results} width={600} height={400} animate={false} />,
    );
    const tick = container.querySelector('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
    expect(tick?.getAttribute('text-anchor')).toBe('start');
    expect(tick?.getAttribute('transform')).toMatch(/rotate\(30[ ,)]/);
    expect(xTicks(container)[0]?.[0]).toBe(isolate('M8'));
  });

  it('reads the legend right to left', async () => {
    const { container, findAllByText } = renderIn(
      'rtl',
      <ReportBarChart results={statusByRegion} dimensions={2} width={600} height={400} animate={false} />,
    );
    await findAllByText('EU');
    const wrapper = container.querySelector<HTMLElement>('.recharts-legend-wrapper');
    expect(wrapper?.style.direction).toBe('rtl');
  });

  it('turns the pie the other way right to left', () => {
    const sliceStart = (dir: 'ltr' | 'rtl') => {
      const { container, unmount } = renderIn(
        dir,
        <ReportPieChart results={countByStatus} width={400} height={400} animate={false} />,
      );
      const d = container.querySelector('.recharts-pie-sector path')?.getAttribute('d') ?? '';
      unmount();
      return Number(d.match(/M\s*([\d.]+)/)?.[1]);
    };
    // The first slice starts at 3 o'clock left to right, at 9 o'clock right to left.
    expect(sliceStart('ltr')).toBeGreaterThan(200);
    expect(sliceStart('rtl')).toBeLessThan(200);
  });
});
