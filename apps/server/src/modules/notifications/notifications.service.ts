import type { Notification, NotificationsQuery } from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import type { OutgoingEvent } from '../../platform/realtime/realtime-publisher.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import {
  findUserNotification,
  markUnreadNotificationsRead,
  notificationsChangedEvent,
  notificationsPage,
  setNotificationRead,
  toNotification,
  unreadNotificationsCount,
} from './notifications.repository.js';

// The signed-in user's notifications, newest first; ?unread=true for the unread ones only.
export function listNotifications(
  ctx: UserContext,
  query: NotificationsQuery,
): Promise<{ results: Notification[]; count: number }> {
  const userId = ctx.auth.user.id;
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await notificationsPage(tx, userId, {
      unreadOnly: query.unread === 'true',
      limit: query.limit,
      offset: query.offset,
    });
    return { results: rows.map(toNotification), count };
  });
}

export function notificationsUnreadCount(ctx: UserContext) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => ({
    count: await unreadNotificationsCount(tx, ctx.auth.user.id),
  }));
}

// Marks one of the user's own notifications read; idempotent (read_at keeps the first read). 404 for
// anyone else's, another tenant's, or one about a workflow they can no longer see.
export function markNotificationRead(ctx: UserContext, id: number) {
  const userId = ctx.auth.user.id;
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await findUserNotification(tx, userId, String(id));
    if (!row) throw new NotFoundError();
    if (row.read_at === null) {
      await setNotificationRead(tx, row.id);
    }
    const events: OutgoingEvent[] = [
      notificationsChangedEvent(ctx.tenant.id, userId, await unreadNotificationsCount(tx, userId)),
    ];
    return { result: { id: Number(row.id), is_read: true as const }, events };
  });
}

// Marks all the user's unread notifications read; answers how many it marked.
export function markAllNotificationsRead(ctx: UserContext) {
  const userId = ctx.auth.user.id;
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const marked = await markUnreadNotificationsRead(tx, userId);
    const events: OutgoingEvent[] = [
      notificationsChangedEvent(ctx.tenant.id, userId, await unreadNotificationsCount(tx, userId)),
    ];
    return { result: { marked: marked.length }, events };
  });
}
