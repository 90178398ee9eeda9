import { Group, NumberInput, Select, Text, Tooltip } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isRecord } from '../../lib/is-record';
import { type ControlProps, describedBy, LIST_WHEN_OPEN } from './control-props';
import { FieldWrapper } from './field-wrapper';
import { asNumberText, numberAnswer } from './number-fields';
import { useDraft } from './use-draft';

// When the definition names no currencies: the ones third-party-risk teams meet most.
const COMMON_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CHF',
  'JPY',
  'CNY',
  'CAD',
  'AUD',
  'INR',
  'SGD',
  'HKD',
  'SEK',
  'NOK',
  'DKK',
  'BRL',
  'MXN',
  'ZAR',
  'AED',
  'SAR',
];

type Money = { amount: number | string; currency: string | null };

function toMoney(value: unknown, fallback: string | null): Money {
  if (!isRecord(value)) return { amount: '', currency: fallback };
  const currency = typeof value.currency === 'string' ? value.currency : fallback;
  return { amount: asNumberText(value.amount), currency };
}

function moneyAnswer(money: Money) {
  const amount = numberAnswer(money.amount);
  return amount === null ? null : { amount, currency: money.currency ?? '' };
}

// An amount and its ISO 4217 currency, stored as {amount, currency}.
export function CurrencyField(props: ControlProps) {
  const { t, i18n } = useTranslation();
  const allowed = props.field.validation?.currencies ?? COMMON_CURRENCIES;
  const fallback = allowed.length === 1 ? (allowed[0] ?? null) : null;
  const { draft, edit, takeDirty } = useDraft(
    props.value,
    (value) => toMoney(value, fallback),
    props.onChange,
  );
  const names = useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'currency' }), [i18n.language]);
  const nameOf = (code: string) => names.of(code) ?? code;
  // The box shows the code in full ('USD'); its name is in the list, the tooltip and for screen readers.
  const chosenName = draft.currency ? nameOf(draft.currency) : undefined;
  const update = (next: Money, commit: boolean) => {
    edit(next, moneyAnswer(next));
    if (commit && takeDirty()) props.onCommit(moneyAnswer(next));
  };
  const invalid = Boolean(props.chrome.error);
  return (
    <FieldWrapper chrome={props.chrome} labelFor>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <NumberInput
          id={props.chrome.id}
          flex={1}
          value={draft.amount}
          readOnly={props.readOnly}
          required={props.chrome.required}
          error={invalid}
          aria-describedby={describedBy(props.chrome)}
          clampBehavior="none"
          decimalScale={props.field.validation?.decimal_places ?? 2}
          onChange={(amount) => update({ ...draft, amount }, false)}
          onBlur={() => {
            if (takeDirty()) props.onCommit(moneyAnswer(draft));
          }}
        />
        <Tooltip label={chosenName} disabled={!chosenName} withArrow openDelay={300}>
          <Select
            w={104}
            aria-label={t('fields.currency')}
            readOnly={props.readOnly}
            error={invalid}
            data={allowed.map((code) => ({ value: code, label: code }))}
            searchable
            value={draft.currency}
            comboboxProps={{ ...LIST_WHEN_OPEN, width: 260, position: 'bottom-end' }}
            filter={({ options, search }) => {
              const needle = search.trim().toLocaleLowerCase(i18n.language);
              return options.filter(
                (option) =>
                  'value' in option &&
                  `${option.value} ${nameOf(option.value)}`.toLocaleLowerCase(i18n.language).includes(needle),
              );
            }}
            renderOption={({ option }) => (
              <Text fz="sm" span>
                <Text span fw={600} fz="sm">
                  {option.value}
                </Text>{' '}
                · {nameOf(option.value)}
              </Text>
            )}
            onChange={(currency) => update({ ...draft, currency }, true)}
          />
        </Tooltip>
      </Group>
    </FieldWrapper>
  );
}
