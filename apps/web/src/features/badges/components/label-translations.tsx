import { BADGE_LABEL_MAX_LENGTH } from '@attest/shared';
import { Button, Collapse, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

// A language the tenant offers, by its own name ('Deutsch').
export type LabelLanguage = { code: string; label: string };

type Props = {
  languages: readonly LabelLanguage[];
  // The default label: what a language without its own label shows.
  fallback: string;
  value: Readonly<Record<string, string>>;
  onChange: (value: Record<string, string>) => void;
};

// The badge's label per offered language (label_translations; issue 14's localized texts): folded
// under a toggle that says how many are filled, each box typed in its own language and direction.
export function LabelTranslations({ languages, fallback, value, onChange }: Props) {
  const { t } = useTranslation();
  const filled = languages.filter((l) => (value[l.code] ?? '').trim() !== '').length;
  const [opened, setOpened] = useState(filled > 0);
  const panelId = useId();
  if (languages.length === 0) return null;
  return (
    <Stack gap="xs">
      <Button
        variant="subtle"
        size="compact-sm"
        justify="flex-start"
        w="fit-content"
        leftSection={<IconLanguage size={16} aria-hidden />}
        rightSection={
          <IconChevronDown
            size={14}
            aria-hidden
            style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        }
        aria-expanded={opened}
        aria-controls={panelId}
        onClick={() => setOpened((o) => !o)}
      >
        {t('badges.form.translations', { filled, total: languages.length })}
      </Button>
      <Collapse expanded={opened} id={panelId}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          {languages.map((language) => (
            <TextInput
              key={language.code}
              label={language.label}
              lang={language.code}
              dir="auto"
              maxLength={BADGE_LABEL_MAX_LENGTH}
              placeholder={fallback}
              value={value[language.code] ?? ''}
              onChange={(e) => onChange({ ...value, [language.code]: e.currentTarget.value })}
            />
          ))}
        </SimpleGrid>
      </Collapse>
    </Stack>
  );
}
