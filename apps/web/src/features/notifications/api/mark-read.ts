import {
  MarkAllNotificationsReadSchema,
  MarkNotificationReadSchema,
  NOTIFICATION_PATHS,
  type Notification,
  type NotificationsPageSchema,
} from '@attest/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/api/http-client';
import { toast } from '../../../lib/notifications/toast';
import { notificationKeys } from './notification-keys';

type NotificationsPage = z.infer<typeof NotificationsPageSchema>;

export function markNotificationRead(id: number) {
  return http.post(NOTIFICATION_PATHS.markRead(id), {}, MarkNotificationReadSchema);
}

export function markAllNotificationsRead() {
  return http.post(NOTIFICATION_PATHS.markAllRead, {}, MarkAllNotificationsReadSchema);
}

// Marks the cached rows read at once, so the dot goes away as the click lands.
function setReadInLists(queryClient: QueryClient, isRead: (n: Notification) => boolean) {
  queryClient.setQueriesData<NotificationsPage>({ queryKey: notificationKeys.lists() }, (page) =>
    page
      ? { ...page, results: page.results.map((n) => (!n.is_read && isRead(n) ? { ...n, is_read: true } : n)) }
      : page,
  );
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notification: Notification) => markNotificationRead(notification.id),
    onMutate: (notification) => {
      if (notification.is_read) return;
      setReadInLists(queryClient, (n) => n.id === notification.id);
      queryClient.setQueryData<{ count: number }>(notificationKeys.unreadCount(), (c) =>
        c ? { count: Math.max(0, c.count - 1) } : c,
      );
    },
    onError: () => toast.error('notifications.markReadFailed', { id: 'notifications-mark-read-failed' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      setReadInLists(queryClient, () => true);
      queryClient.setQueryData(notificationKeys.unreadCount(), { count: 0 });
    },
    onError: () => toast.error('notifications.markReadFailed', { id: 'notifications-mark-read-failed' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
