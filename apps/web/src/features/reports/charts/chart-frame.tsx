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
import { isolate } from '../../../components/user-text';
import { mirrorSide } from './chart-direction';
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
        {/* The SVG is drawn left to right in every language: a right-to-left page's CSS direction
            would flip its text anchors and put slanted ticks over the bars. The charts mirror
            themselves through their props (chart-direction.ts). */}
        <Box dir="ltr" style={{ flex: 1, minWidth: 0 }} data-chart-box>
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

// show_legend: bottom by default; none hides it. Right to left, a side legend changes sides and its
// entries read from the right.
export function legendProps(options: ChartOptions, rtl = false) {
  const position = options.show_legend ?? 'bottom';
  if (position === 'none') return null;
  const wrapperStyle = rtl ? { direction: 'rtl' as const } : undefined;
  if (position === 'left' || position === 'right') {
    return {
      layout: 'vertical' as const,
      align: mirrorSide(position, rtl),
      verticalAlign: 'middle' as const,
      wrapperStyle,
    };
  }
  return { layout: 'horizontal' as const, align: 'center' as const, verticalAlign: position, wrapperStyle };
}

type TickProps = {
  x?: number;
  y?: number;
  payload?: { value: unknown };
  formatter?: (value: unknown) => string;
  // The side of the plot the axis stands on: right to left it is the right (chart-direction.ts).
  side?: 'left' | 'right';
};

// Y-axis tick text: 15 characters plus an ellipsis (§9.1); the full text is the SVG title. The text
// sits away from the plot on the axis' side, isolated so a name keeps its own order.
export function YAxisTick({ x = 0, y = 0, payload, formatter, side = 'left' }: TickProps) {
  const full = formatter ? formatter(payload?.value) : String(payload?.value ?? '');
  return (
    <g transform={`translate(${x},${y})`}>
      <title>{full}</title>
      <text
        x={side === 'right' ? 4 : -4}
        y={0}
        dy={4}
        textAnchor={side === 'right' ? 'start' : 'end'}
        fontSize={12}
        fill="currentColor"
        className="chart-y-tick"
      >
        {isolate(truncateYAxisTick(full))}
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
  textAnchor: 'middle' | 'end' | 'start';
  height: number;
  tick: { fontSize: number };
};
// Right to left the slant is mirrored: a name hangs down to the right of its tick, not the left.
export function categoryTickLayout(count: number, rtl = false): CategoryTickLayout {
  const slant = count >= STEEP_TICKS_MIN ? 60 : count >= SLANTED_TICKS_MIN ? 30 : 0;
  return {
    interval: 0,
    angle: slant === 0 ? 0 : rtl ? slant : -slant,
    textAnchor: slant === 0 ? 'middle' : rtl ? 'start' : 'end',
    height: slant === 60 ? 96 : slant === 30 ? 64 : 30,
    tick: { fontSize: 12 },
  };
}

// Isolated: in the left-to-right SVG an Arabic name with a full stop keeps it at its end, and so
// does an English one in an Arabic page.
export function formatXAxisTick(value: unknown): string {
  return isolate(truncateText(String(value ?? ''), X_AXIS_TICK_MAX));
}
