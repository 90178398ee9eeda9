import { NativeSelect } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LanguageOption } from '../../../lib/i18n/language-options';

export type LanguagePickerProps = {
  languages: readonly LanguageOption[];
  current: string;
  onChange: (code: string) => void;
};

// Only worth showing when there is a choice to make. The browser's own select (issue 14, first load):
// the sign-in pages carry no pop-over positioning code, and it works the same with a keyboard, a
// screen reader or a phone.
export function LanguagePicker({ languages, current, onChange }: LanguagePickerProps) {
  const { t } = useTranslation();
  if (languages.length < 2) return null;
  return (
    <NativeSelect
      size="xs"
      variant="filled"
      radius="md"
      w={180}
      aria-label={t('language.choose')}
      leftSection={<IconWorld size={16} stroke={1.5} aria-hidden />}
      value={languages.some((l) => l.code === current) ? current : undefined}
      onChange={(event) => onChange(event.currentTarget.value)}
    >
      {languages.map((language) => (
        <option key={language.code} value={language.code} lang={language.code}>
          {language.label}
        </option>
      ))}
    </NativeSelect>
  );
}
