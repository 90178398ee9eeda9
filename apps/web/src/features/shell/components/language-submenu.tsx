import { Menu, useDirection } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LanguageOption } from '../lib/shell-types';

export type LanguageSubmenuProps = {
  languages: readonly LanguageOption[];
  current: string;
  onChange: (code: string) => void;
};

export function LanguageSubmenu({ languages, current, onChange }: LanguageSubmenuProps) {
  const { t } = useTranslation();
  // The user menu sits at the inline end of the header, so the submenu opens back towards the page.
  const { dir } = useDirection();
  return (
    <Menu.Sub position={dir === 'rtl' ? 'right-start' : 'left-start'}>
      <Menu.Sub.Target>
        <Menu.Sub.Item leftSection={<IconLanguage size={16} stroke={1.5} />}>
          {t('userMenu.language')}
        </Menu.Sub.Item>
      </Menu.Sub.Target>
      <Menu.Sub.Dropdown mah="33vh" style={{ overflowY: 'auto' }}>
        {languages.map((language) => {
          const active = language.code === current;
          return (
            <Menu.Item
              key={language.code}
              lang={language.code}
              aria-current={active || undefined}
              fw={active ? 600 : undefined}
              rightSection={active ? <IconCheck size={14} /> : null}
              onClick={() => !active && onChange(language.code)}
            >
              {language.label}
            </Menu.Item>
          );
        })}
      </Menu.Sub.Dropdown>
    </Menu.Sub>
  );
}
