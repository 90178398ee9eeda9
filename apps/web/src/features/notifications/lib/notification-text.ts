import { type Notification, notificationLevel, OUTCOME_LABEL_KEYS } from '@attest/shared';
import type { TFunction } from 'i18next';
import { isolate } from '../../../components/user-text';
import { connectorLabel } from '../../../lib/format/connector-label';
import type { ToastTone } from '../../../lib/notifications/toast';

// What a notification's sentence is worded with: its params, who did it and the workflow. Names
// (a person, a workflow, a step) are isolated: the sentence takes the page's direction and each name
// its own, so in Arabic "Orbital Systems Corp." keeps its full stop at its end.
export function notificationValues(
  notification: Notification,
  t: TFunction,
): Record<string, string | number> {
  const { params, actor, workflow } = notification;
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    values[key] = typeof value === 'string' ? isolate(value) : (value ?? '');
  }
  // An integration is named by its label, never by its connector tag.
  if (typeof params.connector === 'string') values.connector = connectorLabel(params.connector, t);
  return {
    ...values,
    actor: actor ? isolate(actor.name) : t('notifications.system'),
    workflow: isolate(workflow?.name),
  };
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
