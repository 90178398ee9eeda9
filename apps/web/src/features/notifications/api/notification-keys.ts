// TanStack Query keys of the notifications area; the real-time client sets and invalidates them.
export type NotificationListParams = { page: number; unreadOnly: boolean };

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (params: NotificationListParams) => [...notificationKeys.lists(), params] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};
