import { z } from 'zod';
import { text } from '../validators/input-limits.js';
import { SOURCE_PATH_MAX_LENGTH } from './sources.js';

// Spec 2 §3.8 other_configurations, the chart options (client names in §3.7), every one with its
// default so a stored partial configuration parses.
export const REPORT_LABEL_MAX_LENGTH = 200;
export const DATA_ORDER_MAX = 1000;
export const COLORS_MAX = 50;
const Label = text().max(REPORT_LABEL_MAX_LENGTH);
const Color = text().max(50);

// §3.7 map themes.
export const GEO_MAP_THEMES = [
  'streets',
  'outdoors',
  'light',
  'light_globe',
  'dark',
  'dark_globe',
  'satellite',
  'satellite_streets',
  'navigation_day',
  'navigation_night',
] as const;
export const COLOR_TYPES = ['singleTone', 'spectrum', 'custom'] as const;
export const VALUE_LABEL_MODES = ['always', 'hover', 'click'] as const;
export const PERCENTAGE_CALCULATION_TYPES = ['row', 'column', 'table'] as const;
export const LEGEND_POSITIONS = ['bottom', 'top', 'left', 'right', 'none'] as const;

export const ColorsSchema = z
  .object({
    active_color_type: z.enum(COLOR_TYPES).default('singleTone'),
    single_tone: Color.nullable().default(null),
    spectrum: z.array(Color).max(COLORS_MAX).default([]),
    custom: z.array(Color).max(COLORS_MAX).default([]),
  })
  .strict();

// Older configs say show_percentages_per_slice (§3.8) and show_legend as a boolean: read both.
function upgradeOther(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const other: Record<string, unknown> = { ...raw };
  if ('show_percentages_per_slice' in other) {
    if (!('show_percentages_in_value_labels' in other)) {
      other.show_percentages_in_value_labels = other.show_percentages_per_slice;
    }
    delete other.show_percentages_per_slice;
  }
  if (typeof other.show_legend === 'boolean') other.show_legend = other.show_legend ? 'bottom' : 'none';
  return other;
}

export const OtherConfigurationsSchema = z.preprocess(
  upgradeOther,
  z
    .object({
      colors: ColorsSchema.default({
        active_color_type: 'singleTone',
        single_tone: null,
        spectrum: [],
        custom: [],
      }),
      show_legend: z.enum(LEGEND_POSITIONS).default('bottom'),
      chart_orientation: z.enum(['vertical', 'horizontal']).default('vertical'),
      show_value_labels: z.boolean().default(true),
      show_value_on: z.enum(VALUE_LABEL_MODES).default('always'),
      show_x_axis_label: z.boolean().default(true),
      show_y_axis_label: z.boolean().default(true),
      // null: the label is made from the columns (§3.7 "auto by default").
      x_axis_label: Label.nullable().default(null),
      y_axis_label: Label.nullable().default(null),
      value_label_angle: z.number().min(-90).max(90).default(0),
      // null: decided by the data (§3.7: stacked when there are exactly 2 x-axis entries).
      is_stacked_bar_chart: z.boolean().nullable().default(null),
      is_grouped_bar_chart: z.boolean().nullable().default(null),
      percentage_threshold: z.number().min(0).max(100).default(0),
      show_percentages_in_value_labels: z.boolean().default(false),
      scale: z.number().min(1).max(20).default(5),
      precision: z.number().int().min(0).max(10).default(0),
      geo_map_theme: z.enum(GEO_MAP_THEMES).default('streets'),
      data_order: z.array(text().max(REPORT_LABEL_MAX_LENGTH)).max(DATA_ORDER_MAX).default([]),
      display_value_as_percentage: z.boolean().default(false),
      percentage_calculation_type: z.enum(PERCENTAGE_CALCULATION_TYPES).default('row'),
      // A step group or step tag (or none: the whole process) whose cycle time the report shows.
      cycle_time_tag: text().max(SOURCE_PATH_MAX_LENGTH).nullable().default(null),
      is_cycle_time_report: z.boolean().default(false),
    })
    .strict(),
);
export type OtherConfigurations = z.infer<typeof OtherConfigurationsSchema>;

export function defaultOtherConfigurations(): OtherConfigurations {
  return OtherConfigurationsSchema.parse({});
}
