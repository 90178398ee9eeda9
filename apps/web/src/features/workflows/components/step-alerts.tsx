import type { WorkflowAlert } from '@attest/shared';
import { Badge, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tagWords } from '../../../lib/format/tag-words';
import { RISK_COLORS } from '../utils/step-alerts';

// The alerts the step's answers raise, named as words with their risk level (spec 1 §3 alerts;
// spec 2 §4.1 risk levels).
export function StepAlerts({ alerts }: { alerts: readonly WorkflowAlert[] }) {
  const { t } = useTranslation();
  if (alerts.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" aria-label={t('process.row.alerts', { count: alerts.length })} role="list">
      {alerts.map((alert) => (
        <Badge
          key={alert.id}
          role="listitem"
          variant="light"
          color={RISK_COLORS[alert.cat_color_label]}
          leftSection={<IconAlertTriangle size={12} />}
          tt="none"
        >
          {t('process.step.alert', {
            alert: tagWords(alert.alert_tag),
            level: t(`process.risk.${alert.cat_color_label}`),
          })}
        </Badge>
      ))}
    </Group>
  );
}
