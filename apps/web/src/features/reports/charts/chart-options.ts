import type { ChartColors, PercentageCalculationType } from '@attest/shared';

// The part of other_configurations (spec 2 §3.8, server naming) the charts read. The shared
// OtherConfigurations type fits it; every key is optional and falls back to the §3.7 default.
export type ChartOptions = {
  colors?: ChartColors;
  show_legend?: 'bottom' | 'top' | 'left' | 'right' | 'none';
  chart_orientation?: 'vertical' | 'horizontal';
  show_value_labels?: boolean;
  show_value_on?: ValueLabelMode;
  show_x_axis_label?: boolean;
  show_y_axis_label?: boolean;
  x_axis_label?: string | null;
  y_axis_label?: string | null;
  value_label_angle?: number;
  is_stacked_bar_chart?: boolean | null;
  is_grouped_bar_chart?: boolean | null;
  percentage_threshold?: number;
  show_percentages_in_value_labels?: boolean;
  data_order?: readonly string[];
  display_value_as_percentage?: boolean;
  percentage_calculation_type?: PercentageCalculationType;
  is_cycle_time_report?: boolean;
  scale?: number;
  precision?: number;
  geo_map_theme?: string;
};

export type ValueLabelMode = 'always' | 'hover' | 'click';

// §4.2: clicking a bar, point or slice calls this with the active label and the payload.
export type ChartSelectPayload = {
  category: string;
  series: string | null;
  value: number | null;
  row: Record<string, unknown>;
};
export type ChartSelectHandler = (activeLabel: string, payload: ChartSelectPayload) => void;

// Props every chart component takes.
export type ChartProps = {
  results: import('./chart-data').ChartResults | null | undefined;
  options?: ChartOptions;
  // Leading group-by columns in the results (x-axis entries); 2 means a secondary x-axis.
  dimensions?: number;
  error?: string | null;
  // A fixed width renders without ResizeObserver (export, tests); otherwise the chart fills its box.
  width?: number;
  height?: number;
  // §2.7: the chart export renders without animation.
  animate?: boolean;
  onSelect?: ChartSelectHandler;
};
