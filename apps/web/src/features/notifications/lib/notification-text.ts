import { type Notification, notificationLevel, OUTCOME_LABEL_KEYS } from '@attest/shared';
import type { TFunction } from 'i18next';
import { connectorLabel } from '../../../lib/format/connector-label';
import type { ToastTone } from '../../../lib/notifications/toast';

// What a notification's sentence is worded with: its params, who did it and the workflow.
export function notificationValues(
  notification: Notification,
  t: TFunction,
): Record<string, string | number> {
  const { params, actor, workflow } = notification;
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) values[key] = value ?? '';
  // An integration is named by its label, never by its connector tag.
  if (typeof params.connector === 'string') values.connector = connectorLabel(params.connector, t);
  return { ...values, actor: actor?.name ?? t('notifications.system'), workflow: workflow?.name ?? '' };
}

export const notificationKey = (notification: Notification) => `notifications.kind.${notification.kind}`;

// The sentence of a notification, worded per kind with its params and who did it.
export function notificationText(notification: Notification, t: TFunction): string {
  return t(notificationKey(notification), notificationValues(notification, t));
}

// Spec 1 §4: the outcome decides the level (started info, finished or completed success, queued
// warning, failed error); a notification without an outcome (a mention) keeps the server's level.
export function toastToneOf(notification: Pick<Notification, 'outcome' | 'level'>): ToastTone {
  return notification.outcome ? notificationLevel(notification.outcome) : notification.level;
}

// Spec 1 §3: Success, Running, Queued, Failed.
export function outcomeLabelKey(outcome: Notification['outcome']): string | null {
  return outcome ? `realtime.outcome.${OUTCOME_LABEL_KEYS[outcome]}` : null;
}
