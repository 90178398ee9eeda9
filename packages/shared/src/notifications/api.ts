import { z } from 'zod';
import { pageOf } from '../pagination.js';
import { EventGroupSchema, EventOutcomeSchema } from '../realtime/events.js';
import { text } from '../validators/input-limits.js';

// Issue 6: a user's notifications, kept so that the notifications page lists them with their read
// state, whether or not the browser was open when they happened. Live-only updates (someone else
// answering a field) are not notifications.
export const NOTIFICATION_PATHS = {
  list: '/api/v1/notifications/',
  unreadCount: '/api/v1/notifications/unread-count/',
  markRead: (id: number) => `/api/v1/notifications/${id}/mark_as_read/`,
  markAllRead: '/api/v1/notifications/mark_all_as_read/',
} as const;

// What happened to the user; the web app words each under notifications.kind.<kind>, with params.
export const NOTIFICATION_KINDS = [
  'mention', // params: { thread_id, message_id, target } someone mentioned you
  'thread_comment', // params: { thread_id, message_id, target } a comment on a thread you follow
  'integration_run', // params: { run_id, step_tag, step_name, connector } a run you started moved on
  'step_assigned', // params: { step_tag, step_name } someone else made you an assignee of a step
  'child_workflow_created', // params: { child_id, child_name } a child of your workflow was created
] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

export const NotificationLevelSchema = z.enum(['info', 'success', 'warning', 'error']);

export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: NotificationKindSchema,
  group: EventGroupSchema,
  outcome: EventOutcomeSchema.nullable(),
  level: NotificationLevelSchema,
  actor: z.object({ id: z.number().int(), name: text() }).nullable(),
  workflow: z.object({ id: z.number().int(), name: text() }).nullable(),
  params: z.record(text(), z.union([text(), z.number(), z.null()])),
  // Where the notification leads in the web app (a path), when somewhere.
  link: text().nullable(),
  is_read: z.boolean(),
  created_at: text(),
});
export type Notification = z.infer<typeof NotificationSchema>;
export const NotificationsPageSchema = pageOf(NotificationSchema);

export const NotificationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  unread: z.enum(['true', 'false']).optional(),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>;

export const NotificationIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53),
});
export const UnreadNotificationsCountSchema = z.object({ count: z.number().int() });
export const MarkNotificationReadSchema = z.object({ id: z.number().int(), is_read: z.literal(true) });
export const MarkAllNotificationsReadSchema = z.object({ marked: z.number().int() });
