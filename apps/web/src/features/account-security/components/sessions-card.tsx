import { PAGE_SIZE, type SessionSummary } from '@attest/shared';
import { Badge, Button, Group, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconDevices, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableOverview } from '../../../components/table-overview';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { confirmAction } from '../../../lib/notifications/confirm';
import { toast } from '../../../lib/notifications/toast';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions';
import { actionErrorMessage } from '../lib/action-error';
import { describeUserAgent } from '../lib/user-agent';
import { ErrorNote } from './error-note';
import { SectionCard } from './section-card';

export function SessionsCard() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const sessions = useSessions(page);
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const hasOthers = (sessions.data?.count ?? 0) > 1;

  return (
    <SectionCard
      icon={<IconDevices size={22} stroke={1.5} />}
      title={t('account.sessions.title')}
      description={t('account.sessions.description')}
      aside={
        <Button
          variant="default"
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() =>
            confirmAction({
              title: 'account.sessions.revokeOthersTitle',
              body: 'account.sessions.revokeOthersBody',
              confirm: 'account.sessions.revokeOthers',
              onConfirm: () =>
                revokeOthers.mutate(undefined, {
                  onSuccess: () => toast.success('account.sessions.revokedOthers'),
                }),
            })
          }
          loading={revokeOthers.isPending}
          disabled={!hasOthers}
        >
          {t('account.sessions.revokeOthers')}
        </Button>
      }
    >
      <ErrorNote message={actionErrorMessage(revoke.error ?? revokeOthers.error ?? sessions.error, t)} />
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="sessions-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('account.sessions.device')}</Table.Th>
              <Table.Th>{t('account.sessions.ip')}</Table.Th>
              <Table.Th>{t('account.sessions.lastSeen')}</Table.Th>
              <Table.Th>{t('account.sessions.signedIn')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.isPending
              ? [0, 1, 2].map((row) => (
                  <Table.Tr key={row}>
                    <Table.Td colSpan={5}>
                      <Skeleton h={20} />
                    </Table.Td>
                  </Table.Tr>
                ))
              : sessions.data?.results.map((session) => (
                  <SessionRow
                    key={session.id}
                    session={session}
                    onRevoke={() =>
                      revoke.mutate(session.id, {
                        onSuccess: () => toast.success('account.sessions.revoked'),
                      })
                    }
                    revoking={revoke.isPending && revoke.variables === session.id}
                  />
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {sessions.data && sessions.data.count > 0 && (
        <TableOverview
          total={sessions.data.count}
          page={page}
          onPage={setPage}
          pageSize={PAGE_SIZE}
          hideSinglePage
        />
      )}
    </SectionCard>
  );
}

type SessionRowProps = { session: SessionSummary; onRevoke: () => void; revoking: boolean };

function SessionRow({ session, onRevoke, revoking }: SessionRowProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const device = describeUserAgent(session.user_agent);
  const DeviceIcon = device.mobile ? IconDeviceMobile : IconDeviceDesktop;
  return (
    <Table.Tr data-testid="session-row">
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <DeviceIcon size={20} stroke={1.5} color="var(--mantine-color-gray-6)" />
          <Stack gap={0}>
            <Group gap={6} wrap="nowrap">
              <Text fz="sm" fw={500}>
                {device.browser ?? t('account.sessions.unknownBrowser')}
              </Text>
              {session.current && (
                <Badge size="xs" color="teal" variant="light">
                  {t('account.sessions.thisDevice')}
                </Badge>
              )}
            </Group>
            <Text fz="xs" c="dimmed">
              {[device.os, t(`account.sessions.method.${methodKey(session.auth_method)}`)]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text fz="sm" ff="monospace" dir="ltr">
          {session.ip_address ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text fz="sm">{dates.dateTime(session.last_seen_at)}</Text>
      </Table.Td>
      <Table.Td>
        <Text fz="sm" c="dimmed">
          {dates.dateTime(session.created_at)}
        </Text>
      </Table.Td>
      <Table.Td ta="end">
        {session.current ? null : (
          <Tooltip label={t('account.sessions.revokeHint')}>
            <Button size="compact-sm" variant="subtle" color="red" onClick={onRevoke} loading={revoking}>
              {t('account.sessions.revoke')}
            </Button>
          </Tooltip>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

// How the session began; a method this list does not know reads as 'other'.
const METHODS = [
  'password',
  'login_code',
  'magic_link',
  'sso',
  'claim_token',
  'invitation',
  'impersonation',
] as const;

function methodKey(method: string): string {
  return (METHODS as readonly string[]).includes(method) ? method : 'other';
}
