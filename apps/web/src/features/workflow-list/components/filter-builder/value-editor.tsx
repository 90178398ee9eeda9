import {
  endOfDayStamp,
  type FilterAttribute,
  type FilterCondition,
  type FilterValue,
  startOfDayStamp,
} from '@attest/shared';
import {
  ColorSwatch,
  type ComboboxItem,
  Group,
  MultiSelect,
  Select,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type FilterChoices, type FilterOption, optionsFor, withValues } from './filter-choices';
import { valueShape } from './group-tree';
import { PeriodInput } from './period-input';
import { useMenuHeight } from './use-menu-height';

type Props = {
  attribute: FilterAttribute;
  condition: FilterCondition;
  choices: FilterChoices | undefined;
  error: string | undefined;
  onChange: (value: FilterValue) => void;
};

type Scalar = string | number | boolean;

const asText = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(asText) : []);
// A stamp ('2026-11-22T00:00:00.000000Z') is shown as its day.
const asDay = (value: unknown): string => asText(value).slice(0, 10);

const EDITOR_FLEX = '2 1 14rem';

// Options with a colour (the tenant's badges) show it beside their label; others show the label.
function colourOptions(
  options: readonly FilterOption[],
): ((item: { option: ComboboxItem }) => ReactNode) | undefined {
  const colours = new Map(options.flatMap((o) => (o.color ? [[o.value, o.color] as const] : [])));
  if (colours.size === 0) return undefined;
  return ({ option }) => (
    <Group gap="xs" wrap="nowrap">
      <ColorSwatch color={colours.get(option.value) ?? 'transparent'} size={12} aria-hidden />
      <Text size="sm" truncate>
        {option.label}
      </Text>
    </Group>
  );
}

// One value of the attribute's type: a day picker, yes or no, an option, or typed text (numbers
// too, so that the shared validator, not the input, says what is wrong with '1.5.2').
function ScalarEditor({
  attribute,
  value,
  label,
  error,
  options,
  end,
  onChange,
}: {
  attribute: FilterAttribute;
  value: unknown;
  label: string;
  error: string | boolean | undefined;
  options: FilterOption[] | null;
  // The upper end of a range of days takes in the whole day.
  end?: boolean;
  onChange: (value: Scalar | null) => void;
}) {
  const { t } = useTranslation();
  const menuHeight = useMenuHeight();
  if (attribute.type === 'date' || attribute.type === 'naive_date') {
    return (
      <TextInput
        type="date"
        label={label}
        value={asDay(value)}
        error={error}
        flex={EDITOR_FLEX}
        // Spec 1 §5: absolute dates are sent as start-of-day UTC stamps.
        onChange={(event) => {
          const day = event.currentTarget.value;
          onChange(day === '' ? null : end ? endOfDayStamp(day) : startOfDayStamp(day));
        }}
      />
    );
  }
  if (attribute.type === 'boolean') {
    return (
      <Select
        label={label}
        placeholder={t('filters.chooseValue')}
        data={[
          { value: 'true', label: t('filters.yes') },
          { value: 'false', label: t('filters.no') },
        ]}
        value={typeof value === 'boolean' ? String(value) : null}
        allowDeselect={false}
        comboboxProps={{ keepMounted: false }}
        error={error}
        flex={EDITOR_FLEX}
        onChange={(next) => onChange(next === null ? null : next === 'true')}
      />
    );
  }
  if (options) {
    return (
      <Select
        label={label}
        placeholder={t('filters.chooseValue')}
        data={withValues(options, [asText(value)])}
        value={asText(value) || null}
        renderOption={colourOptions(options)}
        searchable
        nothingFoundMessage={t('filters.noMatch')}
        maxDropdownHeight={menuHeight}
        comboboxProps={{ keepMounted: false }}
        error={error}
        flex={EDITOR_FLEX}
        onChange={(next) => onChange(next)}
      />
    );
  }
  const numeric = attribute.type === 'integer' || attribute.type === 'decimal' || attribute.type === 'user';
  return (
    <TextInput
      label={label}
      inputMode={numeric ? 'decimal' : undefined}
      value={asText(value)}
      error={error}
      flex={EDITOR_FLEX}
      onChange={(event) => onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)}
    />
  );
}

function ListEditor({
  attribute,
  value,
  error,
  options,
  onChange,
}: {
  attribute: FilterAttribute;
  value: unknown;
  error: string | undefined;
  options: FilterOption[] | null;
  onChange: (value: string[]) => void;
}) {
  const { t } = useTranslation();
  const menuHeight = useMenuHeight();
  if (options) {
    return (
      <MultiSelect
        label={t('filters.value')}
        placeholder={t('filters.chooseValues')}
        data={withValues(options, asList(value))}
        value={asList(value)}
        renderOption={colourOptions(options)}
        searchable
        nothingFoundMessage={t('filters.noMatch')}
        maxDropdownHeight={menuHeight}
        comboboxProps={{ keepMounted: false }}
        error={error}
        flex={EDITOR_FLEX}
        onChange={onChange}
      />
    );
  }
  return (
    <TagsInput
      label={t('filters.value')}
      placeholder={t(attribute.type === 'badge_tags' ? 'filters.typeTag' : 'filters.typeValue')}
      value={asList(value)}
      error={error}
      flex={EDITOR_FLEX}
      onChange={onChange}
    />
  );
}

// The value editor of a condition: none for 'is set' and 'is empty', a list for 'in', two ends for
// 'between', a number and a unit for 'is within last', otherwise one value of the attribute's type.
export function ValueEditor({ attribute, condition, choices, error, onChange }: Props) {
  const { t } = useTranslation();
  // Contains searches the text, so it is typed even where there are options.
  const searching = condition.operator === 'contains' || condition.operator === 'not_contains';
  const options = searching ? null : optionsFor(attribute, choices);
  switch (valueShape(condition.operator)) {
    case 'none':
      return null;
    case 'period':
      return <PeriodInput value={asText(condition.value)} error={error} onChange={onChange} />;
    case 'list':
      return (
        <ListEditor
          attribute={attribute}
          value={condition.value}
          error={error}
          options={options}
          onChange={onChange}
        />
      );
    case 'range': {
      const ends = Array.isArray(condition.value) ? condition.value : [];
      const setEnd = (index: 0 | 1) => (next: Scalar | null) => {
        const pair: (Scalar | null)[] = [ends[0] ?? null, ends[1] ?? null];
        pair[index] = next;
        onChange(pair.map((end) => end ?? ''));
      };
      return (
        <Group gap="xs" align="flex-start" wrap="nowrap" flex={EDITOR_FLEX}>
          <ScalarEditor
            attribute={attribute}
            value={ends[0]}
            label={t('filters.from')}
            error={Boolean(error)}
            options={options}
            onChange={setEnd(0)}
          />
          <ScalarEditor
            attribute={attribute}
            value={ends[1]}
            label={t('filters.to')}
            error={error}
            options={options}
            end
            onChange={setEnd(1)}
          />
        </Group>
      );
    }
    case 'scalar':
      return (
        <ScalarEditor
          attribute={attribute}
          value={condition.value}
          label={t('filters.value')}
          error={error}
          options={options}
          onChange={(next) => onChange(next)}
        />
      );
  }
}
