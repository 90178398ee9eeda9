import type { SsoProvider } from '@attest/shared';
import {
  ActionIcon,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clickableRow } from '../../../components/clickable-row';
import { useAdminSsoProviders } from '../api/sso-providers';
import { AdminPageHeader } from './admin-page-header';
import { SsoProviderModal } from './sso-provider-modal';
import { TableRowsState } from './table-rows-state';

// OpenID Connect identity providers: each shows as a button on the sign-in page.
export function SsoProvidersPage() {
  const { t } = useTranslation();
  const providers = useAdminSsoProviders();
  const [editing, setEditing] = useState<SsoProvider | 'new' | null>(null);
  const rows = providers.data ?? [];
  return (
    <Stack gap="lg">
      <AdminPageHeader
        title={t('admin.sso.title')}
        description={t('admin.sso.description')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('admin.sso.add')}
          </Button>
        }
      />
      <Paper withBorder radius="lg" p="md" shadow="xs">
        <Table.ScrollContainer minWidth={760}>
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.sso.provider')}</Table.Th>
                <Table.Th>{t('admin.sso.domains')}</Table.Th>
                <Table.Th>{t('admin.sso.redirectUri')}</Table.Th>
                <Table.Th>{t('admin.users.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <TableRowsState
                loading={providers.isPending}
                empty={rows.length === 0}
                columns={4}
                emptyText={t('admin.sso.empty')}
              />
              {rows.map((provider) => (
                <Table.Tr key={provider.id} {...clickableRow(() => setEditing(provider))}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <IconKey size={18} stroke={1.5} color="var(--mantine-color-gray-6)" />
                      <Stack gap={0}>
                        <Text fz="sm" fw={500}>
                          {provider.display_name}
                        </Text>
                        <Text fz="xs" c="dimmed" dir="ltr">
                          /login/{provider.slug}
                        </Text>
                      </Stack>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {provider.allowed_email_domains.map((domain) => (
                        <Badge key={domain} size="sm" variant="default" tt="none" fw={500}>
                          {domain}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td onClick={(event) => event.stopPropagation()}>
                    <Group gap={4} wrap="nowrap">
                      <Text fz="xs" ff="monospace" truncate="end" maw={260} dir="ltr">
                        {provider.redirect_uri}
                      </Text>
                      <CopyButton value={provider.redirect_uri}>
                        {({ copied, copy }) => (
                          <Tooltip label={copied ? t('account.copied') : t('account.copy')}>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              onClick={copy}
                              aria-label={t('account.copy')}
                            >
                              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </CopyButton>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={provider.enabled ? 'green' : 'gray'}>
                      {provider.enabled ? t('admin.sso.enabled') : t('admin.sso.disabled')}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <SsoProviderModal provider={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
