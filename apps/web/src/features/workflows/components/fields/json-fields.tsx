import { JsonInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ControlProps, inputChrome } from './control-props';
import { useDraft } from './use-draft';

const asJsonText = (value: unknown): string =>
  value === undefined || value === null
    ? ''
    : typeof value === 'string'
      ? value
      : JSON.stringify(value, null, 2);

// Valid JSON is saved as the value it describes; anything else is saved as typed, so the engine
// answers with its own message ('Enter valid JSON.').
function jsonAnswer(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// json, dynamic_group_json (a list of objects) and array (a list of values).
export function JsonField(props: ControlProps) {
  const { t } = useTranslation();
  const { draft, edit, takeDirty } = useDraft(props.value, asJsonText, props.onChange);
  const placeholder = props.field.type === 'json' ? '{ }' : '[ ]';
  return (
    <JsonInput
      {...inputChrome(props.chrome)}
      placeholder={props.readOnly ? undefined : (props.field.placeholder ?? placeholder)}
      validationError={t('answerErrors.invalid_json')}
      formatOnBlur
      autosize
      minRows={4}
      maxRows={16}
      value={draft}
      onChange={(text) => {
        edit(text, jsonAnswer(text));
      }}
      onBlur={(event) => {
        if (takeDirty()) props.onCommit(jsonAnswer(event.currentTarget.value));
      }}
    />
  );
}
