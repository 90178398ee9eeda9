import type { KindAlertCounts, KindCounts } from '@attest/shared';
import { Badge, Group, NavLink, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../components/user-text';
import { countLabel } from '../lib/count-label';
import { ALERT_COLOURS } from './alert-badges';
import { SidebarSection } from './sidebar-section';

type KindQueuesProps = {
  queues: KindCounts | undefined;
  queuesLoading: boolean;
  activeQueue: string | null;
  onQueue: ((stepGroupTag: string | null) => void) | null;
  // Undefined when the user may not view alerts (spec 1 §6 CAN_VIEW_ALERTS).
  alerts?: KindAlertCounts;
  alertsLoading?: boolean;
};

// Spec 1 §4: a chosen kind's task queues (open steps per step group) and its open alerts.
export function KindQueues({
  queues,
  queuesLoading,
  activeQueue,
  onQueue,
  alerts,
  alertsLoading,
}: KindQueuesProps) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <SidebarSection title={t('dashboard.sidebar.queues')}>
        {queuesLoading && <Skeleton h={28} />}
        {queues?.stepgroupdef_counts.length === 0 && (
          <Text size="sm" c="dimmed" px="xs">
            {t('dashboard.sidebar.noQueues')}
          </Text>
        )}
        {queues?.stepgroupdef_counts.map((queue) => (
          <NavLink
            component="button"
            key={queue.step_group_tag}
            label={<UserText>{queue.name}</UserText>}
            active={activeQueue === queue.step_group_tag}
            disabled={!onQueue}
            onClick={() => onQueue?.(activeQueue === queue.step_group_tag ? null : queue.step_group_tag)}
            variant="light"
            style={{ borderRadius: 6 }}
            rightSection={
              <Badge
                size="sm"
                variant={queue.count > 0 ? 'filled' : 'light'}
                color={queue.count > 0 ? 'brand' : 'gray'}
              >
                {countLabel(t, i18n.language, { count: queue.count, estimate: queue.count_is_estimate })}
              </Badge>
            }
          />
        ))}
      </SidebarSection>
      {(alerts || alertsLoading) && (
        <SidebarSection title={t('dashboard.sidebar.alerts')}>
          {alertsLoading && <Skeleton h={28} />}
          {alerts?.alert_details.length === 0 && (
            <Text size="sm" c="dimmed" px="xs">
              {t('dashboard.sidebar.noAlerts')}
            </Text>
          )}
          {alerts?.alert_details.map((alert) => (
            <Group
              key={`${alert.alert_tag}-${alert.cat_color_label}`}
              justify="space-between"
              px="xs"
              py={4}
              wrap="nowrap"
            >
              <Group gap={8} wrap="nowrap">
                <Badge size="xs" color={ALERT_COLOURS[alert.cat_color_label]} variant="filled" w={20} p={0}>
                  {alert.cat_color_label}
                </Badge>
                <Text size="sm" truncate>
                  {alert.alert_tag.replaceAll('_', ' ')}
                </Text>
              </Group>
              <Text size="sm" fw={600}>
                {countLabel(t, i18n.language, { count: alert.count, estimate: alert.count_is_estimate })}
              </Text>
            </Group>
          ))}
        </SidebarSection>
      )}
    </>
  );
}
