import { Anchor, Stack, Text } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../../components/status-page';
import { useRemainingTime } from '../hooks/use-remaining-time';
import { Countdown } from './countdown';

export type MaintenancePageProps = {
  message: string;
  endTime: string | null;
  // Issue 19: administrators keep working during maintenance; signed out, they sign in here.
  signInHref?: string;
};

// Spec 1 section 2: the tenant's message, with a countdown while the end time is still ahead.
export function MaintenancePage({ message, endTime, signInHref }: MaintenancePageProps) {
  const { t } = useTranslation();
  const remaining = useRemainingTime(endTime);
  const counting = remaining !== null && remaining > 0;
  return (
    <StatusPage
      color="blue"
      icon={<IconTool size={34} stroke={1.5} />}
      eyebrow={t('maintenance.eyebrow')}
      title={t('maintenance.title')}
      description={
        <span dir="auto" style={{ whiteSpace: 'pre-line' }}>
          {message}
        </span>
      }
    >
      {counting && (
        <Stack gap="xs" mt="md">
          <Text fz="sm" fw={500}>
            {t('maintenance.backIn')}
          </Text>
          <Countdown remainingMs={remaining} />
        </Stack>
      )}
      {signInHref && (
        <Text fz="sm" c="dimmed" mt="xl">
          {t('maintenance.administrators')}{' '}
          <Anchor href={signInHref} fz="sm">
            {t('maintenance.signIn')}
          </Anchor>
        </Text>
      )}
    </StatusPage>
  );
}
