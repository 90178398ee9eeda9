import { type HeaderLink, MAX_HEADER_LINKS } from '@attest/shared';
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type LinksEditorProps = {
  // Which list: its errors are named '<field>.<i>.label|url', as the draft check and the server name them.
  field: 'header_links' | 'support_links';
  links: HeaderLink[];
  onChange: (links: HeaderLink[]) => void;
  errorOf: (field: string) => string | undefined;
};

// Each list's own texts, so the two editors on one page never share an accessible name.
const TEXTS = { header_links: 'admin.branding.links', support_links: 'admin.branding.supportLinkRows' };

// The header's links and the user menu's support links: a label and an address each, at most
// MAX_HEADER_LINKS. A link's translated labels (issue 14) are kept while its label or address is edited.
export function LinksEditor({ field, links, onChange, errorOf }: LinksEditorProps) {
  const { t } = useTranslation();
  const texts = TEXTS[field];
  const edit = (index: number, change: Partial<HeaderLink>) =>
    onChange(links.map((link, i) => (i === index ? { ...link, ...change } : link)));

  return (
    <Stack gap="xs">
      {links.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t(`${texts}.empty`)}
        </Text>
      )}
      {links.map((link, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own while typed.
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label={t(`${texts}.label`, { number: index + 1 })}
            value={link.label}
            maxLength={60}
            onChange={(e) => edit(index, { label: e.currentTarget.value })}
            error={errorOf(`${field}.${index}.label`)}
            style={{ flex: '1 1 40%' }}
          />
          <TextInput
            label={t(`${texts}.url`, { number: index + 1 })}
            value={link.url}
            placeholder="https://"
            dir="ltr"
            maxLength={2048}
            onChange={(e) => edit(index, { url: e.currentTarget.value })}
            error={errorOf(`${field}.${index}.url`)}
            style={{ flex: '1 1 60%' }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mt={25}
            aria-label={t(`${texts}.remove`, { number: index + 1 })}
            onClick={() => onChange(links.filter((_, i) => i !== index))}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={links.length >= MAX_HEADER_LINKS}
          onClick={() => onChange([...links, { label: '', url: '' }])}
        >
          {t(`${texts}.add`)}
        </Button>
      </Group>
    </Stack>
  );
}
