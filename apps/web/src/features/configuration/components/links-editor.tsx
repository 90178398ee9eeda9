import { type HeaderLink, MAX_HEADER_LINKS } from '@attest/shared';
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type LinksEditorProps = {
  links: HeaderLink[];
  onChange: (links: HeaderLink[]) => void;
  // Translation keys by 'header_links.<i>.label|url', as the draft check names them.
  errorOf: (field: string) => string | undefined;
};

// The header's links: a label and an address each, at most MAX_HEADER_LINKS. A link's translated
// labels (issue 14) are kept as they are while its label or address is edited.
export function LinksEditor({ links, onChange, errorOf }: LinksEditorProps) {
  const { t } = useTranslation();
  const edit = (index: number, change: Partial<HeaderLink>) =>
    onChange(links.map((link, i) => (i === index ? { ...link, ...change } : link)));

  return (
    <Stack gap="xs">
      {links.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t('admin.branding.links.empty')}
        </Text>
      )}
      {links.map((link, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own while typed.
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label={t('admin.branding.links.label', { number: index + 1 })}
            value={link.label}
            maxLength={60}
            onChange={(e) => edit(index, { label: e.currentTarget.value })}
            error={errorOf(`header_links.${index}.label`)}
            style={{ flex: '1 1 40%' }}
          />
          <TextInput
            label={t('admin.branding.links.url', { number: index + 1 })}
            value={link.url}
            placeholder="https://"
            dir="ltr"
            maxLength={2048}
            onChange={(e) => edit(index, { url: e.currentTarget.value })}
            error={errorOf(`header_links.${index}.url`)}
            style={{ flex: '1 1 60%' }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mt={25}
            aria-label={t('admin.branding.links.remove', { number: index + 1 })}
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
          {t('admin.branding.links.add')}
        </Button>
      </Group>
    </Stack>
  );
}
