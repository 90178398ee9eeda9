import { BARE_HTTPS_PREFIX } from '@attest/shared';
import { Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ControlProps, inputChrome } from './control-props';
import { asText, textAnswer, useDraft } from './use-draft';

const INPUT_KIND = {
  char_field: { type: 'text', autoComplete: 'off', inputMode: undefined },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  url: { type: 'url', autoComplete: 'url', inputMode: 'url' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
} as const;

function Counter({ length, max }: { length: number; max: number }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" c={length > max ? 'red' : 'dimmed'} ta="end">
      {t('fields.counter', { length, max })}
    </Text>
  );
}

function useTextControl({ value, onChange, onCommit }: ControlProps) {
  const { draft, edit, set, takeDirty } = useDraft(value, asText, onChange);
  return {
    draft,
    // A prefilled value is not an edit: leaving the field untouched saves nothing.
    prefill: set,
    change: (text: string) => {
      edit(text, textAnswer(text));
    },
    blur: (text: string) => {
      if (takeDirty()) onCommit(textAnswer(text));
    },
  };
}

// char_field, email, url and phone: one line, with the browser's own keyboard and autofill hints.
export function LineField(props: ControlProps & { kind: keyof typeof INPUT_KIND }) {
  const { t } = useTranslation();
  const { draft, change, blur, prefill } = useTextControl(props);
  const kind = INPUT_KIND[props.kind];
  const max = props.kind === 'char_field' ? props.field.validation?.max_length : undefined;
  const isUrl = props.kind === 'url';
  const placeholder =
    props.field.placeholder ??
    (props.kind === 'phone' ? t('fields.phonePlaceholder') : isUrl ? BARE_HTTPS_PREFIX : undefined);
  return (
    <Stack gap={4}>
      <TextInput
        {...inputChrome(props.chrome)}
        type={kind.type}
        autoComplete={kind.autoComplete}
        inputMode={kind.inputMode}
        // Addresses and numbers read left to right in every language.
        dir={props.kind === 'char_field' ? undefined : 'ltr'}
        placeholder={props.readOnly ? undefined : placeholder}
        value={draft}
        onChange={(event) => change(event.currentTarget.value)}
        // Spec 1 §5: a URL input starts from the bare https:// prefix, which counts as no answer.
        onFocus={() => {
          if (isUrl && draft === '' && !props.readOnly) prefill(BARE_HTTPS_PREFIX);
        }}
        onBlur={(event) => {
          const text = event.currentTarget.value;
          blur(isUrl && text === BARE_HTTPS_PREFIX ? '' : text);
        }}
      />
      {max !== undefined && !props.readOnly ? <Counter length={draft.trim().length} max={max} /> : null}
    </Stack>
  );
}

export function LongTextField(props: ControlProps) {
  const { draft, change, blur } = useTextControl(props);
  const max = props.field.validation?.max_length;
  return (
    <Stack gap={4}>
      <Textarea
        {...inputChrome(props.chrome)}
        placeholder={props.readOnly ? undefined : props.field.placeholder}
        autosize
        minRows={3}
        maxRows={12}
        value={draft}
        onChange={(event) => change(event.currentTarget.value)}
        onBlur={(event) => blur(event.currentTarget.value)}
      />
      {max !== undefined && !props.readOnly ? <Counter length={draft.trim().length} max={max} /> : null}
    </Stack>
  );
}
