import { Anchor, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconExternalLink, IconPresentationAnalytics } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

// Spec 2 §2.1 /reports/tableau: a wrapper page for the embedded reports product the tenant
// configured (report_embed_url); without one, an explanation.
export function TableauPage({ embedUrl }: { embedUrl: string | null }) {
  const { t } = useTranslation();
  if (!embedUrl) {
    return (
      <Paper withBorder radius="lg" p="xl" maw={560} mx="auto" mt="xl">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon variant="light" size={56} radius="xl">
            <IconPresentationAnalytics size={30} stroke={1.5} />
          </ThemeIcon>
          <Title order={2} fz={20}>
            {t('reports.tableau.notConfiguredTitle')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('reports.tableau.notConfigured')}
          </Text>
        </Stack>
      </Paper>
    );
  }
  // A product that refuses to be framed shows an empty frame: the link opens it on its own.
  return (
    <Stack gap="xs" h="calc(100dvh - 120px)" mih={500}>
      <Group justify="flex-end">
        <Anchor href={embedUrl} target="_blank" rel="noopener noreferrer" fz="sm">
          <Group gap={4}>
            {t('reports.tableau.openInNewTab')}
            <IconExternalLink size={14} />
          </Group>
        </Anchor>
      </Group>
      <iframe
        title={t('reports.tableau.title')}
        src={embedUrl}
        style={{ border: 0, width: '100%', flex: 1, borderRadius: 12, background: 'white' }}
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
      />
    </Stack>
  );
}
