import { Box, Group, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../../lib/format/date-time';
import { type ControlProps, describedBy, inputChrome, LIST_WHEN_OPEN } from './control-props';
import { FieldWrapper } from './field-wrapper';
import { useDraft } from './use-draft';

// date answers are stored as UTC instants, naive_date as days; both are picked as a day, which the
// engine reads as midnight UTC, so the stored day shows back unchanged.
export const asDay = (value: unknown): string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '';

// The browser draws a date input in its own locale (12/21/2026 in an American Chromium), whatever
// the person's language: the picked day is also written beside it the person's way (issue 14).
export function DateField(props: ControlProps) {
  const { i18n } = useTranslation();
  const { draft, edit, takeDirty } = useDraft(props.value, asDay, props.onChange);
  const answer = (day: string) => (day === '' ? null : day);
  const echo = draft !== '' && !props.chrome.hideLabel ? formatDay(draft, i18n.language) : null;
  return (
    <TextInput
      {...inputChrome(props.chrome)}
      type="date"
      inputContainer={(input) =>
        echo ? (
          <Group gap="sm" wrap="nowrap">
            <Box flex={1}>{input}</Box>
            <Text fz="sm" c="dimmed" data-day-in-language style={{ whiteSpace: 'nowrap' }}>
              {echo}
            </Text>
          </Group>
        ) : (
          input
        )
      }
      value={draft}
      min={props.field.validation?.min_date}
      max={props.field.validation?.max_date}
      onChange={(event) => {
        edit(event.currentTarget.value, answer(event.currentTarget.value));
      }}
      onBlur={(event) => {
        if (takeDirty()) props.onCommit(answer(event.currentTarget.value));
      }}
    />
  );
}

const UNITS = ['m', 'h', 'd', 'w', 'M'] as const;
type Period = { amount: number | string; unit: string };

function toPeriod(value: unknown): Period {
  const match = typeof value === 'string' ? /^(-?\d+)([mhdwM])$/.exec(value.trim()) : null;
  return match ? { amount: Number(match[1]), unit: match[2] ?? 'd' } : { amount: '', unit: 'd' };
}

const periodAnswer = ({ amount, unit }: Period) =>
  amount === '' || amount === '-' ? null : `${amount}${unit}`;

// Spec 1 §5 period: a number and one unit letter, stored as '30d'.
export function RelativeDateField(props: ControlProps) {
  const { t } = useTranslation();
  const { draft, edit, takeDirty } = useDraft(props.value, toPeriod, props.onChange);
  const update = (next: Period, commit: boolean) => {
    edit(next, periodAnswer(next));
    if (commit && takeDirty()) props.onCommit(periodAnswer(next));
  };
  return (
    <FieldWrapper chrome={props.chrome} labelFor>
      <Group gap="xs" wrap="nowrap">
        <NumberInput
          id={props.chrome.id}
          flex={1}
          allowDecimal={false}
          value={draft.amount}
          readOnly={props.readOnly}
          required={props.chrome.required}
          error={Boolean(props.chrome.error)}
          aria-describedby={describedBy(props.chrome)}
          onChange={(amount) => update({ ...draft, amount }, false)}
          onBlur={() => {
            if (takeDirty()) props.onCommit(periodAnswer(draft));
          }}
        />
        <Select
          comboboxProps={LIST_WHEN_OPEN}
          w={140}
          aria-label={t('fields.periodUnit')}
          readOnly={props.readOnly}
          allowDeselect={false}
          data={UNITS.map((unit) => ({ value: unit, label: t(`fields.units.${unit}`) }))}
          value={draft.unit}
          onChange={(unit) => update({ ...draft, unit: unit ?? 'd' }, true)}
        />
      </Group>
    </FieldWrapper>
  );
}
