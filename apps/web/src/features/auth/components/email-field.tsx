import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type EmailFieldProps = { value: string; onChange: (value: string) => void };

// The e-mail that starts every sign-in path (password, e-mailed code, magic link): one set of rules
// for autocomplete, the 254-character bound and focus.
export function EmailField({ value, onChange }: EmailFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('auth.email')}
      type="email"
      autoComplete="username"
      required
      maxLength={254}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data-autofocus
      autoFocus
    />
  );
}
