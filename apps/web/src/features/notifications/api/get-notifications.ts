import { NOTIFICATION_PATHS, NotificationsPageSchema } from '@attest/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { type NotificationListParams, notificationKeys } from './notification-keys';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export function getNotifications({ page, unreadOnly }: NotificationListParams, signal?: AbortSignal) {
  return http.get(NOTIFICATION_PATHS.list, NotificationsPageSchema, {
    query: {
      limit: NOTIFICATIONS_PAGE_SIZE,
      offset: page * NOTIFICATIONS_PAGE_SIZE,
      unread: unreadOnly ? 'true' : undefined,
    },
    signal,
  });
}

export const notificationsQueryOptions = (params: NotificationListParams) =>
  queryOptions({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) => getNotifications(params, signal),
    // New ones arrive over the socket; a page opened again still asks once.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useNotifications(params: NotificationListParams) {
  return useQuery(notificationsQueryOptions(params));
}
