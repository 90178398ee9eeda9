import { PERIOD_UNITS, type PeriodUnit } from '@attest/shared';
import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
};

// '30d' as the amount typed and its unit. The amount is kept as typed ('-3', '1.5') so that the
// shared validator names what is wrong (negativeNumberNotAllowed, decimalNumberNotAllowed, ...).
export function splitPeriod(value: string): { amount: string; unit: PeriodUnit } {
  const match = /^(.*?)([mhdwM])$/.exec(value);
  return match ? { amount: match[1] ?? '', unit: match[2] as PeriodUnit } : { amount: value, unit: 'd' };
}

// 'Is within last': a number and one of the units m h d w M (spec 1 §5).
export function PeriodInput({ value, error, onChange }: Props) {
  const { t } = useTranslation();
  const { amount, unit } = splitPeriod(value);
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" flex="2 1 14rem">
      <TextInput
        label={t('filters.value')}
        inputMode="numeric"
        value={amount}
        error={error}
        flex={1}
        onChange={(event) => onChange(`${event.currentTarget.value.trim()}${unit}`)}
      />
      <Select
        label={t('filters.unit')}
        data={PERIOD_UNITS.map((u) => ({ value: u, label: t(`filters.units.${u}`) }))}
        value={unit}
        allowDeselect={false}
        comboboxProps={{ keepMounted: false }}
        w="8rem"
        onChange={(next) => onChange(`${amount}${(next as PeriodUnit | null) ?? 'd'}`)}
      />
    </Group>
  );
}
