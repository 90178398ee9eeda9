import type { ThreadSubscription } from '@attest/shared';
import { Anchor, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconMailOff, IconMessages } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListStates } from '../../../../components/list-states';
import { TableOverview } from '../../../../components/table-overview';
import { TimeAgo } from '../../../../components/time-ago';
import { IsolatedText, isolate } from '../../../../components/user-text';
import { SUBSCRIPTIONS_PAGE_SIZE, useMySubscriptions, useUnsubscribe } from '../../api/my-subscriptions';
import { conversationPath } from '../../lib/conversation-path';

// Where the thread is: the workflow itself, a step, or a field (after its step). On screen the names
// are isolated (mark = isolate); an accessible name keeps them plain.
function placeOf(subscription: ThreadSubscription, t: TFunction, mark = (name: string) => name): string {
  const step = subscription.step
    ? t('subscriptions.where.step', { step: mark(subscription.step.name) })
    : null;
  if (subscription.content_object_type === 'field' && subscription.field) {
    const field = t('subscriptions.where.field', { field: mark(subscription.field.body) });
    return step ? `${step} · ${field}` : field;
  }
  if (subscription.content_object_type === 'step' && step) return step;
  return t('subscriptions.where.workflow');
}

type RowProps = {
  subscription: ThreadSubscription;
  onUnsubscribe: (s: ThreadSubscription) => void;
  pending: boolean;
  onNavigate?: () => void;
};

function SubscriptionRow({ subscription, onUnsubscribe, pending, onNavigate }: RowProps) {
  const { t } = useTranslation();
  const place = placeOf(subscription, t);
  return (
    <Box
      component="li"
      data-testid="subscription-row"
      py="sm"
      px="md"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="md" align="center">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Anchor
            component={Link}
            to={conversationPath(subscription)}
            onClick={onNavigate}
            fw={600}
            fz="sm"
            truncate="end"
            dir="auto"
          >
            {subscription.workflow.name}
          </Anchor>
          <Text fz="sm" c="dimmed" lineClamp={2}>
            <IsolatedText text={placeOf(subscription, t, isolate)} />
          </Text>
          <Group gap={4} wrap="wrap" style={{ whiteSpace: 'nowrap', columnGap: 'var(--mantine-spacing-md)' }}>
            <Group gap={4} wrap="nowrap">
              <IconMessages size={14} stroke={1.6} aria-hidden color="var(--mantine-color-gray-6)" />
              <Text fz="xs" c="dimmed">
                {t('subscriptions.messageCount', { count: subscription.message_count })}
              </Text>
            </Group>
            {subscription.last_message_at ? (
              <Group gap={4} wrap="nowrap">
                <Text fz="xs" c="dimmed">
                  {t('subscriptions.lastComment')}
                </Text>
                <TimeAgo value={subscription.last_message_at} />
              </Group>
            ) : (
              <Text fz="xs" c="dimmed">
                {t('subscriptions.noComments')}
              </Text>
            )}
          </Group>
        </Stack>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconMailOff size={14} />}
          onClick={() => onUnsubscribe(subscription)}
          loading={pending}
          aria-label={t('subscriptions.unsubscribeFrom', { workflow: subscription.workflow.name, place })}
        >
          {t('subscriptions.unsubscribe')}
        </Button>
      </Group>
    </Box>
  );
}

// The threads the user is subscribed to, paged on the server: shared by /mysubscriptions/ and the
// mySubscriptionsModal (spec 1 §2).
export function SubscriptionsList({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const list = useMySubscriptions(page);
  const unsubscribe = useUnsubscribe();
  const results = list.data?.results ?? [];
  // The last row of a later page gone: step back rather than show an empty page.
  if (list.data && results.length === 0 && page > 0 && !list.isPlaceholderData) setPage(page - 1);

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t('subscriptions.explanation')}
      </Text>
      <ListStates
        pending={list.isPending}
        failed={list.isError}
        empty={results.length === 0}
        loadingLabel={t('subscriptions.loading')}
        failedText={t('subscriptions.loadFailed')}
        emptyIcon={<IconMessages size={36} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />}
        emptyTitle={t('subscriptions.empty')}
        emptyDescription={t('subscriptions.emptyDescription')}
      >
        <Box component="ul" aria-label={t('subscriptions.title')} m={0} p={0} style={{ listStyle: 'none' }}>
          {results.map((subscription) => (
            <SubscriptionRow
              key={subscription.id}
              subscription={subscription}
              onUnsubscribe={(s) => unsubscribe.mutate(s)}
              pending={unsubscribe.isPending && unsubscribe.variables?.id === subscription.id}
              onNavigate={onNavigate}
            />
          ))}
        </Box>
      </ListStates>
      {list.data && list.data.count > 0 && (
        <TableOverview
          page={page + 1}
          onPage={(next) => setPage(next - 1)}
          total={list.data.count}
          pageSize={SUBSCRIPTIONS_PAGE_SIZE}
          hideSinglePage
        />
      )}
    </Stack>
  );
}
