import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LanguageOption } from '../../../lib/i18n/language-options';

export type LanguagePickerProps = {
  languages: readonly LanguageOption[];
  current: string;
  onChange: (code: string) => void;
};

// Only worth showing when there is a choice to make.
export function LanguagePicker({ languages, current, onChange }: LanguagePickerProps) {
  const { t } = useTranslation();
  if (languages.length < 2) return null;
  const currentLabel = languages.find((l) => l.code === current)?.label ?? current;
  return (
    <Menu position="top-end" shadow="md" radius="md" width={220}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconWorld size={16} stroke={1.5} />}
          rightSection={<IconChevronDown size={14} stroke={1.5} />}
          aria-label={t('language.choose')}
        >
          {currentLabel}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah="33vh" style={{ overflowY: 'auto' }}>
        {languages.map((language) => (
          <Menu.Item
            key={language.code}
            lang={language.code}
            onClick={() => onChange(language.code)}
            rightSection={language.code === current ? <IconCheck size={14} /> : null}
          >
            {language.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
