import { Button, Group, Text } from '@mantine/core';
import { IconEyeCheck, IconLogout2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/user-text';
import { IMPERSONATION_BANNER_HEIGHT_PX } from '../lib/header-layout';

export type ImpersonationBannerProps = {
  impersonatorName: string;
  userName: string;
  onStop: () => void;
  stopping: boolean;
};

// Spec 1 section 4: impossible to miss while an administrator acts as someone else.
export function ImpersonationBanner({
  impersonatorName,
  userName,
  onStop,
  stopping,
}: ImpersonationBannerProps) {
  const { t } = useTranslation();
  return (
    <Group
      h={IMPERSONATION_BANNER_HEIGHT_PX}
      px="lg"
      gap="md"
      justify="center"
      wrap="nowrap"
      bg="var(--mantine-color-grape-8)"
      c="white"
      role="alert"
      data-testid="impersonation-banner"
    >
      <IconEyeCheck size={18} stroke={1.8} aria-hidden />
      <Text fz="sm" fw={600} truncate="end">
        {t('impersonation.banner', { name: isolate(userName) })}
      </Text>
      <Text fz="xs" c="grape.1" visibleFrom="md" truncate="end">
        {t('impersonation.bannerDetail', { impersonator: isolate(impersonatorName) })}
      </Text>
      <Button
        size="compact-sm"
        variant="white"
        color="grape"
        leftSection={<IconLogout2 size={14} />}
        onClick={onStop}
        loading={stopping}
      >
        {t('impersonation.stop')}
      </Button>
    </Group>
  );
}
