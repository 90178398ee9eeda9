import type { Report, ReportSubscription } from '@attest/shared';
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableOverview } from '../../../components/table-overview';
import { isolate } from '../../../components/user-text';
import { REPORT_SUBSCRIPTIONS_PAGE_SIZE, useReportSubscriptions } from '../api/report-subscriptions';
import { reportErrorText } from '../lib/error-text';
import { ReportSubscriptionForm } from './report-subscription-form';
import { ReportSubscriptionList } from './report-subscription-list';

type Translate = (key: string, options?: Record<string, unknown>) => string;

// Through the modals manager, so a menu item (whose dropdown closes and unmounts) can open it too.
export function openReportSubscriptions(report: Pick<Report, 'id' | 'name'>, t: Translate): void {
  modals.open({
    modalId: `report-subscriptions-${report.id}`,
    title: t('reports.subscription.title', { name: isolate(report.name) }),
    size: 'xl',
    radius: 'md',
    children: <ReportSubscriptionsPanel reportId={report.id} />,
  });
}

// Editing: null is a new subscription.
type View = { kind: 'list' } | { kind: 'form'; subscription: ReportSubscription | null };

// Spec 2 §9.4 subscribe by e-mail: the report's subscriptions the reader may see, and the form to
// add or change one. With none yet, the form shows at once.
export function ReportSubscriptionsPanel({ reportId }: { reportId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [view, setView] = useState<View | null>(null);
  const list = useReportSubscriptions(reportId, page);

  if (list.error) {
    return (
      <Alert color="red" variant="light">
        {reportErrorText(list.error, t)}
      </Alert>
    );
  }
  if (!list.data) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={t('reports.view.loading')} />
      </Center>
    );
  }
  const current: View =
    view ?? (list.data.count === 0 ? { kind: 'form', subscription: null } : { kind: 'list' });

  if (current.kind === 'form') {
    return (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('reports.subscription.intro')}
        </Text>
        <Title order={4}>
          {current.subscription ? t('reports.subscription.editTitle') : t('reports.subscription.newTitle')}
        </Title>
        <ReportSubscriptionForm
          key={current.subscription?.id ?? 'new'}
          reportId={reportId}
          subscription={current.subscription}
          onDone={() => setView({ kind: 'list' })}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm" c="dimmed">
          {t('reports.subscription.intro')}
        </Text>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setView({ kind: 'form', subscription: null })}
          style={{ flexShrink: 0 }}
        >
          {t('reports.subscription.new')}
        </Button>
      </Group>
      {list.data.count === 0 ? (
        <Text size="sm">{t('reports.subscription.empty')}</Text>
      ) : (
        <ReportSubscriptionList
          reportId={reportId}
          subscriptions={list.data.results}
          onEdit={(subscription) => setView({ kind: 'form', subscription })}
        />
      )}
      {list.data.count > 0 && (
        <TableOverview
          total={list.data.count}
          page={page}
          onPage={setPage}
          pageSize={REPORT_SUBSCRIPTIONS_PAGE_SIZE}
          hideSinglePage
        />
      )}
    </Stack>
  );
}
