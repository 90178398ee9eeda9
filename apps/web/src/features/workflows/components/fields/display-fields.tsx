import { BARE_HTTPS_PREFIX, isValidUrl } from '@attest/shared';
import { Alert, Anchor, Card, Divider, Space, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconFileTypePdf, IconInfoCircle, IconSchool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from './control-props';

function Content({ text }: { text: string | undefined }) {
  return text ? (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {text}
    </Text>
  ) : null;
}

// Something shown in the step that the platform renders elsewhere: what it is, and why not here.
function PlaceholderCard({
  icon,
  title,
  note,
  children,
}: {
  icon: ReactNode;
  title: string;
  note: string;
  children?: ReactNode;
}) {
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap={6}>
        <Text fw={600} size="sm" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          {icon}
          {title}
        </Text>
        <Text size="sm" c="dimmed">
          {note}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

// Layout and content types that take no answer (field-types.ts DISPLAY_ONLY_FIELD_TYPES).
export function DisplayField({ field, value }: ControlProps) {
  const { t } = useTranslation();
  const url =
    field.content && field.content !== BARE_HTTPS_PREFIX && isValidUrl(field.content)
      ? field.content
      : undefined;
  switch (field.type) {
    case 'paragraph':
      return (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {field.label}
          </Text>
          <Content text={field.content ?? field.help} />
        </Stack>
      );
    case 'alert':
      return (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />} title={field.label}>
          <Content text={field.content ?? field.help} />
        </Alert>
      );
    case 'break':
      return <Space h="md" aria-hidden />;
    case 'divider':
      return <Divider my="xs" />;
    case 'section_break':
      return <Divider my="sm" label={field.label} labelPosition="left" />;
    case 'wizard_section':
      return (
        <Stack gap={2}>
          <Title order={4}>{field.label}</Title>
          <Content text={field.help} />
        </Stack>
      );
    case 'iframe':
      return url ? (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {field.label}
          </Text>
          {/* Sandboxed, without same-origin rights, so the page shown cannot reach this app. */}
          <iframe
            src={url}
            title={field.label}
            sandbox="allow-scripts allow-popups allow-forms"
            referrerPolicy="no-referrer"
            loading="lazy"
            style={{
              width: '100%',
              minHeight: 360,
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 8,
            }}
          />
        </Stack>
      ) : (
        <PlaceholderCard
          icon={<IconInfoCircle size={18} />}
          title={field.label}
          note={t('fields.display.noAddress')}
        />
      );
    case 'pdf_viewer':
      return (
        <PlaceholderCard
          icon={<IconFileTypePdf size={18} />}
          title={field.label}
          note={t('fields.display.pdf')}
        >
          {url ? (
            <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
              {t('fields.display.openDocument')}
            </Anchor>
          ) : null}
        </PlaceholderCard>
      );
    case 'visualization':
      return (
        <PlaceholderCard
          icon={<IconChartBar size={18} />}
          title={field.label}
          note={t('fields.display.visualization')}
        />
      );
    case 'scorm':
      return (
        <PlaceholderCard
          icon={<IconSchool size={18} />}
          title={field.label}
          note={t('fields.display.scorm')}
        />
      );
    default:
      // 'system': written by the platform, shown as it is.
      return (
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {field.label}
          </Text>
          <Text size="sm">
            {value === undefined || value === null
              ? '—'
              : typeof value === 'string'
                ? value
                : JSON.stringify(value)}
          </Text>
        </Stack>
      );
  }
}
