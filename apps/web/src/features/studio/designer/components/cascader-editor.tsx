import type { CascaderOption } from '@attest/shared';
import { JsonInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  value: CascaderOption[] | undefined;
  readOnly: boolean;
  onChange: (value: CascaderOption[] | undefined) => void;
};

// A cascader's tree of options, edited as JSON ([{value, label, children?}]); the definition
// schema checks its shape and depth like any other change.
export function CascaderEditor({ value, readOnly, onChange }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => JSON.stringify(value ?? [], null, 2));
  const [invalid, setInvalid] = useState(false);
  return (
    <JsonInput
      label={t('studioDesigner.cascaderOptions')}
      description={t('studioDesigner.cascaderOptionsHelp')}
      value={text}
      readOnly={readOnly}
      autosize
      minRows={4}
      formatOnBlur
      error={invalid ? t('studioDesigner.invalidJson') : undefined}
      onChange={setText}
      onBlur={() => {
        try {
          const parsed = JSON.parse(text) as unknown;
          setInvalid(false);
          onChange(Array.isArray(parsed) && parsed.length > 0 ? (parsed as CascaderOption[]) : undefined);
        } catch {
          setInvalid(true);
        }
      }}
    />
  );
}
