import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SubscriptionsList } from './subscriptions-list';

// /mysubscriptions/ (spec 1 §2).
export function MySubscriptionsPage() {
  const { t } = useTranslation();
  return (
    <Stack maw={880} mx="auto" gap="md">
      <Title order={1} fz="h2">
        {t('subscriptions.title')}
      </Title>
      <Paper withBorder radius="md" p="md">
        <SubscriptionsList />
      </Paper>
    </Stack>
  );
}
