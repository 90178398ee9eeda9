import {
  CHART_PALETTE,
  COLOR_TYPES,
  GEO_MAP_THEMES,
  LEGEND_POSITIONS,
  type OtherConfigurations,
  PERCENTAGE_CALCULATION_TYPES,
  REPORT_LABEL_MAX_LENGTH,
  VALUE_LABEL_MODES,
} from '@attest/shared';
import {
  ColorSwatch,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { withOther } from '../lib/builder/builder-edits';
import type { BuilderForm } from '../lib/builder/builder-form';
import { chartOptionGroups } from '../lib/builder/chart-option-groups';

// §9.3: a hex colour has 3 or 6 hex digits.
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

type Stacking = 'auto' | 'stacked' | 'grouped';
function stackingOf(other: OtherConfigurations): Stacking {
  if (other.is_stacked_bar_chart === true) return 'stacked';
  if (other.is_grouped_bar_chart === true || other.is_stacked_bar_chart === false) return 'grouped';
  return 'auto';
}
const STACKING: Record<
  Stacking,
  Pick<OtherConfigurations, 'is_stacked_bar_chart' | 'is_grouped_bar_chart'>
> = {
  auto: { is_stacked_bar_chart: null, is_grouped_bar_chart: null },
  stacked: { is_stacked_bar_chart: true, is_grouped_bar_chart: false },
  grouped: { is_stacked_bar_chart: false, is_grouped_bar_chart: true },
};

function Swatch({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap">
      <ColorSwatch color={color} size={14} />
      <Text fz="sm">{children}</Text>
    </Group>
  );
}

// Section 5: every chart option of spec 2 §3.7 with its default (OtherConfigurationsSchema), only
// those the chosen chart type draws.
export function ChartOptionsSection({
  form,
  onChange,
}: {
  form: BuilderForm;
  onChange: (form: BuilderForm) => void;
}) {
  const { t } = useTranslation();
  const other = form.config.other_configurations;
  const groups = chartOptionGroups(form.config.chart_type);
  const set = (changes: Partial<OtherConfigurations>) =>
    onChange({ ...form, config: withOther(form.config, changes) });
  const key = (name: string) => `reports.builder.options.${name}`;
  const palette = CHART_PALETTE.map((c) => ({ value: c.hex, label: c.name }));
  const swatchOption = ({ option }: { option: { value: string; label: string } }) => (
    <Swatch color={option.value}>{option.label}</Swatch>
  );
  const stacking = stackingOf(other);

  return (
    <Stack gap="sm">
      {groups.has('colors') ? (
        <Stack gap={6}>
          <Select
            label={t(key('colorType'))}
            data={COLOR_TYPES.map((type) => ({ value: type, label: t(key(`colorTypes.${type}`)) }))}
            value={other.colors.active_color_type}
            onChange={(value) =>
              value &&
              set({
                colors: {
                  ...other.colors,
                  active_color_type: value as OtherConfigurations['colors']['active_color_type'],
                },
              })
            }
            allowDeselect={false}
          />
          {other.colors.active_color_type === 'singleTone' ? (
            <Select
              label={t(key('singleTone'))}
              placeholder={t(key('defaultColour'))}
              data={palette}
              value={other.colors.single_tone}
              onChange={(value) => set({ colors: { ...other.colors, single_tone: value } })}
              renderOption={swatchOption}
              leftSection={
                other.colors.single_tone ? <ColorSwatch color={other.colors.single_tone} size={14} /> : null
              }
              clearable
            />
          ) : other.colors.active_color_type === 'spectrum' ? (
            <MultiSelect
              label={t(key('spectrum'))}
              description={t(key('spectrumHint'))}
              data={palette}
              value={other.colors.spectrum}
              onChange={(value) => set({ colors: { ...other.colors, spectrum: value } })}
              renderOption={swatchOption}
              searchable
            />
          ) : (
            <TagsInput
              label={t(key('custom'))}
              description={t(key('customHint'))}
              value={other.colors.custom}
              onChange={(value) =>
                set({
                  colors: {
                    ...other.colors,
                    custom: value.filter((c) => HEX.test(c.trim())).map((c) => c.trim()),
                  },
                })
              }
              maxTags={50}
            />
          )}
        </Stack>
      ) : null}
      {groups.has('axisLabels') ? (
        <SimpleGrid cols={2} spacing="sm" verticalSpacing={6}>
          <Switch
            label={t(key('showXAxisLabel'))}
            checked={other.show_x_axis_label}
            onChange={(e) => set({ show_x_axis_label: e.currentTarget.checked })}
          />
          <Switch
            label={t(key('showYAxisLabel'))}
            checked={other.show_y_axis_label}
            onChange={(e) => set({ show_y_axis_label: e.currentTarget.checked })}
          />
          <TextInput
            size="xs"
            label={t(key('xAxisLabel'))}
            placeholder={t(key('auto'))}
            value={other.x_axis_label ?? ''}
            maxLength={REPORT_LABEL_MAX_LENGTH}
            disabled={!other.show_x_axis_label}
            onChange={(e) =>
              set({ x_axis_label: e.currentTarget.value === '' ? null : e.currentTarget.value })
            }
          />
          <TextInput
            size="xs"
            label={t(key('yAxisLabel'))}
            placeholder={t(key('auto'))}
            value={other.y_axis_label ?? ''}
            maxLength={REPORT_LABEL_MAX_LENGTH}
            disabled={!other.show_y_axis_label}
            onChange={(e) =>
              set({ y_axis_label: e.currentTarget.value === '' ? null : e.currentTarget.value })
            }
          />
        </SimpleGrid>
      ) : null}
      <SimpleGrid cols={2} spacing="sm">
        {groups.has('legend') ? (
          <Select
            label={t(key('legend'))}
            data={LEGEND_POSITIONS.map((p) => ({ value: p, label: t(key(`legendPositions.${p}`)) }))}
            value={other.show_legend}
            onChange={(value) => value && set({ show_legend: value as OtherConfigurations['show_legend'] })}
            allowDeselect={false}
          />
        ) : null}
        {groups.has('orientation') ? (
          <Select
            label={t(key('orientation'))}
            data={(['vertical', 'horizontal'] as const).map((o) => ({
              value: o,
              label: t(key(`orientations.${o}`)),
            }))}
            value={other.chart_orientation}
            onChange={(value) =>
              value && set({ chart_orientation: value as OtherConfigurations['chart_orientation'] })
            }
            allowDeselect={false}
          />
        ) : null}
      </SimpleGrid>
      {groups.has('valueLabels') ? (
        <Stack gap={6}>
          <Switch
            label={t(key('showValueLabels'))}
            checked={other.show_value_labels}
            onChange={(e) => set({ show_value_labels: e.currentTarget.checked })}
          />
          <SimpleGrid cols={2} spacing="sm">
            <Select
              label={t(key('showValueOn'))}
              data={VALUE_LABEL_MODES.map((mode) => ({ value: mode, label: t(key(`valueModes.${mode}`)) }))}
              value={other.show_value_on}
              onChange={(value) =>
                value && set({ show_value_on: value as OtherConfigurations['show_value_on'] })
              }
              disabled={!other.show_value_labels}
              allowDeselect={false}
            />
            <NumberInput
              label={t(key('valueLabelAngle'))}
              min={-90}
              max={90}
              step={15}
              suffix="°"
              value={other.value_label_angle}
              disabled={!other.show_value_labels}
              clampBehavior="strict"
              onChange={(value) => typeof value === 'number' && set({ value_label_angle: value })}
            />
          </SimpleGrid>
        </Stack>
      ) : null}
      {groups.has('stacking') ? (
        <Select
          label={t(key('bars'))}
          description={stacking === 'auto' ? t(key('barsAutoHint')) : undefined}
          data={(['auto', 'stacked', 'grouped'] as const).map((s) => ({
            value: s,
            label: t(key(`barModes.${s}`)),
          }))}
          value={stacking}
          onChange={(value) => value && set(STACKING[value as Stacking])}
          allowDeselect={false}
        />
      ) : null}
      {groups.has('percentageThreshold') ? (
        <NumberInput
          label={t(key('percentageThreshold'))}
          description={t(key('percentageThresholdHint'))}
          min={0}
          max={100}
          suffix="%"
          value={other.percentage_threshold}
          clampBehavior="strict"
          onChange={(value) => typeof value === 'number' && set({ percentage_threshold: value })}
        />
      ) : null}
      {groups.has('percentagesInLabels') ? (
        <Switch
          label={t(key('showPercentagesInLabels'))}
          checked={other.show_percentages_in_value_labels}
          onChange={(e) => set({ show_percentages_in_value_labels: e.currentTarget.checked })}
        />
      ) : null}
      {groups.has('valueAsPercentage') ? (
        <Stack gap={6}>
          <Switch
            label={t(key('displayValueAsPercentage'))}
            checked={other.display_value_as_percentage}
            onChange={(e) => set({ display_value_as_percentage: e.currentTarget.checked })}
          />
          {other.display_value_as_percentage ? (
            <Select
              label={t(key('percentageOf'))}
              data={PERCENTAGE_CALCULATION_TYPES.map((type) => ({
                value: type,
                label: t(key(`percentageTypes.${type}`)),
              }))}
              value={other.percentage_calculation_type}
              onChange={(value) =>
                value &&
                set({
                  percentage_calculation_type: value as OtherConfigurations['percentage_calculation_type'],
                })
              }
              allowDeselect={false}
            />
          ) : null}
        </Stack>
      ) : null}
      {groups.has('geoMap') ? (
        <SimpleGrid cols={3} spacing="sm">
          <Select
            label={t(key('geoMapTheme'))}
            data={GEO_MAP_THEMES.map((theme) => ({ value: theme, label: t(key(`geoMapThemes.${theme}`)) }))}
            value={other.geo_map_theme}
            onChange={(value) =>
              value && set({ geo_map_theme: value as OtherConfigurations['geo_map_theme'] })
            }
            allowDeselect={false}
          />
          <NumberInput
            label={t(key('scale'))}
            min={1}
            max={20}
            value={other.scale}
            clampBehavior="strict"
            onChange={(value) => typeof value === 'number' && set({ scale: value })}
          />
          <NumberInput
            label={t(key('precision'))}
            min={0}
            max={10}
            allowDecimal={false}
            value={other.precision}
            clampBehavior="strict"
            onChange={(value) => typeof value === 'number' && set({ precision: value })}
          />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
