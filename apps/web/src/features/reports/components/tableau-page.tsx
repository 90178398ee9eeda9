import { isSafeEmbedUrl } from '@attest/shared';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconExternalLink, IconPlugConnectedX, IconPresentationAnalytics } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmbedReachability } from '../lib/embed-reachability';

// What an embedded analytics product (Tableau, Power BI, Looker) needs inside our page: its scripts,
// its own cookies (same-origin to itself), sign-in forms and popups. Not: top navigation, downloads
// (open it in a new tab for those), modals or pointer lock.
export const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups';
// Framing our own origin with allow-same-origin would let the frame lift its own sandbox.
const OWN_ORIGIN_SANDBOX = 'allow-scripts allow-forms allow-popups';

function sandboxFor(url: string): string {
  return new URL(url).origin === window.location.origin ? OWN_ORIGIN_SANDBOX : EMBED_SANDBOX;
}

// Spec 2 §2.1 /reports/tableau: a wrapper page for the embedded reports product the tenant
// configured (report_embed_url); without one, an explanation.
export function TableauPage({ embedUrl }: { embedUrl: string | null }) {
  // The server already drops an unsafe address; this keeps the page safe on its own.
  if (!embedUrl || !isSafeEmbedUrl(embedUrl)) return <NotConfigured />;
  return <EmbeddedReports key={embedUrl} url={embedUrl} />;
}

function NotConfigured() {
  const { t } = useTranslation();
  return (
    <Notice
      icon={<IconPresentationAnalytics size={30} stroke={1.5} />}
      title={t('reports.tableau.notConfiguredTitle')}
      text={t('reports.tableau.notConfigured')}
    />
  );
}

function EmbeddedReports({ url }: { url: string }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const { state, onLoad } = useEmbedReachability(url, attempt);
  const host = new URL(url).host;
  const openLink = (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" fz="sm">
      <Group gap={4} component="span">
        {t('reports.tableau.openInNewTab')}
        <IconExternalLink size={14} />
      </Group>
    </Anchor>
  );

  if (state === 'unreachable') {
    return (
      <Notice
        icon={<IconPlugConnectedX size={30} stroke={1.5} />}
        color="orange"
        title={t('reports.tableau.unreachableTitle')}
        text={t('reports.tableau.unreachable', { host })}
        actions={
          <Group justify="center" gap="md">
            <Button variant="light" onClick={() => setAttempt((n) => n + 1)}>
              {t('reports.tableau.retry')}
            </Button>
            {openLink}
          </Group>
        }
      />
    );
  }

  return (
    <Stack gap="xs" h="calc(100dvh - 120px)" mih={500}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" c="dimmed" fz="sm" aria-live="polite">
          {state === 'checking' && (
            <>
              <Loader size="xs" />
              <Text fz="sm">{t('reports.tableau.loading', { host })}</Text>
            </>
          )}
        </Group>
        {openLink}
      </Group>
      {state === 'slow' && (
        <Alert color="yellow" variant="light" title={t('reports.tableau.slowTitle')}>
          {t('reports.tableau.slow', { host })}
        </Alert>
      )}
      <Box
        component="iframe"
        title={t('reports.tableau.title')}
        src={url}
        onLoad={onLoad}
        style={{ border: 0, width: '100%', flex: 1, borderRadius: 12, background: 'white' }}
        referrerPolicy="no-referrer"
        sandbox={sandboxFor(url)}
      />
    </Stack>
  );
}

type NoticeProps = {
  icon: ReactNode;
  title: string;
  text: string;
  color?: string;
  actions?: ReactNode;
};

function Notice({ icon, title, text, color, actions }: NoticeProps) {
  return (
    <Paper withBorder radius="lg" p="xl" maw={560} mx="auto" mt="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon variant="light" size={56} radius="xl" color={color}>
          {icon}
        </ThemeIcon>
        <Title order={2} fz={20}>
          {title}
        </Title>
        <Text c="dimmed" fz="sm">
          {text}
        </Text>
        {actions}
      </Stack>
    </Paper>
  );
}
