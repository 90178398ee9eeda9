import { DASHBOARD_PATHS } from '@attest/shared';
import { ActionIcon, Alert, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

// The new token's secret, shown this once: the server keeps only its hash, so it cannot be shown again.
export function ApiTokenSecret({ token }: { token: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={t('admin.tokens.onceTitle')}
      >
        {t('admin.tokens.onceBody')}
      </Alert>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code
          block
          dir="ltr"
          data-testid="api-token-secret"
          style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap', fontSize: 13 }}
        >
          {token}
        </Code>
        <CopyButton value={token}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('account.copied') : t('account.copy')}>
              <ActionIcon
                variant="light"
                size="lg"
                color={copied ? 'teal' : undefined}
                onClick={copy}
                aria-label={t('admin.tokens.copy')}
              >
                {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      {/* The workflow list: where most integrations start. */}
      <Text fz="xs" c="dimmed">
        {t('admin.tokens.usage')}
      </Text>
      <Code block dir="ltr" fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {`curl -H "Authorization: Bearer ${token.slice(0, 20)}…" ${window.location.origin}${DASHBOARD_PATHS.workflows}`}
      </Code>
    </Stack>
  );
}
