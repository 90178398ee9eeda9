import {
  CHART_DEFAULT_HEIGHT,
  truncateText,
  truncateYAxisTick,
  xAxisLabelLines,
  Y_AXIS_TICK_MAX,
  yAxisLabelLines,
} from '@attest/shared';
import { Box, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';
import type { ChartOptions } from './chart-options';

type FrameProps = {
  width?: number;
  height?: number;
  xLabel?: string | null;
  yLabel?: string | null;
  testId: string;
  children: ReactElement;
};

// Axis labels sit outside the SVG so their line rules (§9.1) are plain text: the X label on one
// line up to 100 characters, otherwise two lines of 120; the Y label up to 70, otherwise 70 and 67.
export function ChartFrame({
  width,
  height = CHART_DEFAULT_HEIGHT,
  xLabel,
  yLabel,
  testId,
  children,
}: FrameProps) {
  const yLines = yLabel ? yAxisLabelLines(yLabel) : [];
  const xLines = xLabel ? xAxisLabelLines(xLabel) : [];
  return (
    <Box data-testid={testId}>
      <Box style={{ display: 'flex', alignItems: 'center' }}>
        {yLines.length > 0 && (
          <Text
            size="sm"
            c="dimmed"
            data-testid="chart-y-label"
            title={yLabel ?? undefined}
            style={{ writingMode: 'vertical-rl', transform: 'rotate(180deg)', textAlign: 'center' }}
          >
            {yLines.map((line) => (
              <span key={line} style={{ display: 'block' }}>
                {line}
              </span>
            ))}
          </Text>
        )}
        <Box style={{ flex: 1, minWidth: 0 }}>
          {width ? (
            children
          ) : (
            <ResponsiveContainer width="100%" height={height}>
              {children}
            </ResponsiveContainer>
          )}
        </Box>
      </Box>
      {xLines.length > 0 && (
        <Text size="sm" c="dimmed" ta="center" data-testid="chart-x-label" title={xLabel ?? undefined}>
          {xLines.map((line) => (
            <span key={line} style={{ display: 'block' }}>
              {line}
            </span>
          ))}
        </Text>
      )}
    </Box>
  );
}

// §3.7: axis labels are on and automatic by default (the column headers).
export function axisLabels(options: ChartOptions, autoX: string, autoY: string) {
  return {
    xLabel: options.show_x_axis_label === false ? null : options.x_axis_label || autoX,
    yLabel: options.show_y_axis_label === false ? null : options.y_axis_label || autoY,
  };
}

// show_legend: bottom by default; none hides it.
export function legendProps(options: ChartOptions) {
  const position = options.show_legend ?? 'bottom';
  if (position === 'none') return null;
  if (position === 'left' || position === 'right') {
    return { layout: 'vertical' as const, align: position, verticalAlign: 'middle' as const };
  }
  return { layout: 'horizontal' as const, align: 'center' as const, verticalAlign: position };
}

type TickProps = {
  x?: number;
  y?: number;
  payload?: { value: unknown };
  formatter?: (value: unknown) => string;
};

// Y-axis tick text: 15 characters plus an ellipsis (§9.1); the full text is the SVG title.
export function YAxisTick({ x = 0, y = 0, payload, formatter }: TickProps) {
  const full = formatter ? formatter(payload?.value) : String(payload?.value ?? '');
  return (
    <g transform={`translate(${x},${y})`}>
      <title>{full}</title>
      <text x={-4} y={0} dy={4} textAnchor="end" fontSize={12} fill="currentColor" className="chart-y-tick">
        {truncateYAxisTick(full)}
      </text>
    </g>
  );
}

// Category ticks follow the §9.1 tick rule: 15 characters plus an ellipsis, so a long name does not
// push its neighbours out.
export const X_AXIS_TICK_MAX = Y_AXIS_TICK_MAX;

// Every category is named (interval 0: Recharts would otherwise skip ticks it thinks overlap, and a
// report by status must show each status). From 7 categories the names are slanted, from 13 steeply,
// so neighbours' names do not run together; the axis grows to hold them.
export const SLANTED_TICKS_MIN = 7;
export const STEEP_TICKS_MIN = 13;
export type CategoryTickLayout = {
  interval: 0;
  angle: number;
  textAnchor: 'middle' | 'end';
  height: number;
  tick: { fontSize: number };
};
export function categoryTickLayout(count: number): CategoryTickLayout {
  const angle = count >= STEEP_TICKS_MIN ? -60 : count >= SLANTED_TICKS_MIN ? -30 : 0;
  return {
    interval: 0,
    angle,
    textAnchor: angle === 0 ? 'middle' : 'end',
    height: angle === -60 ? 96 : angle === -30 ? 64 : 30,
    tick: { fontSize: 12 },
  };
}

export function formatXAxisTick(value: unknown): string {
  return truncateText(String(value ?? ''), X_AXIS_TICK_MAX);
}
