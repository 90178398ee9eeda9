import { type ApiToken, type ApiTokenStatus, PERMISSIONS } from '@attest/shared';
import { Badge, Button, Group, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { TableOverview } from '../../../components/table-overview';
import { TimeAgo } from '../../../components/time-ago';
import { isolate } from '../../../components/user-text';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { confirmAction } from '../../../lib/notifications/confirm';
import { toast } from '../../../lib/notifications/toast';
import { useApiTokens, useRevokeApiToken } from '../api/api-tokens';
import type { AdminCan } from '../lib/admin-can';
import { errorText } from '../lib/error-text';
import { ApiTokenCreateModal } from './api-token-create-modal';
import { TableRowsState } from './table-rows-state';

const STATUS_COLOR: Record<ApiTokenStatus, string> = { active: 'green', expired: 'gray', revoked: 'red' };
const SHOWN_SCOPES = 2;

// Settings > API tokens (issue 19): tokens other systems call the API with, as their creator and
// within the scopes chosen. docs/administration.md "API tokens".
export function ApiTokensPage({ can }: { can: AdminCan }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const tokens = useApiTokens({ page });
  const revoke = useRevokeApiToken();
  const rows = tokens.data?.results ?? [];

  const confirmRevoke = (token: ApiToken) =>
    confirmAction({
      title: 'admin.tokens.revokeTitle',
      body: 'admin.tokens.revokeBody',
      confirm: 'admin.tokens.revoke',
      values: { name: isolate(token.name) },
      onConfirm: () =>
        revoke.mutate(token.id, {
          onSuccess: () => toast.success('admin.tokens.revoked', { values: { name: isolate(token.name) } }),
          onError: (error) => toast.error('admin.tokens.revokeFailed', { message: errorText(error, t) }),
        }),
    });

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title={t('admin.tokens.title')}
        description={t('admin.tokens.description')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('admin.tokens.create')}
          </Button>
        }
      />
      <Paper withBorder radius="lg" p="md" shadow="xs">
        <Stack gap="md">
          {/* Sideways on a narrow screen: the keyboard reaches the scrolling box too (WCAG 2.1.1). */}
          <Table.ScrollContainer
            minWidth={880}
            scrollAreaProps={{
              viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('admin.tokens.title') },
            }}
          >
            <Table verticalSpacing="sm" data-testid="api-tokens-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.tokens.name')}</Table.Th>
                  <Table.Th>{t('admin.tokens.scopes')}</Table.Th>
                  <Table.Th>{t('admin.tokens.creator')}</Table.Th>
                  <Table.Th>{t('admin.tokens.created')}</Table.Th>
                  <Table.Th>{t('admin.tokens.expires')}</Table.Th>
                  <Table.Th>{t('admin.tokens.lastUsed')}</Table.Th>
                  <Table.Th w={110}>{t('admin.users.status')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('admin.tokens.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <TableRowsState
                  loading={tokens.isPending}
                  empty={rows.length === 0}
                  columns={8}
                  emptyText={tokens.isError ? t('admin.tokens.loadFailed') : t('admin.tokens.empty')}
                />
                {rows.map((token) => (
                  <Table.Tr key={token.id}>
                    <Table.Td>
                      <Stack gap={0}>
                        <Text fz="sm" fw={500}>
                          {token.name}
                        </Text>
                        <Text fz="xs" c="dimmed" ff="monospace" dir="ltr">
                          {token.prefix}…
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <ScopeBadges scopes={token.scopes} />
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{token.creator?.name || token.creator?.email || '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                        {dates.date(token.created_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                        {dates.date(token.expires_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {token.last_used_at ? (
                        <TimeAgo value={token.last_used_at} />
                      ) : (
                        <Text fz="xs" c="dimmed">
                          {t('admin.tokens.neverUsed')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Badge
                        size="sm"
                        variant="light"
                        tt="none"
                        miw="fit-content"
                        color={STATUS_COLOR[token.status]}
                      >
                        {t(`admin.tokens.status.${token.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {token.status === 'active' && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          onClick={() => confirmRevoke(token)}
                          aria-label={t('admin.tokens.revokeNamed', { name: token.name })}
                        >
                          {t('admin.tokens.revoke')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TableOverview total={tokens.data?.count} page={page} onPage={setPage} />
        </Stack>
      </Paper>
      <ApiTokenCreateModal opened={creating} onClose={() => setCreating(false)} can={can} />
    </Stack>
  );
}

// The first scopes by name, the rest counted, all of them on hover.
function ScopeBadges({ scopes }: { scopes: ApiToken['scopes'] }) {
  const names = scopes.map((s) => PERMISSIONS[s]);
  const rest = names.length - SHOWN_SCOPES;
  return (
    <Tooltip label={names.join(', ')} multiline maw={360} disabled={rest <= 0}>
      <Group gap={4} wrap="wrap" tabIndex={rest > 0 ? 0 : undefined}>
        {names.slice(0, SHOWN_SCOPES).map((name) => (
          <Badge key={name} size="sm" variant="default" tt="none" fw={500}>
            {name}
          </Badge>
        ))}
        {rest > 0 && (
          <Badge size="sm" variant="light" tt="none">
            +{rest}
          </Badge>
        )}
      </Group>
    </Tooltip>
  );
}
