import type { CascaderOption, FieldDefinition, FieldType } from '@attest/shared';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../../lib/format/date-time';
import { formatMoney, formatNumber } from '../../../../lib/format/number';
import { isRecord } from '../../lib/is-record';
import type { ControlProps } from './control-props';
import { FieldWrapper } from './field-wrapper';

// Types whose answer reads better as text than as a greyed-out control once it cannot change.
// Files, html, tables, records, child workflows and places keep their own read-only views.
const VALUE_TYPES = new Set<FieldType>([
  'char_field',
  'text',
  'email',
  'url',
  'phone',
  'decimal',
  'integer',
  'currency',
  'slider',
  'single_select',
  'radio',
  'multi_select',
  'grouped_checkbox',
  'checkbox',
  'bool',
  'badge_tags',
  'cascader',
  'country_single_select',
  'country_multi_select',
  'date',
  'naive_date',
  'relative_date',
]);

export const showsAsValue = (type: FieldType) => VALUE_TYPES.has(type);

type Translate = ReturnType<typeof useTranslation>['t'];

const optionLabel = (field: FieldDefinition, value: unknown) =>
  field.options?.find((option) => option.value === value)?.label ?? String(value);

function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function cascaderPath(options: readonly CascaderOption[] | undefined, values: unknown[]): string[] {
  const labels: string[] = [];
  let level = options;
  for (const value of values) {
    const option = level?.find((o) => o.value === value);
    labels.push(option?.label ?? String(value));
    level = option?.children;
  }
  return labels;
}

function isEmpty(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

const SAFE_LINK = /^https?:\/\//i;

// The answer as a person reads it: labels not codes, dates and amounts in their language.
function valueNode(field: FieldDefinition, value: unknown, t: Translate, locale: string): ReactNode {
  const list = Array.isArray(value) ? value : [value];
  switch (field.type) {
    case 'email':
      return <Anchor href={`mailto:${String(value)}`}>{String(value)}</Anchor>;
    case 'url':
      return SAFE_LINK.test(String(value)) ? (
        <Anchor href={String(value)} target="_blank" rel="noopener noreferrer">
          {String(value)}
        </Anchor>
      ) : (
        String(value)
      );
    case 'phone':
      return <Anchor href={`tel:${String(value).replace(/[^\d+]/g, '')}`}>{String(value)}</Anchor>;
    case 'decimal':
    case 'integer':
    case 'slider':
      return typeof value === 'number'
        ? formatNumber(value, locale, field.validation?.decimal_places ?? undefined)
        : String(value);
    case 'currency':
      if (isRecord(value) && typeof value.amount === 'number' && typeof value.currency === 'string')
        return formatMoney(value.amount, value.currency, locale);
      return String(value);
    case 'checkbox':
    case 'bool':
      return value === true ? t('fields.yes') : t('fields.no');
    case 'single_select':
    case 'radio':
    case 'multi_select':
    case 'grouped_checkbox':
      return list.map((item) => optionLabel(field, item)).join(', ');
    case 'badge_tags':
      return (
        <Group gap={4} component="span">
          {list.map((tag) => (
            <Badge key={String(tag)} variant="light" tt="none" dir="auto">
              {String(tag)}
            </Badge>
          ))}
        </Group>
      );
    case 'cascader':
      return cascaderPath(field.cascader_options, list).join(' › ');
    case 'country_single_select':
    case 'country_multi_select':
      return list.map((code) => countryName(String(code), locale)).join(', ');
    case 'date':
    case 'naive_date':
      return formatDay(String(value), locale);
    case 'relative_date': {
      const period = /^(-?\d+)([mhdwM])$/.exec(String(value));
      return period
        ? `${formatNumber(Number(period[1]), locale)} ${t(`fields.units.${period[2]}`)}`
        : String(value);
    }
    default:
      return String(value);
  }
}

// A submitted, locked or otherwise read-only answer shown as a value under its label, so it does
// not look like an input one could still change.
export function ReadOnlyValue({ field, value, chrome }: ControlProps) {
  const { t, i18n } = useTranslation();
  const empty = isEmpty(value);
  return (
    // Not an input: no asterisk, even on a required field.
    <FieldWrapper chrome={{ ...chrome, required: false }}>
      <Text
        data-read-only-value
        fz="sm"
        mt={4}
        c={empty ? 'dimmed' : undefined}
        dir="auto"
        style={{ whiteSpace: field.type === 'text' ? 'pre-wrap' : undefined, overflowWrap: 'anywhere' }}
      >
        {empty ? t('fields.noAnswer') : valueNode(field, value, t, i18n.language)}
      </Text>
    </FieldWrapper>
  );
}
