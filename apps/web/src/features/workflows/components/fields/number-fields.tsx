import { DEFAULT_RATING_MAX, MAX_RATING } from '@attest/shared';
import { NumberInput, Rating, Slider } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ControlProps, inputChrome } from './control-props';
import { FieldWrapper, labelIdOf } from './field-wrapper';
import { useDraft } from './use-draft';

type NumberText = number | string;

export const asNumberText = (value: unknown): NumberText =>
  typeof value === 'number' || typeof value === 'string' ? value : '';

// NumberInput hands over a string while the number is incomplete ('1.', '-'): saved as typed, so
// the engine answers with its message rather than the input guessing.
export const numberAnswer = (value: NumberText): number | string | null =>
  value === '' ? null : typeof value === 'number' ? value : value.trim() === '' ? null : value;

// decimal and integer. Out-of-range values are kept, not clamped, so the
// user sees the range message instead of a silently changed number.
export function NumberField(props: ControlProps) {
  const { field, onChange, onCommit } = props;
  const { draft, edit, takeDirty } = useDraft(props.value, asNumberText, onChange);
  const wholeNumber = field.type !== 'decimal';
  return (
    <NumberInput
      {...inputChrome(props.chrome)}
      placeholder={props.readOnly ? undefined : field.placeholder}
      value={draft}
      min={field.validation?.min}
      max={field.validation?.max}
      step={field.validation?.step}
      clampBehavior="none"
      allowDecimal={!wholeNumber}
      decimalScale={wholeNumber ? undefined : field.validation?.decimal_places}
      onChange={(next) => {
        edit(next, numberAnswer(next));
      }}
      onBlur={() => {
        if (takeDirty()) onCommit(numberAnswer(draft));
      }}
    />
  );
}

export function SliderField(props: ControlProps) {
  const { field, onChange, onCommit } = props;
  const min = field.validation?.min ?? 0;
  const max = field.validation?.max ?? 100;
  const current = typeof props.value === 'number' ? props.value : min;
  return (
    <FieldWrapper chrome={props.chrome}>
      <Slider
        mt="xs"
        mb="md"
        min={min}
        max={max}
        step={field.validation?.step ?? 1}
        value={current}
        disabled={props.readOnly}
        thumbProps={{ 'aria-labelledby': labelIdOf(props.chrome) }}
        marks={[
          { value: min, label: String(min) },
          { value: max, label: String(max) },
        ]}
        onChange={onChange}
        onChangeEnd={onCommit}
      />
    </FieldWrapper>
  );
}

const BARE_FIELDSET = { border: 0, padding: 0, margin: 0, minWidth: 0 };

export function RatingField(props: ControlProps) {
  const { t } = useTranslation();
  const max = Math.min(props.field.validation?.max ?? DEFAULT_RATING_MAX, MAX_RATING);
  return (
    <FieldWrapper chrome={props.chrome}>
      <fieldset style={BARE_FIELDSET} aria-labelledby={labelIdOf(props.chrome)}>
        <Rating
          count={max}
          value={typeof props.value === 'number' ? props.value : 0}
          readOnly={props.readOnly}
          getSymbolLabel={(value) => t('fields.ratingValue', { value, max })}
          onChange={(next) => {
            props.onChange(next);
            props.onCommit(next);
          }}
        />
      </fieldset>
    </FieldWrapper>
  );
}
