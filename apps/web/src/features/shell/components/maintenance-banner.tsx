import type { Configuration } from '@attest/shared';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserText } from '../../../components/user-text';
import { useDateFormat } from '../../../lib/format/use-date-format';

export type MaintenanceBannerProps = {
  maintenance: Configuration['configuration'];
  // Holds can_access_admin_settings: only administrators get past maintenance (the server's gate).
  administrator: boolean;
  // Where maintenance is turned off (Settings > Global settings).
  settingsHref: string;
};

// Issue 19: administrators are never locked out by maintenance mode (the server lets them through),
// so they must see that it is on, what everyone else reads, and where to end it.
export function MaintenanceBanner({ maintenance, administrator, settingsHref }: MaintenanceBannerProps) {
  const { t } = useTranslation();
  const format = useDateFormat();
  if (!maintenance.is_maintenance_mode_enabled || !administrator) return null;
  const message = maintenance.message_on_maintenance_page;
  const endTime = maintenance.maintenance_end_time;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconTool size={20} aria-hidden />}
      title={t('admin.maintenanceBanner.title')}
      mb="md"
      role="status"
      data-testid="maintenance-banner"
    >
      <Stack gap={4}>
        <Text fz="sm">{t('admin.maintenanceBanner.body')}</Text>
        {message && (
          // Isolated, not dir="auto": the message keeps its own order and the banner's alignment.
          <Text fz="sm" fs="italic" style={{ whiteSpace: 'pre-line' }}>
            <UserText>{message}</UserText>
          </Text>
        )}
        {endTime && (
          <Text fz="sm">{t('admin.maintenanceBanner.until', { time: format.fullDateTime(endTime) })}</Text>
        )}
        {/* Dark and underlined: the brand colour on the light orange falls short of 4.5:1 (axe). */}
        <Anchor component={Link} to={settingsHref} fz="sm" fw={600} c="dark.8" underline="always">
          {t('admin.maintenanceBanner.turnOff')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
