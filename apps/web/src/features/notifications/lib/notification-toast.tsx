import type { Notification } from '@attest/shared';
import { Anchor } from '@mantine/core';
import { isolate } from '../../../components/user-text';
import { i18n } from '../../../lib/i18n/i18n';
import { toast } from '../../../lib/notifications/toast';
import { integrationRunToastId } from '../../../lib/notifications/toast-ids';
import {
  notificationKey,
  notificationText,
  notificationValues,
  outcomeLabelKey,
  toastToneOf,
} from './notification-text';

// A new notification as a toast at its level (spec 1 §4): titled with its outcome (spec 1 §3) when
// it has one, else with what happened; the workflow's name below, and a link to where it leads.
export function showNotificationToast(notification: Notification, navigate: (path: string) => void): void {
  const { link, workflow } = notification;
  const id =
    (notification.kind === 'integration_run'
      ? integrationRunToastId(notification.params.run_id, notification.outcome)
      : undefined) ?? `notification-${notification.id}`;
  const outcome = outcomeLabelKey(notification.outcome);
  const text = notificationText(notification, i18n.t);
  const workflowName = workflow ? isolate(workflow.name) : undefined;
  const message = outcome ? [text, workflowName].filter(Boolean).join(' · ') : workflowName;
  toast.at(toastToneOf(notification), outcome ?? notificationKey(notification), {
    id,
    values: outcome ? undefined : notificationValues(notification, i18n.t),
    message,
    action: link ? (
      <Anchor component="button" type="button" fz="sm" display="block" mt={4} onClick={() => navigate(link)}>
        {i18n.t('notifications.view')}
      </Anchor>
    ) : undefined,
  });
}
