import { NOTIFICATION_PATHS, UnreadNotificationsCountSchema } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { notificationKeys } from './notification-keys';

export function getUnreadNotificationsCount(signal?: AbortSignal) {
  return http.get(NOTIFICATION_PATHS.unreadCount, UnreadNotificationsCountSchema, { signal });
}

// Asked once per session; afterwards the socket's notifications.changed keeps it current.
export const unreadNotificationsCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadNotificationsCount(signal),
  });

export function useUnreadNotificationsCount(enabled = true) {
  return useQuery({ ...unreadNotificationsCountQueryOptions(), enabled });
}
