import {
  ApiErrorSchema,
  MarkAllNotificationsReadSchema,
  MarkNotificationReadSchema,
  NOTIFICATION_PATHS,
  NotificationIdParamsSchema,
  NotificationsPageSchema,
  NotificationsQuerySchema,
  UnreadNotificationsCountSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageResponse } from '../../platform/page-response.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import { userContext } from '../../platform/request-context.js';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationsUnreadCount,
} from './notifications.service.js';

const tags = ['notifications'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

// A user's own notifications (issue 6): each route reads or changes the signed-in user's only. After
// a mark, their open pages get the new unread count ('notifications.changed').
// What the notification routes use of the process's services.
export type NotificationsRouteDeps = { realtime: RealtimePublisher };

export async function notificationsRoutes(app: FastifyInstance, deps: NotificationsRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    NOTIFICATION_PATHS.list,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Your notifications, newest first; unread=true for the unread ones',
        querystring: NotificationsQuerySchema,
        response: { 200: NotificationsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { results, count } = await listNotifications(userContext(request), request.query);
      return pageResponse(request, results, count, request.query);
    },
  );

  api.get(
    NOTIFICATION_PATHS.unreadCount,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'How many of your notifications are unread',
        response: { 200: UnreadNotificationsCountSchema, ...errors },
      },
    },
    async (request) => notificationsUnreadCount(userContext(request)),
  );

  api.post(
    '/api/v1/notifications/:id/mark_as_read/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Mark one of your notifications read (404 for anyone else’s); idempotent',
        params: NotificationIdParamsSchema,
        response: { 200: MarkNotificationReadSchema, ...errors },
      },
    },
    async (request) => {
      const { result, events } = await markNotificationRead(userContext(request), request.params.id);
      deps.realtime.publish(events);
      return result;
    },
  );

  api.post(
    NOTIFICATION_PATHS.markAllRead,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Mark all your notifications read',
        response: { 200: MarkAllNotificationsReadSchema, ...errors },
      },
    },
    async (request) => {
      const { result, events } = await markAllNotificationsRead(userContext(request));
      deps.realtime.publish(events);
      return result;
    },
  );
}
